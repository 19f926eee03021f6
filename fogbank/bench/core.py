"""Dardanelles turns resolved per second on one core, with the bot's orders fixed in advance.

Prints JSON: turns/s for the full `core.submit` path (check, resolve, crew log) and, as a
baseline measured in the same run, the cost of only copying the state the same number of times
(attrs.evolve of the game), with the ratio. Goal: 10,000 turns/s or more.
"""

from __future__ import annotations

import json
import sys
import time

import attrs
from fogbank.rules import core
from fogbank.rules.core import find_ruleset


def main(games: int = 300) -> dict:
    rules = find_ruleset("dardanelles")
    seat = "submarine"
    plan = [
        {"course": "E", "speed": 0, "level": "bottom"},
        {"course": "E", "speed": 3, "level": "bottom"},
        {"course": "NE", "speed": 3, "level": "bottom"},
        {"course": "NE", "speed": 2, "level": "bottom"},
        {"course": "N", "speed": 0, "level": "periscope"},
        {"course": "SW", "speed": 1, "level": "periscope"},
    ] + [{"course": "SW", "speed": 2, "level": "surface"}] * 30
    orders = [rules.parse_order(seat, p) for p in plan]
    turns = 0
    started = time.perf_counter()
    for n in range(games):
        game = core.start(rules, "b11", n.to_bytes(32, "big"))
        for order in orders:
            if game.state.ended:
                break
            try:
                game = core.submit(game, seat, order).game
            except core.Refused:
                game = core.release(game).game
            turns += 1
    elapsed = time.perf_counter() - started
    baseline_started = time.perf_counter()
    game = core.start(rules, "b11", b"\0" * 32)
    for n in range(turns):
        game = attrs.evolve(game, state=attrs.evolve(game.state, turn=n))
    baseline = time.perf_counter() - baseline_started
    return {
        "turns": turns,
        "seconds": round(elapsed, 3),
        "turns_per_second": round(turns / elapsed),
        "baseline_state_copies_per_second": round(turns / baseline),
        "ratio_to_baseline": round((turns / elapsed) / (turns / baseline), 4),
        "goal_turns_per_second": 10_000,
    }


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)))

"""Turns resolved per second on one core, with the orders fixed in advance.

    python -m fogbank.bench.core [GAMES] [SCENARIO ...]

The orders are those the ruleset's built-in players gave in one game of the scenario (played
before the clock starts), given again, in order, in GAMES games of other seeds; an order the
rules refuse there is replaced by the umpire releasing the phase. A turn is counted each time a
game's turn number moves on (a turn of several phases and seats counts once). Prints a JSON line
per scenario (by default a submarine game and a surface game of 20+ units): turns/s for the
full `core.submit` path (check, resolve, crew log) and, as a baseline measured in the same run,
the cost of only copying the state the same number of times (attrs.evolve of the game), with
the ratio. Goal: 10,000 turns/s or more.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import attrs

from fogbank.cli.parser import Parser, count
from fogbank.cli.parser import scenario as known_scenario
from fogbank.rules import core
from fogbank.rules.record.simulate import play_bot_game

SCENARIOS = ("b11", "gallipoli")


def planned_orders(scenario: str) -> list[tuple[str, Any]]:
    """The orders the built-in players gave in one game of `scenario`: (seat, parsed order)."""
    ruleset, _ = core.find_scenario(scenario)
    return [
        (record["seat"], ruleset.parse_order(record["seat"], record["order"]))
        for record in play_bot_game(scenario, bytes(32))
        if record["type"] == "input" and record["input"] == "order"
    ]


def main(games: int = 300, scenario: str = SCENARIOS[0]) -> dict:
    rules, name = core.find_scenario(scenario)
    plan = planned_orders(scenario)
    turns = 0
    started = time.perf_counter()
    for n in range(games):
        game = core.start(rules, name, n.to_bytes(32, "big"))
        for seat, order in plan:
            if game.state.ended:
                break
            before = game.state.turn
            try:
                game = core.submit(game, seat, order).game
            except core.Refused:
                game = core.release(game).game
            turns += game.state.turn - before
    elapsed = time.perf_counter() - started
    baseline_started = time.perf_counter()
    game = core.start(rules, name, b"\0" * 32)
    for n in range(turns):
        game = attrs.evolve(game, state=attrs.evolve(game.state, turn=n))
    baseline = time.perf_counter() - baseline_started
    return {
        "scenario": f"{rules.name}/{name}",
        "turns": turns,
        "seconds": round(elapsed, 3),
        "turns_per_second": round(turns / elapsed),
        "baseline_state_copies_per_second": round(turns / baseline),
        "ratio_to_baseline": round((turns / elapsed) / (turns / baseline), 4),
        "goal_turns_per_second": 10_000,
    }


def _arguments() -> argparse.Namespace:
    parser = Parser(prog="python -m fogbank.bench.core", description=__doc__.partition("\n")[0])
    parser.add_argument("games", nargs="?", type=count, default=300, help="games of each scenario")
    parser.add_argument(
        "scenarios", nargs="*", type=known_scenario, default=SCENARIOS, help=f"what they play (default: {' '.join(SCENARIOS)})"
    )
    return parser.parse_args()


if __name__ == "__main__":
    arguments = _arguments()
    for name in arguments.scenarios:
        print(json.dumps(main(arguments.games, name)))

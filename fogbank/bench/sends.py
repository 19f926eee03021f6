"""How many times a player presses Send a turn, with and without the pass of a seat that has
nothing to order (issue 37: a club's game over days asks for a decision, not a ritual).

    python -m fogbank.bench.sends [GAMES] [SCENARIO[:OPTION=VALUE,...] ...]

Plays GAMES games of each scenario with the standard players in every seat (`fogbank simulate`'s
games), replays their logs, and before each order asks the rules whether that seat had anything
to order (`core.has_nothing_to_order`, from its own view): such an order is the server's pass,
not a Send. Prints a JSON line a scenario: Sends a seat a turn before (every order a phase asked
for) and after (those left to a player), and how many of the phases asked for were passed over.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from fogbank.rules import core
from fogbank.rules.record.replay import apply_input, start
from fogbank.rules.record.simulate import game_seed, play_bot_game

SCENARIOS = ("river_plate", "river_plate:night=true", "river_plate:seats=side", "gallipoli", "cape_esperance",
             "dogger_bank", "black_sea", "b11")


def sends(scenario: str, options: dict[str, Any], games: int) -> dict[str, Any]:
    asked = passed = seat_turns = 0
    for number in range(games):
        seed = game_seed("sends", number)
        records = list(play_bot_game(scenario, seed, options=options or None))
        game = start(records[0], seed)
        for record in records:
            if record["type"] != "input":
                continue
            if record["input"] == "order":
                asked += 1
                passed += core.has_nothing_to_order(game, record["seat"])
            game = apply_input(game, record).game
        seat_turns += len(game.ruleset.seat_names(game.state)) * game.state.turn
    return {
        "scenario": scenario, "options": options, "games": games,
        "sends_a_seat_a_turn_before": round(asked / seat_turns, 2),
        "sends_a_seat_a_turn_after": round((asked - passed) / seat_turns, 2),
        "phases_passed_over": round(passed / asked, 3) if asked else 0.0,
    }


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv and argv[0].isdigit() else 10
    named = [a for a in argv if not a.isdigit()] or list(SCENARIOS)
    for given in named:
        scenario, _, rest = given.partition(":")
        options = {}
        for pair in filter(None, rest.split(",")):
            name, _, value = pair.partition("=")
            options[name] = {"true": True, "false": False}.get(value, value)
        print(json.dumps(sends(scenario, options, games)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

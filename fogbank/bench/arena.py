"""CPU seconds an arena game takes, by scenario, with the standard players on every side.

    python -m fogbank.bench.arena [GAMES] [SCENARIO ...] [--option NAME=VALUE ...] [--seed S]

Plays GAMES games of each scenario in this one process, as `fogbank arena SCENARIO --seed S
--jobs 1` plays them (the same games, the same results), and times the process's CPU, not the
wall clock: the machine is shared. As a baseline measured in the same run, the same games are
played again from their logged inputs alone (the rules without the players, and without fighting
any battle a game hands elsewhere: its settled result is an input), and the ratio says how many
times the rules' own cost a whole game takes. Prints a JSON line per scenario, with the time 200
games would take at this pace on 2 cores (issue 23's goal: 200 games in under 5 minutes), and
the process's peak memory after the first game and after the last.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from typing import Any, Mapping

from fogbank.cli.parser import Parser, count
from fogbank.cli.parser import scenario as known_scenario
from fogbank.rules import core
from fogbank.rules.core.game import check_options
from fogbank.rules.record import arena, replay
from fogbank.rules.record.simulate import game_seed
from fogbank.server.app import parse_options

SCENARIOS = ("dogger_bank", "cape_esperance", "gallipoli")
GOAL_GAMES, GOAL_CORES, GOAL_SECONDS = 200, 2, 300


def main(games: int = 12, scenario: str = SCENARIOS[0], options: Mapping[str, Any] | None = None,
         seed: str = "1") -> dict[str, Any]:
    ruleset, name = core.find_scenario(scenario)
    options = check_options(ruleset, name, dict(options or {}))
    core.start(ruleset, name, bytes(32), options or None)  # tables and charts load before the clock starts
    logs: list[list[dict[str, Any]]] = []
    started = time.process_time()
    first_game_mb = 0.0
    for number in range(games):
        logs.append([])
        arena.play(f"{ruleset.name}/{name}", seed, number, options, log=logs[-1].append)
        if number == 0:
            first_game_mb = _peak_mb()
    played = time.process_time() - started
    all_games_mb = _peak_mb()
    started = time.process_time()
    for number, log in enumerate(logs):
        game = replay.start(log[0], game_seed(seed, number))
        for _ in replay.replay(game, [r for r in log if r["type"] == "input"]):
            pass
    rules = time.process_time() - started
    return {
        "scenario": f"{ruleset.name}/{name}",
        "options": options,
        "games": games,
        "cpu_seconds_a_game": round(played / games, 3),
        "rules_alone_cpu_seconds_a_game": round(rules / games, 3),
        "ratio_to_rules_alone": round(played / max(rules, 1e-9), 2),
        "goal_games_seconds_on_cores": round(GOAL_GAMES * played / games / GOAL_CORES, 1),
        "goal_seconds": GOAL_SECONDS,
        # The process's peak memory after one game and after all: what the players keep between
        # games (their caches) shows as growth, which should level off, not climb with every game.
        "peak_mb_after_one_game": first_game_mb,
        "peak_mb_after_all_games": all_games_mb,
    }


def _peak_mb() -> float:
    """The process's peak resident memory so far, in MB (ru_maxrss is in kB on Linux)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _arguments() -> argparse.Namespace:
    parser = Parser(prog="python -m fogbank.bench.arena", description=__doc__.partition("\n")[0])
    parser.add_argument("games", nargs="?", type=count, default=12, help="games of each scenario (default: 12)")
    parser.add_argument(
        "scenarios", nargs="*", type=known_scenario, default=SCENARIOS, help=f"what they play (default: {' '.join(SCENARIOS)})"
    )
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option every scenario named offers (repeatable), e.g. --option battles=hex")
    parser.add_argument("--seed", default="1", help="the arena's seed (default: 1)")
    arguments = parser.parse_args()
    try:
        arguments.option = parse_options(arguments.option)
        for name in arguments.scenarios:
            check_options(*core.find_scenario(name), arguments.option)
    except (ValueError, core.Refused) as error:
        parser.error(getattr(error, "sentence", None) or str(error))
    return arguments


if __name__ == "__main__":
    arguments = _arguments()
    for name in arguments.scenarios:
        print(json.dumps(main(arguments.games, name, arguments.option, arguments.seed)), flush=True)

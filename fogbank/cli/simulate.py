"""`fogbank simulate`: headless bot games, a log file each, a JSON summary line each."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterator

from fogbank.rules import core
from fogbank.rules.core.game import check_options
from fogbank.rules.record.simulate import game_seed, play_bot_game
from fogbank.server.app import parse_options

from .private import private_writer


def run(args: argparse.Namespace) -> int:
    try:
        options = parse_options(args.option)
        for summary in simulate(args.scenario, args.seed, args.games, args.logs, options):
            print(json.dumps(summary), flush=True)
    except (ValueError, core.Refused) as error:
        print(f"fogbank simulate: {getattr(error, 'sentence', None) or error}", file=sys.stderr)
        return 2
    except LookupError as error:
        print(f"fogbank: {error.args[0]}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"fogbank simulate: cannot write the logs in {args.logs}: {error.strerror}", file=sys.stderr)
        return 2
    return 0


def simulate(
    scenario: str, seed: str, games: int, logs: Path, options: dict[str, Any] | None = None
) -> Iterator[dict[str, Any]]:
    """Run `games` bot games; yield one summary per game (and write each game's log)."""
    logs.mkdir(parents=True, exist_ok=True)
    ruleset, found = core.find_scenario(scenario)  # fail early on a bad scenario name
    check_options(ruleset, found, options or {})  # and on options it does not take
    for number in range(games):
        game_secret = game_seed(seed, number)
        path = logs / f"{scenario.replace('/', '-')}-{seed}-{number}.jsonl"
        end: dict[str, Any] = {}
        # The log holds the seed and every hidden thing: readable by its owner alone, like the store.
        with private_writer(path) as log:
            for record in play_bot_game(scenario, game_secret, options=options):
                log.write(json.dumps(record, separators=(",", ":")) + "\n")
                if record["type"] == "end":
                    end = record
        yield {
            "seed": seed,
            "game": number,
            "game_seed": game_secret.hex(),
            "outcome": outcome(end),
            "reason": end.get("reason"),
            "turns": core.turns_played(ruleset.phases, end.get("turn", 1), end.get("phase", "")),
            "log": str(path),
        }


def outcome(end: dict[str, Any]) -> Any:
    """A game's end record's result: the one side's result, or {side: result} when there are more."""
    if "result" in end:  # logs written before results were kept a side
        return end["result"]
    results = end.get("results") or {}
    return next(iter(results.values())) if len(results) == 1 else results or None

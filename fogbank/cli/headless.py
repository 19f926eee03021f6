"""`fogbank play --headless`: the built-in players play, and the game is told as it goes (CI's
smoke run): what the players are told, and what only the umpire sees."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any

from fogbank.rules.core import UMPIRE
from fogbank.rules.record.simulate import game_seed, play_bot_game
from fogbank.server.app import parse_options

from .simulate import outcome


def play_headless(args: argparse.Namespace) -> int:
    seed = game_seed(args.seed, 0) if args.seed else secrets.token_bytes(32)
    path = args.data / f"play-{args.scenario.replace('/', '-')}-{seed.hex()[:12]}.jsonl"
    try:
        args.data.mkdir(parents=True, exist_ok=True)
        log = path.open("w")
    except OSError as error:
        print(f"fogbank play: cannot write the game's log in {args.data}: {error.strerror}", file=sys.stderr)
        return 2
    with log:
        for record in play_bot_game(args.scenario, seed, options=parse_options(args.option)):
            log.write(json.dumps(record) + "\n")
            tell(record)
    print(f"\nThe game's log: {path}\nCheck its dice: fogbank verify {path}")
    return 0


def tell(record: dict[str, Any]) -> None:
    """Print a log record as a spectator would want it told (rolls are left to `verify`)."""
    kind = record["type"]
    if kind == "game":
        print(f"{record['ruleset']} / {record['scenario']}; dice commitment {record['commitment'][:16]}...")
    elif kind == "input" and record["input"] == "order":
        print(f"\nTurn {record['turn']}: {record['seat']} ordered {_words(record.get('order', {}))}")
    elif kind == "input":
        print(f"\nTurn {record['turn']}: the umpire's {record['input']}")
    elif kind == "event":
        who = "player" if set(record["audience"]) - {UMPIRE} else "umpire"
        print(f"  [{who}] {record['text']}")
    elif kind == "end":
        result = outcome(record)
        if isinstance(result, dict):
            result = ", ".join(f"{side}: {won}" for side, won in result.items())
        print(f"\n{(result or '').upper()}: {record['reason']}\nSeed revealed: {record['seed']}")


def _words(order: dict[str, Any]) -> str:
    """An order payload in a line: its fields in the ruleset's own order, maps as JSON."""
    return ", ".join(
        f"{name} {json.dumps(value) if isinstance(value, (dict, list)) else value}"
        for name, value in order.items()
        if value is not None
    )

"""`fogbank simulate`: headless bot games, a log file each, a JSON summary line each."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

from fogbank.rules import core
from fogbank.rules.record.simulate import game_seed, play_bot_game


def simulate(scenario: str, seed: str, games: int, logs: Path) -> Iterator[dict[str, Any]]:
    """Run `games` bot games; yield one summary per game (and write each game's log)."""
    logs.mkdir(parents=True, exist_ok=True)
    core.find_scenario(scenario)  # fail early on a bad scenario name
    for number in range(games):
        game_secret = game_seed(seed, number)
        path = logs / f"{scenario.replace('/', '-')}-{seed}-{number}.jsonl"
        end: dict[str, Any] = {}
        with path.open("w") as log:
            for record in play_bot_game(scenario, game_secret):
                log.write(json.dumps(record, separators=(",", ":")) + "\n")
                if record["type"] == "end":
                    end = record
        yield {
            "seed": seed,
            "game": number,
            "game_seed": game_secret.hex(),
            "outcome": end.get("result"),
            "reason": end.get("reason"),
            "turns": end.get("turn", 1) - 1,
            "log": str(path),
        }

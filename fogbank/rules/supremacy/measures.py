"""What the arena counts of a River Plate game: the choices the rules offer a captain, read from the
orders and questions in the log (so saved logs count again), and the score from the truth."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping

RULES = {
    "smoke": "smoke laid (a ship's turn of it)",
    "chase": "splash chased",
    "half_salvo": "half salvos chosen",
    "split": "secondaries split between two targets",
    "torpedoes": "torpedo spreads fired",
    "questions": "roster questions asked",
}
NIGHT = {"searchlights": "searchlights burned"}


def offered(options: Mapping[str, Any]) -> dict[str, str]:
    return {**RULES, **(NIGHT if options.get("night") else {})}


def used(record: Mapping[str, Any]) -> Iterable[str]:
    """The rules one log record shows in use, once per use."""
    if record.get("type") != "input":
        return ()
    if record.get("input") == "ask":
        return ("questions",)
    if record.get("input") not in ("order", "amend"):
        return ()
    ships = (record.get("order") or {}).get("ships") or {}
    found: list[str] = []
    for given in ships.values() if isinstance(ships, Mapping) else ():
        if not isinstance(given, Mapping):
            continue
        moves = [given["move"]] if isinstance(given.get("move"), str) else given.get("moves") or []
        for move in (m for m in moves if isinstance(m, str)):
            words = move.split()
            found += ["smoke"] * ("LS" in words) + ["chase"] * ("CS" in words)
        fire = [f for f in given.get("fire") or () if isinstance(f, Mapping)]
        found += ["half_salvo" for f in fire if f.get("half")]
        groups = Counter(f.get("group") for f in fire)
        found += ["split" for count in groups.values() if count > 1]
        found += ["torpedoes" for _ in given.get("torpedoes") or ()]
        if "searchlight" in given:
            found.append("searchlights")
    return found

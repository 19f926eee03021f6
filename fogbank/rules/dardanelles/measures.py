"""What the arena counts of a Dardanelles game: the player's choices the rules offer, read from the
log, and the score (vessels sunk; the boat lost) from the truth."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from fogbank.rules.core import GameState, Tally

from .events import BRITISH, SUBMARINE

RULES = {
    "periscope": "hours at periscope depth",
    "bottom": "hours on the bottom",
    "two_legs": "two-leg orders",
    "torpedoes": "torpedo attacks",
    "fix": "landmark fixes",
    "plot": "plots moved by hand",
}


def rules_used(record: Mapping[str, Any]) -> Iterable[str]:
    if record.get("type") != "input" or record.get("input") != "order" or record.get("seat") != SUBMARINE:
        return ()
    order = record.get("order") or {}
    used = []
    if order.get("level") in ("periscope", "bottom"):
        used.append(order["level"])
    if len(order.get("legs") or ()) > 1:
        used.append("two_legs")
    if order.get("fire"):
        used.append("torpedoes")
    if order.get("fix"):
        used.append("fix")
    if order.get("plot"):
        used.append("plot")
    return used


def tally(state: GameState) -> Tally:
    board = state.board
    return Tally(
        points={BRITISH: float(sum(1 for v in board.vessels if v.sunk))},
        lost={BRITISH: 0 if board.boat.afloat else 1},
    )

"""What a ship can see at the end of movement (4.3), and what blocks a line of fire (4.9).

A ship sees another within the scenario's maximum visibility when the line between their front
funnels crosses no smoke line and no part of a model whose funnel is within 6 inches of the
observer. Sight is judged only on the positions at the end of the movement phase.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from .geometry import NAUTICAL_MILE, Point, crosses, crosses_path, within
from .ships import Ship, ShipClass


def blocked(looker: Ship, target: Ship, ships: Iterable[Ship], classes: Mapping[str, ShipClass],
            smoke: Iterable[tuple[Point, ...]]) -> bool:
    """Whether the line from looker to target is blocked by smoke or by a ship close to the looker."""
    for line in smoke:
        if crosses_path(looker.at, target.at, line):
            return True
    for other in ships:
        if other.sunk or other.name in (looker.name, target.name):
            continue
        if within(looker.at, other.at, NAUTICAL_MILE):
            bow, stern = other.model(classes[other.cls])
            if crosses(looker.at, target.at, bow, stern):
                return True
    return False


def sees(looker: Ship, target: Ship, ships: Iterable[Ship], classes: Mapping[str, ShipClass],
         smoke: Iterable[tuple[Point, ...]], visibility: int) -> bool:
    """Whether `looker` sees `target` (visibility in inches)."""
    if looker.sunk or target.sunk or looker.name == target.name:
        return False
    if not within(looker.at, target.at, visibility * 10):
        return False
    return not blocked(looker, target, ships, classes, smoke)

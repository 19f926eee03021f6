"""What a ship can see at the end of movement (4.3), and what blocks a line of fire (4.9).

A ship sees another within the scenario's maximum visibility when the line between their front
funnels crosses no smoke line, no land (low land a scenario may fire over is not drawn as land),
and no part of a model whose funnel is within 6 inches of the observer. Sight is judged only on the positions at the end of the movement phase.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from .geometry import NAUTICAL_MILE, Point, crosses, crosses_path, within
from .ships import Ship, ShipClass


def blocked(looker: Ship, target: Ship, ships: Iterable[Ship], classes: Mapping[str, ShipClass],
            smoke: Iterable[tuple[Point, ...]], land: Iterable[tuple[Point, ...]] = ()) -> bool:
    """Whether the line from looker to target is blocked by smoke, land, or a ship close to the looker."""
    for coast in land:  # a closed outline: its last point joins its first
        if crosses_path(looker.at, target.at, (*coast, coast[0])):
            return True
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
         smoke: Iterable[tuple[Point, ...]], visibility: int, land: Iterable[tuple[Point, ...]] = ()) -> bool:
    """Whether `looker` sees `target` (visibility in inches)."""
    if looker.sunk or target.sunk or looker.name == target.name:
        return False
    if not within(looker.at, target.at, visibility * 10):
        return False
    return not blocked(looker, target, ships, classes, smoke, land)

"""What a ship can see at the end of movement (4.3), and what blocks a line of fire (4.9).

A ship sees another within the scenario's maximum visibility when the line between their front
funnels crosses no smoke line (touching one only where it ends at either funnel is no crossing),
no land (low land a scenario may fire over is not drawn as land), and no part of a model whose
funnel is within 6 inches of the observer. Sight is judged on the positions at the end of the
movement phase; a ship caught in a searchlight is seen as far as by day.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from .geometry import NAUTICAL_MILE, Point, crosses, crosses_between, crosses_path, within
from .scenario import load_scenario, ship_classes
from .ships import Ship, ShipClass


def blocked(looker: Ship, target: Ship, ships: Iterable[Ship], classes: Mapping[str, ShipClass],
            smoke: Iterable[tuple[Point, ...]], land: Iterable[tuple[Point, ...]] = ()) -> bool:
    """Whether the line from looker to target is blocked by smoke, land, or a ship close to the looker."""
    for coast in land:  # a closed outline: its last point joins its first
        if crosses_path(looker.at, target.at, (*coast, coast[0])):
            return True
    for line in smoke:  # crossed, not touched where it ends at a funnel (2.11)
        if crosses_between(looker.at, target.at, line):
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


def visibility(state) -> int:
    """The maximum visibility in inches: the umpire's if set, else the scenario's by day or night."""
    if state.board is not None and state.board.visibility is not None:
        return state.board.visibility
    scenario = load_scenario(state.scenario)
    return scenario.night_visibility if state.options.get("night") else scenario.visibility


def reach(state, target: Ship) -> int:
    """How far (inches) a ship may be seen: by day's light when a searchlight is on her."""
    return load_scenario(state.scenario).visibility if target.name in state.board.lit else visibility(state)


def looking(state, looker: Ship, target: Ship) -> bool:
    """Whether `looker` sees `target` on the table as it now stands."""
    board = state.board
    return sees(looker, target, board.ships, ship_classes(), board.smoke, reach(state, target),
                load_scenario(state.scenario).land)


def watchers(state, name: str) -> frozenset[str]:
    """The seats, her own among them, whose ships see the ship `name` now: who sees her sink,
    a torpedo strike her, or run aground."""
    board = state.board
    target = board.ship(name)
    return frozenset({board.seat_of(name)}) | {
        seat for seat, own in board.seats.items()
        if any(looking(state, board.ship(n), target) for n in own if n != name)
    }

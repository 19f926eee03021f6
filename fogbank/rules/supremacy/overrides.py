"""The umpire's overrides: what an umpire at the table may change by hand, for a reason that goes
in the record. Seats are never told of an override (the core's event is the umpire's); what it
changes shows in their views as the table now stands: own ships at once, enemies at the next sight."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fogbank.rules.core import GameState, OverrideApplied, Refused, Resolution, fields
from fogbank.rules.core.copies import evolve

from .board import Board
from .scenario import ship_classes
from .victory import decide

KINDS = ("move_ship", "set_damage", "remove_ship", "set_visibility")
MOST_VISIBILITY = 200  # inches: beyond any table


def parse_override(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The override as a plain map, its fields' types checked; its figures are checked on the board."""
    if not isinstance(payload, Mapping) or not fields.one_of(payload.get("kind"), KINDS):
        raise Refused("unknown_override", f"Overrides are one of: {', '.join(KINDS)}.")
    for key in ("course", "speed", "damage", "inches"):
        if key in payload:
            fields.whole(payload[key], "bad_override", f"{key!r} must be a whole number.")
    if "ship" in payload:
        fields.text(payload["ship"], "bad_override", "'ship' must be a ship's name.")
    if "at" in payload:
        at = "'at' is [x, y] in tenths of an inch, whole numbers."
        if len(fields.listed(payload["at"], "bad_override", at)) != 2:
            raise Refused("bad_override", at)
        for v in payload["at"]:
            fields.whole(v, "bad_override", at)
    return dict(payload)


def apply_override(state: GameState, override: Mapping[str, Any], reason: str) -> Resolution:
    """The truth changed as the umpire says, or `Refused` with a code and the figures allowed."""
    board: Board = state.board
    kind = override["kind"]
    if kind == "set_visibility":
        inches = override.get("inches")
        if inches is None or not 0 <= inches <= MOST_VISIBILITY:
            raise Refused("bad_override", f"Visibility is a number of inches, 0 to {MOST_VISIBILITY}.")
        board, what = evolve(board, visibility=inches), f"visibility set to {inches} inches"
    else:
        name = override.get("ship")
        if name not in {s.name for s in board.ships}:
            raise Refused("unknown_ship", f"There is no ship {name!r} in this game.")
        ship, cls = board.ship(name), ship_classes()[board.ship(name).cls]
        if ship.sunk:
            raise Refused("ship_sunk", f"{ship.title} is already sunk or gone.")
        if kind == "move_ship":
            at = tuple(override.get("at", ship.at))
            course, speed = override.get("course", ship.course), override.get("speed", ship.speed)
            if not 0 <= course <= 359:
                raise Refused("bad_override", "A course is whole degrees, 0 to 359.")
            if not 0 <= speed <= cls.speed:
                raise Refused("bad_override", f"{ship.title}'s speed is 0 to {cls.speed} knots.")
            new = evolve(ship, at=at, course=course, speed=speed, started_at=at, path=())
            what = f"{ship.title} moved to ({at[0] / 10:.1f}, {at[1] / 10:.1f}) inches, course {course}, {speed} knots"
        elif kind == "set_damage":
            damage = override.get("damage")
            if damage is None or not 0 <= damage < cls.points:
                raise Refused("bad_override", f"{ship.title}'s damage is 0 to {cls.points - 1} points "
                                              "(remove the ship to sink her).")
            new, what = evolve(ship, damage=damage), f"{ship.title}'s damage set to {damage} points"
        else:
            new, what = evolve(ship, sunk=True, speed=0), f"{ship.title} removed from play"
        board = board.replace(new)
    state = evolve(state, board=board)
    event = OverrideApplied(turn=state.turn, what=what, reason=reason)
    return Resolution(evolve(state, outcome=decide(state)), (event,))

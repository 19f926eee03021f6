"""The umpire's overrides: change the truth, for a reason that goes in the record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fogbank.rules.core import GameState, OverrideApplied, Refused, Resolution, fields
from fogbank.rules.core.copies import evolve

from . import hexes
from .board import Board
from .scenario import Scenario

KINDS = ("move_unit", "set_damage", "remove_unit", "set_visibility")


def parse_override(payload: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(payload, Mapping) or not fields.one_of(payload.get("kind"), KINDS):
        raise Refused("unknown_override", f"Overrides are one of: {', '.join(KINDS)}.")
    for key in ("w", "s", "value"):
        if key in payload:
            fields.whole(payload[key], "bad_override", f"{key!r} must be a whole number.")
    for key in ("unit", "hex", "facing"):
        if key in payload:
            fields.text(payload[key], "bad_override", f"{key!r} must be text.")
    return dict(payload)


def apply_override(state: GameState, scenario: Scenario, override: Mapping[str, Any], reason: str) -> Resolution:
    board: Board = state.board
    kind = override["kind"]
    if kind == "set_visibility":
        value = override.get("value")
        if value is None or not 0 <= value <= 40:
            raise Refused("bad_override", "Visibility is a number of hexes, 0 to 40.")
        board, what = evolve(board, visibility=value), f"visibility set to {value}"
    else:
        unit = board.unit(override.get("unit", ""))
        if unit is None:
            raise Refused("unknown_unit", f"There is no unit {override.get('unit')!r}.")
        if kind == "move_unit":
            try:
                where = hexes.parse(override.get("hex"))
            except ValueError as error:
                raise Refused("bad_hex", str(error)) from None
            facing = override.get("facing", unit.facing)
            if facing not in hexes.FACINGS or len(facing) != 1:
                raise Refused("bad_facing", "A facing is one hexside letter, A to F.")
            new, what = evolve(unit, hex=where, facing=facing), f"{unit.id} moved to {hexes.number(where)}"
        elif kind == "set_damage":
            w, s = override.get("w", unit.w), override.get("s", unit.s)
            if not (0 <= w <= 5 and 0 <= s <= 5):
                raise Refused("bad_override", "W and S hits are 0 to 5.")
            new = evolve(unit, w=w, s=s, fresh_w=min(unit.fresh_w, w), fresh_s=min(unit.fresh_s, s))
            what = f"{unit.id} damage set to {w}W {s}S"
        else:
            new, what = evolve(unit, sunk=True), f"{unit.id} removed from play"
        board = evolve(board, units=tuple(new if u.id == unit.id else u for u in board.units))
    event = OverrideApplied(turn=state.turn, what=what, reason=reason)
    return Resolution(evolve(state, board=board), (event,))

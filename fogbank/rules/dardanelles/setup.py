"""Each game's hidden setup: where the mine lines lie and the vessels ride, drawn with the game's
own seeded dice from the bounds the scenario keeps, so that one game's record tells nothing of
the next. The seed's commitment, published at the start, fixes the draw: `fogbank verify`
replays it from the revealed seed like any roll.

Before turn 1 resolves the umpire may lay or lift a mine line and place a vessel by hand
(`lay_mine_line`, `lift_mine_line`, `place_vessel`); after it, the setup is closed.
"""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from fogbank.rules.core import GameState, OverrideApplied, Refused, Resolution, derive_faces, fields
from fogbank.rules.core.copies import evolve

from .board import Draw
from .chart import Square, parse_square, square_name
from .overrides import _sea_square as sea_square
from .scenario import Scenario, lay_line
from .units import Vessel

KINDS = ("lay_mine_line", "lift_mine_line", "place_vessel")

DRAWN, UMPIRE = "drawn", "umpire"  # the choices of the game option "setup"


def draw_setup(scenario: Scenario, seed: bytes) -> tuple[dict[Square, int], tuple[Vessel, ...], tuple[Draw, ...]]:
    """The mines and vessels of one game, and the dice that placed them.

    One die a mine line (a face for each row the line may lie in) and one a vessel (a face for each
    square it may ride in). The dice are keyed by what they place, like every roll in the game, so
    a vessel added or a line lifted changes no other draw.
    """
    mines = dict(scenario.minefields)
    vessels = list(scenario.vessels)
    draws = []
    line = 0
    for lines in scenario.mine_lines:
        for _ in range(lines.count):
            line += 1
            draw = _draw(seed, f"setup/mine_line/{line}", f"mine line {line}", lines.across)
            mines = lay_line(scenario.chart, mines, _square(draw))
            draws.append(draw)
    for place in scenario.vessel_places:
        draw = _draw(seed, f"setup/vessel/{place.number}", f"vessel {place.number}", place.squares)
        vessels.append(place.vessel(_square(draw)))
        draws.append(draw)
    return mines, tuple(sorted(vessels, key=lambda v: v.number)), tuple(draws)


def _draw(seed: bytes, key: str, what: str, squares: tuple[Square, ...]) -> Draw:
    (face,) = derive_faces(seed, key, 1, len(squares))
    return Draw(key=key, what=what, sides=len(squares), face=face, square=square_name(squares[face - 1]))


def _square(draw: Draw) -> Square:
    return parse_square(draw.square)


@attrs.frozen(kw_only=True)
class SetupChange:
    """The umpire's hand on the setup: a mine line laid or lifted through `square`, or vessel
    `number` placed in `square`."""

    kind: str
    square: str
    number: int | None = None


def parse_change(payload: Mapping[str, Any]) -> SetupChange:
    square = fields.text(payload.get("square"), "bad_override", "'square' must be text, a square like K10.")
    number = payload.get("number")
    if payload["kind"] == "place_vessel":
        fields.whole(number, "bad_override", "'number' must be a whole number.")
    return SetupChange(kind=payload["kind"], square=square, number=number)


def apply_change(state: GameState, scenario: Scenario, change: SetupChange, reason: str) -> Resolution:
    if state.turn > 1:
        raise Refused("setup_closed", "Mines and vessels are placed by hand only before turn 1 is resolved.")
    board = state.board
    square = sea_square(scenario, change.square)
    across = ", ".join(square_name(sq) for sq in scenario.chart.crossing(square))
    match change.kind:
        case "lay_mine_line":
            board = evolve(board, minefields=lay_line(scenario.chart, board.minefields, square))
            what = f"a mine line laid across {across}"
        case "lift_mine_line":
            if square not in board.minefields:
                raise Refused("no_mines", f"There are no mines in {square_name(square)} to lift.")
            board = evolve(board, minefields=lay_line(scenario.chart, board.minefields, square, -1))
            what = f"a mine line lifted from {across}"
        case _:  # place_vessel
            vessel = board.vessel(change.number)
            if vessel is None:
                raise Refused("unknown_vessel", f"There is no vessel number {change.number}.")
            moved = evolve(vessel, square=square)
            board = evolve(board, vessels=tuple(moved if v is vessel else v for v in board.vessels))
            what = f"vessel {vessel.number} placed in {square_name(square)} (was {square_name(vessel.square)})"
    event = OverrideApplied(turn=state.turn, what=what, reason=reason)
    return Resolution(evolve(state, board=board), (event,))

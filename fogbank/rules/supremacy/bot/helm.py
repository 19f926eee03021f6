"""A captain's helm: the moves she might write this turn, in the game's notation, and where each
takes her, by the rules' own execution on her own ship as her view shows it."""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from ..moves import CHASE, Leg, Move, execute, problems
from ..scenario import ship_classes
from ..ships import Ship

View = Mapping[str, Any]


def own(ship: View) -> Ship:
    """Her own ship as the rules would hold her, from what her seat is shown of her."""
    cls = ship_classes()[ship["class"]]
    return Ship(ship["name"], ship["class"], "", ship["title"], tuple(ship["at"]), ship["course"], ship["speed"],
                backwards=ship["backwards"], damage=ship["damage"], knots_lost=cls.speed - ship["top_speed"],
                smoke_used=cls.smoke - ship["smoke_left"], effects=dict(ship["effects"]), rudder=ship["rudder"],
                on_course=round(ship["on_course"] * 4), aground=ship["aground"])


def written(move: Move) -> str:
    """A move in the notation ("" stops her)."""
    return str(move) if move.legs else ""


def moves(ship: View, turn: int, *, turns=(0, 4, 8, 12, 16, 24, 32), chase: bool = True,
          smoke: bool = True) -> Iterator[Move]:
    """Every move of the shapes a captain writes (a turn then straight on, or straight on then a
    turn; laying smoke or chasing splash, or neither) at the most speed she may make, that the
    rules allow her."""
    hull = own(ship)
    cls = ship_classes()[ship["class"]]
    least, most = ship["speed_range"]
    if ship["backwards"]:
        run = least * 2
        if run:
            yield Move((Leg("B", run),))
        else:
            yield Move(())
        return
    seen = set()
    for special in ("", *(("CS",) if chase else ()), *(("LS",) if smoke else ())):
        run = most * 2 - (CHASE if special == "CS" else 0)
        if run <= 0:
            continue
        for quarters in turns:
            for side in (("L", "R") if quarters else ("A",)):
                bend = min(quarters, run)
                shapes = [(Leg(side, bend), Leg("A", run - bend)), (Leg("A", run - bend), Leg(side, bend))] if quarters \
                    else [(Leg("A", run),)]
                for legs in shapes:
                    move = Move(tuple(leg for leg in legs if leg.quarters), special == "CS", special == "LS")
                    if move in seen or problems(move, hull, cls, turn):
                        continue
                    seen.add(move)
                    yield move


def where(ship: View, move: Move) -> tuple[tuple[int, int], int, tuple[tuple[int, int], ...]]:
    """Where a move takes her: her funnel's end, her course, and the path (tenths)."""
    return execute(move, own(ship))


__all__ = ["moves", "own", "where", "written"]

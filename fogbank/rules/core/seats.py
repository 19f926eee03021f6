"""Who plays: seats, each on a side, checked once when a game starts."""

from __future__ import annotations

import re
from typing import Iterable

import attrs

UMPIRE = "umpire"
SPECTATOR = "spectator"
RESERVED = frozenset({UMPIRE, SPECTATOR})
# A seat's name travels in tokens ("{game}.{seat}.{secret}"), MQTT topics and URLs: lower-case
# letters, digits, '_' and '-' only, so no transport needs to escape it.
NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


@attrs.frozen
class Seat:
    """A player's place at the table: its name, its side, and what the seat is called in words."""

    name: str
    side: str
    title: str = ""


def check_seats(seats: Iterable[Seat]) -> tuple[Seat, ...]:
    """The seats, or ValueError naming the first that no transport could carry (a ruleset's bug)."""
    seats = tuple(seats)
    if not seats:
        raise ValueError("a game needs at least one seat")
    names = [seat.name for seat in seats]
    for seat in seats:
        if seat.name in RESERVED:
            raise ValueError(f"the seat name {seat.name!r} is reserved")
        if not NAME.fullmatch(seat.name) or not NAME.fullmatch(seat.side):
            raise ValueError(
                f"seat {seat.name!r} (side {seat.side!r}): names are 1-32 of a-z, 0-9, '_', '-', "
                "starting with a letter"
            )
    if len(set(names)) != len(names):
        raise ValueError(f"seat names repeat: {names}")
    return seats


def seat_map(seat: Seat) -> dict[str, str]:
    """A seat as the wire and the log carry it."""
    return {"seat": seat.name, "side": seat.side, "title": seat.title}


def sides(seats: Iterable[Seat]) -> tuple[str, ...]:
    """The sides, in the order their first seat is listed."""
    return tuple(dict.fromkeys(seat.side for seat in seats))

"""The Dardanelles state: the umpire's truth (`Board`) and the crew's own log (`BoatLog`)."""

from __future__ import annotations

from typing import Mapping

import attrs

from .chart import Square
from .contacts import Contact
from .units import RELOAD_TURNS, Boat, Level, Vessel


@attrs.frozen(kw_only=True)
class Draw:
    """One die of the setup, for the umpire's record: what it placed, and where."""

    key: str  # names the die; with the seed it fixes the face
    what: str  # "mine line 2", "vessel 7"
    sides: int  # one square for each face
    face: int
    square: str


@attrs.frozen(kw_only=True)
class Board:
    """What is really there. Only the umpire ever sees it."""

    boat: Boat
    vessels: tuple[Vessel, ...]
    minefields: Mapping[Square, int]  # square -> rows of mines
    track: tuple[Square, ...]  # the boat's true position at the end of each turn, from the start
    contact_vessels: Mapping[int, int] = attrs.field(factory=dict)  # contact -> vessel number
    setup: tuple[Draw, ...] = ()  # the dice that placed this game's mines and vessels

    def vessel(self, number: int) -> Vessel | None:
        return next((v for v in self.vessels if v.number == number), None)


@attrs.frozen(kw_only=True)
class Report:
    """One line of the umpire's report to the player, in plain words."""

    turn: int
    kind: str
    text: str
    contact: Contact | None = None  # the first of `contacts`
    contacts: tuple[Contact, ...] = ()
    facts: dict = attrs.field(factory=dict)  # the report's numbers as data, so no one parses the text


@attrs.frozen(kw_only=True)
class BoatLog:
    """Everything the crew knows: their own boat, their plot, and what they were told.

    The plot is dead reckoning: the courses and squares the crew made good, never the tide's
    drift, which they cannot feel.
    """

    level: Level
    air: int
    battery: int
    tubes: int
    loaded: int
    spare: int
    reload_progress: int
    afloat: bool
    plotted: Square
    track: tuple[Square, ...]
    contacts: tuple[Contact, ...] = ()
    reports: tuple[Report, ...] = ()

    @property
    def reload_turns_left(self) -> int | None:
        """Surfaced turns until the empty tubes are loaded, or None if nothing is reloading."""
        if self.loaded >= self.tubes or self.spare == 0:
            return None
        return RELOAD_TURNS - self.reload_progress

    def contact(self, number: int) -> Contact | None:
        """The latest report of contact `number` (a tracked vessel keeps its number)."""
        return next((c for c in reversed(self.contacts) if c.number == number), None)

    def sighted(self, number: int) -> bool:
        """Whether contact `number` was ever seen, not only heard."""
        return any(c.number == number and c.distance is not None for c in self.contacts)

    @classmethod
    def at_start(cls, boat: Boat) -> "BoatLog":
        return cls(
            level=boat.level,
            air=boat.air,
            battery=boat.battery,
            tubes=boat.tubes,
            loaded=boat.loaded,
            spare=boat.spare,
            reload_progress=boat.reload_progress,
            afloat=boat.afloat,
            plotted=boat.square,
            track=(boat.square,),
        )

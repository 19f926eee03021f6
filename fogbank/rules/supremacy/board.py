"""The game's truth between phases, and each seat's log of what it has been told."""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from fogbank.rules.core.copies import evolve

from .geometry import Point
from .ships import Ship


@attrs.frozen
class FireOrder:
    """One group of guns at one target: mains "fore"/"aft", secondaries "port"/"starboard".
    `guns` fires only part of a secondary group, so the rest may take a second target."""

    group: str
    target: str
    half: bool = False
    guns: int | None = None


@attrs.frozen
class TorpedoOrder:
    """One bank's spread: the course it runs (degrees true) and narrow or fan."""

    bank: str
    course: int
    spread: str = "narrow"


@attrs.frozen
class Salvo:
    """One battery's fire this turn, worked out in 2C and applied in 2D."""

    firer: str
    group: str
    battery: str
    gun: str
    target: str
    heading: int | None  # inches
    guns: int
    shifts: tuple[tuple[str, int], ...]
    die: int | None
    hits: int
    points: int
    grade: str  # full, half, none
    specials: tuple[tuple[int, int, str], ...]  # (coloured after shift, white, grade) of each special
    batteries: int
    halvings: tuple[str, ...] = ()  # why the row was halved, each a half salvo
    firing: int = 0  # the guns that fired, before half salvos


@attrs.frozen
class Sighting:
    """One of the seat's ships sees her: the bearing from her funnel, the range as judged."""

    by: str
    bearing: int  # degrees true
    range: int  # tenths of an inch: measured within a nautical mile, else judged by eye
    exact: bool


@attrs.frozen
class Contact:
    """One ship as a seat saw it at the end of a movement phase: her identity and course (models
    are known by sight), and where its ships judge her to be, never where she is."""

    turn: int
    ship: str
    title: str
    side: str
    course: int
    sightings: tuple[Sighting, ...]
    at: Point  # where the seat puts her: from the nearest sighting's bearing and range

    @property
    def seen_by(self) -> tuple[str, ...]:
        """The seat's own ships that see her (only they may fire at her)."""
        return tuple(s.by for s in self.sightings)


@attrs.frozen
class Log:
    """What one seat knows beyond its own ships: the ships it saw, turn by turn."""

    contacts: tuple[Contact, ...] = ()
    reports: tuple[Mapping[str, Any], ...] = ()  # what the seat was told of fire and damage, as plain maps

    def latest(self, turn: int) -> tuple[Contact, ...]:
        return tuple(c for c in self.contacts if c.turn == turn)

    def sunk(self) -> frozenset[str]:
        """The ships the seat was told sank."""
        return frozenset(r["ship"] for r in self.reports if r["kind"] == "sunk")


@attrs.frozen
class Board:
    ships: tuple[Ship, ...]
    seats: Mapping[str, tuple[str, ...]]  # seat -> the ships it commands
    moves: Mapping[str, Any] = attrs.field(factory=dict)  # ship -> Move, written in 1A
    ahead: Mapping[str, tuple[Any, ...]] = attrs.field(factory=dict)  # ship -> Moves written for the next turns (night)
    fire: Mapping[str, tuple[FireOrder, ...]] = attrs.field(factory=dict)  # ship -> orders, 2B
    salvos: tuple[Salvo, ...] = ()  # 2C's fire, applied in 2D
    smoke: tuple[tuple[Point, ...], ...] = ()  # lines laid this turn
    smoke_laid_by: tuple[str, ...] = ()  # the ship that laid each line
    spreads: tuple[Any, ...] = ()  # torpedo spreads running (torpedoes.Spread)
    lit: frozenset[str] = frozenset()  # ships caught in or burning a searchlight this turn
    visibility: int | None = None  # inches, when the umpire has set it (else the scenario's)

    def ship(self, name: str) -> Ship:
        return next(s for s in self.ships if s.name == name)

    def seat_of(self, ship: str) -> str:
        return next(seat for seat, ships in self.seats.items() if ship in ships)

    def replace(self, *changed: Ship) -> "Board":
        new = {s.name: s for s in changed}
        return evolve(self, ships=tuple(new.get(s.name, s) for s in self.ships))

"""The Salvo state: the umpire's truth (`Board`) and what each seat has been told (`SeatLog`)."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

import attrs

from fogbank.rules.core import Event

from .hexes import Hex
from .units import Unit


@attrs.frozen(kw_only=True)
class Shot:
    """One line of fire this turn, for the umpire's record and console (LOS lines)."""

    firer: str
    target: str
    battery: str  # main, secondary, torpedo, zeppelin
    origin: str  # hex numbers
    to: str
    outcome: str  # the CRT or torpedo result, or why there was no shot


@attrs.frozen(kw_only=True)
class Board:
    """What is really there. Only the umpire ever sees it whole."""

    units: tuple[Unit, ...]
    secret_mines: frozenset[Hex] = frozenset()
    smoke: frozenset[Hex] = frozenset()  # laid in the movement phase, lifted as the turn ends (NWS)
    smoke_laid: bool = False  # smoke made in the last movement phase (random event 8)
    smoke_cards: frozenset[str] = frozenset()  # ships declared (in the open) to make smoke next move
    starshells: tuple[tuple[str, Hex], ...] = ()  # this turn's bursts: (unit, hex)
    searchlights: tuple[tuple[str, str], ...] = ()  # this turn's beams: (unit, lit unit)
    visibility: int = 0  # hexes, now
    max_visibility: int = 0
    radar_range: Mapping[str, int] = attrs.field(factory=dict)  # 12.13: unit -> this turn's range
    labels: Mapping[str, Mapping[str, int]] = attrs.field(factory=dict)  # observer -> unit -> label
    next_label: Mapping[str, int] = attrs.field(factory=dict)
    detected: Mapping[str, frozenset[str]] = attrs.field(factory=dict)  # observer -> units detected now
    sensed: Mapping[str, Mapping[str, str]] = attrs.field(factory=dict)  # observer -> unit -> how (sensing.SENSES)
    effects: Mapping[str, frozenset[str]] = attrs.field(factory=dict)  # side -> this turn's random events
    marks: frozenset[tuple[str, str, int]] = frozenset()  # (special damage, unit, turn it bites)
    exits: tuple[str, ...] = ()  # units off the map through the victory hexes (`Scenario.counts` says which count)
    points: Mapping[str, int] = attrs.field(factory=dict)  # side -> victory points
    dummy_serial: int = 0
    zeppelins_rolled: bool = False
    shots: tuple[Shot, ...] = ()  # the last gunfire phase's lines of fire
    event: str = ""  # this turn's random event, as rolled

    def unit(self, uid: str) -> Unit | None:
        return next((u for u in self.units if u.id == uid), None)

    def marked(self, mark: str, uid: str, turn: int) -> bool:
        return (mark, uid, turn) in self.marks

    def without_power(self, uid: str, turn: int) -> bool:
        """12.5's engineering hit, the turn before: no radar or weapons (guns, torpedoes, starshells,
        searchlight, shelling the shore) this turn."""
        return self.marked("engineering", uid, turn)


@attrs.frozen(kw_only=True)
class Report:
    """One line of what a seat is told, in plain words and as data."""

    turn: int
    phase: str
    kind: str
    text: str
    facts: Mapping[str, Any] = attrs.field(factory=dict)


@attrs.frozen(kw_only=True)
class SeatLog:
    """A seat's knowledge: its picture of the others now, and every report it was given."""

    contacts: tuple[Mapping[str, Any], ...] = ()
    reports: tuple[Report, ...] = ()
    mines: tuple[str, ...] = ()  # secret mines this seat laid


@attrs.frozen(kw_only=True)
class Told(Event):
    """An event as the log records it: what a report said, to whom."""

    kind: ClassVar[str] = "report"
    what: str
    text: str
    facts: Mapping[str, Any] = attrs.field(factory=dict)

"""What happens in a Dardanelles turn.

An event told to the submarine carries only what the crew could know (no squares, no vessel
numbers); the umpire's own events carry the truth. Keep the two apart: a told event is sent to
the player as it is.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from fogbank.rules.core import Event

from .contacts import Contact
from .units import Level

SUBMARINE = "submarine"  # the one seat
BRITISH = "british"  # its side; the Turkish defences are the umpire's
TOLD = frozenset({SUBMARINE})


# Told to the submarine (and the umpire).


@attrs.frozen(kw_only=True)
class TorpedoFired(Event):
    kind: ClassVar[str] = "torpedo_fired"
    target: int  # contact number
    direction: str
    hit: bool
    sunk: str | None = None  # what sank, as the crew saw it go: a name, or "a patrol boat"
    then: str = ""  # what the mission asks next, when that was the last target
    # A torpedo on line for a vessel already sunk runs on past it: "sinking" when an earlier
    # torpedo of the same hour sank her, "wreck" when she went down in an earlier hour.
    past: str | None = None


@attrs.frozen(kw_only=True)
class Grounded(Event):
    kind: ClassVar[str] = "grounded"
    made: int  # squares made good before the shore stopped the boat
    ordered: int


@attrs.frozen(kw_only=True)
class DriftHeld(Event):
    """The tide would carry the boat into the bank, so it does not: she lies against the mud.

    The crew feels her touch; it tells them this hour's drift did not happen."""

    kind: ClassVar[str] = "drift_held"
    level: Level
    again: bool = False  # held the hour before too: the umpire says it shortly


@attrs.frozen(kw_only=True)
class ChartEdge(Event):
    kind: ClassVar[str] = "chart_edge"
    made: int
    ordered: int


@attrs.frozen(kw_only=True)
class MinefieldNoticed(Event):
    """The crew knows it is among mines: the surface warning, or mooring wires on the hull."""

    kind: ClassVar[str] = "minefield_noticed"
    level: Level


@attrs.frozen(kw_only=True)
class MineStruck(Event):
    kind: ClassVar[str] = "mine_struck"


@attrs.frozen(kw_only=True)
class SearchlightsSweeping(Event):
    kind: ClassVar[str] = "searchlights_sweeping"


@attrs.frozen(kw_only=True)
class CaughtBySearchlight(Event):
    kind: ClassVar[str] = "caught_by_searchlight"


@attrs.frozen(kw_only=True)
class ShellSplashes(Event):
    kind: ClassVar[str] = "shell_splashes"


@attrs.frozen(kw_only=True)
class SunkByBattery(Event):
    kind: ClassVar[str] = "sunk_by_battery"


@attrs.frozen(kw_only=True)
class Sighted(Event):
    kind: ClassVar[str] = "sighted"
    contact: Contact


@attrs.frozen(kw_only=True)
class Heard(Event):
    """Every vessel heard in the hour, in one report."""

    kind: ClassVar[str] = "heard"
    contacts: tuple[Contact, ...]


@attrs.frozen(kw_only=True)
class Fixed(Event):
    """A position fix on a charted landmark: the crew now knows the square."""

    kind: ClassVar[str] = "fix"
    square: str
    landmark: str


@attrs.frozen(kw_only=True)
class NoFix(Event):
    kind: ClassVar[str] = "no_fix"


@attrs.frozen(kw_only=True)
class Reloaded(Event):
    kind: ClassVar[str] = "reloaded"
    torpedoes: int


@attrs.frozen(kw_only=True)
class AirExhausted(Event):
    kind: ClassVar[str] = "air_exhausted"


@attrs.frozen(kw_only=True)
class BatteryExhausted(Event):
    kind: ClassVar[str] = "battery_exhausted"


# The umpire's alone.


@attrs.frozen(kw_only=True)
class BoatMoved(Event):
    kind: ClassVar[str] = "boat_moved"
    path: tuple[str, ...]  # squares entered, in order
    level: Level


@attrs.frozen(kw_only=True)
class BoatDrifted(Event):
    kind: ClassVar[str] = "boat_drifted"
    origin: str
    square: str


@attrs.frozen(kw_only=True)
class MinefieldEntered(Event):
    kind: ClassVar[str] = "minefield_entered"
    square: str
    rows: int
    result: str  # "sunk", "told" or "untold": the worst of the rows' rolls


@attrs.frozen(kw_only=True)
class SpottedFromShore(Event):
    """Observers or a searchlight found the boat; fire follows only within battery range."""

    kind: ClassVar[str] = "spotted_from_shore"
    square: str
    under_fire: bool


@attrs.frozen(kw_only=True)
class VesselReported(Event):
    """Which vessel stands behind a contact the submarine was given."""

    kind: ClassVar[str] = "vessel_reported"
    contact: int
    vessel: int
    sensor: str  # "vision" or "hydrophone"


@attrs.frozen(kw_only=True)
class VesselSunk(Event):
    kind: ClassVar[str] = "vessel_sunk"
    vessel: int
    square: str

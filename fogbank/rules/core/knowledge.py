"""Per-seat knowledge as data, for any geometry (the Freeciv habit: what a player knows is state
of its own, not a filter bolted on at the end).

A `Sighting` is one report from one sensor at one moment, as good as that sensor made it. A
`Track` groups the sightings a seat (or side) believes are one thing, under a number that says
nothing of the unit behind it. A `Plot` is a seat's or a side's tracks. Reports carry these
values, not only prose, so a bot or a client never has to read sentences back.
"""

from __future__ import annotations

import enum
import functools

import attrs

from .copies import evolve


class Sensor(enum.Enum):
    SIGHT = "sight"
    RADAR = "radar"
    HYDROPHONE = "hydrophone"
    SEARCHLIGHT = "searchlight"
    STARSHELL = "starshell"
    AIRCRAFT = "aircraft"
    REPORT = "report"  # an intelligence or neutral report, or the umpire's word


@functools.total_ordering
class Fidelity(enum.Enum):
    """How much a sighting tells, from least to most; they compare in that order."""

    DETECTED = "detected"  # something is there (a bearing, a blip)
    LOCATED = "located"  # where it is, in the game's geometry
    CLASSIFIED = "classified"  # what kind of thing (a silhouette, a marker's size)
    IDENTIFIED = "identified"  # which unit it is

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Fidelity):
            return NotImplemented
        return _ORDER[self] < _ORDER[other]


_ORDER = {fidelity: rank for rank, fidelity in enumerate(Fidelity)}
# A dummy is a real marker on the truth's side, but there is no unit behind it to identify.
DUMMY_CEILING = Fidelity.CLASSIFIED


@attrs.frozen(kw_only=True)
class Position:
    """Where a sighting puts its subject, in the ruleset's own geometry: the one field its
    geometry uses is set (a bearing from the observer; a square; a hex; a point on a table in
    tenths of an inch; a zone), the rest are None."""

    bearing: int | None = None  # degrees true from the observer, 0-359
    distance: int | None = None  # with a bearing: in the geometry's unit
    square: str | None = None
    hex: str | None = None  # column-row, e.g. "2005"
    point: tuple[int, int] | None = None
    zone: str | None = None


@attrs.frozen(kw_only=True)
class Sighting:
    turn: int
    phase: str = ""
    sensor: Sensor
    fidelity: Fidelity
    position: Position = Position()
    kind: str | None = None  # what it is taken for: "capital ship", "destroyer", a silhouette
    count: int | None = None  # how many, where a sensor tells a group
    course: int | None = None  # degrees, or a hexside's bearing
    speed: int | None = None
    identity: str | None = None  # only at IDENTIFIED fidelity


def capped(sighting: Sighting, dummy: bool) -> Sighting:
    """A sighting of a dummy never rises above CLASSIFIED: there is no unit to identify."""
    if dummy and sighting.fidelity > DUMMY_CEILING:
        return evolve(sighting, fidelity=DUMMY_CEILING, identity=None)
    return sighting


@attrs.frozen(kw_only=True)
class Track:
    """Sightings believed to be one thing, the latest last, under the plot's own number."""

    number: int
    sightings: tuple[Sighting, ...] = ()

    @property
    def latest(self) -> Sighting | None:
        return self.sightings[-1] if self.sightings else None

    @property
    def last_seen(self) -> int | None:
        return self.sightings[-1].turn if self.sightings else None

    @property
    def fidelity(self) -> Fidelity | None:
        return max((s.fidelity for s in self.sightings), default=None)


@attrs.frozen(kw_only=True)
class Plot:
    """A seat's or a side's picture of the others: its tracks by number."""

    owner: str  # a seat's or a side's name
    tracks: tuple[Track, ...] = ()
    next_number: int = 1

    def track(self, number: int) -> Track | None:
        return next((t for t in self.tracks if t.number == number), None)

    def report(self, sighting: Sighting, number: int | None = None) -> tuple["Plot", int]:
        """The plot with `sighting` added to track `number` (a new track when None)."""
        if number is None:
            number = self.next_number
            track = Track(number=number, sightings=(sighting,))
            return evolve(self, tracks=(*self.tracks, track), next_number=number + 1), number
        tracks = tuple(
            evolve(t, sightings=(*t.sightings, sighting)) if t.number == number else t for t in self.tracks
        )
        return evolve(self, tracks=tracks), number

    def drop(self, number: int) -> "Plot":
        """The plot without track `number` (a dummy found out, a contact lost for good)."""
        return evolve(self, tracks=tuple(t for t in self.tracks if t.number != number))

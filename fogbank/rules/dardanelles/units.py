"""The game's words: levels, vessel types, orders, and the truth about boat and vessels."""

from __future__ import annotations

import enum

import attrs

from .chart import Course, Square

AIR_FULL = 20  # hours underwater
AIR_PER_SURFACED_HOUR = 5
BATTERY_FULL = 36  # squares of movement underwater
BATTERY_PER_SURFACED_HOUR = 6
RELOAD_TURNS = 4  # consecutive surfaced turns, after the firing hour, to reload the tubes
TORPEDO_RANGE = 3
SPEED_SURFACE = 6
SPEED_BELOW = 3
VISION_DAY = 4
VISION_NIGHT = 2
HYDROPHONE_RANGE = 6
TRACK_HOLD = 2  # a vessel keeps its contact number while reported again within this many turns
NIGHT_HOURS = frozenset({22, 23, 0, 1, 2, 3, 4, 5})  # 2200 to 0500 inclusive


class Level(enum.Enum):
    SURFACE = "surface"
    PERISCOPE = "periscope"
    SUBMERGED = "submerged"
    BOTTOM = "bottom"

    @property
    def depth(self) -> int:
        """Steps below the surface; each change of one step uses a square of movement."""
        return _DEPTH[self]

    @property
    def sees(self) -> bool:
        """Surface and periscope boats look; submerged and bottomed ones listen."""
        return self in (Level.SURFACE, Level.PERISCOPE)


_DEPTH = {Level.SURFACE: 0, Level.PERISCOPE: 1, Level.SUBMERGED: 2, Level.BOTTOM: 3}


class VesselType(enum.Enum):
    CAIQUE = "caique"
    PATROL_BOAT = "patrol_boat"
    TRANSPORT = "transport"
    BATTLESHIP = "battleship"

    @property
    def words(self) -> str:
        return self.value.replace("_", " ")


@attrs.frozen(kw_only=True)
class Fire:
    """Torpedoes fired at a sighted contact, in one of the eight directions."""

    target: int  # the contact's number, as the player was told it
    direction: Course
    torpedoes: int = 1


@attrs.frozen
class Leg:
    """One course steered for some squares; an hour's order has one or two."""

    course: Course
    speed: int  # squares to move on this course


MAX_LEGS = 2


@attrs.frozen(kw_only=True)
class Order:
    """The player's order for one hour: the level first, then the legs in turn."""

    legs: tuple[Leg, ...] = (Leg(Course.N, 0),)
    level: Level  # the level for this hour; changing to it comes first
    fire: Fire | None = None
    fix: bool = False  # take a position fix on a charted landmark at the end of the hour
    # Where the crew now reckons the boat is, set by hand on their chart before the hour (their
    # own estimate, the drift allowed for, say); None: the plot stands as it was.
    plot: Square | None = None

    @property
    def speed(self) -> int:
        """Squares to move this hour, all legs together."""
        return sum(leg.speed for leg in self.legs)


@attrs.frozen(kw_only=True)
class Boat:
    name: str
    square: Square
    level: Level
    air: int
    battery: int
    tubes: int
    loaded: int
    spare: int  # reloads carried
    reload_progress: int = 0  # surfaced turns spent reloading
    afloat: bool = True


@attrs.frozen(kw_only=True)
class Vessel:
    number: int  # the umpire's numbered square
    type: VesselType
    name: str | None
    square: Square
    sunk: bool = False
    sunk_turn: int = 0  # the turn she went down (0: afloat, or taken out by the umpire)


def movement_allowance(start: Level, end: Level) -> int:
    """Squares of movement this hour, level changes included: six for an hour that ends on the
    surface (the level changes first, so a boat surfacing from periscope depth has five left to
    move), three for one that ends below it."""
    return SPEED_SURFACE if end is Level.SURFACE else SPEED_BELOW


def battery_cost(start: Level, end: Level, speed: int) -> int:
    """Battery used: a unit per square of movement below the surface.

    A change of level is a square of movement; it is below the surface unless it ends there.
    """
    step = 1 if end.depth > start.depth else -1
    changes = (
        sum(1 for d in range(start.depth + step, end.depth + step, step) if d > 0) if start is not end else 0
    )
    return changes + (speed if end is not Level.SURFACE else 0)

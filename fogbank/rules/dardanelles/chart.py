"""The Dardanelles map: squares, land and sea, and the umpire's overlays.

Squares are (x, y) pairs, x from west to east, y from south to north, both from 0; their names
read like a chart reference, column letter then row number from 1 ("A1" is the south-west
corner). Distances are counted in king moves, as the boat moves in eight directions.
"""

from __future__ import annotations

import enum
import functools
import math
from typing import Iterator

import attrs

Square = tuple[int, int]


class Course(enum.Enum):
    """The eight courses a boat may steer, with the step each square of movement takes."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"

    @property
    def step(self) -> Square:
        return _STEPS[self]

    @property
    def degrees(self) -> int:
        return _DEGREES[self]

    @property
    def reverse(self) -> "Course":
        return _REVERSE[self]

    @classmethod
    def from_numpad(cls, digit: str) -> "Course":
        return _NUMPAD[digit]

    @classmethod
    def nearest(cls, degrees: float) -> "Course":
        """The course nearest a bearing in degrees true."""
        return list(cls)[round((degrees % 360) / 45) % 8]


_STEPS = {
    Course.N: (0, 1),
    Course.NE: (1, 1),
    Course.E: (1, 0),
    Course.SE: (1, -1),
    Course.S: (0, -1),
    Course.SW: (-1, -1),
    Course.W: (-1, 0),
    Course.NW: (-1, 1),
}
_DEGREES = {c: 45 * i for i, c in enumerate(Course)}
_REVERSE = {c: list(Course)[(i + 4) % 8] for i, c in enumerate(Course)}
# Drift directions are drawn on the map with numpad digits, as a wargamer's keyboard reads them.
_NUMPAD = {
    "8": Course.N,
    "9": Course.NE,
    "6": Course.E,
    "3": Course.SE,
    "2": Course.S,
    "1": Course.SW,
    "4": Course.W,
    "7": Course.NW,
}


def distance(a: Square, b: Square) -> int:
    """Squares between a and b, counted in king moves."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def bearing(origin: Square, target: Square) -> int:
    """True bearing in whole degrees (0-359) from the centre of one square to another's."""
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    return round(math.degrees(math.atan2(dx, dy))) % 360


POINTS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


def compass_point(origin: Square, target: Square) -> tuple[str, int]:
    """The nearest of the 16 compass points from one square to another, and its bearing in
    whole degrees (NNE is 22.5, given as 23): what an umpire calls out, not a surveyor's angle."""
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    exact = math.degrees(math.atan2(dx, dy)) % 360
    index = int(exact / 22.5 + 0.5) % 16
    return POINTS[index], int(index * 22.5 + 0.5)


@functools.lru_cache(maxsize=8192)  # a few MB at most: lines from the squares sailed to vessels in range
def line_squares(a: Square, b: Square) -> tuple[Square, ...]:
    """The squares a straight line from the centre of `a` to the centre of `b` passes through,
    between the two (not `a` or `b` themselves), in order from `a`.

    The line is sampled eight times a square, at points that never fall on a corner exactly,
    so a line that only touches the corner where two squares meet passes neither. Cached: every
    hour the boat looks along the same few lines, and the sampling costs more than the look.
    """
    steps = 8 * max(1, distance(a, b))
    seen = {a, b}
    squares = []
    for k in range(steps):
        t = (k + 0.5) / steps
        square = (math.floor(a[0] + (b[0] - a[0]) * t + 0.5), math.floor(a[1] + (b[1] - a[1]) * t + 0.5))
        if square not in seen:
            seen.add(square)
            squares.append(square)
    return tuple(squares)


@functools.lru_cache(maxsize=4096)  # every view names the whole track again
def square_name(square: Square) -> str:
    x, y = square
    return f"{chr(ord('A') + x)}{y + 1}"


def parse_square(name: str) -> Square:
    """ "K7" -> (10, 6). Raises ValueError for anything else."""
    name = name.strip().upper()
    if len(name) < 2 or not ("A" <= name[0] <= "Z") or not name[1:].isdigit():
        raise ValueError(f"{name!r} is not a square (a column letter and a row number, like K7).")
    return ord(name[0]) - ord("A"), int(name[1:]) - 1


@attrs.frozen
class Place:
    name: str
    square: Square
    side: str  # "europe", "asia" or "water"
    landmark: bool = False  # a charted landmark: a position fix may be taken on it


@attrs.frozen(kw_only=True)
class Chart:
    """The umpire's map. `player_chart` is what the boat's own chart shows: coast and grid."""

    name: str
    columns: int
    rows: int
    sea: frozenset[Square]
    tide: dict[Square, Course]  # inside the tidal limit: where a surface boat drifts
    searchlight: frozenset[Square]
    batteries: frozenset[Square]
    zones: dict[Square, str]  # "X" outside the mouth, "M" the Sea of Marmara
    places: tuple[Place, ...]

    def on_chart(self, square: Square) -> bool:
        return 0 <= square[0] < self.columns and 0 <= square[1] < self.rows

    def is_sea(self, square: Square) -> bool:
        return square in self.sea

    def clear_line(self, a: Square, b: Square) -> bool:
        """Whether sight and sound pass from `a` to `b`: no land square lies on the line between."""
        return all(square in self.sea for square in line_squares(a, b))

    def crossing(self, square: Square) -> tuple[Square, ...]:
        """The sea squares of `square`'s row from shore to shore through it: where a mine line
        laid across the strait there lies."""
        x, y = square
        if square not in self.sea:
            return ()
        west = x
        while (west - 1, y) in self.sea:
            west -= 1
        east = x
        while (east + 1, y) in self.sea:
            east += 1
        return tuple((i, y) for i in range(west, east + 1))

    def squares(self) -> Iterator[Square]:
        for y in range(self.rows):
            for x in range(self.columns):
                yield x, y

    def drift(self, square: Square, toward_mouth: bool) -> Square | None:
        """Where the tide carries a boat from `square`, or None (outside the limit, or blocked).

        Surface and periscope boats go with the surface stream toward the mouth; submerged ones
        with the deep counter-current, the opposite way. A drift into land does not happen.
        """
        course = self.tide.get(square)
        if course is None:
            return None
        if not toward_mouth:
            course = course.reverse
        dx, dy = course.step
        target = (square[0] + dx, square[1] + dy)
        return target if target in self.sea else None

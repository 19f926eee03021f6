"""Hex geometry: cube coordinates inside, the map's "column-row" numbers (2005) only at the edges.

The map is drawn with flat-topped hexes in columns, as Salvo's maps are: column 20, row 05 is hex
2005; row 01 is the northern edge. Odd columns sit half a hex lower than even ones. A unit faces
a hexside, lettered clockwise from north: A north, B north-east, C south-east, D south, E
south-west, F north-west.
"""

from __future__ import annotations

import functools
import math
from typing import Iterator

import attrs

FACINGS = "ABCDEF"
# Each letter's way, as a player reads it (the chart carries these to the pages).
FACING_WORDS = {"A": "north", "B": "north-east", "C": "south-east", "D": "south", "E": "south-west",
                "F": "north-west"}
# Cube steps (q, r, s) through each hexside, r growing southward.
STEPS = {"A": (0, -1, 1), "B": (1, -1, 0), "C": (1, 0, -1), "D": (0, 1, -1), "E": (-1, 1, 0), "F": (-1, 0, 1)}


# The hash kept once worked out: hexes are dictionary keys and set members everywhere (a built-in
# player's scorers look a million up a game), and a hex never changes.
@attrs.frozen(order=True, cache_hash=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    @property
    def column(self) -> int:
        return self.q

    @property
    def row(self) -> int:
        return self.r + (self.q - (self.q & 1)) // 2

    def step(self, facing: str, count: int = 1) -> "Hex":
        dq, dr, _ = STEPS[facing]
        return Hex(self.q + dq * count, self.r + dr * count)

    def neighbours(self) -> Iterator["Hex"]:
        return (self.step(f) for f in FACINGS)

    def __str__(self) -> str:
        return number(self)


def from_offset(column: int, row: int) -> Hex:
    return Hex(column, row - (column - (column & 1)) // 2)


def parse(text: object) -> Hex:
    """A hex from its four-digit number; ValueError if it is not one."""
    if not isinstance(text, str) or len(text) != 4 or not text.isdigit():
        raise ValueError(f"{text!r} is not a hex number such as 2005 (column 20, row 05)")
    return from_offset(int(text[:2]), int(text[2:]))


@functools.lru_cache(maxsize=1 << 12)  # a map's hexes, named over and over in pictures and sorting
def number(hex_: Hex) -> str:
    return f"{hex_.column:02d}{hex_.row:02d}"


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))  # the third cube axis, s = -q - r, without its property


def turn(facing: str, hexsides: int) -> str:
    """The facing after turning `hexsides` clockwise (negative: anticlockwise)."""
    return FACINGS[(FACINGS.index(facing) + hexsides) % 6]


def hexsides_between(a: str, b: str) -> int:
    """How many hexsides a turn from facing `a` to `b` takes (0-3)."""
    d = (FACINGS.index(b) - FACINGS.index(a)) % 6
    return min(d, 6 - d)


def line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """One hex a step from `a` to `b` along the straight line of centres, ends included: the line
    the map draws (and the page's pad counts). Sampled at whole steps, it can miss a hex the ruler
    clips; the rules' lines of sight use `sight_lines`."""
    return _line(a, b, 1e-6)


def _line(a: Hex, b: Hex, nudge: float) -> tuple[Hex, ...]:
    n = distance(a, b)
    if n == 0:
        return (a,)
    aq, ar, as_ = a.q + nudge, a.r + nudge, a.s - 2 * nudge
    bq, br, bs = b.q + nudge, b.r + nudge, b.s - 2 * nudge
    return tuple(_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n, as_ + (bs - as_) * i / n) for i in range(n + 1))


# A hex of circumradius 1: its centre in the plane, and the outward normal of each hexside.
_APOTHEM = math.sqrt(3) / 2
_NORMALS = {f: (1.5 * dq / math.sqrt(3), (dr + dq / 2)) for f, (dq, dr, _) in STEPS.items()}
_NUDGE = 1e-7  # hex radii: far below any real gap, far above the arithmetic's error


def _centre(h: Hex) -> tuple[float, float]:
    return 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)


@functools.lru_cache(maxsize=1 << 16)  # sightings ask for the same lines turn after turn
def sight_lines(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """Every hex a ruler from `a`'s dot to `b`'s crosses, ends included: the straight edge of the
    seeds' line of sight, exactly, not sampled. A ruler along a hexside, or through a corner,
    touches hexes on both sides of it: the ruler is nudged a hair to each side, and both are
    given, so a rule can choose (land or smoke blocks a line only if it blocks both)."""
    return _walk(a, b, _NUDGE), _walk(a, b, -_NUDGE)


def _walk(a: Hex, b: Hex, nudge: float) -> tuple[Hex, ...]:
    """The hexes the segment between the two dots, moved `nudge` to its left, passes through: from
    each hex, out through the hexside the segment meets first."""
    if a == b:
        return (a,)
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    ox, oy = -dy / length * nudge, dx / length * nudge
    here, path = a, [a]
    for _ in range(4 * distance(a, b) + 4):
        cx, cy = _centre(here)
        px, py = ax + ox - cx, ay + oy - cy
        leaving = []
        for facing, (nx, ny) in _NORMALS.items():
            rate = dx * nx + dy * ny
            if rate > 0:
                leaving.append(((_APOTHEM - px * nx - py * ny) / rate, facing))
        t, facing = min(leaving)
        here = here.step(facing)
        path.append(here)
        if here == b:
            return tuple(path)
    raise AssertionError(f"the line from {number(a)} to {number(b)} lost its way")  # unreachable: each step nears b


def _round(q: float, r: float, s: float) -> Hex:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


def end_on(centre: Hex, facing: str, other: Hex) -> bool:
    """Whether a straight edge from `centre`'s dot to `other`'s passes through the hexsides
    directly ahead and astern of `centre` facing `facing`: it lies within 30 degrees of the heading
    or its reverse (a line through a corner touches the hexside, so it counts).

    Worked in whole numbers: turned so the heading is north (A), `other` lies at (dq, dr), and the
    line's slope against the north axis is (1.5 dq) / (dr + dq / 2) in hex widths."""
    dq, dr = other.q - centre.q, other.r - centre.r
    if not dq and not dr:
        return False
    (a, b), (c, d) = _TURNED_NORTH[facing]
    dq, dr = a * dq + b * dr, c * dq + d * dr
    return 9 * dq * dq <= (2 * dr + dq) ** 2


def _turned_north(facing: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """The whole-number matrix taking (dq, dr) seen from a ship facing `facing` to (dq, dr) seen
    facing A: a hexside anticlockwise, (q, r, s) -> (-s, -q, -r), once for each hexside of the
    facing. Worked once per facing, since bots ask end_on a million times a game."""
    matrix = []
    for dq, dr in ((1, 0), (0, 1)):  # where each axis goes: the turn is linear
        ds = -dq - dr
        for _ in range(FACINGS.index(facing)):
            dq, dr, ds = -ds, -dq, -dr
        matrix.append((dq, dr))
    (a, c), (b, d) = matrix  # columns: the images of (1, 0) and (0, 1)
    return (a, b), (c, d)


_TURNED_NORTH = {f: _turned_north(f) for f in FACINGS}

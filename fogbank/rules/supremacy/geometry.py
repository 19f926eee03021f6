"""The table top in whole numbers: points in tenths of an inch (x east, y north), courses and
bearings in whole degrees (0 north, 90 east), sines from a table in millionths.

Nothing here uses floating-point trigonometry: a stored position must come out the same on every
machine, so replay and `fogbank verify` agree. Paths are worked in hundredths of an inch (a
quarter inch, the smallest written move, is 25 of them) and rounded to tenths when stored.
"""

from __future__ import annotations

import math

Point = tuple[int, int]

# sin(d) for d = 0..90 degrees, in millionths (printed once from a maths library; a table, so
# every machine reads the same numbers).
_SIN = (
    0, 17452, 34899, 52336, 69756, 87156, 104528, 121869, 139173, 156434,
    173648, 190809, 207912, 224951, 241922, 258819, 275637, 292372, 309017, 325568,
    342020, 358368, 374607, 390731, 406737, 422618, 438371, 453990, 469472, 484810,
    500000, 515038, 529919, 544639, 559193, 573576, 587785, 601815, 615661, 629320,
    642788, 656059, 669131, 681998, 694658, 707107, 719340, 731354, 743145, 754710,
    766044, 777146, 788011, 798636, 809017, 819152, 829038, 838671, 848048, 857167,
    866025, 874620, 882948, 891007, 898794, 906308, 913545, 920505, 927184, 933580,
    939693, 945519, 951057, 956305, 961262, 965926, 970296, 974370, 978148, 981627,
    984808, 987688, 990268, 992546, 994522, 996195, 997564, 998630, 999391, 999848,
    1000000,
)
MILLION = 1_000_000
NAUTICAL_MILE = 60  # tenths of an inch: six inches of table at 1:12000


def sin(degrees: int) -> int:
    """sin in millionths."""
    d = degrees % 360
    if d <= 90:
        return _SIN[d]
    if d <= 180:
        return _SIN[180 - d]
    if d <= 270:
        return -_SIN[d - 180]
    return -_SIN[360 - d]


def cos(degrees: int) -> int:
    return sin(degrees + 90)


def _div(value: int, by: int) -> int:
    """value / by, rounded half away from zero, in integers."""
    q, r = divmod(abs(value), by)
    q += 2 * r >= by
    return q if value >= 0 else -q


def offset(point: Point, course: int, length: int) -> Point:
    """The point `length` units from `point` along `course` (same units in and out)."""
    return point[0] + _div(length * sin(course), MILLION), point[1] + _div(length * cos(course), MILLION)


def squared(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def distance(a: Point, b: Point) -> int:
    """The distance in the points' unit, rounded down."""
    return math.isqrt(squared(a, b))


def within(a: Point, b: Point, reach: int) -> bool:
    """Whether b is at most `reach` from a (exactly, on the squares)."""
    return squared(a, b) <= reach * reach


def bearing(a: Point, b: Point) -> int:
    """The whole degree nearest the bearing from a to b (0 when they coincide)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == 0 and dy == 0:
        return 0

    def score(d: int) -> int:
        return dx * sin(d) + dy * cos(d)

    # The floating-point angle only says where to look: the answer is the whole degree the exact
    # table scores highest (the smaller on a tie), so it is the same on every machine.
    near = round(math.degrees(math.atan2(dx, dy)))
    return max(((near + k) % 360 for k in range(-3, 4)), key=lambda d: (score(d), -d))


def bearing_to(a: Point, b: Point, step: int) -> int:
    """The bearing from a to b read to the nearest multiple of `step` degrees (as an observer
    reads it, docs/decisions.md), chosen on the exact table like `bearing`."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    near = bearing(a, b) // step * step
    candidates = ((near + k * step) % 360 for k in (-1, 0, 1, 2))
    return max(candidates, key=lambda d: (dx * sin(d) + dy * cos(d), -d))


def relative(bearing_: int, course: int) -> int:
    """A bearing as seen from a ship on `course`: 0 ahead, 90 starboard, 270 port."""
    return (bearing_ - course) % 360


def in_arc(rel: int, arc: tuple[int, int]) -> bool:
    """Whether relative bearing `rel` lies in the arc from arc[0] clockwise to arc[1]."""
    start, end = arc[0] % 360, arc[1] % 360
    return start <= rel <= end if start <= end else rel >= start or rel <= end


def _orientation(p: Point, q: Point, r: Point) -> int:
    value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (value > 0) - (value < 0)


def _on_segment(p: Point, q: Point, r: Point) -> bool:
    return min(p[0], r[0]) <= q[0] <= max(p[0], r[0]) and min(p[1], r[1]) <= q[1] <= max(p[1], r[1])


def near(p: Point, a: Point, b: Point, reach: int) -> bool:
    """Whether point p is within `reach` of segment a-b (exact integers)."""
    ab, ap = (b[0] - a[0], b[1] - a[1]), (p[0] - a[0], p[1] - a[1])
    length = ab[0] ** 2 + ab[1] ** 2
    dot = ab[0] * ap[0] + ab[1] * ap[1]
    if length == 0 or dot <= 0:
        return ap[0] ** 2 + ap[1] ** 2 <= reach * reach
    if dot >= length:
        return (p[0] - b[0]) ** 2 + (p[1] - b[1]) ** 2 <= reach * reach
    cross = ab[0] * ap[1] - ab[1] * ap[0]
    return cross * cross <= reach * reach * length


def crosses(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Whether segment p1-p2 touches segment q1-q2 (exact, in integers)."""
    o1, o2 = _orientation(p1, p2, q1), _orientation(p1, p2, q2)
    o3, o4 = _orientation(q1, q2, p1), _orientation(q1, q2, p2)
    if o1 != o2 and o3 != o4:
        return True
    return (
        (o1 == 0 and _on_segment(p1, q1, p2)) or (o2 == 0 and _on_segment(p1, q2, p2))
        or (o3 == 0 and _on_segment(q1, p1, q2)) or (o4 == 0 and _on_segment(q1, p2, q2))
    )


def segments_within(p1: Point, p2: Point, q1: Point, q2: Point, reach: int) -> bool:
    """Whether segment p1-p2 comes within `reach` of segment q1-q2 (exact integers)."""
    return crosses(p1, p2, q1, q2) or near(p1, q1, q2, reach) or near(p2, q1, q2, reach) \
        or near(q1, p1, p2, reach) or near(q2, p1, p2, reach)


def sweeps_within(segment: tuple[Point, Point], shift: Point, other: tuple[Point, Point], reach: int) -> bool:
    """Whether a segment moved straight by `shift` comes within `reach` of another at any moment
    of the way: whether the parallelogram it sweeps does (exact; no moment between samples is
    missed, however fast the two close)."""
    (p, q), (dx, dy) = segment, shift
    corners = (p, q, (q[0] + dx, q[1] + dy), (p[0] + dx, p[1] + dy))
    edges = tuple(zip(corners, corners[1:] + corners[:1], strict=True))
    if any(segments_within(a, b, *other, reach) for a, b in edges):
        return True
    # Wholly inside the parallelogram (it has an inside only when the shift is not along the segment).
    turns = {_orientation(a, b, other[0]) for a, b in edges}
    return turns in ({1}, {-1})


def crosses_path(p1: Point, p2: Point, path: tuple[Point, ...]) -> bool:
    """Whether segment p1-p2 touches any leg of a path of points."""
    return any(crosses(p1, p2, a, b) for a, b in zip(path, path[1:]))


def meets_between(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Whether segment q1-q2 touches segment p1-p2 anywhere but at p1 or p2 alone.

    A line of sight runs funnel to funnel and a smoke line ends at the funnel of the ship laying
    it: a line that only touches the smoke at its own end has not crossed it (2.11)."""
    if not crosses(p1, p2, q1, q2):
        return False
    ends = (p1, p2)
    if _orientation(p1, p2, q1) == 0 and _orientation(p1, p2, q2) == 0:
        # In line: the overlap runs from lo to hi (points on a line are ordered as tuples).
        lo, hi = max(min(p1, p2), min(q1, q2)), min(max(p1, p2), max(q1, q2))
        return lo != hi or lo not in ends
    # Not in line: they meet at one point, an end of p1-p2 only if that end lies on q1-q2.
    for end in ends:
        if _orientation(q1, q2, end) == 0 and _on_segment(q1, end, q2):
            return False
    return True


def crosses_between(p1: Point, p2: Point, path: tuple[Point, ...]) -> bool:
    """Whether segment p1-p2 crosses a path anywhere but at p1 or p2 alone (`meets_between`)."""
    return any(meets_between(p1, p2, a, b) for a, b in zip(path, path[1:]))


def arc_degrees(length: int, radius: int) -> int:
    """The whole degrees turned along `length` of a circle of `radius` (same units; pi as 355/113)."""
    return _div(length * 180 * 113, 355 * radius)


def turn_point(start: Point, course: int, radius: int, degrees: int, right: bool) -> Point:
    """Where a ship on `course` at `start` is after turning `degrees` on a circle of `radius`."""
    side = 90 if right else -90
    centre = offset(start, course + side, radius)
    return offset(centre, course - side + (degrees if right else -degrees), radius)


def tenths(hundredths: Point) -> Point:
    return _div(hundredths[0], 10), _div(hundredths[1], 10)


def hundredths(tenths_: Point) -> Point:
    return tenths_[0] * 10, tenths_[1] * 10

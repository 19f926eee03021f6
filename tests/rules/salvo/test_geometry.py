"""Hex numbers, neighbours, distances, lines and facings."""

import math

import pytest

from fogbank.rules.salvo import hexes
from fogbank.rules.salvo.hexes import parse


def test_numbers_round_trip_and_neighbours_follow_the_columns():
    h = parse("2005")
    assert hexes.number(h) == "2005" and (h.column, h.row) == (20, 5)
    assert [hexes.number(h.step(f)) for f in hexes.FACINGS] == ["2004", "2104", "2105", "2006", "1905", "1904"]
    odd = parse("2105")
    assert [hexes.number(odd.step(f)) for f in hexes.FACINGS] == ["2104", "2205", "2206", "2106", "2006", "2005"]


@pytest.mark.parametrize("text", ["205", "20055", "ab05", 2005, None])
def test_bad_numbers(text):
    with pytest.raises(ValueError):
        parse(text)


def test_distance_and_lines():
    a, b = parse("1310"), parse("2201")
    assert hexes.distance(a, b) == 14
    path = hexes.line(a, b)
    assert path[0] == a and path[-1] == b and len(path) == 15
    assert all(hexes.distance(x, y) == 1 for x, y in zip(path, path[1:]))


def test_turns():
    assert hexes.turn("A", -1) == "F" and hexes.turn("F", 1) == "A" and hexes.turn("B", 3) == "E"
    assert hexes.hexsides_between("A", "D") == 3 and hexes.hexsides_between("B", "F") == 2


def _degrees_off(facing, a, b):
    """A ruler and protractor's answer: the angle between the heading and the line of centres."""
    centre = lambda h: (1.5 * h.q, -math.sqrt(3) * (h.r + h.q / 2))  # noqa: E731  (x east, y north)
    (ax, ay), (bx, by) = centre(a), centre(b)
    angle = math.degrees(math.atan2(bx - ax, by - ay)) - 60 * hexes.FACINGS.index(facing)
    return abs((angle + 180) % 360 - 180)


def test_end_on_is_the_straight_edge_through_the_hexsides_ahead_and_astern():
    """12.62: the edge from dot to dot passes through the hexsides ahead and astern exactly when
    it lies within 30 degrees of the heading or its reverse; a line through a corner counts."""
    t = parse("2010")
    assert hexes.end_on(t, "A", t.step("A", 6)) and hexes.end_on(t, "A", t.step("D", 5))
    assert not hexes.end_on(t, "A", t.step("B", 6)) and not hexes.end_on(t, "A", t)
    assert hexes.end_on(t, "A", t.step("A", 5).step("B"))  # about 9 degrees off: the old hex row missed it
    assert hexes.end_on(t, "A", t.step("A").step("B"))  # 30 degrees: through the corner
    for facing in hexes.FACINGS:
        for q in range(-8, 9):
            for r in range(-8, 9):
                other = hexes.Hex(t.q + q, t.r + r)
                if other == t:
                    continue
                off = _degrees_off(facing, t, other)
                if abs(off - 30) > 1e-6 and abs(off - 150) > 1e-6:
                    assert hexes.end_on(t, facing, other) == (off < 30 or off > 150), (facing, q, r, off)


def _ruler(a, b, nudge):
    """The hexes a densely sampled straight edge from dot to dot (moved `nudge` to its left) hits."""
    size = math.sqrt(3)
    (ax, ay), (bx, by) = (1.5 * a.q, size * (a.r + a.q / 2)), (1.5 * b.q, size * (b.r + b.q / 2))
    length = math.hypot(bx - ax, by - ay)
    ox, oy = -(by - ay) / length * nudge, (bx - ax) / length * nudge
    samples = int(length * 250)
    hit = []
    for i in range(samples + 1):
        x, y = ax + ox + (bx - ax) * i / samples, ay + oy + (by - ay) * i / samples
        q = x / 1.5
        h = hexes._round(q, y / size - q / 2, -q - (y / size - q / 2))
        if not hit or hit[-1] != h:
            hit.append(h)
    return hit


def test_a_line_of_sight_is_every_hex_the_ruler_crosses():
    """The seeds' straight edge from dot to dot, exactly: a stepped line misses hexes the ruler
    clips between its steps (1805 to 2102 clips 1903 and 2004 both)."""
    a, b = parse("1805"), parse("2102")
    assert [hexes.number(h) for h in hexes.line(a, b)] == ["1805", "1904", "2004", "2003", "2102"]
    assert all([hexes.number(h) for h in path] == ["1805", "1904", "1903", "2004", "2003", "2102"]
               for path in hexes.sight_lines(a, b))
    centre = parse("1010")
    for q in range(-4, 5):
        for r in range(-4, 5):
            other = hexes.Hex(centre.q + q, centre.r + r)
            if other == centre:
                continue
            for path, nudge in zip(hexes.sight_lines(centre, other), (hexes._NUDGE, -hexes._NUDGE)):
                assert path[0] == centre and path[-1] == other
                assert all(hexes.distance(x, y) == 1 for x, y in zip(path, path[1:]))
                assert set(_ruler(centre, other, nudge)) <= set(path), (q, r)  # nothing the ruler crosses is missed
                wider = set(_ruler(centre, other, nudge)) | set(_ruler(centre, other, math.copysign(0.01, nudge)))
                assert set(path) <= wider, (q, r)  # nor added (a corner clipped by a hair shows a hair further over)


def test_a_ruler_along_a_hexside_touches_both_sides_and_one_through_a_corner_neither():
    a = parse("1010")
    b = a.step("A").step("B")  # 30 degrees: the ruler runs along the side between 1009 and 1109
    one, two = hexes.sight_lines(a, b)
    assert {a.step("A"), a.step("B")} == (set(one) | set(two)) - {a, b}
    assert set(one) ^ set(two) == {a.step("A"), a.step("B")}

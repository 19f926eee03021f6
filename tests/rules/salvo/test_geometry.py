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

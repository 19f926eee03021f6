"""Hex numbers, neighbours, distances, lines and facings."""

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


def test_turns_and_bearings():
    assert hexes.turn("A", -1) == "F" and hexes.turn("F", 1) == "A" and hexes.turn("B", 3) == "E"
    assert hexes.hexsides_between("A", "D") == 3 and hexes.hexsides_between("B", "F") == 2
    h = parse("2005")
    assert round(hexes.bearing(h, h.step("C"))) == 120
    assert hexes.off_heading("A", h, h.step("D", 4)) == pytest.approx(180)


def test_the_axis_through_a_ships_bow_and_stern():
    t = parse("2010")
    assert hexes.on_axis(t, "A", t.step("A", 6)) and hexes.on_axis(t, "A", t.step("D", 5))
    assert not hexes.on_axis(t, "A", t.step("B", 6)) and not hexes.on_axis(t, "A", t)

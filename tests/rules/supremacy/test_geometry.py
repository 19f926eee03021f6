"""The table's whole-number geometry: sines from a table, bearings, crossings, turning circles."""

from hypothesis import given
from hypothesis import strategies as st

from fogbank.rules.supremacy import geometry
from fogbank.rules.supremacy.geometry import bearing, crosses, in_arc, offset, relative

points = st.tuples(st.integers(-2000, 2000), st.integers(-2000, 2000))


def test_sines_at_the_quarter_points():
    assert [geometry.sin(d) for d in (0, 30, 90, 180, 270, 330)] == [0, 500000, 1000000, 0, -1000000, -500000]
    assert geometry.cos(60) == 500000


def test_offsets_follow_the_compass():
    assert offset((0, 0), 0, 100) == (0, 100)
    assert offset((0, 0), 90, 100) == (100, 0)
    assert offset((0, 0), 225, 100) == (-71, -71)


@given(points, st.integers(0, 359), st.integers(50, 900))
def test_the_bearing_of_a_point_set_off_along_a_course_is_that_course(start, course, length):
    assert abs(((bearing(start, offset(start, course, length)) - course + 540) % 360) - 180) <= 1


def test_relative_bearings_and_arcs_wrap_through_north():
    assert relative(10, 350) == 20
    assert in_arc(0, (210, 150)) and not in_arc(180, (210, 150))  # a bow turret's dead zone astern
    assert in_arc(180, (30, 330)) and not in_arc(0, (30, 330))


def test_segments_cross_exactly_and_touching_counts():
    assert crosses((0, 0), (10, 10), (0, 10), (10, 0))
    assert not crosses((0, 0), (10, 0), (0, 1), (10, 1))
    assert crosses((0, 0), (10, 0), (10, 0), (10, 5))


def test_a_half_circle_of_a_4_inch_radius_is_12_and_a_half_inches_of_arc():
    assert geometry.arc_degrees(1257, 400) == 180
    assert geometry.turn_point((0, 0), 0, 400, 180, right=True) == (800, 0)

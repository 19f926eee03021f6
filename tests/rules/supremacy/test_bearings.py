"""Bearings as an observer reads them (4.9, 4.10): the whole degree within a nautical mile, where
a captain may measure; beyond it read to 5 degrees by day and 10 at night, so that two ships'
cross bearings do not fix the enemy closer than her range is judged by eye."""

from __future__ import annotations

import math
import statistics

import attrs

from fogbank.rules.supremacy import contacts
from fogbank.rules.supremacy.geometry import bearing

from .test_game import start


def seen_from_two(spee_at, night=False):
    """The British side's contact of Graf Spee with Ajax at the origin and Achilles 10 inches east."""
    state = start(seats="side", night=night).state
    board = state.board.replace(
        attrs.evolve(state.board.ship("ajax"), at=(0, 0), course=0),
        attrs.evolve(state.board.ship("achilles"), at=(100, 0), course=0),
        attrs.evolve(state.board.ship("exeter"), at=(50, -3000), course=0),
        attrs.evolve(state.board.ship("graf_spee"), at=spee_at, course=90),
    )
    lit = frozenset({"graf_spee", "ajax", "achilles"}) if night else frozenset()  # seen at night in a beam
    state = attrs.evolve(state, turn=3, board=attrs.evolve(board, lit=lit))
    knowledge, _ = contacts.take(state)
    (contact,) = [c for c in knowledge["british"].latest(3) if c.ship == "graf_spee"]
    return state.board, contact


def test_bearings_beyond_a_mile_are_read_to_5_degrees_by_day_and_10_at_night_within_it_to_the_degree():
    board, contact = seen_from_two((237, 381))
    assert {s.by: s.bearing % 5 for s in contact.sightings} == {"ajax": 0, "achilles": 0}
    assert all(abs(((s.bearing - bearing(board.ship(s.by).at, (237, 381)) + 180) % 360) - 180) <= 3
               for s in contact.sightings)
    _, night = seen_from_two((237, 381), night=True)
    assert all(s.bearing % 10 == 0 for s in night.sightings)
    _, close = seen_from_two((23, 41))  # 4.7 inches from Ajax: measured; 8.6 from Achilles: read
    by = {s.by: s for s in close.sightings}
    assert by["ajax"].exact and by["ajax"].bearing == bearing((0, 0), (23, 41)) == 29
    assert not by["achilles"].exact and by["achilles"].bearing % 5 == 0


def fix(p1, t1, p2, t2):
    """Where two bearing lines cross, as a navigator plots it (None if they do not cut)."""
    d1 = (math.sin(math.radians(t1)), math.cos(math.radians(t1)))
    d2 = (math.sin(math.radians(t2)), math.cos(math.radians(t2)))
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-9:
        return None
    s = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / den
    return (p1[0] + s * d1[0], p1[1] + s * d1[1])


def test_two_ships_cross_bearings_fix_her_no_closer_than_her_range_is_judged():
    """With whole-degree bearings, Ajax and Achilles 10 inches apart fixed Graf Spee 30 to 80
    inches off to well under an inch, undoing the range judged by eye. Read to 5 degrees, the fix
    misses her by more, over a spread of places, than the seat's placing by eye does."""
    fixes, eyes = [], []
    for distance_ in range(300, 801, 50):
        for degrees in range(-60, 61, 12):
            angle = math.radians(degrees)
            truth = (round(distance_ * math.sin(angle)), round(distance_ * math.cos(angle)))
            board, contact = seen_from_two(truth)
            by = {s.by: s for s in contact.sightings}
            ajax, achilles = board.ship("ajax").at, board.ship("achilles").at
            crossed = fix(ajax, by["ajax"].bearing, achilles, by["achilles"].bearing)
            if crossed is not None:
                fixes.append(math.dist(crossed, truth))
            eyes.append(math.dist(contact.at, truth))
    assert len(fixes) > 80
    fixed, placed = statistics.median(fixes), statistics.median(eyes)
    assert fixed >= placed, (fixed, placed)

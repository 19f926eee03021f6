"""Levels, legs and the battery: the bottom is for lying still, the surfacing hour moves at surface
speed, an order may have two legs, and the battery is usable to its last unit."""

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused, find_ruleset
from fogbank.rules.dardanelles.chart import parse_square
from fogbank.rules.dardanelles.events import SUBMARINE
from fogbank.rules.dardanelles.units import Level

from .sea import chart, new_state, order, play, scenario

RULES = find_ruleset("dardanelles")
SUB, PERI, DEEP, BOTTOM = Level.SURFACE, Level.PERISCOPE, Level.SUBMERGED, Level.BOTTOM


def check(payload, **kw):
    s = scenario(**kw)
    RULES.check_order(new_state(s), SUBMARINE, RULES.parse_order(SUBMARINE, payload))


def refusal(payload, **kw) -> Refused:
    with pytest.raises(Refused) as refused:
        check(payload, **kw)
    return refused.value


def test_a_boat_at_the_bottom_cannot_move_under_power():
    refused = refusal({"course": "N", "speed": 1, "level": "bottom"}, level=BOTTOM)
    assert refused.code == "bottom_still" and "drifts" in refused.sentence
    check({"course": "N", "speed": 0, "level": "bottom"}, level=DEEP)  # settling on the seabed is fine


def test_a_boat_at_the_bottom_drifts_with_the_deep_current():
    s = scenario(sea=chart(tide={"J10": "S"}), boat_at="J10", level=BOTTOM)
    r = play(new_state(s), s, order("N", 0, BOTTOM))
    assert r.state.board.boat.square == parse_square("J11")  # the reverse of the surface stream


def test_surfacing_from_periscope_leaves_five_squares_at_surface_speed():
    s = scenario(boat_at="J5", level=PERI)
    check({"course": "N", "speed": 5, "level": "surface"}, boat_at="J5", level=PERI)
    assert refusal({"course": "N", "speed": 6, "level": "surface"}, level=PERI).code == "speed_too_high"
    r = play(new_state(s), s, order("N", 5, SUB))
    assert r.state.board.boat.square == parse_square("J10") and r.state.board.boat.level is SUB


def test_from_the_bottom_to_the_surface_leaves_three():
    check({"course": "N", "speed": 3, "level": "surface"}, level=BOTTOM)
    assert refusal({"course": "N", "speed": 4, "level": "surface"}, level=BOTTOM).code == "speed_too_high"


def test_two_legs_move_in_turn_and_the_plot_follows_them():
    s = scenario(boat_at="J5")
    r = play(new_state(s), s, order(legs=[("E", 1), ("NE", 2)], level=SUB))
    assert r.state.board.boat.square == parse_square("M7")
    assert r.state.knowledge[SUBMARINE].plotted == parse_square("M7")


def test_the_speed_limit_and_battery_count_every_leg_and_level_change():
    legs = {"legs": [{"course": "E", "speed": 1}, {"course": "NE", "speed": 2}], "level": "periscope"}
    assert refusal(legs).code == "speed_too_high"  # 3 squares and a level change below the surface
    two = {"legs": [{"course": "E", "speed": 1}, {"course": "NE", "speed": 1}], "level": "submerged"}
    refused = refusal(two, level=PERI, battery=2)  # a level step and two squares: 3 units
    assert refused.code == "battery_too_low" and "at most 1 square" in refused.sentence


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"legs": [], "level": "surface"}, "bad_legs"),
        ({"legs": [{"course": "N", "speed": 1}] * 3, "level": "surface"}, "bad_legs"),
        ({"legs": [{"course": "N", "speed": 1, "level": "deep"}], "level": "surface"}, "bad_legs"),
        ({"legs": [{"course": "N", "speed": 1}], "course": "N", "level": "surface"}, "bad_order"),
        ({"legs": "N1", "level": "surface"}, "bad_legs"),
        ({"course": "N", "speed": 1, "level": "surface", "fix": "yes"}, "bad_fix"),
    ],
)
def test_malformed_legs_and_fixes_are_refused(payload, code):
    refused = refusal(payload)
    assert refused.code == code and refused.sentence.endswith(".")


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"course": "N", "level": "submerged", "fix": True}, "fix_from_depth"),
        ({"course": "N", "level": "surface", "fix": True}, "fix_at_night"),  # b11 starts at 04:00
    ],
)
def test_a_fix_needs_daylight_and_the_boat_at_the_surface_or_periscope(payload, code):
    game = core.start(RULES, "b11", b"\x03" * 32)
    with pytest.raises(Refused) as refused:
        RULES.check_order(game.state, SUBMARINE, RULES.parse_order(SUBMARINE, payload))
    assert refused.value.code == code


def test_an_order_may_spend_the_battery_to_the_last_unit():
    check({"course": "N", "speed": 3, "level": "submerged"}, level=DEEP, battery=3)
    refused = refusal({"course": "N", "speed": 3, "level": "submerged"}, level=DEEP, battery=2)
    assert refused.code == "battery_too_low" and "2 are left" in refused.sentence


def test_the_old_one_leg_order_reads_as_it_did():
    parsed = RULES.parse_order(SUBMARINE, {"course": "NE", "speed": 2, "level": "surface"})
    assert RULES.unparse_order(parsed) == {"course": "NE", "speed": 2, "level": "surface"}
    two = {"legs": [{"course": "E", "speed": 1}, {"course": "NE", "speed": 2}], "level": "surface", "fix": True}
    assert RULES.unparse_order(RULES.parse_order(SUBMARINE, two)) == two


def test_reloading_needs_four_surfaced_hours_in_a_row():
    s = scenario(boat_at="J10", tubes=2, spare=2)
    state = new_state(s)
    board = attrs.evolve(state.board, boat=attrs.evolve(state.board.boat, loaded=0))
    state = attrs.evolve(state, board=board, knowledge={SUBMARINE: attrs.evolve(state.knowledge[SUBMARINE], loaded=0)})
    for level in (SUB, SUB, PERI, SUB, SUB, SUB):  # a dive breaks the count
        state = play(state, s, order("N", 0, level)).state
    assert state.board.boat.loaded == 0 and state.knowledge[SUBMARINE].reload_turns_left == 1
    r = play(state, s, order("N", 0, SUB))
    assert r.state.board.boat.loaded == 2 and any(e.kind == "reloaded" for e in r.events)

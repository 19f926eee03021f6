"""What the umpire tells the crew: land hides and muffles, bearings are compass points, a tracked
vessel keeps its number, bearings heard come in one line, a sinking is named, a fix resets the plot,
and the end is graded as the scenario grades it."""

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import find_ruleset
from fogbank.rules.dardanelles.chart import Course, Place, compass_point, parse_square
from fogbank.rules.dardanelles.events import SUBMARINE
from fogbank.rules.dardanelles.scenario import load_scenario
from fogbank.rules.dardanelles.units import Fire, Level

from .sea import chart, new_state, order, play, scenario

RULES = find_ruleset("dardanelles")
SUB, PERI, DEEP = Level.SURFACE, Level.PERISCOPE, Level.SUBMERGED
# A spit of land across the middle of the sea, rows 11 and 12 from column A to column O.
SPIT = ["." * 20] * 8 + ["#" * 15 + "." * 5] * 2 + ["." * 20] * 10


def reports(r):
    return r.state.knowledge[SUBMARINE].reports


@pytest.mark.parametrize("level, table", [(PERI, "vision"), (DEEP, "hydrophone")])
def test_land_between_hides_and_muffles_a_vessel(dice, level, table):
    dice.set(table, 6)
    s = scenario(sea=chart(SPIT), boat_at="J9", level=level, vessels={"J13": "transport", "M9": "caique"})
    r = play(new_state(s), s, order("N", 0, level))
    looked = [roll.key for roll in r.rolls if roll.table == table]
    assert looked == [f"1/{table}/2"]  # the caique, on this side of the spit; the transport beyond it unrolled


def test_a_line_touching_only_a_corner_of_land_is_clear():
    sea = chart(["." * 20] * 10 + ["#" + "." * 19] + ["." * 20] * 9)  # land at A10 alone
    assert sea.clear_line(parse_square("A9"), parse_square("C11"))  # passes the corner of A10
    assert not sea.clear_line(parse_square("A9"), parse_square("A11"))  # through it


@pytest.mark.parametrize(
    "target, point, degrees",
    [
        ("J14", "N", 0),
        ("K14", "NNE", 23),  # 14 degrees: nearer NNE (22.5) than N
        ("N14", "NE", 45),
        ("N10", "E", 90),
        ("J6", "S", 180),
        ("H14", "NNW", 338),
    ],
)
def test_bearings_are_the_nearest_of_sixteen_compass_points(target, point, degrees):
    assert compass_point(parse_square("J10"), parse_square(target)) == (point, degrees)


def test_several_vessels_heard_come_in_one_report(dice):
    dice.set("hydrophone", 6)
    s = scenario(boat_at="J10", level=DEEP, vessels={"J14": "transport", "N10": "caique"})
    r = play(new_state(s), s, order("N", 0, DEEP))
    (report,) = reports(r)
    assert report.text == "2 vessels can be heard moving through the water, bearing N (contact 1), E (contact 2)."
    assert [c.number for c in report.contacts] == [1, 2] and report.contact == report.contacts[0]


def test_a_tracked_vessel_keeps_its_contact_number_and_a_lost_one_gets_a_new_one(dice):
    dice.set("hydrophone", 6)
    s = scenario(boat_at="J10", level=DEEP, vessels={"J14": "transport"})
    state = new_state(s)
    numbers = []
    for hour, face in enumerate((6, 6, 1, 6, 1, 1, 1, 6)):
        dice.set("hydrophone", face)
        state = play(state, s, order("N", 0, DEEP)).state
        numbers += [c.number for c in state.knowledge[SUBMARINE].contacts if c.turn == hour + 1]
    # Heard on hours 1, 2, 4 (a silent hour between keeps the track) and 8 (three silent hours lose it).
    assert numbers == [1, 1, 1, 2]
    assert state.board.contact_vessels == {1: 1, 2: 1}


def test_a_sunk_target_is_reported_by_name_with_what_comes_next(dice):
    s = scenario(boat_at="J10", vessels={"J11": "battleship"}, sink=[1])
    s = attrs.evolve(s, vessels=(attrs.evolve(s.vessels[0], name="Messudieh"),))
    dice.set("vision", 6)
    state = play(new_state(s), s, order("N", 0, SUB)).state
    dice.set("torpedo", 6, 6)
    r = play(state, s, order("N", 0, SUB, Fire(target=1, direction=Course.N)))
    texts = [rep.text for rep in reports(r) if rep.turn == 2]
    assert "Torpedo fired N at contact 1: a hit! Messudieh sunk - now get out." in texts


def test_a_fix_on_a_landmark_in_sight_puts_the_plot_on_the_true_square(dice):
    sea = attrs.evolve(chart(tide={"J10": "S"}), places=(Place("Kephez Point", parse_square("M12"), "asia", True),))
    s = scenario(sea=sea, boat_at="J10")
    r = play(new_state(s), s, order("E", 1, SUB, fix=True))  # K10, no drift there
    log = r.state.knowledge[SUBMARINE]
    assert log.plotted == parse_square("K10") and log.reports[-1].kind == "fix"
    assert log.reports[-1].text == "Fix taken on Kephez Point: the boat is in K10."
    # Drifted off the plot: the fix brings the plot back to where the boat truly is.
    r = play(new_state(s), s, order("N", 0, SUB, fix=True))
    assert r.state.knowledge[SUBMARINE].plotted == parse_square("J9") == r.state.board.boat.square


def test_no_landmark_in_sight_no_fix(dice):
    sea = attrs.evolve(chart(), places=(Place("Far Cape", parse_square("T20"), "asia", True),))
    s = scenario(sea=sea, boat_at="J10")
    r = play(new_state(s), s, order("N", 0, SUB, fix=True))
    assert [rep.kind for rep in reports(r)] == ["no_fix"] and r.state.knowledge[SUBMARINE].plotted == parse_square("J10")


def test_taking_a_fix_under_the_observers_eyes_makes_the_boat_easier_to_see(dice):
    s = scenario(sea=chart(searchlight=["J10"]), boat_at="J10")
    r = play(new_state(s), s, order("N", 0, PERI, fix=True))
    (roll,) = [roll for roll in r.rolls if roll.table == "observers_day"]
    assert [m.reason for m in roll.modifiers] == ["at periscope level", "taking a fix"]


def _b11_end(boat: str, sunk: set[int]):
    s = load_scenario("b11")
    targets = all(n in sunk for n in s.victory.sink)
    return s.victory.grade(targets, boat, len(sunk))


@pytest.mark.parametrize(
    "boat, sunk, result",
    [
        ("home", {9}, "victory"),
        ("lost", {9}, "marginal victory"),
        ("afloat", {9, 4}, "marginal victory"),
        ("home", {4}, "draw"),
        ("afloat", set(), "marginal defeat"),
        ("lost", {4}, "marginal defeat"),
        ("lost", set(), "defeat"),
    ],
)
def test_b11_is_graded_from_the_messudieh_and_the_boat(boat, sunk, result):
    assert _b11_end(boat, sunk).result == result


def test_the_messudieh_sunk_and_the_boat_lost_is_a_marginal_victory(dice):
    s = load_scenario("b11")
    game = core.start(RULES, "b11", b"\x05" * 32)
    state = game.state
    vessels = tuple(attrs.evolve(v, sunk=v.number == 9) for v in state.board.vessels)
    boat = attrs.evolve(state.board.boat, air=0, level=Level.SUBMERGED)
    state = attrs.evolve(state, board=attrs.evolve(state.board, vessels=vessels, boat=boat))
    r = play(state, s, order("N", 0, DEEP))
    assert r.state.outcome.results == {"british": "marginal victory"}
    assert r.state.outcome.reason == "The Messudieh is sunk, but B11 did not come out of the Straits."


def test_a_tracked_vessel_seen_once_may_be_fired_at_after_it_was_only_heard(dice):
    dice.set("vision", 6).set("hydrophone", 6)
    s = scenario(boat_at="J10", level=PERI, vessels={"J12": "battleship"})
    state = play(new_state(s), s, order("N", 0, PERI)).state  # seen: contact 1
    state = play(state, s, order("N", 0, DEEP)).state  # heard: still contact 1
    log = state.knowledge[SUBMARINE]
    assert [c.fidelity.value for c in log.contacts] == ["silhouette", "bearing"] and log.contact(1).distance is None
    state = play(state, s, order("N", 0, PERI)).state
    fire = {"level": "periscope", "fire": {"target": 1, "direction": "N"}}
    RULES.check_order(state, SUBMARINE, RULES.parse_order(SUBMARINE, fire))

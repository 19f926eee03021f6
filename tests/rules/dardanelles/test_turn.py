"""The rules of an hour, one at a time, on small made-up seas with loaded dice."""

import attrs
import pytest

from fogbank.rules.dardanelles.chart import Course, parse_square
from fogbank.rules.dardanelles.events import SUBMARINE
from fogbank.rules.dardanelles.turn import is_night
from fogbank.rules.dardanelles.units import Fire, Level

from .sea import chart, new_state, order, play, scenario

SUB, PERI, DEEP, BOTTOM = Level.SURFACE, Level.PERISCOPE, Level.SUBMERGED, Level.BOTTOM


def told(resolution):
    return [e.kind for e in resolution.events if SUBMARINE in e.audience]


def rolls(resolution, table):
    return [r for r in resolution.rolls if r.table == table]


def boat(resolution):
    return resolution.state.board.boat


# Movement, levels, battery.


def test_surface_boat_moves_six_and_uses_no_battery():
    s = scenario(boat_at="J5")
    r = play(new_state(s), s, order("N", 6, SUB))
    assert boat(r).square == parse_square("J11")
    assert boat(r).battery == 36


def test_each_square_below_the_surface_costs_a_battery_unit_and_diving_costs_its_steps():
    s = scenario(boat_at="J5")
    r = play(new_state(s), s, order("E", 1, DEEP))  # two level steps down, one square
    assert boat(r).square == parse_square("K5")
    assert boat(r).battery == 36 - 3
    assert boat(r).level is DEEP


def test_the_plot_is_dead_reckoning_and_never_shows_the_drift():
    s = scenario(sea=chart(tide={"J10": "SW", "K10": "SW"}), boat_at="J10")
    r = play(new_state(s), s, order("E", 1, SUB))
    assert boat(r).square == parse_square("J9")  # K10, then the tide to J9
    log = r.state.knowledge[SUBMARINE]
    assert log.plotted == parse_square("K10")


def test_submerged_boats_drift_away_from_the_mouth():
    s = scenario(sea=chart(tide={"J10": "SW"}), boat_at="J10", level=DEEP)
    r = play(new_state(s), s, order("N", 0, DEEP))
    assert boat(r).square == parse_square("K11")


def test_no_drift_into_land():
    terrain = ["." * 20] * 10 + ["#" + "." * 19] + ["." * 20] * 9
    s = scenario(sea=chart(terrain, tide={"B10": "W"}), boat_at="B10")
    r = play(new_state(s), s, order("N", 0, SUB))
    assert boat(r).square == parse_square("B10")


def test_running_into_land_stops_the_boat_and_the_crew_knows_how_far_it_went():
    terrain = ["." * 20] * 5 + ["." * 12 + "#" * 8] + ["." * 20] * 14  # row 15 blocked from M east
    s = scenario(sea=chart(terrain), boat_at="M12")
    r = play(new_state(s), s, order("N", 5, SUB))
    assert boat(r).square == parse_square("M14")
    assert "grounded" in told(r)
    assert r.state.knowledge[SUBMARINE].plotted == parse_square("M14")


# Minefields.


@pytest.mark.parametrize(
    "level, faces, result",
    [
        (SUB, (1, 2), "mine_struck"),  # 3
        (SUB, (2, 2), "minefield_noticed"),  # 4
        (PERI, (2, 2), "mine_struck"),  # 4 - 1 at periscope
        (SUB, (4, 4), "minefield_noticed"),  # 8
        (SUB, (4, 5), None),  # 9: do not tell the player
        (PERI, (4, 5), "minefield_noticed"),  # 9 - 1
        (DEEP, (2, 2), "mine_struck"),  # 4
        (DEEP, (2, 3), "minefield_noticed"),  # 5: mooring wires
        (DEEP, (4, 5), "minefield_noticed"),  # 9
        (DEEP, (5, 5), None),  # 10
        (BOTTOM, (1, 1), "minefield_noticed"),  # 2 + 4 at the bottom
        (BOTTOM, (3, 3), None),  # 6 + 4
    ],
)
def test_minefield_tables_and_modifiers(dice, level, faces, result):
    dice.set("mines", *faces)
    s = scenario(boat_at="J5", level=level, minefields={"J6": 1})
    r = play(new_state(s), s, order("N", 1, level))
    kinds = [k for k in told(r) if k in ("mine_struck", "minefield_noticed")]
    assert kinds == ([result] if result else [])
    assert len(rolls(r, "minefield_surface" if level.sees else "minefield_submerged")) == 1
    assert boat(r).afloat == (result != "mine_struck")


def test_a_roll_for_each_row_of_mines_and_the_worst_counts(dice):
    dice.set("mines/leg0/1", 1, 1).set("mines/leg0/0", 6, 6)
    s = scenario(boat_at="J5", minefields={"J6": 3})
    r = play(new_state(s), s, order("N", 3, SUB))
    assert len(rolls(r, "minefield_surface")) == 3
    assert not boat(r).afloat
    assert boat(r).square == parse_square("J6")  # sunk where the mine was


def test_drifting_into_a_minefield_is_entering_it(dice):
    dice.set("mines/drift", 1, 1)
    s = scenario(sea=chart(tide={"J10": "S"}), boat_at="J10", minefields={"J9": 1})
    r = play(new_state(s), s, order("N", 0, SUB))
    assert not boat(r).afloat


def test_the_player_hears_nothing_of_an_unnoticed_minefield(dice):
    dice.set("mines", 6, 6)
    s = scenario(boat_at="J5", minefields={"J6": 2})
    quiet = scenario(boat_at="J5")
    a = play(new_state(s), s, order("N", 2, SUB))
    b = play(new_state(quiet), quiet, order("N", 2, SUB))
    assert a.state.knowledge == b.state.knowledge


# Looking and listening.


@pytest.mark.parametrize("face, seen", [(2, False), (3, True), (6, True)])
def test_vision_roll(dice, face, seen):
    dice.set("vision", face)
    s = scenario(boat_at="J10", vessels={"L12": "battleship"})
    r = play(new_state(s), s, order("N", 0, SUB))
    sightings = [e for e in r.events if e.kind == "sighted"]
    assert bool(sightings) == seen
    if seen:
        c = sightings[0].contact
        assert (c.silhouette, c.distance, c.bearing, c.fidelity.value) == ("battleship", 2, 45, "silhouette")


@pytest.mark.parametrize(
    "start, where, rolled",
    [
        ("1914-12-13T10:00", "J14", True),  # 4 squares by day
        ("1914-12-13T10:00", "J15", False),
        ("1914-12-13T22:00", "J12", True),  # 2 by night, from 2200
        ("1914-12-13T22:00", "J13", False),
        ("1914-12-13T05:00", "J13", False),  # 0500 is still night
        ("1914-12-13T06:00", "J13", True),
    ],
)
def test_vision_range_by_day_and_night(start, where, rolled):
    s = scenario(start=start, boat_at="J10", vessels={where: "transport"})
    r = play(new_state(s), s, order("N", 0, PERI))
    assert len(rolls(r, "vision")) == (1 if rolled else 0)


@pytest.mark.parametrize("where, rolled", [("J16", True), ("J17", False)])
def test_hydrophones_reach_six_squares_and_give_a_bearing_only(dice, where, rolled):
    dice.set("hydrophone", 3)
    s = scenario(boat_at="J10", level=DEEP, vessels={where: "patrol_boat"})
    r = play(new_state(s), s, order("N", 0, DEEP))
    heard = [c for e in r.events if e.kind == "heard" for c in e.contacts]
    assert len(heard) == (1 if rolled else 0)
    if heard:
        assert heard[0].point == "N" and heard[0].distance is None and heard[0].silhouette is None


def test_hydrophone_two_or_less_hears_nothing(dice):
    dice.set("hydrophone", 2)
    s = scenario(boat_at="J10", level=DEEP, vessels={"J12": "patrol_boat"})
    r = play(new_state(s), s, order("N", 0, DEEP))
    assert len(rolls(r, "hydrophone")) == 1 and "heard" not in told(r)


# The shore: observers, searchlights, batteries.


@pytest.mark.parametrize(
    "level, faces, spotted",
    [
        (SUB, (3, 3), True),
        (PERI, (2, 3), True),
        (PERI, (3, 3), False),
        (SUB, (3, 4), False),
        (SUB, (1, 1), True),
    ],
)
def test_artillery_observers_by_day(dice, level, faces, spotted):
    dice.set("observers", *faces).set("shore_battery", 6, 6)
    s = scenario(sea=chart(searchlight=["J10"], batteries=["J10"]), boat_at="J10", level=level)
    r = play(new_state(s), s, order("N", 0, level))
    assert len(rolls(r, "shore_battery")) == (1 if spotted else 0)
    assert ("shell_splashes" in told(r)) == spotted


@pytest.mark.parametrize(
    "level, faces, found", [(SUB, (1, 2), True), (PERI, (1, 2), False), (SUB, (2, 2), False)]
)
def test_searchlights_by_night(dice, level, faces, found):
    dice.set("searchlight", *faces).set("shore_battery", 6, 6)
    s = scenario(start="1914-12-13T23:00", sea=chart(searchlight=["J10"]), boat_at="J10", level=level)
    r = play(new_state(s), s, order("N", 0, level))
    assert told(r)[0] == ("caught_by_searchlight" if found else "searchlights_sweeping")
    assert not rolls(r, "shore_battery")  # not within battery range


def test_observers_out_of_battery_range_tell_the_player_nothing(dice):
    dice.set("observers", 1, 1)
    s = scenario(sea=chart(searchlight=["J10"]), boat_at="J10")
    r = play(new_state(s), s, order("N", 0, SUB))
    assert told(r) == [] and [e.kind for e in r.events if e.kind == "spotted_from_shore"]


@pytest.mark.parametrize(
    "start, level, faces, sunk",
    [
        ("1914-12-13T10:00", SUB, (4, 4), True),  # 8
        ("1914-12-13T10:00", SUB, (4, 5), False),  # 9
        ("1914-12-13T10:00", PERI, (4, 4), False),  # 8 + 1 at periscope
        ("1914-12-13T23:00", SUB, (3, 4), False),  # 7 + 2 at night
        ("1914-12-13T23:00", SUB, (3, 3), True),  # 6 + 2
        ("1914-12-13T23:00", PERI, (2, 3), True),  # 5 + 3
        ("1914-12-13T23:00", PERI, (3, 3), False),  # 6 + 3
    ],
)
def test_shore_battery_fire(dice, start, level, faces, sunk):
    dice.set("observers", 1, 1).set("searchlight", 1, 1).set("shore_battery", *faces)
    s = scenario(start=start, sea=chart(searchlight=["J10"], batteries=["J10"]), boat_at="J10", level=level)
    r = play(new_state(s), s, order("N", 0, level))
    assert boat(r).afloat == (not sunk)
    assert ("sunk_by_battery" if sunk else "shell_splashes") in told(r)


def test_no_shore_rolls_for_a_submerged_boat():
    s = scenario(sea=chart(searchlight=["J10"], batteries=["J10"]), boat_at="J10", level=DEEP)
    r = play(new_state(s), s, order("N", 0, DEEP))
    assert not rolls(r, "observers_day") and not rolls(r, "searchlight_night")


# Torpedoes.


def sighted(dice, s, face=6):
    """A state in which the boat has just sighted the scenario's first vessel (as contact 1)."""
    dice.set("vision", face)
    state = new_state(s)
    return play(state, s, order("N", 0, s.boat.level)).state


@pytest.mark.parametrize(
    "where, faces, hit",
    [
        ("J11", (3, 4), True),  # range 1: 7
        ("J11", (3, 3), False),  # 6
        ("J12", (4, 4), True),  # range 2: 8 - 1
        ("J12", (3, 4), False),  # 7 - 1
        ("J13", (5, 5), True),  # range 3: 10 - 3
        ("J13", (4, 5), False),  # 9 - 3
    ],
)
def test_torpedo_table_and_range_modifiers(dice, where, faces, hit):
    s = scenario(boat_at="J10", vessels={where: "battleship"})
    state = sighted(dice, s)
    dice.set("torpedo", *faces).set("vision", 1)
    r = play(state, s, order("N", 0, SUB, Fire(target=1, direction=Course.N)))
    assert r.state.board.vessels[0].sunk == hit
    assert [e.hit for e in r.events if e.kind == "torpedo_fired"] == [hit]
    assert boat(r).loaded == 1


def test_a_torpedo_fired_the_wrong_way_misses_without_a_roll(dice):
    s = scenario(boat_at="J10", vessels={"J12": "battleship"})
    state = sighted(dice, s)
    r = play(state, s, order("N", 0, SUB, Fire(target=1, direction=Course.E)))
    assert not rolls(r, "torpedo") and not r.state.board.vessels[0].sunk


def test_beyond_three_squares_a_torpedo_cannot_hit(dice):
    s = scenario(boat_at="J10", vessels={"J14": "battleship"})
    state = sighted(dice, s)
    r = play(state, s, order("N", 0, SUB, Fire(target=1, direction=Course.N)))
    assert not rolls(r, "torpedo")


def test_reloading_takes_four_turns_on_the_surface():
    s = scenario(boat_at="J10", tubes=2, spare=2)
    state = new_state(s)
    state = attrs.evolve(
        state,
        board=attrs.evolve(state.board, boat=attrs.evolve(state.board.boat, loaded=0)),
        knowledge={SUBMARINE: attrs.evolve(state.knowledge[SUBMARINE], loaded=0)},
    )
    for hour in range(4):
        assert state.knowledge[SUBMARINE].reload_turns_left == 4 - hour
        r = play(state, s, order("N", 0, SUB))
        state = r.state
    assert boat(r).loaded == 2 and boat(r).spare == 0 and "reloaded" in told(r)


# Air and battery.


def test_twenty_hours_of_air_then_the_crew_is_lost():
    s = scenario(boat_at="J10", level=BOTTOM)
    state = new_state(s)
    for _ in range(20):
        r = play(state, s, order("N", 0, BOTTOM))
        state = r.state
        assert boat(r).afloat
    assert boat(r).air == 0
    r = play(state, s, order("N", 0, BOTTOM))
    assert not boat(r).afloat and "air_exhausted" in told(r)


def test_surfacing_replenishes_five_air_and_six_battery_up_to_full():
    s = scenario(boat_at="J10", air=10, battery=33)
    r = play(new_state(s), s, order("N", 0, SUB))
    assert (boat(r).air, boat(r).battery) == (15, 36)


def test_the_battery_is_usable_to_the_last_unit():
    s = scenario(boat_at="J10", level=DEEP, battery=3)
    r = play(new_state(s), s, order("N", 3, DEEP))
    assert boat(r).afloat and boat(r).battery == 0 and boat(r).square == parse_square("J13")
    r = play(r.state, s, order("N", 0, DEEP))  # lying still below with a flat battery: no power needed
    assert boat(r).afloat


def test_a_boat_that_must_move_below_with_a_flat_battery_is_lost():
    """Only the umpire's hand (a battery set lower once the order was in) can bring this about:
    the rules refuse an order the battery cannot pay for."""
    s = scenario(boat_at="J10", level=DEEP, battery=0)
    r = play(new_state(s), s, order("N", 1, DEEP))
    assert not boat(r).afloat and "battery_exhausted" in told(r)


# Winning and losing.


def test_sink_the_target_then_get_out_is_victory(dice):
    sea = chart(zones={"J9": "X"})
    s = scenario(sea=sea, boat_at="J10", vessels={"J11": "battleship"}, sink=[1])
    state = sighted(dice, s)
    dice.set("torpedo", 6, 6)
    r = play(state, s, order("S", 1, SUB, Fire(target=1, direction=Course.N)))
    assert r.state.outcome.results == {"british": "victory"}


def test_getting_out_without_sinking_the_target_is_not_victory():
    sea = chart(zones={"J9": "X"})
    s = scenario(sea=sea, boat_at="J10", vessels={"J15": "battleship"}, sink=[1])
    r = play(new_state(s), s, order("S", 1, SUB))
    assert r.state.outcome is None


def test_time_runs_out_and_the_reason_says_the_last_turn_is_over():
    s = scenario(boat_at="J10", turn_limit=2)
    state = play(new_state(s), s, order()).state
    assert state.outcome is None
    outcome = play(state, s, order()).state.outcome
    assert outcome.results == {"british": "draw"}
    assert outcome.reason == "Time is up: turn 2 was the last. The mission was not done."


def _b11_table(**where):
    """A made-up sea with B11's own table of results: she sails from J9, out of the Straits (X)."""
    from fogbank.rules.dardanelles.scenario import load_scenario

    s = scenario(sea=chart(zones={"J9": "X", "J8": "X"}), boat_at="J9", sink=[1], **where)
    return attrs.evolve(s, victory=attrs.evolve(s.victory, grades=load_scenario("b11").victory.grades))


def test_coming_back_out_of_the_straits_ends_the_patrol_and_says_so():
    s = _b11_table(vessels={"J15": "battleship"})
    state = play(new_state(s), s, order("N", 1, SUB)).state  # in: J10
    assert state.outcome is None
    state = play(state, s, order("S", 2, SUB)).state  # back out: J8
    assert state.outcome.results == {"british": "marginal defeat"}
    assert state.outcome.reason == (
        "B11 came back out of the Straits with the Messudieh still afloat, having done the enemy no harm.")


def test_a_boat_that_never_went_in_is_not_home_until_the_last_turn():
    s = _b11_table(vessels={"J15": "battleship"}, turn_limit=3)
    state = new_state(s)
    for _ in range(2):
        state = play(state, s, order("S", 1, SUB)).state  # out of the Straits all along: J8, J7
        assert state.outcome is None
    outcome = play(state, s, order()).state.outcome
    assert outcome.results == {"british": "marginal defeat"}
    assert outcome.reason.startswith("Time is up: turn 3")


def test_time_up_inside_the_straits_having_sunk_something_is_a_draw_and_says_why(dice):
    s = _b11_table(vessels={"J11": "battleship", "J12": "caique"}, turn_limit=2)
    dice.set("vision", 6)
    state = play(new_state(s), s, order("N", 1, SUB)).state  # J10: she sees the caique and the battleship
    caique = next(c for c in state.knowledge[SUBMARINE].contacts if c.distance == 2)
    dice.set("torpedo", 6, 6)
    outcome = play(state, s, order(fire=Fire(target=caique.number, direction=Course.N))).state.outcome
    assert outcome.results == {"british": "draw"}
    assert outcome.reason == ("Time is up: turn 2 was the last. "
                              "B11 sank 1 vessel, but the Messudieh is still afloat.")


# A target that counts only till an hour (AE2: the battleship, before dark on the 25th).


def _with_deadline(s, before):
    """`s` with its targets counting only if sunk before `before`, as a scenario file says it."""
    from fogbank.rules.dardanelles.scenario import _turns_before

    return attrs.evolve(
        s, victory=attrs.evolve(s.victory, sink_before=before, sink_by=_turns_before(s.start, before))
    )


def _sink_at(dice, s, turn):
    """Sight the target in turn 1, wait on the spot, and fire at her in `turn`."""
    state = sighted(dice, s)
    dice.set("vision", 6)
    while state.turn < turn:
        state = play(state, s, order()).state
    dice.set("torpedo", 6, 6)
    return play(state, s, order("S", 1, SUB, Fire(target=1, direction=Course.N))).state


def test_a_target_sunk_in_the_last_hour_before_the_deadline_counts(dice):
    # The game starts at 1000; the hour that begins at 1200 (turn 3) is the last before 1300.
    sea = chart(zones={"J9": "M"})
    s = _with_deadline(scenario(sea=sea, boat_at="J10", vessels={"J11": "battleship"}, sink=[1], reach="M"), "1914-12-13T13:00")
    state = _sink_at(dice, s, 3)
    assert state.board.vessels[0].sunk
    assert state.outcome.results == {"british": "victory"}


def test_a_target_sunk_from_the_deadline_on_does_not_count_and_home_ends_the_game(dice):
    # The hour that begins at 1300 (turn 4) is past it: she sinks, but the mission is not done;
    # the boat is home and nothing is left that counts, so the game ends there, not at the limit.
    sea = chart(zones={"J9": "M"})
    s = _with_deadline(scenario(sea=sea, boat_at="J10", vessels={"J11": "battleship"}, sink=[1], reach="M"), "1914-12-13T13:00")
    state = _sink_at(dice, s, 4)
    assert state.board.vessels[0].sunk
    assert state.outcome.results == {"british": "draw"}  # the plain table: time up, or home, without the mission
    told_now = [e for e in state.knowledge[SUBMARINE].reports if e.kind == "torpedo_fired" and e.facts["hit"]]
    assert told_now and "make for" not in told_now[-1].text  # no "now make for ..." once it no longer counts


def _crew_view(state, s):
    from fogbank.rules.dardanelles.views import submarine_view

    return submarine_view(state, s, state.knowledge[SUBMARINE], None)


def test_the_crew_s_view_says_the_targets_are_sunk_only_when_sunk_in_time(dice):
    # The seat's countdown to the hour stops once they are: the view says so, from the crew's log.
    sea = chart(zones={"J9": "M"})
    s = _with_deadline(scenario(sea=sea, boat_at="J10", vessels={"J11": "battleship"}, sink=[1], reach="M"),
                       "1914-12-13T13:00")
    assert not _crew_view(sighted(dice, s), s).targets_sunk
    in_time = _sink_at(dice, s, 2)
    assert in_time.outcome is None or in_time.outcome.results == {"british": "victory"}
    assert _crew_view(in_time, s).targets_sunk
    too_late = _sink_at(dice, s, 4)
    assert too_late.board.vessels[0].sunk and not _crew_view(too_late, s).targets_sunk


def test_home_before_the_deadline_with_the_target_afloat_plays_on():
    sea = chart(zones={"J9": "M"})
    s = _with_deadline(scenario(sea=sea, boat_at="J10", vessels={"J15": "battleship"}, sink=[1], reach="M"), "1914-12-13T13:00")
    r = play(new_state(s), s, order("S", 1, SUB))
    assert r.state.outcome is None  # at J9, home, but the hour for the battleship has not passed


def test_a_deadline_that_is_not_on_the_hour_or_not_after_the_start_is_refused_when_the_scenario_loads():
    from fogbank.rules.dardanelles.scenario import _turns_before

    assert _turns_before("1915-04-25T02:00", "1915-04-25T22:00") == 20
    for bad in ("1915-04-25T22:30", "1915-04-25T02:00", "1915-04-24T22:00"):
        with pytest.raises(ValueError):
            _turns_before("1915-04-25T02:00", bad)


def test_ae2_must_sink_the_battleship_off_maidos_before_dark_on_the_day_of_the_landings():
    from fogbank.rules.dardanelles.scenario import load_scenario

    s = load_scenario("marmara")
    battleship = next(v for v in s.vessel_places if v.type.value == "battleship")
    assert s.victory.sink == (battleship.number,)
    # Night falls at 2200 (the notes); the game starts at 0200: turns 1-20 are the hours before it.
    assert s.victory.sink_before == "1915-04-25T22:00" and s.victory.sink_by == 20
    assert is_night(s, s.victory.sink_by + 1) and not is_night(s, s.victory.sink_by)

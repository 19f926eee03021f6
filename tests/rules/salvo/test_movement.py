"""Movement (7.0, 12.31), the exit, mines, smoke markers (NWS), dummies (12.22), zeppelins, and the
random events of seed 004 as this hex game reads them."""

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused, Roll
from fogbank.rules.salvo import movement, phase_one, turn
from fogbank.rules.salvo.hexes import parse
from fogbank.rules.salvo.scenario import for_options, load_scenario
from fogbank.rules.salvo.work import Work

from .sea import RULES, ship, work


@pytest.mark.parametrize("kind, path, code", [
    ("capital", "FFFFFFF", "too_fast"),
    ("capital", "RFLFRF", "too_many_turns"),
    ("screen", "RFLFRFL", "too_many_turns"),
    ("capital", "RRRRF", "too_many_turns"),
    ("capital", "FXF", "bad_path"),
])
def test_paths_the_rules_refuse(kind, path, code):
    unit = ship("L", "1010", kind=kind, max_speed=6)
    with pytest.raises(Refused) as refused:
        movement.check_path(load_scenario("dogger_bank"), unit, path, frozenset())
    assert refused.value.code == code


def test_screens_turn_three_times_and_a_torpedo_attack_lends_them_two_hexes():
    unit = ship("D", "1010", kind="screen", max_speed=6)
    s = load_scenario("dogger_bank")
    assert movement.check_path(s, unit, "RFLFRF", frozenset()) == "RFLFRF"
    assert movement.check_path(s, unit, "F" * 8, frozenset({"torpedo attack"}))


def test_land_and_the_map_edge_but_the_exit_hexes():
    s = load_scenario("gallipoli")
    with pytest.raises(Refused) as refused:
        movement.check_path(s, ship("Q", "1310", "allied", facing="F"), "FFF", frozenset())
    assert refused.value.code == "aground"
    with pytest.raises(Refused) as refused:
        movement.check_path(s, ship("Q", "0501", "allied", facing="A"), "F", frozenset())
    assert refused.value.code == "off_map"
    assert movement.check_path(s, ship("Q", "2201", "allied", facing="A"), "F", frozenset()) == "F"
    with pytest.raises(Refused):  # the Turks have no exit
        movement.check_path(s, ship("Q", "2201", "turkish", facing="A"), "F", frozenset())


def test_smoke_carded_a_phase_ahead_is_laid_in_every_hex_moved_from_but_the_last_and_lifts_as_the_turn_ends():
    """NWS: the card is declared ahead, in the open (here with the gunfire orders); the division lays
    a marker in every hex it moves from but the last (phase 3); markers lift only at phase 7, after
    the fire they hide and before the next turn's sighting."""
    game = core.start(RULES, "dogger_bank", bytes(32), {"heavy_seas": False})
    lion = ship("D", "1010", kind="screen", facing="D", max_speed=6)
    seen = ship("S", "1020", "germany", facing="A")
    state = attrs.evolve(game.state, phase="gunfire", board=attrs.evolve(game.state.board, units=(lion, seen)))
    state = attrs.evolve(state, board=attrs.evolve(state.board, detected={"germany": frozenset({"D"}), "britain": frozenset({"S"})},
                                                   labels={"germany": {"D": 4}, "britain": {"S": 1}}))
    done = turn.resolve(state, for_options("dogger_bank", False), {"beatty": {"smoke": ["D"]}, "hipper": {}})
    assert done.state.board.smoke_cards == {"D"}
    told = {seat: [r.text for r in log.reports if r.kind == "smoke_cards"] for seat, log in done.state.knowledge.items()}
    assert told["beatty"] == ["Smoke cards: D will make smoke next move."]
    assert told["hipper"] == ["Smoke cards: D will make smoke next move."]  # identified: D by name
    w = Work(attrs.evolve(done.state, phase="movement"), for_options("dogger_bank", False))
    turn._movement(w, {"beatty": {"moves": {"D": "FFF"}}})
    assert w.board.smoke == {parse("1010"), parse("1011"), parse("1012")} and w.units["D"].hex == parse("1013")
    assert w.board.smoke_laid and w.board.smoke_cards == frozenset()
    after = turn.resolve(attrs.evolve(w.finish().state, phase="damage_control"), for_options("dogger_bank", False), {})
    assert after.state.board.smoke == frozenset() and after.state.board.smoke_laid  # event 8 still sees it was laid


def test_dummies_two_a_turn_two_in_play_and_they_take_the_place_of_a_split_marker():
    w = work([ship("L", "1010", facing="D")], phase="movement", labels={"germany": {"L": 5}}, dummy_serial=0)
    new = {"hex": "1010", "facing": "D", "path": "RFF"}
    turn._movement(w, {"beatty": {"moves": {"L": "FF"}, "dummies": [new, new, new]}})
    dummies = [u for u in w.units.values() if u.kind == "dummy"]
    assert len(dummies) == 2 and {u.hex for u in dummies} == {parse("1010").step("E", 2)}
    assert w.told["beatty"][0].kind == "no_dummy"
    assert "L" not in w.board.labels["germany"]  # the marker that split takes a new label


def test_a_mine_entered_is_rolled_for_and_a_strike_told_to_the_ship():
    w = work([ship("Q", "2006", "allied", facing="A", max_speed=3)], scenario="gallipoli", phase="movement")
    turn._movement(w, {"de_robeck": {"moves": {"Q": "F"}}})
    mine = [r for r in w.rolls if r.table.startswith("mine")]
    assert len(mine) == 1 and mine[0].key.startswith("1/mine/Q")
    assert mine[0].table == "mine_moderate"  # the printed Kephez fields are moderately mined: 1-3 strikes
    struck = [r for r in w.told.get("de_robeck", []) if r.kind == "mine_struck"]
    assert bool(struck) == (mine[0].outcome == "struck")


def test_a_zeppelin_drifts_downwind_after_moving():
    z = ship("L1", "2010", "germany", kind="zeppelin", seat="strasser", facing="A", max_speed=8)
    w = work([z], phase="movement")
    turn._movement(w, {"strasser": {"moves": {"L1": "FF"}}})
    assert w.units["L1"].hex == parse("2010").step("A", 2).step("E")  # wind from B blows toward E


class Fixed:
    """A roller that reads given outcomes, table by table."""

    def __init__(self, **outcomes):
        self.outcomes = outcomes

    def __call__(self, key, table, modifiers=()):
        return Roll(index=0, turn=1, key=key, table=table, sides=6, dice=(1,), modifiers=(), total=1,
                    outcome=self.outcomes[table])


def event(outcome, side="first", leader="suffered", **board):
    w = work([ship("L", "1010", flagship=True), ship("S", "1030", "germany", w=1, fresh_w=1)], **board)
    w.roll = Fixed(random_event=outcome, event_side=side, leader=leader)
    phase_one._random_event(w)
    return w


def test_a_visibility_of_one_is_told_as_one_hex():
    told = [e.text for e in event("the fog thickens", visibility=2, max_visibility=3).events if e.what == "visibility"]
    assert told == ["Random event: the fog thickens. Visibility is now 1 hex."]
    told = [e.text for e in event("the fog lifts", visibility=2, max_visibility=3).events if e.what == "visibility"]
    assert told == ["Random event: the fog lifts. Visibility is now 3 hexes."]


def test_the_fog_lifts_gives_back_what_the_fog_thickened_up_to_the_maximum():
    """004: "the fog of war" cuts visibility for the rest of the battle (it does not wear off as the
    turn ends), and "the fog lifts" raises it whenever it is below the maximum (3 by day in 004's
    areas: a fixed figure), so a lift after a thickening gives the hex back, and no more."""
    thick = event("the fog thickens", visibility=11, max_visibility=11)
    assert thick.board.visibility == 10 and thick.board.max_visibility == 11
    w = event("the fog lifts", visibility=thick.board.visibility, max_visibility=thick.board.max_visibility)
    assert w.board.visibility == 11
    w = event("the fog lifts", visibility=w.board.visibility, max_visibility=w.board.max_visibility)
    assert w.board.visibility == 11


def test_visibility_events_keep_to_the_maximum():
    assert event("the fog lifts", visibility=10, max_visibility=11).board.visibility == 11
    assert event("the fog lifts", visibility=11, max_visibility=11).board.visibility == 11
    assert event("the fog thickens", visibility=11, max_visibility=11).board.visibility == 10
    assert event("smoke and fog", visibility=11, smoke_laid=True).board.visibility == 10
    assert event("smoke and fog", visibility=11, smoke_laid=False).board.visibility == 11


def test_side_events():
    assert event("fire control difficulties").board.effects == {"germany": {"fire control difficulties"}}
    assert event("shields up", side="second").board.effects == {"britain": {"shields up"}}
    assert event("confusion reigns", side="first").board.effects == {"germany": {"confusion reigns"}}
    assert event("confusion reigns", side="second", leader="ignored").board.effects == {}
    assert event("mass confusion reigns").board.effects == {"germany": {"confusion reigns", "fire control difficulties"}}
    assert event("torpedo attack").board.effects == {"germany": {"torpedo attack"}}
    repaired = event("damage control")
    assert repaired.units["S"].w == 0
    assert event("surprise").board.effects == {"germany": {"confusion reigns", "fire control difficulties"}}


def test_confusion_holds_course_and_speed():
    w = work([ship("L", "1010", facing="D", speed=2)], phase="movement", effects={"britain": frozenset({"confusion reigns"})})
    turn._movement(w, {"beatty": {"moves": {"L": "RFFFF"}}})
    assert w.units["L"].hex == parse("1012") and w.units["L"].facing == "D"
    assert w.told["beatty"][0].kind == "held_course"


class Asked(Fixed):
    def __init__(self, **outcomes):
        super().__init__(**outcomes)
        self.tables = []

    def __call__(self, key, table, modifiers=()):
        self.tables.append(table)
        return super().__call__(key, table, modifiers)


def test_a_zeppelin_passing_over_a_ship_attacks_it_at_one_to_two():
    z = ship("L1", "2010", "germany", kind="zeppelin", seat="strasser", facing="A", max_speed=8, attack=3)
    w = work([z, ship("Lion", "2008", speed=0, max_speed=0)], phase="movement", labels={"germany": {"Lion": 7}})
    w.roll = Asked(crt_1_2="W")
    turn._movement(w, {"strasser": {"moves": {"L1": "FFF"}, "attacks": {"L1": 7}}})
    assert w.roll.tables == ["crt_1_2"] and w.units["Lion"].w == 1
    w = work([z, ship("Lion", "1508", speed=0, max_speed=0)], phase="movement", labels={"germany": {"Lion": 7}})
    w.roll = Asked()
    turn._movement(w, {"strasser": {"moves": {"L1": "FFF"}, "attacks": {"L1": 7}}})
    assert w.roll.tables == []  # its path never crossed her hex


def test_a_fort_and_a_ship_in_the_water_beside_it_fire_at_each_other_tripled():
    """Gallipoli rule 1's "same hex": Rumeli Mecidiye's hex (2003) is shore, and 2103 the one water
    hex beside it. A ship there and the fort fire at each other at three times their attack; a
    ship two hexes off does not, and neither does the fort at her."""
    from fogbank.rules.salvo import gunnery

    for where, tables in (("2103", ["dpt", "crt_1_1"]), ("2203", ["dpt"])):
        fort = ship("F2", "2003", "turkish", kind="fort", type="major fort", attack=4, defence=10, range=12,
                    seat="forts")
        near = ship("Q", where, "allied", attack=4, defence=10, facing="A", seat="de_robeck")
        seen = {"allied": frozenset({"F2"}), "turkish": frozenset({"Q"})}
        w = work([fort, near], scenario="gallipoli", visibility=11, detected=seen,
                 labels={"allied": {"F2": 1}, "turkish": {"Q": 1}})
        w.roll = Asked(dpt="full", crt_1_1="-")
        gunnery.resolve(w, {"de_robeck": {"fire": {"Q": {"target": 1}}}})
        assert w.roll.tables == tables  # 4 x 3 = 12 points is 1:1 against 10; 4 alone is below 1:2
        w.roll = Asked(dpt="full", crt_1_1="-")
        gunnery.resolve(w, {"forts": {"fire": {"F2": {"target": 1}}}})
        assert w.roll.tables == tables
        tripled = [e.facts["attack"] for e in w.events if e.what == "point_blank"]
        assert tripled == ([12, 12] if where == "2103" else [])


def test_the_damage_control_event_mends_a_ship_never_a_destroyed_fort():
    """Seed 004's event repairs one ship; seed 000 has a fort destroyed at 3W for good."""
    fort = ship("F", "2003", "turkish", kind="fort", type="major fort", w=3, seat="forts")
    hurt = ship("G", "2010", "turkish", w=1, seat="forts")
    w = work([ship("L", "1010", "allied", seat="de_robeck"), fort, hurt], scenario="gallipoli")
    w.roll = Fixed(random_event="damage control", event_side="first", leader="suffered")
    phase_one._random_event(w)
    assert w.units["F"].w == 3 and w.units["G"].w == 0
    w = work([ship("L", "1010", "allied", seat="de_robeck"), fort], scenario="gallipoli")
    w.roll = Fixed(random_event="damage control", event_side="first", leader="suffered")
    phase_one._random_event(w)
    assert w.units["F"].w == 3  # no ship of the side is hurt: nothing is mended


def test_surprise_a_flagship_cancels_only_the_fire_control_half():
    """Seed 004: with a leader present the Fire Control Difficulties half is ignored on 1-3, not the
    Confusion Reigns half."""
    def surprised(outcome, leader):
        w = work([ship("L", "1010"), ship("S", "1030", "germany", flagship=True)])
        w.roll = Fixed(random_event=outcome, event_side="first", leader=leader)
        phase_one._random_event(w)
        return w.board.effects

    assert surprised("surprise", "ignored") == {"germany": {"confusion reigns"}}
    assert surprised("surprise", "suffered") == {"germany": {"confusion reigns", "fire control difficulties"}}
    assert surprised("mass confusion reigns", "ignored") == {}


def test_only_gallipolis_forts_triple_fire_in_their_own_hex():
    """Gallipoli special rule 1 is that scenario's: two ships in one hex of the Dogger Bank fire as usual."""
    from fogbank.rules.salvo import gunnery

    w = work([ship("L", "1010", attack=4, facing="A"), ship("S", "1010", "germany", defence=10)],
             detected={"britain": frozenset({"S"})}, labels={"britain": {"S": 1}})
    w.roll = Asked(dpt="full", crt_1_1="-")
    gunnery.resolve(w, {"beatty": {"fire": {"L": {"target": 1}}}})
    assert w.roll.tables == ["dpt"]  # 4 points against 10: below 1:2, not 12 at 1:1


def test_zeppelins_come_out_with_no_gun_of_their_own_and_have_no_gunfire_to_order():
    """Salvo II gives a zeppelin only its attack by passing over a ship."""
    w = work([ship("L", "1010")], phase="damage_control")
    w.roll = Fixed(zeppelins="2")
    phase_one._zeppelins(w)
    zeppelins = [u for u in w.units.values() if u.kind == "zeppelin"]
    assert len(zeppelins) == 2 and all(z.attack == 0 and z.secondary == 0 for z in zeppelins)
    state = attrs.evolve(w.finish().state, phase="gunfire")
    assert "strasser" not in RULES.seats_to_act(state)


def test_an_exit_counts_by_the_hits_left_unrepairable_when_the_turn_ends():
    """Gallipoli: exiting ships must have no more than one unrepairable W and S hit. A hit taken
    this turn may yet be mended at damage control: she is judged then."""
    for repair, counted in (("repaired", 1), ("failed", 0)):
        q = ship("Q", "2201", "allied", seat="de_robeck", facing="A", speed=1, max_speed=3, w=2, fresh_w=1)
        w = work([q], scenario="gallipoli", phase="movement")
        turn._movement(w, {"de_robeck": {"moves": {"Q": "F"}}})
        assert w.units["Q"].exited and w.board.exits == ("Q",)
        assert "judged after damage control" in w.told["de_robeck"][-1].text
        w.roll = Fixed(repair=repair)
        phase_one.damage_control(w)
        assert w.units["Q"].w == 2 - counted
        assert sum(map(w.scenario.victory.counts, map(w.units.get, w.board.exits))) == counted
        assert w.told["de_robeck"][-1].kind == "exit_judged"


def test_a_dummy_suffers_confusion_as_a_real_unit_would():
    dummy = ship("dummy-britain-1", "1010", kind="dummy", name="dummy", facing="D", speed=2, max_speed=99)
    w = work([dummy], phase="movement", effects={"britain": frozenset({"confusion reigns"})})
    turn._movement(w, {"beatty": {"moves": {"dummy-britain-1": "RFFFF"}}})
    assert w.units["dummy-britain-1"].hex == parse("1012") and w.units["dummy-britain-1"].facing == "D"


def test_no_starshell_or_searchlight_without_power_after_an_engineering_hit():
    us = ship("R", "1010", "us", seat="scott", starshells=1, searchlight=True)
    w = work([us, ship("J", "1013", "japan", seat="goto")], scenario="cape_esperance", phase="sight_second",
             labels={"us": {"J": 1}}, marks=frozenset({("engineering", "R", 1)}))
    turn._declarations(w, {"scott": {"starshells": {"R": "1013"}, "searchlights": {"R": 1}}})
    assert w.board.starshells == () and w.board.searchlights == ()
    assert {r.kind for r in w.told["scott"]} == {"no_power"}


def test_a_searchlight_is_told_as_holding_the_contact_by_its_number_in_the_contacts_table():
    us = ship("R", "1010", "us", seat="scott", starshells=1, searchlight=True)
    w = work([us, ship("J", "1013", "japan", seat="goto")], scenario="cape_esperance", phase="sight_second",
             labels={"us": {"J": 1}})
    turn._declarations(w, {"scott": {"searchlights": {"R": 1}}})
    assert [r.text for r in w.told["scott"] if r.kind == "searchlight"] == [f"{us.name}'s searchlight holds contact #1."]


def test_a_mine_a_ship_strikes_is_marked_on_her_sides_maps_and_nowhere_else():
    game = core.start(RULES, "gallipoli", bytes(32))
    state = attrs.evolve(game.state, phase="movement", board=attrs.evolve(game.state.board, secret_mines=frozenset({parse("1609")})))
    w = Work(state, for_options("gallipoli", False))
    w.roll = Fixed(mine="struck", underwater="S")
    majestic = w.units["B4"]
    w.put(attrs.evolve(majestic, hex=parse("1610"), facing="A"))
    turn._movement(w, {"third_line": {"moves": {"B4": "F"}}})
    after = w.finish().state
    for seat in ("third_line", "de_robeck"):
        view = RULES.observe(after, seat)
        assert view["mines_struck"] == ["1609"] and "1609" in view["minefields"]
    assert RULES.observe(after, "forts")["mines_struck"] == []

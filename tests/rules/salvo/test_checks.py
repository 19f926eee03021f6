"""An order is checked before it is sent, by the rules' own checks, every problem at once and in
words, judged from what the seat may know (its own view): lines blocked beside the firer or target,
radar gun range, secondaries at forts, an exit from the exit hex."""

import attrs

from fogbank.rules.core import Refused

from .sea import RULES, ship, work


def picture(units, scenario="dogger_bank", **board):
    """A gunfire phase with `units` where they are: each side senses what it senses, and pictures."""
    w = work(units, scenario=scenario, phase="movement", **board)
    w.sense("movement")
    return attrs.evolve(w.finish().state, phase="gunfire")


def label(state, seat, uid):
    side = RULES.observe(state, seat)
    return next(c["label"] for c in side["contacts"] if (c["identity"] or {}).get("id") == uid)


def refused(state, seat, order):
    return [(r.code, r.sentence) for r in RULES.order_refusals(state, seat, RULES.parse_order(seat, order))]


def test_a_ship_beside_the_target_blocks_the_line_and_the_page_is_told_before_sending():
    state = picture([ship("L", "1010", facing="D"), ship("S", "1016", "germany"), ship("B", "1015", "germany")], visibility=9)
    found = refused(state, "beatty", {"fire": {"L": {"target": label(state, "beatty", "S")}}})
    assert found == [("line_blocked", "L's line to S is blocked: a ship beside the firer or target (12.41).")]


def test_a_ship_the_seat_does_not_sense_blocks_nothing_it_is_told():
    state = picture([ship("L", "1010", facing="D"), ship("S", "1016", "germany")], visibility=9)
    b = ship("B", "1015", "germany")
    state = attrs.evolve(state, board=attrs.evolve(state.board, units=(*state.board.units, b)))  # there, undetected
    assert refused(state, "beatty", {"fire": {"L": {"target": label(state, "beatty", "S")}}}) == []


def test_radar_only_contacts_need_a_fire_control_set_within_its_gun_range_this_turn():
    units = [ship("R", "1001", "us", radar="mark_3", range=30), ship("D", "1101", "us", kind="screen", type="DD", range=8, seat="tobin"),
             ship("T", "1012", "japan")]
    state = picture(units, scenario="cape_esperance", visibility=3, radar_range={"R": 12})
    t = label(state, "scott", "T")
    assert refused(state, "scott", {"fire": {"R": {"target": t}}}) == []  # 11 hexes by radar: within 12 this turn
    short = attrs.evolve(state, board=attrs.evolve(state.board, radar_range={"R": 9}))
    assert refused(short, "scott", {"fire": {"R": {"target": t}}}) == [
        ("beyond_radar_range", "T is out of sight and beyond R's radar gun range (11 hexes, 9 this turn).")]
    assert refused(state, "scott", {"fire": {"R": {"secondary": t}}})[0][0] == "out_of_range"
    assert refused(state, "tobin", {"fire": {"D": {"target": t}}})[0][0] == "out_of_range"


def test_every_problem_at_once_in_words():
    fort = ship("F1", "1014", "germany", kind="fort", type="major fort", range=10, facing="A")
    state = picture([ship("L", "1010", facing="D", secondary=2), fort, ship("S", "1030", "germany")], visibility=12)
    f = label(state, "beatty", "F1")
    found = refused(state, "beatty", {"fire": {"L": {"target": f, "secondary": f, "torpedo": f}, "X9": {"target": f}}})
    assert [code for code, _ in found] == ["no_secondary_at_forts", "no_torpedoes", "not_your_unit"]
    assert "secondary batteries may not fire at a fort" in found[0][1]
    try:
        RULES.check_order(state, "beatty", RULES.parse_order("beatty", {"fire": {"L": {"secondary": f}}}))
    except Refused as refusal:
        assert refusal.code == "no_secondary_at_forts"
    else:
        raise AssertionError("the secondary at a fort was taken")


def test_an_exit_order_from_the_exit_hex_is_taken_whatever_follows_the_step_off_the_map():
    from fogbank.rules.salvo import movement
    from fogbank.rules.salvo.scenario import load_scenario

    s = load_scenario("gallipoli")
    assert movement.check_path(s, ship("Q", "2201", "allied", facing="A", max_speed=4), "FF", frozenset()) == "FF"


def test_the_gunfire_view_lists_only_the_batteries_the_rules_let_fire():
    """A page offers as firers only what the view says may fire (`batteries`), as the check judges
    it: a fort silenced at 3W nothing, a fort its main battery alone, a ship without torpedoes no
    torpedoes; and whatever is offered, the check does not call silent."""
    fort = ship("F1", "1014", "germany", kind="fort", type="major fort", range=10, facing="A", secondary=0, seat="hipper")
    silenced = ship("F2", "1016", "germany", kind="fort", type="major fort", range=10, facing="A", secondary=0, seat="hipper", w=3)
    state = picture([ship("L", "1010", facing="D", secondary=2, torpedoes=0), fort, silenced], visibility=12)
    own = {u["id"]: u for u in RULES.observe(state, "hipper")["ships"]}
    assert own["F1"]["batteries"] == ["target"] and own["F2"]["batteries"] == []
    lion = RULES.observe(state, "beatty")["ships"][0]
    assert lion["batteries"] == ["target", "secondary"]
    f = label(state, "beatty", "F1")
    assert [code for code, _ in refused(state, "beatty", {"fire": {"L": {"torpedo": f}}})] == ["no_torpedoes"]
    assert "batteries" not in RULES.observe(attrs.evolve(state, phase="movement"), "beatty")["ships"][0]


def test_the_chart_says_what_each_facing_letter_means():
    chart = RULES.chart(picture([ship("L", "1010")]), "beatty")
    assert chart["facings"]["E"] == "south-west" and list(chart["facings"]) == list("ABCDEF")


def test_a_ship_in_the_light_is_fired_at_by_eye_to_ten_hexes_and_the_check_says_so_beyond():
    """Aoba holds a beam: every seat sees her from 10 hexes. Farenholt, 8 hexes off, may fire;
    San Francisco, 12 off and with no radar, may not (the resolution says the same)."""
    units = [ship("R", "1001", "us"),
             ship("D", "1105", "us", kind="screen", type="DD", range=12, seat="tobin"),
             ship("J", "1013", "japan", seat="goto"), ship("X", "1030", "japan", seat="goto")]
    state = picture(units, scenario="cape_esperance", visibility=3, searchlights=(("J", "X"),))
    j = label(state, "scott", "J")
    assert refused(state, "tobin", {"fire": {"D": {"target": j}}}) == []
    assert refused(state, "scott", {"fire": {"R": {"target": j}}}) == [
        ("out_of_sight", "J is out of R's sight (12 hexes; in the light, seen to 10).")]

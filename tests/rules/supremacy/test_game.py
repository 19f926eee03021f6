"""A River Plate game through the engine: set-up, seats, the phases, orders refused and carried
out, open-roster questions, sight and smoke, and whole bot games that replay and verify."""

from __future__ import annotations

import json

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.simulate import game_seed, play_bot_game
from fogbank.rules.record.verify import verify_records
from fogbank.rules.supremacy import turn
from fogbank.rules.supremacy.geometry import distance
from fogbank.rules.supremacy.scenario import ship_classes
from fogbank.rules.supremacy.sight import sees

RULES = core.find_ruleset("supremacy")
SEED = b"\1" * 32
FIRST = {"graf_spee": "A13", "ajax": "A16", "achilles": "A16", "exeter": "A10 L6"}


def start(**options):
    return core.start(RULES, "river_plate", SEED, options or None)


def order(seat, ship=None, **given):
    return RULES.parse_order(seat, {"ships": {ship or seat: given}})


def first_turn(game):
    for seat, text in FIRST.items():
        game = core.submit(game, seat, order(seat, move=text)).game
    return game


def no_torpedoes(game):
    for seat in sorted(RULES.seats_to_act(game.state)):
        game = core.submit(game, seat, order(seat, torpedoes=[])).game
    return game


def test_the_set_up_is_the_scenarios():
    board = start().state.board
    spee, ajax, achilles, exeter = (board.ship(n) for n in ("graf_spee", "ajax", "achilles", "exeter"))
    assert (spee.at, spee.course) == ((0, 0), 120)
    assert (ajax.at, ajax.course) == ((400, -620), 60)
    assert 49 <= distance(ajax.at, achilles.at) <= 50 and 49 <= distance(achilles.at, exeter.at) <= 50  # 5 inches, to a tenth
    assert achilles.course == exeter.course == 60
    assert RULES.phases == ("write_moves", "execute_moves", "searchlights", "write_fire", "execute_fire",
                            "apply_damage", "torpedoes", "cleanup")


def test_seats_are_one_a_ship_or_one_a_side_by_option():
    assert [(s.name, s.side) for s in RULES.seats(start().state)] == [
        ("graf_spee", "german"), ("ajax", "british"), ("achilles", "british"), ("exeter", "british")]
    by_side = start(seats="side")
    assert [(s.name, s.side) for s in RULES.seats(by_side.state)] == [("graf_spee", "german"), ("british", "british")]
    moved = core.submit(by_side, "british", RULES.parse_order("british", {"ships": {
        "ajax": {"move": "A16"}, "achilles": {"move": "A16"}, "exeter": {"move": "A10 L6"}}}))
    assert moved.game.orders["british"]["exeter"] == RULES.parse_order("x", {"ships": {"e": {"move": "A10 L6"}}})["e"]


def test_the_first_move_is_the_printed_one():
    game = start()
    with pytest.raises(Refused) as refused:
        core.submit(game, "exeter", order("exeter", move="A16"))
    assert refused.value.code == "first_move" and "A10 L6" in refused.value.sentence
    with pytest.raises(Refused) as refused:
        core.submit(game, "ajax", order("ajax", "exeter", move="A10 L6"))
    assert refused.value.code == "not_your_ship"


def test_after_movement_the_phases_run_to_fire_orders_and_each_seat_sees_the_enemy():
    game = first_turn(start())
    assert (game.state.turn, game.state.phase) == (1, "write_fire")
    view = to_plain(RULES.observe(game.state, "graf_spee"))
    assert {c["ship"] for c in view["contacts"]} == {"ajax", "achilles", "exeter"}
    exeter = game.state.board.ship("exeter")
    assert exeter.course == 334 and exeter.turned == 24  # A10 L6 on the 4-inch circle


def test_fire_lands_in_2d_the_firer_is_told_its_working_the_target_that_it_is_under_fire():
    game = first_turn(start())
    fire = [{"group": "fore", "target": "exeter"}, {"group": "starboard", "target": "ajax"}]
    game = core.submit(game, "graf_spee", RULES.parse_order("graf_spee", {"ships": {"graf_spee": {"fire": fire}}})).game
    for seat in ("ajax", "achilles", "exeter"):
        game = core.submit(game, seat, order(seat, fire=[])).game
    game = no_torpedoes(game)
    assert (game.state.turn, game.state.phase) == (2, "write_moves")
    kinds = {seat: [r["kind"] for r in to_plain(RULES.observe(game.state, seat, since=1))["reports"]]
             for seat in ("graf_spee", "ajax", "exeter")}
    assert kinds["graf_spee"].count("fired") == 2 and "under_fire" not in kinds["graf_spee"]
    assert kinds["exeter"].count("under_fire") == 1 and kinds["ajax"].count("under_fire") == 1
    assert "fired" not in kinds["exeter"] and "damaged" not in kinds["graf_spee"]
    exeter = game.state.board.ship("exeter")
    assert exeter.used == {} and game.state.board.ship("graf_spee").used == {"A": 2, "starboard": 2}  # first fire: half salvo


def test_an_umpires_impossible_move_is_carried_out_and_the_seat_told_how():
    game = first_turn(start())
    for seat in FIRST:
        game = core.submit(game, seat, order(seat, fire=[])).game
    game = no_torpedoes(game)
    step = core.amend(game, "ajax", {"ships": {"ajax": {"move": "A20 L2"}}}, "the umpire writes Ajax's move")
    amended = step.events[0]
    assert amended.order == {"ships": {"ajax": {"move": "A16.5"}}}
    assert "cut short at 16.5 inches" in amended.note


def test_an_umpires_fire_at_a_ship_not_seen_is_dropped_and_the_rest_fired():
    game = first_turn(start())
    board = game.state.board
    hidden = attrs.evolve(game.state, knowledge={**game.state.knowledge, "ajax": attrs.evolve(
        game.state.knowledge["ajax"], contacts=tuple(c for c in game.state.knowledge["ajax"].contacts if c.ship != "exeter"))})
    game = attrs.evolve(game, state=hidden)
    step = core.amend(game, "ajax", {"ships": {"ajax": {"fire": [
        {"group": "fore", "target": "graf_spee"}, {"group": "aft", "target": "exeter"}]}}}, "umpire")
    assert step.events[0].order["ships"]["ajax"]["fire"] == [{"group": "fore", "target": "graf_spee", "half": False}]
    assert "aft at exeter not fired" in step.events[0].note
    assert board.ship("ajax").side == "british"


def test_open_rosters_answer_in_general_terms_and_never_of_torpedoes_loaded():
    game = first_turn(start())
    step = core.ask(game, "ajax", {"ship": "graf_spee", "ask": "turrets"})
    assert step.events[0].answer == {"turrets": ["A", "X"], "secondaries": 8}
    step = core.ask(game, "ajax", {"ship": "graf_spee", "ask": "speed"})
    assert step.events[0].answer == {"top_speed": 26}
    step = core.ask(game, "ajax", {"ship": "exeter", "ask": "ammunition"})
    assert step.events[0].answer["A"] == "none"
    for bad in ({"ship": "graf_spee", "ask": "torpedoes_loaded"}, {"ship": "graf_spee"}, {"ship": 3, "ask": "damage"}):
        with pytest.raises(Refused) as refused:
            core.ask(game, "ajax", bad)
        assert refused.value.code == "bad_question"


def test_smoke_and_a_close_ship_block_sight_but_a_far_one_does_not():
    board = start().state.board
    classes = ship_classes()
    spee, ajax, exeter = board.ship("graf_spee"), board.ship("ajax"), board.ship("exeter")
    line = ((-100, -300), (300, -300))
    assert sees(spee, ajax, board.ships, classes, (), 90)
    assert not sees(spee, ajax, board.ships, classes, (line,), 90)
    across = attrs.evolve(exeter, at=(20, -30), course=90)  # a model lying across the line, 3.6 inches off
    assert not sees(spee, ajax, (spee, ajax, across), classes, (), 90)
    further = attrs.evolve(across, at=(100, -155), course=90)  # across the line, but 18 inches off
    assert sees(spee, ajax, (spee, ajax, further), classes, (), 90)
    assert not sees(spee, ajax, board.ships, classes, (), 60)  # beyond the day's visibility


def test_laying_smoke_uses_a_turn_of_smoke_and_the_line_is_gone_after_cleanup():
    game = first_turn(start())
    for seat in FIRST:
        game = core.submit(game, seat, order(seat, fire=[])).game
    game = no_torpedoes(game)
    for seat, text in {"graf_spee": "LS A13", "ajax": "A16", "achilles": "A16", "exeter": "A16"}.items():
        game = core.submit(game, seat, order(seat, move=text)).game
    assert game.state.board.ship("graf_spee").smoke_used == 1
    assert len(game.state.board.smoke) == 1
    for seat in FIRST:
        game = core.submit(game, seat, order(seat, fire=[])).game
    game = no_torpedoes(game)
    assert game.state.board.smoke == ()


@pytest.mark.parametrize("options", [None, {"seats": "side"}])
def test_bot_games_play_to_the_end_and_verify(options):
    for number in range(2):
        records = list(play_bot_game("river_plate", game_seed("test", number), options=options))
        assert records[-1]["type"] == "end" and records[-1]["results"]
        assert verify_records(json.loads(json.dumps(records))) > 0


def test_a_sunk_ship_takes_no_more_orders_and_her_seat_does_not_act():
    game = first_turn(start())
    board = game.state.board
    state = attrs.evolve(game.state, board=board.replace(attrs.evolve(board.ship("ajax"), sunk=True)))
    assert "ajax" not in RULES.seats_to_act(state)
    assert turn.decide(state) is None


def test_at_night_sight_is_15_inches_and_a_searchlight_shows_its_ship_and_the_ship_it_catches():
    game = start(night=True)
    assert to_plain(RULES.observe(game.state, "graf_spee"))["contacts"] == []  # 74 inches apart: dark
    board = game.state.board
    close = {"ajax": (0, -200), "achilles": (0, -400), "exeter": (300, 300)}
    state = attrs.evolve(game.state, phase="searchlights", board=board.replace(
        *(attrs.evolve(board.ship(n), at=at) for n, at in close.items())))
    assert RULES.seats_to_act(state) == frozenset(FIRST)
    with pytest.raises(Refused) as refused:
        RULES.check_order(state, "ajax", order("ajax", move="A16"))
    assert refused.value.code == "wrong_phase"
    result = RULES.resolve(state, {"ajax": RULES.parse_order("ajax", {"ships": {"ajax": {"searchlight": 0}}})})
    logs = result.state.knowledge
    assert [e.kind for e in result.events] == ["lit"] and result.events[0].ship == "graf_spee"
    seen_by_achilles = {c.ship for c in logs["achilles"].latest(1)}
    assert "graf_spee" in seen_by_achilles  # 40 inches off, but lit
    assert {c.ship for c in logs["graf_spee"].latest(1)} == {"ajax"}  # the light gives Ajax away


def test_by_day_no_seat_acts_in_the_searchlight_phase():
    state = attrs.evolve(start().state, phase="searchlights")
    assert RULES.seats_to_act(state) == frozenset()


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

fire_plans = st.lists(st.fixed_dictionaries(
    {"group": st.sampled_from(["fore", "aft", "port", "starboard", "bridge"]),
     "target": st.sampled_from(list(FIRST))},
    optional={"half": st.booleans(), "guns": st.integers(1, 4)}), max_size=5)


@settings(max_examples=60, deadline=None)
@given(fire_plans)
def test_any_fire_plan_the_umpire_gives_is_carried_out_within_the_rules(plan):
    game = first_turn(start())
    step = core.amend(game, "ajax", {"ships": {"ajax": {"fire": plan}}}, "the umpire writes Ajax's fire")
    amended = step.events[0]
    carried = RULES.parse_order("ajax", amended.order)
    RULES.check_order(game.state, "ajax", carried)  # raises if anything left breaks a rule
    assert len(amended.order["ships"]["ajax"]["fire"]) <= len(plan)
    assert amended.note or len(amended.order["ships"]["ajax"]["fire"]) == len(plan)


def test_land_blocks_sight_where_a_scenario_draws_it():
    board = start().state.board
    spee, ajax = board.ship("graf_spee"), board.ship("ajax")
    island = ((100, -400), (300, -300), (250, -200))  # an outline across the line between them
    assert not sees(spee, ajax, board.ships, ship_classes(), (), 90, (island,))
    assert sees(spee, ajax, board.ships, ship_classes(), (), 90, (((-500, 500), (-400, 500), (-450, 600)),))

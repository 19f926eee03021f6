"""The engine, tried as a new ruleset author would: sides, several seats a side, phases (one with
nobody to act), a falsy order, a dummy, a question, an amendment, options, per-phase holds."""

from __future__ import annotations

import subprocess
import sys

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import Cycle, Fidelity, Refused, Seat, check_seats
from fogbank.rules.core.phases import TRANSITIONS, Cycle as C, Move, Then, step
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record import gamelog
from fogbank.rules.record.replay import apply_input, full_record
from fogbank.rules.record.simulate import play_bot_game
from fogbank.rules.record.verify import Mismatch, verify_records

from . import picket  # noqa: F401  (registers the toy ruleset)


RULES = core.find_ruleset("picket")
SEED = b"\x11" * 32


@pytest.fixture
def game():
    return core.start(RULES, "picket", SEED)


def moves(game, **by_seat):
    for seat, move in by_seat.items():
        game = core.submit(game, seat, {"move": move}).game
    return game


def test_seats_have_sides_and_the_first_phase_opens(game):
    assert [s.side for s in RULES.seats(game.state)] == ["blue", "blue", "red", "red"]
    assert (game.state.turn, game.state.phase, game.cycle) == (1, "move", Cycle.ORDERS)
    assert game.waiting_for() == {"blue1", "blue2", "red1", "red2"}


@pytest.mark.parametrize("name", ["umpire", "spectator", "Blue", "a.b", "", "x" * 33, "1st"])
def test_seat_names_every_transport_carries(name):
    with pytest.raises(ValueError):
        check_seats([Seat(name, "blue")])


def test_an_order_for_another_phase_is_refused(game):
    with pytest.raises(Refused) as refusal:
        core.submit(game, "blue1", {"move": 1}, phase="fire")
    assert refusal.value.code == "wrong_phase"


def test_phases_follow_in_order_and_nobody_acts_in_damage(game):
    game = moves(game, blue1=2, blue2=2, red1=-2, red2=-2)
    assert (game.state.turn, game.state.phase) == (1, "fire")
    step_ = core.submit(game, "blue1", {})
    step_ = core.submit(step_.game, "blue2", {})
    step_ = core.submit(step_.game, "red1", {})
    step_ = core.submit(step_.game, "red2", {})
    # the fire phase resolved, and the damage phase (nobody acts) resolved as it opened
    assert [(r.turn, r.phase) for r in step_.resolutions] == [(1, "fire"), (1, "damage")]
    assert (step_.game.state.turn, step_.game.state.phase) == (2, "move")


def test_a_falsy_order_is_an_order_and_a_missing_one_stands(game):
    game = moves(game, blue1=0, blue2=0, red1=0, red2=0)
    game = core.submit(game, "blue1", {}).game
    step_ = core.release(game)
    fire = step_.resolutions[0]
    assert fire.phase == "fire"
    assert fire.orders["blue1"] == {}  # the empty fire plan, kept
    assert fire.orders["red1"] == {"standing": True}  # no order sent: the standing one


def test_a_release_tells_each_seat_without_an_order_and_nobody_else(game):
    game = core.submit(game, "blue1", {"move": 1}).game
    step_ = core.release(game)
    notices = [e for e in step_.events if isinstance(e, core.StandingOrderUsed)]
    assert [sorted(e.audience) for e in notices] == [["blue2"], ["red1"], ["red2"]]
    assert all(e.order == {"move": 0} and "standing order" in e.text for e in notices)
    assert "standing order" in step_.game.state.told["red1"][-1].text  # kept for a reconnect
    assert "blue1" not in step_.game.state.told  # blue1 had ordered: told nothing
    # Held and all in, a release tells nobody anything.
    game = core.set_hold(step_.game, True).game
    game = fire_nothing(game)
    assert not [e for e in core.release(game).events if isinstance(e, core.StandingOrderUsed)]


def fire_nothing(game):
    for seat in sorted(game.to_act()):
        game = core.submit(game, seat, {}).game
    return game


def test_holds_are_per_phase(game):
    game = core.set_hold(game, True, ["fire"]).game
    game = moves(game, blue1=0, blue2=0, red1=0, red2=0)
    assert game.state.phase == "fire" and game.held
    for seat in ("blue1", "blue2", "red1"):
        game = core.submit(game, seat, {}).game
    last = core.submit(game, "red2", {})
    assert not last.resolved and last.game.cycle is Cycle.READY
    released = core.release(last.game)
    assert released.resolved and released.game.state.phase == "move"
    with pytest.raises(Refused) as refusal:
        core.set_hold(game, True, ["lunch"])
    assert refusal.value.code == "unknown_phase"


def test_the_transition_table_is_whole():
    for (cycle, move, held), (after, then) in TRANSITIONS.items():
        assert step(cycle, move, held) == (after, then)
    assert step(C.ORDERS, Move.NOBODY, False) == (C.ORDERS, Then.RESOLVE)
    assert step(C.ORDERS, Move.NOBODY, True) == (C.READY, Then.WAIT)
    assert step(C.ENDED, Move.ORDER, False) is None


def test_an_impossible_amendment_is_carried_out_as_far_as_the_rules_allow(game):
    with pytest.raises(Refused) as refusal:
        core.submit(game, "blue1", {"move": 5})
    assert refusal.value.code == "too_far"
    step_ = core.amend(game, "blue1", {"move": 5}, "signal misread")
    (told,) = [e for e in step_.events if e.kind == "amended"]
    assert told.audience == {"blue1"} and told.order == {"move": 2} and "only 2" in told.note
    assert step_.game.orders["blue1"] == {"move": 2}
    assert step_.game.state.told["blue1"][-1] == told  # kept: a resume carries it
    with pytest.raises(Refused) as refusal:  # the umpire's ruling stands for the phase
        core.submit(step_.game, "blue1", {"move": 1})
    assert refusal.value.code == "amended"
    with pytest.raises(Refused):
        core.amend(game, "blue1", {"move": 1}, " ")


def close_in(game, seat="red1", area=8):
    """The umpire puts `seat`'s ship at `area` (beside the blue dummy, near blue2), then a turn's
    moves are made so everyone senses."""
    game = core.override(game, {"unit": seat, "area": area}, "a test").game
    return moves(game, blue1=0, blue2=0, red1=0, red2=0)


def test_a_question_rolls_once_is_told_to_the_asker_only_and_replays(game):
    game = close_in(game)
    plot = game.state.knowledge["blue2"]
    assert plot.tracks, "blue2 sees red1 three areas off"
    record = gamelog.input_record("ask", game.state.turn, seat="blue2", question={"track": plot.tracks[0].number})
    step_ = apply_input(game, record)
    (answer,) = step_.events
    assert answer.kind == "answer" and answer.audience == {"blue2"} and len(step_.rolls) == 1
    assert step_.game.state.told["blue2"] == (answer,)
    assert apply_input(game, record).rolls == step_.rolls  # the same roll on replay
    with pytest.raises(Refused) as refusal:
        core.ask(game, "blue1", {"track": 99})
    assert refusal.value.code == "unknown_track"


def test_a_key_rolled_twice_is_a_fault_of_the_rules_never_the_same_dice_again(game):
    game = close_in(game)
    track = game.state.knowledge["blue2"].tracks[0].number
    first = core.ask(game, "blue2", {"track": track})
    with pytest.raises(Refused) as refusal:  # the toy's own rule: its lookout answers once a turn
        core.ask(first.game, "blue2", {"track": track})
    assert refusal.value.code == "asked"
    # A ruleset that forgot it had answered would roll the lookout's key again, and with it the
    # same dice: the roller refuses it, the input is not taken (the server answers internal_error).
    forgetful = attrs.evolve(first.game, state=attrs.evolve(first.game.state, told={}))
    with pytest.raises(core.KeyRolledTwice, match=f"{first.rolls[0].key}"):
        core.ask(forgetful, "blue2", {"track": track})
    # The next turn the same question is another key, and rolls anew.
    later = moves(core.release(first.game).game, blue1=0, blue2=0, red1=0, red2=0)
    assert later.state.turn == 2
    track = later.state.knowledge["blue2"].tracks[0].number
    again = core.ask(later, "blue2", {"track": track})
    assert again.rolls[0].key != first.rolls[0].key


def test_verify_names_a_key_rolled_twice_in_a_log(game):
    game = close_in(game)
    track = game.state.knowledge["blue2"].tracks[0].number
    inputs = [gamelog.input_record("ask", game.state.turn, seat="blue2", question={"track": track})]
    records = full_record(game, inputs)
    # The same log as a rules fault would have written it: a second roll under the first's key.
    (roll,) = [r for r in records if r["type"] == "roll"]
    records.insert(records.index(roll) + 1, {**roll, "index": roll["index"] + 1})
    with pytest.raises(Mismatch, match=f"repeats the key {roll['key']}"):
        verify_records(records)


def test_a_dummy_is_never_identified(game):
    game = close_in(game, area=9)  # one area from the dummy: close enough to identify a ship
    for _ in range(2):
        game = core.release(game).game  # fire with standing orders; damage resolves as it opens
        game = moves(game, blue1=0, blue2=0, red1=0, red2=0)
    tracked = game.state.board.tracked["red1"]
    tracks = game.state.knowledge["red1"].tracks
    dummy = [t for t in tracks if tracked[t.number] == "dummy"]
    assert dummy and len(dummy[0].sightings) >= 2
    assert all(t.fidelity <= Fidelity.CLASSIFIED for t in dummy)
    assert all(s.identity is None for t in dummy for s in t.sightings)


def test_options_are_checked_and_recorded():
    with pytest.raises(Refused) as refusal:
        core.start(RULES, "picket", SEED, {"dummy": "maybe"})
    assert refusal.value.code == "bad_option"
    with pytest.raises(Refused) as refusal:
        core.start(RULES, "picket", SEED, {"fog": True})
    assert refusal.value.code == "unknown_option"
    game = core.start(RULES, "picket", SEED, {"dummy": False})
    assert not any(u.dummy for u in game.state.board.units)
    assert gamelog.header(game)["options"] == {"dummy": False}


def test_the_outcome_is_per_side_and_the_umpire_may_end_with_results(game):
    with pytest.raises(Refused) as refusal:
        core.end(game, "stop", {"green": "victory"})
    assert refusal.value.code == "unknown_side"
    ended = core.end(game, "Stopped for tea.", {"blue": "victory"})
    assert ended.game.state.outcome.results == {"blue": "victory", "red": "ended"}
    assert ended.events[-1].results == {"blue": "victory", "red": "ended"}


@pytest.mark.parametrize("number", range(3))
def test_bot_games_with_a_bot_per_seat_end_and_verify(number):
    records = list(play_bot_game("picket", bytes([number]) * 32))
    assert records[-1]["type"] == "end" and set(records[-1]["results"]) == {"blue", "red"}
    seats = {r["seat"] for r in records if r.get("input") == "order"}
    assert seats == {"blue1", "blue2", "red1", "red2"}
    assert {r["phase"] for r in records if r.get("input") == "order"} == {"move", "fire"}
    assert verify_records(records) > 0


def test_a_toy_registered_first_does_not_hide_the_built_in_rulesets():
    code = (
        "from tests.rules.toy.picket import Picket\n"
        "from fogbank.rules.core import find_ruleset, rulesets\n"
        "assert find_ruleset('dardanelles').name == 'dardanelles'\n"
        "assert {'picket', 'dardanelles'} <= set(rulesets())\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_talk_is_heard_by_the_own_side_unless_the_ruleset_lets_the_enemy_hear(monkeypatch):
    game = core.start(core.find_ruleset("picket"), "picket", bytes(32))
    step = core.talk(game, "blue1", "  Enemy in sight, bearing north.  ")
    (said,) = step.events
    assert said.audience == {"blue1", "blue2"} and said.seat == "blue1" and said.text == "Enemy in sight, bearing north."
    assert step.game.state.told["blue2"] == (said,) and "red1" not in step.game.state.told
    assert core.find_ruleset("picket").describe(said) == "blue1: Enemy in sight, bearing north."
    # Logged as an input, it replays to the same event.
    record = gamelog.input_at("talk", game, seat="blue1", text="  Enemy in sight, bearing north.  ")
    assert apply_input(game, record).events == step.events

    with pytest.raises(Refused) as empty:
        core.talk(game, "blue1", "   ")
    assert empty.value.code == "empty_message"
    with pytest.raises(Refused) as nobody:
        core.talk(game, "umpire", "I am no seat.")
    assert nobody.value.code == "unknown_seat"

    # Supremacy at Sea 4.2: where a ruleset says signals go in the open, the enemy hears them.
    monkeypatch.setattr(picket.Picket, "talk_audience", lambda self, state, seat: frozenset(self.seat_names(state)))
    (heard,) = core.talk(game, "red1", "Making smoke.").events
    assert heard.audience == {"blue1", "blue2", "red1", "red2"}


def test_private_talk_is_heard_by_the_one_seat_of_the_own_side_and_replays(monkeypatch):
    game = core.start(core.find_ruleset("picket"), "squadron", bytes(32))
    step = core.talk(game, "blue1", "Close on me.", to="blue2")
    (said,) = step.events
    assert said.audience == {"blue1", "blue2"} and said.to == "blue2"
    assert "blue3" not in step.game.state.told and "red1" not in step.game.state.told
    record = gamelog.input_at("talk", game, seat="blue1", text="Close on me.", to="blue2")
    assert apply_input(game, record).events == step.events
    assert core.private_talk_to(game, "blue1") == ["blue2", "blue3"]

    with pytest.raises(Refused) as enemy:
        core.talk(game, "blue1", "Surrender.", to="red1")
    assert enemy.value.code == "not_your_side" and "red1" in enemy.value.sentence
    for nobody in ("blue1", "umpire", "green9"):
        with pytest.raises(Refused) as refused:
            core.talk(game, "blue1", "Hello.", to=nobody)
        assert refused.value.code == "unknown_seat"

    # A ruleset whose rules put every signal in the open refuses private talk, with its reason.
    def in_the_open(self, state, seat, to):
        raise Refused("signals_in_the_open", "Every signal is made in the open.")

    monkeypatch.setattr(picket.Picket, "check_private_talk", in_the_open)
    with pytest.raises(Refused) as opened:
        core.talk(game, "blue1", "Close on me.", to="blue2")
    assert opened.value.code == "signals_in_the_open"
    assert core.private_talk_to(game, "blue1") == []


def test_a_deadline_takes_the_missing_orders_as_standing_and_tells_each_missing_seat_alone(game):
    game = moves(game, blue1=1, red1=-1)
    step_ = core.deadline(game)
    told = [e for e in step_.events if e.kind == "standing_order"]
    assert [(sorted(e.audience), e.text) for e in told] == [
        (["blue2"], "The deadline passed before your order came in: you sail under your standing order."),
        (["red2"], "The deadline passed before your order came in: you sail under your standing order."),
    ]
    assert step_.resolved and (step_.game.state.turn, step_.game.state.phase) == (1, "fire")
    assert [r.orders for r in step_.resolutions][0]["blue2"] == RULES.standing_order(game.state, "blue2")
    with pytest.raises(Refused) as refusal:  # everything in: there is nothing for a deadline to do
        core.deadline(_all_in(step_.game))
    assert refusal.value.code == "no_orders_missing"


def _all_in(game):
    """The fire phase with every order but none resolving it: held, so it waits READY."""
    game = core.set_hold(game, True, ["fire"]).game
    for seat in ("blue1", "blue2", "red1", "red2"):
        game = core.submit(game, seat, {}).game
    return game


def test_a_deadline_in_a_held_phase_waits_for_the_umpire(game):
    game = core.set_hold(moves(game, blue1=1), True, ["move"]).game
    step_ = core.deadline(game)
    assert not step_.resolved and step_.game.cycle is Cycle.READY
    assert core.release(step_.game).resolved


def test_a_deadline_replays_from_the_log_as_it_was_given(game):
    game = moves(game, blue1=1)
    record = gamelog.input_at("deadline", game, due="2025-01-01T00:00:00+00:00")
    first = core.deadline(game)
    again = apply_input(game, record)
    assert again.game == first.game and again.events == first.events


def test_a_seat_is_told_only_the_consorts_it_sees_still_to_order_and_nothing_of_the_enemy(game):
    """blue1 (area 2) sees blue2 (area 5): named until blue2 orders; red2 sees red1 (14 and 17),
    who has ordered; the enemy is never told, by name or by count."""
    game = moves(game, red1=-1)
    assert core.waiting_told(game, "blue1") == core.Waiting(("blue2",))
    assert core.waiting_told(game, "red2") == core.Waiting()
    assert core.waiting_told(game, "umpire") == core.Waiting()
    assert core.waiting_told(moves(game, blue2=0), "blue1") == core.Waiting()


def test_a_consort_out_of_sight_is_never_named(game):
    far = attrs.evolve(game.state.board, units=tuple(
        attrs.evolve(u, area=12) if u.name == "blue2" else u for u in game.state.board.units))
    assert core.waiting_told(attrs.evolve(game, state=attrs.evolve(game.state, board=far)), "blue1") == core.Waiting()


def test_the_hook_sees_only_the_seats_view_and_names_only_its_own_sides_other_seats(game, monkeypatch):
    """A ruleset's hook is given the seat's view, as it is sent, and what it names beyond the
    seat's own side (or the seat itself) is dropped."""
    given = []

    def friends_to_act(self, view):
        given.append(view)
        return ["blue1", "blue2", "red1", "red2"]

    monkeypatch.setattr(type(RULES), "friends_to_act", friends_to_act)
    assert core.waiting_told(game, "blue1") == core.Waiting(("blue2",))
    assert given == [to_plain(RULES.observe(game.state, "blue1"))]


PASSING = core.find_ruleset("picket_passes")


def test_a_seat_with_nothing_to_order_is_passed_over_told_so_and_the_log_replays_it():
    """Nobody sees anybody at the start: in the fire phase no captain has a track, so each may be
    passed over (its standing order taken, it alone told); a seat that owes nothing, or has
    something to order, is refused."""
    game = core.start(PASSING, "picket", SEED)
    assert not core.has_nothing_to_order(game, "blue1")  # the move phase: always the captain's to decide
    with pytest.raises(Refused) as refused:
        core.pass_over(game, "blue1")
    assert refused.value.code == "orders_to_give"
    game = moves(game, blue1=0, blue2=0, red1=0, red2=0)
    assert game.state.phase == "fire" and core.has_nothing_to_order(game, "blue1")
    step = core.pass_over(game, "blue1")
    told = [e for e in step.events if e.told_to("blue1")]
    assert [e.kind for e in told] == ["standing_order"] and told[0].audience == {"blue1"}
    assert "nothing to order in the fire phase" in told[0].text
    assert step.game.orders["blue1"] == PASSING.standing_order(game.state, "blue1")
    assert not core.has_nothing_to_order(step.game, "blue1")  # its order is in now
    again = apply_input(game, gamelog.input_at("pass", game, seat="blue1"))
    assert again.game == step.game and again.events == step.events


def test_a_seat_with_a_track_to_fire_at_is_not_passed_over():
    game = core.start(PASSING, "picket", SEED)
    board = game.state.board
    near = attrs.evolve(board, units=tuple(attrs.evolve(u, area=4) if u.name == "red1" else u for u in board.units))
    game = moves(attrs.evolve(game, state=attrs.evolve(game.state, board=near)), blue1=0, blue2=0, red1=0, red2=0)
    assert game.state.knowledge["blue1"].tracks  # red1 is two areas off: she has a track of him
    assert not core.has_nothing_to_order(game, "blue1") and core.has_nothing_to_order(game, "red2")

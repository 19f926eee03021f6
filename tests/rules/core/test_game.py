"""The turn cycle: orders, the umpire's hold and release, overrides, narratives, the end."""

import pytest

from fogbank.rules import core
from fogbank.rules.core import Cycle, Refused, find_ruleset

RULES = find_ruleset("dardanelles")
ORDER = RULES.parse_order("submarine", {"course": "E", "speed": 1, "level": "surface"})


@pytest.fixture
def game():
    return core.start(RULES, "b11", b"\x05" * 32)


def test_the_last_order_resolves_the_turn(game):
    step = core.submit(game, "submarine", ORDER)
    assert step.resolved and step.game.state.turn == 2 and step.game.cycle is Cycle.ORDERS


def test_held_turns_wait_for_release(game):
    game = core.set_hold(game, True).game
    step = core.submit(game, "submarine", ORDER)
    assert not step.resolved and step.game.cycle is Cycle.READY and step.game.state.turn == 1
    step = core.release(step.game)
    assert step.resolved and step.game.state.turn == 2


def test_unholding_a_ready_turn_resolves_it(game):
    game = core.submit(core.set_hold(game, True).game, "submarine", ORDER).game
    step = core.set_hold(game, False)
    assert step.resolved and step.game.state.turn == 2


def test_release_without_orders_uses_the_standing_order(game):
    step = core.release(game)
    assert step.resolved and step.game.state.turn == 2
    assert step.game.state.board.track[-1] != ()  # the boat kept station; only the tide moved it


def test_an_override_is_an_audited_event_and_needs_a_reason(game):
    with pytest.raises(Refused) as refusal:
        core.override(game, {"kind": "set_air", "value": 5}, " ")
    assert refusal.value.code == "reason_required"
    step = core.override(game, {"kind": "set_air", "value": 5}, "crew error in the first hour", tell=True)
    event, told = step.events
    assert event.kind == "override" and event.audience == frozenset()
    assert "air set from 20 to 5" in event.what and event.reason == "crew error in the first hour"
    assert step.game.state.board.boat.air == 5
    # The submarine's own gauge changed: it is told the umpire ruled, in words, and keeps it.
    assert told.kind == "narrative" and told.audience == {"submarine"} and "umpire's ruling" in told.text
    assert told in step.game.state.told["submarine"]


def test_an_override_that_changes_nothing_a_seat_may_know_tells_it_nothing(game):
    hidden = next(v for v in game.state.board.vessels if v.number is not None)
    step = core.override(game, {"kind": "remove_vessel", "number": hidden.number}, "a far vessel goes home", tell=True)
    assert [e.kind for e in step.events] == ["override"]


def test_an_override_not_told_is_the_umpires_alone(game):
    step = core.override(game, {"kind": "set_air", "value": 5}, "crew error in the first hour")
    assert [e.kind for e in step.events] == ["override"]  # as every override was before `tell`


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"kind": "teleport"}, "unknown_override"),
        ({"kind": "move_boat", "square": "Z1"}, "not_sea"),
        ({"kind": "move_boat", "square": "nowhere"}, "bad_square"),
        ({"kind": "set_battery", "value": 99}, "out_of_range"),
        ({"kind": "remove_vessel", "number": 42}, "unknown_vessel"),
        (
            {"kind": "add_vessel", "number": 9, "vessel_type": "transport", "square": "O12"},
            "bad_vessel_number",
        ),
        ({"kind": "add_vessel", "number": 10, "vessel_type": "zeppelin", "square": "O12"}, "bad_vessel_type"),
    ],
)
def test_bad_overrides_are_refused(game, payload, code):
    with pytest.raises(Refused) as refusal:
        core.override(game, payload, "testing")
    assert refusal.value.code == code


def test_narrative_goes_to_one_seat(game):
    (event,) = core.narrate(game, "submarine", "A fishing boat waves.").events
    assert event.audience == {"submarine"}
    with pytest.raises(Refused):
        core.narrate(game, "turkey", "hello")


def test_the_end_is_told_to_every_seat_and_then_nothing_more_is_taken(game):
    step = core.end(game, "Stopped for tea.")
    assert step.game.cycle is Cycle.ENDED
    assert step.events[-1].kind == "game_ended" and "submarine" in step.events[-1].audience
    for attempt in (
        lambda g: core.submit(g, "submarine", ORDER),
        core.release,
        lambda g: core.end(g, "again"),
    ):
        with pytest.raises(Refused) as refusal:
            attempt(step.game)
        assert refusal.value.code == "game_over"


def test_a_seat_that_is_not_in_the_game_cannot_order(game):
    with pytest.raises(Refused) as refusal:
        core.submit(game, "turkey", ORDER)
    assert refusal.value.code == "not_your_turn"

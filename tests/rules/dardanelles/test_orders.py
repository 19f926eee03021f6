"""Orders the rules refuse, each with a code and a sentence; and orders resolved into the fog."""

import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused, find_ruleset

from .sea import new_state, scenario

RULES = find_ruleset("dardanelles")


def check(payload, **kw):
    s = scenario(**kw)
    state = new_state(s)
    RULES.check_order(state, "submarine", RULES.parse_order("submarine", payload))


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"course": "NE", "speed": 7, "level": "surface"}, "speed_too_high"),
        ({"course": "NE", "speed": 3, "level": "periscope"}, "speed_too_high"),  # 3 + a change of level
        ({"course": "NE", "speed": -1, "level": "surface"}, "bad_speed"),
        ({"course": "UP", "speed": 1, "level": "surface"}, "bad_course"),
        ({"course": "N", "speed": "fast", "level": "surface"}, "bad_speed"),
        ({"course": "N", "speed": True, "level": "surface"}, "bad_speed"),
        ({"course": "N", "speed": 1, "level": "deep"}, "bad_level"),
        ({"course": "N", "speed": 1}, "bad_level"),
        ({"course": "N", "speed": 1, "level": "surface", "wings": 2}, "bad_order"),
        ({"course": "N", "level": "surface", "fire": {"target": 1}}, "bad_fire"),
        ({"course": "N", "level": "surface", "fire": {"target": 1, "direction": "N"}}, "unknown_target"),
        (
            {"course": "N", "level": "surface", "fire": {"target": 1, "direction": "N", "torpedoes": 3}},
            "not_loaded",
        ),
        (
            {"course": "N", "level": "surface", "fire": {"target": 1, "direction": "N", "torpedoes": 0}},
            "bad_fire",
        ),
    ],
)
def test_refused(payload, code):
    with pytest.raises(Refused) as refusal:
        check(payload)
    assert refusal.value.code == code
    assert refusal.value.sentence.endswith(".")


def test_torpedoes_only_from_surface_or_periscope():
    from fogbank.rules.dardanelles.units import Level

    with pytest.raises(Refused) as refusal:
        check({"level": "submerged", "fire": {"target": 1, "direction": "N"}}, level=Level.SUBMERGED)
    assert refusal.value.code == "fire_from_depth"


def test_an_order_needing_more_battery_than_is_left_is_refused():
    from fogbank.rules.dardanelles.units import Level

    with pytest.raises(Refused) as refusal:
        check({"course": "N", "speed": 3, "level": "submerged"}, level=Level.SUBMERGED, battery=2)
    assert refusal.value.code == "battery_too_low"


def test_an_order_into_land_or_mines_is_not_refused():
    """Refusing it would tell the player where the boat truly is, or where the mines are."""
    terrain = ["#" * 20] * 10 + ["." * 20] * 10
    from .sea import chart

    check(
        {"course": "N", "speed": 6, "level": "surface"},
        sea=chart(terrain),
        boat_at="J10",
        minefields={"J9": 3},
    )


def test_refusal_does_not_depend_on_hidden_state():
    payload = {"course": "N", "speed": 7, "level": "surface"}
    sentences = set()
    for kw in ({}, {"vessels": {"J12": "battleship"}}, {"minefields": {"J11": 2}}, {"boat_at": "C3"}):
        with pytest.raises(Refused) as refusal:
            check(payload, **kw)
        sentences.add((refusal.value.code, refusal.value.sentence))
    assert len(sentences) == 1


def test_a_game_takes_an_order_and_resolves_the_turn():
    game = core.start(RULES, "b11", b"\x02" * 32)
    step = core.submit(
        game, "submarine", RULES.parse_order("submarine", {"course": "E", "speed": 1, "level": "surface"})
    )
    assert step.resolved and step.game.state.turn == 2

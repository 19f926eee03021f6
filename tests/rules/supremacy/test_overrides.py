"""The umpire's overrides through the engine: move a ship, set her damage, remove her, set the
visibility; each audited with its reason, each bad one refused with a code."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.core.plain import to_plain

from .test_game import RULES, first_turn, start


def override(game, reason="the table was knocked", **payload):
    return core.override(game, payload, reason)


def test_the_umpire_moves_a_ship_and_her_own_seat_sees_her_there():
    step = override(start(), kind="move_ship", ship="ajax", at=[500, -600], course=90, speed=20)
    ajax = step.game.state.board.ship("ajax")
    assert (ajax.at, ajax.course, ajax.speed) == ((500, -600), 90, 20)
    [event] = step.events
    assert event.kind == "override" and event.reason == "the table was knocked" and "Ajax" in event.what
    assert not event.audience  # the record's, never a seat's
    own = to_plain(RULES.observe(step.game.state, "ajax"))
    assert next(s for s in own["ships"] if s["name"] == "ajax")["at"] == [500, -600]


def test_the_umpire_sets_damage_and_a_ship_past_her_points_is_refused():
    game = override(start(), kind="set_damage", ship="exeter", damage=300).game
    assert game.state.board.ship("exeter").damage == 300
    with pytest.raises(Refused) as refused:
        override(game, kind="set_damage", ship="exeter", damage=10**6)
    assert refused.value.code == "bad_override" and "remove the ship" in refused.value.sentence


def test_removing_graf_spee_ends_the_game_and_a_removed_ship_takes_no_more():
    game = override(start(), kind="remove_ship", ship="graf_spee", reason="scuttled").game
    assert game.state.board.ship("graf_spee").sunk
    assert game.state.outcome.results == {"british": "victory", "german": "defeat"}
    game = override(start(), kind="remove_ship", ship="exeter").game
    with pytest.raises(Refused) as refused:
        override(game, kind="move_ship", ship="exeter", at=[0, 0])
    assert refused.value.code == "ship_sunk"


def test_visibility_set_by_the_umpire_is_the_sight_of_the_next_movement():
    game = override(start(), kind="set_visibility", inches=5).game
    assert to_plain(RULES.observe(game.state, "umpire"))["visibility"] == 50
    game = first_turn(game)
    view = to_plain(RULES.observe(game.state, "graf_spee"))
    assert view["contacts"] == []  # nobody within 5 inches


@pytest.mark.parametrize("payload, code", [
    ({"kind": "teleport"}, "unknown_override"),
    ({"kind": "move_ship", "ship": "bismarck", "at": [0, 0]}, "unknown_ship"),
    ({"kind": "move_ship", "ship": "ajax", "at": [0.5, 0]}, "bad_override"),
    ({"kind": "move_ship", "ship": "ajax", "course": 360}, "bad_override"),
    ({"kind": "move_ship", "ship": "ajax", "speed": 40}, "bad_override"),
    ({"kind": "set_visibility", "inches": -1}, "bad_override"),
    ({"kind": "set_damage", "ship": "ajax"}, "bad_override"),
])
def test_bad_overrides_are_refused_with_a_code(payload, code):
    with pytest.raises(Refused) as refused:
        core.override(start(), payload, "why not")
    assert refused.value.code == code and refused.value.code in RULES.error_codes() and refused.value.sentence


leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=8),
                 st.lists(st.integers(-10**4, 10**4), max_size=3), st.sampled_from(["ajax", "graf_spee"]))
payloads = st.dictionaries(st.sampled_from(["kind", "ship", "at", "course", "speed", "damage", "inches"]),
                           leaf | st.sampled_from(["move_ship", "set_damage", "remove_ship", "set_visibility"]), max_size=5)


@settings(max_examples=200, deadline=None)
@given(payloads)
def test_any_override_is_taken_or_refused_with_a_code(payload):
    try:
        core.override(start(), payload, "a test")
    except Refused as refused:
        assert refused.code in RULES.error_codes() and refused.sentence

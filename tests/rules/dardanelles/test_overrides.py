"""The umpire's overrides of the boat's level and torpedoes: the truth and the crew's own gauges
change together, the record says from what to what, and a bad value is refused with its code."""

from __future__ import annotations

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import OverrideApplied, Refused
from fogbank.rules.dardanelles.events import SUBMARINE
from fogbank.rules.dardanelles.units import Level

RULES = core.find_ruleset("dardanelles")


@pytest.fixture
def game():
    return core.start(RULES, "b11", b"\x07" * 32)


def override(game, payload):
    return core.override(game, payload, "the umpire's ruling")


def test_set_level_changes_the_boat_and_what_the_crew_knows(game):
    step = override(game, {"kind": "set_level", "level": "periscope"})
    state = step.game.state
    assert state.board.boat.level is Level.PERISCOPE
    assert state.knowledge[SUBMARINE].level is Level.PERISCOPE
    assert RULES.observe(state, SUBMARINE).level == "periscope"  # the seat's own view
    [event] = [e for e in step.events if isinstance(e, OverrideApplied)]
    assert event.what == "level set from surface to periscope" and event.audience == frozenset()


def test_set_torpedoes_loaded_spare_or_both(game):
    state = override(game, {"kind": "set_torpedoes", "loaded": 1}).game.state
    assert (state.board.boat.loaded, state.board.boat.spare) == (1, 2)
    log = state.knowledge[SUBMARINE]
    assert (log.loaded, log.spare) == (1, 2)
    step = override(game, {"kind": "set_torpedoes", "loaded": 0, "spare": 0})
    boat = step.game.state.board.boat
    assert (boat.loaded, boat.spare, boat.reload_progress) == (0, 0, 0)
    assert step.events[0].what == "torpedoes set from 2 loaded, 2 spare to 0 loaded, 0 spare"


def test_a_reload_under_way_goes_on_unless_nothing_is_left_to_reload(game):
    boat = attrs.evolve(game.state.board.boat, loaded=0, reload_progress=2)
    game = attrs.evolve(game, state=attrs.evolve(game.state, board=attrs.evolve(game.state.board, boat=boat)))
    assert override(game, {"kind": "set_torpedoes", "spare": 1}).game.state.board.boat.reload_progress == 2
    assert override(game, {"kind": "set_torpedoes", "loaded": 2}).game.state.board.boat.reload_progress == 0


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"kind": "set_level", "level": "keel-up"}, "bad_level"),
        ({"kind": "set_level"}, "bad_level"),
        ({"kind": "set_level", "level": 3}, "bad_override"),
        ({"kind": "set_torpedoes"}, "bad_override"),
        ({"kind": "set_torpedoes", "loaded": 3}, "out_of_range"),  # B11 has two tubes
        ({"kind": "set_torpedoes", "loaded": -1}, "out_of_range"),
        ({"kind": "set_torpedoes", "spare": 3}, "out_of_range"),  # she sailed with two spare
        ({"kind": "set_torpedoes", "spare": "two"}, "bad_override"),
        ({"kind": "set_torpedoes", "loaded": True}, "bad_override"),
    ],
)
def test_bad_values_are_refused_and_change_nothing(game, payload, code):
    with pytest.raises(Refused) as refusal:
        override(game, payload)
    assert refusal.value.code == code
    assert refusal.value.code in RULES.error_codes()


def test_a_lost_boat_has_no_level_to_set(game):
    boat = attrs.evolve(game.state.board.boat, afloat=False)
    game = attrs.evolve(game, state=attrs.evolve(game.state, board=attrs.evolve(game.state.board, boat=boat)))
    with pytest.raises(Refused) as refusal:
        override(game, {"kind": "set_level", "level": "surface"})
    assert refusal.value.code == "boat_lost"

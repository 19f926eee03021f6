"""Any JSON value in any field of the toy's order, amendment, override or question is taken or
refused with a code and a sentence: the shared readers are how a new ruleset reads its payloads."""

from __future__ import annotations

import functools

from hypothesis import given
from hypothesis import strategies as st

from fogbank.rules import core
from tests.rules.anyvalue import (
    RANDOM,
    every_field,
    judge_order,
    judge_override,
    judge_question,
    mutated,
    ready,
)

from . import picket  # noqa: F401  (registers the toy ruleset)

FIELDS = ("move", "target", "track", "unit", "area")
MOVES, FIRE = [{"move": 1}], [{"target": 1}, {}]
OVERRIDES, QUESTIONS = [{"unit": "blue1", "area": 3}], [{"track": 1}]


@functools.cache
def games() -> tuple[core.Game, core.Game]:
    """The toy's game in its move phase and in its fire phase, the other seats' orders in."""
    game = core.start(core.find_ruleset("picket"), "picket", bytes(32))
    return ready(game, "blue1"), ready(core.release(game).game, "blue1")


def test_every_field_of_every_payload_given_every_type_is_taken_or_refused():
    move, fire = games()
    every_field(move, "blue1", FIELDS, orders=MOVES, overrides=OVERRIDES, questions=QUESTIONS)
    every_field(fire, "blue1", FIELDS, orders=FIRE)


@RANDOM
@given(data=st.data())
def test_random_values_in_random_fields_are_taken_or_refused(data):
    """An order of either phase in either phase, an override and a question, with random values in
    a few random fields."""
    game = data.draw(st.sampled_from(games()))
    judge_order(game, "blue1", data.draw(mutated([*MOVES, *FIRE], FIELDS)))
    judge_override(game, data.draw(mutated(OVERRIDES, FIELDS)))
    judge_question(game, "blue1", data.draw(mutated(QUESTIONS, FIELDS)))

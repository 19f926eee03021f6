"""Bad input never crashes: any payload as an order or a question is taken or refused with a code."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from fogbank.rules import core
from fogbank.rules.core import Refused

from .test_game import first_turn, start

RULES = core.find_ruleset("supremacy")
GAME = first_turn(start())
NIGHT = start(night=True)  # turn 1 at night: moves are written three ahead
SHIPS = ["graf_spee", "ajax", "achilles", "exeter", "bismarck"]
leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                 st.text(max_size=12), st.sampled_from(["A10 L6", "CS R2", "B2", "LS A3", "fore", "port", "narrow"]))
anything = st.recursive(leaf, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(["ships", "move", "moves", "fire", "torpedoes", "searchlight", "group", "target", "half", "guns", "bank",
                     "course", "spread", "ship", "ask", *SHIPS]), inner, max_size=4), max_leaves=12)
orders = st.one_of(anything, st.fixed_dictionaries({"ships": st.dictionaries(st.sampled_from(SHIPS), anything, max_size=3)}))


@settings(max_examples=300, deadline=None)
@given(orders, st.sampled_from(["write_moves", "write_fire", "torpedoes", "searchlights", "cleanup"]), st.booleans())
def test_any_order_is_taken_or_refused_with_a_code(payload, phase, night):
    state = attrs.evolve((NIGHT if night else GAME).state, phase=phase)
    try:
        order = RULES.parse_order("ajax", payload)
        RULES.check_order(state, "ajax", order)
        RULES.unparse_order(order)
    except Refused as refused:
        assert refused.code in RULES.error_codes() and refused.sentence


@settings(max_examples=200, deadline=None)
@given(anything)
def test_any_question_is_answered_or_refused_with_a_code(payload):
    try:
        core.ask(GAME, "ajax", payload if isinstance(payload, dict) else {"q": payload})
    except Refused as refused:
        assert refused.code in RULES.error_codes() and refused.sentence

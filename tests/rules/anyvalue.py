"""Any value in any field: what every ruleset's property tests share.

A payload (an order, an amendment, an override, a question) is taken from one of its kind (a
template), and each of its fields in turn is given a value of every JSON type, or taken away;
hypothesis then draws random values for a few fields at once. Whatever comes, the rules take it or
refuse it with a listed code and a sentence: any other exception is what the server answers with
`internal_error`. An order taken is given, so the phase it resolves is resolved with it.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, ClassVar, Iterable, Iterator, Sequence

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fogbank.bench.fuzz import places, replaced, value_at
from fogbank.protocols import ERROR_CODES
from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.simulate import seat_players

REASON = "A property test's ruling."
UNKNOWN = "zz_unknown"  # a field name no payload of any ruleset has
# Random payloads each property test draws: a wrong type that only one field of one kind of order
# lets through is drawn once in thirty or so (the toy's move taken as text failed 60 draws).
RANDOM = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# One value of each kind the wire carries (JSON or msgpack within the protocol's limits), with the
# edges a careless reader trips on: a bool where a number goes, 64-bit ends, a float, long text, a
# list and a map in place of a scalar, and a map with a list inside.
SAMPLES: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 7, 2**63 - 1, -(2**63), 2**64 - 1, 0.5, -2.5, 1e300,
    "", "A", "L", "2005", "K7", "x" * 4096,
    [], [None], ["A", 1], [[{}]], {}, {"a": 1}, {"hex": [], "facing": {}},
)  # fmt: skip


def json_values(keys: Sequence[str] = ()) -> st.SearchStrategy[Any]:
    """Any JSON value within the protocol's limits: map keys drawn from `keys` (a payload's own
    field names, so nested maps look like the real thing) or any text.

    Made once for each set of keys: a recursive strategy made afresh at every draw was validated
    afresh too, and that took most of the property tests' time (the draws are the same)."""
    return _json_values(tuple(keys))


@functools.lru_cache(maxsize=None)
def _json_values(keys: tuple[str, ...]) -> st.SearchStrategy[Any]:
    leaf = (st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1)
            | st.floats(allow_nan=False, allow_infinity=False)
            | st.text(max_size=12) | st.sampled_from([s for s in SAMPLES if isinstance(s, str)]))
    names = st.sampled_from(list(keys)) | st.text(max_size=6) if keys else st.text(max_size=6)
    nested = lambda inner: st.lists(inner, max_size=4) | st.dictionaries(names, inner, max_size=4)  # noqa: E731
    return st.recursive(leaf, nested, max_leaves=10)


def removed(node: Any, at: tuple) -> Any:
    """The payload without the field or item at `at` (not the whole)."""
    head, rest = at[0], at[1:]
    if rest:
        return replaced(node, (head,), removed(node[head], rest))
    if isinstance(node, dict):
        return {k: v for k, v in node.items() if k != head}
    return [v for i, v in enumerate(node) if i != head]


def variants(template: Any, extra: Sequence[str] = ()) -> Iterator[Any]:
    """The template with each field in turn given each sample value, or taken away; and each map
    given each of `extra` (field names it may or may not take) and a name no payload has, as a map, a
    list, text and a number."""
    for at in places(template):
        for value in SAMPLES:
            yield replaced(template, at, value)
        if at:
            yield removed(template, at)
    for at in places(template):
        node = value_at(template, at)
        if isinstance(node, dict):
            for key in (*extra, UNKNOWN):
                for value in ({}, [], "x", 1):
                    yield replaced(template, at, {**node, key: value})


def mutated(templates: Sequence[Any], keys: Sequence[str] = ()) -> st.SearchStrategy[Any]:
    """One of the templates with one to three of its places given random JSON values (a map
    sometimes an extra field instead: one of `keys`, or any name)."""

    @st.composite
    def build(draw):
        payload = draw(st.sampled_from(templates))
        for _ in range(draw(st.integers(1, 3))):
            at = draw(st.sampled_from(list(places(payload))))
            node = value_at(payload, at)
            if isinstance(node, dict) and keys and draw(st.booleans()):
                key = draw(st.sampled_from(list(keys)) | st.text(max_size=8))
                payload = replaced(payload, at, {**node, key: draw(json_values(keys))})
            else:
                payload = replaced(payload, at, draw(json_values(keys)))
        return payload

    return build()


def coded(ruleset: core.Ruleset, call: Callable[[], Any]) -> Any:
    """What `call` returns, or None when it is refused with a code the ruleset or the protocol
    lists and a sentence; any other exception goes up, failing the test."""
    try:
        return call()
    except Refused as refusal:
        listed(ruleset, refusal)
        return None


def listed(ruleset: core.Ruleset, refusal: Refused) -> None:
    codes = {**ruleset.error_codes(), **ERROR_CODES}
    assert refusal.code in codes, f"{refusal.code!r} is not listed ({refusal.sentence})"
    assert isinstance(refusal.sentence, str) and refusal.sentence.strip(), refusal.code


def judge_order(game: core.Game, seat: str, payload: Any) -> None:
    """Everything a seat's order goes through: parsed, checked as a draft (every refusal), given
    (the phase resolving when it is the last order in), and the same payload as the umpire's
    amendment (carried out as far as the rules allow). Raises if anything but a refusal comes."""
    ruleset = game.ruleset
    order = coded(ruleset, lambda: ruleset.parse_order(seat, payload))
    if order is not None:
        for refusal in core.check(game, seat, order):
            listed(ruleset, refusal)
        to_plain(ruleset.unparse_order(order))
        coded(ruleset, lambda: core.submit(game, seat, order))
    coded(ruleset, lambda: core.amend(game, seat, payload, REASON))


def judge_override(game: core.Game, payload: Any) -> None:
    coded(game.ruleset, lambda: core.override(game, payload, REASON, tell=True))


def judge_question(game: core.Game, seat: str, payload: Any) -> None:
    coded(game.ruleset, lambda: core.ask(game, seat, payload))


def every_field(game: core.Game, seat: str, extra: Sequence[str], *, orders: Iterable[Any] = (),
                overrides: Iterable[Any] = (), questions: Iterable[Any] = ()) -> None:
    """Each template's `variants`, judged in `game` (orders and questions from `seat`)."""
    for template in orders:
        for payload in variants(template, extra):
            judge_order(game, seat, payload)
    for template in overrides:
        for payload in variants(template, extra):
            judge_override(game, payload)
    for template in questions:
        for payload in variants(template, extra):
            judge_question(game, seat, payload)


@attrs.frozen
class Payloads:
    """A ruleset's payloads to judge, and the games to judge them in."""

    games: Callable[[], dict[str, tuple]]  # name -> (game, seat, the built-in player's order)
    taken: Callable[[], list[tuple[str, Any]]]  # (name, order) taken as it stands
    others: Callable[[], list[tuple[str, Any]]]  # (name, order) refused where it is, read all the same
    overrides: Sequence[Any]
    questions: Sequence[Any]
    fields: Sequence[str]  # every field name the payloads have

    def at(self, name: str) -> tuple:
        return self.games()[name]

    def templates(self) -> list[tuple[str, Any]]:
        return [*self.taken(), *self.others()]


class AnyField:
    """The property tests every ruleset's payloads get. A ruleset's test_any_field.py subclasses
    it as `TestAnyField`, naming its `payloads`, the `states` its orders are judged in (one
    template at least each) and those its overrides and questions are judged in (`others_at`)."""

    payloads: ClassVar[Payloads]
    states: ClassVar[tuple[str, ...]]
    others_at: ClassVar[tuple[str, ...]]

    def test_the_orders_every_field_is_judged_in_are_taken_as_they_stand(self):
        """So a change to one field is judged by the checks of the others too."""
        payloads = self.payloads
        assert {name for name, _ in payloads.templates()} == set(self.states)
        refused = [name for name, order in payloads.taken()
                   if not taken_as_they_stand(*payloads.at(name)[:2], order)]
        assert refused == []

    def test_every_field_of_every_order_given_every_type_is_taken_or_refused(self):
        for name in self.states:
            game, seat, _ = self.payloads.at(name)
            orders = [order for state, order in self.payloads.templates() if state == name]
            every_field(game, seat, self.payloads.fields, orders=orders)

    def test_every_kind_of_order_in_every_phase_is_taken_or_refused(self):
        """Each order as it stands given in every state, a phase that does not take it too (as the
        seat's order and as the umpire's amendment, which carries it out as far as it can)."""
        for name in self.states:
            game, seat, _ = self.payloads.at(name)
            for _, order in self.payloads.templates():
                judge_order(game, seat, order)

    def test_every_field_of_every_override_and_question_is_taken_or_refused(self):
        for name in self.others_at:
            game, seat, _ = self.payloads.at(name)
            every_field(game, seat, self.payloads.fields, overrides=self.payloads.overrides,
                        questions=self.payloads.questions)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The property test is made for each ruleset's class: hypothesis holds a test to one
        # executor (its examples saved and replayed are that ruleset's).
        super().__init_subclass__(**kwargs)

        @RANDOM
        @given(data=st.data())
        def test_random_values_in_random_fields_are_taken_or_refused(self, data):
            """An order, an override and a question with random values in a few random fields."""
            payloads = self.payloads
            name, template = data.draw(st.sampled_from(payloads.templates()))
            game, seat, _ = payloads.at(name)
            judge_order(game, seat, data.draw(mutated([template], payloads.fields)))
            judge_override(game, data.draw(mutated(payloads.overrides, payloads.fields)))
            judge_question(game, seat, data.draw(mutated(payloads.questions, payloads.fields)))

        test = test_random_values_in_random_fields_are_taken_or_refused
        test.__module__, test.__qualname__ = cls.__module__, f"{cls.__qualname__}.{test.__name__}"
        cls.test_random_values_in_random_fields_are_taken_or_refused = test


def played(scenario: str, turns: int, options: dict[str, Any] | None = None) -> list[tuple]:
    """(game, seat, the built-in player's order) at every order given in the first `turns` turns
    of a game of `scenario` played by the built-in players: the states a test judges payloads in,
    and valid orders to start from."""
    ruleset, scenario = core.find_scenario(scenario)
    game = core.start(ruleset, scenario, bytes(32), options)
    bots = seat_players(game, {})
    found = []
    while not game.state.ended and game.state.turn <= turns:
        waiting = sorted(game.waiting_for())
        if not waiting:
            game = core.release(game).game
            continue
        seat = waiting[0]
        payload = to_plain(bots[seat].order(to_plain(ruleset.observe(game.state, seat))))
        try:
            order = ruleset.parse_order(seat, payload)
            ruleset.check_order(game.state, seat, order)
        except Refused:
            order = ruleset.standing_order(game.state, seat)
            payload = to_plain(ruleset.unparse_order(order))
        found.append((game, seat, payload))
        game = core.submit(game, seat, order).game
    return found


def ready(game: core.Game, seat: str) -> core.Game:
    """The game with every other seat's standing order in (where the rules take it as an order),
    so that `seat`'s order resolves the phase."""
    ruleset = game.ruleset
    for other in sorted(game.waiting_for() - {seat}):
        try:
            game = core.submit(game, other, ruleset.standing_order(game.state, other)).game
        except Refused:
            pass
    return game


def taken_as_they_stand(game: core.Game, seat: str, payload: Any) -> bool:
    """Whether the rules take `payload` as `seat`'s order in `game`, refusing nothing."""
    try:
        return not core.check(game, seat, game.ruleset.parse_order(seat, payload))
    except Refused:
        return False


def first_taken(game: core.Game, seat: str, candidates: Iterable[Any]) -> Any:
    """The first of `candidates` the rules take as `seat`'s order (a template that is valid where
    it is judged, found rather than worked out by hand)."""
    for payload in candidates:
        if taken_as_they_stand(game, seat, payload):
            return payload
    raise AssertionError(f"no candidate is taken from {seat}")

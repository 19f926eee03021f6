"""Checking a draft order (`core.check`): what `submit` would say to it, taking nothing. A page
checks every draft with it before sending, so it must agree with `submit` on every order, in
every ruleset: no refusal exactly when the order would be taken, and first the refusal it would
be refused with."""

from __future__ import annotations

import itertools

import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused, Ruleset
from fogbank.rules.record.replay import apply_input
from fogbank.rules.record.simulate import game_seed, play_bot_game
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

PICKET = core.find_ruleset("picket")


@pytest.fixture
def game():
    return core.start(PICKET, "picket", b"\x07" * 32)


def codes(refusals) -> list[str]:
    return [refusal.code for refusal in refusals]


def test_an_order_the_rules_take_meets_no_refusal_and_is_not_taken(game):
    assert core.check(game, "blue1", {"move": 2}) == ()
    assert game.orders == {}  # a check changes nothing: the game is a value, and no step is made


def test_a_check_gives_the_refusal_submit_would(game):
    assert codes(core.check(game, "blue1", {"move": 3})) == ["too_far"]
    assert codes(core.check(game, "blue1", {"move": 1}, "fire")) == ["wrong_phase"]
    assert codes(core.check(game, "blue1", {"target": 1})) == ["bad_order"]


def test_a_ruleset_may_list_every_rule_an_order_breaks(game, monkeypatch):
    def every_refusal(self, state, seat, order):
        return [Refused("too_far", "Too far."), Refused("aground", "Aground too.")]

    monkeypatch.setattr(type(PICKET), "order_refusals", every_refusal, raising=False)
    assert codes(core.check(game, "blue1", {"move": 3})) == ["too_far", "aground"]


def test_after_the_umpires_amendment_the_seats_own_order_is_refused_but_a_second_amendment_is_not(game):
    amended = core.amend(game, "blue1", {"move": 1}, "Engine trouble.").game
    assert codes(core.check(amended, "blue1", {"move": 2})) == ["amended"]
    assert core.check(amended, "blue1", {"move": 2}, amending=True) == ()


def test_an_ended_game_is_told_so(game):
    ended = core.end(game, "Time.").game
    assert codes(core.check(ended, "blue1", {"move": 1})) == ["game_over"]


def submit_says(game: core.Game, seat: str, order) -> str | None:
    try:
        core.submit(game, seat, order)
    except Refused as refusal:
        return f"{refusal.code}: {refusal.sentence}"
    return None


def check_says(game: core.Game, seat: str, order) -> str | None:
    refusals = core.check(game, seat, order)
    return f"{refusals[0].code}: {refusals[0].sentence}" if refusals else None


def first_scenarios() -> list[tuple[Ruleset, str]]:
    """Each of fogbank's own rulesets (not the tests' toys), at its first scenario."""
    own = [r for _, r in sorted(core.rulesets().items()) if type(r).__module__.startswith("fogbank.")]
    return [(ruleset, ruleset.scenarios()[0]) for ruleset in own]


@pytest.mark.parametrize("ruleset, scenario", first_scenarios(), ids=lambda value: getattr(value, "name", value))
def test_check_agrees_with_submit_on_every_order_of_a_bot_game_and_on_others_out_of_place(ruleset, scenario):
    """Each order the bots gave, an empty one, and orders given earlier (by other seats, in other
    phases): for each, `check` and `submit` say the same, at the moment it was given."""
    records = list(itertools.islice(play_bot_game(scenario, game_seed("check", 0), max_turns=4), 4000))
    header, inputs = records[0], [r for r in records if r.get("type") == "input"]
    game = core.start(ruleset, header["scenario"], game_seed("check", 0), header.get("options") or None)
    earlier: list[dict] = []
    compared = refused = 0
    for record in inputs:
        if record["input"] == "order":
            seat = record["seat"]
            for payload in [record["order"], {}, *earlier[-6:]]:
                try:
                    order = ruleset.parse_order(seat, payload)
                except Refused:
                    continue
                said = check_says(game, seat, order)
                assert said == submit_says(game, seat, order), (seat, payload)
                refused += said is not None
                compared += 1
            earlier.append(record["order"])
        game = apply_input(game, record).game
    assert compared > 6 and refused < compared

"""Who won (victory.py, decisions.md): the raider sunk or crippled, got clear, beaten off the
cruisers, or shadowed hurt or unhurt; the arena's score and the rules it counts."""

from __future__ import annotations

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.supremacy import contacts, measures, victory

from .test_game import start

RULES = core.find_ruleset("supremacy")


def at_the_end(spee=None, seen=True, **cruisers):
    """The state after the last turn's sight: Graf Spee and the cruisers as given, Graf Spee in
    Ajax's sight or far beyond every cruiser's."""
    state = attrs.evolve(start().state, turn=24, phase="cleanup")
    board = state.board
    changed = [attrs.evolve(board.ship("graf_spee"), **(spee or {}), at=(0, 0) if seen else (3000, 3000))]
    for name, fields in cruisers.items():
        changed.append(attrs.evolve(board.ship(name), **fields))
    state = attrs.evolve(state, board=board.replace(*changed))
    return attrs.evolve(state, knowledge=contacts.take(state)[0])


CRIPPLED = {"damage": 800}
SUNK = {"sunk": True, "damage": 1500}


@pytest.mark.parametrize(("spee", "seen", "cruisers", "british", "why"), [
    ({"damage": 600}, True, {}, "marginal victory", "must make for a neutral port"),
    ({"damage": 300}, True, {}, "draw", "slip away at nightfall"),
    ({"damage": 600}, True, {"ajax": CRIPPLED, "achilles": SUNK}, "marginal defeat", "beaten off"),
    ({"damage": 100}, False, {}, "marginal defeat", "got clear"),
    ({"damage": 100}, False, {"ajax": CRIPPLED, "achilles": CRIPPLED}, "defeat", "got clear"),
    ({"damage": 1200}, True, {"ajax": CRIPPLED}, "victory", "crippled and cannot get away"),
    ({"damage": 1200}, True, {"ajax": CRIPPLED, "achilles": CRIPPLED}, "marginal victory", "crippled"),
    ({"damage": 1200}, True, {"ajax": CRIPPLED, "achilles": CRIPPLED, "exeter": {"damage": 1000}}, "draw", "every cruiser"),
])
def test_the_end_of_the_last_turn_is_judged_by_the_sides_aims(spee, seen, cruisers, british, why):
    outcome = victory.decide(at_the_end(spee, seen, **cruisers), last=True)
    assert outcome.results["british"] == british and why in outcome.reason


def test_a_sinking_ends_the_game_at_once():
    state = at_the_end({"sunk": True, "damage": 2370})
    assert victory.decide(attrs.evolve(state, turn=5)).results == {"british": "victory", "german": "defeat"}
    state = at_the_end(None, True, ajax=SUNK, achilles=SUNK, exeter={"sunk": True, "damage": 1815})
    assert victory.decide(attrs.evolve(state, turn=5)).results == {"german": "victory", "british": "defeat"}
    assert victory.decide(attrs.evolve(at_the_end({"damage": 2000}), turn=5)) is None  # crippled: judged at the end


def test_a_cruiser_too_slow_to_follow_her_does_not_shadow():
    slow = {"knots_lost": 20}  # 12 knots: she cannot follow a raider of 26
    state = at_the_end({"damage": 600}, True, ajax=slow, achilles=slow, exeter=slow)
    assert not victory.shadowed(state)


def test_the_score_is_the_damage_done_to_the_enemy():
    tally = RULES.tally(at_the_end({"damage": 500}, True, ajax={"damage": 3000, "sunk": True}))
    assert tally.points == {"british": 500.0, "german": 1500.0} and tally.lost == {"british": 1, "german": 0}


def test_the_rules_a_game_offers_and_counts_from_its_log():
    assert "searchlights" not in RULES.rules_offered("river_plate", {"night": False})
    assert "searchlights" in RULES.rules_offered("river_plate", {"night": True})
    order = {"type": "input", "input": "order", "order": {"ships": {
        "ajax": {"move": "LS CS A3"},  # (not a legal move, but the log counts what was written)
        "achilles": {"fire": [{"group": "port", "target": "graf_spee", "guns": 2, "half": True},
                              {"group": "port", "target": "exeter"}]},
        "exeter": {"torpedoes": [{"bank": "port", "course": 3}, {"bank": "starboard", "course": 9}]}}}}
    assert sorted(RULES.rules_used(order)) == ["chase", "half_salvo", "smoke", "split", "torpedoes", "torpedoes"]
    assert list(RULES.rules_used({"type": "input", "input": "ask", "question": {}})) == ["questions"]
    assert list(RULES.rules_used({"type": "event", "kind": "fired"})) == []
    assert set(measures.offered({})) >= {"smoke", "chase", "torpedoes", "questions", "half_salvo", "split"}

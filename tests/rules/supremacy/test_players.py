"""The River Plate's built-in players: the standard captain and each named plan play a whole game
that verifies, from their seat's views alone, and the standard one uses the rules the game offers."""

from __future__ import annotations

import json

import pytest

from fogbank.rules import core
from fogbank.rules.core import players
from fogbank.rules.record.simulate import game_seed, play_bot_game
from fogbank.rules.record.verify import verify_records
from fogbank.rules.supremacy.bot import Captain

RULES = core.find_ruleset("supremacy")


def test_the_standard_player_and_the_named_plans_are_registered():
    assert {"standard", "fire_discipline", "smoke_screen"} <= set(players.policies("supremacy", "river_plate", "british"))
    assert {"standard", "smoke_screen", "run_for_it"} <= set(players.policies("supremacy", "river_plate", "german"))
    assert "fire_discipline" not in players.policies("supremacy", "river_plate", "german")
    assert isinstance(RULES.bot("river_plate", "ajax", {"ships": [], "yours": [], "visibility": 900}), Captain)


@pytest.mark.parametrize(("side", "plan"), [
    (side, name) for side in ("german", "british")
    for name in players.policies("supremacy", "river_plate", side) if name != "standard"])
def test_each_plan_plays_a_game_that_verifies(side, plan):
    records = list(play_bot_game("river_plate", game_seed("plans", 1), policies={side: plan}))
    assert records[-1]["type"] == "end" and records[-1]["results"]
    assert verify_records(json.loads(json.dumps(records))) > 0


def test_the_standard_player_uses_the_rules_the_game_offers():
    used = set()
    for number in range(3):
        for record in play_bot_game("river_plate", game_seed("rules", number)):
            used.update(RULES.rules_used(record))
    assert {"smoke", "chase", "questions", "half_salvo"} <= used
    night = set()
    for record in play_bot_game("river_plate", game_seed("rules", 0), options={"night": True}):
        night.update(RULES.rules_used(record))
    assert "searchlights" in night

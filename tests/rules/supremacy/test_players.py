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


def test_the_raider_splits_her_secondaries_onto_a_cruiser_close_by():
    """4.5a: a secondary group may take a second target in local control at close range. With Ajax
    15 inches on her beam and Exeter further off on the same side, the standard captain puts her
    starboard director on one and a few guns in local control on Ajax; the order is taken."""
    from fogbank.rules.core.plain import to_plain

    from .test_referee import _fire_phase

    game = _fire_phase(graf_spee=((0, 0), 0), ajax=((150, 0), 0), exeter=((350, 200), 0), achilles=((-3000, 0), 0))
    state = game.state
    captain = Captain(to_plain(RULES.chart(state, "graf_spee")), to_plain(RULES.briefing(state, "graf_spee")))
    view = to_plain(RULES.observe(state, "graf_spee"))
    (spee,) = view["ships"]
    starboard = [f for f in captain.fire(spee, view) if f["group"] == "starboard"]
    assert {f["target"] for f in starboard} == {"ajax", "exeter"}
    assert starboard[1]["target"] == "ajax" and 0 < starboard[1]["guns"] < 4
    given = RULES.parse_order("graf_spee", {"ships": {"graf_spee": {"fire": captain.fire(spee, view)}}})
    assert RULES.order_refusals(state, "graf_spee", given) == []


def test_each_ship_of_a_side_seat_has_a_temper_of_her_own():
    """With one seat a side (`seats=side`) the British captain commands three cruisers, and each
    weighs the fire she may take by a caution of her own, as she would in a seat of her own: one
    caution for the whole side sent all three in boldly together or held all three back, and a
    side held back drew most of its games."""
    from fogbank.rules.core.plain import to_plain

    state = core.start(RULES, "river_plate", game_seed("temper", 0), {"seats": "side"}).state
    seen = set()
    for luck in range(5):
        captain = Captain(to_plain(RULES.chart(state, "british")), to_plain(RULES.briefing(state, "british")), luck)
        assert set(captain.caution) == {"ajax", "achilles", "exeter"}
        assert len(set(captain.caution.values())) == 3
        seen.add(captain.caution["ajax"])
    assert len(seen) == 5  # and the luck still varies it from game to game

"""Whole games with a built-in captain in every seat play to the end, and `fogbank verify` re-reads
every roll of their logs."""

import json

import pytest

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.simulate import game_seed, play_bot_game
from fogbank.rules.record.verify import verify_records

RULES = core.find_ruleset("salvo")


@pytest.mark.parametrize("scenario", RULES.scenarios())
def test_bot_games_end_and_verify(scenario):
    for number in range(2):
        records = [json.loads(json.dumps(r)) for r in play_bot_game(f"salvo/{scenario}", game_seed("t", number))]
        end = records[-1]
        assert end["type"] == "end" and end["seed"]
        ended = [r for r in records if r.get("kind") == "game_ended"]
        assert ended and "simulation stopped" not in ended[-1]["reason"]
        assert verify_records(records) > 0


def test_every_seat_acts_and_the_umpire_sees_every_unit_with_its_hex():
    game = core.start(RULES, "gallipoli", bytes(32))
    view = to_plain(RULES.observe(game.state, "umpire"))
    assert len(view["units"]) >= 20 and all(len(u["hex"]) == 4 for u in view["units"])
    assert view["minefields"]["fixed"] == ["2005", "2104", "2105", "2203", "2204", "2205", "2304"]
    assert game.to_act() == {"forts"}  # the minelayer, before anyone moves


def test_the_secret_mines_are_the_umpires_and_the_layers_alone():
    game = core.start(RULES, "gallipoli", bytes(32))
    game = core.submit(game, "forts", RULES.parse_order("forts", {"mines": ["2306", "2107"]})).game
    assert game.state.phase == "movement"
    assert {"2306", "2107"} <= set(to_plain(RULES.observe(game.state, "forts"))["minefields"])
    assert "2306" not in to_plain(RULES.observe(game.state, "de_robeck"))["minefields"]
    assert to_plain(RULES.observe(game.state, "umpire"))["minefields"]["secret"] == ["2107", "2306"]


@pytest.mark.parametrize("payload, code", [
    ({"mines": ["2306"]}, "bad_mines"),
    ({"mines": ["1808", "2306"]}, "bad_mines"),
    ({"mines": ["1501", "2306"]}, "bad_mines"),
    ({"mines": ["99", "2306"]}, "bad_hex"),
    ({"moves": {"F1": "F"}}, "wrong_phase_field"),
    ({"nonsense": 1}, "bad_order"),
    ([1, 2], "bad_order"),
])
def test_bad_first_orders_are_refused_with_a_code(payload, code):
    game = core.start(RULES, "gallipoli", bytes(32))
    with pytest.raises(core.Refused) as refused:
        core.submit(game, "forts", RULES.parse_order("forts", payload))
    assert refused.value.code == code

"""Payloads of the wrong types, through a real server in both encodings: a seat's order and its
draft check, the umpire's amendment and override, a seat's question, in a game of every ruleset.
Each is refused with a listed code and a sentence, never `internal_error` (the rules' own property
tests, tests/rules/*/test_any_field.py, try every field; these few show the server's path)."""

from __future__ import annotations

import pytest

from fogbank import protocols as wire
from fogbank.clients.client import Client, RequestRefused
from fogbank.rules.core import find_ruleset
from fogbank.server.app import Server

REASON = "A test of the server's path."
CASES = {
    # scenario: (seat, phase it orders in, orders, overrides, questions)
    "gallipoli": ("guepratte", "movement", [
        {"dummies": [{"hex": "0314", "facing": {"letter": "B"}, "path": "F"}]},  # fuzzing's internal_error
        {"moves": {"B11": ["F"]}, "smoke": [["B11"]]},
        {"dummies": [{"hex": 314, "facing": "B"}], "attacks": {"B11": "one"}},
    ], [{"kind": "move_unit", "unit": "B11", "hex": {"2106": True}, "facing": ["C"]}], []),
    "b11": ("submarine", "orders", [
        {"legs": [{"course": {"NE": 1}, "speed": 1}], "level": "surface"},
        {"course": "N", "speed": True, "level": ["surface"], "fire": {"target": "3", "direction": []}},
    ], [{"kind": "set_air", "value": "20"}, {"settle": "battle", "result": "lost"}], []),
    "river_plate": ("ajax", "write_moves", [
        {"ships": {"ajax": {"move": {"A": 10}}}},
        {"ships": {"ajax": {"moves": "A16 A16 A16"}}},
    ], [{"kind": "move_ship", "ship": "ajax", "at": [1.5, {}]}], [{"ship": ["ajax"], "ask": {"damage": 1}}]),
    "black_sea": ("souchon", "orders", [
        {"fleets": {"mittelmeer": {"mission": ["raid"], "tactics": {"posture": {}}}}},
        {"fleets": {"mittelmeer": {"mission": "raid", "path": "bosporus"}}, "repair": {"Goeben": ["box"]}},
    ], [{"kind": "report", "seat": {}, "fleet": "battle", "zone": "crimea"}], [{"fleet": {}}]),
}


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


async def refused(ruleset, request) -> str:
    """The code a request is refused with: listed, with a sentence, and never internal_error."""
    with pytest.raises(RequestRefused) as error:
        await request
    code = error.value.code
    assert code != "internal_error" and code in {**ruleset.error_codes(), **wire.ERROR_CODES}, code
    assert error.value.message
    return code


@pytest.mark.parametrize("scenario", sorted(CASES))
async def test_wrong_types_in_every_kind_of_payload_are_refused_with_a_code_never_internal_error(
    server, scenario
):
    seat, phase, orders, overrides, questions = CASES[scenario]
    game = await server.create_game(scenario)
    ruleset = find_ruleset(game["ruleset"])
    url = f"ws://127.0.0.1:{server.port}/"
    async with await Client.connect(url, game["seats"][seat], codec=wire.MSGPACK) as player, \
            await Client.connect(url, game["umpire_token"], codec=wire.JSON) as umpire:  # fmt: skip
        while (await player.next_observation()) and player.phase != phase:
            await umpire.release()  # Gallipoli's minelayer goes first: its mines are its standing order
        for order in orders:
            checked = await player.check(order)
            assert checked and all(r["code"] != "internal_error" and r["message"] for r in checked), checked
            await refused(ruleset, player.submit(order))
            await refused(ruleset, umpire.amend(seat, order, REASON))
        for override in overrides:
            await refused(ruleset, umpire.override(override, REASON))
        for question in questions:
            await refused(ruleset, player.ask(question))

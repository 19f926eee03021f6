"""No error sentence sends back more than a few words of what the peer sent, whatever refuses it
(the server, the engine or a ruleset): a long string in any field of any request comes back cut
to `ECHO` characters, and no sentence is longer than `MAX_SENTENCE`."""

from __future__ import annotations

import random
import string

import pytest

from fogbank import protocols as wire
from fogbank.protocols.errors import ECHO, MAX_SENTENCE, without_echoes
from fogbank.server.app import Server

from .test_end_to_end import JSON, open_peer

LONG = "".join(random.Random(31).choices(string.ascii_letters, k=4000))
KEYS = ("course", "speed", "level", "ship", "target", "fleet", "mission", "zone", "ships", "fleets", "fire", "moves")


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


def echoed(sentence: str) -> bool:
    """Whether `sentence` quotes more than ECHO characters of LONG in a row."""
    return any(LONG[i : i + ECHO + 1] in sentence for i in range(len(LONG) - ECHO))


def seat_requests(turn: int) -> list:
    orders = [{LONG: 1}, *({key: LONG} for key in KEYS), *({key: {LONG: LONG}} for key in KEYS),
              *({key: [LONG]} for key in KEYS)]  # fmt: skip
    return [
        *(lambda ref, order=order: wire.SubmitOrder(ref=ref, turn=turn, order=order) for order in orders),
        lambda ref: wire.SubmitOrder(ref=ref, turn=turn, order={}, phase=LONG),
        lambda ref: wire.Ask(ref=ref, question={"ship": LONG, "about": LONG}),
        lambda ref: wire.Ask(ref=ref, question={LONG: LONG}),
        lambda ref: wire.Talk(ref=ref, text="Close up.", to=LONG),
        lambda ref: wire.Observe(ref=ref, seat=LONG),
    ]


def umpire_requests() -> list:
    return [
        lambda ref: wire.Observe(ref=ref, seat=LONG),
        lambda ref: wire.RequestSeatLog(ref=ref, seat=LONG),
        lambda ref: wire.Hold(ref=ref, held=True, phases=[LONG]),
        lambda ref: wire.Amend(ref=ref, seat=LONG, order={}, reason=LONG),
        lambda ref: wire.Narrate(ref=ref, seat=LONG, text="Fog."),
        lambda ref: wire.Override(ref=ref, override={LONG: LONG}, reason=LONG),
        lambda ref: wire.Override(ref=ref, override={"settle": LONG, "result": {}}, reason="x"),
        lambda ref: wire.EndGame(ref=ref, reason="x", results={LONG: "draw"}),
    ]


@pytest.mark.parametrize("scenario", ["b11", "gallipoli", "river_plate", "black_sea"])
async def test_no_refusal_quotes_more_than_a_few_words_of_the_request(server, scenario):
    game = await server.create_game(scenario)
    seat, token = next(iter(game["seats"].items()))
    player = await open_peer(server, token, codec=JSON)
    umpire = await open_peer(server, game["umpire_token"], codec=JSON)
    errors = []
    for peer, requests in ((player, seat_requests(player.welcome.turn)), (umpire, umpire_requests())):
        for make in requests:
            reply = await peer.request(make)
            if isinstance(reply, wire.Error):
                errors.append(reply)
    assert len(errors) > 12, "too few requests were refused to judge"
    for error in errors:
        assert not echoed(error.message), (error.code, error.message[:200])
        assert len(error.message) <= MAX_SENTENCE
    assert any(LONG[:ECHO] in error.message for error in errors), "no refusal names what it refuses"


def test_a_quoted_text_is_cut_in_every_form_an_f_string_gives_it():
    odd = LONG[:100] + "'\n" + LONG[100:200]
    for sentence in (f"No seat {LONG}.", f"No seat {LONG!r}.", f'No seat "{odd}".', f"No seat {odd!r}."):
        assert not echoed(without_echoes(sentence, {"seat": [LONG, odd]}))
    assert without_echoes("short " * 200, {}) .endswith("...") and len(without_echoes("short " * 200, {})) == MAX_SENTENCE

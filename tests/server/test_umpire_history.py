"""The umpire's `history` and `seat_log` over real sockets, and the console served on the same port."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import pytest

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.server.app import Server
from fogbank.rules.record.replay import full_record

from .test_end_to_end import JSON, open_peer

ORDERS = [
    {"course": "E", "speed": 2, "level": "periscope"},
    {"course": "NE", "speed": 0, "level": "periscope"},
]


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


async def play(server, game):
    """Two turns ordered by the submarine; returns its peer."""
    sub = await open_peer(server, game["seats"]["submarine"])
    view = (await sub.recv()).view
    for order in ORDERS:
        reply = await sub.request(lambda ref, o=order: wire.SubmitOrder(ref=ref, turn=view["turn"], order=o))
        assert isinstance(reply, wire.Ack), reply
        observation = await sub.until(wire.Observation)
        view = observation.view
    return sub


async def test_history_has_a_row_a_turn_and_no_seed_until_the_end(server):
    game = await server.create_game("b11")
    await play(server, game)
    umpire = await open_peer(server, game["umpire_token"], codec=JSON)
    history = await umpire.request(lambda ref: wire.RequestHistory(ref=ref))
    assert isinstance(history, wire.History)

    assert [t["turn"] for t in history.turns] == [1, 2]
    assert {t["phase"] for t in history.turns} == {"orders"}
    first, second = history.turns
    assert first["view"]["time"] == "1914-12-13T05:00"  # the umpire's view once the turn resolved
    assert first["orders"]["submarine"] == ORDERS[0]  # as the wire carries orders
    assert second["view"]["turn"] == 3
    room = server.host.rooms[game["game"]]
    truth = room.game.ruleset.observe(room.game.state, "umpire")
    assert second["view"]["boat"]["square"] == truth.boat.square
    assert second["view"]["plotted_track"] == list(truth.plotted_track)

    # The log is the game's full record (what game_over will carry), less the end and its seed.
    row = await server.store.game(game["game"])
    inputs = [entry.record for entry in await server.store.load_log(game["game"])]
    start = core.start(core.find_ruleset(row.ruleset), row.scenario, row.seed)
    assert history.log == json.loads(json.dumps(full_record(start, inputs)[:-1]))
    assert history.log[0]["commitment"] == game["commitment"]
    assert all("text" in r and "audience" in r for r in history.log if r["type"] == "event")
    seed = (await server.store.game(game["game"])).seed.hex()
    assert seed not in json.dumps(history.log) and seed not in json.dumps(history.turns)

    ended = await umpire.request(lambda ref: wire.EndGame(ref=ref, reason="Stop."))
    assert isinstance(ended, wire.Ack)
    await umpire.until(wire.GameOver)
    after = await umpire.request(lambda ref: wire.RequestHistory(ref=ref))
    assert after.log[-1]["type"] == "end" and after.log[-1]["seed"] == seed
    assert len(after.turns) == 2


async def test_seat_log_is_what_the_seat_was_sent(server):
    game = await server.create_game("b11")
    sub = await play(server, game)
    umpire = await open_peer(server, game["umpire_token"], codec=JSON)
    await umpire.recv()  # its snapshot
    narrated = await umpire.request(lambda ref: wire.Narrate(ref=ref, seat="submarine", text="Smoke to the north."))
    assert isinstance(narrated, wire.Ack)
    await sub.until(wire.NarrativeMessage)  # the narrative's input's last push: the stream holds it

    log = await umpire.request(lambda ref: wire.RequestSeatLog(ref=ref, seat="submarine"))
    assert isinstance(log, wire.SeatLog) and log.seat == "submarine"
    stream = server.host.rooms[game["game"]].streams["submarine"].recent()
    codec = wire.codec_for(JSON)
    assert log.messages == [json.loads(codec.encode_server(m)) for m in stream]
    assert [m["seq"] for m in log.messages] == list(range(1, len(stream) + 1))
    assert log.messages[-2]["type"] == "narrative" or log.messages[-1]["type"] == "narrative"
    assert all("boat" not in m.get("view", {}) for m in log.messages)

    refused = await umpire.request(lambda ref: wire.RequestSeatLog(ref=ref, seat="destroyer"))
    assert isinstance(refused, wire.Error) and refused.code == "unknown_seat"


async def test_a_seat_reads_the_umpires_history_once_the_game_is_over_and_not_before(server):
    game = await server.create_game("b11")
    sub = await play(server, game)
    before = await sub.request(lambda ref: wire.RequestHistory(ref=ref))
    assert isinstance(before, wire.Error) and before.code == "forbidden"
    umpire = await open_peer(server, game["umpire_token"], codec=JSON)
    assert isinstance(await umpire.request(lambda ref: wire.EndGame(ref=ref, reason="Stop.")), wire.Ack)
    over = await sub.until(wire.GameOver)
    after = await sub.request(lambda ref: wire.RequestHistory(ref=ref))
    assert isinstance(after, wire.History) and [t["turn"] for t in after.turns] == [1, 2]
    assert after.log == over.log  # the truth game_over unsealed, with the umpire's view a turn
    assert "boat" in after.turns[0]["view"]


@pytest.mark.parametrize("make", [lambda ref: wire.RequestHistory(ref=ref), lambda ref: wire.RequestSeatLog(ref=ref, seat="submarine")])
async def test_a_seat_may_not_ask_for_the_umpires_records(server, make):
    game = await server.create_game("b11")
    sub = await open_peer(server, game["seats"]["submarine"])
    reply = await sub.request(make)
    assert isinstance(reply, wire.Error) and reply.code == "forbidden"


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


@pytest.mark.parametrize("path", ["/umpire", "/umpire/", "/umpire/index.html"])
async def test_the_console_page_is_served_with_a_strict_policy(server, path):
    status, headers, body = await asyncio.to_thread(fetch, f"http://127.0.0.1:{server.port}{path}")
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert '<script type="module" src="/umpire/app.js">' in body
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize(
    "path, kind",
    [("/umpire/app.js", "text/javascript"), ("/web/wire.js", "text/javascript"), ("/umpire/console.css", "text/css")],
)
async def test_the_console_files_are_served(server, path, kind):
    status, headers, body = await asyncio.to_thread(fetch, f"http://127.0.0.1:{server.port}{path}")
    assert status == 200 and headers["Content-Type"].startswith(kind) and body


@pytest.mark.parametrize("path", ["/umpire/../app.py", "/umpire/%2e%2e/app.py", "/umpire/missing.js", "/umpire/.hidden.js", "/umpire/x/app.js"])
async def test_nothing_else_is_served_from_the_console_folder(server, path):
    status, _, _ = await asyncio.to_thread(fetch, f"http://127.0.0.1:{server.port}{path}")
    assert status == 404

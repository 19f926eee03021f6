"""A glance (issue 37): a browser's list of its games asks, before joining, where each seat's game
stands, and is answered by a `summary` made of what that seat's own join gives it: the welcome and,
once it is over, its game_over. A wrong token counts as a join's does, glances are limited per
address, and the connection stays unjoined. (That an entry says nothing the seat's stream would
not is the non-interference harness's: every ruleset's differential compares each seat's glance.)"""

from __future__ import annotations

import asyncio

import pytest
from websockets.exceptions import ConnectionClosed

from fogbank import protocols as wire
from fogbank.server import guard
from fogbank.server.app import Server
from fogbank.server.guard import WRONG_PER_CONNECTION
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_club import ask
from .test_end_to_end import open_peer
from .test_wrong_tokens import JSON, open_socket


@pytest.fixture
async def server(tmp_path):
    started = await Server.start(port=0, data=tmp_path)
    yield started
    await started.close()


async def glance(websocket, token: str, ref: int = 1):
    await websocket.send(JSON.encode_client(wire.Glance(ref=ref, token=token)))
    return JSON.decode_server(await asyncio.wait_for(websocket.recv(), 5))


async def test_a_glance_sums_up_the_seats_game_as_its_welcome_tells_it(server):
    created = await server.create_game("picket", name="Tuesday")
    room = server.host.rooms[created["game"]]
    await server.host.order(room, "blue2", 1, {"move": 0})
    async with open_socket(server) as websocket:
        seat = await glance(websocket, created["seats"]["blue1"], ref=7)
        umpire = await glance(websocket, created["umpire_token"], ref=8)
        # Still unjoined: an order is refused, and nothing of either seat's stream came.
        await websocket.send(JSON.encode_client(wire.SubmitOrder(ref=9, turn=1, order={"move": 0})))
        refused = JSON.decode_server(await asyncio.wait_for(websocket.recv(), 5))
    welcome = (await open_peer(server, created["seats"]["blue1"])).welcome
    assert isinstance(seat, wire.SeatSummary) and seat.ref == 7
    assert (seat.game, seat.name, seat.scenario, seat.seat, seat.seat_title, seat.side) == (
        created["game"], "Tuesday", "picket", "blue1", "HMS Alpha", "blue")
    assert (seat.turn, seat.phase, seat.must_act, seat.order_in, seat.over) == (1, "move", True, False, False)
    titles = {s["seat"]: s["title"] for s in welcome.seats}
    said = [titles[s] for s in (welcome.waiting or {}).get("seats", [])]
    title = welcome.briefing.get("title") or "picket"
    assert (seat.title, seat.waiting, seat.deadline, seat.held) == (title, said, None, False)
    # The umpire's names every seat whose order is not in (his own list says it).
    assert umpire.seat == "umpire" and umpire.waiting == ["HMS Alpha", "SMS Cäsar", "SMS Dora"]
    assert refused.code == "not_joined" and refused.ref == 9
    assert room.presence["blue1"]["connected"] == 1  # the glance left at once (the peer above is still here)


async def test_once_the_game_is_over_a_glance_says_how_it_ended(server):
    created = await server.create_game("picket")
    umpire = await open_peer(server, created["umpire_token"])
    reason = "The fog came down."
    await ask(umpire, lambda ref: wire.EndGame(ref=ref, reason=reason, results={"red": "victory"}))
    async with open_socket(server) as websocket:
        red = await glance(websocket, created["seats"]["red1"])
        blue = await glance(websocket, created["seats"]["blue2"])
    assert (red.over, red.result, red.reason) == (True, "victory", reason)
    assert red.results == {"blue": "ended", "red": "victory"}
    assert (blue.over, blue.result, blue.must_act, blue.deadline) == (True, "ended", False, None)


async def test_wrong_tokens_count_as_a_joins_and_glances_are_limited(server, monkeypatch):
    created = await server.create_game("picket")
    async with open_socket(server) as websocket:
        for _ in range(WRONG_PER_CONNECTION):
            assert (await glance(websocket, "g.seat.wrong")).code == "bad_token"
        with pytest.raises(ConnectionClosed):
            await glance(websocket, created["seats"]["red1"])
    async with open_socket(server) as websocket:
        peer_token = created["seats"]["red1"]
        await websocket.send(JSON.encode_client(wire.Join(token=peer_token)))
        await asyncio.wait_for(websocket.recv(), 5)  # the welcome
        refused = await glance(websocket, peer_token)
        while not isinstance(refused, wire.Error):  # the snapshot after the welcome
            refused = JSON.decode_server(await asyncio.wait_for(websocket.recv(), 5))
        assert refused.code == "already_joined"
    server.guard._glances = guard.Buckets(3, 3600.0)  # three, then one an hour
    async with open_socket(server) as websocket:
        replies = [await glance(websocket, created["seats"]["red2"], ref) for ref in range(5)]
    codes = [getattr(reply, "code", "summary") for reply in replies]
    assert codes == ["summary"] * 3 + ["rate_limited"] * 2

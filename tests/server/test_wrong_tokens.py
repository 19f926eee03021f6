"""Wrong tokens are rate-limited: a connection is closed after a few, and an address that has
sent many is refused `rate_limited` (before its token is looked at) until its allowance refills."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from fogbank import protocols as wire
from fogbank.server.app import Server
from fogbank.server.guard import BURST, REFILL_SECONDS, WRONG_PER_CONNECTION, TokenGuard

JSON = wire.codec_for(wire.JSON)


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


async def join(websocket, token: str):
    await websocket.send(JSON.encode_client(wire.Join(token=token)))
    return JSON.decode_server(await asyncio.wait_for(websocket.recv(), 5))


def open_socket(server):
    return connect(f"ws://127.0.0.1:{server.port}/", subprotocols=[wire.JSON])


async def test_a_connection_is_closed_after_a_few_wrong_tokens(server):
    async with open_socket(server) as websocket:
        for _ in range(WRONG_PER_CONNECTION):
            reply = await join(websocket, "g.seat.wrong")
            assert reply.code == "bad_token"
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(websocket.recv(), 5)
        assert closed.value.rcvd.code == wire.CLOSE_POLICY_VIOLATION


async def test_an_address_past_its_allowance_is_refused_even_a_true_token(server):
    game = await server.create_game("b11")
    codes = []
    for _ in range(BURST // (WRONG_PER_CONNECTION - 1) + 2):
        async with open_socket(server) as websocket:
            for _ in range(WRONG_PER_CONNECTION - 1):
                codes.append((await join(websocket, "g.seat.wrong")).code)
    assert codes[:BURST] == ["bad_token"] * BURST and set(codes[BURST:]) == {"rate_limited"}
    async with open_socket(server) as websocket:
        refused = await join(websocket, game["seats"]["submarine"])
        assert refused.code == "rate_limited" and "wait" in refused.message


def test_the_allowance_refills_with_time():
    now = [0.0]
    guard = TokenGuard(clock=lambda: now[0])
    for _ in range(BURST):
        assert guard.allows("10.0.0.1")
        guard.wrong("10.0.0.1")
    assert not guard.allows("10.0.0.1") and guard.allows("10.0.0.2")
    now[0] += REFILL_SECONDS
    assert guard.allows("10.0.0.1")

"""Keepalive: a peer that sends nothing for the ping interval is pinged, and closed if it does not
answer in time; a peer heard from within the interval is not pinged at all, since what it sent
proves it alive (issue 42: websockets pinged every connection every 20 s, busy or not, a ping and
a pong for every 20 orders of a seat ordering every second)."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect

from fogbank.server import sockets
from fogbank.server.app import Server

from .test_end_to_end import MSGPACK


@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setattr(sockets, "PING_INTERVAL", 1.0)
    monkeypatch.setattr(sockets, "PING_TIMEOUT", 1.0)
    pinged: list[sockets.Socket] = []
    ping = sockets.Socket.ping

    async def counted(self, data=None):
        pinged.append(self)
        return await ping(self, data)

    monkeypatch.setattr(sockets.Socket, "ping", counted)
    server = await Server.start(port=0, data=tmp_path)
    server.pinged = pinged
    yield server
    await server.close()


async def pair(server: Server):
    """A client websocket (pinging nothing of its own) and the server's end of it."""
    ws = await connect(f"ws://127.0.0.1:{server.port}/", subprotocols=[MSGPACK], ping_interval=None)
    ours = ws.local_address
    return ws, next(c for c in server.websockets.all_connections if c.remote_address == ours)


async def test_a_silent_peer_is_pinged_and_one_heard_from_meanwhile_is_not(server):
    silent, silent_end = await pair(server)
    busy, busy_end = await pair(server)
    # The busy peer sends a frame every 50 ms (its own pings, answered) until the silent one has
    # been pinged twice: two intervals and more, in which websockets alone would have pinged both.
    while server.pinged.count(silent_end) < 2:
        await busy.ping()
        await asyncio.sleep(0.05)
    assert busy_end not in server.pinged
    await silent.close()
    await busy.close()


async def test_a_silent_peer_that_does_not_answer_the_ping_is_closed(server):
    deaf, deaf_end = await pair(server)
    deaf.transport.pause_reading()  # reads nothing, so answers nothing

    async def closing() -> None:  # the close frame is sent (it is torn down once it never answers that)
        while deaf_end.protocol.close_sent is None:
            await asyncio.sleep(0.05)

    await asyncio.wait_for(closing(), 10)
    assert deaf_end in server.pinged
    assert deaf_end.protocol.close_sent.code == 1011  # websockets' own: "keepalive ping timeout"
    deaf.transport.abort()

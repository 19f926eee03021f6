"""A peer that never reads cannot grow the server: past a few frames or bytes unsent it is not
read any more and is closed with 1013, its reason logged; its seat's stream is kept, so it
resumes by seq. Both for replies and stream messages queued behind its full socket, and for the
pongs websockets answers its pings with by itself."""

from __future__ import annotations

import asyncio
import logging
import socket

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from fogbank import protocols as wire
from fogbank.server import gateway, sockets
from fogbank.server.app import Server

from .test_end_to_end import MSGPACK, open_peer


@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setattr(gateway, "MAX_QUEUED_FRAMES", 64)
    monkeypatch.setattr(gateway, "MAX_QUEUED_BYTES", 64 * 1024)
    monkeypatch.setattr(sockets, "MAX_QUEUED_BYTES", 64 * 1024)
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


async def sluggish(server: Server):
    """A websocket whose socket takes in little and which reads nothing until asked to, and the
    server's end of it, whose kernel buffer is made small too (so its queue grows soon)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    ws = await connect(f"ws://127.0.0.1:{server.port}/", sock=sock, subprotocols=[MSGPACK], max_queue=1,
                       max_size=wire.MAX_SERVER_FRAME, ping_interval=None)  # fmt: skip
    ws.transport.pause_reading()  # pongs too stay in the kernel, until `closed_with` reads
    ours = ws.local_address
    theirs = next(c for c in server.websockets.all_connections if c.remote_address == ours)
    theirs.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    return ws, theirs


async def closed_with(ws) -> int:
    """Read everything left, then the close frame's code."""
    ws.transport.resume_reading()
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    return closed.value.rcvd.code


async def test_a_seat_that_asks_and_never_reads_is_closed_and_resumes_by_seq(server, caplog):
    caplog.set_level(logging.WARNING, "fogbank.server")
    game = await server.create_game("b11")
    ws, theirs = await sluggish(server)
    codec = wire.codec_for(MSGPACK)
    await ws.send(codec.encode_client(wire.Join(token=game["seats"]["submarine"])))
    for ref in range(1, 5000):
        await ws.send(codec.encode_client(wire.Observe(ref=ref)))  # each answered by a whole snapshot
        await asyncio.sleep(0)
        if theirs.overflowed:
            break
    assert theirs.overflowed, "the server kept taking requests from a peer that reads nothing"
    assert not theirs.transport.is_reading()
    assert "does not read" in caplog.text and "frames and" in caplog.text
    assert await closed_with(ws) == 1013
    again = await open_peer(server, game["seats"]["submarine"], last_seq=0)  # its stream is intact
    assert isinstance(again.welcome, wire.Welcome) and again.welcome.seq == 0
    await again.ws.close()


async def test_pings_never_read_are_not_answered_without_bound(server, caplog, monkeypatch):
    caplog.set_level(logging.WARNING, "fogbank.server")
    monkeypatch.setattr(sockets, "CLOSE_GRACE", 0.05)
    ws, theirs = await sluggish(server)
    for n in range(20000):
        await ws.ping(n.to_bytes(4, "big") * 31)  # 124 bytes: each pong as long
        await asyncio.sleep(0)
        if theirs.overflowed:
            break
    assert theirs.overflowed and not theirs.transport.is_reading()
    assert "bytes unsent" in caplog.text
    # It never reads its close frame either: cut off, its socket let go.
    await asyncio.wait_for(theirs.wait_closed(), 10)
    assert theirs not in server.websockets.all_connections

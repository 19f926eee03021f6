"""A peer that never reads cannot grow the server: past a few frames or bytes unsent it is not
read any more and is closed with 1013, its reason logged; its seat's stream is kept, so it
resumes by seq. Both for replies and stream messages queued behind its full socket, and for the
pongs websockets answers its pings with by itself."""

from __future__ import annotations

import asyncio
import contextlib
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
    monkeypatch.setattr(gateway, "MAX_QUEUED_FRAMES", 32)  # fewer than a stream keeps (64)
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


async def closed_with(ws) -> tuple[int, int]:
    """Read everything left: the close frame's code, and the last stream seq read."""
    ws.transport.resume_reading()
    codec, seq = wire.codec_for(MSGPACK), 0
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            message = codec.decode_server(await asyncio.wait_for(ws.recv(), 10))
            if isinstance(message, wire.NarrativeMessage):
                seq = message.seq
    return closed.value.rcvd.code, seq


async def test_a_seat_that_asks_and_never_reads_is_no_longer_read_then_closed_and_resumes_by_seq(server, caplog):
    caplog.set_level(logging.WARNING, "fogbank.server")
    game = await server.create_game("b11")
    umpire = await open_peer(server, game["umpire_token"])
    ws, theirs = await sluggish(server)
    codec = wire.codec_for(MSGPACK)
    await ws.send(codec.encode_client(wire.Join(token=game["seats"]["submarine"])))

    async def ask() -> None:
        for ref in range(1, 100_000):
            await ws.send(codec.encode_client(wire.Observe(ref=ref)))  # each answered by a whole snapshot

    asking = asyncio.create_task(ask())
    for _ in range(2000):  # its answers fill its socket: its requests are left unread, no more done
        if not theirs.transport.is_reading():
            break
        await asyncio.sleep(0.01)
    assert not theirs.transport.is_reading() and not theirs.overflowed
    # Its stream goes on growing (the umpire's words): past the bound it is closed.
    for n in range(200):
        await umpire.request(lambda ref, n=n: wire.Narrate(ref=ref, seat="submarine", text=f"Signal {n}."))
        if theirs.overflowed:
            break
    assert theirs.overflowed and not theirs.transport.is_reading()
    assert "does not read" in caplog.text and "frames and" in caplog.text
    asking.cancel()
    code, seq = await closed_with(ws)
    assert code == 1013
    # Its stream is kept: resumed from the last it read, it is sent the rest, in order.
    again = await open_peer(server, game["seats"]["submarine"], last_seq=seq)
    told = [(await again.recv()).text for _ in range(again.welcome.seq - seq)]
    assert told == [f"Signal {n}." for n in range(seq, again.welcome.seq)]
    await again.ws.close()


async def test_pings_never_read_stop_being_read_and_their_socket_is_closed(server, caplog, monkeypatch):
    caplog.set_level(logging.WARNING, "fogbank.server")
    monkeypatch.setattr(sockets, "MAX_QUEUED_BYTES", 8 * 1024 * 1024)  # as served: the stall closes it
    monkeypatch.setattr(sockets, "STALLED", 0.5)
    monkeypatch.setattr(sockets, "CLOSE_GRACE", 0.05)
    ws, theirs = await sluggish(server)

    async def ping() -> None:
        with contextlib.suppress(ConnectionClosed):
            for n in range(1_000_000):
                await ws.ping(n.to_bytes(4, "big") * 31)  # 124 bytes: each pong as long

    pinging = asyncio.create_task(ping())
    for _ in range(2000):  # its pongs fill its socket: it is not read, and answered no more
        if not theirs.transport.is_reading():
            break
        await asyncio.sleep(0.01)
    assert not theirs.transport.is_reading()
    assert theirs.transport.get_write_buffer_size() < 256 * 1024
    # It reads nothing for STALLED seconds: closed, and cut off when it does not read that either.
    await asyncio.wait_for(theirs.wait_closed(), 30)
    assert "does not read: it read nothing in 0 s" in caplog.text
    assert theirs not in server.websockets.all_connections
    pinging.cancel()


async def test_a_server_stops_while_a_peer_that_does_not_read_waits_with_its_requests(server):
    """Its connection dropped while its requests wait for their answers to leave: the server
    still stops (it waited for ever on a writer that was gone)."""
    game = await server.create_game("b11")
    ws, theirs = await sluggish(server)
    codec = wire.codec_for(MSGPACK)
    await ws.send(codec.encode_client(wire.Join(token=game["umpire_token"])))
    for ref in range(1, 5000):
        await ws.send(codec.encode_client(wire.Observe(ref=ref, seat="submarine")))
    for _ in range(2000):
        if not theirs.transport.is_reading():
            break
        await asyncio.sleep(0.01)
    ws.transport.abort()
    await asyncio.wait_for(server.close(), 60)

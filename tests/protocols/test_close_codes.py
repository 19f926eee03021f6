"""The close codes a peer's frames end its connection with, as the README's "Limits and close
codes" says, over a real server in both encodings: a frame over 64 KiB closes with 1009 unread; a
frame within it that breaks another limit (in msgpack a length declared far past 64 KiB) is
answered with its frame error, and only the ninth such in a row closes, with 1008."""

from __future__ import annotations

import asyncio
import json

import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from fogbank import protocols as wire
from fogbank.server.app import Server

JSON, MSGPACK = wire.JSON, wire.MSGPACK
PING = {"type": "ping", "ref": 1}
# Past the limits within 64 KiB: an array32 declaring 2**32 - 1 items and a map16 declaring 300
# entries (a few bytes each), a str16 of 16,640 bytes (the limit is 4,096 characters).
DECLARED = (b"\xdd\xff\xff\xff\xff", b"\xde\x01\x2c", b"\x81\xa4type\xda\x41\x00" + b"a" * 0x4100)


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


async def closed(websocket) -> list:
    """What the server sent until it closed: the frames, decoded as plain maps."""
    got = []
    with pytest.raises(ConnectionClosed):
        while True:
            frame = await asyncio.wait_for(websocket.recv(), 10)
            got.append(msgpack.unpackb(frame) if isinstance(frame, bytes) else json.loads(frame))
    return got


@pytest.mark.parametrize("codec", [MSGPACK, JSON])
async def test_a_frame_over_64_kib_closes_with_1009_unanswered(server, codec):
    game = await server.create_game("b11")
    big = {**PING, "pad": "x" * wire.MAX_FRAME}
    async with connect(f"ws://127.0.0.1:{server.port}/", subprotocols=[codec], max_size=None) as websocket:
        join = {"type": "join", "token": game["seats"]["submarine"]}
        await websocket.send(msgpack.packb(join) if codec == MSGPACK else json.dumps(join))
        await websocket.recv()  # welcome
        await websocket.send(msgpack.packb(big) if codec == MSGPACK else json.dumps(big))
        got = await closed(websocket)
        assert websocket.close_code == wire.CLOSE_TOO_BIG
        assert not [m for m in got if m.get("type") == "error"]


async def test_msgpack_lengths_declared_past_the_limits_are_answered_and_only_a_run_of_them_closes(server):
    game = await server.create_game("b11")
    async with connect(f"ws://127.0.0.1:{server.port}/", subprotocols=[MSGPACK], max_size=None) as websocket:
        await websocket.send(msgpack.packb({"type": "join", "token": game["seats"]["submarine"]}))
        await websocket.recv()  # welcome
        await websocket.recv()  # the join's snapshot
        for frame in DECLARED:
            await websocket.send(frame)
            error = msgpack.unpackb(await asyncio.wait_for(websocket.recv(), 10))
            assert error["type"] == "error" and error["code"] in ("too_large", "string_too_long"), error
        await websocket.send(msgpack.packb(PING))  # a readable message: the count starts again
        assert msgpack.unpackb(await asyncio.wait_for(websocket.recv(), 10))["type"] == "pong"
        for _ in range(wire.MAX_BAD_FRAMES + 1):
            await websocket.send(DECLARED[0])
        got = await closed(websocket)
        assert websocket.close_code == wire.CLOSE_POLICY_VIOLATION
        assert [m["code"] for m in got] == ["too_large"] * (wire.MAX_BAD_FRAMES + 1)

"""The baseline: a bare websockets + msgpack/JSON server that answers each order with an observation."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from fogbank import protocols as wire

from .frames import Frames
from .machine import raise_open_files

Handler = Callable[[ServerConnection], Awaitable[None]]


def echo_handler(frames: Frames, observation: dict[str, Any]) -> Handler:
    """A bare server: read each frame, decode it, answer with an observation-sized message."""

    async def handler(websocket: ServerConnection) -> None:
        seq = 0
        try:
            async for frame in websocket:
                request = frames.unpack(frame)
                seq += 1
                reply = {**observation, "seq": seq, "turn": request.get("turn", 0)}
                await websocket.send(frames.pack(reply))
        except ConnectionClosed:
            pass

    return handler


def serve_echo(codec: str, observation_frame: bytes | str) -> Any:
    """The echo server on 127.0.0.1 and a free port (an async context manager: websockets' `serve`)."""
    frames = Frames(codec)
    return serve(
        echo_handler(frames, frames.unpack(observation_frame)), "127.0.0.1", 0, subprotocols=[codec],
        compression=None, max_size=wire.MAX_FRAME, ping_interval=20, ping_timeout=20,
    )  # fmt: skip


def port_of(server: Server) -> int:
    return server.sockets[0].getsockname()[1]


def echo_server(pipe: Any, codec: str, observation_frame: bytes | str) -> None:
    """The echo's own process: serve until killed, having sent its port down `pipe`."""

    async def run() -> None:
        async with serve_echo(codec, observation_frame) as server:
            pipe.send(port_of(server))
            await asyncio.Event().wait()

    raise_open_files(8192)
    asyncio.run(run())

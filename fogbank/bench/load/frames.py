"""Frames as the lean clients and the echo send them: plain maps, packed for one subprotocol."""

from __future__ import annotations

import json
from typing import Any, Callable

import msgpack
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect

from fogbank import protocols as wire


class Frames:
    """Pack and unpack plain maps for one subprotocol, with no schema checks (the clients are lean)."""

    def __init__(self, subprotocol: str) -> None:
        self.subprotocol = subprotocol
        if subprotocol == wire.MSGPACK:
            self.pack: Callable[[Any], bytes | str] = msgpack.Packer(use_bin_type=True).pack
            self.unpack: Callable[[Any], Any] = lambda frame: msgpack.unpackb(frame, raw=False)
        else:
            self.pack = lambda message: json.dumps(message, separators=(",", ":"))
            self.unpack = json.loads

    @staticmethod
    def size(frame: bytes | str) -> int:
        return len(frame) if isinstance(frame, bytes) else len(frame.encode())


async def open_socket(url: str, frames: Frames) -> ClientConnection:
    return await ws_connect(
        url,
        subprotocols=[frames.subprotocol],
        compression=None,
        max_size=wire.MAX_SERVER_FRAME,
        proxy=None,
        ping_interval=None,  # the server pings; a keepalive task per client seat is client cost
        open_timeout=60,
    )

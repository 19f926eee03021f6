"""`--workers`: a connection handed whole to the worker that holds its game.

A connection lands on whichever worker the kernel picks; when it joins a game another worker
holds, the worker that took it passes the socket itself to the owner (SCM_RIGHTS) with the bytes
it read after the handshake, and the owner carries on the same websocket as if it had accepted it:
the client sees one connection and the same messages in the same order. Each hand-over is a short
Unix stream connection to the owner's hand-over socket (a stream, so the bytes read before the
join may be as long as `MAX_HANDED`: a datagram would be cut at the kernel's limit, about 208 KB),
carrying the socket with its first byte, then a length and a msgpack header.
"""

from __future__ import annotations

import array
import asyncio
import logging
import os
import socket
import struct
import zlib
from typing import Any, Callable

import msgpack
from websockets.asyncio.server import Server as WebsocketServer
from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol

from fogbank import protocols as wire

from . import sockets
from .sockets import Socket

log = logging.getLogger("fogbank.workers")
MAX_HANDED = 256 * 1024  # bytes read after the handshake a connection may carry to its owner
DEADLINE = 10.0  # seconds a hand-over may take, sending or taking in
WRITTEN_TRIES = 200  # what was written to the client must leave first: waited out this many times 10 ms
LENGTH = struct.Struct(">I")  # the header's length, before it
CREDENTIALS = struct.Struct("3i")  # pid, uid, gid (SO_PEERCRED)


def owner(game_id: str, workers: int) -> int:
    """The worker that holds game `game_id`."""
    return zlib.crc32(game_id.encode()) % workers


def address(run: str, index: int) -> bytes:
    """Worker `index`'s hand-over socket, in Linux's abstract namespace (no file to clean up)."""
    return f"\0fogbank-{run}-{index}".encode()


class Recorded(Socket):
    """A server connection that keeps the bytes it reads after the handshake until it has joined
    (`raw`, None once it has joined here or read too much to be handed over)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.raw: bytearray | None = bytearray()

    def data_received(self, data: bytes) -> None:
        if self.raw is not None and self.protocol.state is State.OPEN:
            self.raw += data
            if len(self.raw) > MAX_HANDED:
                self.raw = None
        super().data_received(data)


class Handover:
    """One worker's side of the hand-over: where a token's game lives, sending a connection to
    its owner, and taking in the connections other workers send here."""

    def __init__(self, index: int, workers: int, run: str) -> None:
        self.index, self.workers, self.run = index, workers, run
        # The workers not serving, as the parent last said: every other one until it first speaks.
        self.absent: set[int] = set(range(workers)) - {index}
        self._in: socket.socket | None = None
        self._taking: set[asyncio.Task] = set()

    def owns(self, game_id: str) -> bool:
        return owner(game_id, self.workers) == self.index

    def owner_of(self, token: str) -> int | None:
        """The worker holding the token's game, if that is another worker (tokens start
        `{game}.`); None: this worker answers the join itself."""
        game, dot, _ = token.partition(".")
        if not dot or not game:
            return None
        held_by = owner(game, self.workers)
        return None if held_by == self.index else held_by

    async def send(self, websocket: Recorded, to: int, skip: int, wrong_tokens: int) -> bool:
        """Hand `websocket` to worker `to`, which replays its `raw` bytes less the first `skip`
        messages (answered here already). False if it cannot be handed over: it stays here, and
        is read again (whatever went wrong)."""
        if websocket.raw is None:
            return False
        transport = websocket.transport
        transport.pause_reading()  # from now on the bytes wait in the kernel for the owner
        handed = False
        try:
            for _ in range(WRITTEN_TRIES):  # what was written to the client must leave first
                if not transport.get_write_buffer_size():
                    break
                await asyncio.sleep(0.01)
            else:
                return False
            header = msgpack.packb(
                {"subprotocol": websocket.subprotocol, "skip": skip, "wrong": wrong_tokens, "raw": bytes(websocket.raw)}
            )
            fd = transport.get_extra_info("socket").fileno()
            async with asyncio.timeout(DEADLINE):
                handed = await self._send(LENGTH.pack(len(header)) + header, fd, to)
        except (OSError, TimeoutError) as error:
            log.warning("could not hand a connection to worker %d: %s", to, error)
        finally:
            if not handed and not transport.is_closing():
                transport.resume_reading()
        if handed:  # the owner holds the socket now; closing ours sends nothing (no shutdown, no close frame)
            transport.abort()
        return handed

    async def _send(self, payload: bytes, fd: int, to: int) -> bool:
        loop = asyncio.get_running_loop()
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as line:
            line.setblocking(False)
            try:
                await loop.sock_connect(line, address(self.run, to))
            except (ConnectionRefusedError, FileNotFoundError):  # the owner is restarting
                return False
            rights = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [fd]))]
            while True:
                try:
                    sent = line.sendmsg([payload], rights)  # the socket goes with the first byte
                    break
                except BlockingIOError:
                    await _ready(loop.add_writer, loop.remove_writer, line)
            if sent < len(payload):
                # Only what is left: a send of nothing to an owner that has read it all and hung
                # up fails (a broken pipe), and the socket, taken over already, would be kept too.
                await loop.sock_sendall(line, payload[sent:])
        return True

    def listen(self, adopt: Callable[[socket.socket, dict[str, Any]], None]) -> None:
        """Take in the connections other workers hand over, calling `adopt(sock, header)`."""
        self._in = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._in.bind(address(self.run, self.index))
        self._in.listen(128)
        self._in.setblocking(False)
        asyncio.get_running_loop().add_reader(self._in.fileno(), self._accept, adopt)

    def _accept(self, adopt: Callable[[socket.socket, dict[str, Any]], None]) -> None:
        while True:
            try:
                line, _ = self._in.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:  # out of descriptors, say: the sender sees it refused
                log.warning("could not take a hand-over in: %s", error)
                return
            task = asyncio.ensure_future(self._take(line, adopt))
            self._taking.add(task)
            task.add_done_callback(self._taking.discard)

    async def _take(self, line: socket.socket, adopt: Callable[[socket.socket, dict[str, Any]], None]) -> None:
        fds: list[int] = []
        try:
            with line:
                line.setblocking(False)
                # The abstract namespace has no file permissions: the kernel's word on who is at
                # the other end keeps another user on this machine from handing connections in.
                _, uid, _ = CREDENTIALS.unpack(line.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, CREDENTIALS.size))
                if uid != os.getuid():
                    return
                async with asyncio.timeout(DEADLINE):
                    header = await _read(line, fds)
            if header is None or len(fds) != 1:
                return
            sock = socket.socket(fileno=fds[0])
            fds.clear()  # the socket's now
        except (OSError, TimeoutError, ValueError):  # not a socket, cut short, too slow
            return
        finally:
            for fd in fds:
                os.close(fd)
        adopt(sock, header)

    def close(self) -> None:
        if self._in is not None:
            asyncio.get_running_loop().remove_reader(self._in.fileno())
            self._in.close()
        for task in self._taking:
            task.cancel()


async def _ready(add: Callable, remove: Callable, sock: socket.socket) -> None:
    """Wait until `sock` may be read or written (`add` is the loop's add_reader or add_writer)."""
    ready = asyncio.get_running_loop().create_future()
    add(sock.fileno(), lambda: ready.done() or ready.set_result(None))
    try:
        await ready
    finally:
        remove(sock.fileno())


async def _read(line: socket.socket, fds: list[int]) -> dict[str, Any] | None:
    """A hand-over's header, its socket's descriptor put in `fds`; None if it is not one."""
    loop = asyncio.get_running_loop()
    data = b""
    while len(data) < LENGTH.size or len(data) < LENGTH.size + LENGTH.unpack(data[: LENGTH.size])[0]:
        if len(data) >= LENGTH.size and LENGTH.unpack(data[: LENGTH.size])[0] > MAX_HANDED + 4096:
            return None
        await _ready(loop.add_reader, loop.remove_reader, line)
        try:
            chunk, ancillary, _, _ = line.recvmsg(1 << 16, socket.CMSG_SPACE(4 * 4))
        except BlockingIOError:
            continue
        if not chunk:
            return None  # the sender went away
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds += array.array("i", payload[: len(payload) - len(payload) % 4])
        data += chunk
    return _header(data[LENGTH.size :])


def _header(data: bytes) -> dict[str, Any] | None:
    """A hand-over's header, or None if it is not one."""
    try:
        header = msgpack.unpackb(data)
    except ValueError:
        return None
    shape = {"skip": int, "wrong": int, "raw": bytes}
    if not isinstance(header, dict) or any(not isinstance(header.get(k), t) for k, t in shape.items()):
        return None
    if header.get("subprotocol") not in (None, *wire.SUBPROTOCOLS) or header["skip"] < 0 or header["wrong"] < 0:
        return None
    return header


async def adopt(
    server: WebsocketServer, sock: socket.socket, header: dict[str, Any],
    handler: Callable[[ServerConnection, dict[str, Any]], Any],
) -> None:  # fmt: skip
    """Carry on a websocket another worker accepted and handed over: already open, its
    subprotocol chosen, the bytes it read after the handshake fed in first."""
    protocol = ServerProtocol(subprotocols=list(wire.SUBPROTOCOLS), state=State.OPEN, max_size=wire.MAX_FRAME)
    protocol.subprotocol = header["subprotocol"]
    connection = Adopted(protocol, server, ping_interval=sockets.PING_INTERVAL, ping_timeout=sockets.PING_TIMEOUT)
    connection.handle = lambda: handler(connection, header)
    try:
        await asyncio.get_running_loop().connect_accepted_socket(lambda: connection, sock)
    except OSError:
        sock.close()
        return
    if header["raw"]:
        connection.data_received(header["raw"])


class Adopted(Recorded):
    """A websocket handed over by another worker: no handshake, straight to the handler."""

    handle: Callable[[], Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = Request("/", Headers())  # its handshake was the other worker's

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # Skip ServerConnection's: it would start a handshake on a connection that is past it.
        super(ServerConnection, self).connection_made(transport)
        task = self.loop.create_task(self._run())
        self.server.handler_tasks.add(task)

    async def _run(self) -> None:
        server = self.server
        server.all_connections.add(self)
        self.start_keepalive()
        try:
            async with self:
                await self.handle()
        except Exception:
            log.exception("a handed-over connection failed")
            self.transport.abort()
        finally:
            server.all_connections.discard(self)
            server.handler_tasks.discard(asyncio.current_task())

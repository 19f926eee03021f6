"""`fogbank serve --workers N`: N server processes behind one port, each holding its own games.

Every worker is a whole embedded server (gateway, host and a store of its own in DATA/workers/K/)
listening on the same port with SO_REUSEPORT, so the kernel spreads connections over them. A game
belongs to one worker for good: its id is drawn so that `owner(id)` names the worker that made it,
and only that worker's store ever holds it. A connection that lands on another worker is handed
over whole when it joins: the worker that took it passes the socket itself (SCM_RIGHTS over a
Unix datagram socket) and the bytes it read after the handshake to the owner, which carries on the
same websocket as if it had accepted it. The client sees one connection and the same messages in
the same order.
"""

from __future__ import annotations

import array
import asyncio
import logging
import os
import socket
import struct
import time
import zlib
from pathlib import Path
from typing import Any, Callable

import msgpack
from websockets.asyncio.server import Server as WebsocketServer
from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol

from fogbank import protocols as wire

from .sockets import Socket

log = logging.getLogger("fogbank.workers")
WORKERS_FILE = "workers"  # in DATA: how many workers its games are spread over
MAX_HANDED = 256 * 1024  # bytes read after the handshake a connection may carry to its owner
HANDOFF_TRIES = 200  # a full receiving queue is waited out this many times 10 ms
STOP_GRACE = 20  # seconds every worker together has to close cleanly when the server stops
ANCILLARY = socket.CMSG_SPACE(4 * 4) + socket.CMSG_SPACE(struct.calcsize("3i"))  # fds, credentials


def owner(game_id: str, workers: int) -> int:
    """The worker that holds game `game_id`."""
    return zlib.crc32(game_id.encode()) % workers


def worker_data(data: Path, index: int) -> Path:
    return Path(data) / f"worker-{index}"


def check_data(data: Path, workers: int) -> None:
    """Refuse a data folder made for another number of workers: its games' owners would change.
    Raises ValueError with the sentence to print."""
    data = Path(data)
    marker = data / WORKERS_FILE
    made_for = int(marker.read_text().strip()) if marker.exists() else 1
    single = (data / "fogbank.sqlite3").exists()
    if marker.exists() and made_for != workers:
        raise ValueError(f"{data} holds games for --workers {made_for}; serve it with that many")
    if workers > 1 and single:
        raise ValueError(f"{data} holds the games of a single-process server; serve it without --workers")
    if workers > 1 and not marker.exists():
        marker.write_text(f"{workers}\n")


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
        self._out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._out.setblocking(False)
        self._in: socket.socket | None = None

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
        messages (answered here already). False if it cannot be handed over (it stays here)."""
        if websocket.raw is None:
            return False
        transport = websocket.transport
        transport.pause_reading()  # from now on the bytes wait in the kernel for the owner
        for _ in range(HANDOFF_TRIES):  # what was written to the client must leave first
            if not transport.get_write_buffer_size():
                break
            await asyncio.sleep(0.01)
        else:
            transport.resume_reading()
            return False
        header = msgpack.packb(
            {"subprotocol": websocket.subprotocol, "skip": skip, "wrong": wrong_tokens, "raw": bytes(websocket.raw)}
        )
        fd = transport.get_extra_info("socket").fileno()
        if not await self._send(header, fd, to):
            transport.resume_reading()
            return False
        # The owner holds the socket now; closing ours sends nothing (no shutdown, no close frame).
        transport.abort()
        return True

    async def _send(self, header: bytes, fd: int, to: int) -> bool:
        for _ in range(HANDOFF_TRIES):
            try:
                # sendmsg, not socket.send_fds: before Python 3.12 send_fds drops its address.
                rights = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [fd]))]
                self._out.sendmsg([header], rights, 0, address(self.run, to))
                return True
            except BlockingIOError:  # the owner's queue is full: wait for it to read
                await asyncio.sleep(0.01)
            except (ConnectionRefusedError, FileNotFoundError):  # the owner is restarting
                return False
        return False

    def listen(self, adopt: Callable[[socket.socket, dict[str, Any]], None]) -> None:
        """Take in the connections other workers hand over, calling `adopt(sock, header)`."""
        self._in = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._in.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)  # the sender's uid on each
        self._in.bind(address(self.run, self.index))
        self._in.setblocking(False)
        asyncio.get_running_loop().add_reader(self._in.fileno(), self._receive, adopt)

    def _receive(self, adopt: Callable[[socket.socket, dict[str, Any]], None]) -> None:
        while True:
            try:
                data, ancillary, _, _ = self._in.recvmsg(MAX_HANDED + 4096, ANCILLARY)
            except BlockingIOError:
                return
            fds, uid = [], None
            for level, kind, payload in ancillary:
                if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                    fds += array.array("i", payload[: len(payload) - len(payload) % 4])
                elif level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
                    uid = struct.unpack("3i", payload[:12])[1]
            header = _header(data)
            # The abstract namespace has no file permissions: the kernel's word on who sent it
            # is what keeps another user on this machine from handing connections in.
            if uid != os.getuid() or len(fds) != 1 or header is None:
                for fd in fds:
                    os.close(fd)
                continue
            try:
                sock = socket.socket(fileno=fds[0])
            except OSError:  # not a socket
                os.close(fds[0])
                continue
            adopt(sock, header)

    def close(self) -> None:
        if self._in is not None:
            asyncio.get_running_loop().remove_reader(self._in.fileno())
            self._in.close()
        self._out.close()


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
    connection = Adopted(protocol, server, ping_interval=20, ping_timeout=20)
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


def serve_workers(
    host: str, port: int, data: Path, workers: int, admin_key: str, ready: Callable[[int], None],
    options: dict[str, Any] | None = None,
) -> None:  # fmt: skip
    """Run `workers` server processes on one port until SIGINT or SIGTERM; `ready(port)` once all
    of them listen. A worker that dies is started again (it recovers its games from its store).
    `options`: more keyword arguments for each worker's `Server.start` (public_url, smtp).
    Raises ValueError or OSError when the workers cannot start."""
    import multiprocessing
    import secrets
    import signal
    from multiprocessing import resource_tracker

    check_data(data, workers)
    # Caught from the start: a ^C just after the ready line (or while the workers start) stops
    # them all cleanly, where the default handler would have left the parent with a traceback.
    stopping = []
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.append(True))
    processes: list[Any] = []
    try:
        family, kind, _, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind) as probe:  # holds the port (0: a free one) while they start
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            probe.bind(where)
            port = probe.getsockname()[1]
            run = secrets.token_hex(4)
            context = multiprocessing.get_context("spawn")
            # Started now, not inside the first worker's start: starting it unblocks ^C (below).
            resource_tracker.ensure_running()

            def start(index: int) -> Any:
                ours, theirs = context.Pipe()
                process = context.Process(
                    target=_worker, args=(index, workers, run, host, port, data, admin_key, theirs, options or {}),
                    daemon=True,
                )
                # Started with ^C blocked (a signal mask outlives exec): a ^C at the terminal goes
                # to the whole process group, and it is ours to act on: we stop them with SIGTERM.
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
                try:
                    process.start()
                finally:
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
                theirs.close()  # the worker's end, ours no longer: its death is then an EOF here
                try:
                    answer = ours.recv() if ours.poll(120) else "did not start in 120 s"
                except EOFError:  # it died starting (a ^C to the whole process group, say)
                    answer = f"exited while starting ({process.exitcode})"
                if answer != "ready":
                    process.kill()
                    if stopping:  # stopped while it started: nothing went wrong
                        return process
                    raise OSError(f"worker {index}: {answer}")
                return process

            for index in range(workers):
                if not stopping:
                    processes.append(start(index))
        if not stopping:
            ready(port)
        while not stopping:
            for index, process in enumerate(processes):
                process.join(0.2 / workers)
                if process.exitcode is not None and not stopping:
                    log.warning("worker %d exited (%s); starting it again", index, process.exitcode)
                    processes[index] = start(index)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()  # SIGTERM: it closes its store cleanly
        # One deadline for them all, so a stop takes at most that long: a worker that has not
        # closed by then is killed (what it acknowledged is on disk; its file is left untidied).
        deadline = time.monotonic() + STOP_GRACE
        for index, process in enumerate(processes):
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                log.warning("worker %d did not stop in %d s; killed", index, STOP_GRACE)
                process.kill()
                process.join()


def _worker(
    index: int, workers: int, run: str, host: str, port: int, data: Path, admin_key: str, pipe: Any,
    options: dict[str, Any],
) -> None:  # fmt: skip
    import signal

    from .app import Server, quiet_garbage_collector

    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s w{index} %(name)s %(message)s")

    async def serve() -> None:
        try:
            server = await Server.start(
                host, port, worker_data(data, index), admin_key=admin_key, handover=Handover(index, workers, run),
                **options,
            )
        except Exception as error:  # noqa: BLE001  (told to the parent, which says it and stops)
            pipe.send(f"{type(error).__name__}: {error}")
            return
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        quiet_garbage_collector()
        pipe.send("ready")
        try:
            await stop.wait()
        finally:
            await server.close()

    asyncio.run(serve())

"""The server's sockets: what one connection may hold unread, and how many the process may hold.

A peer that does not read would otherwise grow the server without bound: its replies, its stream
and the pongs websockets answers by itself all wait in memory. While a peer's socket buffer is
full it is not read (so it asks for no more work, pings included); each connection holds at most
`MAX_QUEUED_BYTES` and `MAX_QUEUED_FRAMES` unsent, and may leave it unread for `STALLED` seconds:
past either it is closed with 1013, its reason logged. A seat's stream is kept for resume, so a
reader dropped for being slow reconnects and resumes from its last seq.

File descriptors: the soft limit is raised to the hard one at start (`raise_fd_limit`). Near the
limit a new connection is refused with HTTP 503 rather than taken: the kernel gives each new socket
the lowest free descriptor, so a socket numbered N means N descriptors are in use below it. Past
`soft - RESERVE` websocket upgrades are refused (plain HTTP, /healthz, is still answered); past
`soft - FLOOR` every new socket is answered 503 and closed the moment it is accepted (`Listener`),
so accepting never fails with "too many open files" and the store, the logs and the bus keep
descriptors to work with.

Keepalive: a peer is pinged once it has sent nothing for `ping_interval`, and closed if it does
not answer within `ping_timeout`, as websockets does; but a peer heard from meanwhile is not
pinged at all, since what it sent already proves it alive (websockets pings every connection
every interval, busy or not: at an order a second that was a ping and a pong for every 20 orders).
"""

from __future__ import annotations

import asyncio
import logging
import resource
import socket
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import CloseCode

log = logging.getLogger("fogbank.server")
MAX_QUEUED_BYTES = 8 * 1024 * 1024  # unsent bytes a connection may hold (one frame more is let in)
MAX_QUEUED_FRAMES = 1024  # frames waiting behind a full socket buffer
CLOSE_TRY_AGAIN_LATER = 1013  # a slow reader, a host the bus cannot reach now: reconnect and resume
STALLED = 60.0  # seconds a peer may leave what it was sent unread before it is closed
CLOSE_GRACE = 10.0  # seconds a slow reader closed has to read to its close frame, then it is cut off
PING_INTERVAL = 20.0  # seconds a peer may send nothing before it is pinged
PING_TIMEOUT = 20.0  # seconds it then has to answer, or it is closed
RESERVE = 256  # descriptors kept free of websockets: plain HTTP, the store, logs, the bus
FLOOR = 128  # ... and kept free of sockets altogether
BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 47\r\n"
    b"Retry-After: 10\r\nConnection: close\r\n\r\nThe server is full; try again in a little while.\n"
)


def raise_fd_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit; the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            log.info("open files: soft limit raised from %d to %d", soft, hard)
        except (ValueError, OSError):  # an unlimited hard limit above the kernel's nr_open
            pass
    return fd_limit()


def fd_limit() -> int:
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


class Full:
    """Whether the process is near its descriptor limit, told to the log once each time it gets
    there (and once when it is clear of it again)."""

    refusing = False

    @classmethod
    def judge(cls, fd: int) -> int:
        """For a new socket numbered `fd`: 0 take it, 1 answer plain HTTP only, 2 refuse it now."""
        limit = fd_limit()
        level = 2 if fd >= limit - FLOOR else 1 if fd >= limit - RESERVE else 0
        if bool(level) != cls.refusing:
            cls.refusing = bool(level)
            if level:
                log.warning("refusing new connections: descriptor %d in use, of a limit of %d", fd, limit)
            else:
                log.info("taking new connections again")
        return level


class Listener(socket.socket):
    """A listening socket that refuses a new socket past `soft - FLOOR` the moment it is accepted.

    asyncio accepts up to its backlog (100) sockets each time round its loop, and a socket it
    accepted is first looked at (`Socket.connection_made`) two times round later: in a burst,
    three batches are open before the first is closed, enough to reach the limit and make
    accept fail ("too many open files", and no connection taken for a second). Judged here, in
    accept itself, a refused socket is closed before the next one is accepted."""

    __slots__ = ()

    def accept(self) -> tuple[socket.socket, Any]:
        for _ in range(BATCH):
            conn, address = super().accept()  # BlockingIOError once none waits: asyncio stops there
            if Full.judge(conn.fileno()) < 2:
                return conn, address
            try:
                conn.setblocking(False)
                conn.send(BUSY)  # a fresh socket's buffer has room: all of it or none, never a wait
            except OSError:
                pass
            conn.close()
        raise BlockingIOError  # asyncio accepts again next time round its loop: others get a turn


BATCH = 100  # sockets refused in one accept before the loop's other work has its turn


def listening(host: str, port: int, reuse_port: bool = False) -> Listener:
    """The server's listening socket, bound to the first address `host` names (`::` takes IPv6
    and IPv4 alike, `0.0.0.0` every IPv4 address)."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = Listener(family, kind, proto)
    try:
        # The connections of a server just stopped linger in TIME_WAIT: the port is free to bind.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port:  # workers listen on one port, the kernel spreading connections over them
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
    except BaseException:
        sock.close()
        raise
    return sock


class Socket(ServerConnection):
    """A websocket server connection that refuses itself near the descriptor limit and is closed
    when it holds more unsent data than allowed (`overflow`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.overflowed = False
        self.cut_off: asyncio.TimerHandle | None = None  # tears down a slow reader closed
        self.stalled: asyncio.TimerHandle | None = None  # closes a peer that has read nothing for long
        self.full = False  # accepted near the descriptor limit: only plain HTTP is answered
        self.doors: Any = None  # the `doors.Doors` counting it, once its upgrade is let in
        self.heard = 0.0  # the loop's time when the peer last sent anything (set once it connects)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        level = Full.judge(sock.fileno() if sock is not None else -1)
        self.full = level > 0
        if level > 1:
            transport.write(BUSY)
            transport.close()

    def data_received(self, data: bytes) -> None:
        self.heard = self.loop.time()
        super().data_received(data)
        # websockets answers a ping with a pong by itself: a peer pinging without reading would
        # pile pongs up in the transport's buffer. It is not read while it does not read.
        transport = self.transport
        if self.paused and transport.is_reading():
            transport.pause_reading()
        if not self.overflowed and transport.get_write_buffer_size() > MAX_QUEUED_BYTES:
            self.overflow(f"{transport.get_write_buffer_size()} bytes unsent")

    async def keepalive(self) -> None:
        """websockets' keepalive, less the pings that prove nothing new: only a peer silent for
        `ping_interval` is pinged, and one that does not answer within `ping_timeout` is closed."""
        interval = self.ping_interval
        assert interval is not None
        self.heard = max(self.heard, self.loop.time())  # the handshake was heard from it
        try:
            while True:
                silent = self.loop.time() - self.heard
                if silent < interval:
                    await asyncio.sleep(interval - silent)
                    continue
                pong = await self.ping()
                if self.ping_timeout is None:
                    await asyncio.sleep(interval)  # not waited for: the next one goes an interval on
                    continue
                try:
                    async with asyncio.timeout(self.ping_timeout):
                        await pong  # connection_lost cancels this task at once: no ConnectionClosed here
                except TimeoutError:
                    async with self.send_context():
                        self.protocol.fail(CloseCode.INTERNAL_ERROR, "keepalive ping timeout")
                    raise AssertionError("send_context() waits for connection_lost(), which cancels keepalive()") from None
        except Exception:
            self.logger.error("keepalive ping failed", exc_info=True)

    def pause_writing(self) -> None:
        # The peer reads nothing of what is waiting for it: read nothing of it meanwhile, and
        # close it if that lasts.
        super().pause_writing()
        self.transport.pause_reading()
        if self.stalled is None and not self.overflowed:
            self.stalled = self.loop.call_later(STALLED, self.overflow, f"it read nothing in {STALLED:.0f} s")

    def overflow(self, reason: str) -> None:
        """Stop reading this peer and close it with 1013 (it reconnects and resumes by seq): the
        close frame goes after what is queued, and the socket is cut off after `CLOSE_GRACE`
        seconds if the peer has not read that far and answered it by then."""
        if self.overflowed:
            return
        self.overflowed = True
        self.recv_messages.resume = lambda: None  # websockets resumes reading as its queue drains: not now
        transport = self.transport
        transport.pause_reading()
        address = self.remote_address[0] if self.remote_address else "?"
        log.warning("closing a connection from %s that does not read: %s", address, reason)
        self.loop.create_task(self.close(CLOSE_TRY_AGAIN_LATER, "you read too slowly; reconnect and resume"))
        self.cut_off = self.loop.call_later(CLOSE_GRACE, transport.abort)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.stalled is not None:
            self.stalled.cancel()
            self.stalled = None
        if self.overflowed:  # it reads again: read on to its answer to our close frame
            self.recv_messages.resume = self.transport.resume_reading
        if self.overflowed or not self.recv_messages.paused:  # websockets' own queue has room
            self.transport.resume_reading()

    def joining(self, done: bool | None = None) -> None:
        """Its join has come (None), was done (True) or refused (False): while it is being done,
        and once done, it is not held to the deadline to join nor shed near the limit."""
        if self.doors is not None:
            {None: self.doors.joining, True: self.doors.joined, False: self.doors.not_joined}[done](self)

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self.cut_off, self.stalled):
            if timer is not None:
                timer.cancel()
        if self.doors is not None:
            self.doors.left(self)
            self.doors = None
        super().connection_lost(exc)

"""Who may hold a websocket open: caps per address, a deadline to join, room near the limit.

A websocket costs a descriptor from the moment it opens, and until it joins a seat it has shown
nothing but an address. So that one address cannot hold the server's descriptors idle (755 unjoined
sockets from one address once locked every player out):

- a websocket must send its join within `JOIN_WITHIN` seconds of opening (or of a join refused),
  or it is closed (1008);
- an address may hold `UNJOINED_PER_ADDRESS` websockets not yet joined, and a share of the
  process's websockets (`open_cap`) in all; past either its upgrade is refused (HTTP 429);
- once the process holds `room()` websockets (the descriptor limit less `sockets.RESERVE` and
  a `SPARE` for its other files), and again near the limit (`sockets.Full`), a new websocket
  sheds the longest-waiting socket that has not joined (open `IDLE` seconds or more) instead of
  being refused: joined players and those joining keep room, idle sockets give it up. (Counted,
  not judged by descriptor numbers alone: a socket shed frees a low number, which the next one
  takes, so shedding only past the limit let the count creep up to it.)

Addresses are the peer's, or with `--behind-proxy` the one the proxy forwards; an IPv6 address
counts by its /64 (one host is handed a whole /64). Connections from this machine itself (the
loopback, not forwarded) are not capped: they are its own users and benches, and a proxy on it is
counted by what it forwards. The deadline and the shedding apply to every connection.
"""

from __future__ import annotations

import asyncio
import collections
import ipaddress
import logging
import time
from typing import Any, Callable

from . import sockets

log = logging.getLogger("fogbank.server")
JOIN_WITHIN = 10.0  # seconds a websocket has to join after it opens
UNJOINED_PER_ADDRESS = 16  # websockets an address may hold that have not joined yet
OPEN_SHARE = 4  # an address may hold this share of the websockets the process has room for ...
OPEN_AT_LEAST = 64  # ... and at least this many, whatever the limit
IDLE = 1.0  # seconds a websocket has waited without joining before it may be shed for a newcomer
SPARE = 64  # descriptors below the websockets' reserve kept for the store, logs, pipes, the listener
CLOSE_POLICY_VIOLATION = 1008
TOO_MANY = "Too many connections from your address are open or waiting to join; try again shortly.\n"


def counted_as(address: str) -> str | None:
    """The key an address's websockets are counted under: itself, or its /64 for IPv6; None for
    this machine's own (loopback), which is not capped."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return None
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def open_cap() -> int:
    """Websockets one address may hold in all: a share of those the process has room for."""
    return max(OPEN_AT_LEAST, (sockets.fd_limit() - sockets.RESERVE) // OPEN_SHARE)


def room() -> int:
    """Websockets the process holds before a new one makes room by shedding an idle one."""
    return sockets.fd_limit() - sockets.RESERVE - SPARE


class Doors:
    """The websockets this process holds, by address, and those waiting to join."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.counted: dict[Any, str | None] = {}  # websocket -> the key it is counted under
        self.open: collections.Counter[str | None] = collections.Counter()  # key -> websockets
        self.unjoined: collections.Counter[str | None] = collections.Counter()  # key -> those waiting
        self.waiting: dict[Any, tuple[float, asyncio.TimerHandle]] = {}  # oldest first
        self._joining: set[Any] = set()  # those whose join is being done (still counted as not joined)
        self._closing: set[asyncio.Task] = set()
        self.shed = 0  # sockets cut off for newcomers
        self._told = -60.0  # when the log last said so

    def admit(self, websocket: Any, address: str) -> str | None:
        """Let a websocket from `address` in, counted and given its deadline to join; or the
        sentence it is refused with (too many from its address)."""
        key = counted_as(address)
        if key is not None and (self.unjoined[key] >= UNJOINED_PER_ADDRESS or self.open[key] >= open_cap()):
            return TOO_MANY
        if len(self.counted) >= room():  # full up: an idle one goes, if one has waited long enough
            self.shed_idle()
        self._count(websocket, key)
        self.unjoined[key] += 1
        late = asyncio.get_running_loop().call_later(JOIN_WITHIN, self._late, websocket)
        self.waiting[websocket] = (self.clock(), late)
        return None

    def adopted(self, websocket: Any, address: str) -> None:
        """A websocket another worker handed over, joined already: counted, never refused."""
        self._count(websocket, counted_as(address))

    def joining(self, websocket: Any) -> None:
        """Its join has come and is being done (a finished game read back from the store, a bus
        asked, take their time on a loaded server): no deadline, and not shed meanwhile."""
        entry = self.waiting.pop(websocket, None)
        if entry is not None:
            entry[1].cancel()
            self._joining.add(websocket)

    def not_joined(self, websocket: Any) -> None:
        """Its join was refused: it waits again, with a deadline of its own from now."""
        if websocket in self._joining:
            self._joining.discard(websocket)
            late = asyncio.get_running_loop().call_later(JOIN_WITHIN, self._late, websocket)
            self.waiting[websocket] = (self.clock(), late)

    def joined(self, websocket: Any) -> None:
        """It joined a seat: it no longer waits, and is never shed."""
        entry = self.waiting.pop(websocket, None)
        if entry is not None:
            entry[1].cancel()
        if entry is not None or websocket in self._joining:
            self._joining.discard(websocket)
            self.unjoined[self.counted[websocket]] -= 1

    def left(self, websocket: Any) -> None:
        """Its socket is gone (`Socket.connection_lost`)."""
        self.joined(websocket)
        key = self.counted.pop(websocket, None)
        self.open[key] -= 1
        for counter in (self.open, self.unjoined):
            if counter[key] <= 0:
                del counter[key]

    def shed_idle(self) -> bool:
        """Near the descriptor limit: cut off the socket that has waited longest without joining,
        if it has waited `IDLE` seconds or more, to make room; whether one was."""
        for websocket, (since, _) in self.waiting.items():
            if self.clock() - since < IDLE:
                return False  # the oldest is young: a player on its way in
            self.shed += 1
            if self.clock() - self._told >= 60:  # logged once a minute at most, with the count
                self._told = self.clock()
                log.warning("full up: %d sockets that had not joined cut off for new ones so far", self.shed)
            self.joined(websocket)
            websocket.transport.abort()
            return True
        return False

    def _count(self, websocket: Any, key: str | None) -> None:
        self.counted[websocket] = key
        self.open[key] += 1
        websocket.doors = self

    def _late(self, websocket: Any) -> None:
        self.joined(websocket)
        why = f"join within {JOIN_WITHIN:g} s"
        task = asyncio.ensure_future(websocket.close(CLOSE_POLICY_VIOLATION, why))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

"""The websocket gateway: one `Connection` per socket, speaking `fogbank.protocols`.

A connection only ever holds its seat's stream messages and replies: the host builds them from
that seat's view. Every frame is decoded defensively; bad frames get an error with a code and a
sentence, and a peer that sends more than MAX_BAD_FRAMES of them in a row is closed (1008).
"""

from __future__ import annotations

import asyncio
import collections
import logging
from typing import Any, Awaitable, Callable

import attrs
from fogbank import protocols as wire
from fogbank.errors import Declined
from fogbank.rules.core import Refused
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from .bus import LOST, REVOKED, Bus, Session, Unavailable
from .glance import glance
from .guard import REFUSED_PAUSE, WRONG_PER_CONNECTION, RateLimited, TokenGuard
from .host import Forbidden
from .sockets import CLOSE_TRY_AGAIN_LATER, MAX_QUEUED_BYTES, MAX_QUEUED_FRAMES
from .handover import Handover

log = logging.getLogger("fogbank.gateway")
CLOSE_SERVICE_RESTART = 1012  # the bus lost the seat's stream: reconnect and resume


class Connection:
    def __init__(
        self, websocket: ServerConnection, bus: Bus, guard: TokenGuard | None = None,
        handover: Handover | None = None, handed: dict[str, Any] | None = None, proxied: bool = False,
    ) -> None:  # fmt: skip
        """`handover`: with `--workers`, where a join for another worker's game is sent;
        `handed`: this connection was handed over by another worker (what it had read already);
        `proxied`: a proxy on this machine passes connections on (`client_address`)."""
        self.websocket = websocket
        self.bus = bus
        self.guard = guard or TokenGuard()
        self.address = client_address(websocket, proxied)
        self.wrong_tokens = handed["wrong"] if handed else 0
        self.handover = handover
        self.skip = handed["skip"] if handed else 0  # messages the other worker answered already
        self.received = 0  # messages read, the join included: a worker taking it over skips the rest
        self.handed_off = False
        self.codec = wire.codec_for(websocket.subprotocol)
        self.session: Session | None = None
        # Frames waiting while the socket's write buffer is full (or LOST), in seq order; the
        # writer task drains them. Usually empty: a message is written at once (see `send`).
        # Bounded (`sockets.MAX_QUEUED_*`): past it the peer is closed, and resumes by seq.
        self.outbox: collections.deque[Any] = collections.deque()
        self.queued = 0  # bytes in the outbox
        self.drained = asyncio.Event()  # set while the outbox is empty (or the writer has stopped)
        self.wake = asyncio.Event()
        self.bad_frames = 0
        self.refused_for_rate = False  # the last request was refused `rate_limited`
        self.seq = 0  # the last stream seq sent: errors the gateway makes itself carry it
        # Stream messages held back while this connection's order is in flight, in seq order
        # (None: not holding). The turn's observation may then answer the order itself (`fold_ack`).
        self.held: list[Any] | None = None
        self.folds = False  # the client asked for it on joining (`Join.folded_ack`)

    async def serve(self) -> None:
        writer = asyncio.ensure_future(self._write())
        try:
            async for frame in self.websocket:
                self.received += 1
                if getattr(self.websocket, "overflowed", False):
                    continue  # being closed for not reading: what it asked for is not done
                if self.skip:
                    self.skip -= 1
                    continue
                await self._receive(frame)
                if self.handed_off:
                    return
                refused, self.refused_for_rate = self.refused_for_rate, False
                if refused and REFUSED_PAUSE > 0:  # nothing more is read of it for a while
                    gone = self.websocket.connection_lost_waiter
                    await asyncio.wait([gone], timeout=REFUSED_PAUSE)
                    if gone.done():  # what it sent meanwhile is not done: it is gone
                        return
                # A peer that does not read its answers gets no more work done: its next request
                # waits in its socket until what it was sent has left.
                self.drained.clear()
                if self.outbox and not writer.done():  # a writer gone (the socket closed) sets it no more
                    await self.drained.wait()
        except ConnectionClosed:
            pass
        finally:
            if self.session is not None:
                await self.session.close()
            writer.cancel()

    async def _write(self) -> None:
        try:
            while True:
                if not self.outbox:
                    self.drained.set()
                    self.wake.clear()
                    await self.wake.wait()
                    continue
                frame = self.outbox.popleft()
                if frame is LOST:  # everything before it is sent; the client resumes after it
                    await self.websocket.close(CLOSE_SERVICE_RESTART, "the game's host or broker went away")
                    return
                if frame is REVOKED:
                    await self.websocket.close(wire.CLOSE_POLICY_VIOLATION, "this seat's link was re-issued")
                    return
                self.queued -= len(frame)
                try:
                    await self.websocket.send(frame)
                except ConnectionClosed:
                    return
        finally:
            self.drained.set()  # whoever waits for it goes on, and finds the connection closed

    def send(self, message: Any) -> None:
        if self.held is not None:
            self.held.append(message)
            return
        if message is LOST or message is REVOKED:
            self.outbox.append(message)
        else:
            self.seq = max(self.seq, message.seq)
            if not self.outbox and self._write_now(message):
                return
            if self._overflowing():
                return  # dropped: the peer is being closed, and resumes by seq
            frame = self.codec.encode_server(message)
            self.queued += len(frame)
            self.outbox.append(frame)
        self.wake.set()

    def _overflowing(self) -> bool:
        """Whether this peer holds as much unsent as it may; if so it is closed (once)."""
        websocket = self.websocket
        if getattr(websocket, "overflowed", False):
            return True
        unsent = self.queued + websocket.transport.get_write_buffer_size()
        if len(self.outbox) < MAX_QUEUED_FRAMES and unsent < MAX_QUEUED_BYTES:
            return False
        frames = len(self.outbox)
        self.outbox.clear()
        self.queued = 0
        websocket.overflow(f"{frames} frames and {unsent} bytes unsent")
        return True

    def _write_now(self, message: Any) -> bool:
        """Write one frame straight to the socket when nothing is queued before it and the socket
        takes writes (open, buffer not full): what `websocket.send` does when it would not wait,
        without a task switch and a queue per message. False: queue it for the writer instead."""
        websocket = self.websocket
        if websocket.paused or websocket.protocol.state is not State.OPEN or websocket.transport.is_closing():
            return False
        frame = self.codec.encode_server(message)
        if self.codec.binary:
            websocket.protocol.send_binary(frame)
        else:
            websocket.protocol.send_text(frame.encode())
        websocket.send_data()
        return True

    def error(self, ref: int | None, code: str, sentence: str) -> None:
        self.send(wire.Error(seq=self.seq, ref=ref, code=code, message=sentence))

    async def _receive(self, frame: bytes | str) -> None:
        try:
            message = self.codec.decode_client(frame)
        except wire.ProtocolError as problem:
            self.bad_frames += 1
            self.error(problem.ref, problem.code, problem.sentence)
            if self.bad_frames > wire.MAX_BAD_FRAMES:
                await self.websocket.close(wire.CLOSE_POLICY_VIOLATION, "too many malformed frames")
            return
        self.bad_frames = 0
        ref = getattr(message, "ref", None)
        try:
            await self._handle(message)
        except Declined as refusal:  # the rules' or the server's limits, or the server's own fault
            self.refused_for_rate = refusal.code == "rate_limited"  # from the host, or over the bus
            self.error(ref, refusal.code, refusal.sentence)
        except Forbidden as forbidden:
            self.error(ref, "forbidden", forbidden.sentence)
        except Unavailable as away:  # not the client's fault, nor final: it reconnects and resumes
            log.info("bus unavailable: %s", away)
            await self.websocket.close(CLOSE_TRY_AGAIN_LATER, "the game's host is unavailable; try again")
        except Exception:  # our bug: say so, keep the game and the connection going
            log.exception("request %s failed", type(message).__name__)
            self.error(ref, "internal_error", "The server failed to handle that request; it has been logged.")

    async def _wrong_token(self, refusal: Declined) -> None:
        self.guard.wrong(self.address)
        self.wrong_tokens += 1
        if self.wrong_tokens >= WRONG_PER_CONNECTION:  # told why, then closed
            self.error(None, refusal.code, refusal.sentence)
            await self.websocket.close(wire.CLOSE_POLICY_VIOLATION, "too many wrong tokens")

    async def _hand_over(self, join: wire.Join | wire.Glance) -> bool:
        """Send this connection to the worker holding the token's game; True once it is gone.
        A connection that cannot be handed over is closed with 1013 (it reconnects, joins first
        thing, and is handed over then)."""
        websocket = self.websocket
        to = self.handover.owner_of(join.token)
        if to is None:
            return False
        if self.outbox or not await self.handover.send(websocket, to, self.received - 1, self.wrong_tokens):
            await websocket.close(CLOSE_TRY_AGAIN_LATER, "the game's worker is unavailable; try again")
        self.handed_off = True
        return True

    async def _open(self, message: wire.Join | wire.Glance, opening: Callable[[], Awaitable[Any]]) -> Any:
        """What a token opens (a join's session, a glance's summary), guarded as every token is:
        refused while the address has sent too many wrong ones, handed to the worker holding its
        game (then None: it is gone there), a wrong one counted. While it is being opened the
        socket is neither cut off nor shed for not having joined (`sockets.Socket.joining`)."""
        if not self.guard.allows(self.address):
            raise RateLimited("Too many wrong tokens from your address; wait a minute and try again.")
        if self.handover is not None and await self._hand_over(message):
            return None
        joining = getattr(self.websocket, "joining", lambda done=None: None)  # a `sockets.Socket`'s doors
        joining()
        try:
            opened = await opening()
        except Declined as refusal:  # a wrong token, or a game set aside
            joining(False)
            if refusal.code == "bad_token":
                await self._wrong_token(refusal)
            raise
        except BaseException:
            joining(False)
            raise
        # A glance leaves the socket waiting to join (the page closes it); a join is for good.
        joining(isinstance(message, wire.Join))
        return opened

    async def _handle(self, message: Any) -> None:
        if isinstance(message, wire.Glance):
            # Before joining: the seat's game in a line (`glance.py`), limited per address; a page
            # asks one a connection, so that with `--workers` each goes to the worker holding it.
            if self.session is not None:
                raise Refused("already_joined", "A glance is asked before joining, on a connection of its own"
                                                " (this one has joined).")  # fmt: skip
            if not self.guard.glance(self.address):
                raise RateLimited("Too many glances from your address; wait a moment and try again.")
            summary = await self._open(message, lambda: glance(self.bus, message.token))
            if summary is not None:
                self.send(attrs.evolve(summary, ref=message.ref))
            return
        if isinstance(message, wire.Join):
            if self.session is not None:
                raise Refused("already_joined", "This connection has already joined a seat.")
            session = await self._open(message, lambda: self.bus.join(message, self.send))
            if session is None:
                return
            self.session = session
            self.folds = message.folded_ack
            if self.handover is not None:
                self.websocket.raw = None  # joined here for good: stop keeping its bytes
            return
        if self.session is None:
            raise Refused("not_joined", "Send a join message with your token first.")
        if self.folds and isinstance(message, wire.SubmitOrder):
            await self._order(message)
            return
        for reply in await self.session.request(message):
            self.send(reply)

    async def _order(self, order: wire.SubmitOrder) -> None:
        """Pass an order on, holding the stream meanwhile, so that an order which resolves the
        turn is answered by one frame, the turn's observation carrying `ack`, and not by two.
        Whatever happens, what was held goes out first (an error, if any, after it)."""
        self.held = []
        replies: list[Any] = []
        try:
            replies = await self.session.request(order)
        finally:
            held, self.held = self.held, None
            for message in fold_ack(held, replies):
                self.send(message)


def client_address(websocket: ServerConnection, proxied: bool = False) -> str:
    """The address wrong tokens are counted against: the peer's, or, behind a proxy on this
    machine (`fogbank serve --behind-proxy`), the client's as the proxy gives it (the last
    X-Forwarded-For entry, the one the proxy added), or every player would share the proxy's."""
    peer = websocket.remote_address
    address = str(peer[0]) if peer else "?"
    if proxied and address in ("127.0.0.1", "::1") and websocket.request is not None:
        forwarded = websocket.request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
        return forwarded or address
    return address


def fold_ack(held: list[Any], replies: list[Any]) -> list[Any]:
    """The held stream messages then the replies, with a lone `ack` folded into the observation
    before it when that observation is the last thing the seat was sent (same seq). The stream's
    own message is left alone: it is kept for resume and sent to the seat's other connections."""
    if len(replies) == 1 and type(replies[0]) is wire.Ack and held:
        ack, last = replies[0], held[-1]
        if type(last) is wire.Observation and last.seq == ack.seq and last.ack is None:
            return [*held[:-1], attrs.evolve(last, ack=ack.ref)]
    return held + replies

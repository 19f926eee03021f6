"""The async Python client: join a seat (or the umpire's view), send requests, read the stream.

    async with await Client.connect("ws://127.0.0.1:8765/", token) as client:
        async for message in client.stream():          # snapshot, observation, ..., game_over
            if isinstance(message, (Snapshot, Observation)):
                await client.submit({"course": "NE", "speed": 1, "level": "periscope"})

One task reads the socket: replies go to the request that carries the same `ref`, stream
messages go to a queue in seq order (an observation carrying `ack` is also the reply to the order
with that ref). If the socket drops, that task reconnects with backoff and joins again with
`last_seq`, so the stream carries on with no gap and no duplicate, and the requests still
unanswered are sent again (an order for the same turn replaces itself on the server, so that is
safe; see `_RESENDABLE` for the few that are not re-sent). An order whose phase has resolved
meanwhile is not sent again: the welcome tells whether it was taken (then it is answered as
acknowledged) or the phase went on without it (`TurnPassed`).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import Any, AsyncIterator, Callable

import attrs
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from fogbank.errors import FogbankError
from fogbank.protocols import (
    MAX_SERVER_FRAME,
    MSGPACK,
    Ack,
    Amend,
    AmendedMessage,
    AnswerMessage,
    Ask,
    CheckOrder,
    Checked,
    ClientMessage,
    EndGame,
    Error,
    GameList,
    GameOver,
    Hold,
    Join,
    LinkMessage,
    ListGames,
    Narrate,
    NarrativeMessage,
    Observation,
    Observe,
    Override,
    Ping,
    Pong,
    ProtocolError,
    Release,
    ServerMessage,
    SetSpectatorDelay,
    Snapshot,
    Status,
    SubmitOrder,
    Talk,
    TalkMessage,
    UmpireUpdate,
    Welcome,
    codec_for,
)

log = logging.getLogger("fogbank.clients")

StreamMessage = (
    Observation | Snapshot | NarrativeMessage | LinkMessage | AnswerMessage | AmendedMessage | TalkMessage | Status
    | UmpireUpdate | GameOver
)
STREAM_MESSAGES = (
    Observation, Snapshot, NarrativeMessage, LinkMessage, AnswerMessage, AmendedMessage, TalkMessage, Status, UmpireUpdate,
    GameOver,
)

# Requests sent again after a reconnect if they were still unanswered. The others change the
# game each time they are done (a second `release` would release the next turn too), so when
# their answer is lost with the socket they fail with `ConnectionLost`: done or not, we can't tell.
_RESENDABLE = (SubmitOrder, CheckOrder, Observe, Hold, SetSpectatorDelay, ListGames, EndGame)

# Connection states, as `Client.state` and the `on_state` callbacks see them.
CONNECTING = "connecting"
CONNECTED = "connected"
RECONNECTING = "reconnecting"
CLOSED = "closed"


class ClientError(FogbankError):
    """Base of the client's own errors."""


class Refused(ClientError):
    """The server answered `error`. `code` is the stable snake_case code, `message` the sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class JoinRefused(Refused):
    """The server would not let this token join (e.g. `bad_token`)."""


class RequestRefused(Refused):
    """The server refused a request (umpire command, observe, games...)."""


class OrderRefused(RequestRefused):
    """The server refused an order: a rules refusal (e.g. `speed_too_high`) or `wrong_turn`..."""


class ConnectionLost(ClientError):
    """The socket dropped and could not be reopened, or the client was closed, before an answer."""


class TurnPassed(ConnectionLost):
    """An order's answer was lost with the socket, and by the time we were back its phase had
    been resolved without it (the umpire released it first, or amended it), or what the seat was
    told reaches back too little to say. The next observation tells what the seat did. (An order
    its phase resolved with is answered as acknowledged.)"""


_TRANSIENT = (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, EOFError)


@attrs.define
class _Pending:
    message: ClientMessage
    future: asyncio.Future[ServerMessage]


class _End:
    """Put on the stream queue when the stream is over; `error` is raised to the reader, if any."""

    def __init__(self, error: BaseException | None) -> None:
        self.error = error


class Client:
    """A joined connection to one seat (or the umpire) of one game. Build it with `connect`.

    `welcome` is the server's Welcome; `seq` the last stream seq taken; `turn` the turn being
    ordered, as last heard (welcome, snapshot, observation or status); `connected` whether a
    socket is open and joined right now.
    """

    def __init__(
        self,
        url: str,
        token: str,
        *,
        codec: str = MSGPACK,
        last_seq: int | None = None,
        reconnect_attempts: int = 8,
        backoff: tuple[float, float] = (0.1, 2.0),
        join_timeout: float = 10.0,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.url = url
        self.token = token
        self.subprotocol = codec
        self.seq = last_seq
        self.turn: int | None = None
        self.phase: str | None = None  # the phase now open, as the server last said
        self.must_act = False  # whether this seat owes an order in it
        self.welcome: Welcome | None = None
        self.state = CONNECTING
        self.reconnect_attempts = reconnect_attempts
        self.backoff = backoff
        self.join_timeout = join_timeout
        self._codec = codec_for(codec)
        self._options = {"compression": None, "max_size": MAX_SERVER_FRAME, **(options or {})}
        self._ws: ClientConnection | None = None
        self._refs = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._stream: asyncio.Queue[StreamMessage | _End] = asyncio.Queue()
        self._state_callbacks: list[Callable[[str], None]] = []
        self._reader: asyncio.Task[None] | None = None
        self._closing = False
        self._game_over = False
        self._gap_at: int | None = None  # the seq we last reconnected over a gap for

    # Opening and closing --------------------------------------------------------------------

    @classmethod
    async def connect(
        cls,
        url: str,
        token: str,
        *,
        codec: str = MSGPACK,
        last_seq: int | None = None,
        reconnect_attempts: int = 8,
        backoff: tuple[float, float] = (0.1, 2.0),
        join_timeout: float = 10.0,
        **options: Any,
    ) -> Client:
        """Open a websocket, join with `token` and return once welcomed.

        `last_seq` resumes after that stream seq; otherwise the stream starts with a snapshot.
        `reconnect_attempts` bounds the tries after a drop (waiting `backoff[0]` seconds, doubled
        each time up to `backoff[1]`). Other keyword arguments go to websockets' `connect`.
        Raises `JoinRefused` if the server answers the join with an error, and `OSError` or a
        websockets exception if the server cannot be reached.
        """
        client = cls(
            url,
            token,
            codec=codec,
            last_seq=last_seq,
            reconnect_attempts=reconnect_attempts,
            backoff=backoff,
            join_timeout=join_timeout,
            options=options,
        )
        await client._open()
        client._set_state(CONNECTED)
        client._reader = asyncio.create_task(client._read_forever(), name=f"fogbank-client {url}")
        return client

    async def close(self) -> None:
        """Close the socket; unanswered requests fail with `ConnectionLost`, the stream ends."""
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None and self.state == RECONNECTING:
            self._reader.cancel()  # it may be waiting out a backoff
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
        self._finish(None)

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def connected(self) -> bool:
        return self.state == CONNECTED

    def on_state(self, callback: Callable[[str], None]) -> None:
        """Call `callback(state)` on every change: connecting, connected, reconnecting, closed."""
        self._state_callbacks.append(callback)

    # Requests -------------------------------------------------------------------------------

    async def submit(self, order: dict[str, Any], turn: int | None = None) -> Ack:
        """Send the order for `turn` (default: the turn being ordered); return the server's Ack.

        Raises `OrderRefused` with the server's code (a rules refusal, `wrong_turn`, `game_over`...).
        """
        if turn is None:
            turn = self.turn
        if turn is None:
            raise ClientError("no turn known yet to order for; pass turn=")
        message = SubmitOrder(ref=self._ref(), turn=turn, order=order, phase=self.phase or None)
        return await self._request(message, OrderRefused)

    async def check(
        self, order: dict[str, Any], turn: int | None = None, seat: str | None = None
    ) -> list[dict[str, str]]:
        """The refusals `order` would get if it were sent now, each {code, message}, the first
        the one `submit` would raise; empty: it would be taken. Nothing is sent to the game.
        The umpire names the `seat` whose order he drafts (an amendment)."""
        if turn is None:
            turn = self.turn
        if turn is None:
            raise ClientError("no turn known yet to check an order for; pass turn=")
        message = CheckOrder(ref=self._ref(), turn=turn, order=order, phase=self.phase or None, seat=seat)
        checked: Checked = await self._request(message)
        return checked.refusals

    async def ask(self, question: dict[str, Any]) -> Ack:
        """Ask the rules a question; the answer comes on the stream (an `AnswerMessage`)."""
        return await self._request(Ask(ref=self._ref(), question=question))

    async def talk(self, text: str) -> Ack:
        """Say `text` to the seat's own side (and whoever else its ruleset lets hear it)."""
        return await self._request(Talk(ref=self._ref(), text=text))

    async def observe(self, seat: str | None = None) -> Ack:
        """Ask for a fresh snapshot of one's view (the umpire: of `seat`'s). It comes on the stream."""
        return await self._request(Observe(ref=self._ref(), seat=seat))

    async def hold(self, held: bool = True, phases: list[str] | None = None) -> Ack:
        return await self._request(Hold(ref=self._ref(), held=held, phases=phases))

    async def amend(self, seat: str, order: dict[str, Any], reason: str) -> Ack:
        return await self._request(Amend(ref=self._ref(), seat=seat, order=order, reason=reason))

    async def release(self) -> Ack:
        return await self._request(Release(ref=self._ref()))

    async def override(self, payload: dict[str, Any], reason: str, tell: bool = False) -> Ack:
        return await self._request(Override(ref=self._ref(), override=payload, reason=reason, tell=tell))

    async def narrate(self, seat: str, text: str) -> Ack:
        return await self._request(Narrate(ref=self._ref(), seat=seat, text=text))

    async def end(self, reason: str, results: dict[str, str] | None = None) -> Ack:
        return await self._request(EndGame(ref=self._ref(), reason=reason, results=results))

    async def spectate(self, turns: int | None) -> Ack:
        return await self._request(SetSpectatorDelay(ref=self._ref(), turns=turns))

    async def games(self) -> GameList:
        return await self._request(ListGames(ref=self._ref()))

    async def ping(self) -> Pong:
        return await self._request(Ping(ref=self._ref()))

    def _ref(self) -> int:
        return next(self._refs)

    async def _request(self, message: Any, refused: type[Refused] = RequestRefused) -> Any:
        if self.state == CLOSED:
            raise ConnectionLost("the client is closed")
        future: asyncio.Future[ServerMessage] = asyncio.get_running_loop().create_future()
        self._pending[message.ref] = _Pending(message, future)
        if self._ws is not None and self.state == CONNECTED:
            try:
                await self._ws.send(self._codec.encode_client(message))
            except ConnectionClosed:
                pass  # the reader sees the drop too, reconnects and sends it again
        try:
            reply = await future
        except ConnectionLost:
            if self._game_over:  # the game ended with this request unanswered: it cannot be now
                raise refused("game_over", "The game ended before this request was answered.") from None
            raise
        finally:
            self._pending.pop(message.ref, None)
        if isinstance(reply, Error):
            raise refused(reply.code, reply.message)
        return reply

    # The stream -----------------------------------------------------------------------------

    async def stream(self) -> AsyncIterator[StreamMessage]:
        """Stream messages in seq order, ending after `game_over` or when the client is closed.

        Raises `ConnectionLost` if the socket dropped for good. One reader at a time.
        """
        while True:
            item = await self._stream.get()
            if isinstance(item, _End):
                self._stream.put_nowait(item)  # so a later reader ends too
                if item.error is not None:
                    raise item.error
                return
            yield item
            if isinstance(item, GameOver):
                return

    async def next_observation(self) -> Observation | Snapshot | GameOver:
        """The next message carrying the seat's view (observation or snapshot), or game_over."""
        async for message in self.stream():
            if isinstance(message, (Observation, Snapshot, GameOver)):
                return message
        raise ConnectionLost("the stream ended")

    # The socket -----------------------------------------------------------------------------

    async def _open(self) -> None:
        """Connect, join (resuming after `seq` if we have one) and wait for the welcome."""
        ws = await ws_connect(self.url, subprotocols=[self.subprotocol], **self._options)
        try:
            await ws.send(self._codec.encode_client(Join(token=self.token, last_seq=self.seq, folded_ack=True)))
            async with asyncio.timeout(self.join_timeout):
                while True:
                    message = self._codec.decode_server(await ws.recv())
                    if isinstance(message, Welcome):
                        break
                    if isinstance(message, Error) and message.ref is None:
                        raise JoinRefused(message.code, message.message)
                    log.warning("%s before welcome, ignored", message.tag)
        except BaseException:
            await ws.close()
            raise
        self.welcome = message
        self.turn, self.phase, self.must_act = message.turn, message.phase, message.must_act
        self._ws = ws

    async def _read_forever(self) -> None:
        error: BaseException | None = None
        try:
            while True:
                ws = self._ws
                assert ws is not None
                try:
                    async for frame in ws:
                        self._take(self._codec.decode_server(frame))
                except ConnectionClosed:
                    pass
                except ProtocolError as problem:  # the server's bug; a fresh join starts clean
                    log.warning("unreadable frame from %s: %s", self.url, problem)
                    await ws.close()
                except _Resync:
                    await ws.close()
                if self._closing or self._game_over:
                    break
                error = await self._reconnect()
                if error is not None:
                    break
        except Exception as unexpected:  # our bug: fail loudly rather than hang the readers
            log.exception("fogbank client reader failed")
            error = unexpected
        self._finish(error)

    async def _reconnect(self) -> BaseException | None:
        """Reopen and rejoin with backoff; None when joined again, else the error to fail with."""
        self._set_state(RECONNECTING)
        self._ws = None
        delay, cap = self.backoff
        problem: BaseException | None = None
        for _ in range(self.reconnect_attempts):
            await asyncio.sleep(delay)
            if self._closing:
                return None
            try:
                await self._open()
            except JoinRefused as refusal:
                return ConnectionLost(f"rejoining was refused: {refusal}")
            except (*_TRANSIENT, InvalidURI, ProtocolError) as failure:
                problem = failure
                delay = min(delay * 2, cap)
                continue
            self._set_state(CONNECTED)
            await self._resend()
            return None
        return ConnectionLost(
            f"lost the connection to {self.url}; {self.reconnect_attempts} tries to reconnect failed:"
            f" {problem!r}"
        )

    async def _resend(self) -> None:
        assert self._ws is not None
        assert self.welcome is not None
        for ref, pending in sorted(self._pending.items()):
            message = pending.message
            if pending.future.done():
                continue
            fate = self._fate(message) if isinstance(message, SubmitOrder) else _OPEN
            if fate is _TAKEN:  # sent again it would be refused (`wrong_phase`): a lie
                pending.future.set_result(Ack(seq=self.seq or 0, ref=ref))
            elif fate is _PASSED:
                pending.future.set_exception(
                    TurnPassed(f"turn {message.turn} was resolved without this order while the connection was down")
                )
            elif isinstance(message, _RESENDABLE):
                try:
                    await self._ws.send(self._codec.encode_client(message))
                except ConnectionClosed:
                    return  # dropped again: the reader goes round once more
            else:
                pending.future.set_exception(
                    ConnectionLost(
                        f"the connection dropped before {message.tag} {ref} was answered;"
                        " it may or may not have been done"
                    )
                )

    def _fate(self, order: SubmitOrder) -> object:
        """What became of an order whose answer was lost with the socket, as the welcome after
        the reconnect tells it: `_OPEN` if its phase is still open (it is sent again, and replaces
        itself), `_TAKEN` if that phase resolved with it, `_PASSED` if it resolved without it (the
        seat was told it sailed under its standing order, or the umpire's) or if the welcome
        reaches back too little to tell. A phase resolves only once every seat's order is in or
        the umpire releases it, and a release tells each seat whose order was not in."""
        welcome = self.welcome
        phases = list(welcome.phases)

        def when(turn: int, phase: str | None) -> tuple[int, int]:
            return turn, phases.index(phase) if phase in phases else -1

        sent = when(order.turn, order.phase)
        if sent >= when(welcome.turn, welcome.phase) or order.phase is None and order.turn == welcome.turn:
            return _OPEN
        told = welcome.told
        if welcome.told_first and (not told or when(told[0]["turn"], told[0].get("phase")) > sent):
            return _PASSED  # what it was told then is before the welcome's told: it cannot tell
        without = any(
            entry["kind"] in ("standing_order", "amended") and when(entry["turn"], entry.get("phase")) == sent
            for entry in told
        )
        return _PASSED if without else _TAKEN

    def _take(self, message: ServerMessage) -> None:
        """Route one message: a reply to its request, a stream message to the queue."""
        if isinstance(message, STREAM_MESSAGES):
            try:
                self._take_stream(message)
            finally:
                if type(message) is Observation and message.ack is not None:
                    # The turn's observation answering our order itself: the order is durable
                    # (even if a gap before it makes us resume), as a separate ack would say.
                    self._answer(message.ack, Ack(seq=message.seq, ref=message.ack))
            return
        ref = getattr(message, "ref", None)
        if ref is None:
            # An error for a frame the server could not read: ours, so a bug of this client.
            log.error("the server could not read a frame we sent: %s", message)
            return
        self._answer(ref, message)

    def _answer(self, ref: int, reply: ServerMessage) -> None:
        pending = self._pending.get(ref)
        if pending is not None and not pending.future.done():
            pending.future.set_result(reply)

    def _take_stream(self, message: StreamMessage) -> None:
        seq = message.seq
        if isinstance(message, Snapshot):
            # The whole truth: carry on from its seq (a resume that was too late gets one).
            if self.seq is not None and seq < self.seq:
                return
        elif self.seq is not None:
            if seq <= self.seq:
                return  # seen already
            if seq > self.seq + 1 and self._gap_at != self.seq:
                self._gap_at = self.seq
                log.warning("gap in the stream after seq %d (got %d): resuming", self.seq, seq)
                raise _Resync
        self.seq = seq
        if isinstance(message, (Snapshot, Observation, Status, NarrativeMessage, UmpireUpdate)):
            self.turn = message.turn
        if isinstance(message, (Snapshot, Observation, Status)):
            self.phase, self.must_act = message.phase, message.must_act
        if isinstance(message, GameOver):
            self._game_over = True
        self._stream.put_nowait(message)

    def _finish(self, error: BaseException | None) -> None:
        if self.state == CLOSED:
            return
        self._set_state(CLOSED)
        if isinstance(error, ConnectionLost):
            lost = error
        else:
            lost = ConnectionLost(str(error or "the connection is closed"))
        for pending in self._pending.values():
            if not pending.future.done():
                pending.future.set_exception(lost)
        self._stream.put_nowait(_End(error))

    def _set_state(self, state: str) -> None:
        if state == self.state:
            return
        self.state = state
        for callback in self._state_callbacks:
            try:
                callback(state)
            except Exception:
                log.exception("on_state callback failed")


# What became of an order whose answer was lost (`Client._fate`).
_OPEN, _TAKEN, _PASSED = object(), object(), object()


class _Resync(Exception):
    """A gap in the stream: drop the socket and resume after the last seq taken."""


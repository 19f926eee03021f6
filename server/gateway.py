"""The websocket gateway: one `Connection` per socket, speaking `fogbank.protocols`.

A connection only ever holds its seat's stream messages and replies: the host builds them from
that seat's view. Every frame is decoded defensively; bad frames get an error with a code and a
sentence, and a peer that sends more than MAX_BAD_FRAMES of them in a row is closed (1008).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fogbank import protocols as wire
from fogbank.server.core import UMPIRE, Refused
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from .host import SPECTATOR, Forbidden, Host, Room

log = logging.getLogger("fogbank.gateway")


class Connection:
    def __init__(self, websocket: ServerConnection, host: Host) -> None:
        self.websocket = websocket
        self.host = host
        self.codec = wire.codec_for(websocket.subprotocol)
        self.room: Room | None = None
        self.seat: str | None = None
        self.outbox: asyncio.Queue[Any] = asyncio.Queue()
        self.bad_frames = 0
        self._stop_listening = lambda: None

    @property
    def seq(self) -> int:
        return self.room.streams[self.seat].seq if self.room else 0

    async def serve(self) -> None:
        writer = asyncio.ensure_future(self._write())
        try:
            async for frame in self.websocket:
                await self._receive(frame)
        except ConnectionClosed:
            pass
        finally:
            self._stop_listening()
            if self.room is not None:
                self.host.seen(self.room, self.seat, -1)
            writer.cancel()

    async def _write(self) -> None:
        while True:
            message = await self.outbox.get()
            try:
                await self.websocket.send(self.codec.encode_server(message))
            except ConnectionClosed:
                return

    def send(self, message: Any) -> None:
        self.outbox.put_nowait(message)

    def error(self, ref: int | None, code: str, sentence: str) -> None:
        self.send(wire.Error(seq=self.seq, ref=ref, code=code, message=sentence))

    async def _receive(self, frame: bytes | str) -> None:
        try:
            message = self.codec.decode_client(frame)
        except wire.ProtocolError as problem:
            self.bad_frames += 1
            self.error(None, problem.code, problem.sentence)
            if self.bad_frames > wire.MAX_BAD_FRAMES:
                await self.websocket.close(wire.CLOSE_POLICY_VIOLATION, "too many malformed frames")
            return
        self.bad_frames = 0
        ref = getattr(message, "ref", None)
        try:
            await self._handle(message)
        except Refused as refusal:
            self.error(ref, refusal.code, refusal.sentence)
        except Forbidden as forbidden:
            self.error(ref, "forbidden", forbidden.sentence)
        except Exception:  # our bug: say so, keep the game and the connection going
            log.exception("request %s failed", type(message).__name__)
            self.error(ref, "internal_error", "The server failed to handle that request; it has been logged.")

    async def _handle(self, message: Any) -> None:
        if isinstance(message, wire.Join):
            return await self._join(message)
        if self.room is None:
            raise Refused("not_joined", "Send a join message with your token first.")
        room, seat = self.room, self.seat
        match message:
            case wire.Ping(ref=ref):
                self.send(wire.Pong(seq=self.seq, ref=ref))
            case wire.SubmitOrder(ref=ref, turn=turn, order=order):
                await self.host.order(room, seat, turn, order)
                self.send(wire.Ack(seq=self.seq, ref=ref))
            case wire.Observe(ref=ref, seat=of_seat):
                turn, view = self.host.view(room, seat, of_seat)
                self.send(wire.Snapshot(seq=self.seq, turn=turn, view=view))
                self.send(wire.Ack(seq=self.seq, ref=ref))
            case wire.ListGames(ref=ref):
                self.send(wire.GameList(seq=self.seq, ref=ref, games=self.host.games(room, seat)))
            case wire.RequestHistory(ref=ref):
                turns, records = await self.host.history(room, seat)
                self.send(wire.History(seq=self.seq, ref=ref, turns=turns, log=records))
            case wire.RequestSeatLog(ref=ref, seat=of_seat):
                messages = self.host.seat_log(room, seat, of_seat)
                self.send(wire.SeatLog(seq=self.seq, ref=ref, seat=of_seat, messages=messages))
            case _:
                await self.host.umpire(room, seat, message)
                self.send(wire.Ack(seq=self.seq, ref=message.ref))

    async def _join(self, join: wire.Join) -> None:
        if self.room is not None:
            raise Refused("already_joined", "This connection has already joined a seat.")
        found = await self.host.authenticate(join.token)
        if found is None:
            raise Refused("bad_token", "That token opens no seat on this server.")
        room, seat = found
        if seat == SPECTATOR and room.spectator_delay is None:
            raise Forbidden("The umpire has not opened this game to spectators.")
        self.room, self.seat = room, seat
        stream = room.streams[seat]
        self.send(self.host.welcome(room, seat))
        # Catch up and subscribe in one step (no await between): nothing is missed or doubled.
        missed = stream.since(join.last_seq) if join.last_seq is not None else None
        if missed is None:
            if seat != SPECTATOR:
                turn, view = self.host.view(room, UMPIRE if seat == UMPIRE else seat, None)
                self.send(wire.Snapshot(seq=stream.seq, turn=turn, view=view))
            ended = [m for m in stream.recent() if isinstance(m, wire.GameOver)]
            missed = ended[-1:]
        for message in missed:
            self.send(message)
        self._stop_listening = stream.listen(self.send)
        self.host.seen(room, seat, +1)



"""How gateways reach game hosts: the bus.

A gateway speaks websockets to clients and knows nothing of games; it asks the bus to `join` a
seat (with a token) and then passes that seat's requests through its `Session`. Everything it is
given is already filtered for that seat. Two implementations: `LocalBus` (this file), the embedded
default, calling the host in the same process; and `MqttBus` (`mqtt/bus.py`), across a broker.
"""

from __future__ import annotations

import abc
from typing import Any, Callable

import attrs

from fogbank import protocols as wire
from fogbank.errors import Declined, FogbankError, ServerFault
from fogbank.rules.core import Refused

from .guard import RateLimited
from .host import SPECTATOR, Forbidden, Host, Room

Deliver = Callable[[Any], None]  # takes one server message for the joined seat, in seq order

# Handed to `deliver` instead of a message when a session can no longer deliver its seat's stream
# (its broker connection dropped, the game's host restarted): the gateway closes the websocket,
# and the client reconnects and resumes from its last seq.
LOST: Any = object()
# Handed to `deliver` when the seat's link was re-issued: the gateway closes the websocket for
# good (policy), and the old token, tried again, opens nothing.
REVOKED: Any = object()


class Unavailable(FogbankError):
    """The bus cannot reach the game's host or the broker now: try again shortly (the gateway
    closes the websocket with 1013, so a client reconnects with backoff)."""


class Session(abc.ABC):
    """A joined seat, as a gateway holds it."""

    game: str
    seat: str

    @abc.abstractmethod
    async def request(self, message: Any) -> list[Any]:
        """The replies to one client request, in order. Raises `Refused` or `Forbidden`."""

    @abc.abstractmethod
    async def close(self) -> None:
        """The client has gone: stop delivering, and mark the seat's presence."""


class Bus(abc.ABC):
    @abc.abstractmethod
    async def join(self, join: wire.Join, deliver: Deliver) -> Session:
        """Open the seat the token belongs to. Before returning, `deliver` has been given the
        welcome and then the catch-up (the messages after `join.last_seq`, or a snapshot); after,
        it gets every new stream message of the seat. Raises `Refused` or `Forbidden`."""

    @abc.abstractmethod
    async def create_game(
        self, scenario: str, options: dict[str, Any] | None = None, name: str = ""
    ) -> dict[str, Any]:
        """Create a game on some host (named `name`, if given); its id, commitment and tokens."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Let go of the bus's connections."""


def catch_up(host: Host, room: Room, seat: str, last_seq: int | None) -> list[Any]:
    """The welcome, then what the seat missed after `last_seq`, or a snapshot if that is lost."""
    stream = room.streams[seat]
    messages: list[Any] = [host.welcome(room, seat)]
    missed = stream.since(last_seq) if last_seq is not None else None
    if missed is None:
        over = [m for m in stream.recent() if isinstance(m, wire.GameOver)][-1:]
        # The snapshot stands for everything before the game_over, not for the game_over too
        # (a client drops a message whose seq it has already seen).
        seq = over[0].seq - 1 if over else stream.seq
        if seat != SPECTATOR:
            messages.append(host.snapshot(room, seat, None, seq))
        else:  # the turn spectators may see now, if any yet (the table as it ended, once over)
            messages += [m for m in [host.spectator_snapshot(room, seq)] if m is not None]
        missed = over
    return messages + missed


async def open_seat(host: Host, token: str) -> tuple[Room, str]:
    found = await host.authenticate(token)
    if found is None:
        raise Refused("bad_token", "That token opens no seat on this server.")
    room, seat = found
    if seat == SPECTATOR and room.spectator_delay is None:
        raise Forbidden("The umpire has not opened this game to spectators.")
    return room, seat


async def handle(host: Host, room: Room, seat: str, message: Any) -> list[Any]:
    """One request of a joined seat, answered by the host that owns its game. A refusal quotes
    at most a few words of what the seat sent (`without_echoes`), whoever wrote its sentence."""
    try:
        return await _answer(host, room, seat, message)
    except RateLimited:
        raise  # quotes nothing: a flood's refusals are not searched for echoes
    except Declined as declined:
        blame = Refused if isinstance(declined, Refused) else ServerFault
        raise blame(declined.code, wire.without_echoes(declined.sentence, message)) from None


async def _answer(host: Host, room: Room, seat: str, message: Any) -> list[Any]:
    seq = lambda: room.streams[seat].seq  # noqa: E731  (replies carry the seat's latest seq)
    match message:
        case wire.Join():
            raise Refused("already_joined", "This connection has already joined a seat.")
        case wire.Ping(ref=ref):
            return [wire.Pong(seq=seq(), ref=ref)]
        case wire.SubmitOrder(ref=ref, turn=turn, order=order, phase=phase):
            await host.order(room, seat, turn, order, phase)
            return [wire.Ack(seq=seq(), ref=ref)]
        case wire.CheckOrder(ref=ref, turn=turn, order=order, phase=phase, seat=of_seat):
            refusals = host.check(room, seat, turn, order, phase, of_seat)
            return [wire.Checked(seq=seq(), ref=ref, refusals=refusals)]
        case wire.Ask(ref=ref, question=question):
            await host.ask(room, seat, question)
            return [wire.Ack(seq=seq(), ref=ref)]
        case wire.Talk(ref=ref, text=text, to=to):
            await host.talk(room, seat, text, to)
            return [wire.Ack(seq=seq(), ref=ref)]
        case wire.Observe(ref=ref, seat=of_seat):
            return [host.snapshot(room, seat, of_seat, seq()), wire.Ack(seq=seq(), ref=ref)]
        case wire.ListGames(ref=ref):
            return [wire.GameList(seq=seq(), ref=ref, games=host.games(room, seat))]
        case wire.Reissue(ref=ref):
            reissued = await host.umpire(room, seat, message)
            return [attrs.evolve(reissued, seq=seq())]
        case wire.RequestHistory(ref=ref):
            turns, records = await host.history(room, seat)
            return [wire.History(seq=seq(), ref=ref, turns=turns, log=records)]
        case wire.NudgeMe(ref=ref, to=to):
            await host.nudge_me(room, seat, to)
            return [wire.Ack(seq=seq(), ref=ref)]
        case wire.RequestTold(ref=ref, before=before):
            first, told = host.told(room, seat, before)
            return [wire.ToldPage(seq=seq(), ref=ref, first=first, told=told)]
        case wire.RequestSeatLog(ref=ref, seat=of_seat):
            messages = host.seat_log(room, seat, of_seat)
            return [wire.SeatLog(seq=seq(), ref=ref, seat=of_seat, messages=messages)]
        case _:
            await host.umpire(room, seat, message)
            return [wire.Ack(seq=seq(), ref=message.ref)]


class LocalSession(Session):
    def __init__(self, host: Host, room: Room, seat: str, deliver: Deliver) -> None:
        self.host, self.room, self.game, self.seat = host, room, room.id, seat
        self._stop = room.streams[seat].listen(deliver)
        self._deliver = deliver
        room.sessions.setdefault(seat, set()).add(self.revoke)
        host.seen(room, seat, +1)

    async def request(self, message: Any) -> list[Any]:
        return await handle(self.host, self.room, self.seat, message)

    def revoke(self) -> None:
        """The seat's link was re-issued: deliver nothing more, and have the gateway close."""
        self._stop()
        self._stop = lambda: None
        self._deliver(REVOKED)

    async def close(self) -> None:
        self._stop()
        self.room.sessions.get(self.seat, set()).discard(self.revoke)
        self.host.seen(self.room, self.seat, -1)


class LocalBus(Bus):
    """The embedded default: gateway and host in one process, no broker."""

    def __init__(self, host: Host) -> None:
        self.host = host

    async def join(self, join: wire.Join, deliver: Deliver) -> Session:
        room, seat = await open_seat(self.host, join.token)
        # Catch up and subscribe with no await between: nothing is missed or doubled.
        for message in catch_up(self.host, room, seat, join.last_seq):
            deliver(message)
        return LocalSession(self.host, room, seat, deliver)

    async def create_game(
        self, scenario: str, options: dict[str, Any] | None = None, name: str = ""
    ) -> dict[str, Any]:
        return await self.host.create_game(scenario, options, name)

    async def close(self) -> None:
        """Nothing to let go of: the host is closed by whoever made it."""

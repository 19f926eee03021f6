"""Built-in players standing in for seats with no one to play them, inside the server.

The umpire hands a seat to its ruleset's bot (`Ruleset.bot(scenario, seat, chart)`) and takes it
back. A stand-in is a listener on its seat's stream, like a player's connection: it sees only what
that seat is sent (a snapshot when it starts, then the seat's observations and statuses), and
gives its orders through the host like any order of the seat, logged and replayed the same way. A
seat's player cannot order while a stand-in holds the seat (their orders would undo each other);
the player's link still opens the seat, to watch.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from fogbank import protocols as wire
from fogbank.errors import Declined
from fogbank.rules.core import Bot, Cycle, Refused

from . import filter as seen_by

if TYPE_CHECKING:
    from .host import Host, Room

log = logging.getLogger("fogbank.stand_ins")
GIVE_WAY = ("wrong_turn", "wrong_phase", "not_your_turn", "game_over", "amended")  # the game moved on


class StandIn:
    """One seat's built-in player."""

    def __init__(self, host: Host, room: Room, seat: str, bot: Bot) -> None:
        self.host, self.room, self.seat, self.bot = host, room, seat, bot
        self.view: Any = seen_by.view(room.game, seat, whole=True)  # what a joining client is sent
        self.ordered: tuple[int, str] | None = None  # the phase it last gave an order in
        self.task: asyncio.Task | None = None
        self._stop = room.streams[seat].listen(self.heard)
        self.consider(room.game.state.turn, room.game.state.phase, seen_by.must_act(room.game, seat))

    def stop(self) -> None:
        self._stop()
        if self.task is not None:
            self.task.cancel()

    def heard(self, message: Any) -> None:
        """A message on the seat's stream (called as it is pushed: nothing awaited here)."""
        if isinstance(message, (wire.Observation, wire.Snapshot)):
            self.view = message.view
            self.consider(message.turn, message.phase, message.must_act)
        elif isinstance(message, wire.Status):
            self.consider(message.turn, message.phase, message.must_act and not message.order_in)
        elif isinstance(message, wire.LinkMessage):
            self.host.keep(self.host.stand_ins.follow(message.game, self.seat))

    def consider(self, turn: int, phase: str, owes: bool) -> None:
        game = self.room.game
        if not owes or self.ordered == (turn, phase) or game.cycle is Cycle.ENDED or self.seat in game.orders:
            return
        if self.task is not None and not self.task.done():
            return  # the order on its way answers this phase; a later one is considered when it lands
        self.ordered = (turn, phase)
        self.task = asyncio.ensure_future(self.order(turn, phase, self.view))

    async def order(self, turn: int, phase: str, view: Any) -> None:
        try:
            await self.host.order(self.room, self.seat, turn, dict(self.bot.order(view)), phase, stand_in=True)
        except Declined as refusal:  # by the rules, or not kept (a full disk): it stands either way
            if refusal.code in GIVE_WAY:
                return
            log.info("game %s: the stand-in for %s erred (%s); it stands", self.room.id, self.seat, refusal.code)
            try:  # the bot erred against the rules: the safe order it gives instead
                await self.host.order(self.room, self.seat, turn, dict(self.bot.standing(view)), phase, stand_in=True)
            except Declined:
                pass  # its standing order sails when the phase is released
        except Exception:  # a bot's bug must not stop the game or the server
            log.exception("game %s: the stand-in for %s failed", self.room.id, self.seat)
        finally:
            self.task = None  # this order is done with: the phase now open may be considered
            game = self.room.game  # as told: the seat's own stream has it
            if (game.state.turn, game.state.phase) != (turn, phase):  # the phase moved on meanwhile
                self.consider(game.state.turn, game.state.phase, seen_by.must_act(game, self.seat))


class StandIns:
    """Every stand-in of one host, by game and seat."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.playing: dict[tuple[str, str], StandIn] = {}

    def holds(self, game_id: str, seat: str) -> bool:
        return (game_id, seat) in self.playing

    def seats(self, game_id: str) -> list[str]:
        return sorted(seat for game, seat in self.playing if game == game_id)

    async def hand(self, room: Room, seat: str) -> None:
        """Hand `seat` to its ruleset's built-in player. Raises `Refused`."""
        if seat not in room.seats:
            raise Refused("unknown_seat", f"There is no seat called {seat!r} in this game.")
        if room.game.cycle is Cycle.ENDED:
            raise Refused("game_over", "This game is over.")
        if self.holds(room.id, seat):
            return
        self.start(room, seat)
        await self.host.store.set_seat(room.id, seat, keeper="bot")

    async def take_back(self, room: Room, seat: str) -> None:
        if seat not in room.seats:
            raise Refused("unknown_seat", f"There is no seat called {seat!r} in this game.")
        stand_in = self.playing.pop((room.id, seat), None)
        if stand_in is not None:
            stand_in.stop()
        await self.host.store.set_seat(room.id, seat, keeper="player")

    def start(self, room: Room, seat: str) -> None:
        game = room.game
        bot = game.ruleset.bot(game.state.scenario, seat, self.host.chart(room, seat))
        if bot is None:
            raise Refused("no_bot", f"The {game.ruleset.name} rules have no built-in player.")
        self.playing[(room.id, seat)] = StandIn(self.host, room, seat, bot)

    async def follow(self, game_id: str, seat: str) -> None:
        """A battle the seat fights in a linked game: its stand-in fights it there too."""
        room = self.host.rooms.get(game_id)
        if room is not None and seat in room.seats and not self.holds(game_id, seat):
            try:
                await self.hand(room, seat)
            except Refused as refusal:
                log.info("game %s: no stand-in for %s: %s", game_id, seat, refusal.sentence)

    def ended(self, game_id: str) -> None:
        for key in [key for key in self.playing if key[0] == game_id]:
            self.playing.pop(key).stop()

"""The client seats: each a ruleset's built-in player on a websocket of its own.

`FogbankSeat` plays the first seat of a game on the server, game after game; `EchoSeat` does the
same client work against the echo server (the bot still orders from a view; the frames are the
sampled ones).
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any, Mapping

from websockets.asyncio.client import ClientConnection

from fogbank.rules import core
from fogbank.rules.core import Bot
from fogbank.rules.core.plain import to_plain

from .frames import Frames, open_socket
from .tally import Tally


class Pacer:
    """When each seat may send its next order: on its own tick, or at once (`interval` 0)."""

    def __init__(self, interval: float, deadline: float, lean: bool = False) -> None:
        self.interval = interval
        self.deadline = deadline
        self.lean = lean  # seats give their standing order, not a thought-out one (cheap clients)


def built_in(ruleset: str, scenario: str, seat: str, chart: Mapping[str, Any]) -> Bot:
    """The ruleset's built-in player for `seat`, as `fogbank.clients.bot` finds it."""
    bot = core.find_ruleset(ruleset).bot(scenario, seat, chart)
    if bot is None:
        raise LookupError(f"the {ruleset} ruleset has no built-in player for seat {seat!r}")
    return bot


def offline_bots(scenario: str, count: int) -> list[Bot]:
    """`count` built-in players for the first seat of `scenario`, on its chart, with no server."""
    ruleset, name = core.find_scenario(scenario)
    game = core.start(ruleset, name, bytes(32))
    seat = ruleset.seat_names(game.state)[0]
    chart = to_plain(ruleset.chart(game.state, seat))
    return [built_in(ruleset.name, name, seat, chart) for _ in range(count)]


class FogbankSeat:
    """One built-in player on one websocket, playing the first seat of game after game."""

    def __init__(self, server: Any, url: str, scenario: str, frames: Frames) -> None:
        self.server, self.url, self.scenario, self.frames = server, url, scenario, frames
        self.ws: ClientConnection | None = None
        self.ref = 0

    async def new_game(self) -> None:
        created = await self.server.create_game(self.scenario)
        self.token = next(iter(created["seats"].values()))

    async def join(self) -> None:
        """Open a socket and join the seat's game; the view from the join snapshot."""
        if self.ws is not None:
            await self.ws.close()
        self.ws = await open_socket(self.url, self.frames)
        await self.ws.send(self.frames.pack({"type": "join", "token": self.token, "folded_ack": True}))
        while True:
            message = self.frames.unpack(await self.ws.recv())
            kind = message["type"]
            if kind == "welcome":
                names = message["ruleset"], message["scenario"], message["seat"]
                self.bot = built_in(*names, message["chart"])
            elif kind == "snapshot":
                self.turn, self.view = message["turn"], message["view"]
                return
            elif kind == "error":
                raise RuntimeError(f"join refused: {message['code']}")

    async def play(self, pacer: Pacer, tally: Tally) -> None:
        pack, unpack, loop = self.frames.pack, self.frames.unpack, asyncio.get_running_loop()
        now = loop.time()
        next_at = now + random.random() * pacer.interval  # spread the seats over one tick
        while True:
            if next_at > now:
                await asyncio.sleep(next_at - now)
            if loop.time() >= pacer.deadline:
                return
            order = self.bot.standing(self.view) if pacer.lean else self.bot.order(self.view)
            self.ref += 1
            frame = pack({"type": "order", "ref": self.ref, "turn": self.turn, "order": order})
            if tally.sample_order is None:
                tally.sample_order = frame
            sent = time.perf_counter()
            sent_at = loop.time()
            tally.in_flight += 1
            await self.ws.send(frame)
            while True:
                raw = await self.ws.recv()
                tally.frames_in += 1
                message = unpack(raw)
                kind = message["type"]
                if kind == "observation":  # the turn's, and the order's ack folded into it
                    tally.latencies.append(time.perf_counter() - sent)
                    tally.in_flight -= 1
                    if loop.time() < pacer.deadline:
                        tally.observations += 1
                    tally.observed(raw)
                    self.turn, self.view = message["turn"], message["view"]
                    if self.view.get("outcome") is None:
                        break
                elif kind == "error" and message["ref"] == self.ref:
                    # The bot erred against the rules: give its standing order this turn instead.
                    tally.refusals += 1
                    self.ref += 1
                    standing = dict(self.bot.standing(self.view))
                    again = {"type": "order", "ref": self.ref, "turn": self.turn, "order": standing}
                    await self.ws.send(pack(again))
                elif kind == "game_over":
                    tally.games_finished += 1
                    await self.new_game()
                    await self.join()
                    break
            now = loop.time()
            next_at = max(now, sent_at + pacer.interval)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


class EchoSeat:
    """The same client work against the echo server: a bot order out, an observation back."""

    def __init__(self, url: str, frames: Frames, order_frame: bytes | str, view: dict, bot: Bot) -> None:
        self.url, self.frames, self.order_frame, self.view, self.bot = url, frames, order_frame, view, bot
        self.ws: ClientConnection | None = None

    @classmethod
    def many(cls, count: int, url: str, frames: Frames, scenario: str,
             order_frame: bytes | str, observation_frame: bytes | str) -> list[EchoSeat]:  # fmt: skip
        """`count` seats sending `order_frame`, each with a bot for `scenario`'s first seat."""
        view = frames.unpack(observation_frame)["view"]
        return [cls(url, frames, order_frame, view, bot) for bot in offline_bots(scenario, count)]

    async def join(self) -> None:
        self.ws = await open_socket(self.url, self.frames)

    async def play(self, pacer: Pacer, tally: Tally) -> None:
        unpack, loop = self.frames.unpack, asyncio.get_running_loop()
        now = loop.time()
        next_at = now + random.random() * pacer.interval
        while True:
            if next_at > now:
                await asyncio.sleep(next_at - now)
            if loop.time() >= pacer.deadline:
                return
            if not pacer.lean:
                self.bot.order(self.view)  # the client's work, as in the fogbank run
            sent = time.perf_counter()
            sent_at = loop.time()
            tally.in_flight += 1
            await self.ws.send(self.order_frame)
            raw = await self.ws.recv()
            tally.frames_in += 1
            message = unpack(raw)
            tally.latencies.append(time.perf_counter() - sent)
            tally.in_flight -= 1
            if loop.time() < pacer.deadline:
                tally.observations += 1
            tally.observed(raw)
            self.view = message["view"]
            now = loop.time()
            next_at = max(now, sent_at + pacer.interval)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

"""The game host's own costs, with no sockets: CPU per resolved turn, CPU per game end, and
memory per seat after 100 turns.

    python -m fogbank.bench.host [SEATS] [SCENARIO]

SEATS games run on one `Host` with its real store (in a temporary folder), under the collector
policy `fogbank serve` sets (`quiet_garbage_collector`), each seat played by its
ruleset's built-in player through `Host.order`, as the gateway would; every message a seat is sent
is encoded as the gateway would encode it (msgpack) and then dropped. When a game ends its seat
leaves it and starts a new game, so each seat plays 100 turns. Prints JSON:

- `host_cpu_ms_per_turn`: the host's CPU for an order that resolves a turn, commit included
  (process CPU over every seat's turns, the store's writer thread included);
- `game_end_cpu_ms`: the median CPU of the input that ends a game (its end record, every seat's
  `game_over`, encoded);
- `kib_per_seat_after_100_turns` and `kib_per_seat_after_20_turns`: Python memory still held
  (tracemalloc) per seat, less what was held before the first game and what new players hold;
  flat memory means these two
  are about the same.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from fogbank import protocols as wire
from fogbank.bench.load.seats import offline_bots
from fogbank.cli.parser import Parser, count
from fogbank.cli.parser import scenario as known_scenario
from fogbank.rules import core
from fogbank.server.app import quiet_garbage_collector
from fogbank.server.host import Host
from fogbank.server.store import Store

SCENARIO = "b11"
TURNS = 100
GAMES_ALONE = 60  # games played alone for the game-end figure: a median of 20 moved 10% run to run


class Seat:
    """One seat's built-in player, listening to its stream as a gateway would."""

    def __init__(self, host: Host, scenario: str, codec: wire.Codec) -> None:
        self.host, self.scenario, self.codec = host, scenario, codec
        self.turns = 0
        self.ended = False
        self.games = 0

    async def new_game(self) -> None:
        created = await self.host.create_game(self.scenario)
        token = next(iter(created["seats"].values()))
        self.room, self.seat = await self.host.authenticate(token)
        welcome = self.host.welcome(self.room, self.seat)
        ruleset = core.find_ruleset(welcome.ruleset)
        self.bot = ruleset.bot(welcome.scenario, self.seat, welcome.chart)
        self.view = self.host.snapshot(self.room, self.seat, None, 0).view
        self.ended = False
        self.games += 1
        self.stop = self.room.streams[self.seat].listen(self.heard)
        self.host.seen(self.room, self.seat, +1)

    def heard(self, message: Any) -> None:
        self.codec.encode_server(message)  # what the gateway does with each message
        if isinstance(message, wire.Observation):
            self.view = message.view
        elif isinstance(message, wire.GameOver):
            self.ended = True

    def leave(self) -> None:
        self.stop()
        self.host.seen(self.room, self.seat, -1)

    def orders(self) -> tuple[dict, dict]:
        """The player's order for this turn and its standing order (the client's work, untimed)."""
        return self.bot.order(self.view), dict(self.bot.standing(self.view))

    async def turn(self, orders: tuple[dict, dict]) -> None:
        """Play one turn with `orders` (the standing one if the rules refuse the first)."""
        turn = self.room.game.state.turn
        try:
            await self.host.order(self.room, self.seat, turn, orders[0])
        except core.Refused:
            await self.host.order(self.room, self.seat, turn, orders[1])
        self.turns += 1

    async def next_game(self) -> None:
        self.leave()
        await self.new_game()


def held_by_server() -> int:
    """Bytes traced now, less what was allocated in the built-in players' own modules: live
    objects only (garbage waiting for the collector is collected first, so when the collector
    last ran does not move the figure)."""
    if not tracemalloc.is_tracing():
        return 0
    gc.collect()
    players = tracemalloc.Filter(False, "*/bot/*")
    return sum(stat.size for stat in tracemalloc.take_snapshot().filter_traces([players]).statistics("filename"))


def players_memory(scenario: str, count: int) -> int:
    """Bytes `count` new built-in players hold outside their own modules (their charts, say), to
    take off the figures: they are the clients' memory, not the server's."""
    before = held_by_server()
    bots = offline_bots(scenario, count)
    held = held_by_server() - before
    del bots
    return held


async def play(seats: int, scenario: str, trace: bool) -> dict[str, Any]:
    """Every seat plays TURNS turns; with `trace`, the memory held per seat at turns 20 and 100,
    else the CPU figures (tracemalloc slows Python code, so the two are measured apart)."""
    codec = wire.codec_for(wire.MSGPACK)
    with tempfile.TemporaryDirectory(prefix="fogbank-bench-host-") as folder:
        store = await Store.open(Path(folder))
        host = Host(store, ended_keep=1.0)  # a seat leaves its ended game at once: let it go soon
        try:
            if trace:
                tracemalloc.start()
            held_before = held_by_server() + players_memory(scenario, seats)
            players = [Seat(host, scenario, codec) for _ in range(seats)]
            for player in players:
                await player.new_game()
            cpu = 0.0
            held: dict[int, float] = {}
            for turn in range(1, TURNS + 1):
                orders = [player.orders() for player in players]
                started = time.process_time()
                # Every seat orders at once, as under load: their commits share transactions.
                await asyncio.gather(*(player.turn(o) for player, o in zip(players, orders)))
                cpu += time.process_time() - started
                for player in players:
                    if player.ended:
                        await player.next_game()
                if trace and turn in (20, TURNS):
                    await asyncio.sleep(1.1)  # let the games that ended be let go (ended_keep)
                    held[turn] = (held_by_server() - held_before) / 1024 / seats
        finally:
            tracemalloc.stop()
            await store.close()
    if trace:
        return {f"kib_per_seat_after_{turn}_turns": round(kib, 1) for turn, kib in held.items()}
    turns = sum(player.turns for player in players)
    return {
        "turns": turns,
        "host_cpu_ms_per_turn": round(cpu / turns * 1000, 4),
        "games_ended": sum(player.games - 1 for player in players),
    }


async def game_ends(games: int, scenario: str) -> dict[str, Any]:
    """`games` games played alone, a turn at a time: the median CPU of a turn, and of the turn
    that ends the game (its end record and every seat's `game_over`, encoded)."""
    codec = wire.codec_for(wire.MSGPACK)
    turns: list[float] = []
    ends: list[float] = []
    with tempfile.TemporaryDirectory(prefix="fogbank-bench-host-") as folder:
        store = await Store.open(Path(folder))
        try:
            player = Seat(Host(store, ended_keep=1.0), scenario, codec)
            for _ in range(games):
                await player.new_game()
                while not player.ended:
                    orders = player.orders()
                    started = time.process_time()
                    await player.turn(orders)
                    (ends if player.ended else turns).append(time.process_time() - started)
                player.leave()
        finally:
            await store.close()
    return {
        "turn_alone_cpu_ms": round(statistics.median(turns) * 1000, 3),
        "game_end_cpu_ms": round(statistics.median(ends) * 1000, 3),
        "game_end_to_turn_ratio": round(statistics.median(ends) / statistics.median(turns), 2),
    }


def main(seats: int = 200, scenario: str = SCENARIO) -> dict[str, Any]:
    # The server collects garbage as `fogbank serve` tunes it, not as Python does by default: the
    # default ran a full collection over every game's state every few seconds, a third of the
    # CPU at a thousand seats, a cost no server pays.
    quiet_garbage_collector()
    return {
        "bench": "fogbank.bench.host",
        "scenario": scenario,
        "seats": seats,
        **asyncio.run(play(seats, scenario, trace=False)),
        **asyncio.run(game_ends(GAMES_ALONE, scenario)),
        **asyncio.run(play(seats, scenario, trace=True)),
    }


def _arguments() -> argparse.Namespace:
    parser = Parser(prog="python -m fogbank.bench.host", description=__doc__.partition("\n")[0])
    parser.add_argument("seats", nargs="?", type=count, default=200, help="games played at once, one seat each")
    parser.add_argument("scenario", nargs="?", type=known_scenario, default=SCENARIO, help="what each game plays")
    return parser.parse_args()


if __name__ == "__main__":
    arguments = _arguments()
    print(json.dumps(main(arguments.seats, arguments.scenario)))

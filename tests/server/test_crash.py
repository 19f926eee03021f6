"""SIGKILL the server at random moments while bots play; restart it; check nothing was lost.

The server runs as a real `fogbank serve` process. After every kill it is restarted on the same
port and data folder; the bots' clients reconnect and resume by themselves. At the end the store's
log is replayed and compared with what the bots were told:
  - no acknowledged order is lost, and no turn has two orders (none applied twice);
  - every observation a bot received is the one replaying the log gives (identical dice);
  - every bot kept receiving observations after every restart (every client resumed).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from fogbank.clients import Client, OrderRefused, TurnPassed
from fogbank.protocols import GameOver, Observation, Snapshot
from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.replay import apply_input
from fogbank.rules.dardanelles.bot import BotSubmarine
from fogbank.server.store import Store

GAMES = 3
KILLS = 3


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    def __init__(self, data: Path, port: int) -> None:
        self.data, self.port, self.process = data, port, None

    async def start(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "fogbank.cli.main",
                "serve",
                "--port",
                str(self.port),
                "--data",
                str(self.data),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(200):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1):
                    return
            except OSError:
                await asyncio.sleep(0.05)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def new_game(self, scenario: str) -> dict:
        key = (self.data / "admin.key").read_text().strip()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/admin/new?scenario={scenario}",
            headers={"Authorization": f"Bearer {key}"}, method="POST",
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.loads(response.read())


class Bot:
    def __init__(self, url: str, game: dict) -> None:
        self.url, self.game = url, game
        self.acked: list[int] = []  # turns whose order was acknowledged
        self.observed: dict[int, dict] = {}  # turn -> the view received for it
        self.received_at: list[float] = []
        self.over: GameOver | None = None
        self.over_at = 0.0

    async def play(self) -> None:
        client = await Client.connect(
            # Tries for two minutes: a server started again on a loaded machine takes its time.
            self.url, self.game["seats"]["submarine"], reconnect_attempts=240, backoff=(0.05, 0.5)
        )
        bot = BotSubmarine.for_scenario(client.welcome.chart, "b11")
        loop = asyncio.get_running_loop()
        try:
            async for message in client.stream():
                if isinstance(message, GameOver):
                    self.over = message
                    self.over_at = loop.time()
                    return
                if not isinstance(message, (Observation, Snapshot)):
                    continue
                view = message.view
                if isinstance(message, Observation):
                    self.observed[message.turn] = view
                    self.received_at.append(loop.time())
                if view["outcome"] is not None or not view["afloat"]:
                    continue
                await asyncio.sleep(0.15)  # a brisk player, slow enough that the game spans every kill
                try:
                    await client.submit(bot.order(view), turn=message.turn)
                    self.acked.append(message.turn)
                except OrderRefused:
                    await client.submit(
                        {"course": "N", "speed": 0, "level": view["level"]}, turn=message.turn
                    )
                    self.acked.append(message.turn)
                except TurnPassed:
                    pass  # the turn resolved while we were away: its observation comes next
        finally:
            await client.close()


async def test_sigkill_while_bots_play(tmp_path):
    rng = random.Random(os.environ.get("FOGBANK_CRASH_SEED", "fogbank"))
    server = ServerProcess(tmp_path, free_port())
    await server.start()
    # B11: the bot waits on the surface for dark, so each game outlasts the restarts.
    bots = [Bot(f"ws://127.0.0.1:{server.port}/", server.new_game("b11")) for _ in range(GAMES)]
    tasks = [asyncio.create_task(bot.play()) for bot in bots]
    restarts = []
    loop = asyncio.get_running_loop()
    try:
        for _ in range(KILLS):
            await asyncio.sleep(rng.uniform(0.2, 0.5))
            server.kill()
            await asyncio.sleep(rng.uniform(0.0, 0.3))
            await server.start()
            restarts.append(loop.time())
        await asyncio.wait_for(asyncio.gather(*tasks), 240)
    finally:
        for task in tasks:
            task.cancel()
        server.kill()

    store = await Store.open(tmp_path)
    try:
        for bot in bots:
            game_id = bot.game["game"]
            row = await store.game(game_id)
            log = [entry.record for entry in await store.load_log(game_id)]
            ordered = [r["turn"] for r in log if r["input"] == "order"]
            assert len(ordered) == len(set(ordered)), "a turn was ordered twice"
            assert set(bot.acked) <= set(ordered), "an acknowledged order is missing from the log"
            game = core.start(core.find_ruleset(row.ruleset), row.scenario, row.seed)
            replayed = {}
            for record in log:
                step = apply_input(game, record)
                game = step.game
                if step.resolved:
                    replayed[game.state.turn] = to_plain(game.ruleset.observe(game.state, "submarine"))
            for turn, view in bot.observed.items():
                assert view == replayed[turn], f"turn {turn} of game {game_id} differs on replay"
            assert bot.over is not None and bot.over.seed == row.seed.hex()
            assert bot.over_at > restarts[-1], "the game ended before the last restart: make it longer"
            for restart in restarts:
                assert any(t > restart for t in bot.received_at), "a bot did not resume after a restart"
            print(
                f"game {game_id}: {len(ordered)} orders logged, {len(bot.acked)} acknowledged, "
                f"{len(bot.observed)} observations, ended turn {game.state.turn}, restarts at {restarts}"
            )
    finally:
        await store.close()

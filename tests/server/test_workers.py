"""`fogbank serve --workers 2`: two processes behind one port, over real sockets.

Every seat's token reaches the process holding its game, wherever the kernel put the connection;
each game lives in exactly one worker's store; a client that pipelines frames behind its join, or
sends something before it, sees the same replies as from one process; and a bad token is refused.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import msgpack
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from fogbank import protocols as wire
from fogbank.clients import Client, ClientError
from fogbank.protocols import Observation, Snapshot
from fogbank.server.workers import owner

GAMES = 12


class Workers:
    def __init__(self, data: Path, workers: int = 2) -> None:
        self.data = data
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(data),
             "--workers", str(workers)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        line = self.process.stdout.readline()
        assert line.startswith("fogbank serving on ws://"), line + self.process.stderr.read()
        self.port = int(line.split("ws://", 1)[1].split("/", 1)[0].rpartition(":")[2])
        self.url = f"ws://127.0.0.1:{self.port}/"

    def new_game(self, scenario: str = "marmara") -> dict:
        key = (self.data / "admin.key").read_text().strip()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/admin/new?scenario={scenario}", headers={"Authorization": f"Bearer {key}"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def stop(self) -> int:
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(30)
        finally:
            self.process.kill()


def games_in(store: Path) -> set[str]:
    with sqlite3.connect(store / "fogbank.sqlite3") as db:
        return {row[0] for row in db.execute("SELECT id FROM games")}


async def play_two_turns(url: str, game: dict) -> list[int]:
    """Join the game's seat, order twice; the turns the observations came for."""
    turns = []
    async with await Client.connect(url, game["seats"]["submarine"]) as client:
        assert client.welcome.game == game["game"]
        async for message in client.stream():
            if isinstance(message, (Observation, Snapshot)):
                if isinstance(message, Observation):
                    turns.append(message.turn)
                if len(turns) == 2:
                    return turns
                await client.submit({"course": "N", "speed": 0, "level": "surface"}, turn=message.turn)
    return turns


async def test_every_token_reaches_the_worker_holding_its_game(tmp_path):
    server = Workers(tmp_path)
    try:
        games = [server.new_game() for _ in range(GAMES)]
        # Each seat joins several times over fresh sockets, so most joins land on the other worker.
        for _ in range(2):
            results = await asyncio.gather(*(play_two_turns(server.url, game) for game in games))
            assert all(len(turns) == 2 for turns in results)
    finally:
        assert server.stop() == 0
    held = [games_in(tmp_path / f"worker-{index}") for index in range(2)]
    ids = {game["game"] for game in games}
    assert held[0] | held[1] == ids and not held[0] & held[1]  # each game in one store only
    assert all(owner(game_id, 2) == index for index in range(2) for game_id in held[index])
    assert held[0] and held[1], "every game was made by one worker: the port is not shared"


async def test_frames_before_and_behind_a_join_are_answered_once_and_in_order(tmp_path):
    server = Workers(tmp_path)
    try:
        games = [server.new_game() for _ in range(10)]  # about half join through the other worker
        for game in games:
            async with connect(server.url, subprotocols=[wire.MSGPACK]) as ws:
                token = game["seats"]["submarine"]
                # A ping before the join (answered "not joined" by whichever worker took the
                # socket), then the join and an order sent at once, without waiting.
                for message in (
                    {"type": "ping", "ref": 1},
                    {"type": "join", "token": token, "folded_ack": True},
                    {"type": "order", "ref": 2, "turn": 1, "order": {"course": "N", "speed": 0, "level": "surface"}},
                ):
                    await ws.send(msgpack.packb(message))
                kinds = []
                while not kinds or kinds[-1] not in ("ack", "observation acking 2"):
                    reply = msgpack.unpackb(await asyncio.wait_for(ws.recv(), 10))
                    kind = reply["type"] if reply["type"] != "error" else reply["code"]
                    kinds.append(f"{kind} acking {reply['ack']}" if "ack" in reply else kind)
                # As from one process: the turn's observation once it is on disk, the order's ack
                # folded into it (the join asked for that, and the worker taking it over read it).
                assert kinds == ["not_joined", "welcome", "snapshot", "observation acking 2"]
    finally:
        assert server.stop() == 0


async def test_a_wrong_token_is_refused_by_any_worker(tmp_path):
    server = Workers(tmp_path)
    try:
        for fake in ("0123456789ab.submarine.nothing", "abcdef012345.submarine.nothing", "no-dots"):
            async with connect(server.url, subprotocols=[wire.MSGPACK]) as ws:
                await ws.send(msgpack.packb({"type": "join", "token": fake}))
                reply = msgpack.unpackb(await asyncio.wait_for(ws.recv(), 10))
                assert reply["type"] == "error" and reply["code"] == "bad_token"
    finally:
        assert server.stop() == 0


def test_a_data_folder_is_served_with_the_number_of_workers_it_was_made_for(tmp_path):
    Workers(tmp_path).stop()
    again = subprocess.run(
        [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(tmp_path), "--workers", "3"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    alone = subprocess.run(
        [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(tmp_path)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    for run in (again, alone):
        assert run.returncode == 2
        assert run.stderr.strip().splitlines() == [
            f"fogbank serve: {tmp_path} holds games for --workers 2; serve it with that many"
        ]


def test_a_ctrl_c_while_the_workers_start_stops_them_all_without_a_traceback(tmp_path):
    process = subprocess.Popen(
        [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(tmp_path), "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        for _ in range(600):  # the first worker is being started: the parent waits for its "ready"
            if os.path.exists(f"/proc/{process.pid}") and workers_of(process.pid):
                break
            time.sleep(0.01)
        started = workers_of(process.pid)
        assert started, "no worker was started"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 0, err
    assert "Traceback" not in err and "fogbank serving" not in out
    assert not [pid for pid in started if os.path.exists(f"/proc/{pid}")]


def workers_of(pid: int) -> list[int]:
    """The worker processes of `fogbank serve --workers` (not multiprocessing's resource tracker)."""
    with open(f"/proc/{pid}/task/{pid}/children") as listed:
        children = [int(child) for child in listed.read().split()]
    found = []
    for child in children:
        with open(f"/proc/{child}/cmdline", "rb") as cmdline:
            if b"resource_tracker" not in cmdline.read():
                found.append(child)
    return found


async def join_when_back(url: str, game: dict) -> list[int]:
    """Play two turns of the game, trying again while its worker is starting again."""
    for _ in range(100):
        try:
            return await play_two_turns(url, game)
        except (OSError, ClientError, WebSocketException):  # its connections reset while it was down
            await asyncio.sleep(0.2)
    raise AssertionError(f"game {game['game']} never came back")


async def test_a_killed_worker_is_started_again_with_its_games(tmp_path):
    server = Workers(tmp_path)
    try:
        games = [server.new_game() for _ in range(6)]
        before = await asyncio.gather(*(play_two_turns(server.url, game) for game in games))
        workers = workers_of(server.process.pid)
        assert len(workers) == 2
        os.kill(workers[0], signal.SIGKILL)
        after = await asyncio.gather(*(join_when_back(server.url, game) for game in games))
        # Every game carries on from where it was: the killed worker's games were recovered.
        assert [turns[0] for turns in after] == [turns[-1] + 1 for turns in before]
        assert workers[0] not in workers_of(server.process.pid) and len(workers_of(server.process.pid)) == 2
    finally:
        assert server.stop() == 0

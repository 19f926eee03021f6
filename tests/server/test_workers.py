"""`fogbank serve --workers 2`: two processes behind one port, over real sockets.

Every seat's token reaches the process holding its game, wherever the kernel put the connection;
each game lives in exactly one worker's store; a client that pipelines frames behind its join, or
sends something before it, sees the same replies as from one process; and a bad token is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
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
    def __init__(self, data: Path, workers: int = 2, port: int = 0) -> None:
        self.data = data
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", str(port), "--data", str(data),
             "--workers", str(workers)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        self.log: list[str] = []  # its stderr, read as it comes (a full pipe would stall it)
        threading.Thread(target=lambda: self.log.extend(self.process.stderr), daemon=True).start()
        line = self.process.stdout.readline()
        assert line.startswith("fogbank serving on ws://"), line + "".join(self.log)
        self.port = int(line.split("ws://", 1)[1].split("/", 1)[0].rpartition(":")[2])
        self.url = f"ws://127.0.0.1:{self.port}/"

    async def logged(self, text: str) -> str:
        """The first line of its log holding `text`, once there is one (however long the machine
        takes: the suite's timeout fails a test waiting for a line never logged)."""
        while True:
            found = [line for line in self.log if text in line]
            if found:
                return found[0]
            await asyncio.sleep(0.05)

    def new_game(self, scenario: str = "marmara") -> dict:
        key = (self.data / "admin.key").read_text().strip()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/admin/new?scenario={scenario}", headers={"Authorization": f"Bearer {key}"},
            method="POST",
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
                    reply = msgpack.unpackb(await ws.recv())
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
                reply = msgpack.unpackb(await ws.recv())
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
        # However long the machine takes to start them (the suite's timeout fails it if never):
        # the workers are being started, the parent waits for their "ready".
        while not (os.path.exists(f"/proc/{process.pid}") and workers_of(process.pid)):
            time.sleep(0.01)
        started = workers_of(process.pid)
        for pid in started:  # held where they are: none says "ready" before the ^C, however slow we were
            os.kill(pid, signal.SIGSTOP)
        process.send_signal(signal.SIGINT)
        for pid in started:
            os.kill(pid, signal.SIGCONT)
        out, err = process.communicate()
    finally:
        process.kill()
    assert process.returncode == 0, err
    assert "Traceback" not in err and "fogbank serving" not in out
    assert not [pid for pid in started if os.path.exists(f"/proc/{pid}")]


def test_healthz_is_not_ok_until_every_worker_serves(tmp_path):
    import socket

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", str(port), "--data", str(tmp_path),
         "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    held = None
    try:
        while not (os.path.exists(f"/proc/{process.pid}") and len(workers_of(process.pid)) == 2):
            time.sleep(0.01)
        held = workers_of(process.pid)[1]
        os.kill(held, signal.SIGSTOP)  # held before it listens (it takes longer to start than we took)
        answered = healthz(port)
        while answered is None:  # until the other one listens
            time.sleep(0.05)
            answered = healthz(port)
        assert answered[0] == 503 and answered[1].startswith("workers_starting: ")
        os.kill(held, signal.SIGCONT)
        assert process.stdout.readline().startswith("fogbank serving on ws://")
        while healthz(port) != (200, "ok\n"):  # once the parent's word reaches them
            time.sleep(0.05)
    finally:
        if held is not None:
            os.kill(held, signal.SIGCONT)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err


def healthz(port: int) -> tuple[int, str] | None:
    """What /healthz answers; None while nothing listens on the port."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()
    except urllib.error.URLError:
        return None


def workers_of(pid: int) -> list[int]:
    """The worker processes of `fogbank serve --workers`: its children (forked from it, they have
    its command line)."""
    with open(f"/proc/{pid}/task/{pid}/children") as listed:
        return [int(child) for child in listed.read().split()]


async def join_when_back(url: str, game: dict) -> list[int]:
    """Play two turns of the game, trying again while its worker is starting again (for as long
    as that takes: the suite's timeout fails a game that never comes back)."""
    while True:
        try:
            return await play_two_turns(url, game)
        except (OSError, ClientError, WebSocketException):  # its connections reset while it was down
            await asyncio.sleep(0.2)


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


def gone(pids: list[int]) -> bool:
    """Whether these processes are gone (or zombies waiting for a reaper that is not their parent)."""
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] != "Z":
                    return False
        except FileNotFoundError:
            pass
    return True


async def test_workers_die_with_their_parent_and_the_folder_serves_again(tmp_path):
    server = Workers(tmp_path)
    game = server.new_game()
    workers = workers_of(server.process.pid)
    assert len(workers) == 2
    server.process.kill()  # kill -9: no handler runs, no SIGTERM is sent by the parent
    server.process.wait()
    while not gone(workers):  # a worker that outlives its parent fails the test at the suite's timeout
        await asyncio.sleep(0.05)
    for index in range(2):  # each closed its store: what was queued is written, and checkpointed
        wal = tmp_path / f"worker-{index}" / "fogbank.sqlite3-wal"
        assert not wal.exists() or wal.stat().st_size == 0
    again = Workers(tmp_path)  # port and stores free: no second writer beside the first
    try:
        assert len(await play_two_turns(again.url, game)) == 2
    finally:
        assert again.stop() == 0


async def test_a_parent_started_at_once_after_a_kill_9_serves_though_clients_did_not_read(tmp_path):
    server = Workers(tmp_path)
    games = [server.new_game() for _ in range(6)]  # both workers hold some
    before = await asyncio.gather(*(play_two_turns(server.url, game) for game in games))
    deaf = []  # an umpire on each game whose client reads nothing: it never answers a close frame
    for game in games:
        ws = await connect(server.url, subprotocols=[wire.MSGPACK])
        await ws.send(msgpack.packb({"type": "join", "token": game["umpire_token"]}))
        assert msgpack.unpackb(await ws.recv())["type"] == "welcome"
        ws.transport.pause_reading()
        deaf.append(ws)
    workers = workers_of(server.process.pid)
    server.process.kill()
    server.process.wait()
    # Launched again at once on the same port and folder, as a supervisor would: the workers left
    # behind let go of their stores without waiting on their clients, and it serves.
    again = Workers(tmp_path, port=server.port)
    try:
        while not gone(workers):
            await asyncio.sleep(0.05)
        after = await asyncio.gather(*(join_when_back(again.url, game) for game in games))
        # Every acknowledged order was kept: each game goes on from the turn after the last one played.
        assert [turns[0] for turns in after] == [turns[-1] + 1 for turns in before]
    finally:
        for ws in deaf:
            ws.transport.abort()
        assert again.stop() == 0


def test_a_worker_holds_none_of_its_parents_descriptors(tmp_path):
    server = Workers(tmp_path)
    try:
        parent = open_files(server.process.pid)
        assert str(tmp_path / "fogbank.lock") in parent
        workers = workers_of(server.process.pid)
        assert len(workers) == 2
        # Forked from it, they hold none of its files: not its folder's lock, nor its ends of the
        # workers' pipes (a copy would keep them open after it died: no end-of-file, no lock let go).
        for worker in workers:
            assert not open_files(worker) & parent
    finally:
        assert server.stop() == 0


def open_files(pid: int) -> set[str]:
    """What a process has open past its standard three: files, and pipes and sockets by inode."""
    found = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        if int(fd) > 2:
            with contextlib.suppress(FileNotFoundError):  # closed meanwhile
                found.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
    return {name for name in found if not name.startswith("anon_inode:")}  # one inode for every epoll


def test_a_second_parent_refuses_while_the_port_or_a_workers_store_is_held(tmp_path):
    import socket

    from fogbank.server.store import lock_folder

    def serve(port: int) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", str(port), "--data", str(tmp_path),
             "--workers", "2"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip

    Workers(tmp_path).stop()
    held = lock_folder(tmp_path / "worker-1")  # as a worker left behind holds its store
    try:
        refused = serve(0)
    finally:
        os.close(held)
    assert refused.returncode == 1 and "fogbank serving" not in refused.stdout
    assert refused.stderr.strip().splitlines() == [
        f"fogbank serve: {tmp_path / 'worker-1'} is in use by another fogbank process (pid {os.getpid()}): stop it first"
    ]
    with socket.socket() as left:  # as workers left behind hold the port, SO_REUSEPORT and all
        left.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        left.bind(("127.0.0.1", 0))
        left.listen()
        port = left.getsockname()[1]
        refused = serve(port)
    assert refused.returncode == 1
    assert refused.stderr.strip().startswith(f"fogbank serve: port {port} on 127.0.0.1 is taken")


async def test_a_worker_that_cannot_start_again_is_retried_while_the_other_serves(tmp_path):
    server = Workers(tmp_path)
    try:
        games = [server.new_game() for _ in range(8)]
        while len({owner(g["game"], 2) for g in games}) < 2 and len(games) < 64:
            games.append(server.new_game())  # game ids are random: 8 fell to one worker 1 time in 128
        mine = {index: [g for g in games if owner(g["game"], 2) == index] for index in range(2)}
        assert mine[0] and mine[1]
        store = tmp_path / "worker-0" / "fogbank.sqlite3"
        aside = tmp_path / "aside"
        aside.mkdir()
        for name in ("fogbank.sqlite3", "fogbank.sqlite3-wal", "fogbank.sqlite3-shm"):
            if (store.parent / name).exists():
                (store.parent / name).rename(aside / name)  # the running worker keeps its files open
        store.write_bytes(b"not a database" * 100)
        os.kill(workers_of(server.process.pid)[0], signal.SIGKILL)
        said = await server.logged("worker 0 could not start again")
        assert "is damaged (file is not a database)" in said and "trying again in 0.5 s" in said
        await server.logged("trying again in 1.0 s")  # and again, waiting longer
        assert healthz(server.port) == (503, "workers_starting: 0\n")  # worker 1 answers, but not ok
        # Worker 1's games play on meanwhile, joined through either worker's socket.
        for game in mine[1]:
            assert len(await play_two_turns(server.url, game)) == 2
        store.unlink()
        for name in os.listdir(aside):
            (aside / name).rename(store.parent / name)
        await server.logged("worker 0 is serving again")
        while healthz(server.port) != (200, "ok\n"):  # the parent tells worker 1 as it sees worker 0 ready
            await asyncio.sleep(0.05)
        for game in mine[0]:
            assert len(await join_when_back(server.url, game)) == 2
    finally:
        assert server.stop() == 0


async def test_a_connection_that_sent_more_than_a_datagram_holds_before_joining_is_handed_over(tmp_path):
    server = Workers(tmp_path)
    try:
        games = [server.new_game() for _ in range(8)]  # about half join through the other worker
        filler = {"type": "order", "ref": 0, "turn": 1, "order": {f"k{n}": "x" * 4000 for n in range(15)}}
        for game in games:
            async with connect(server.url, subprotocols=[wire.MSGPACK], max_size=wire.MAX_SERVER_FRAME) as ws:
                for _ in range(4):  # 4 x 60 KB, each answered not_joined: 240 KB read before the join
                    await ws.send(msgpack.packb(filler))
                await ws.send(msgpack.packb({"type": "join", "token": game["seats"]["submarine"]}))
                kinds = []
                while "snapshot" not in kinds:
                    reply = msgpack.unpackb(await ws.recv())
                    kinds.append(reply["type"] if reply["type"] != "error" else reply["code"])
                assert kinds == ["not_joined"] * 4 + ["welcome", "snapshot"]
    finally:
        assert server.stop() == 0
    assert not [line for line in server.log if "internal_error" in line or "Traceback" in line]


async def test_a_glance_reaches_the_worker_holding_its_game(tmp_path):
    """A browser's list of its games asks a glance a game over a fresh connection: whichever
    worker takes it, the one holding the game answers (issue 37)."""
    from websockets.asyncio.client import connect

    from fogbank import protocols as wire

    codec = wire.codec_for(wire.JSON)
    server = Workers(tmp_path)
    try:
        games = [server.new_game() for _ in range(GAMES // 2)]
        for _ in range(2):
            for game in games:
                async with connect(server.url, subprotocols=[wire.JSON]) as websocket:
                    asked = wire.Glance(ref=1, token=game["seats"]["submarine"])
                    await websocket.send(codec.encode_client(asked))
                    summary = codec.decode_server(await asyncio.wait_for(websocket.recv(), 10))
                assert isinstance(summary, wire.SeatSummary) and summary.game == game["game"], summary
    finally:
        assert server.stop() == 0

"""A soak of what a public server meets, on loopback; prints its figures. Not part of the tests.

    python -m fogbank.bench.soak [--kills 12] [--workers 2] [--games 2] [--restart-kills 6]
                                 [--flood-seconds 15] [--skip kills|restarts|floods]

1. kill -9 under multi-seat load: `fogbank serve --workers N` runs games of b11, Gallipoli and
   River Plate (a new one as each ends, while the kills go on), every seat played by its
   ruleset's built-in player over the client library, while the parent or a worker is killed
   with SIGKILL again and again (a killed parent takes its workers with it, and is launched again
   at once; a killed worker is started again by its parent). At the end the stores are read:
   every acknowledged order must be logged (lost: 0), no seat's order for a phase logged twice
   but as the same order sent again (duplicated), every observation a player received must be
   the one replaying the log gives (mismatches: 0), every stream must have gone on without a gap,
   and the server must stop on SIGTERM with 0. Each kill is timed to serving: until a join of a
   game each worker holds is welcomed again (an umpire's, of a game nobody plays), with the
   parent launched again past its ready line; a killed parent's workers still alive then are
   orphans, and so are any left at the end. At each kill every worker has a client that reads
   nothing (a phone asleep on a live connection), which never answers a close frame.
   The restarts pass does it under four games of b11, with `--workers N` and then as a single
   process, and prints only those figures: seconds from kill to serving (median and max) for a
   worker, a parent and a single process, from the launch that served, how long a killed
   parent's workers took to exit, orphans and acknowledged orders lost.
2. A slow reader and floods beside seats at play, on one process: an umpire that asks for a
   seat's view again and again and never reads, a socket that sends websocket pings and never reads, a seat that talks as fast as it
   can, an umpire that asks for the history as fast as it can. Figures: the server's memory before
   and at its peak, the round trip of a ping from well-behaved seats before and during the
   floods (median and 99th percentile), what the floods had accepted and refused, and what a
   seat joining the flooded game is sent. (What the kernel's socket buffers hold, a few MiB a
   socket, is not the server's memory: a reader is closed once the server itself holds too much.)
3-5. Nudges beside a stuck destination, idle sockets, orders sent again: `soak_stalls.py`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import deque
from pathlib import Path
from typing import Any

import msgpack
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from fogbank import protocols as wire
from fogbank.clients import Client, ClientError, OrderRefused, TurnPassed
from fogbank.protocols import GameOver, Observation, Snapshot
from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.replay import apply_input
from fogbank.server.store import Store

SCENARIOS = ("b11", "gallipoli", "river_plate")
RESTART_FIGURES = ("kills", "games", "orders_acked", "orders_lost", "players_failed",
                   "workers_exit_after_parent_kill_s", "orphans", "orphans_at_end")  # fmt: skip


class Served:
    """`fogbank serve` in a process of its own, started again on the same port and folder."""

    def __init__(self, data: Path, workers: int) -> None:
        self.data, self.workers, self.port = data, workers, 0
        self.process: subprocess.Popen | None = None
        self.log: deque[str] = deque(maxlen=400)
        self.launched = 0.0  # time.monotonic() of the launch now serving

    def start(self) -> None:
        for _ in range(200):  # a killed parent's workers may still be closing, holding the port
            command = [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", str(self.port), "--data", str(self.data)]
            if self.workers > 1:
                command += ["--workers", str(self.workers)]
            process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            threading.Thread(target=lambda p=process: self.log.extend(p.stderr), daemon=True).start()
            launched = time.monotonic()
            line = process.stdout.readline()
            if line.startswith("fogbank serving on ws://"):
                self.process, self.launched = process, launched
                self.port = int(line.split("ws://", 1)[1].split("/", 1)[0].rpartition(":")[2])
                return
            process.wait()
            time.sleep(0.1)
        raise RuntimeError("the server would not start again: " + "".join(list(self.log)[-5:]))

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def http(self, path: str, method: str = "POST") -> Any:
        """The JSON answer of an admin request (a POST: making a game, say)."""
        key = (self.data / "admin.key").read_text().strip()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", headers={"Authorization": f"Bearer {key}"}, method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def pids(self) -> list[int]:
        """The parent and its workers."""
        pid = self.process.pid
        with open(f"/proc/{pid}/task/{pid}/children") as listed:  # forked from it: all its children
            return [pid, *(int(child) for child in listed.read().split())]

    def worker_pids(self) -> dict[int, int]:
        """Each worker's pid, by its index: the one each store's lock file names."""
        return {k: int((self.data / f"worker-{k}" / "fogbank.lock").read_text()) for k in range(self.workers)}

    def cpu_seconds(self) -> float:
        """User and system CPU of the parent and its workers so far."""
        total = 0
        for pid in self.pids():
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
        return total / os.sysconf("SC_CLK_TCK")

    def rss_kib(self) -> int:
        total = 0
        for pid in self.pids():
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        return total

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(60)
        finally:
            self.process.kill()


class Player:
    """A seat played by its ruleset's built-in player, keeping what it was told."""

    def __init__(self, url: str, game: str, seat: str, token: str, pace: float) -> None:
        self.url, self.game, self.seat, self.token, self.pace = url, game, seat, token, pace
        self.acked: list[tuple[int, str]] = []  # (turn, phase) of each order acknowledged
        self.views: dict[tuple[int, str], Any] = {}  # observation views, by the phase they open
        self.gaps = self.reconnects = 0
        self.over = False

    async def first_join(self) -> Client:
        """The first connect, tried again while a kill has the port down: the client library
        retries only after it has joined once (a first connect that fails is the caller's to
        judge), and a player starting during a restart waits for the server as a person would."""
        for attempt in range(60):
            try:
                return await Client.connect(self.url, self.token, reconnect_attempts=60, backoff=(0.05, 1.0))
            except (OSError, WebSocketException, TimeoutError) as problem:
                if attempt == 59:
                    raise ConnectionError(f"could not join in 60 tries: {problem!r}") from problem
                await asyncio.sleep(min(0.05 * 2**attempt, 1.0))
        raise AssertionError("unreachable")

    async def play(self) -> None:
        async with await self.first_join() as client:
            client.on_state(lambda state: setattr(self, "reconnects", self.reconnects + (state == "reconnecting")))
            welcome = client.welcome
            bot = core.find_ruleset(welcome.ruleset).bot(welcome.scenario, welcome.seat, welcome.chart)
            seq = None
            async for message in client.stream():
                if seq is not None and not isinstance(message, Snapshot) and message.seq != seq + 1:
                    self.gaps += 1
                seq = message.seq
                if isinstance(message, GameOver):
                    self.over = True
                    return
                if not isinstance(message, (Observation, Snapshot)):
                    continue
                if isinstance(message, Observation):
                    self.views[(message.turn, message.phase)] = message.view
                if message.must_act and message.view.get("outcome") is None:
                    await asyncio.sleep(self.pace)
                    await self.order(client, bot, message)

    async def order(self, client: Client, bot: Any, message: Any) -> None:
        for order in (bot.order(message.view), bot.standing(message.view)):
            try:
                await client.submit(dict(order), message.turn)
            except TurnPassed:
                return
            except OrderRefused as refusal:
                if refusal.code in ("wrong_turn", "wrong_phase", "not_your_turn", "game_over"):
                    return
                continue
            self.acked.append((message.turn, message.phase))
            return


async def kill_soak(args: argparse.Namespace) -> dict[str, Any]:
    data = Path(tempfile.mkdtemp(prefix="fogbank-soak-"))
    served = Served(data, args.workers)
    served.start()
    probes = _probe_games(served)
    games: list[dict] = []
    players: list[Player] = []
    failed: list[str] = []
    killing = asyncio.Event()  # set while kills remain: a game that ends is followed by a new one

    async def keep_playing(scenario: str) -> None:
        """One of the load's games at a time, a new one as each ends, while the kills go on."""
        while True:
            game = await _new_game(served, scenario)
            games.append(game)
            seats = game["seats"].items()
            seated = [Player(served.url, game["game"], seat, token, args.pace) for seat, token in seats]
            players.extend(seated)
            outcomes = await asyncio.gather(*(p.play() for p in seated), return_exceptions=True)
            failed.extend(repr(o) for o in outcomes if isinstance(o, BaseException))
            if not killing.is_set():
                return

    killing.set()
    tasks = [asyncio.create_task(keep_playing(s)) for s in args.scenarios for _ in range(args.games)]
    kills = {"parent": 0, "worker": 0}
    restarts: dict[str, list[float]] = {"parent": [], "worker": []}
    launches: list[float] = []
    exits: list[float] = []
    old_workers: set[int] = set()
    orphans = 0
    started = time.monotonic()
    deaf: list[Any] = []
    for n in range(args.kills):
        await asyncio.sleep(random.uniform(0.5, 2.0))
        for ws in deaf:
            ws.transport.abort()
        deaf = [ws for token in probes.values() if (ws := await _not_reading(served.url, token)) is not None]
        victim = "worker" if args.workers > 1 and n % 2 else "parent"
        if victim == "parent":
            timing = await _kill_parent(served, probes)
            launches.append(timing["launch_to_serving"])
            exits.extend(timing["workers_exit"])
            old_workers.update(timing["workers"])
            orphans += timing["orphans"]
        else:
            timing = await _kill_worker(served, probes)
        restarts[victim].append(timing["seconds"])
        kills[victim] += 1
    for ws in deaf:
        ws.transport.abort()
    killing.clear()
    done, pending = await asyncio.wait(tasks, timeout=args.deadline)
    for task in pending:
        task.cancel()
    failed += [repr(task.exception()) for task in done if task.exception() is not None]
    stopped = served.stop()
    figures = await check(data, args.workers, games, players)
    parent = "parent" if args.workers > 1 else "process"
    return {
        "kills": kills, "seconds": round(time.monotonic() - started, 1), "games": len(games),
        "seats": len(players), "seats_to_the_end": sum(p.over for p in players), "players_failed": failed[:3],
        "orders_acked": sum(len(p.acked) for p in players), **figures,
        "stream_gaps": sum(p.gaps for p in players), "reconnects": sum(p.reconnects for p in players),
        "exit_on_sigterm": stopped,
        f"{parent}_kill_to_serving_s": _spread(restarts["parent"]),
        f"{parent}_launch_to_serving_s": _spread(launches),
        **({"worker_kill_to_serving_s": _spread(restarts["worker"]),
            "workers_exit_after_parent_kill_s": _spread(exits), "orphans": orphans,
            "orphans_at_end": sum(not _gone(pid) for pid in old_workers)} if args.workers > 1 else {}),
    }  # fmt: skip


async def _new_game(served: Served, scenario: str) -> dict:
    """A new game, asked for again while a kill has the server down."""
    while True:
        try:
            return await asyncio.to_thread(served.http, f"/admin/new?scenario={scenario}")
        except OSError:  # urllib's URLError, a reset or a refused connection
            await asyncio.sleep(0.1)


def _probe_games(served: Served) -> dict[int, str]:
    """An umpire token of a game each worker holds (games never played): a worker serves once
    its game answers a join, through whichever worker the kernel gives the connection."""
    from fogbank.server.workers import owner

    probes: dict[int, str] = {}
    while len(probes) < served.workers:
        game = served.http("/admin/new?scenario=b11")
        probes.setdefault(owner(game["game"], served.workers), game["umpire_token"])
    return probes


async def _joins(url: str, token: str) -> bool:
    """Whether a join with this token is welcomed now."""
    try:
        async with asyncio.timeout(2):
            async with connect(url, subprotocols=[wire.MSGPACK], open_timeout=None) as ws:
                await ws.send(msgpack.packb({"type": "join", "token": token}))
                return msgpack.unpackb(await ws.recv()).get("type") == "welcome"
    except (OSError, WebSocketException, TimeoutError):
        return False


async def _not_reading(url: str, token: str) -> Any | None:
    """A client joined that reads nothing more, as a phone asleep on a live connection: it never
    answers a close frame (each worker has one at every kill)."""
    try:
        ws = await connect(url, subprotocols=[wire.MSGPACK])
        await ws.send(msgpack.packb({"type": "join", "token": token}))
        await ws.recv()  # its welcome
    except (OSError, WebSocketException):  # its worker is being started again: this kill goes without
        return None
    ws.transport.pause_reading()
    return ws


async def _serving(served: Served, tokens: list[str]) -> float:
    """The time at which every one of these tokens' games answers a join (tried every 20 ms)."""
    for token in tokens:
        while not await _joins(served.url, token):
            await asyncio.sleep(0.02)
    return time.monotonic()


def _gone(pid: int) -> bool:
    """Whether a process is gone: exited, or a zombie waiting for a reaper (it holds nothing)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):
        return True


async def _kill_worker(served: Served, probes: dict[int, str]) -> dict[str, Any]:
    """kill -9 a worker; seconds until its games answer again (its parent starts it again)."""
    held = served.worker_pids()
    index = random.choice(sorted(held))
    os.kill(held[index], signal.SIGKILL)
    began = time.monotonic()
    while not _gone(held[index]):  # a probe before then could still reach it, dying
        await asyncio.sleep(0.005)
    return {"seconds": await _serving(served, [probes[index]]) - began}


async def _kill_parent(served: Served, probes: dict[int, str]) -> dict[str, Any]:
    """kill -9 the parent (or the single process) and launch it again at once, as systemd would
    (the launch is tried again while the old workers hold the port or their stores): seconds from
    the kill until every worker's games answer joins, from the launch that served until then,
    how long the old workers took to exit, and how many still lived once the new parent served."""
    old = served.pids()[1:]
    served.process.kill()
    began = time.monotonic()
    served.process.wait()
    exited: dict[int, float] = {}

    async def watch() -> None:
        while len(exited) < len(old):
            for pid in old:
                if pid not in exited and _gone(pid):
                    exited[pid] = time.monotonic() - began
            await asyncio.sleep(0.005)

    watching = asyncio.create_task(watch())
    await asyncio.to_thread(served.start)
    serving = await _serving(served, list(probes.values()))
    orphans = sum(not _gone(pid) for pid in old)
    try:
        await asyncio.wait_for(watching, 60)
    except TimeoutError:
        pass
    return {
        "seconds": serving - began, "launch_to_serving": serving - served.launched, "workers": old,
        "workers_exit": list(exited.values()), "orphans": orphans,
    }  # fmt: skip


def _spread(seconds: list[float]) -> dict[str, float]:
    if not seconds:
        return {"n": 0}
    return {"n": len(seconds), "median": round(statistics.median(seconds), 2), "max": round(max(seconds), 2)}


async def check(data: Path, workers: int, games: list[dict], players: list[Player]) -> dict[str, int]:
    """Read the stores back: orders lost or logged twice, and observations replay disowns."""
    folders = [data / f"worker-{k}" for k in range(workers)] if workers > 1 else [data]
    logs: dict[str, tuple[Any, list[dict]]] = {}
    for folder in folders:
        store = await Store.open(folder)
        try:
            for game in games:
                row = await store.game(game["game"])
                if row is not None:
                    logs[game["game"]] = (row, [entry.record for entry in await store.load_log(row.id)])
        finally:
            await store.close()
    lost = twice = resent = mismatched = compared = 0
    for game in games:
        row, log = logs[game["game"]]
        orders: dict[tuple[str, int, str], list[Any]] = {}
        state = core.start(core.find_ruleset(row.ruleset), row.scenario, row.seed, row.options or None)
        replayed: dict[tuple[str, int, str], Any] = {}
        for record in log:
            if record["input"] == "order":
                orders.setdefault((record["seat"], record["turn"], record["phase"]), []).append(record["order"])
            step = apply_input(state, record)
            state = step.game
            if step.resolved:
                for seat in state.ruleset.seat_names(state.state):
                    view = to_plain(state.ruleset.observe(state.state, seat))
                    replayed[(seat, state.state.turn, state.state.phase)] = view
        for copies in orders.values():
            twice += any(copy != copies[0] for copy in copies[1:])
            resent += len(copies) > 1 and all(copy == copies[0] for copy in copies[1:])
        for player in (p for p in players if p.game == game["game"]):
            lost += sum((player.seat, turn, phase) not in orders for turn, phase in player.acked)
            for (turn, phase), view in player.views.items():
                compared += 1
                mismatched += replayed.get((player.seat, turn, phase)) != view
    return {"orders_lost": lost, "orders_applied_twice": twice, "orders_resent_and_replaced": resent,
            "observations_compared": compared, "observations_mismatched": mismatched}  # fmt: skip


async def restarts(args: argparse.Namespace) -> dict[str, Any]:
    """Restart to serving under four games of b11 kept going: kills alternating worker and parent
    with `--workers`, then a single process killed as often."""
    load = {**vars(args), "scenarios": ("b11",), "games": 4, "kills": args.restart_kills}
    figures = {}
    for workers, name in ((args.workers, f"workers_{args.workers}"), (1, "single_process")):
        soaked = await kill_soak(argparse.Namespace(**{**load, "workers": workers}))
        figures[name] = {key: soaked[key] for key in soaked if key in RESTART_FIGURES or "serving" in key}
    return figures


async def flood_pass(args: argparse.Namespace) -> dict[str, Any]:
    data = Path(tempfile.mkdtemp(prefix="fogbank-flood-"))
    served = Served(data, 1)
    served.start()
    try:
        return await _flood(served, args.flood_seconds)
    finally:
        served.stop()


async def _flood(served: Served, seconds: float) -> dict[str, Any]:
    import multiprocessing

    quiet = [served.http("/admin/new?scenario=b11") for _ in range(10)]
    river = served.http("/admin/new?scenario=river_plate")
    probes = [await Client.connect(served.url, g["seats"]["submarine"]) for g in quiet]
    rtts: dict[str, list[float]] = {"before": [], "during": []}
    phase = ["before"]
    stop = asyncio.Event()

    async def probe(client: Client) -> None:
        while not stop.is_set():
            began = time.perf_counter()
            try:
                await client.ping()
            except ClientError:
                return
            rtts[phase[0]].append(time.perf_counter() - began)
            await asyncio.sleep(0.05)

    probing = [asyncio.create_task(probe(c)) for c in probes]
    await asyncio.sleep(min(5.0, seconds / 3))
    rss_before, cpu_before = served.rss_kib(), served.cpu_seconds()
    phase[0] = "during"
    # The floods in a process of their own: the probes' round trips are the server's, not the
    # attackers' own event loop's.
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    attackers = multiprocessing.get_context("spawn").Process(
        target=_attack, args=(served.url, served.port, quiet[0]["umpire_token"], river, seconds, theirs)
    )
    attackers.start()
    peak = rss_before
    while attackers.is_alive():
        peak = max(peak, served.rss_kib())
        await asyncio.sleep(0.25)
    counts = ours.recv() if ours.poll(5) else {"attackers_failed": attackers.exitcode}
    cpu = served.cpu_seconds() - cpu_before
    stop.set()
    for task in probing:
        task.cancel()
    began = time.perf_counter()
    joined = await Client.connect(served.url, river["seats"][next(iter(river["seats"]))])
    welcome_ms = (time.perf_counter() - began) * 1000
    welcome_bytes = len(wire.codec_for(wire.MSGPACK).encode_server(joined.welcome))
    await joined.close()
    for client in probes:
        await client.close()
    return {
        "rss_kib_before": rss_before, "rss_kib_peak": peak, "rss_kib_after": served.rss_kib(),
        "server_cpu_seconds_during": round(cpu, 1),
        "ping_ms_before": _percentiles(rtts["before"]), "ping_ms_during": _percentiles(rtts["during"]),
        **dict(sorted(counts.items())), "join_after_talk_flood_ms": round(welcome_ms, 1),
        "welcome_bytes_after_talk_flood": welcome_bytes,
    }  # fmt: skip


def _attack(url: str, port: int, umpire: str, river: dict, seconds: float, pipe: Any) -> None:
    pipe.send(asyncio.run(_floods(url, port, umpire, river, seconds)))


async def _floods(url: str, port: int, umpire: str, river: dict, seconds: float) -> dict[str, int]:
    codec = wire.codec_for(wire.MSGPACK)
    stop = asyncio.Event()
    counts: dict[str, int] = {}

    def count(key: str) -> None:
        counts[key] = counts.get(key, 0) + 1

    async def slow_reader() -> None:
        """The umpire of a game asking for a seat's view again and again, never reading the answers."""
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", port))
        ws = await connect(url, sock=sock, subprotocols=[wire.MSGPACK], ping_interval=None, max_queue=1)
        ws.transport.pause_reading()
        await ws.send(codec.encode_client(wire.Join(token=umpire)))
        try:
            while not stop.is_set():
                await asyncio.wait_for(ws.send(codec.encode_client(wire.Observe(ref=1, seat="submarine"))), 5)
                count("slow_reader_requests_sent")
        except (TimeoutError, Exception):  # noqa: BLE001  (stopped being read, then closed)
            count("slow_reader_stopped_being_read")
        ws.transport.abort()

    async def pinger() -> None:
        """A socket that sends websocket pings and never reads."""
        ws = await connect(url, subprotocols=[wire.MSGPACK], ping_interval=None)
        ws.transport.pause_reading()
        try:
            while not stop.is_set():
                await asyncio.wait_for(ws.ping(os.urandom(120)), 5)  # its pong is never awaited
                count("control_pings_sent")
        except Exception:  # noqa: BLE001  (no longer read, then cut off)
            count("control_pinger_cut_off")
        ws.transport.abort()

    async def talker() -> None:
        seat, token = next(iter(river["seats"].items()))
        async with await Client.connect(url, token) as client:
            for text in ("x" * 4000, "y" * 1000):
                for _ in range(200):
                    try:
                        await client.talk(text)
                        count(f"talk_{len(text)}_accepted")
                    except ClientError as refusal:
                        count(f"talk_{len(text)}_{getattr(refusal, 'code', 'lost')}")

    async def historian() -> None:
        async with await Client.connect(url, river["umpire_token"]) as client:
            for _ in range(100):
                try:
                    await client._request(wire.RequestHistory(ref=client._ref()))  # noqa: SLF001
                    count("history_answered")
                except ClientError as refusal:
                    count(f"history_{getattr(refusal, 'code', 'lost')}")

    floods = [asyncio.create_task(f()) for f in (slow_reader, pinger, talker, historian)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*floods, return_exceptions=True)
    return counts


def _percentiles(samples: list[float]) -> dict[str, float]:
    if len(samples) < 2:
        return {"n": len(samples)}
    ms = sorted(s * 1000 for s in samples)
    return {"n": len(ms), "p50": round(statistics.median(ms), 1), "p99": round(ms[int(len(ms) * 0.99) - 1], 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fogbank.bench.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=12, help="SIGKILLs, parent and worker in turn")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=2, help="games of each scenario")
    parser.add_argument("--pace", type=float, default=0.05, help="seconds a player thinks before ordering")
    parser.add_argument("--deadline", type=float, default=600.0, help="seconds the games have to end")
    parser.add_argument("--flood-seconds", type=float, default=15.0)
    parser.add_argument("--restart-kills", type=int, default=6, help="SIGKILLs of each restart pass")
    parser.add_argument("--stall-seconds", type=float, default=25.0, help="how long the nudge and resend passes run")
    parser.add_argument("--skip", choices=("kills", "restarts", "floods", *STALLS), action="append", default=[])
    args = parser.parse_args(argv)
    if "kills" not in args.skip:
        soaked = asyncio.run(kill_soak(argparse.Namespace(**vars(args), scenarios=SCENARIOS)))
        print(json.dumps({"kill_soak": soaked}), flush=True)
    if "restarts" not in args.skip:
        print(json.dumps({"restarts": asyncio.run(restarts(args))}), flush=True)
    if "floods" not in args.skip:
        print(json.dumps({"flood_pass": asyncio.run(flood_pass(args))}), flush=True)
    stalls = [f"--skip={name}" for name in STALLS if name in args.skip]
    if len(stalls) < len(STALLS):  # 3-5, in a process of their own (soak_stalls.py builds on this module)
        command = [sys.executable, "-m", "fogbank.bench.soak_stalls", f"--stall-seconds={args.stall_seconds}"]
        subprocess.run([*command, *stalls], check=True)
    return 0


STALLS = ("nudges", "idle", "resends")  # soak_stalls.py's passes


if __name__ == "__main__":
    sys.exit(main())

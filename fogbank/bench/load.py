"""Load on the websocket server: N bot submarines, one websocket each, against a bare echo baseline.

    python -m fogbank.bench.load [--games N] [--seconds S] [--rate R] [--codec C] [--max]
                                 [--client-procs P] [--in-process] [--bus mqtt]

By default the server runs as it is deployed, in a process of its own: `fogbank serve` on a free
port with its store in a temporary folder. Games are created over HTTP (`/admin/new`, with the key
from DATA/admin.key) and N client seats, spread over P client processes, each play their own
Dardanelles game with the built-in bot. Each seat sends an order, waits for the observation of the
next turn, and sends the next order on its next tick (`--rate` orders a second), or at once with
`--max` (closed loop, to find the most turns a second). When a game ends its seat gets a fresh
game and a fresh websocket. RSS per connection is read from the server process (/proc/PID/status).

Then the same seats, at the same pace and with the same frame sizes (an order's up, an
observation's down), run against a bare websockets + msgpack/JSON echo server in its own process,
and our turns a second are given as a ratio of the echo's. One JSON object is printed, with each
goal and whether this run reached it (or does not test it).

`--in-process` keeps the first mode: server (or echo) and clients in one process and one event
loop, where every figure includes the client side.

The clients are deliberately lean (raw websockets frames, msgpack, a bot whose path search is
memoised), not `fogbank.clients.Client`: they share the machine's cores with the server, and the
echo baseline runs the very same client code, so the ratio compares the servers.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import copy
import gc
import json
import multiprocessing
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Awaitable, Callable

import msgpack
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from fogbank import protocols as wire
from fogbank.rules.dardanelles.bot import ROUTES, BotSubmarine

SAMPLE = 256  # observation frames kept to pick the echo's reply from
GOALS = {"seats": 5000, "p99_ms": 20.0, "throughput_ratio": 0.5, "rss_per_connection_kib": 25.0}
NOTE = (
    "server and clients share this one process (one event loop, so one core for both; the store's"
    " SQLite commits run on a thread); every figure includes the client side: the latency includes"
    " client scheduling, the RSS per connection counts both ends of each loopback socket"
)


# Frames --------------------------------------------------------------------------------------


class Frames:
    """Pack and unpack plain maps for one subprotocol, with no schema checks (the clients are lean)."""

    def __init__(self, subprotocol: str) -> None:
        self.subprotocol = subprotocol
        if subprotocol == wire.MSGPACK:
            self.pack: Callable[[Any], bytes | str] = msgpack.Packer(use_bin_type=True).pack
            self.unpack: Callable[[Any], Any] = lambda frame: msgpack.unpackb(frame, raw=False)
        else:
            self.pack = lambda message: json.dumps(message, separators=(",", ":"))
            self.unpack = json.loads

    @staticmethod
    def size(frame: bytes | str) -> int:
        return len(frame) if isinstance(frame, bytes) else len(frame.encode())


# The bot, made cheap -------------------------------------------------------------------------


class LeanBot(BotSubmarine):
    """`BotSubmarine` with its path search memoised across all bots on the same chart.

    The search is a breadth-first walk over the chart: a quarter of a millisecond, which at
    thousands of orders a second would eat the core the server needs. It depends only on the
    chart and the two squares, so one answer serves every bot.
    """

    _paths: dict[tuple[Any, Any], Any]

    def _course_toward(self, here, goal):  # type: ignore[no-untyped-def]
        key = (here, goal)
        course = self._paths.get(key)
        if course is None:
            course = self._paths[key] = super()._course_toward(here, goal)
        return course


class BotFactory:
    """Fresh bots for a scenario, sharing the chart's sea squares and the path memo."""

    def __init__(self) -> None:
        self._prototypes: dict[str, LeanBot] = {}

    def new(self, scenario: str, chart: dict[str, Any]) -> LeanBot:
        prototype = self._prototypes.get(scenario)
        if prototype is None:
            route, hunt = ROUTES.get(scenario, (["Aegean Sea"], None))
            prototype = self._prototypes[scenario] = LeanBot(chart, route, hunt)
            prototype._paths = {}
        return copy.copy(prototype)  # shallow: `sea`, `route` and `_paths` are shared, never changed


# Measurements --------------------------------------------------------------------------------


class Tally:
    """What one run measured, client-side."""

    def __init__(self) -> None:
        self.latencies: list[float] = []  # seconds, order sent -> observation received
        self.observations = 0  # received before the deadline
        self.observation_bytes = 0
        self.frames_in = 0
        self.refusals = 0
        self.games_finished = 0
        self.failures: dict[str, int] = {}
        self.sample_observations: list[bytes | str] = []  # a uniform sample of all of them
        self.sample_order: bytes | str | None = None
        self.in_flight = 0  # orders sent and not yet answered by an observation

    def observed(self, frame: bytes | str) -> None:
        """Count an observation frame and keep it with reservoir sampling."""
        self.observation_bytes += Frames.size(frame)
        seen = len(self.latencies)
        if len(self.sample_observations) < SAMPLE:
            self.sample_observations.append(frame)
        elif (slot := random.randrange(seen)) < SAMPLE:
            self.sample_observations[slot] = frame

    def failed(self, what: BaseException) -> None:
        name = type(what).__name__
        self.failures[name] = self.failures.get(name, 0) + 1


def rss_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def settled_rss() -> int:
    gc.collect()
    return rss_kib()


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(fraction * (len(sorted_values) - 1))))
    return sorted_values[index]


def raise_open_files(seats: int) -> int:
    """Let the process hold both ends of every socket, and some to spare; returns the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 2 * seats + 512
    if soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        soft = new
    return soft


async def open_socket(url: str, frames: Frames) -> ClientConnection:
    return await ws_connect(
        url,
        subprotocols=[frames.subprotocol],
        compression=None,
        max_size=wire.MAX_SERVER_FRAME,
        proxy=None,
        ping_interval=None,  # the server pings; a keepalive task per client seat is client cost
        open_timeout=60,
    )


async def gather_bounded(makers: list[Callable[[], Awaitable[Any]]], limit: int) -> list[Any]:
    """Run the coroutines `makers` make, at most `limit` at a time, keeping their order."""
    results: list[Any] = [None] * len(makers)
    queue = iter(enumerate(makers))

    async def worker() -> None:
        for index, make in queue:
            results[index] = await make()

    await asyncio.gather(*(worker() for _ in range(min(limit, len(makers)))))
    return results


# Seats ---------------------------------------------------------------------------------------


class Pacer:
    """When each seat may send its next order: on its own tick, or at once (`interval` 0)."""

    def __init__(self, interval: float, deadline: float) -> None:
        self.interval = interval
        self.deadline = deadline


class FogbankSeat:
    """One bot submarine on one websocket, playing game after game."""

    def __init__(self, server: Any, url: str, scenario: str, frames: Frames, bots: BotFactory) -> None:
        self.server, self.url, self.scenario, self.frames, self.bots = server, url, scenario, frames, bots
        self.ws: ClientConnection | None = None
        self.ref = 0

    async def new_game(self) -> None:
        created = await self.server.create_game(self.scenario)
        self.token = created["seats"]["submarine"]

    async def join(self) -> None:
        """Open a socket and join the seat's game; the view from the join snapshot."""
        if self.ws is not None:
            await self.ws.close()
        self.ws = await open_socket(self.url, self.frames)
        await self.ws.send(self.frames.pack({"type": "join", "token": self.token}))
        while True:
            message = self.frames.unpack(await self.ws.recv())
            kind = message["type"]
            if kind == "welcome":
                self.bot = self.bots.new(message["scenario"], message["chart"])
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
            order = self.bot.order(self.view)
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
                if kind == "observation":
                    tally.latencies.append(time.perf_counter() - sent)
                    tally.in_flight -= 1
                    if loop.time() < pacer.deadline:
                        tally.observations += 1
                    tally.observed(raw)
                    self.turn, self.view = message["turn"], message["view"]
                    if self.view["outcome"] is None:
                        break
                elif kind == "error" and message["ref"] == self.ref:
                    # The bot erred against the rules: hold still this turn instead.
                    tally.refusals += 1
                    self.ref += 1
                    hold = {"course": "N", "speed": 0, "level": self.view["level"]}
                    again = {"type": "order", "ref": self.ref, "turn": self.turn, "order": hold}
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

    def __init__(self, url: str, frames: Frames, order_frame: bytes | str, view: dict, bot: LeanBot) -> None:
        self.url, self.frames, self.order_frame, self.view, self.bot = url, frames, order_frame, view, bot
        self.ws: ClientConnection | None = None

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


Handler = Callable[[ServerConnection], Awaitable[None]]


def echo_handler(frames: Frames, observation: dict[str, Any]) -> Handler:
    """A bare server: read each frame, decode it, answer with an observation-sized message."""

    async def handler(websocket: ServerConnection) -> None:
        seq = 0
        try:
            async for frame in websocket:
                request = frames.unpack(frame)
                seq += 1
                reply = {**observation, "seq": seq, "turn": request.get("turn", 0)}
                await websocket.send(frames.pack(reply))
        except ConnectionClosed:
            pass

    return handler


# Runs ----------------------------------------------------------------------------------------


async def drive(seats: list[Any], args: argparse.Namespace) -> tuple[Tally, float]:
    """Let every seat play until the deadline; wait (bounded) for the round trips in flight."""
    tally = Tally()
    loop = asyncio.get_running_loop()
    interval = 0.0 if args.max else 1.0 / args.rate
    started = loop.time()
    pacer = Pacer(interval, started + args.seconds)

    async def one(seat: Any) -> None:
        try:
            await seat.play(pacer, tally)
        except (ConnectionClosed, OSError, RuntimeError) as failure:
            tally.failed(failure)

    tasks = [asyncio.create_task(one(seat)) for seat in seats]
    done, pending = await asyncio.wait(tasks, timeout=args.seconds + 10)
    for task in pending:
        task.cancel()
    tally.failures["seats_still_waiting_10s_after_the_deadline"] = len(pending)
    return tally, args.seconds


def summary(tally: Tally, seconds: float, connected: int, rss_before: int, rss_after: int) -> dict[str, Any]:
    latencies = sorted(tally.latencies)
    received = len(latencies)
    return {
        "connected_seats": connected,
        "turns_per_s": round(tally.observations / seconds, 1),
        "latency_ms": {
            "p50": round(percentile(latencies, 0.50) * 1000, 2),
            "p99": round(percentile(latencies, 0.99) * 1000, 2),
            "max": round(latencies[-1] * 1000, 2) if latencies else None,
            "samples": received,
        },
        "bytes_per_observation": round(tally.observation_bytes / received, 1) if received else None,
        "frames_in_per_turn": round(tally.frames_in / received, 2) if received else None,
        "rss_per_connection_kib": round((rss_after - rss_before) / connected, 1) if connected else None,
        "orders_never_answered": tally.in_flight,
        "refusals": tally.refusals,
        "games_finished": tally.games_finished,
        "failures": {k: v for k, v in tally.failures.items() if v},
    }


async def run_fogbank(args: argparse.Namespace, bus: str = "embedded") -> dict[str, Any]:
    from fogbank.server.app import Server
    from fogbank.server.mqtt.broker import Mosquitto

    with tempfile.TemporaryDirectory(prefix="fogbank-load-") as directory:
        broker = None
        if bus == "mqtt":  # gateway and host roles in this process, a real mosquitto between them
            broker = Mosquitto(Path(directory) / "broker")
            await broker.start()
            server = await Server.start(
                host="127.0.0.1", port=0, data=Path(directory), bus=broker.address("host").url(), role="both"
            )
        else:
            server = await Server.start(host="127.0.0.1", port=0, data=Path(directory))
        try:
            frames = Frames(args.codec)
            bots = BotFactory()
            url = f"ws://127.0.0.1:{server.port}/"
            seats = [FogbankSeat(server, url, args.scenario, frames, bots) for _ in range(args.games)]
            rss_start = settled_rss()
            started = time.perf_counter()
            await gather_bounded([seat.new_game for seat in seats], args.connect_concurrency)
            created_s = time.perf_counter() - started
            rss_games = settled_rss()
            started = time.perf_counter()
            await gather_bounded([seat.join for seat in seats], args.connect_concurrency)
            joined_s = time.perf_counter() - started
            rss_joined = settled_rss()
            tally, seconds = await drive(seats, args)
            result = summary(tally, seconds, len(seats), rss_games, rss_joined)
            result["rss_per_game_kib"] = round((rss_games - rss_start) / len(seats), 1)
            result["create_games_s"] = round(created_s, 2)
            result["connect_and_join_s"] = round(joined_s, 2)
            if tally.sample_observations and tally.sample_order is not None:
                mean = tally.observation_bytes / len(tally.latencies)
                result["_observation_frame"] = typical(tally.sample_observations, mean)
                result["_order_frame"] = tally.sample_order
            await gather_bounded([seat.close for seat in seats], args.connect_concurrency)
            return result
        finally:
            await server.close()
            if broker is not None:
                await broker.stop()


async def run_echo(args: argparse.Namespace, order_frame: bytes | str, observation_frame: bytes | str) -> Any:
    frames = Frames(args.codec)
    observation = frames.unpack(observation_frame)
    bots = BotFactory()
    async with serve(
        echo_handler(frames, observation),
        "127.0.0.1",
        0,
        subprotocols=[args.codec],
        compression=None,
        max_size=wire.MAX_FRAME,
        ping_interval=20,
        ping_timeout=20,
    ) as server:
        port = server.sockets[0].getsockname()[1]
        url = f"ws://127.0.0.1:{port}/"
        chart = sample_chart(args.scenario)
        seats = [
            EchoSeat(url, frames, order_frame, observation["view"], bots.new(args.scenario, chart))
            for _ in range(args.games)
        ]
        rss_start = settled_rss()
        started = time.perf_counter()
        await gather_bounded([seat.join for seat in seats], args.connect_concurrency)
        joined_s = time.perf_counter() - started
        rss_joined = settled_rss()
        tally, seconds = await drive(seats, args)
        result = summary(tally, seconds, len(seats), rss_start, rss_joined)
        result["connect_s"] = round(joined_s, 2)
        result["order_frame_bytes"] = Frames.size(order_frame)
        result["observation_frame_bytes"] = Frames.size(observation_frame)
        await gather_bounded([seat.close for seat in seats], args.connect_concurrency)
        return result


def phase(name: str, args: argparse.Namespace, *frames: bytes | str) -> dict[str, Any]:
    """One run in a fresh process, so its RSS figures are its own (entry point for the child)."""
    raise_open_files(args.games)
    if name == "fogbank":
        return asyncio.run(run_fogbank(args))
    if name == "fogbank-mqtt":
        return asyncio.run(run_fogbank(args, "mqtt"))
    return asyncio.run(run_echo(args, *frames))


def in_child(name: str, args: argparse.Namespace, *frames: bytes | str) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        return pool.submit(phase, name, args, *frames).result()


def typical(frames: list[bytes | str], mean: float) -> bytes | str:
    """The sampled frame whose size is nearest the mean."""
    return min(frames, key=lambda frame: abs(Frames.size(frame) - mean))


def sample_chart(scenario: str) -> dict[str, Any]:
    from fogbank.rules import core
    from fogbank.rules.core.plain import to_plain

    ruleset, name = core.find_scenario(scenario)
    game = core.start(ruleset, name, bytes(32))
    seat = ruleset.seats(game.state)[0]
    return to_plain(ruleset.chart(game.state, seat))


# Processes: the server, the echo and the clients each in their own ----------------------------


PROCESS_NOTE = (
    "the server (fogbank serve) and the echo baseline each run in a process of their own and the"
    " client seats in {clients} other process(es); all share this machine's {cores} core(s), so the"
    " clients take CPU the server could have used. Latency is measured by the clients (it includes"
    " their scheduling); RSS per connection is the server process's own (/proc/PID/status VmRSS):"
    " (after all seats joined - after the games were created) / seats"
)


def process_rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def process_cpu_s(pid: int) -> float:
    """User + system CPU seconds the process has used (from /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class AdminClient:
    """Creates games on a running server over HTTP (`/admin/new`), as `fogbank new` does."""

    def __init__(self, port: int, admin_key: str) -> None:
        self.port, self.admin_key = port, admin_key

    async def create_game(self, scenario: str) -> dict[str, Any]:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        try:
            writer.write(
                f"GET /admin/new?scenario={scenario} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                f"Authorization: Bearer {self.admin_key}\r\n\r\n".encode()
            )
            head = await reader.readuntil(b"\r\n\r\n")
            status = head.split(b" ", 2)[1]
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            body = await reader.readexactly(length)
            if status != b"200":
                raise RuntimeError(f"/admin/new: {status.decode()} {body.decode().strip()}")
            return json.loads(body)
        finally:
            writer.close()


def tally_state(tally: Tally) -> dict[str, Any]:
    return dict(vars(tally))


def merge_tallies(states: list[dict[str, Any]]) -> Tally:
    merged = Tally()
    for state in states:
        merged.latencies += state["latencies"]
        for name in ("observations", "observation_bytes", "frames_in", "refusals", "games_finished", "in_flight"):
            setattr(merged, name, getattr(merged, name) + state[name])
        for name, count in state["failures"].items():
            merged.failures[name] = merged.failures.get(name, 0) + count
        merged.sample_observations += state["sample_observations"][: SAMPLE // len(states)]
        if merged.sample_order is None:
            merged.sample_order = state["sample_order"]
    return merged


def client_worker(pipe: Any, kind: str, args: argparse.Namespace, port: int, admin_key: str | None,
                  count: int, frames_for_echo: tuple[Any, Any] | None) -> None:  # fmt: skip
    """A client process: `count` seats, driven step by step by the bench over `pipe`."""
    raise_open_files(count)
    asyncio.run(_client_worker(pipe, kind, args, port, admin_key, count, frames_for_echo))


async def _client_worker(pipe: Any, kind: str, args: argparse.Namespace, port: int, admin_key: str | None,
                         count: int, frames_for_echo: tuple[Any, Any] | None) -> None:  # fmt: skip
    frames = Frames(args.codec)
    bots = BotFactory()
    url = f"ws://127.0.0.1:{port}/"
    if kind == "fogbank":
        admin = AdminClient(port, admin_key or "")
        seats: list[Any] = [FogbankSeat(admin, url, args.scenario, frames, bots) for _ in range(count)]
    else:
        order_frame, observation_frame = frames_for_echo
        observation = frames.unpack(observation_frame)
        chart = sample_chart(args.scenario)
        seats = [
            EchoSeat(url, frames, order_frame, observation["view"], bots.new(args.scenario, chart))
            for _ in range(count)
        ]
    while True:
        command = await asyncio.to_thread(pipe.recv)
        started = time.perf_counter()
        try:
            if command == "create":
                if kind == "fogbank":
                    await gather_bounded([seat.new_game for seat in seats], args.connect_concurrency)
                reply: Any = None
            elif command == "join":
                await gather_bounded([seat.join for seat in seats], args.connect_concurrency)
                reply = None
            elif command == "drive":
                cpu = time.process_time()
                tally, _ = await drive(seats, args)
                reply = {"tally": tally_state(tally), "cpu_s": time.process_time() - cpu}
            else:  # "close"
                await gather_bounded([seat.close for seat in seats], args.connect_concurrency)
                pipe.send(("ok", None, time.perf_counter() - started))
                return
        except Exception as failure:  # noqa: BLE001  (the bench says what failed, and stops)
            pipe.send(("failed", f"{type(failure).__name__}: {failure}", 0.0))
            return
        pipe.send(("ok", reply, time.perf_counter() - started))


class Clients:
    """The client seats, spread over `procs` processes; each step runs in all of them at once."""

    def __init__(self, kind: str, args: argparse.Namespace, port: int, admin_key: str | None,
                 frames_for_echo: tuple[Any, Any] | None = None) -> None:  # fmt: skip
        context = multiprocessing.get_context("spawn")
        shares = [args.games // args.client_procs + (i < args.games % args.client_procs) for i in range(args.client_procs)]
        self.pipes, self.processes = [], []
        for share in shares:
            ours, theirs = context.Pipe()
            process = context.Process(
                target=client_worker, args=(theirs, kind, args, port, admin_key, share, frames_for_echo), daemon=True
            )
            process.start()
            self.pipes.append(ours)
            self.processes.append(process)

    def step(self, command: str) -> tuple[list[Any], float]:
        """Run one step in every client process; their replies and the slowest one's seconds."""
        for pipe in self.pipes:
            pipe.send(command)
        replies, slowest = [], 0.0
        for pipe in self.pipes:
            status, reply, seconds = pipe.recv()
            if status != "ok":
                raise SystemExit(f"fogbank.bench.load: a client process failed at {command!r}: {reply}")
            replies.append(reply)
            slowest = max(slowest, seconds)
        return replies, slowest

    def stop(self) -> None:
        for process in self.processes:
            process.join(10)
            if process.is_alive():
                process.kill()


class ServerProcess:
    """`fogbank serve` in a process of its own on a free port, its store in `data`."""

    def __init__(self, data: Path, bus: str | None = None) -> None:
        command = [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(data)]
        if bus is not None:
            command += ["--bus", bus, "--role", "both"]
        self.log_path = data.parent / f"{data.name}.log"
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
        line = self.process.stdout.readline()  # "fogbank serving on ws://127.0.0.1:PORT/ (...)"
        if not line.startswith("fogbank serving on"):
            self.process.kill()
            raise SystemExit(f"fogbank.bench.load: the server did not start: {line}{self.log_path.read_text()[-2000:]}")
        self.port = int(line.split("ws://", 1)[1].split("/", 1)[0].rpartition(":")[2])
        self.admin_key = (data / "admin.key").read_text().strip()
        self.pid = self.process.pid

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)  # serve closes its store cleanly on ^C
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def echo_server(pipe: Any, codec: str, observation_frame: bytes | str) -> None:
    """The echo baseline's server process: a bare websockets + msgpack/JSON server."""

    async def serve_echo() -> None:
        frames = Frames(codec)
        async with serve(
            echo_handler(frames, frames.unpack(observation_frame)), "127.0.0.1", 0, subprotocols=[codec],
            compression=None, max_size=wire.MAX_FRAME, ping_interval=20, ping_timeout=20,
        ) as server:  # fmt: skip
            pipe.send(server.sockets[0].getsockname()[1])
            await asyncio.Event().wait()

    raise_open_files(8192)
    asyncio.run(serve_echo())


def measure_processes(kind: str, args: argparse.Namespace, server_pid: int, port: int, admin_key: str | None,
                      frames_for_echo: tuple[Any, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """One run against a server in its own process: create, join, drive, with the server's RSS."""
    clients = Clients(kind, args, port, admin_key, frames_for_echo)
    try:
        time.sleep(0.5)
        rss_start = process_rss_kib(server_pid)
        _, created_s = clients.step("create")
        rss_games = process_rss_kib(server_pid)
        _, joined_s = clients.step("join")
        time.sleep(0.5)  # let the last joins settle before reading the RSS
        rss_joined = process_rss_kib(server_pid)
        cpu_before = process_cpu_s(server_pid)
        replies, _ = clients.step("drive")
        server_cpu = process_cpu_s(server_pid) - cpu_before
        rss_end = process_rss_kib(server_pid)
        tally = merge_tallies([reply["tally"] for reply in replies])
        result = summary(tally, args.seconds, args.games, rss_games, rss_joined)
        result["rss_per_game_kib"] = round((rss_games - rss_start) / args.games, 1)
        result["rss_per_seat_after_run_kib"] = round((rss_end - rss_start) / args.games, 1)
        result["server_rss_kib"] = {"start": rss_start, "games": rss_games, "joined": rss_joined, "end": rss_end}
        # CPU during the drive, in cores (1.0 = one core busy the whole time).
        result["server_cpu_cores"] = round(server_cpu / args.seconds, 2)
        result["clients_cpu_cores"] = round(sum(reply["cpu_s"] for reply in replies) / args.seconds, 2)
        result["create_games_s"] = round(created_s, 2)
        result["connect_and_join_s"] = round(joined_s, 2)
        if tally.sample_observations and tally.sample_order is not None:
            mean = tally.observation_bytes / len(tally.latencies)
            result["_observation_frame"] = typical(tally.sample_observations, mean)
            result["_order_frame"] = tally.sample_order
        clients.step("close")
        return result
    finally:
        clients.stop()


def run_fogbank_process(args: argparse.Namespace, bus: str = "embedded") -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="fogbank-load-") as directory:
        broker = None
        bus_url = None
        if bus == "mqtt":  # gateway and host roles in the server process, a real mosquitto between
            from fogbank.server.mqtt.broker import Mosquitto

            broker = Mosquitto(Path(directory) / "broker")
            asyncio.run(broker.start())
            bus_url = broker.address("host").url()
        try:
            server = ServerProcess(Path(directory) / "data", bus_url)
            try:
                return measure_processes("fogbank", args, server.pid, server.port, server.admin_key)
            finally:
                server.stop()
        finally:
            if broker is not None:
                asyncio.run(broker.stop())


def run_echo_process(args: argparse.Namespace, order_frame: bytes | str, observation_frame: bytes | str) -> Any:
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    process = context.Process(target=echo_server, args=(theirs, args.codec, observation_frame), daemon=True)
    process.start()
    try:
        port = ours.recv()
        result = measure_processes("echo", args, process.pid, port, None, (order_frame, observation_frame))
        result["order_frame_bytes"] = Frames.size(order_frame)
        result["observation_frame_bytes"] = Frames.size(observation_frame)
        return result
    finally:
        process.kill()
        process.join()


def bench(args: argparse.Namespace) -> dict[str, Any]:
    limit = raise_open_files(args.games)
    fogbank = in_child("fogbank", args) if args.in_process else run_fogbank_process(args)
    observation_frame = fogbank.pop("_observation_frame", None)
    order_frame = fogbank.pop("_order_frame", None)
    if observation_frame is None or order_frame is None:
        raise SystemExit("fogbank.bench.load: no observation came back; nothing to compare the echo with")
    mqtt = None
    if args.bus == "mqtt":
        mqtt = in_child("fogbank-mqtt", args) if args.in_process else run_fogbank_process(args, "mqtt")
        mqtt.pop("_observation_frame", None)
        mqtt.pop("_order_frame", None)
    if args.in_process:
        echo = in_child("echo", args, order_frame, observation_frame)
    else:
        echo = run_echo_process(args, order_frame, observation_frame)
    ratio = fogbank["turns_per_s"] / echo["turns_per_s"] if echo["turns_per_s"] else None
    p99 = fogbank["latency_ms"]["p99"]
    rss = fogbank["rss_per_connection_kib"]
    over_mqtt = {}
    if mqtt is not None:
        mqtt_ratio = mqtt["turns_per_s"] / fogbank["turns_per_s"] if fogbank["turns_per_s"] else None
        over_mqtt = {
            "mqtt_turns_per_s": mqtt["turns_per_s"],
            "mqtt_p50_ms": mqtt["latency_ms"]["p50"],
            "mqtt_p99_ms": mqtt["latency_ms"]["p99"],
            "mqtt_vs_embedded_ratio": round(mqtt_ratio, 3) if mqtt_ratio is not None else None,
            "mqtt_vs_embedded_goal": {"goal": 0.8, "reached": mqtt_ratio is not None and mqtt_ratio >= 0.8},
            "mqtt": mqtt,
        }
    if args.in_process:
        # Both ends of each socket live in one process. A bare websockets pair costs the echo's
        # figure; taking half of it as the client's end leaves an estimate of the server's end.
        server_end = round(rss - echo["rss_per_connection_kib"] / 2, 1)
        where = {
            "rss_per_connection_server_end_estimate_kib": server_end,
            "note": NOTE,
        }
        rss_judged = server_end
    else:
        where = {
            "server_cpu_cores": fogbank["server_cpu_cores"],
            "clients_cpu_cores": fogbank["clients_cpu_cores"],
            "client_processes": args.client_procs,
            "note": PROCESS_NOTE.format(clients=args.client_procs, cores=os.cpu_count()),
        }
        rss_judged = rss
    return {
        "bench": "fogbank.bench.load",
        **over_mqtt,
        "mode": "max (closed loop)" if args.max else f"paced, {args.rate} order/s per seat",
        "processes": "one process (--in-process)" if args.in_process else "server, echo and clients apart",
        "games": args.games,
        "seconds": args.seconds,
        "codec": args.codec,
        "scenario": args.scenario,
        "offered_turns_per_s": None if args.max else args.games * args.rate,
        "connected_seats": fogbank["connected_seats"],
        "turns_per_s": fogbank["turns_per_s"],
        "p50_ms": fogbank["latency_ms"]["p50"],
        "p99_ms": p99,
        "bytes_per_observation": fogbank["bytes_per_observation"],
        "rss_per_connection_kib": rss,
        "rss_per_game_kib": fogbank["rss_per_game_kib"],
        "echo_rss_per_connection_kib": echo["rss_per_connection_kib"],
        "echo_turns_per_s": echo["turns_per_s"],
        "echo_p99_ms": echo["latency_ms"]["p99"],
        "throughput_ratio": round(ratio, 3) if ratio is not None else None,
        "goals": goals(args, fogbank["connected_seats"], p99, ratio, rss_judged),
        **where,
        "fogbank": fogbank,
        "echo": echo,
        "open_files_limit": limit,
        "python": sys.version.split()[0],
    }


def goals(args: argparse.Namespace, seats: int, p99: float, ratio: float | None, rss: float) -> dict[str, Any]:
    """Each goal, and whether this run reached it: None when this run does not test it."""
    at_goal_load = not args.max and args.rate >= 1.0 and seats >= GOALS["seats"]
    return {
        "seats": {"goal": GOALS["seats"], "reached": seats >= GOALS["seats"]},
        "p99_ms": {
            "goal": GOALS["p99_ms"],
            "judged": "paced at 1 order/s per seat with 5,000 seats or more",
            "reached": (p99 <= GOALS["p99_ms"]) if at_goal_load else None,
            "within_goal_at_this_load": p99 <= GOALS["p99_ms"],
        },
        "throughput_ratio": {
            "goal": GOALS["throughput_ratio"],
            "judged": "closed loop (--max): paced, both servers are offered the same load",
            "reached": (ratio is not None and ratio >= GOALS["throughput_ratio"]) if args.max else None,
        },
        "rss_per_connection_kib": {
            "goal": GOALS["rss_per_connection_kib"],
            "judged": "the server's end" + (" (an estimate, --in-process)" if args.in_process else ""),
            "reached": rss <= GOALS["rss_per_connection_kib"],
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fogbank bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games, one seat and socket each")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each run (fogbank, then echo)")
    parser.add_argument("--rate", type=float, default=1.0, help="orders a second per seat")
    parser.add_argument("--codec", choices=wire.SUBPROTOCOLS, default=wire.MSGPACK)
    parser.add_argument(
        "--max", action="store_true", help="closed loop: order as soon as the observation is in"
    )
    parser.add_argument("--scenario", default="b11")
    parser.add_argument("--connect-concurrency", type=int, default=100, help="sockets opened at a time")
    parser.add_argument(
        "--bus", choices=("embedded", "mqtt"), default="embedded",
        help="mqtt: also run the load through a mosquitto broker (gateway and host roles in one"
        " process, a broker connection per seat) and give its ratio to the embedded run",
    )  # fmt: skip
    parser.add_argument(
        "--client-procs", type=int, default=None,
        help="processes the client seats are spread over (default: one per 2,500 seats)",
    )  # fmt: skip
    parser.add_argument(
        "--in-process", action="store_true",
        help="the old mode: server (or echo) and clients in one process and one event loop",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.client_procs is None:
        args.client_procs = 1 if args.in_process else -(-args.games // 2500)
    if args.games < 1 or args.seconds <= 0 or args.rate <= 0:
        parser.error("--games, --seconds and --rate must be positive")
    print(json.dumps(bench(args), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

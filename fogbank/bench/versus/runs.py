"""One run: a server in processes of its own, the Node load client against it, and what /proc says.

The server's CPU is the user + system time of its process and its children (`--workers`) over the
drive, from /proc/PID/stat; divided by the orders answered, it is the CPU a turn. Its RSS a
connection is what joining every seat added to it. The load client reports the order-to-view
latencies it saw (an order sent to the observation, or boardgame.io's update, that answers it).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from fogbank.bench.load.machine import machine_busy_s, process_cpu_s, process_rss_kib, raise_open_files
from fogbank.bench.load.server import ServerProcess

HERE = Path(__file__).resolve().parent


def node_modules() -> None:
    """Install boardgame.io and the load client's packages from package-lock.json when missing."""
    if (HERE / "node_modules" / "boardgame.io" / "package.json").exists():
        return
    done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=HERE, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"fogbank.bench.versus: npm ci failed:\n{done.stdout}{done.stderr}")


def _server_child() -> None:
    """In the server's process before it starts: ^C heard (it stops on SIGINT, even when the bench
    runs as a background job), and room for a socket a seat."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    raise_open_files(10_000)


class BoardgameServer:
    """boardgame.io's own server (server.js) in memory, in production mode, on a free port."""

    def __init__(self) -> None:
        environment = {**os.environ, "NODE_ENV": "production"}
        self.process = subprocess.Popen(
            ["node", "server.js", "0"], cwd=HERE, env=environment, stdout=subprocess.PIPE, text=True,
            preexec_fn=_server_child,
        )  # fmt: skip
        line = self.process.stdout.readline()
        if not line.startswith("boardgame.io serving on"):
            self.process.kill()
            raise SystemExit(f"fogbank.bench.versus: boardgame.io did not start: {line!r}")
        self.port, self.pid, self.admin_key = int(line.split()[-1]), self.process.pid, ""

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class LoadClient:
    """client.mjs, driven a step at a time (create, join, drive, close) over its stdin."""

    def __init__(self, kind: str, port: int, seats: int, seconds: float, rate: float, codec: str,
                 admin_key: str) -> None:  # fmt: skip
        command = ["node", "client.mjs", "--kind", kind, "--port", str(port), "--seats", str(seats),
                   "--seconds", str(seconds), "--rate", str(rate), "--codec", codec,
                   "--admin-key", admin_key]  # fmt: skip
        self.process = subprocess.Popen(
            command, cwd=HERE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            preexec_fn=lambda: raise_open_files(seats),
        )  # fmt: skip

    def step(self, name: str) -> dict[str, Any]:
        self.process.stdin.write(name + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        reply = json.loads(line) if line else {"ok": False, "error": "the load client stopped"}
        if not reply["ok"]:
            raise SystemExit(f"fogbank.bench.versus: the load client failed at {name!r}: {reply['error']}")
        return reply

    def stop(self) -> None:
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def measure(server: Any, kind: str, seats: int, seconds: float, rate: float, codec: str) -> dict[str, Any]:
    """Create a game a seat, join them all, play 3 s to warm up, drive them for `seconds`; the
    figures of the drive."""
    client = LoadClient(kind, server.port, seats, seconds, rate, codec, server.admin_key)
    try:
        time.sleep(0.5)
        rss_start = process_rss_kib(server.pid)
        client.step("create")
        time.sleep(0.5)
        rss_games = process_rss_kib(server.pid)
        client.step("join")
        time.sleep(0.5)  # the last joins settle before the RSS is read
        rss_joined = process_rss_kib(server.pid)
        client.step("warm")
        load_before = os.getloadavg()[0]
        cpu_before, busy_before = process_cpu_s(server.pid), machine_busy_s()
        driven = client.step("drive")
        cpu = process_cpu_s(server.pid) - cpu_before
        busy = machine_busy_s() - busy_before
        client.step("close")
    finally:
        client.stop()
    answered = driven["answered"]
    return {
        "cpu_ms_per_turn": round(cpu / answered * 1000, 4) if answered else None,
        "p50_ms": driven["p50_ms"], "p99_ms": driven["p99_ms"], "max_ms": driven["max_ms"],
        "turns_per_s": driven["turns_per_s"], "answered": answered,
        "rss_per_connection_kib": round((rss_joined - rss_games) / seats, 1),
        "rss_per_seat_kib": round((rss_joined - rss_start) / seats, 1),  # its game and its connection
        "server_rss_kib": rss_joined,
        "bytes_per_observation": driven["bytes_per_observation"],
        "frames_in_per_turn": driven["frames_in_per_turn"],
        "server_cores": round(cpu / seconds, 2),
        "client_cores": round(driven["client_cpu_s"] / seconds, 2),
        "other_cores": round(max(0.0, busy - cpu - driven["client_cpu_s"]) / seconds, 2),
        "load_average": round((load_before + os.getloadavg()[0]) / 2, 1),
        "games_finished": driven["games_finished"], "refusals": driven["refusals"],
        "never_answered": driven["never_answered"], "failures": driven["failures"],
    }


def run(which: str, seats: int, args: Any, build: tuple[str, Path] | None = None) -> dict[str, Any]:
    """One run against `which`: "boardgame.io", or fogbank: this tree's, or with `build` (an
    interpreter and the folder a commit is checked out in) that commit's."""
    if which == "boardgame.io":
        server: Any = BoardgameServer()
        try:
            return measure(server, "bgio", seats, args.seconds, args.rate, args.codec)
        finally:
            server.stop()
    with tempfile.TemporaryDirectory(prefix="fogbank-versus-") as directory:
        extra = {"python": build[0], "source": build[1]} if build else {}
        server = ServerProcess(Path(directory) / "data", None, args.workers, **extra)
        try:
            return measure(server, "fogbank", seats, args.seconds, args.rate, args.codec)
        finally:
            server.stop()

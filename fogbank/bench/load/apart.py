"""The runs as deployed: the server (or the echo) and the client seats each in processes of their own."""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from .clients import Clients
from .echo import echo_server
from .frames import Frames
from .machine import machine_busy_s, process_cpu_s, process_rss_kib
from .server import ServerProcess
from .tally import keep_sample_frames, merge_tallies, summary


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
        cpu_before, busy_before = process_cpu_s(server_pid), machine_busy_s()
        replies, _ = clients.step("drive")
        server_cpu = process_cpu_s(server_pid) - cpu_before
        busy = machine_busy_s() - busy_before
        rss_end = process_rss_kib(server_pid)
        tally = merge_tallies([reply["tally"] for reply in replies])
        result = summary(tally, args.seconds, args.games, rss_games, rss_joined)
        result["rss_per_game_kib"] = round((rss_games - rss_start) / args.games, 1)
        result["rss_per_seat_after_run_kib"] = round((rss_end - rss_start) / args.games, 1)
        result["server_rss_kib"] = {"start": rss_start, "games": rss_games, "joined": rss_joined, "end": rss_end}
        # CPU during the drive, in cores (1.0 = one core busy the whole time).
        result["server_cpu_cores"] = round(server_cpu / args.seconds, 2)
        answered = result["latency_ms"]["samples"]  # every order answered, in the run or just after
        result["server_cpu_ms_per_turn"] = round(server_cpu / answered * 1000, 4) if answered else None
        clients_cpu = sum(reply["cpu_s"] for reply in replies)
        result["clients_cpu_cores"] = round(clients_cpu / args.seconds, 2)
        # What the rest of the machine took meanwhile: on a shared machine, cores the server could not have.
        result["other_cpu_cores"] = round(max(0.0, busy - server_cpu - clients_cpu) / args.seconds, 2)
        result["idle_cores"] = round(max(0.0, (os.cpu_count() or 1) - busy / args.seconds), 2)
        result["create_games_s"] = round(created_s, 2)
        result["connect_and_join_s"] = round(joined_s, 2)
        keep_sample_frames(result, tally)
        clients.step("close")
        return result
    finally:
        clients.stop()


def run_fogbank_process(args: argparse.Namespace, bus: str = "embedded", workers: int = 1) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="fogbank-load-") as directory:
        broker = None
        bus_url = None
        if bus == "mqtt":  # gateway and host roles in the server process, a real mosquitto between
            from fogbank.server.mqtt.mosquitto import Mosquitto

            broker = Mosquitto(Path(directory) / "broker")
            asyncio.run(broker.start())
            bus_url = broker.address("host").url()
        try:
            server = ServerProcess(Path(directory) / "data", bus_url, workers)
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

"""`--in-process`: the server (or the echo) and every client seat in one process and one event loop.

Each run is in a fresh child process, so its RSS figures are its own.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import multiprocessing
import tempfile
import time
from pathlib import Path
from typing import Any, Awaitable, Callable

from .drive import drive, gather_bounded
from .echo import port_of, serve_echo
from .frames import Frames
from .machine import raise_open_files, settled_rss
from .seats import EchoSeat, FogbankSeat
from .tally import Tally, keep_sample_frames, summary


def in_child(name: str, args: argparse.Namespace, *frames: bytes | str) -> dict[str, Any]:
    """Run `phase(name, ...)` in a fresh process and return what it measured."""
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        return pool.submit(phase, name, args, *frames).result()


def phase(name: str, args: argparse.Namespace, *frames: bytes | str) -> dict[str, Any]:
    """One run in this process: "fogbank", "fogbank-mqtt" or "echo" (with the frames to send)."""
    raise_open_files(args.games)
    if name == "fogbank":
        return asyncio.run(run_fogbank(args))
    if name == "fogbank-mqtt":
        return asyncio.run(run_fogbank(args, "mqtt"))
    return asyncio.run(run_echo(args, *frames))


async def run_fogbank(args: argparse.Namespace, bus: str = "embedded") -> dict[str, Any]:
    from fogbank.server.app import Server
    from fogbank.server.mqtt.mosquitto import Mosquitto

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
            url = f"ws://127.0.0.1:{server.port}/"
            seats = [FogbankSeat(server, url, args.scenario, frames) for _ in range(args.games)]
            rss_start = settled_rss()
            created_s = await timed([seat.new_game for seat in seats], args.connect_concurrency)
            rss_games = settled_rss()
            result, tally, joined_s = await join_and_drive(seats, args, rss_games)
            result["rss_per_game_kib"] = round((rss_games - rss_start) / len(seats), 1)
            result["create_games_s"] = round(created_s, 2)
            result["connect_and_join_s"] = round(joined_s, 2)
            keep_sample_frames(result, tally)
            await gather_bounded([seat.close for seat in seats], args.connect_concurrency)
            return result
        finally:
            await server.close()
            if broker is not None:
                await broker.stop()


async def run_echo(args: argparse.Namespace, order_frame: bytes | str, observation_frame: bytes | str) -> Any:
    frames = Frames(args.codec)
    async with serve_echo(args.codec, observation_frame) as server:
        url = f"ws://127.0.0.1:{port_of(server)}/"
        seats = EchoSeat.many(args.games, url, frames, args.scenario, order_frame, observation_frame)
        result, _, joined_s = await join_and_drive(seats, args, settled_rss())
        result["connect_s"] = round(joined_s, 2)
        result["order_frame_bytes"] = Frames.size(order_frame)
        result["observation_frame_bytes"] = Frames.size(observation_frame)
        await gather_bounded([seat.close for seat in seats], args.connect_concurrency)
        return result


async def join_and_drive(
    seats: list[Any], args: argparse.Namespace, rss_before: int
) -> tuple[dict, Tally, float]:
    """Join every seat, then play: the figures (RSS per connection from `rss_before`), the tally,
    and the seconds the joins took."""
    joined_s = await timed([seat.join for seat in seats], args.connect_concurrency)
    rss_joined = settled_rss()
    tally, seconds = await drive(seats, args)
    return summary(tally, seconds, len(seats), rss_before, rss_joined), tally, joined_s


async def timed(makers: list[Callable[[], Awaitable[Any]]], limit: int) -> float:
    """Seconds `gather_bounded(makers, limit)` takes."""
    started = time.perf_counter()
    await gather_bounded(makers, limit)
    return time.perf_counter() - started

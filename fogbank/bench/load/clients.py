"""The client seats spread over processes of their own, each process driven a step at a time.

The bench sends each client process a step ("create", "join", "drive", "close") down a pipe and
waits for every process's answer, so all of them create, join and play at the same time.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import time
from typing import Any

from .drive import drive, gather_bounded
from .frames import Frames
from .machine import raise_open_files
from .seats import EchoSeat, FogbankSeat
from .server import AdminClient
from .tally import tally_state


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


def client_worker(pipe: Any, kind: str, args: argparse.Namespace, port: int, admin_key: str | None,
                  count: int, frames_for_echo: tuple[Any, Any] | None) -> None:  # fmt: skip
    """A client process: `count` seats, driven step by step by the bench over `pipe`."""
    raise_open_files(count)
    asyncio.run(_client_worker(pipe, kind, args, port, admin_key, count, frames_for_echo))


async def _client_worker(pipe: Any, kind: str, args: argparse.Namespace, port: int, admin_key: str | None,
                         count: int, frames_for_echo: tuple[Any, Any] | None) -> None:  # fmt: skip
    frames = Frames(args.codec)
    url = f"ws://127.0.0.1:{port}/"
    try:
        if kind == "fogbank":
            admin = AdminClient(port, admin_key or "")
            seats: list[Any] = [FogbankSeat(admin, url, args.scenario, frames) for _ in range(count)]
        else:
            seats = EchoSeat.many(count, url, frames, args.scenario, *frames_for_echo)
    except Exception as failure:  # noqa: BLE001  (the bench says what failed, and stops)
        await asyncio.to_thread(pipe.recv)
        pipe.send(("failed", f"{type(failure).__name__}: {failure}", 0.0))
        return
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

"""What a draft `check` costs the server when it is answered and when it is refused for its rate,
and what a connection flooding checks costs it.

    python -m fogbank.bench.checks [--seats 20] [--refused 5000] [--seconds 20] [--scenario river_plate]

`fogbank serve` runs in a process of its own. First, the requests alone: the server is started with
the pause after a refusal taken out (`gateway.REFUSED_PAUSE = 0`); each of `--seats` seats (a game
each) sends its 30 checks at once, all answered (the rules judge each draft), then one seat, its
bucket spent, sends `--refused` checks at once, refused `rate_limited`: the server's CPU per
answer and per refusal. Then `fogbank serve` as it runs: one connection sends checks as fast as
the server reads them for `--seconds`, and the cores it takes (a connection refused for its rate
is not read for half a second; one flooding checks once took about half a core). Figures vary
with the machine's other work: compare the ratios, and repeat runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.server.guard import CHECKS

from .soak import Served

CODEC = wire.codec_for(wire.MSGPACK)


async def joined(url: str, token: str) -> tuple[Any, wire.Welcome, dict]:
    """A websocket joined with `token`, its welcome, and a draft its ruleset's bot would give."""
    ws = await connect(url, subprotocols=[wire.MSGPACK], max_size=wire.MAX_SERVER_FRAME, ping_interval=None)
    await ws.send(CODEC.encode_client(wire.Join(token=token)))
    welcome = CODEC.decode_server(await ws.recv())
    snapshot = CODEC.decode_server(await ws.recv())
    bot = core.find_ruleset(welcome.ruleset).bot(welcome.scenario, welcome.seat, welcome.chart)
    return ws, welcome, dict(bot.order(snapshot.view))


async def checks(
    ws: Any, welcome: wire.Welcome, draft: dict, count: int | None, seconds: float = 0
) -> dict[str, int]:
    """Send `count` checks at once and read their answers; or (`count` None) send as fast as the
    server reads for `seconds`: how many were answered, refused."""
    frame = CODEC.encode_client(wire.CheckOrder(ref=1, turn=welcome.turn, order=draft, phase=welcome.phase))
    sending = asyncio.ensure_future(_send(ws, frame, count))
    outcome = {"answered": 0, "refused": 0}

    async def read() -> None:
        while count is None or sum(outcome.values()) < count:
            reply = CODEC.decode_server(await ws.recv())
            if isinstance(reply, wire.Checked):
                outcome["answered"] += 1
            elif isinstance(reply, wire.Error) and reply.code == "rate_limited":
                outcome["refused"] += 1

    try:
        if count is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(read(), seconds)
        else:
            await read()
    finally:
        sending.cancel()
    return outcome


async def _send(ws: Any, frame: bytes, count: int | None) -> None:
    sent = 0
    while count is None or sent < count:
        await ws.send(frame)
        sent += 1


# `fogbank serve` with no pause after a refusal: what one refusal costs, measured alone.
UNPAUSED = ("import sys; from fogbank.server import gateway; gateway.REFUSED_PAUSE = 0;"
            " from fogbank.cli.main import main; sys.exit(main(sys.argv[1:]))")  # fmt: skip


def serve(paused: bool) -> Served:
    served = Served(Path(tempfile.mkdtemp(prefix="fogbank-checks-")), 1)
    if paused:
        served.start()
        return served
    command = [sys.executable, "-c", UNPAUSED, "serve", "--port", "0", "--data", str(served.data)]
    served.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = served.process.stdout.readline()  # "fogbank serving on ws://127.0.0.1:PORT/ (...)"
    served.port = int(line.split("ws://", 1)[1].split("/", 1)[0].rpartition(":")[2])
    return served


async def seated(served: Served, scenario: str, count: int) -> list[tuple[Any, wire.Welcome, dict]]:
    created = [served.http(f"/admin/new?scenario={scenario}") for _ in range(count)]
    return [await joined(served.url, next(iter(game["seats"].values()))) for game in created]


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    served = serve(paused=False)
    try:
        seats = await seated(served, args.scenario, args.seats)
        before = served.cpu_seconds()
        bursts = await asyncio.gather(*(checks(*seat, CHECKS[0]) for seat in seats))
        answer_cpu = served.cpu_seconds() - before
        before = served.cpu_seconds()
        refused = await checks(*seats[0], args.refused)
        refusal_cpu = served.cpu_seconds() - before
    finally:
        served.stop()
    answered = sum(outcome["answered"] for outcome in bursts)
    per_answer = answer_cpu / max(answered, 1)
    per_refusal = max(refusal_cpu - refused["answered"] * per_answer, 0.0) / max(refused["refused"], 1)
    served = serve(paused=True)
    try:
        [seat] = await seated(served, args.scenario, 1)
        await checks(*seat, CHECKS[0])  # its bucket spent
        before = served.cpu_seconds()
        flood = await checks(*seat, None, args.seconds)
        flood_cpu = served.cpu_seconds() - before
    finally:
        served.stop()
    return {
        "scenario": args.scenario, "checks_answered": answered,
        "server_cpu_us_per_answer": round(per_answer * 1e6),
        "checks_refused": refused["refused"], "server_cpu_us_per_refusal": round(per_refusal * 1e6),
        "refusal_to_answer": round(per_refusal / per_answer, 3) if per_answer else None,
        "flood_seconds": args.seconds, "flood_answered": flood["answered"], "flood_refused": flood["refused"],
        "flood_server_cores": round(flood_cpu / args.seconds, 4),
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    first_line = __doc__.split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m fogbank.bench.checks", description=first_line)
    parser.add_argument("--seats", type=int, default=20, help="seats (a game each) whose checks are answered")
    parser.add_argument("--refused", type=int, default=5000, help="checks refused for their rate, at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long one connection floods checks")
    parser.add_argument("--scenario", default="river_plate")
    print(json.dumps(asyncio.run(bench(parser.parse_args(argv)))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

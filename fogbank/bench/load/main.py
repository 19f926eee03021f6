"""`fogbank bench` and `python -m fogbank.bench.load`: the options, then one JSON object."""

from __future__ import annotations

import argparse
import json

from fogbank import protocols as wire
from fogbank.cli.parser import Parser

from . import __doc__ as about
from .report import bench


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="fogbank bench", description=about.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games, one seat and socket each")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each run (fogbank, then echo)")
    parser.add_argument("--rate", type=float, default=1.0, help="orders a second per seat")
    parser.add_argument("--codec", choices=wire.SUBPROTOCOLS, default=wire.MSGPACK)
    parser.add_argument(
        "--max", action="store_true", help="closed loop: order as soon as the observation is in"
    )
    parser.add_argument(
        "--scenario", default="b11", help="what each game plays (its first seat, by the built-in player)"
    )
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
    parser.add_argument(
        "--lean", action="store_true",
        help="seats send their standing order instead of the built-in player's (cheap clients)",
    )  # fmt: skip
    parser.add_argument("--workers", type=int, default=1, help="server processes (fogbank serve --workers N)")
    parser.add_argument(
        "--sweep", action="store_true",
        help="also run the load closed loop against --workers 1, 2, ... up to the cores, for turns/s and p99",
    )  # fmt: skip
    parser.add_argument(
        "--host-seats", type=int, default=50,
        help="seats for the host's own figures with no sockets (CPU per turn and game end, memory"
        " per seat after 100 turns: fogbank.bench.host); 0 leaves them out",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print one JSON object (for scripts to compare)")
    args = parser.parse_args(argv)
    if args.client_procs is None:
        args.client_procs = 1 if args.in_process else -(-args.games // 2500)
    if args.games < 1 or args.seconds <= 0 or args.rate <= 0:
        parser.error("--games, --seconds and --rate must be positive")
    if args.client_procs < 1 or args.workers < 1 or args.host_seats < 0:
        parser.error("--client-procs and --workers must be positive, --host-seats 0 or more")
    if args.workers > 1 and (args.in_process or args.bus != "embedded"):
        parser.error("--workers runs fogbank serve in processes of its own, embedded")
    _check_scenario(parser, args.scenario)
    result = bench(args)
    print(json.dumps(result, indent=2) if args.json else text(result))
    return 0


def text(result: dict) -> str:
    """The figures a reader compares, one to a line, each beside the echo's from the same run."""
    fogbank, echo = result["fogbank"], result["echo"]
    lines = [
        f"fogbank bench: {result['games']} seats, {result['mode']}, {result['codec']}, {result['scenario']},"
        f" {result['seconds']} s a run, {result['workers']} server process(es); echo = bare websockets baseline",
        f"{'':34}{'fogbank':>12}{'echo':>12}{'ratio':>9}",
        _row("turns/s", result["turns_per_s"], result["echo_turns_per_s"]),
        _row("p50 order-to-view ms", result["p50_ms"], echo["latency_ms"]["p50"]),
        _row("p99 order-to-view ms", result["p99_ms"], result["echo_p99_ms"]),
        _row("server CPU ms per turn", result["server_cpu_ms_per_turn"], result["echo_cpu_ms_per_round_trip"]),
        _row("bytes per observation", result["bytes_per_observation"], echo.get("observation_frame_bytes")),
        _row("frames in per turn", fogbank["frames_in_per_turn"], echo["frames_in_per_turn"]),
        _row("server RSS KiB per connection", result["rss_per_connection_kib"], result["echo_rss_per_connection_kib"]),
    ]
    if result["host"]:
        host = result["host"]
        lines += [
            f"host alone, no sockets ({host['seats']} seats, {host['turns']} turns):",
            f"  CPU ms per turn {host['host_cpu_ms_per_turn']}, per game end {host['game_end_cpu_ms']}"
            f" (a turn played alone {host['turn_alone_cpu_ms']})",
            f"  memory KiB per seat after 20 turns {host['kib_per_seat_after_20_turns']},"
            f" after 100 turns {host['kib_per_seat_after_100_turns']}",
        ]
    if "idle_cores" in result:
        lines.append(
            f"cores busy during the run: server {result['server_cpu_cores']}, clients {result['clients_cpu_cores']},"
            f" the rest of the machine {result['other_cpu_cores']}; idle {result['idle_cores']}"
        )
    for row in result["workers_sweep"]:
        lines.append(
            f"--workers {row['workers']} (closed loop, lean clients): {row['turns_per_s']} turns/s, p50 {row['p50_ms']} ms,"
            f" p99 {row['p99_ms']} ms, {row['server_cpu_ms_per_turn']} ms CPU per turn; cores: server"
            f" {row['server_cpu_cores']} ({row['server_cpu_cores_per_worker']} a worker), clients"
            f" {row['clients_cpu_cores']}, the rest {row['other_cpu_cores']}, idle {row['idle_cores']}"
        )
    lines += [f"goal {name}: {_goal(goal)}" for name, goal in result["goals"].items()]
    lines.append("(--json: every figure, as one JSON object)")
    return "\n".join(lines)


def _goal(goal: dict) -> str:
    """A goal, this run's figure beside it, and whether it was reached (or why it was not judged)."""
    figure = f"this run {_figure(goal['this_run'])}, " if "this_run" in goal else ""
    verdict = {True: "reached", False: "not reached", None: f"not judged ({goal.get('judged', '')})"}
    return f"{goal['goal']:g}: {figure}{verdict[goal['reached']]}"


def _row(name: str, ours: float | None, theirs: float | None) -> str:
    ratio = f"{ours / theirs:9.2f}" if ours and theirs else f"{'':9}"
    return f"{name:34}{_figure(ours):>12}{_figure(theirs):>12}{ratio}"


def _figure(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def _check_scenario(parser: argparse.ArgumentParser, scenario: str) -> None:
    """Refuse a scenario no ruleset ships, or one whose first seat has no built-in player, up front."""
    from .seats import offline_bots

    try:
        offline_bots(scenario, 1)
    except LookupError as error:
        parser.error(f"--scenario: {error.args[0]}")

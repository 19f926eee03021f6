"""`python -m fogbank.bench.versus`: the options, the runs in turn, and the ratios."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
from typing import Any

from fogbank.cli.parser import Parser

from . import __doc__ as about
from .baseline import DEFAULT, checkout
from .runs import node_modules, run

COLUMNS = (
    "cpu_ms_per_turn", "p99_ms", "rss_per_connection_kib", "rss_per_seat_kib", "turns_per_s", "load_average",
)  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m fogbank.bench.versus", description=about.splitlines()[0])
    add = parser.add_argument
    add("--seats", type=int, nargs="+", default=[1000, 2000], help="seats (a game, a socket each)")
    add("--seconds", type=float, default=25.0, help="each drive's length (b11's 30 turns: 25 s ends no game)")
    add("--rate", type=float, default=1.0, help="orders a second per seat")
    add("--rounds", type=int, default=2, help="rounds of runs, every server once a round (A B C A B C)")
    add("--baseline", nargs="*", default=[DEFAULT],
        help=f"commits of fogbank measured beside this tree (default {DEFAULT}); none for none")  # fmt: skip
    add("--workers", type=int, default=1, help="fogbank serve --workers N, for this tree and the baselines")
    add("--codec", choices=("msgpack", "json"), default="msgpack", help="fogbank's subprotocol")
    add("--no-boardgame", action="store_true", help="leave boardgame.io out (fogbank against its baselines)")
    add("--json", action="store_true", help="print one JSON object")
    add("--save", metavar="PATH", help="also write that JSON object to PATH")
    args = parser.parse_args(argv)
    if min(args.seats) < 1 or args.seconds <= 0 or args.rate <= 0 or args.rounds < 1 or args.workers < 1:
        parser.error("--seats, --seconds, --rate, --rounds and --workers must be positive")
    node_modules()
    builds = {f"fogbank@{_short(commit)}": checkout(commit) for commit in args.baseline}
    servers = [*(() if args.no_boardgame else ("boardgame.io",)), "fogbank", *builds]
    result: dict[str, Any] = {
        "baselines": {name: _describe(commit) for name, commit in zip(builds, args.baseline, strict=True)},
        "workers": args.workers, "seconds": args.seconds, "rate": args.rate, "codec": args.codec,
        "cores": os.cpu_count(), "sizes": [],
    }  # fmt: skip
    for seats in args.seats:
        runs: dict[str, list[dict[str, Any]]] = {server: [] for server in servers}
        for _ in range(args.rounds):
            for server in servers:
                runs[server].append(run(server, seats, args, builds.get(server)))
                if not args.json:
                    print(f"  {seats} seats, {server}: {_brief(runs[server][-1])}", flush=True)
        result["sizes"].append({"seats": seats, "runs": runs, "ratios": _ratios(runs)})
    if args.save:
        with open(args.save, "w") as saved:
            json.dump(result, saved, indent=2)
    print(json.dumps(result, indent=2) if args.json else text(result))
    return 0


def _ratios(runs: dict[str, list[dict[str, Any]]]) -> dict[str, list[float]]:
    """fogbank's CPU a turn over each other server's, round by round (runs in the same round ran
    minutes apart at most, so a busy spell of the machine weighs on both)."""
    ratios = {}
    for other in runs:
        if other != "fogbank":
            pairs = zip(runs["fogbank"], runs[other], strict=True)
            ratios[f"fogbank/{other}"] = [round(a["cpu_ms_per_turn"] / b["cpu_ms_per_turn"], 3)
                                          for a, b in pairs]  # fmt: skip
    return ratios


def _short(commit: str) -> str:
    done = subprocess.run(["git", "rev-parse", "--short", commit], capture_output=True, text=True)
    return done.stdout.strip() or commit


def _describe(commit: str) -> str:
    done = subprocess.run(["git", "log", "-1", "--format=%h %s", commit], capture_output=True, text=True)
    return done.stdout.strip()[:100] or commit


def _brief(one: dict[str, Any]) -> str:
    return (f"{one['cpu_ms_per_turn']} ms CPU a turn, p99 {one['p99_ms']} ms,"
            f" {one['rss_per_connection_kib']} KiB a connection, {one['turns_per_s']} turns/s"
            f" (load {one['load_average']})")  # fmt: skip


def _spread(values: list[float]) -> str:
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    low, high, middle = min(values), max(values), statistics.median(values)
    return f"{middle:.4g}" if low == high else f"{middle:.4g} ({low:.4g}-{high:.4g})"


def _row(name: str, columns: list[str]) -> str:
    widths = (24, 24, 18, 18, 22, 16)
    return f"  {name:15}" + "".join(f" {col:>{width}}" for col, width in zip(columns, widths, strict=True))


def text(result: dict[str, Any]) -> str:
    lines = [
        f"fogbank.bench.versus: {result['rate']:g} order a second a seat, {result['seconds']:g} s a run,"
        f" fogbank {result['codec']} with {result['workers']} worker(s), its store fsync'd SQLite;"
        " boardgame.io 0.50.2 in memory",
        *(f"{name}: {described}" for name, described in result["baselines"].items()),
        "figures: the median of the runs (lowest-highest)",
    ]
    for size in result["sizes"]:
        lines.append(f"{size['seats']} seats:")
        lines.append(_row("", ["CPU ms a turn", "p99 ms", "KiB a conn", "KiB a seat", "turns/s", "load"]))
        for server, runs in size["runs"].items():
            lines.append(_row(server, [_spread([r.get(key) for r in runs]) for key in COLUMNS]))
        for name, values in size["ratios"].items():
            lines.append(f"  CPU a turn, {name}: {_spread(values)}")
    return "\n".join(lines)

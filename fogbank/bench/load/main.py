"""`fogbank bench` and `python -m fogbank.bench.load`: the options, then one JSON object."""

from __future__ import annotations

import argparse
import json

from fogbank import protocols as wire

from . import __doc__ as about
from .report import bench


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fogbank bench", description=about.splitlines()[0])
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
    args = parser.parse_args(argv)
    if args.client_procs is None:
        args.client_procs = 1 if args.in_process else -(-args.games // 2500)
    if args.games < 1 or args.seconds <= 0 or args.rate <= 0:
        parser.error("--games, --seconds and --rate must be positive")
    if args.client_procs < 1:
        parser.error("--client-procs must be positive")
    _check_scenario(parser, args.scenario)
    print(json.dumps(bench(args), indent=2))
    return 0


def _check_scenario(parser: argparse.ArgumentParser, scenario: str) -> None:
    """Refuse a scenario no ruleset ships, or one whose first seat has no built-in player, up front."""
    from .seats import offline_bots

    try:
        offline_bots(scenario, 1)
    except LookupError as error:
        parser.error(f"--scenario: {error.args[0]}")

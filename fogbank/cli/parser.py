"""Every `fogbank` command's options, in one place; each command's work is in a module of its own."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any, Callable, NoReturn
from urllib.parse import urlsplit

from . import arena, broker, new, play, serve, simulate, terminal, verify
from . import scenario as scenario_file


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (the usage is a `--help` away), exit status 2.
    `more_help`: text worked out only when `--help` asks for it (every scenario, say), after the rest."""

    def __init__(self, *args: Any, more_help: Callable[[], str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.more_help = more_help

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def format_help(self) -> str:
        return super().format_help() + (f"\n{self.more_help()}" if self.more_help else "")


def port(text: str) -> int:
    """A TCP port number, 0 to 65535 (0: any free port)."""
    try:
        number = int(text)
    except ValueError:
        number = -1
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0 to 65535)")
    return number


def count(text: str) -> int:
    """A whole number, 1 or more."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 1 or more")
    return number


def scenario(text: str) -> str:
    """A scenario some ruleset ships: an id, ruleset/scenario, or a ruleset (its first)."""
    from fogbank.rules.core import find_scenario

    try:
        find_scenario(text)
    except LookupError as error:
        raise argparse.ArgumentTypeError(str(error.args[0] if error.args else error)) from None
    return text


def server_url(text: str) -> str:
    """A fogbank server's websocket address, ws://HOST:PORT/ or wss://..."""
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise argparse.ArgumentTypeError(f"{text!r} is not a server address (ws://HOST:PORT/ or wss://...)")
    return text


def any_server_url(text: str) -> str:
    """A fogbank server's address as its websocket (ws://, wss://) or its pages (http://, https://)
    have it: `fogbank new` speaks HTTP to it either way, and an umpire may copy the games page's."""
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss", "http", "https") or not parts.hostname:
        raise argparse.ArgumentTypeError(f"{text!r} is not a server address (ws://HOST:PORT/, http://HOST:PORT/ or wss://...)")
    return text


def public_url(text: str) -> str:
    """The server's address for players, http(s)://HOST[:PORT][/PATH], no query or fragment."""
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise argparse.ArgumentTypeError(f"{text!r} is not a public address (https://HOST or http://HOST:PORT)")
    return text.rstrip("/")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="fogbank", description="An umpire for hidden-information naval wargames.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser("simulate", help="run headless games with the rulesets' built-in players")
    games.add_argument("scenario", help="a scenario id, ruleset/scenario, or a ruleset (its first scenario)")
    games.add_argument("--seed", default="1", help="the run's seed; each game's seed derives from it")
    games.add_argument("--games", type=count, default=1)
    games.add_argument(
        "--logs", type=Path, default=Path("fogbank-data/simulate"), help="folder for game logs"
    )
    games.add_argument("--json", action="store_true", help="one JSON line per game (the default output)")
    games.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a game option the scenario offers (repeatable), e.g. --option battles=hex",
    )
    games.set_defaults(run=simulate.run)

    tried = commands.add_parser(
        "arena", help="many games with named plans on each side: wins, draws and losses with intervals, rule use"
    )
    tried.add_argument("scenario", nargs="?", type=scenario, default=None,
                       help="a scenario id, ruleset/scenario, or a ruleset (its first scenario)")
    tried.add_argument("--all", action="store_true",
                       help="what docs/balance.md shows of every scenario, or of the one named (its"
                            " section of an existing --markdown file is replaced, the rest kept)")
    tried.add_argument("--games", type=count, default=arena.BALANCE_GAMES, help="games a run (default 200)")
    tried.add_argument("--seed", default="1", help="the run's seed; game N is simulate's game N")
    tried.add_argument("--policy", action="append", default=[], metavar="SIDE=NAME",
                       help="the plan a side plays (repeatable; default: the standard player)")
    tried.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                       help="a game option the scenario offers (repeatable)")
    tried.add_argument("--vs", action="store_true", help="every policy of each side against every policy of the other")
    tried.add_argument("--jobs", type=count, default=os.cpu_count() or 1, help="processes (default: the cores)")
    tried.add_argument("--json", action="store_true", help="the figures as JSON (stable for a seed)")
    tried.add_argument("--html", type=Path, default=None, metavar="FILE", help="also write a page of charts")
    tried.add_argument("--markdown", type=Path, default=None, metavar="FILE",
                       help="also write the figures as Markdown (docs/balance.md)")
    tried.add_argument("--logs", type=Path, default=None, metavar="DIR", help="keep every game's log here")
    tried.set_defaults(run=arena.run)

    designer = commands.add_parser("scenario", help="a scenario designer's tools (docs/scenarios.md)")
    designs = designer.add_subparsers(dest="action", required=True, metavar="ACTION")
    reading = designs.add_parser(
        "check", help="read a scenario file as a game would: OK and what it sets up, or a line a problem")
    reading.add_argument("file", help="a scenario (or map) file, or the id of a scenario a ruleset ships")
    reading.add_argument("--ruleset", default=None,
                         help="the rules it is for (default: the ruleset whose scenarios folder holds it)")
    reading.set_defaults(run=scenario_file.check)

    check = commands.add_parser("verify", help="re-derive every roll of a finished game from its seed")
    check.add_argument("log", type=Path)
    check.add_argument(
        "--commitment", metavar="HEX",
        help="the dice commitment you were shown when the game began: the log must carry the same",
    )
    check.set_defaults(run=verify.run)

    main_job = commands.add_parser(
        "play", help="the main job: an embedded server, a new game, and its ruleset's terminal client"
    )
    main_job.add_argument(
        "scenario", nargs="?", default=None, help="a scenario id (default: the first ruleset's first)"
    )
    main_job.add_argument(
        "--data", type=Path, default=Path("fogbank-data"), help="folder for the server's store"
    )
    main_job.add_argument("--host", default="127.0.0.1")
    main_job.add_argument("--port", type=port, default=8765, help="0: any free port (default 8765, else any)")
    main_job.add_argument(
        "--headless", action="store_true", help="no client: the built-in players play, the game is told"
    )
    main_job.add_argument("--seed", default=None, help="with --headless: replay a known game")
    main_job.add_argument(
        "--browser", action="store_true",
        help="play in the browser (the seat's page is printed and opened); built-in players take the other seats"
        " (chosen anyway for a ruleset with no terminal client)",
    )  # fmt: skip
    main_job.add_argument("--seat", default=None, help="with --browser: the seat you take (default: the game's first)")
    main_job.add_argument("--no-open", dest="open", action="store_false", help="with --browser: print the seat's address only")
    main_job.add_argument(
        "--resume", action="store_true", help="go back to the last game play made (DATA/last-game.json)"
    )
    main_job.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a game option the scenario offers (repeatable), e.g. --option battles=hex",
    )
    main_job.set_defaults(run=play.run)

    seat = commands.add_parser("sub", help="a seat's terminal client (its ruleset's), on a running server")
    seat.add_argument("--server", default="ws://127.0.0.1:8765/")
    seat.add_argument("--token", required=True, help="the seat's token (from fogbank new)")
    seat.add_argument("--logs", type=Path, default=Path("."), help="where to save the game's log at the end")
    seat.set_defaults(run=terminal.run)

    server = commands.add_parser("serve", help="run the server (embedded: everything in one process)")
    server.add_argument("--host", default="127.0.0.1")
    server.add_argument("--port", type=port, default=8765)
    server.add_argument("--data", type=Path, default=None,
                        help="folder for the SQLite store (default fogbank-data; a gateway role has none)")
    server.add_argument("--bus", default=None, metavar="mqtt[s]://USER:PASS@HOST:PORT",
                        help="run on an MQTT broker (default: embedded, no broker); mqtts:// for TLS;"
                        " a missing password is read from $FOGBANK_MQTT_PASSWORD")
    server.add_argument("--bus-ca", type=Path, default=None,
                        help="with mqtts://: the CA certificate the broker's must chain to (default:"
                        " $FOGBANK_MQTT_CA, else the system's CAs)")
    server.add_argument("--bus-cert", type=Path, default=None,
                        help="with mqtts://: a client certificate to show the broker"
                        " (default: $FOGBANK_MQTT_CERT)")
    server.add_argument("--bus-key", type=Path, default=None,
                        help="the client certificate's private key"
                        " (default: $FOGBANK_MQTT_KEY, else in --bus-cert)")
    server.add_argument("--ended-grace", type=float, default=None, metavar="SECONDS",
                        help="a host keeps an ended game's broker credentials this long, so its players can"
                        " read the end (default 600)")
    server.add_argument("--workers", type=int, default=1, metavar="N",
                        help="N processes behind one port, each holding its own games (embedded only;"
                        " a data folder is served with the same N each time)")
    server.add_argument("--role", choices=("gateway", "host", "both"), default="both",
                        help="with --bus: websocket gateway, game host, or both in this process")
    server.add_argument("--host-id", default=None, help="a host's name on the bus (default: DATA/host.id)")
    server.add_argument("--admin-key-file", type=Path, default=None,
                        help="a gateway's admin key for /admin/new"
                        " (default: $FOGBANK_ADMIN_KEY or DATA/admin.key)")
    server.add_argument("--public-url", type=public_url, default=None, metavar="https://HOST",
                        help="where players reach the server (behind a proxy, say), for the links it gives"
                        " (default: the address each request was made to)")
    server.add_argument("--behind-proxy", action="store_true",
                        help="a proxy on this machine (Caddy, nginx) passes every connection on: count wrong"
                        " tokens against the address it forwards (X-Forwarded-For), not its own")
    server.add_argument("--smtp", default=None, metavar="HOST[:PORT]",
                        help="an SMTP server for e-mail nudges (login from $FOGBANK_SMTP_USER and"
                        " $FOGBANK_SMTP_PASSWORD, if set); without it, webhooks only")
    server.add_argument("--smtp-from", default=None, metavar="ADDRESS",
                        help="the nudges' sender (default fogbank@ the host's name)")
    server.add_argument("--smtp-starttls", action="store_true", help="STARTTLS before logging in (port 587, say)")
    server.add_argument("--allow-private-nudges", action="store_true",
                        help="let umpires' webhooks be at private addresses (loopback, a LAN, link-local);"
                        " by default nudges are posted to public addresses only")
    server.set_defaults(run=serve.run)  # fmt: skip

    init = commands.add_parser("broker-init", help="write a Mosquitto config and credentials for --bus")
    init.add_argument("dir", type=Path, help="the broker's folder (config, credentials, persistence)")
    init.add_argument("--port", type=port, default=1883)
    init.add_argument("--bind", default="127.0.0.1")
    init.add_argument("--user", default=None, help="the user mosquitto runs as (default: you)")
    init.set_defaults(run=broker.init)

    gateway = commands.add_parser(
        "broker-gateway", help="give a gateway its own broker client and reply role; prints its credentials"
    )
    gateway.add_argument("name", help="the gateway's broker username (letters, digits, - and _)")
    gateway.add_argument("--bus", required=True, metavar="mqtt[s]://fogbank-admin@HOST:PORT",
                         help="the broker, as its admin user (password from $FOGBANK_MQTT_PASSWORD)")
    gateway.add_argument("--bus-ca", type=Path, default=None)
    gateway.add_argument("--bus-cert", type=Path, default=None)
    gateway.add_argument("--bus-key", type=Path, default=None)
    gateway.set_defaults(run=broker.gateway)  # fmt: skip

    game = commands.add_parser(
        "new", help="create a game on a running server; prints its tokens as JSON, then each seat's link",
        more_help=new.scenarios_help)
    game.add_argument("scenario", help="a scenario id (listed below), ruleset/scenario, or a ruleset")
    game.add_argument("--name", default="", help="the game's name, shown to its players, in its pages' titles"
                      ' and its nudges (at most 60 characters), e.g. --name "Tuesday club: River Plate"')
    game.add_argument("--server", type=any_server_url, default="ws://127.0.0.1:8765/",
                      help="the server's address, as serve printed it or as the games page has it")
    game.add_argument("--admin-key", default=None, help="default: read from DATA/admin.key")
    game.add_argument("--data", type=Path, default=Path("fogbank-data"))
    game.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a game option the scenario offers (repeatable), e.g. --option dummy=false",
    )
    game.add_argument("--json", action="store_true", help="print the JSON only, not the links after it")
    game.set_defaults(run=new.run)

    # Listed for --help only: main() hands everything after `bench` to the bench's own parser.
    commands.add_parser("bench", help="load bench: many bot games over websockets (fogbank/bench/load/)")
    return parser

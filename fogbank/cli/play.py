"""`fogbank play`: the main job, a game at this terminal with its server inside this process.

An embedded server, a new game (kept in DATA/last-game.json for `play --resume`), the umpire
console's address printed, and the ruleset's terminal client on the game's first seat. With
`--browser`, or for a ruleset with no terminal client, the seat is played in a browser and the
other seats by the built-in players (`browser.py`). With `--headless` the built-in players play
every seat instead (`headless.py`).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

from fogbank.rules.core import Refused, Ruleset, find_ruleset, find_scenario, rulesets
from fogbank.rules.core.game import check_options
from fogbank.server.app import parse_options

from . import terminal
from .browser import serve_in_browser
from .private import private_writer

LAST_GAME = "last-game.json"  # in play's --data folder: the last game play made, with its tokens


def run(args: argparse.Namespace) -> int:
    try:
        args.scenario = args.scenario or first_scenario()
        check_options(*find_scenario(args.scenario), parse_options(args.option))  # one line, headless or not
    except LookupError as error:
        print(f"fogbank play: {error.args[0]}", file=sys.stderr)
        return 2
    except (ValueError, Refused) as error:
        print(f"fogbank play: {getattr(error, 'sentence', None) or error}", file=sys.stderr)
        return 2
    if args.headless:
        from .headless import play_headless

        return play_headless(args)
    return play(args)


def first_scenario() -> str:
    """What `play` plays when not told: the first scenario of the first ruleset registered."""
    for ruleset in rulesets().values():
        return ruleset.scenarios()[0]
    raise LookupError("no ruleset is installed")


def play(args: argparse.Namespace) -> int:
    """An embedded server, a new game (or the last one, with --resume), and the ruleset's terminal
    client on its first seat."""
    import asyncio
    import logging

    from fogbank.server.app import Server

    try:
        args.data.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"fogbank play: cannot make {args.data}: {error.strerror}", file=sys.stderr)
        return 2
    # The terminal belongs to the client: the server logs to a file.
    logging.basicConfig(filename=args.data / "fogbank.log", level=logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")  # fmt: skip

    created = None
    if args.resume:
        created = load_last_game(args.data)
        if created is None:
            print(f"fogbank play: no game to resume in {args.data} (no {args.data / LAST_GAME});"
                  " start one with fogbank play", file=sys.stderr)  # fmt: skip
            return 2
    try:
        ruleset = _ruleset_of(created, args.scenario)
    except LookupError as error:
        print(f"fogbank play: {error.args[0]}", file=sys.stderr)
        return 2
    client = None if args.browser else terminal.client_module(ruleset)
    goodbye = ""

    async def serve_and_play() -> None:
        nonlocal created, goodbye
        try:
            server = await Server.start(args.host, args.port, args.data)
        except OSError as error:
            if args.port == 0:
                raise
            print(f"fogbank play: port {args.port} is taken ({error.strerror}); using a free one.")
            server = await Server.start(args.host, 0, args.data)
        try:
            if created is None:
                created = await server.create_game(args.scenario, parse_options(args.option))
                save_last_game(args.data, created)
            if client is None:  # the browser's: a seat page, and bots in the other seats
                goodbye = come_back_words(args.data, args.host, server.port, created, browser=True)
                await serve_in_browser(server, args, created)
                return
            banner = _umpire_banner(args.host, server.port, created)
            goodbye = banner + "\n" + come_back_words(args.data, args.host, server.port, created)
            print(goodbye, flush=True)
            url = f"ws://{args.host}:{server.port}/"
            await terminal.play_seat(client, url, first_seat(created)[1], args.data, goodbye)
        finally:
            await server.close()

    try:
        asyncio.run(serve_and_play())
    except LookupError as error:
        print(f"fogbank play: {error.args[0]}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(goodbye)
        return 130
    except OSError as error:  # no free port, a store that cannot be written...
        print(f"fogbank play: {error}", file=sys.stderr)
        return 1
    print(goodbye)
    return 0


def _ruleset_of(created: dict | None, scenario: str) -> Ruleset:
    if created is None:
        return find_scenario(scenario)[0]
    if "ruleset" in created:
        return find_ruleset(created["ruleset"])
    return find_scenario(created["scenario"])[0]


def first_seat(created: dict) -> tuple[str, str]:
    """The seat `play` opens the client on, and its token: the game's first."""
    return next(iter(created["seats"].items()))


def save_last_game(data: Path, created: dict) -> Path:
    """Keep a game play made, tokens and all, for `play --resume`; readable by its owner only."""
    path = data / LAST_GAME
    with private_writer(path) as file:
        json.dump(created, file, indent=1)
    return path


def load_last_game(data: Path) -> dict | None:
    """The game `save_last_game` kept in `data`, or None if there is none (or it is unreadable)."""
    try:
        created = json.loads((data / LAST_GAME).read_text())
    except (OSError, ValueError):
        return None
    seats = created.get("seats") if isinstance(created, dict) else None
    return created if isinstance(seats, dict) and seats else None


def come_back_words(data: Path, host: str, port: int, created: dict, browser: bool = False) -> str:
    """How to come back to the game after quitting: play again, or a server and the client."""
    seat, token = first_seat(created)
    folder = shlex.quote(str(data))
    if browser:
        return (
            f"To come back to game {created['game']} ({created['scenario']}):\n"
            f"  fogbank play --resume --browser --data {folder}"
        )
    return (
        f"To come back to game {created['game']} ({created['scenario']}):\n"
        f"  fogbank play --resume --data {folder}\n"
        f"or run a server and join seat {seat}:\n"
        f"  fogbank serve --data {folder} --host {host} --port {port}\n"
        f"  fogbank sub --server ws://{host}:{port}/ --token {token}"
    )


def _umpire_banner(host: str, port: int, created: dict) -> str:
    return (
        f"fogbank: game {created['game']} ({created['scenario']}),"
        f" dice commitment {created['commitment'][:16]}...\n"
        f"Umpire console: http://{host}:{port}/umpire#token={created['umpire_token']}\n"
        f"  (address http://{host}:{port}/umpire, umpire token {created['umpire_token']})"
    )

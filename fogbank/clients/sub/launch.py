"""`fogbank play` and `fogbank sub`: starting the submarine's terminal client.

`play` is the main job: an embedded server in this process, a new game (kept in DATA/last-game.json
for `play --resume`), the umpire console's address printed, and the client on the submarine's seat.
`sub` joins a seat of a server running elsewhere.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

LAST_GAME = "last-game.json"  # in play's --data folder: the last game play made, with its tokens


def play(args: argparse.Namespace) -> int:
    """An embedded server, a new game (or the last one, with --resume), and the terminal client
    on its submarine seat."""
    import asyncio
    import logging

    from fogbank.server.app import Server

    args.data.mkdir(parents=True, exist_ok=True)
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
    goodbye = ""

    async def run() -> None:
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
                created = await server.create_game(args.scenario)
                save_last_game(args.data, created)
            banner = _umpire_banner(args.host, server.port, created)
            goodbye = banner + "\n" + come_back_words(args.data, args.host, server.port, created)
            print(goodbye, flush=True)
            url = f"ws://{args.host}:{server.port}/"
            await _run_sub(url, created["seats"]["submarine"], args.data, goodbye)
        finally:
            await server.close()

    try:
        asyncio.run(run())
    except LookupError as error:
        print(f"fogbank play: {error.args[0]}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(goodbye)
        return 130
    print(goodbye)
    return 0


def save_last_game(data: Path, created: dict) -> Path:
    """Keep a game play made, tokens and all, for `play --resume`; readable by its owner only."""
    path = data / LAST_GAME
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)  # an older file keeps its mode through O_CREAT
    with os.fdopen(descriptor, "w") as file:
        json.dump(created, file, indent=1)
    return path


def load_last_game(data: Path) -> dict | None:
    """The game `save_last_game` kept in `data`, or None if there is none (or it is unreadable)."""
    try:
        created = json.loads((data / LAST_GAME).read_text())
    except (OSError, ValueError):
        return None
    return created if isinstance(created, dict) and "seats" in created else None


def come_back_words(data: Path, host: str, port: int, created: dict) -> str:
    """How to come back to the game after quitting: play again, or a server and the client."""
    token = created["seats"]["submarine"]
    folder = shlex.quote(str(data))
    return (
        f"To come back to game {created['game']} ({created['scenario']}):\n"
        f"  fogbank play --resume --data {folder}\n"
        f"or run a server and join the submarine's seat:\n"
        f"  fogbank serve --data {folder} --host {host} --port {port}\n"
        f"  fogbank sub --server ws://{host}:{port}/ --token {token}"
    )


def sub(args: argparse.Namespace) -> int:
    import asyncio

    try:
        asyncio.run(_run_sub(args.server, args.token, args.logs, None))
    finally:
        print(f"To come back: fogbank sub --server {args.server} --token {args.token}")
    return 0


async def _run_sub(url: str, token: str, logs: Path, umpire_note: str | None) -> None:
    from fogbank.clients import Client
    from fogbank.clients.sub import SubApp

    def connect(last_seq: int | None):
        # Patient: a player's connection may be down for a minute or two.
        return Client.connect(url, token, last_seq=last_seq, reconnect_attempts=60, proxy=None)

    await SubApp(connect, log_folder=logs, umpire_note=umpire_note).run_async()


def _umpire_banner(host: str, port: int, created: dict) -> str:
    return (
        f"fogbank: game {created['game']} ({created['scenario']}),"
        f" dice commitment {created['commitment'][:16]}...\n"
        f"Umpire console: http://{host}:{port}/umpire#token={created['umpire_token']}\n"
        f"  (address http://{host}:{port}/umpire, umpire token {created['umpire_token']})"
    )

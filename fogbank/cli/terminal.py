"""A seat's terminal client: the one its ruleset names, on a seat of a server (`fogbank sub`).

A ruleset names its client's module in `Ruleset.terminal_client`; that module's
`play_seat(connect, log_folder=..., umpire_note=...)` plays the seat `connect(last_seq)` joins.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Awaitable, Callable

from fogbank.rules.core import Ruleset, find_ruleset

if TYPE_CHECKING:
    from fogbank.clients import Client


def client_module(ruleset: Ruleset) -> ModuleType | None:
    """The ruleset's terminal client, or None if it has none."""
    return importlib.import_module(ruleset.terminal_client) if ruleset.terminal_client else None


def no_client_words(ruleset: Ruleset) -> str:
    return f"the {ruleset.name} ruleset has no terminal client"


def patient(url: str, token: str, first: Client | None = None) -> Callable[[int | None], Awaitable[Client]]:
    """A client's `connect(last_seq)`: `first` the first time, if given, then a new connection."""
    from fogbank.clients import Client

    waiting = [first] if first is not None else []

    async def connect(last_seq: int | None) -> Client:
        if waiting:
            return waiting.pop()
        # Patient: a player's connection may be down for a minute or two.
        return await Client.connect(url, token, last_seq=last_seq, reconnect_attempts=60, proxy=None)

    return connect


async def play_seat(client: ModuleType, url: str, token: str, logs: Path, umpire_note: str | None,
                    first: Client | None = None) -> None:  # fmt: skip
    await client.play_seat(patient(url, token, first), log_folder=logs, umpire_note=umpire_note)


def run(args: argparse.Namespace) -> int:
    """`fogbank sub`: join the seat, learn its ruleset from the welcome, hand the seat to its client."""
    return asyncio.run(_sub(args))


async def _sub(args: argparse.Namespace) -> int:
    from websockets.exceptions import WebSocketException

    from fogbank.clients import ClientError

    try:
        first = await patient(args.server, args.token)(None)
    except (ClientError, OSError, WebSocketException) as error:
        print(f"fogbank sub: cannot join a seat at {args.server}: {error}", file=sys.stderr)
        return 1
    try:
        ruleset = find_ruleset(first.welcome.ruleset)
    except LookupError as error:
        await first.close()
        print(f"fogbank sub: {error.args[0]}", file=sys.stderr)
        return 2
    client = client_module(ruleset)
    if client is None:
        await first.close()
        print(f"fogbank sub: {no_client_words(ruleset)}", file=sys.stderr)
        return 2
    try:
        await play_seat(client, args.server, args.token, args.logs, None, first)
    finally:
        print(f"To come back: fogbank sub --server {args.server} --token {args.token}")
    return 0

"""`fogbank play SCENARIO --browser`: the game in a browser, its server inside this process.

An embedded server and a new game (or the last one, with --resume); the seat the user takes
(`--seat`, else the game's first) is left for the browser, and every other seat is filled with
its ruleset's built-in player (`Ruleset.bot`, through the bot client: nothing here names a
ruleset). The seat's and the umpire's addresses are printed, and the seat's opened where this
machine has a browser. `play` chooses this too when a ruleset has no terminal client.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import webbrowser
from typing import Callable

from fogbank.clients.bot import run_bot

log = logging.getLogger("fogbank.play")


def seat_url(host: str, port: int, token: str) -> str:
    return f"http://{host}:{port}/play#token={token}"


def chosen_seat(created: dict, seat: str | None) -> str:
    """The seat the user takes: `seat`, or the game's first. Raises LookupError for no such seat."""
    seats = list(created["seats"])
    if seat is None:
        return seats[0]
    if seat not in seats:
        raise LookupError(f"this game has no seat {seat!r}; its seats: {', '.join(seats)}")
    return seat


async def fill_with_bots(url: str, created: dict, taken: str, say: Callable[[str], None]) -> list[asyncio.Task]:
    """A built-in player on every seat but `taken`, each on its own connection; a seat whose
    ruleset has no built-in player is left open (its address is printed for someone to take)."""

    async def play(seat: str, token: str) -> None:
        try:
            await run_bot(url, token)
        except LookupError:
            say(f"  {seat} has no built-in player: take it at {url_of(token)}")
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot's failure leaves its seat to the umpire's release, not the game broken
            log.exception("the built-in player of %s stopped", seat)

    http = url.replace("ws://", "http://").rstrip("/")

    def url_of(token: str) -> str:
        return f"{http}/play#token={token}"

    return [asyncio.create_task(play(seat, token)) for seat, token in created["seats"].items() if seat != taken]


def banner(host: str, port: int, created: dict, taken: str) -> str:
    others = [seat for seat in created["seats"] if seat != taken]
    lines = [
        f"fogbank: game {created['game']} ({created['scenario']}), dice commitment {created['commitment'][:16]}...",
        f"Your seat, {taken}: {seat_url(host, port, created['seats'][taken])}",
        f"Umpire console: http://{host}:{port}/umpire#token={created['umpire_token']}",
    ]
    if others:
        lines.append(f"Built-in players take: {', '.join(others)}")
    lines.append("The server runs until you press Ctrl-C.")
    return "\n".join(lines)


def open_in_browser(url: str) -> bool:
    """Open `url` where this machine has a browser to open it in; False where it has none."""
    try:
        webbrowser.get()
    except webbrowser.Error:
        return False
    return webbrowser.open(url)


async def serve_in_browser(
    server, args: argparse.Namespace, created: dict, say: Callable[[str], None] = print
) -> None:  # fmt: skip
    """Fill the other seats with bots, print the addresses, open the seat's, and serve until cancelled."""
    taken = chosen_seat(created, getattr(args, "seat", None))
    url = f"ws://{args.host}:{server.port}/"
    bots = await fill_with_bots(url, created, taken, say)
    say(banner(args.host, server.port, created, taken))
    if getattr(args, "open", True) and open_in_browser(seat_url(args.host, server.port, created["seats"][taken])):
        say("Opened in your browser.")
    try:
        await asyncio.Event().wait()
    finally:
        for bot in bots:
            bot.cancel()
        await asyncio.gather(*bots, return_exceptions=True)


def refuse(words: str) -> int:
    print(f"fogbank play: {words}", file=sys.stderr)
    return 2

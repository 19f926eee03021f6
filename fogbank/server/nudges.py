"""Nudges: a game's news posted where its players will see it between turns.

A webhook per game (a URL the umpire sets) is posted a small JSON that chat services take as a
message (`text` for Slack, Mattermost, Rocket.Chat and their like, `content` for Discord): a phase
opened, its deadline is near, the game is over. Where the server has an SMTP server, a seat with an
e-mail address is mailed when its orders are due, when their deadline is near and it has not
ordered, and at the end. No nudge carries a secret: the game and a seat's title, never a link or a
token, and never whom the game waits for (the webhook's readers are every side).
"""

from __future__ import annotations

import asyncio
import email.message
import json
import logging
import re
import smtplib
import ssl
import urllib.request
from typing import TYPE_CHECKING, Any

import attrs

from fogbank.rules.core import UMPIRE, Refused

if TYPE_CHECKING:
    from .deadlines import Due
    from .host import Room

log = logging.getLogger("fogbank.nudges")
TIMEOUT = 10.0  # seconds a webhook or an SMTP server has to answer
ADDRESS = re.compile(r"[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+")


@attrs.frozen
class Smtp:
    """Where e-mail nudges go out: an SMTP server, the sender's address, and how to log in."""

    host: str
    port: int = 25
    sender: str = "fogbank@localhost"
    starttls: bool = False
    user: str | None = None
    password: str | None = attrs.field(default=None, repr=False)


def check_webhook(url: str) -> str:
    url = url.strip()
    if not re.fullmatch(r"https?://[^\s/]+(/\S*)?", url) or len(url) > 2000:
        raise Refused("bad_address", "A webhook is an http:// or https:// URL.")
    return url


def check_address(address: str) -> str:
    address = address.strip()
    if address and (not ADDRESS.fullmatch(address) or len(address) > 254):
        raise Refused("bad_address", f"{address[:40]!r} is not an e-mail address.")
    return address


class Nudges:
    """The nudges of every game in one host. `smtp`: None, no e-mail."""

    def __init__(self, smtp: Smtp | None = None) -> None:
        self.smtp = smtp
        self.webhooks: dict[str, str] = {}  # game -> URL
        self.addresses: dict[str, dict[str, str]] = {}  # game -> seat -> e-mail address
        self._queue: asyncio.Queue[tuple[str, Any]] | None = None
        self._sender: asyncio.Task | None = None

    def any_for(self, game_id: str) -> bool:
        return bool(self.webhooks.get(game_id) or self.addresses.get(game_id))

    # What happened.

    def phase_opened(self, room: Room, deadline: str | None, acting: frozenset[str]) -> None:
        if not self.any_for(room.id):
            return
        state = room.game.state
        where = f"turn {state.turn}, {_words(state.phase)}"
        due = f"; orders are due by {_when(deadline)}" if deadline else ""
        self._post(room, "phase_opened", f"{_name(room)}: {where} is open{due}.")
        for seat in sorted(acting):
            self._mail(room, seat, f"Your orders are due: {_name(room)}",
                       f"{_title(room, seat)}: your orders are due for {where}{due}.")  # fmt: skip

    def deadline_near(self, room: Room, due: Due) -> None:
        if not self.any_for(room.id):
            return
        where = f"turn {due.turn}, {_words(due.phase)}"
        self._post(room, "deadline_near", f"{_name(room)}: orders for {where} are due by {_when(due.iso)}.")
        for seat in sorted(room.game.waiting_for()):  # each told of its own order alone
            self._mail(room, seat, f"Your orders are due soon: {_name(room)}",
                       f"{_title(room, seat)}: your orders for {where} are not in, and are due by {_when(due.iso)}."
                       " When the time is up you sail under your standing orders.")  # fmt: skip

    def game_over(self, room: Room) -> None:
        if not self.any_for(room.id):
            return
        outcome = room.game.state.outcome
        reason = f" {outcome.reason}" if outcome is not None else ""
        self._post(room, "game_over", f"{_name(room)}: the game is over.{reason}")
        for seat in sorted(self.addresses.get(room.id, {})):
            self._mail(room, seat, f"The game is over: {_name(room)}",
                       f"{_title(room, seat)}: the game is over.{reason} Your debrief is on your seat's page.")  # fmt: skip

    # Sending, one nudge after another, off the event loop.

    def _post(self, room: Room, event: str, text: str) -> None:
        url = self.webhooks.get(room.id)
        if url:
            body = {"text": text, "content": text, "fogbank": {"event": event, "game": room.id}}
            self._send(("post", url, body))

    def _mail(self, room: Room, seat: str, subject: str, text: str) -> None:
        address = self.addresses.get(room.id, {}).get(seat)
        if address and self.smtp is not None:
            self._send(("mail", address, subject, text))

    def _send(self, nudge: tuple[Any, ...]) -> None:
        if self._queue is None:
            self._queue = asyncio.Queue(maxsize=1000)
            self._sender = asyncio.ensure_future(self._send_all())
        try:
            self._queue.put_nowait(nudge)
        except asyncio.QueueFull:  # a webhook that hangs must not make the server hold every nudge
            log.warning("nudges: the queue is full; one dropped")

    async def _send_all(self) -> None:
        assert self._queue is not None
        while True:
            nudge = await self._queue.get()
            try:
                await asyncio.to_thread(_post if nudge[0] == "post" else self._deliver, *nudge[1:])
            except Exception as error:  # a chat service or mail server away: logged, never fatal
                log.warning("nudge to %s not sent: %s", _where(nudge), error)

    def _deliver(self, address: str, subject: str, text: str) -> None:
        smtp = self.smtp
        assert smtp is not None
        message = email.message.EmailMessage()
        message["From"], message["To"], message["Subject"] = smtp.sender, address, subject
        message.set_content(text + "\n")
        with smtplib.SMTP(smtp.host, smtp.port, timeout=TIMEOUT) as server:
            if smtp.starttls:
                server.starttls(context=ssl.create_default_context())
            if smtp.user:
                server.login(smtp.user, smtp.password or "")
            server.send_message(message)

    async def close(self) -> None:
        if self._sender is not None:
            self._sender.cancel()
            await asyncio.gather(self._sender, return_exceptions=True)


def _post(url: str, body: dict[str, Any]) -> None:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "User-Agent": "fogbank"},
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
        answer.read()


def _where(nudge: tuple[Any, ...]) -> str:
    return str(nudge[1]).split("?")[0][:80]  # a webhook's query may hold its key: not in the log


def _name(room: Room) -> str:
    """The game as its players know it: the umpire's name for it, if any, the scenario's title
    and the game's id."""
    state = room.game.state
    title = room.game.ruleset.briefing(state, UMPIRE).get("title") or state.scenario
    return f"{room.name} ({title}, game {room.id})" if room.name else f"{title} (game {room.id})"


def _title(room: Room, seat: str) -> str:
    state = room.game.state
    return next((s.title or s.name for s in room.game.ruleset.seats(state) if s.name == seat), seat)


def _words(phase: str) -> str:
    return phase.replace("_", " ")


def _when(deadline: str) -> str:
    return deadline.replace("T", " ").replace("Z", " UTC")

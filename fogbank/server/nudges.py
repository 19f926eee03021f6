"""Nudges: a game's news posted where its players will see it between turns.

A club plays by correspondence, a turn an evening, so a nudge is news, never noise: a player
hears once a turn that their orders are due (at the first phase of the turn they must order in;
a phase they are passed over in asks nothing of them), once before each deadline that their own
orders are not in, and at the end how the game ended. The game's chat (a webhook per game, set by
the umpire: `text` for Slack, Mattermost, Rocket.Chat and their like, `content` for Discord) hears
that a turn is open, that a deadline is near, and the result. Each seat's own destination (an
e-mail address, where the server has an SMTP server, or a webhook of its own) is set by the
umpire or by the player from the seat's page, and is turned off there.

No nudge carries a secret: the game and a seat's title, never a link or a token. The chat is read
by every side, so it names nobody the game waits for (docs/decisions.md, "What a seat may learn
from the shape of the stream"); a seat's own nudge names the consorts its own view shows still to
order (`core.waiting_told`), as its page does, and nothing of the enemy.

What is sent is decided here; `delivery.py` sends it (a queue per destination, time limits,
retries), `outbound.py` posts to webhooks (public addresses only, unless the server allows
private ones) and `mail.py` hands e-mail to the SMTP server.
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import attrs

from fogbank.rules import core
from fogbank.rules.core import UMPIRE, Refused

from . import mail, outbound
from .delivery import Delivery

if TYPE_CHECKING:
    from .deadlines import Due
    from .host import Room

LOOK_UP = 5.0  # seconds a webhook's name has to resolve when the umpire sets it
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
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (raises ValueError for a port that is not one)
        (parts.hostname or "").encode("idna")
    except (ValueError, UnicodeError):
        raise Refused("bad_address", "A webhook is an http:// or https:// URL: a host, a port.") from None
    if not parts.hostname or "@" in parts.netloc:
        raise Refused("bad_address", "A webhook is an http:// or https:// URL with a host and no user name.")
    return url


def check_address(address: str) -> str:
    address = address.strip()
    if address and (not ADDRESS.fullmatch(address) or len(address) > 254):
        raise Refused("bad_address", f"{address[:40]!r} is not an e-mail address.")
    return address


class Nudges:
    """The nudges of every game in one host. `smtp`: None, no e-mail. `allow_private`: webhooks
    may be at private addresses (`fogbank serve --allow-private-nudges`: a club's own LAN)."""

    def __init__(self, smtp: Smtp | None = None, allow_private: bool = False) -> None:
        self.smtp = smtp
        self.allow_private = allow_private
        self.webhooks: dict[str, str] = {}  # game -> URL
        self.addresses: dict[str, dict[str, str]] = {}  # game -> seat -> e-mail address
        self.delivery = Delivery(self._deliver)
        self.turn_told: dict[str, int] = {}  # game -> the last turn its chat was told is open
        self.due_told: dict[str, dict[str, int]] = {}  # game -> seat -> the last turn it was told its orders are due

    async def check_webhook(self, url: str) -> str:
        """A webhook the umpire gives, checked as it will be used: a URL whose host is found and
        is at a public address (unless this server allows private ones). Raises `Refused`."""
        url = check_webhook(url)
        parts = urlsplit(url)
        host = (parts.hostname or "").encode("idna").decode()
        try:
            async with asyncio.timeout(LOOK_UP):
                await outbound.resolve(host, parts.port or 443, self.allow_private)
        except TimeoutError:
            raise Refused("unknown_host", f"{host[:60]} could not be looked up in time; try again.") from None
        except outbound.Undelivered as problem:
            code = "private_address" if problem.code == "private_address" else "unknown_host"
            raise Refused(code, problem.sentence) from None
        return url

    async def check_destination(self, to: str) -> str:
        """A seat's own destination: an e-mail address (where this server sends e-mail) or a
        webhook URL, checked as the chat's is; '' for none. Raises `Refused`."""
        to = to.strip()
        if "://" in to:
            return await self.check_webhook(to)
        to = check_address(to)
        if to and self.smtp is None:
            raise Refused("no_mail", "This server sends no e-mail: give a webhook (an https:// URL) instead.")
        return to

    def report(self, game_id: str) -> list[dict[str, Any]]:
        """What became of the game's nudges, for its umpire: a map for each destination."""
        return self.delivery.report(game_id)

    def any_for(self, game_id: str) -> bool:
        return bool(self.webhooks.get(game_id) or self.addresses.get(game_id))

    # What happened.

    def phase_opened(self, room: Room, deadline: str | None, acting: frozenset[str]) -> None:
        """A phase waits for `acting` (the seats that must order in it and were not passed over,
        none a built-in player holds): the chat hears once a turn that the turn is open, each of
        those seats once a turn that its orders are due."""
        if not self.any_for(room.id):
            return
        state = room.game.state
        where = f"turn {state.turn}, {_words(state.phase)}"
        due = f"; orders are due by {_when(deadline)}" if deadline else ""
        if self.turn_told.get(room.id) != state.turn:
            self.turn_told[room.id] = state.turn
            self._post(room, "turn_opened", f"{_name(room)}: {where} is open{due}.")
        told = self.due_told.setdefault(room.id, {})
        for seat in sorted(acting):
            if told.get(seat) == state.turn:
                continue  # told this turn already: the phases after the first are on its page
            told[seat] = state.turn
            self._to_seat(room, seat, "your_turn", f"Your orders are due: {_name(room)}",
                          f"{_title(room, seat)}: your orders are due for {where}{due}.{_consorts(room, seat)}")

    def deadline_near(self, room: Room, due: Due, held: frozenset[str] = frozenset()) -> None:
        """The phase's deadline is near: the chat hears it (naming nobody), each seat whose own
        order is not in is reminded (none a built-in player holds: `held`)."""
        if not self.any_for(room.id):
            return
        where = f"turn {due.turn}, {_words(due.phase)}"
        self._post(room, "deadline_near", f"{_name(room)}: orders for {where} are due by {_when(due.iso)}.")
        for seat in sorted(room.game.waiting_for() - held):  # each told of its own order alone
            self._to_seat(room, seat, "deadline_near", f"Your orders are due soon: {_name(room)}",
                          f"{_title(room, seat)}: your orders for {where} are not in, and are due by {_when(due.iso)}."
                          f" When the time is up you sail under your standing orders.{_consorts(room, seat)}")

    def game_over(self, room: Room) -> None:
        """The game is over: its result, each side's by its title, and why; to the chat and to
        every seat with a destination of its own (the truth is every seat's at the end)."""
        self.turn_told.pop(room.id, None)
        self.due_told.pop(room.id, None)
        if not self.any_for(room.id):
            return
        result = _result(room)
        self._post(room, "game_over", f"{_name(room)}: the game is over. {result}")
        for seat in sorted(self.addresses.get(room.id, {})):
            self._to_seat(room, seat, "game_over", f"The game is over: {_name(room)}",
                          f"{_title(room, seat)}: the game is over. {result} Your debrief is on your seat's page.")

    # Sending: a destination is a webhook's URL or an e-mail address, whoever set it.

    def _post(self, room: Room, event: str, text: str) -> None:
        url = self.webhooks.get(room.id)
        if url:
            body = {"text": text, "content": text, "fogbank": {"event": event, "game": room.id}}
            self.delivery.put(room.id, url, body)

    def _to_seat(self, room: Room, seat: str, event: str, subject: str, text: str) -> None:
        """A seat's own news, to its own destination: an e-mail (where this server has an SMTP
        server) or a webhook of its own, posted as the chat's are."""
        address = self.addresses.get(room.id, {}).get(seat)
        if address and "://" in address:
            self.delivery.put(room.id, address, {"text": text, "content": text,
                                                 "fogbank": {"event": event, "game": room.id, "seat": seat}})
        elif address and self.smtp is not None:
            self.delivery.put(room.id, address, (subject, text))

    async def _deliver(self, destination: str, nudge: Any) -> None:
        if "://" in destination:
            await outbound.post(destination, nudge, self.allow_private)
        else:
            assert self.smtp is not None
            await mail.send(self.smtp, destination, *nudge)

    def changed(self, game_id: str) -> None:
        """The umpire changed the game's destinations: nudges for those dropped are not sent."""
        keep = {self.webhooks.get(game_id) or "", *self.addresses.get(game_id, {}).values()}
        self.delivery.forget(game_id, keep)

    async def close(self) -> None:
        await self.delivery.close()


def _name(room: Room) -> str:
    """The game as its players know it: the umpire's name for it, if any, the scenario's title
    and the game's id."""
    state = room.game.state
    title = room.game.ruleset.briefing(state, UMPIRE).get("title") or state.scenario
    return f"{room.name} ({title}, game {room.id})" if room.name else f"{title} (game {room.id})"


def _consorts(room: Room, seat: str) -> str:
    """The consorts the seat's own view shows still to order, as its page names them ('': none)."""
    awaited = core.waiting_told(room.game, seat).seats
    return f" Also to order: {', '.join(_title(room, s) for s in awaited)}." if awaited else ""


def _result(room: Room) -> str:
    """How the game ended, in words: each side's result by its title, and why."""
    outcome = room.game.state.outcome
    if outcome is None:
        return ""
    titles = room.game.ruleset.side_titles(room.game.state)
    results = "; ".join(f"{titles.get(side, _words(side))}: {result}" for side, result in outcome.results.items())
    return f"{results}. {outcome.reason}".strip() if results else outcome.reason


def _title(room: Room, seat: str) -> str:
    state = room.game.state
    return next((s.title or s.name for s in room.game.ruleset.seats(state) if s.name == seat), seat)


def _words(phase: str) -> str:
    return phase.replace("_", " ")


def _when(deadline: str) -> str:
    return deadline.replace("T", " ").replace("Z", " UTC")

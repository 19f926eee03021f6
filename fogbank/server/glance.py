"""A glance: where a seat's game stands, in a line, for a browser's list of its games (`/play`,
`/umpire`).

A glance joins the seat as any join does, through the bus (so it reaches the game's host wherever
it is), keeps the welcome and, once the game is over, its game_over, leaves at once, and sums them
up. So an entry says nothing the seat's own stream would not: it is made of what that stream
says. The umpire's also names every seat whose order is not in, from his own `games` list.
"""

from __future__ import annotations

import re
from typing import Any

from fogbank import protocols as wire
from fogbank.rules.core import SPECTATOR, UMPIRE

from .bus import Bus


def knows_every_seat(seat: str) -> bool:
    """Whether a glance of `seat` may say whose orders are in: the umpire's alone."""
    return seat == UMPIRE


async def glance(bus: Bus, token: str) -> wire.SeatSummary:
    """The summary of the seat `token` opens (its ref 0). Raises `Refused` or `Forbidden` as a
    join would (a wrong token: `bad_token`)."""
    heard: list[Any] = []
    session = await bus.join(wire.Join(token=token), heard.append)
    try:
        welcome = heard[0]
        games = None
        if knows_every_seat(welcome.seat):
            listed = await session.request(wire.ListGames(ref=0))
            games = next((reply.games[0] for reply in listed if isinstance(reply, wire.GameList)), None)
    finally:
        await session.close()
    over = next((message for message in heard if isinstance(message, wire.GameOver)), None)
    return summary(welcome, over, games)


def short(title: str) -> str:
    """A seat's title as a line has room for: to its first colon or comma ("Vice-Admiral de
    Robeck, Line A: ..." -> "Vice-Admiral de Robeck"), as the umpire's console names seats."""
    return re.split(r"[:,]", title)[0].strip()


def summary(
    welcome: wire.Welcome, over: wire.GameOver | None, games: dict[str, Any] | None = None
) -> wire.SeatSummary:
    """A seat's game in a line, from its welcome, its game_over if it has one, and for the umpire
    the first entry of his `games` (whose orders are not in, whether he holds the phase)."""
    titles = {s.get("seat"): s.get("title") or s.get("seat") or "" for s in welcome.seats}
    waiting, held = list((welcome.waiting or {}).get("seats", [])), False
    if games is not None:
        waiting = [s["seat"] for s in games["seats"] if not s["orders_in"]]
        held = bool(games.get("held"))
    playing = welcome.seat not in (UMPIRE, SPECTATOR)
    going = {  # where play stands: nothing of it once the game is over
        "must_act": welcome.must_act, "order_in": welcome.order_in, "held": held,
        "waiting": [short(titles.get(seat, seat)) for seat in waiting], "deadline": welcome.deadline,
    }  # fmt: skip
    ended = {"over": True, "result": over.result, "results": dict(over.results), "reason": over.reason,
             "must_act": False, "order_in": False} if over else {}  # fmt: skip
    return wire.SeatSummary(
        seq=welcome.seq, ref=0, game=welcome.game, name=welcome.name, ruleset=welcome.ruleset,
        scenario=welcome.scenario, title=str(welcome.briefing.get("title") or welcome.scenario),
        seat=welcome.seat, seat_title=titles.get(welcome.seat, "") if playing else "", side=welcome.side,
        turn=welcome.turn, phase=welcome.phase, side_titles=dict(welcome.side_titles), behind=welcome.behind,
        **(ended or going),
    )  # fmt: skip

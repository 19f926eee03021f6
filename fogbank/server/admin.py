"""The umpire's games page's requests, over plain HTTP with the admin key, and each game's links.

  GET  /admin/scenarios          every scenario the server can start: its title, seats and options
                                 (each with its choices and help text)
  POST /admin/new?scenario=S&option=NAME=VALUE...&name=N   create a game (named N, if given): its
                                 tokens, and `links` to them
  GET  /admin/games[?archived=1] every game in this process's store: its name, scenario, turn, phase,
                                 whom it waits for, last activity, its result once over
  POST /admin/archive?game=ID    put a finished game away (hidden unless `archived=1` is asked)
  POST /admin/rename?game=ID&name=N   give a game a name (or none: an empty N)
  POST /admin/reissue?game=ID&seat=SEAT   a new link for a seat, the spectators or the umpire (the
                                 old one opens nothing from then on): the store keeps no token,
                                 so a link is shown when it is made, and a lost one is replaced

A link is the server's public address (`fogbank serve --public-url`) or, without one, the address
the request was made to (its Host header, and X-Forwarded-Proto from a proxy in front, with
`--behind-proxy`), then
`/play#token=...` for a seat and `/umpire#token=...` for the umpire and the spectators: the token
goes in the fragment, which browsers never send to a server.

The requests that change something are POSTs; one sent as a GET is answered 405 (with `Allow: POST`)
and a sentence, so nothing that repeats or prefetches a GET makes a game.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import TYPE_CHECKING, Any

from fogbank.errors import FogbankError
from fogbank.rules import core
from fogbank.rules.core import SPECTATOR, UMPIRE, Refused, seat_map

if TYPE_CHECKING:
    from websockets.http11 import Request

    from .host import Host


MAX_NAME = 60  # characters in a game's name: a tab's title and a line of a list


class NotHere(FogbankError):
    """This process holds no games (a gateway on a bus): the request is for a game host."""


def game_name(text: str | None) -> str:
    """A game's name as the umpire gave it, its spaces tidied ('' for none). Every seat is told
    it, and nudges carry it: one line of printable text, at most MAX_NAME characters."""
    name = " ".join((text or "").split())
    if any(unicodedata.category(c)[0] == "C" for c in name):
        raise Refused("bad_name", "A game's name is plain text on one line.")
    if len(name) > MAX_NAME:
        raise Refused("bad_name", f"A game's name is at most {MAX_NAME} characters.")
    return name


def base_url(public_url: str | None, request: Request, proxied: bool = False) -> str:
    """Where players reach this server, for links: the public URL given, or the request's own
    (over HTTPS if the proxy in front says so)."""
    if public_url:
        return public_url.rstrip("/")
    scheme = request.headers.get("X-Forwarded-Proto", "http").split(",")[-1].strip().lower() if proxied else "http"
    host = request.headers.get("Host", "127.0.0.1")
    return f"{'https' if scheme == 'https' else 'http'}://{host}"


def link(base: str, seat: str, token: str) -> str:
    return f"{base}/{'umpire' if seat in (UMPIRE, SPECTATOR) else 'play'}#token={token}"


def with_links(created: dict[str, Any], base: str) -> dict[str, Any]:
    """A new game as `create_game` gives it, with a link for every seat, the umpire and spectators."""
    roster = created.get("roster") or [{"seat": seat, "side": "", "title": ""} for seat in created["seats"]]
    return {
        **created,
        "links": {
            "seats": [{**entry, "link": link(base, entry["seat"], created["seats"][entry["seat"]])} for entry in roster],
            "umpire": link(base, UMPIRE, created["umpire_token"]),
            "spectators": link(base, SPECTATOR, created["spectator_token"]),
        },
    }


def link_lines(created: dict[str, Any]) -> list[str]:
    """The links as `fogbank new` prints them, a line each: title, side and link."""
    links = created["links"]
    lines = [f"{entry['title'] or entry['seat']} ({entry['side']}): {entry['link']}" for entry in links["seats"]]
    return [*lines, f"umpire: {links['umpire']}", f"spectators (once you open the game to them): {links['spectators']}"]


@functools.cache
def scenarios() -> list[dict[str, Any]]:
    """Every scenario of every ruleset, as the games page offers them (worked out once)."""
    found = []
    for name, ruleset in sorted(core.rulesets().items()):
        for scenario in ruleset.scenarios():
            try:
                state = core.start(ruleset, scenario, bytes(32)).state
            except Exception:  # a toy or broken ruleset must not take the page down
                continue
            found.append({
                "scenario": scenario,
                "ruleset": name,
                "game": ruleset.title,
                "title": ruleset.briefing(state, UMPIRE).get("title") or scenario,
                "seats": [seat_map(seat) for seat in ruleset.seats(state)],
                "side_titles": dict(ruleset.side_titles(state)),
                "options": {
                    option: {"default": offer.default, "choices": list(offer.choices), "help": offer.help}
                    for option, offer in sorted(ruleset.options(scenario).items())
                },
            })  # fmt: skip
    return found


async def games(host: Host | None, archived: bool) -> list[dict[str, Any]]:
    """Every game in the store, newest first, with where play stands in those in memory."""
    if host is None:
        raise NotHere
    listed = []
    for row in await host.store.games():
        if row.archived and not archived:
            continue
        entry: dict[str, Any] = {
            "game": row.id, "name": row.name, "ruleset": row.ruleset, "scenario": row.scenario,
            "status": row.status, "created": row.created, "active": row.active, "archived": row.archived,
            "result": row.result,
        }  # fmt: skip
        room = host.rooms.get(row.id)
        if room is not None:
            game, state = room.game, room.game.state
            if state.outcome is not None:  # over, perhaps before its row says so
                entry["result"] = {"results": dict(state.outcome.results), "reason": state.outcome.reason}
            entry["side_titles"] = dict(game.ruleset.side_titles(state))
            titles = {s.name: s.title or s.name for s in game.ruleset.seats(state)}
            entry.update(
                title=game.ruleset.briefing(state, UMPIRE).get("title") or row.scenario,
                turn=state.turn, phase=state.phase, cycle=game.cycle.value, held=game.held,
                waiting=[titles[seat] for seat in sorted(game.waiting_for())],
                bots=[titles[seat] for seat in host.stand_ins.seats(row.id)],
                deadline=host.deadlines.due_iso(room), active=room.active or row.active,
            )  # fmt: skip
        elif row.id in host.set_aside:
            entry["status"] = "set aside"
        if "title" not in entry:  # not in memory: the scenario's own title and sides' names
            made = (row.ruleset, row.scenario)
            known = next((s for s in scenarios() if (s["ruleset"], s["scenario"]) == made), {})
            entry.update(title=known.get("title") or row.scenario, side_titles=known.get("side_titles", {}))
        listed.append(entry)
    return listed


async def archive(host: Host | None, game_id: str) -> str | None:
    """Put a finished game away; the sentence why not, or None when done."""
    if host is None:
        raise NotHere
    row = await host.store.game(game_id)
    if row is None:
        return "There is no such game."
    if row.status != "ended":
        return "Only a finished game can be archived: end it first."
    await host.store.set_club(game_id, archived=True)
    return None


async def reissue(host: Host | None, game_id: str, seat: str, base: str) -> dict[str, Any]:
    """A new link for `seat` of a game in play (the umpire's too): its address, the old one cut
    off. Raises LookupError for a game not in play here, `Refused` for a seat it does not have."""
    if host is None:
        raise NotHere
    room = host.rooms.get(game_id)
    if room is None:
        raise LookupError("There is no such game in play on this server.")
    token = await host.reissue(room, seat, umpire_too=True)
    return {"game": game_id, "seat": seat, "link": link(base, seat, token)}

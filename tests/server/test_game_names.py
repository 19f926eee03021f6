"""A game's name (issue 37): given on the games page (`/admin/new?name=`) or later
(`/admin/rename`), kept in the store across a restart, told to every seat on joining, in its
nudges, and on the games page beside its result once it is over."""

from __future__ import annotations

import asyncio
from urllib.parse import urlencode

import attrs
import pytest

from fogbank import protocols as wire
from fogbank.server.app import Server
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_club import Webhook, admin_call, ask, lan  # noqa: F401  (lan: a fixture)
from .test_end_to_end import JSON, open_peer

NAME = "Tuesday club: the picket line"


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


def caller(server):
    """The games page's requests, awaited: (status, JSON or the sentence)."""
    call = admin_call(server)
    return lambda path, method="GET": asyncio.to_thread(call, path, method)


async def test_a_named_game_tells_every_seat_its_name_and_keeps_it_across_a_restart(tmp_path):
    server = await Server.start(port=0, data=tmp_path)  # noqa: F811  (its own: it is started again)
    try:
        call = caller(server)
        made = urlencode({"scenario": "picket", "name": f"  {NAME} "})
        status, created = await call(f"/admin/new?{made}", "POST")
        assert status == 200 and created["name"] == NAME  # its spaces tidied
        for token in (created["seats"]["blue1"], created["umpire_token"]):
            peer = await open_peer(server, token)
            assert peer.welcome.name == NAME
        unnamed = await server.create_game("picket")
        peer = await open_peer(server, unnamed["seats"]["blue1"], codec=JSON)
        raw = peer.codec.encode_server(peer.welcome)
        assert '"name"' not in raw  # a game with none sends the bytes it always did
        renamed = urlencode({"game": unnamed["game"], "name": "Second"})
        status, _ = await call(f"/admin/rename?{renamed}", "POST")
        assert status == 200
        assert (await open_peer(server, unnamed["seats"]["red1"])).welcome.name == "Second"
    finally:
        await server.close()
    server = await Server.start(port=0, data=tmp_path)  # noqa: F811  (the names are the store's)
    try:
        assert (await open_peer(server, created["seats"]["red2"])).welcome.name == NAME
        assert (await open_peer(server, unnamed["umpire_token"])).welcome.name == "Second"
    finally:
        await server.close()


async def test_a_name_that_is_no_name_is_refused_in_words(server):
    call = caller(server)
    for name in ("x" * 61, "a bell\x07"):
        status, refused = await call(f"/admin/new?{urlencode({'scenario': 'picket', 'name': name})}", "POST")
        assert status == 400 and "name" in refused
    status, refused = await call(f"/admin/rename?{urlencode({'game': 'nosuch', 'name': 'A'})}", "POST")
    assert status == 404


async def test_the_games_page_lists_the_name_and_once_over_the_result(server):
    call = caller(server)
    created = await server.create_game("picket", name=NAME)
    _, games = await call("/admin/games")
    entry = next(g for g in games["games"] if g["game"] == created["game"])
    assert (entry["name"], entry["result"]) == (NAME, None)
    umpire = await open_peer(server, created["umpire_token"])
    ending = wire.EndGame(ref=0, reason="The fog came down.", results={"blue": "victory"})
    await ask(umpire, lambda ref: attrs.evolve(ending, ref=ref))
    _, games = await call("/admin/games")
    entry = next(g for g in games["games"] if g["game"] == created["game"])
    assert entry["result"] == {"results": {"blue": "victory", "red": "ended"}, "reason": "The fog came down."}
    room = server.host.rooms[created["game"]]
    await umpire.ws.close()
    while room.presence["umpire"]["connected"]:
        await asyncio.sleep(0.02)
    server.host._evict(room)  # let go from memory: the store's row says how it ended
    assert created["game"] not in server.host.rooms
    _, games = await call("/admin/games")
    entry = next(g for g in games["games"] if g["game"] == created["game"])
    assert entry["result"] == {"results": {"blue": "victory", "red": "ended"}, "reason": "The fog came down."}
    assert entry["name"] == NAME and entry["title"]


async def test_nudges_carry_the_games_name(lan):  # a webhook on the loopback: as a club's LAN
    hook = Webhook()
    try:
        created = await lan.create_game("picket", name=NAME)
        room = lan.host.rooms[created["game"]]
        umpire = await open_peer(lan, created["umpire_token"])
        await ask(umpire, lambda ref: wire.SetNudges(ref=ref, webhook=hook.url))
        for seat in ("blue1", "blue2", "red1", "red2"):
            await lan.host.order(room, seat, 1, {"move": 0})
        opened = await hook.until("turn_opened")
        assert opened["text"] == f"{NAME} (picket, game {created['game']}): turn 1, fire is open."
    finally:
        hook.close()

"""A Great War at Sea game with battles=hex over the server: contact hands the battle to a linked
Salvo game in the same host, the bots play it to its end, and the parent goes on with the damage."""

from __future__ import annotations

import asyncio

import pytest
from unittest import mock

from fogbank import protocols as wire
from fogbank.clients.bot import run_bot
from fogbank.rules import core
from fogbank.rules.record import gamelog
from fogbank.rules.record.replay import apply_input
from fogbank.rules.record.verify import verify_records
from fogbank.server import engagements
from fogbank.server import host as host_module
from fogbank.server.app import Server
from fogbank.server.host import _start_of

from .test_end_to_end import open_peer


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


# A war whose first battle (turn 3) is linked, fought to its end in a few seconds and costs a ship
# boxes: the game is the same every run, so a loaded machine makes it slower, never longer.
SEED = bytes([9]) * 32


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every game the server makes has the seed SEED (the parent and the battles it links)."""
    real = host_module.secrets.token_bytes
    monkeypatch.setattr(host_module.secrets, "token_bytes", lambda n=None: SEED if n == 32 else real(n))


async def bloody(host, game_id, timeout=300):
    """The first settle input of the game whose battle cost a ship boxes, waiting for one (the
    bots' game goes as the server's dice fall; slow when the machine is loaded). A battle that
    could not be linked fails it at once: the parent would wait for the umpire for ever."""
    async with asyncio.timeout(timeout):
        while True:
            links = host.links.by_parent.get(game_id, {}).values()
            failed = [link.error for link in links if link.status == "failed"]
            assert not failed, f"a battle was not linked: {failed}"
            settles = [e.record for e in await host.store.load_log(game_id) if e.record["input"] == "settle"]
            for record in settles:
                if any(ship["lost"] for ship in record["result"]["ships"]):
                    return record
            if settles and host.rooms[game_id].game.state.ended:  # a bloodless war: the first battle
                return settles[0]
            await asyncio.sleep(0.2)


RULES_GW = core.find_ruleset("greatwar")


def settles(host, game_id):
    return [link for link in host.links.by_parent.get(game_id, {}).values()]


async def until(condition, timeout=300):
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.05)


async def bots_until(server, tokens, condition):
    """Built-in players on `tokens` (they follow their links) until `condition` holds."""
    url = f"ws://127.0.0.1:{server.port}/"
    bots = [asyncio.create_task(run_bot(url, token)) for token in tokens]
    try:
        await until(condition)
    finally:
        for task in bots:
            task.cancel()
        await asyncio.gather(*bots, return_exceptions=True)


async def test_a_hex_battle_is_fought_in_a_linked_game_by_bots_and_the_parent_goes_on(server):
    created = await server.create_game("black_sea", {"battles": "hex"})
    host = server.host
    parent_id = created["game"]
    url = f"ws://127.0.0.1:{server.port}/"
    links = {}
    peers = {}
    for seat, token in created["seats"].items():
        peers[seat] = await open_peer(server, token)

    async def listen(seat):
        # Read with no deadline of its own (a seat hears nothing while a battle is fought
        # elsewhere): Python 3.11's wait_for swallows a cancellation that comes as its read
        # completes, and a listener cancelled so read on for ever.
        peer = peers[seat]
        while True:
            message = peer.codec.decode_server(await peer.ws.recv())
            if isinstance(message, wire.LinkMessage):
                links.setdefault(seat, []).append(message)

    listeners = [asyncio.create_task(listen(seat)) for seat in peers]
    bots = [asyncio.create_task(run_bot(url, token)) for token in created["seats"].values()]
    try:
        # A battle with losses: linked, fought to its end by the bots, settled into the parent.
        settle = await bloody(host, parent_id)
        link = host.links.by_parent[parent_id][settle["engagement"]]
    finally:
        for task in (*bots, *listeners):
            task.cancel()
        await asyncio.gather(*bots, *listeners, return_exceptions=True)

    child = host.rooms.get(link.child) or (await host.authenticate(link.tokens["umpire"]))[0]
    assert child.game.state.ruleset == "salvo" and child.game.cycle is core.Cycle.ENDED
    # The linked game's own log verifies on its own, its header starting it from the engagement.
    records = await host.store.load_records(link.child)
    assert any(r["type"] == "input" and r["input"] == "order" for r in records)
    verify_records([gamelog.header(_start_of(child.game)), *records, gamelog.end_record(child.game)])  # raises on a mismatch
    fighting = {s for s in link.tokens if s != "umpire"}
    assert set(core.find_ruleset("salvo").seat_names(child.game.state)) == fighting
    # Only the seats that fight were told the linked game, each its own token.
    told = {seat: [m for m in messages if m.game == link.child] for seat, messages in links.items()}
    assert {seat for seat, messages in told.items() if messages} == fighting
    for seat in fighting:
        assert {m.token for m in told[seat]} == {link.tokens[seat]} and "/play#token=" in told[seat][0].text
    # The parent's log carries the settle input with the result, and the damage is applied.
    entries = await host.store.load_log(parent_id)
    result = core.find_ruleset("salvo").engagement_result(child.game.state)
    assert settle["result"]["ships"] == [
        {"name": s.name, "lost": s.lost, "sunk": s.sunk, "guns_lost": list(s.guns_lost)} for s in result.ships]
    game = core.start(core.find_ruleset("greatwar"), "black_sea", (await host.store.game(parent_id)).seed, {"battles": "hex"})
    for entry in entries:  # the parent as the settle left it
        game = apply_input(game, entry.record).game
        if entry.record == settle:
            break
    board = game.state.board
    for ship in result.ships:
        if ship.sunk:
            assert all(ship.name not in f.ships for f in board.fleets)
        elif ship.lost or any(ship.guns_lost):  # damaged this turn (damage control may have mended boxes)
            assert board.ships[ship.name].damaged_turn == settle["turn"]
    # The contact phase goes on once its last battle is settled: the next turn's orders are due.
    if not RULES_GW.engagements(game.state):
        assert (game.state.turn, game.state.phase) == (settle["turn"] + 1, "orders") or game.state.ended
    # The umpire's console lists the linked game, with its console's address.
    umpire = await open_peer(server, created["umpire_token"])
    listing = await umpire.request(lambda ref: wire.ListGames(ref=ref))
    linked = [g for g in listing.games if g.get("engagement") == link.engagement]
    assert linked and linked[0]["game"] == link.child and linked[0]["umpire"].startswith("/umpire#token=")


async def test_a_restart_in_the_middle_resumes_both_games_and_the_link(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    try:
        created = await server.create_game("black_sea", {"battles": "hex"})
        await bots_until(server, created["seats"].values(),
                         lambda: any(l.status == "fighting" for l in settles(server.host, created["game"])))
        links = [l for l in settles(server.host, created["game"]) if l.status == "fighting"]  # a turn may have several
        link = links[0]
    finally:
        await server.close()
    server = await Server.start(port=0, data=tmp_path)
    try:
        host = server.host
        assert host.rooms[created["game"]].game.awaiting
        assert host.links.by_child[link.child].status == "fighting"
        # A fighting seat that joins afresh finds its token in its snapshot; the bots play the
        # battles, and the parent goes on.
        seat = next(s for s in link.tokens if s != "umpire")
        peer = await open_peer(server, created["seats"][seat])
        snapshot = await peer.until(wire.Snapshot)
        assert link_of(snapshot.view["linked"], link) == {"game": link.child, "token": link.tokens[seat], "engagement": link.engagement}
        parent = host.rooms[created["game"]]
        await bots_until(server, [t for l in links for s, t in l.tokens.items() if s != "umpire"],
                         lambda: not parent.game.awaiting or parent.game.state.ended)
        assert all(host.links.by_parent[created["game"]][l.engagement].status == "settled" for l in links)
    finally:
        await server.close()


def link_of(linked, link):
    return next(x for x in linked if x["engagement"] == link.engagement)


async def test_the_umpire_settles_an_abandoned_battle_and_the_linked_game_is_ended(server):
    created = await server.create_game("black_sea", {"battles": "hex"})
    host = server.host
    await bots_until(server, created["seats"].values(), lambda: any(l.status == "fighting" for l in settles(host, created["game"])))
    links = [l for l in settles(host, created["game"]) if l.status == "fighting"]  # a turn may have several
    umpire = await open_peer(server, created["umpire_token"])
    refused = await umpire.request(lambda ref: wire.Release(ref=ref))
    assert isinstance(refused, wire.Error) and refused.code == "awaiting_battle"
    bad = await umpire.request(lambda ref: wire.Override(ref=ref, override={"settle": links[0].engagement, "result": {"ships": 3}}, reason="abandoned"))
    assert isinstance(bad, wire.Error) and bad.code == "bad_engagement_result"
    ending, end = [], host.store.end

    def logged_end(game_id, *args, **kwargs):  # how each battle stood as its game's end was logged
        ending.append((game_id, host.links.by_child[game_id].status))
        return end(game_id, *args, **kwargs)

    host.store.end = logged_end
    for link in links:
        done = await umpire.request(lambda ref, link=link: wire.Override(
            ref=ref, override={"settle": link.engagement, "result": {"ships": [], "summary": "Both drew off."}}, reason="abandoned"))
        assert isinstance(done, wire.Ack)
        assert host.rooms[link.child].game.cycle is core.Cycle.ENDED
        assert host.links.by_parent[created["game"]][link.engagement].status == "settled"
    # A battle is settled once its game's end is on disk, never while that game still plays.
    assert ending == [(link.child, "fighting") for link in links]
    assert not host.rooms[created["game"]].game.awaiting


async def test_a_battle_no_ruleset_can_fight_is_shown_to_the_umpire_and_the_parent_waits(server):
    def unlinked(engagement, parent):
        raise core.Refused("bad_engagement", "No ruleset here can fight that battle.")

    created = await server.create_game("black_sea", {"battles": "hex"})
    host = server.host
    with mock.patch.object(engagements.core, "host_for", unlinked):
        await bots_until(server, created["seats"].values(), lambda: any(l.status == "failed" for l in settles(host, created["game"])))
    room = host.rooms[created["game"]]
    assert room.game.awaiting and room.game.cycle is core.Cycle.ORDERS
    umpire = await open_peer(server, created["umpire_token"])
    listing = await umpire.request(lambda ref: wire.ListGames(ref=ref))
    failed = [g for g in listing.games if g.get("link") == "failed"]
    assert failed[0]["error"] == {"code": "bad_engagement", "sentence": "No ruleset here can fight that battle."}
    assert failed[0]["game"] is None


async def test_a_battle_that_ended_before_a_crash_is_settled_when_the_server_comes_back(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    try:
        created = await server.create_game("black_sea", {"battles": "hex"})
        host = server.host

        async def no_give_back(link, child):  # the crash: the battles' ends are on disk, their results are not
            return None

        def all_ended():
            links = settles(host, created["game"])
            return links and all(l.child in host.rooms and host.rooms[l.child].game.cycle is core.Cycle.ENDED for l in links)

        with mock.patch.object(engagements.Links, "_give_back", no_give_back):
            await bots_until(server, created["seats"].values(), all_ended)
        names = sorted(l.engagement for l in settles(host, created["game"]) if l.status == "fighting")
        assert names and host.rooms[created["game"]].game.awaiting
    finally:
        await server.close()
    server = await Server.start(port=0, data=tmp_path)
    try:
        assert not server.host.rooms[created["game"]].game.awaiting
        assert all(server.host.links.by_parent[created["game"]][name].status == "settled" for name in names)
        entries = await server.host.store.load_log(created["game"])
        settled = [e.record["engagement"] for e in entries if e.record["input"] == "settle"]
        assert sorted(settled[-len(names):]) == names and entries[-1].record["input"] == "settle"
    finally:
        await server.close()

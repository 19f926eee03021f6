"""Games played end to end through two gateways and two game hosts on a real broker."""

from __future__ import annotations

import asyncio

import pytest

from fogbank.clients import Client
from fogbank.clients.bot import run_bot
from fogbank.rules.core import RESULTS

from .conftest import needs_mosquitto, url

pytestmark = needs_mosquitto


async def test_bots_play_whole_games_through_either_gateway_on_two_hosts(stack):
    hosts = [await stack.host("h1"), await stack.host("h2")]
    gateways = [await stack.gateway(), await stack.gateway()]
    games = [await gateways[n % 2].create_game("b11") for n in range(6)]
    owners = {g["game"]: next(h.mqtt_host.host_id for h in hosts if g["game"] in h.host.rooms) for g in games}
    assert set(owners.values()) == {"h1", "h2"}  # the shared subscription spreads new games
    async with asyncio.timeout(40):
        results = await asyncio.gather(*(
            run_bot(url(gateways[(n + 1) % 2]), game["seats"]["submarine"], proxy=None)
            for n, game in enumerate(games)
        ))  # fmt: skip
    for result in results:
        assert result["outcome"] in RESULTS and result["commitment_ok"]  # graded: marginal too


async def test_the_umpire_watches_and_holds_through_the_other_gateway(stack):
    await stack.host("h1")
    gateways = [await stack.gateway(), await stack.gateway()]
    game = await gateways[0].create_game("b11")
    async with asyncio.timeout(20):
        umpire = await Client.connect(url(gateways[1]), game["umpire_token"], proxy=None)
        player = await Client.connect(url(gateways[0]), game["seats"]["submarine"], proxy=None)
        await umpire.hold(True)
        [listing] = (await umpire.games()).games
        assert listing["seats"][0]["connected"] == 1
        # A draft checked through the broker: the host's rules answer, and nothing is taken.
        assert await player.check({"course": "N", "speed": 0, "level": "surface"}) == []
        assert [r["code"] for r in await umpire.check({"speed": 9}, seat="submarine")] != []
        await player.submit({"course": "N", "speed": 0, "level": "surface"})
        await umpire.release()
        seen = [m async for m in _take(umpire.stream(), 3)]
        assert [type(m).__name__ for m in seen][0] == "Snapshot"
        snapshot, observation = await player.next_observation(), await player.next_observation()
        assert (snapshot.turn, observation.turn) == (1, 2)
        await player.close()
        await umpire.close()


async def _take(stream, n):
    async for message in stream:
        yield message
        n -= 1
        if n == 0:
            return


async def test_a_battle_handed_over_is_fought_through_the_broker_and_settled(stack):
    host = await stack.host("h1")
    gateway = await stack.gateway()
    game = await gateway.create_game("black_sea", {"battles": "hex"})
    links = host.host.links
    bots = [asyncio.create_task(run_bot(url(gateway), token, proxy=None)) for token in game["seats"].values()]
    try:
        async with asyncio.timeout(240):  # the linked game's seats join through the gateway too
            while not any(link.status == "settled" for link in links.by_parent.get(game["game"], {}).values()):
                await asyncio.sleep(0.1)
    finally:
        for bot in bots:
            bot.cancel()
        await asyncio.gather(*bots, return_exceptions=True)
    # The link is marked settled as its settle input is taken, before that input is on disk.
    async with asyncio.timeout(30):
        while not any(e.record["input"] == "settle" for e in await host.host.store.load_log(game["game"])):
            await asyncio.sleep(0.05)


async def test_a_reissued_link_shuts_the_old_token_out_of_the_broker(stack):
    """Over the bus the seat's new token is its broker password: the gateway's connection with the
    old one is dropped, the old token opens nothing, and the new one resumes the seat's stream."""
    from fogbank import protocols as wire
    from fogbank.clients.client import ConnectionLost, JoinRefused

    await stack.host("h1")
    gateway = await stack.gateway()
    game = await gateway.create_game("b11")
    old = game["seats"]["submarine"]
    async with asyncio.timeout(30):
        umpire = await Client.connect(url(gateway), game["umpire_token"], proxy=None)
        player = await Client.connect(url(gateway), old, proxy=None, reconnect_attempts=0)
        await player.next_observation()
        reissued = await umpire._request(wire.Reissue(ref=umpire._ref(), seat="submarine"))
        assert isinstance(reissued, wire.Reissued) and reissued.token != old
        with pytest.raises(ConnectionLost):  # the player's connection is dropped, and cannot come back
            async for _ in player.stream():
                pass
        assert not player.connected
        try:
            await Client.connect(url(gateway), old, proxy=None, reconnect_attempts=0)
            raise AssertionError("the old token still opens the seat")
        except JoinRefused as refused:
            assert refused.code == "bad_token"
        fresh = await Client.connect(url(gateway), reissued.token, proxy=None)
        assert fresh.welcome.seat == "submarine"
        await fresh.close()
        await player.close()
        await umpire.close()


async def test_a_glance_and_a_games_name_go_through_the_broker(stack):
    """A browser's list of its games asks a glance of a gateway that holds no game: it is joined
    through the broker as any join (issue 37), and a game's name, given to a gateway, reaches its host."""
    from websockets.asyncio.client import connect

    from fogbank import protocols as wire

    codec = wire.codec_for(wire.JSON)
    await stack.host("h1")
    gateway = await stack.gateway()
    game = await gateway.create_game("b11", name="Over the broker")
    async with asyncio.timeout(20):
        for token in (game["seats"]["submarine"], game["umpire_token"]):
            async with connect(url(gateway), subprotocols=[wire.JSON]) as websocket:
                await websocket.send(codec.encode_client(wire.Glance(ref=3, token=token)))
                summary = codec.decode_server(await websocket.recv())
            assert isinstance(summary, wire.SeatSummary), summary
            said = (summary.game, summary.name, summary.turn, summary.ref)
            assert said == (game["game"], "Over the broker", 1, 3)
        assert summary.waiting == ["the submarine's captain"]  # the umpire's: whose order is not in

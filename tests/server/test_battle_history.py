"""A battle fought in a linked game keeps its truth sealed from the seats while the campaign it
was fought for goes on: the leak of issue 36, where Eberhardt read the Central party (Yavuz Sultan
Selim's guns and hull) in the battle's history once the umpire had settled it. Every request a
seat can make of the battle's game is answered as before the end; the history opens to it only
once the campaign is over too."""

from __future__ import annotations

from fogbank import protocols as wire
from fogbank.rules import core

from .test_end_to_end import open_peer
from .test_engagements import bots_until, server, settles  # noqa: F401  (server: a fixture)


async def test_a_battles_history_is_sealed_from_its_seats_until_the_campaign_is_over(server):
    created = await server.create_game("black_sea", {"battles": "hex"})
    host, parent = server.host, created["game"]
    await bots_until(server, created["seats"].values(), lambda: any(link.status == "fighting" for link in settles(host, parent)))
    link = next(x for x in settles(host, parent) if x.status == "fighting")
    umpire = await open_peer(server, created["umpire_token"])
    done = await umpire.request(lambda ref: wire.Override(
        ref=ref, override={"settle": link.engagement, "result": {"ships": [], "summary": "Both drew off."}}, reason="abandoned"))
    assert isinstance(done, wire.Ack) and host.rooms[link.child].game.cycle is core.Cycle.ENDED

    seats = [seat for seat in link.tokens if seat != core.UMPIRE]
    peers = {seat: await open_peer(server, link.tokens[seat]) for seat in seats}
    for seat, peer in peers.items():
        reply = await peer.request(lambda ref: wire.RequestHistory(ref=ref))
        assert isinstance(reply, wire.Error) and reply.code == "forbidden", (seat, reply)
        over = await peer.until(wire.GameOver)  # the end tells the seat its own record, and no log
        assert over.log == []
        listed = await peer.request(lambda ref: wire.ListGames(ref=ref))
        assert isinstance(listed, wire.Error) and listed.code == "forbidden"
    battle_umpire = await open_peer(server, link.tokens[core.UMPIRE])
    assert isinstance(await battle_umpire.request(lambda ref: wire.RequestHistory(ref=ref)), wire.History)

    await umpire.request(lambda ref: wire.EndGame(ref=ref, reason="The war is over."))
    for seat, peer in peers.items():
        reply = await peer.request(lambda ref: wire.RequestHistory(ref=ref))
        assert isinstance(reply, wire.History) and reply.log, seat

"""Talk over real websockets, in the toy two-sided ruleset Picket: a captain's words reach his own
side and the umpire, are logged as an input, and send the other side nothing at all."""

from __future__ import annotations

import asyncio

import pytest

from fogbank import protocols as wire
from fogbank.rules.record.verify import verify_records
from fogbank.server.app import Server
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_end_to_end import JSON, open_peer


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


async def joined(server, scenario: str):
    """A new game of `scenario` with every seat and the umpire joined: (game, room, peers, umpire)."""
    game = await server.create_game(scenario)
    room = server.host.rooms[game["game"]]
    peers = {seat: await open_peer(server, token, codec=JSON) for seat, token in game["seats"].items()}
    umpire = await open_peer(server, game["umpire_token"], codec=JSON)
    for peer in peers.values():
        await peer.recv()  # the join's snapshot
    return game, room, peers, umpire


async def test_talk_reaches_the_own_side_and_the_umpire_and_not_the_enemy(server):
    game, room, peers, umpire = await joined(server, "picket")
    enemy_seqs = {seat: room.streams[seat].seq for seat in ("red1", "red2")}

    said = await peers["blue1"].request(lambda ref: wire.Talk(ref=ref, text="Smoke bearing 090."))
    assert isinstance(said, wire.Ack)
    for seat in ("blue1", "blue2"):
        heard = await peers[seat].until(wire.TalkMessage)
        assert (heard.seat, heard.text, heard.turn, heard.phase) == ("blue1", "Smoke bearing 090.", 1, "move")
    update = await umpire.until(wire.UmpireUpdate)
    assert [(e["kind"], e["audience"], e["text"]) for e in update.events] == [
        ("talk", ["blue1", "blue2", "umpire"], "blue1: Smoke bearing 090.")
    ]
    logged = (await server.store.load_log(room.id))[-1].record
    assert logged == {"type": "input", "input": "talk", "turn": 1, "phase": "move", "seat": "blue1", "text": "Smoke bearing 090."}

    # The enemy's streams did not move, and nothing came down their sockets.
    assert {seat: room.streams[seat].seq for seat in enemy_seqs} == enemy_seqs
    for seat in enemy_seqs:
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(peers[seat].recv(), 0.2)

    # A reconnecting captain is told it again in his welcome; an empty word and the umpire are refused.
    again = await open_peer(server, game["seats"]["blue2"], codec=JSON)
    assert [(t["kind"], t["seat"], t["text"]) for t in again.welcome.told] == [("talk", "blue1", "Smoke bearing 090.")]
    empty = await peers["red1"].request(lambda ref: wire.Talk(ref=ref, text="  "))
    assert isinstance(empty, wire.Error) and empty.code == "empty_message"
    forbidden = await umpire.request(lambda ref: wire.Talk(ref=ref, text="I am the umpire."))
    assert isinstance(forbidden, wire.Error) and forbidden.code == "forbidden"

    # At the end the talk is in the log every seat is given, and `fogbank verify` replays it.
    assert isinstance(await umpire.request(lambda ref: wire.EndGame(ref=ref, reason="Stop.")), wire.Ack)
    over = await peers["red1"].until(wire.GameOver)
    assert [r["text"] for r in over.log if r.get("input") == "talk"] == ["Smoke bearing 090."]
    assert verify_records(over.log) >= 0
    assert [r["kind"] for r in over.record if r["type"] == "event"] == ["game_ended"]  # red1's own record: no talk


async def test_a_private_word_reaches_the_one_seat_and_the_umpire_and_replays(server):
    game, room, peers, umpire = await joined(server, "squadron")
    assert peers["blue1"].welcome.talk_to == ["blue2", "blue3"] and peers["red1"].welcome.talk_to == ["red2"]
    others = {seat: room.streams[seat].seq for seat in ("blue3", "red1", "red2")}

    said = await peers["blue1"].request(lambda ref: wire.Talk(ref=ref, text="Close on me.", to="blue2"))
    assert isinstance(said, wire.Ack)
    for seat in ("blue1", "blue2"):
        heard = await peers[seat].until(wire.TalkMessage)
        assert (heard.seat, heard.text, heard.to) == ("blue1", "Close on me.", "blue2")
    update = await umpire.until(wire.UmpireUpdate)
    assert [(e["audience"], e["text"]) for e in update.events] == [(["blue1", "blue2", "umpire"], "blue1 to blue2: Close on me.")]
    logged = (await server.store.load_log(room.id))[-1].record
    assert logged["to"] == "blue2" and logged["text"] == "Close on me."
    # The third captain of the side and the enemy: nothing came down their sockets.
    assert {seat: room.streams[seat].seq for seat in others} == others
    for seat in others:
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(peers[seat].recv(), 0.2)

    enemy = await peers["blue1"].request(lambda ref: wire.Talk(ref=ref, text="Strike.", to="red1"))
    assert isinstance(enemy, wire.Error) and enemy.code == "not_your_side"

    assert isinstance(await umpire.request(lambda ref: wire.EndGame(ref=ref, reason="Stop.")), wire.Ack)
    over = await peers["blue3"].until(wire.GameOver)
    assert verify_records(over.log) >= 0

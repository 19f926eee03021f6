"""Checking a draft order over real websockets (`check`, answered by `checked`), in the toy
ruleset Picket: the refusals the order would get, from the ruleset's own rules, with nothing
taken, logged or told to anyone; the umpire checks a seat's order he means to amend."""

from __future__ import annotations

import pytest

from fogbank import protocols as wire
from fogbank.clients.client import Client, RequestRefused
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_talk import server  # noqa: F401  (a fixture: an embedded server on a free port)


async def test_a_seat_checks_a_draft_and_nothing_is_taken_logged_or_told(server):
    game = await server.create_game("picket")
    room = server.host.rooms[game["game"]]
    url = f"ws://127.0.0.1:{server.port}/"
    async with await Client.connect(url, game["seats"]["blue1"], codec=wire.JSON) as blue1, \
            await Client.connect(url, game["umpire_token"]) as umpire:  # fmt: skip
        await blue1.next_observation()
        logged = len(await server.store.load_log(room.id))
        seqs = {seat: stream.seq for seat, stream in room.streams.items()}

        assert await blue1.check({"move": 2}) == []
        assert await blue1.check({"move": 5}) == [{"code": "too_far", "message": "A ship moves at most 2 areas a turn."}]
        assert [r["code"] for r in await blue1.check({"move": "five"})] == ["bad_order"]  # the ruleset's parse_order
        assert [r["code"] for r in await blue1.check({"move": 1}, turn=9)] == ["wrong_turn"]

        assert len(await server.store.load_log(room.id)) == logged
        assert {seat: stream.seq for seat, stream in room.streams.items()} == seqs
        assert room.game.orders == {}

        # The umpire drafts blue1's order: the rules' refusals, which an amendment carries out as far as they allow.
        assert [r["code"] for r in await umpire.check({"move": 5}, seat="blue1")] == ["too_far"]
        with pytest.raises(RequestRefused) as unnamed:
            await umpire.check({"move": 1})
        assert unnamed.value.code == "unknown_seat"
        with pytest.raises(RequestRefused) as other:
            await blue1.check({"move": 1}, seat="red1")
        assert other.value.code == "forbidden"

        # After the umpire's amendment, the seat's own order would be refused, and is said so.
        await umpire.amend("blue1", {"move": 1}, "Engine trouble.")
        assert [r["code"] for r in await blue1.check({"move": 2})] == ["amended"]
        assert await umpire.check({"move": 2}, seat="blue1") == []


async def test_a_spectator_checks_nothing(server):
    game = await server.create_game("picket")
    url = f"ws://127.0.0.1:{server.port}/"
    async with await Client.connect(url, game["umpire_token"]) as umpire:
        await umpire.spectate(0)
        async with await Client.connect(url, game["spectator_token"]) as spectator:
            with pytest.raises(RequestRefused) as refused:
                await spectator.check({"move": 1}, turn=1)
            assert refused.value.code == "forbidden"

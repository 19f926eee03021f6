"""A seat that joins after its game ended, fresh or resuming, still gets the game_over: the umpire
too, whose stream is not built while nobody hears it."""

from __future__ import annotations

import asyncio

import pytest

from fogbank.clients import Client
from fogbank.protocols import GameOver, Observation, Snapshot
from fogbank.rules.dardanelles.bot import BotSubmarine
from fogbank.server.app import Server


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


def where(server: Server) -> str:
    return f"ws://127.0.0.1:{server.port}/"


async def test_a_fresh_join_after_the_end_gets_a_snapshot_then_the_game_over(server):
    game = await server.create_game("b11")
    async with asyncio.timeout(15):
        umpire = await Client.connect(where(server), game["umpire_token"], proxy=None)
        await umpire.end("over")
        await umpire.close()
        late = await Client.connect(where(server), game["seats"]["submarine"], proxy=None)
        seen = [type(await late.next_observation()), type(await late.next_observation())]
        await late.close()
    assert seen == [Snapshot, GameOver]


async def test_an_umpire_away_at_the_end_gets_the_game_over_on_coming_back(server):
    # The umpire's stream is not built while nobody hears it; its game_over must be all the same.
    game = await server.create_game("b11")
    async with asyncio.timeout(30):
        umpire = await Client.connect(where(server), game["umpire_token"], proxy=None)
        await umpire.next_observation()
        resume_after = umpire.seq
        await umpire.close()
        player = await Client.connect(where(server), game["seats"]["submarine"], proxy=None)
        bot = BotSubmarine.for_scenario(player.welcome.chart, "b11")
        async for message in player.stream():
            if isinstance(message, (Snapshot, Observation)) and message.view["outcome"] is None:
                await player.submit(bot.order(message.view), message.turn)
        await player.close()
        seen = {}
        for last_seq in (None, resume_after):
            back = await Client.connect(where(server), game["umpire_token"], proxy=None, last_seq=last_seq)
            seen[last_seq] = [type(await back.next_observation()), type(await back.next_observation())]
            await back.close()
    assert seen == {None: [Snapshot, GameOver], resume_after: [Snapshot, GameOver]}

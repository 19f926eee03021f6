"""A seat that joins after its game ended, with no seq to resume from, still gets the game_over."""

from __future__ import annotations

import asyncio

from fogbank.clients import Client
from fogbank.protocols import GameOver, Observation, Snapshot
from fogbank.rules.dardanelles.bot import BotSubmarine
from fogbank.server.app import Server


async def test_a_fresh_join_after_the_end_gets_a_snapshot_then_the_game_over(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    where = f"ws://127.0.0.1:{server.port}/"
    try:
        game = await server.create_game("b11")
        async with asyncio.timeout(15):
            umpire = await Client.connect(where, game["umpire_token"], proxy=None)
            await umpire.end("over")
            await umpire.close()
            late = await Client.connect(where, game["seats"]["submarine"], proxy=None)
            seen = [type(await late.next_observation()), type(await late.next_observation())]
            await late.close()
        assert seen == [Snapshot, GameOver]
    finally:
        await server.close()



async def test_an_umpire_away_at_the_end_gets_the_game_over_on_coming_back(tmp_path):
    # The umpire's stream is not built while nobody hears it; its game_over must be all the same.
    server = await Server.start(port=0, data=tmp_path)
    where = f"ws://127.0.0.1:{server.port}/"
    try:
        game = await server.create_game("b11")
        async with asyncio.timeout(30):
            umpire = await Client.connect(where, game["umpire_token"], proxy=None)
            await umpire.next_observation()
            resume_after = umpire.seq
            await umpire.close()
            player = await Client.connect(where, game["seats"]["submarine"], proxy=None)
            bot = BotSubmarine.for_scenario(player.welcome.chart, "b11")
            async for message in player.stream():
                if isinstance(message, (Snapshot, Observation)) and message.view["outcome"] is None:
                    await player.submit(bot.order(message.view), message.turn)
            await player.close()
            seen = {}
            for last_seq in (None, resume_after):
                back = await Client.connect(where, game["umpire_token"], proxy=None, last_seq=last_seq)
                seen[last_seq] = [type(await back.next_observation()), type(await back.next_observation())]
                await back.close()
        assert seen == {None: [Snapshot, GameOver], resume_after: [Snapshot, GameOver]}
    finally:
        await server.close()

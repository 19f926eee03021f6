"""A seat that joins after its game ended, with no seq to resume from, still gets the game_over."""

from __future__ import annotations

import asyncio

from fogbank.clients import Client
from fogbank.protocols import GameOver, Snapshot
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

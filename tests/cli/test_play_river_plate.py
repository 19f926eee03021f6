"""`fogbank play river_plate --browser`: Graf Spee's seat left for the browser, the built-in
players in Ajax, Achilles and Exeter, and the turn going on through every phase as the one seat
orders."""

from __future__ import annotations

import argparse
import asyncio

from fogbank import protocols as wire
from fogbank.cli.browser import serve_in_browser
from fogbank.clients import Client
from fogbank.server.app import Server


async def test_the_bots_take_the_british_seats_and_the_turn_goes_round(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    created = await server.create_game("river_plate")
    said: list[str] = []
    options = argparse.Namespace(host="127.0.0.1", seat=None, open=False)
    serving = asyncio.create_task(serve_in_browser(server, options, created, said.append))
    try:
        while not said:
            await asyncio.sleep(0.01)
        assert "Your seat, graf_spee: " in said[-1] and "Built-in players take: ajax, achilles, exeter" in said[-1]
        async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["graf_spee"]) as spee:
            orders = {"write_moves": {"ships": {"graf_spee": {"move": "A13"}}}, "write_fire": {"ships": {"graf_spee": {"fire": []}}},
                      "torpedoes": {"ships": {"graf_spee": {"torpedoes": []}}}}
            phases = []
            async for message in spee.stream():
                if isinstance(message, (wire.Snapshot, wire.Observation)) and message.must_act:
                    phases.append((message.turn, message.phase))
                    if message.turn == 2:
                        break
                    await spee.submit(orders[message.phase], message.turn)
        assert phases == [(1, "write_moves"), (1, "write_fire"), (1, "torpedoes"), (2, "write_moves")]
    finally:
        serving.cancel()
        await asyncio.gather(serving, return_exceptions=True)
        await server.close()

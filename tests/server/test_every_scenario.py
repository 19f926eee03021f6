"""Every scenario of every ruleset, played to its end over real sockets by the rulesets' own bots
in every seat: whatever a turn tells its seats has to pass through the server's stream, so a
ruleset event the stream cannot carry shows here (it once stopped a Black Sea game at turn 1)."""

from __future__ import annotations

import asyncio

import pytest

from fogbank.clients.bot import run_bot
from fogbank.rules.core import RESULTS, rulesets
from fogbank.server.app import Server

SCENARIOS = [f"{name}/{scenario}" for name, ruleset in sorted(rulesets().items()) for scenario in ruleset.scenarios()]


@pytest.mark.parametrize("scenario", SCENARIOS)
async def test_bots_in_every_seat_play_the_scenario_to_its_end_over_the_server(tmp_path, scenario):
    server = await Server.start(port=0, data=tmp_path)
    try:
        game = await server.create_game(scenario)
        url = f"ws://127.0.0.1:{server.port}/"
        results = await asyncio.wait_for(
            asyncio.gather(*(run_bot(url, token) for token in game["seats"].values())), timeout=240)
    finally:
        await server.close()
    for result in results:
        assert result["commitment_ok"] and result["outcome"] in RESULTS, result
    assert len({r["reason"] for r in results}) == 1  # every seat is told the same ending

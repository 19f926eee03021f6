"""The end of the game in the submarine client: outcome, seed, and the dice verified from the log."""

from __future__ import annotations

import attrs
import json

import pytest
from fogbank.clients.sub import SubApp
from fogbank.clients.sub.end import EndScreen
from fogbank.protocols import GameOver
from fogbank.rules.record.simulate import play_bot_game

from .sub_helpers import FakeClient, b11_welcome, text_of, until


@pytest.fixture(scope="module")
def finished():
    records = list(play_bot_game("b11", b"\x07" * 32))
    end = records[-1]
    over = GameOver(
        seq=9, result=end["results"]["british"], results=end["results"], reason=end["reason"],
        record=[], seed=end["seed"], log=records,
    )
    return records[0]["commitment"], over


def screen_text(screen: EndScreen) -> str:
    return "\n".join(text_of(static.render()) for static in screen.query("Static"))


async def ended_app(tmp_path, commitment: str, over: GameOver):
    client = FakeClient(b11_welcome(commitment))
    app = SubApp(client.connect, log_folder=tmp_path)
    return client, app


@pytest.mark.parametrize("forge", [False, True])
async def test_the_end_screen_shows_outcome_seed_and_the_verdict_on_the_dice(tmp_path, finished, forge):
    commitment, over = finished
    if forge:
        log = [dict(r) for r in over.log]
        roll = next(r for r in log if r["type"] == "roll")
        roll["dice"] = [d % roll["sides"] + 1 for d in roll["dice"]]
        over = attrs.evolve(over, log=log)
    client, app = await ended_app(tmp_path, commitment, over)
    async with app.run_test(size=(160, 50)) as pilot:
        client.snapshot()
        client.put(over)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        shown = screen_text(app.screen)
        assert over.reason in shown and over.seed in shown
        assert "The seed hashes to it." in shown
        await pilot.press("v")
        await until(
            pilot, lambda: "rolls" in app.screen.verdict.plain or "MISMATCH" in app.screen.verdict.plain
        )
        saved = tmp_path / "game-g-test.jsonl"
        assert [json.loads(line) for line in saved.read_text().splitlines()] == over.log
        if forge:
            assert f"MISMATCH: roll {roll['index']}" in app.screen.verdict.plain
        else:
            rolls = sum(1 for r in over.log if r["type"] == "roll")
            assert f"Verified: all {rolls} rolls follow from the revealed seed." in app.screen.verdict.plain

"""The end of the game in the submarine client: the record saved at once and checked, the truth
drawn on the chart beside the plot, and the umpire's record read out."""

from __future__ import annotations

import contextlib
import json
import stat

import attrs
import pytest

from fogbank.cli.main import main as fogbank_main
from fogbank.protocols import GameOver
from fogbank.rules.dardanelles.terminal import SubApp
from fogbank.rules.dardanelles.terminal.chart import draw_chart
from fogbank.rules.dardanelles.terminal.chartpane import ChartPane
from fogbank.rules.dardanelles.terminal.end import EndScreen
from fogbank.rules.dardanelles.terminal.orders import OrderPad
from fogbank.rules.record.simulate import play_bot_game

from .helpers import FakeClient, b11_welcome, text_of, until, view


@pytest.fixture(scope="module")
def finished():
    records = list(play_bot_game("b11", b"\x07" * 32))
    end = records[-1]
    over = GameOver(
        seq=9, result=end["results"]["british"], results=end["results"], reason=end["reason"],
        record=[], seed=end["seed"], log=records,
    )
    return records[0]["commitment"], over


@contextlib.asynccontextmanager
async def at_the_end(tmp_path, commitment: str, over: GameOver):
    """The client as the game_over arrives, its end screen up."""
    client = FakeClient(b11_welcome(commitment))
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        client.snapshot()
        client.put(over)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        yield app, pilot


def screen_text(screen: EndScreen) -> str:
    return "\n".join(text_of(static.render()) for static in screen.query("Static"))


@pytest.mark.parametrize("forge", [False, True])
async def test_the_record_is_saved_and_checked_without_a_key(tmp_path, finished, forge, capsys):
    commitment, over = finished
    if forge:
        log = [dict(r) for r in over.log]
        roll = next(r for r in log if r["type"] == "roll")
        roll["dice"] = [d % roll["sides"] + 1 for d in roll["dice"]]
        over = attrs.evolve(over, log=log)
    async with at_the_end(tmp_path, commitment, over) as (app, pilot):
        await until(pilot, lambda: app.record_path is not None)
        shown = screen_text(app.screen)
        assert over.reason in shown and over.seed in shown
        assert "The seed hashes to it." in shown
        saved = tmp_path / "game-g-test.jsonl"
        assert app.record_path == saved
        assert [json.loads(line) for line in saved.read_text().splitlines()] == over.log
        assert stat.S_IMODE(saved.stat().st_mode) == 0o600
        verdict = app.screen.verdict.plain
        assert f"The record is saved: {saved}" in verdict
        if forge:
            assert f"MISMATCH: roll {roll['index']}" in verdict
        else:
            rolls = sum(1 for r in over.log if r["type"] == "roll")
            assert f"Verified: all {rolls} rolls follow from the revealed seed, and replaying" in verdict
    if not forge:  # the file the client saved is one `fogbank verify` passes
        assert fogbank_main(["verify", str(saved)]) == 0
        assert "rolls" in capsys.readouterr().out


async def test_the_debrief_shows_the_truth_beside_the_plot_and_the_umpires_record(tmp_path, finished):
    commitment, over = finished
    async with at_the_end(tmp_path, commitment, over) as (app, pilot):
        shown = screen_text(app.screen)
        # The umpire's record: events the player was never told are there, marked so, with rolls.
        assert "HOW IT ENDED" in shown and "THE UMPIRE'S RECORD" in shown
        assert "Tide carried the boat from" in shown and "(not told to you)" in shown
        assert "roll 0:" in shown
        await until(pilot, lambda: app.query_one(ChartPane).truth is not None)
        truth = app.query_one(ChartPane).truth
        told = app.screen.truth.plain
        assert f"The boat ended in {truth['boat']['square']}; your plot had her in" in told
        assert "Mines (rows): " in told and all(square in told for square in truth["minefields"])
        await pilot.press("escape")
        assert not isinstance(app.screen, EndScreen)
        assert "No more orders: the game is over." in text_of(app.query_one(OrderPad).render())
        assert app.query_one(ChartPane).draft is None  # no course plotted on the debrief's chart
        key = text_of(app.query_one("#chart-key").render())
        assert f"The truth: ◆ {truth['boat']['square']} o track * mines" in key
        await pilot.press("e")
        assert isinstance(app.screen, EndScreen)
    # The mines, the vessels and the true track are drawn where the umpire had them.
    chart = b11_welcome().chart
    drawn = draw_chart(chart, view(), truth=truth).plain.splitlines()

    def at(square: str) -> str:
        x, y = ord(square[0]) - ord("A"), int(square[1:])
        return drawn[1 + 36 - y][3 + 2 * x : 5 + 2 * x]

    mined = next(iter(truth["minefields"]))
    assert at(mined) == f"*{truth['minefields'][mined]}"
    afloat = next(v for v in truth["vessels"] if v["square"] not in truth["minefields"])
    assert at(afloat["square"])[0] in "CPTB"
    assert at(truth["boat"]["square"]) == "◆ "

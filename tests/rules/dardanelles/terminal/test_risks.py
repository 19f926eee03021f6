"""The order pad warns as the order is written: periscope or surface in the defended reach, a
course across the rows intelligence calls mined, each in the rules' own words from the
briefing; and it offers the last hour's drift for the plot, one key."""

from __future__ import annotations

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.dardanelles.terminal import SubApp
from fogbank.rules.dardanelles.terminal.draft import Draft, cost
from fogbank.rules.dardanelles.terminal.orders import OrderPad
from fogbank.rules.dardanelles.terminal.reckoning import shore_of

from .helpers import FakeClient, b11_welcome, settled, text_of, until, view

RULES = core.find_ruleset("dardanelles")
BRIEFING = RULES.briefing(core.start(RULES, "b11", b"\x01" * 32).state, "submarine")
RISKS = BRIEFING["risks"]
CHART = b11_welcome().chart
DEFENDED, MINED = (next(r for r in RISKS if r["reach"] == reach) for reach in ("defended", "mined"))


def risks_of(draft: Draft, **seen) -> tuple[str, ...]:
    return cost(view(**seen), draft, shore_of(CHART), CHART, RISKS).risks


def test_periscope_by_day_in_the_defended_reach_is_warned_in_the_rules_words():
    # L11 is in rows 9-14, where B11's intelligence puts the observers and searchlights.
    by_day = risks_of(Draft(level="periscope"), plotted="L11", level="periscope", night=False)
    # Holding there, the surface stream should set her down into a row called mined as well.
    assert by_day == (DEFENDED["day"]["periscope"], MINED["day"]["periscope"])
    assert "observers see her 28% an hour" in by_day[0]
    by_night = risks_of(Draft(level="surface"), plotted="L11", level="surface", night=True)
    assert DEFENDED["night"]["surface"] in by_night
    assert not risks_of(Draft(level="bottom"), plotted="L11", level="bottom", night=False)


def test_the_defended_reach_is_judged_where_the_hour_ends():
    # From I7, below the reach, five squares north on the surface end the hour in it.
    assert risks_of(Draft(course="NE", speed=3, level="surface"), plotted="I7", night=False) == (
        DEFENDED["day"]["surface"], MINED["day"]["surface"])
    assert not risks_of(Draft(course="S", speed=1, level="surface"), plotted="I7", night=False)


def test_a_course_across_the_rows_called_mined_is_warned_at_the_level_ordered():
    # Submerged from J8 north: the stream may not carry her, but the course enters row 9.
    lines = risks_of(Draft(course="N", speed=1, level="submerged"), plotted="J8", level="submerged")
    assert lines == (MINED["night"]["submerged"],) and "17% a row" in lines[0]
    # At the bottom the wires scrape but never sink her: no warning.
    assert not risks_of(Draft(level="bottom"), plotted="J8", level="bottom")


def test_no_warning_from_an_older_server_that_sends_no_risks():
    older = cost(view(plotted="L11", night=False), Draft(level="periscope"), shore_of(CHART), CHART)
    assert older.risks == ()


def _welcome():
    welcome = b11_welcome()
    return attrs.evolve(welcome, briefing={**welcome.briefing, "risks": RISKS})


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
async def test_the_pad_shows_the_risk_as_the_level_is_chosen(tmp_path, size):
    client = FakeClient(_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=size) as pilot:
        client.snapshot(turn=8, time="1914-12-13T11:00", night=False, plotted="L11",
                        track=["D5", "F5", "H7", "J9", "K10", "L11", "L11", "L11"], level="bottom")
        await until(pilot, lambda: app.view is not None)
        pad = app.query_one(OrderPad)
        assert "⚠" not in text_of(pad.render())  # on the bottom: nothing to fear from the shore
        await pilot.press("p")
        expected = DEFENDED["short" if app.compact else "day"]
        if app.compact:
            expected = expected["day"]

        def warned() -> None:
            said = " ".join(text_of(pad.render()).split())
            assert "⚠ " + expected["periscope"] in said, said

        await settled(pilot, warned)
        app.save_screenshot(str(tmp_path / f"risk-{size[0]}x{size[1]}.svg"))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
async def test_the_pad_offers_the_last_hour_s_drift_and_one_key_adds_it(tmp_path, size):
    client = FakeClient(_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=size) as pilot:
        drift = {"stream": "the surface stream", "course": "SW", "square": "I7"}
        client.snapshot(turn=3, plotted="J8", track=["D5", "H7", "J8"], drift=drift)
        await until(pilot, lambda: app.view is not None)
        pad = app.query_one(OrderPad)
        assert "SW" in text_of(pad.render()) and "I7" in text_of(pad.render())
        await pilot.press("a")
        await until(pilot, lambda: pad.draft.plot == "I7")
        assert pad.draft.payload()["plot"] == "I7"
        assert "a adds it" not in text_of(pad.render())  # offered once: the plot is set

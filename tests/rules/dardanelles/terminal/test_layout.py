"""The submarine client at the terminal sizes players have: from 80x24 up, every fact a player
needs to give an order (turn, clock, level, air, battery, torpedoes, the order, its cost, the
last refusal, the connection) is on the screen, whole; the chart follows the boat."""

from __future__ import annotations

import attrs
import pytest
from textual.geometry import Region

from fogbank.rules.dardanelles.terminal import SubApp
from fogbank.rules.dardanelles.terminal.app import TopBar
from fogbank.rules.dardanelles.terminal.chartpane import ChartPane
from fogbank.rules.dardanelles.terminal.gauges import Gauges
from fogbank.rules.dardanelles.terminal.help import HelpScreen
from fogbank.rules.dardanelles.terminal.log import Entry, ReportLog
from fogbank.rules.dardanelles.terminal.orders import OrderPad
from fogbank.rules.dardanelles.terminal.places import PlacesScreen

from .helpers import FakeClient, b11_welcome, settled, text_of, until

SIZES = [(80, 24), (100, 30), (160, 50)]


def screen_lines(app) -> list[str]:
    """The terminal's lines as the player sees them."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def shows(app, words: str) -> bool:
    """Whether `words` are on the terminal's screen now."""
    return words in "\n".join(screen_lines(app))


def shown_whole(app, widget) -> bool:
    """The widget is inside the screen and its content is not cut short at the bottom."""
    if not Region(0, 0, *app.size).contains_region(widget.region):
        return False
    region = widget.content_region
    return widget.get_content_height(region.size, app.size, region.width) <= region.height


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_every_essential_is_on_the_screen(tmp_path, size):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=size) as pilot:
        client.snapshot(turn=3, plotted="H8", track=["D5", "F5", "H7", "H8"], air=14, battery=30)
        await until(pilot, lambda: app.view is not None)
        await pilot.press("9", "p")  # NE at periscope depth
        client.refusal = ("too_fast", "At most 3 squares an hour below the surface.")
        await pilot.press("enter")
        pad = app.query_one(OrderPad)

        def everything_shown() -> None:
            for widget in (app.query_one(TopBar), app.query_one(Gauges), pad):
                assert shown_whole(app, widget), f"{type(widget).__name__} is cut off at {size}"
            shown = "\n".join(screen_lines(app))
            facts = ("● connected", "0400", "NIGHT", "SURFACE", "14/20", "30/36", "2/2 loaded", "Steer NE",
                     "movement 2 of 3", "battery 2", "Refused: At most 3")  # fmt: skip
            for fact in facts:
                assert fact in shown, f"{fact!r} is not on the {size} screen:\n{shown}"
            assert "3 of 30" in shown or "3/30" in shown
            assert "@" in shown  # the plotted position, scrolled into sight
            assert app.query_one(ReportLog).region.height >= 3  # the reports keep a few lines

        await settled(pilot, everything_shown)


async def test_the_chart_follows_the_boat_when_it_does_not_fit(tmp_path):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        client.snapshot(plotted="D5", track=["D5"])

        def boat_on_row(row: str, column: int):
            def shown() -> None:
                grid = [line for line in screen_lines(app) if "·" in line]
                assert any(line.startswith(row) and line[column] == "@" for line in grid), "\n".join(grid)
            return shown

        await settled(pilot, boat_on_row("│ 5 ", 7))  # D5, at the bottom
        client.snapshot(plotted="M30", track=["M30"])  # far to the north: the chart follows
        await settled(pilot, boat_on_row("│30 ", 4 + 12))
        # Tab puts the chart away for the reports, and brings it back.
        await pilot.press("tab")

        def chart_away() -> None:
            assert app.query_one(ChartPane).region.width == 0
            assert app.query_one(ReportLog).region.width > 60

        await settled(pilot, chart_away)
        await pilot.press("tab")
        await until(pilot, lambda: app.query_one(ChartPane).region.width > 0)


async def test_the_reports_scroll_from_the_keyboard(tmp_path):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        client.snapshot()
        await until(pilot, lambda: app.view is not None)
        app.entries = tuple(Entry("report", f"Report number {n}.") for n in range(80))
        log = app.query_one(ReportLog)
        await until(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y)
        bottom = log.scroll_y
        await pilot.press("pageup")
        await until(pilot, lambda: log.scroll_y < bottom)
        await pilot.press("home")
        await until(pilot, lambda: log.scroll_y == 0 and shows(app, "Report number 0."))
        await pilot.press("pagedown")
        await until(pilot, lambda: log.scroll_y > 0)
        await pilot.press("end")
        await until(pilot, lambda: log.scroll_y == bottom and shows(app, "Report number 79."))
        assert app.query_one(OrderPad).draft.course == "N"  # none of them steered
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await until(pilot, lambda: shows(app, "COURSE   numpad 8 N"))


async def test_the_places_key_lists_every_name_and_the_orders_waters(tmp_path):
    welcome = b11_welcome()
    briefing = "Intelligence reports the Messudieh at anchor in Sari Sighlar Bay, south of Chanak."
    welcome = attrs.evolve(welcome, briefing={**welcome.briefing, "briefing": briefing})
    client = FakeClient(welcome)
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        client.snapshot()
        await until(pilot, lambda: shows(app, "◎ O12 Sari Sighlar Bay"))  # above the chart, always
        await pilot.press("k")

        def places_listed() -> None:
            assert isinstance(app.screen, PlacesScreen)
            shown = "\n".join(screen_lines(app))
            assert "◎ Sari Sighlar Bay, O12: named in your orders" in shown
            for square, name in (("O12", "Sari Sighlar Bay"), ("B3", "Aegean Sea"), ("N13", "The Narrows")):
                assert f"{square} {name}" in shown

        await settled(pilot, places_listed)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, PlacesScreen))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_a_two_leg_order_with_a_fix_and_warnings_stays_whole(tmp_path, size):
    from .test_player import welcome_with_additions

    client = FakeClient(welcome_with_additions())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=size) as pilot:
        client.snapshot(plotted="D5", track=["D5"], night=False)
        await until(pilot, lambda: app.view is not None)
        await pilot.press("6", "n", "8", "plus", "l")  # E 1 then N 2 (ashore at E6), and a fix
        pad = app.query_one(OrderPad)

        def order_whole() -> None:
            for widget in (app.query_one(TopBar), app.query_one(Gauges), pad):
                assert shown_whole(app, widget), f"{type(widget).__name__} is cut off at {size}"
            said = " ".join(text_of(pad.render()).split())  # the pad's words, however they wrap
            for fact in ("E1 then N2" if app.compact else "then N, 2 squares", "fix", "ashore at E6",
                         "movement 3 of 6", "A fix risks"):  # fmt: skip
                assert fact in said, f"{fact!r} is not in the order pad at {size}: {said}"
            assert app.query_one(ReportLog).region.height >= 3  # the reports keep a few lines

        await settled(pilot, order_whole)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
async def test_the_hour_the_target_must_be_sunk_by_is_on_the_screen_with_the_hours_left_till_she_sinks(tmp_path, size):
    welcome = b11_welcome()
    welcome = attrs.evolve(welcome, briefing={**welcome.briefing, "sink_before": "1914-12-13T10:00"})
    client = FakeClient(welcome)
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=size) as pilot:
        client.snapshot(turn=3, time="1914-12-13T06:00", plotted="H8", track=["D5", "F5", "H7", "H8"])

        def hours_left() -> None:
            assert shown_whole(app, app.query_one(Gauges))
            assert "4 h left" in "\n".join(screen_lines(app))

        await settled(pilot, hours_left)
        client.snapshot(turn=9, time="1914-12-13T12:00", plotted="H8", track=["D5", "F5", "H7", "H8"])
        await until(pilot, lambda: shows(app, "too late") or shows(app, "counts no more"))
        # Once the crew saw her sink in time, the clock no longer runs for her.
        client.snapshot(turn=4, time="1914-12-13T07:00", plotted="H8", track=["D5", "F5", "H7", "H8"],
                        targets_sunk=True)
        await until(pilot, lambda: shows(app, "sunk in time") and not shows(app, "h left"))


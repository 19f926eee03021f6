"""What a human umpire would tell the captain, at the terminal: the level table and the night in
the help and on the status line; the plot set by hand, with the drift the chart's stream gives,
and the warnings and aims that follow it; the order pad's two legs, kept through a level key; the
targets worth a torpedo; a small terminal's header and amendment; the objective on the chart;
the debrief's rolls with the number needed, and the true track alone."""

from __future__ import annotations

import contextlib

import attrs
import pytest

from fogbank.clients import RECONNECTING
from fogbank.protocols import AmendedMessage, GameOver, Observation, Status
from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.dardanelles.terminal import SubApp
from fogbank.rules.dardanelles.terminal.app import TopBar
from fogbank.rules.dardanelles.terminal.chart import draw_chart
from fogbank.rules.dardanelles.terminal.chartpane import ChartPane, ChartScroll, chart_key
from fogbank.rules.dardanelles.terminal.debrief import _roll_words
from fogbank.rules.dardanelles.terminal.draft import Draft, cost
from fogbank.rules.dardanelles.terminal.gauges import Gauges
from fogbank.rules.dardanelles.terminal.help import HelpScreen
from fogbank.rules.dardanelles.terminal.log import ReportLog
from fogbank.rules.dardanelles.terminal.orders import OrderPad
from fogbank.rules.dardanelles.terminal.reckoning import shore_of

from .helpers import FakeClient, b11_welcome, settled, text_of, until, view
from .test_layout import screen_lines, shown_whole, shows


def welcome_as_served(scenario: str = "b11"):
    """The welcome with the briefing and chart the rules send today (b11_welcome keeps an old one)."""
    ruleset, found = core.find_scenario(scenario)
    state = core.start(ruleset, found, b"\x01" * 32).state
    return attrs.evolve(
        b11_welcome(), scenario=scenario, briefing=dict(ruleset.briefing(state, "submarine")),
        chart=to_plain(ruleset.chart(state, "submarine")),
    )  # fmt: skip


@contextlib.asynccontextmanager
async def playing(tmp_path, welcome, size, **snapshot):
    """The client at `size`, joined with `welcome`, showing a snapshot of the view with `snapshot`."""
    client = FakeClient(welcome)
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=size) as pilot:
        client.snapshot(**snapshot)
        await until(pilot, lambda: app.view is not None)
        yield client, app, pilot


def seen(number: int, turn: int, bearing: int = 45, distance: int = 2) -> dict:
    return {"number": number, "turn": turn, "fidelity": "silhouette", "bearing": bearing, "distance": distance,
            "silhouette": "battleship", "square": None, "identity": None, "point": None}  # fmt: skip


def said(widget) -> str:
    return " ".join(text_of(widget.render()).split())


async def test_the_help_gives_the_level_table_and_the_log_and_status_line_the_night(tmp_path):
    afternoon = dict(time="1914-12-13T17:00", night=False)
    async with playing(tmp_path, welcome_as_served(), (80, 24), **afternoon) as (client, app, pilot):
        # At 1700 in December it is still day, and the status line says until when.
        await until(pilot, lambda: shows(app, "DAY  to 2200"))
        assert any("Night falls at 2200 and ends at 0600" in e.text for e in app.query_one(ReportLog).entries)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        table = " ".join(text_of(app.screen.query_one("#help-levels").content).split())
        for fact in ("EACH LEVEL: WHAT IT DOES AND WHAT IT RISKS", "warning", "(58%)", "28% an hour", "Current it",
                     "takes 2 of the 3 squares"):  # fmt: skip
            assert fact in table, fact
        await pilot.press("escape")
        client.put(Observation(seq=2, turn=2, view=view(turn=2, time="1914-12-13T22:00", night=True,
                                                        track=["D5", "D5"]), must_act=True))  # fmt: skip
        await until(pilot, lambda: shows(app, "NIGHT  to 0600"))


async def test_the_plot_set_by_hand_with_the_drift_goes_with_the_order_and_aims_from_it(tmp_path):
    # At periscope depth off Kephez; an hour ago, from K8, a battleship was seen E two squares off (M8).
    at_kephez = dict(turn=3, level="periscope", plotted="K9", track=["K7", "K8", "K9"],
                     contacts=[seen(1, turn=1, bearing=90)])  # fmt: skip
    async with playing(tmp_path, welcome_as_served(), (160, 50), **at_kephez) as (client, app, pilot):
        pad = app.query_one(OrderPad)
        await pilot.press("f")  # from the reckoned plot, K9, M8 lies ESE: aimed SE
        assert pad.draft.fire_direction == "SE" and "ESE, 2 squares from your plot" in said(pad)
        await pilot.press("x", "at")
        assert pad.plotting
        await pilot.press("a")  # the surface stream of row 9 sets SW: a square down the Straits
        assert pad.draft.plot == "J8"
        assert "surface stream sets SW" in pad.status.plain
        await pilot.press("6", "escape")  # a square east by the pencil, and done
        assert not pad.plotting and pad.draft.plot == "K8"
        # The chart, the key and the gauges put the boat where the player says.
        pane = app.query_one(ChartPane)
        assert "K8 (by hand; reckoned K9)" in text_of(chart_key(app.view, [], pane.chart, draft=pad.draft))
        await until(pilot, lambda: "K8, set by hand (the reckoning: K9)" in said(app.query_one(Gauges)))
        # The torpedo is aimed from the plot at where the reckoning puts her: due E of K8.
        await pilot.press("f")
        assert pad.draft.fire_target == 1
        assert pad.draft.fire_direction == "E" and "E, 2 squares from your plot" in said(pad)
        await pilot.press("8", "enter")
        await until(pilot, lambda: client.submitted)
        turn, order = client.submitted[-1]
        assert turn == 3 and order["plot"] == "K8" and order["course"] == "N"
        # The next hour's view has it in the reckoning: the pad lets go of the hand's plot.
        client.put(Observation(seq=3, turn=4, view=view(turn=4, level="periscope", plotted="K9",
                                                        track=["K7", "K8", "K9", "K9"]), must_act=True))  # fmt: skip
        await until(pilot, lambda: app.view["turn"] == 4 and pad.draft.plot is None)


async def test_the_shore_warning_follows_the_plot_and_0_puts_it_back(tmp_path):
    async with playing(tmp_path, welcome_as_served(), (160, 50), plotted="D5", track=["D5"]) as (_, app, pilot):
        pad = app.query_one(OrderPad)
        await pilot.press("9")  # NE 1 from D5: E6 is the peninsula
        assert "running ashore at E6" in said(pad)
        await pilot.press("at", "2", "escape")  # the plot a square south, to D4: NE 1 is E5, sea
        assert pad.draft.plot == "D4" and "running ashore" not in said(pad)
        await pilot.press("at", "4", "4", "4")  # west three squares, to the chart's edge
        assert pad.draft.plot == "A4"
        await pilot.press("4")  # the pencil stays on the chart
        assert pad.draft.plot == "A4" and "edge of your chart" in pad.status.plain
        await pilot.press("9", "9", "9")  # NE to B5, C6, then D7: the peninsula on the player's chart
        assert pad.draft.plot == "C6" and "Your chart shows land at D7" in pad.status.plain
        await pilot.press("0", "escape")
        assert pad.draft.plot is None and "running ashore at E6" in said(pad)


async def test_both_legs_stay_in_sight_and_a_level_key_keeps_the_course(tmp_path):
    async with playing(tmp_path, welcome_as_served(), (160, 50), plotted="H8", track=["H8"]) as (_, app, pilot):
        pad = app.query_one(OrderPad)
        await pilot.press("6", "plus", "plus")  # E 3
        assert "then N ↑ 0" in said(pad)  # the second leg is shown before it is steered
        await pilot.press("n", "9", "plus")  # then NE 2
        assert pad.draft.legs == (("E", 3), ("NE", 2))
        await pilot.press("d")  # submerged: room for 1 square; the legs are cut, their courses kept
        assert pad.draft.legs == (("E", 1),) and (pad.draft.course, pad.draft.course2) == ("E", "NE")
        assert "E → 1 then NE ↗ 0" in said(pad)
        await pilot.press("b")  # the bottom: no way on, still the same courses
        assert pad.draft.squares == 0 and "E → 0 then NE ↗ 0" in said(pad)
        await pilot.press("s")  # back on the surface: the squares planned come back
        assert pad.draft.legs == (("E", 3), ("NE", 2))
        # Keys steer the leg shown as steered: leg 2 is marked, and - slows it, not leg 1.
        await pilot.press("minus")
        assert pad.draft.legs == (("E", 3), ("NE", 1))
        await pilot.press("n", "minus")
        assert pad.draft.legs == (("E", 2), ("NE", 1))


async def test_a_new_hour_steers_leg_one_and_a_course_at_the_bottom_waits_for_a_level(tmp_path):
    async with playing(tmp_path, welcome_as_served(), (160, 50), level="bottom", plotted="O14",
                       track=["O14"]) as (client, app, pilot):  # fmt: skip
        pad = app.query_one(OrderPad)
        await pilot.press("1")  # SW, at the bottom: no way on, but the square is planned
        assert pad.draft.squares == 0 and "No way on at bottom" in pad.status.plain
        await pilot.press("s")  # surfacing leaves 3 squares: the planned one is there
        assert pad.draft.legs == (("SW", 1),)
        await pilot.press("n", "4", "enter")
        await until(pilot, lambda: client.submitted)
        client.put(Observation(seq=2, turn=2, view=view(turn=2, plotted="M13", track=["O14", "M13"]), must_act=True))
        await until(pilot, lambda: app.view["turn"] == 2 and pad.leg == 1)


@pytest.mark.parametrize(
    "level, plotted, expected, said",
    [
        ("surface", "O14", "N13", "surface stream sets SW"),  # row 14 sets S, but O13 is the bank: along it
        ("submerged", "O12", None, "into the bank"),  # row 12's deep set runs NE, into P13: held
        ("surface", "D20", None, "no current at row 20"),
    ],
)
async def test_the_drift_added_follows_the_channel_and_the_bank_holds_the_deep_set(
    tmp_path, level, plotted, expected, said
):
    async with playing(tmp_path, welcome_as_served(), (160, 50), level=level, plotted=plotted,
                       track=[plotted]) as (_, app, pilot):  # fmt: skip
        pad = app.query_one(OrderPad)
        await pilot.press("at", "a")
        assert pad.draft.plot == expected and said in pad.status.plain


async def test_f_offers_only_the_contacts_of_the_last_two_turns_and_close_aboard_is_said(tmp_path):
    old, recent = seen(1, turn=2), seen(2, turn=4, distance=0)
    at_kephez = dict(turn=6, level="periscope", plotted="K9", track=["K9"] * 6, contacts=[old, recent])
    async with playing(tmp_path, welcome_as_served(), (160, 50), **at_kephez) as (client, app, pilot):
        pad = app.query_one(OrderPad)
        await pilot.press("f")
        assert pad.draft.fire_target == 2
        await pilot.press("f")  # again: no other target worth a torpedo, contact 1 is four turns old
        assert pad.draft.fire_target == 2
        assert "close aboard" in said(pad)
        key = text_of(chart_key({**app.view, "turn": 5}, []))
        assert "battleship close aboard" in key and "0 sq" not in key


async def test_an_override_of_the_gauges_is_said_with_no_turn_of_its_own(tmp_path):
    async with playing(tmp_path, b11_welcome(), (80, 24)) as (client, app, pilot):
        client.put(Observation(seq=2, turn=1, view=view(air=15), must_act=True))
        log = app.query_one(ReportLog)
        await until(pilot, lambda: log.entries[-1].text == "The umpire: Air 15, was 20.")
        assert app.view["air"] == 15
        assert not any(e.kind == "turn" and e.text.startswith("Turn 0") for e in log.entries)
        assert "Turn 0" not in app.query_one(OrderPad).status.plain


async def test_a_small_terminal_keeps_the_header_and_the_amendment_whole(tmp_path):
    afternoon = dict(turn=12, track=["D5"] * 12, time="1914-12-13T15:00", night=False)
    async with playing(tmp_path, welcome_as_served(), (80, 24), **afternoon) as (client, app, pilot):
        client.put(Status(seq=2, turn=12, phase="orders", must_act=True, order_in=True, held=True))
        top = app.query_one(TopBar)
        await until(pilot, lambda: "held by the umpire" in top.progress)
        client.set_state(RECONNECTING)

        def header_whole() -> None:
            header = screen_lines(app)[0]
            assert "turn 12: order in; held by the umpire" in header and "reconnecting" in header, header

        await settled(pilot, header_whole)
        order = {"legs": [{"course": "E", "speed": 1}, {"course": "NE", "speed": 1}], "level": "periscope"}
        client.put(AmendedMessage(seq=3, turn=12, phase="orders", order=order, reason="she touched the bank "
                                  "off Kephez and the umpire takes her off it, as the rules would have had it", note=None))  # fmt: skip
        pad = app.query_one(OrderPad)

        def amendment_whole() -> None:
            shown = "\n".join(screen_lines(app))
            assert "AMENDED by the umpire:" in shown
            assert "Steer E1 then NE1 at periscope." in shown
            assert shown_whole(app, pad)
            assert app.query_one(ReportLog).region.height >= 3  # the reports keep a few lines

        await settled(pilot, amendment_whole)


async def test_marmaras_objective_is_the_marmara_and_in_sight_at_the_start(tmp_path):
    async with playing(tmp_path, welcome_as_served("marmara"), (120, 40), plotted="D5", track=["D5"]) as (_, app, pilot):
        pane = app.query_one(ChartPane)
        assert [t["name"] for t in pane.targets] == ["Sea of Marmara"]  # not Sari Sighlar Bay
        scroll = pane.query_one(ChartScroll)
        await until(pilot, lambda: scroll.scroll_y > 0 or scroll.max_scroll_y == 0)

        def both_in_sight() -> None:
            grid = [line for line in screen_lines(app) if "·" in line or "░" in line]
            assert any(line.startswith("│35 ") and "◎" in line for line in grid), "\n".join(grid)
            assert any(line.startswith("│ 5 ") and "@" in line for line in grid), "\n".join(grid)

        await settled(pilot, both_in_sight)


@pytest.mark.parametrize(
    "roll, words",
    [
        ({"table": "shore_battery", "dice": [1, 3], "total": 5, "outcome": "sunk",
          "modifiers": [{"reason": "at periscope level", "value": 1}]}, "= 5: sunk; 7 or less sinks"),
        ({"table": "torpedo", "dice": [5, 4], "total": 6, "outcome": "miss",
          "modifiers": [{"reason": "range 3 squares", "value": -3}]}, "= 6: miss; 10 or more hits"),
        ({"table": "minefield_submerged", "dice": [1, 1], "total": 6, "outcome": "told",
          "modifiers": [{"reason": "at bottom level", "value": 4}]}, "= 6: told; never sinks"),
        ({"table": "no_such_table", "dice": [3], "total": 3, "outcome": "x", "modifiers": []}, "= 3: x"),
    ],
)  # fmt: skip
def test_the_debriefs_rolls_give_the_number_needed(roll, words):
    assert _roll_words({"index": 4, **roll}).endswith(words)


def test_the_true_track_alone():
    chart = b11_welcome().chart
    truth = {"track": ["D5", "E5", "F5", "G5"], "boat": {"square": "G5"}, "minefields": {"E5": 2},
             "vessels": [{"type": "caique", "square": "C5", "sunk": False}]}  # fmt: skip
    seen_view = view(turn=3, track=["D5", "E5", "F5"], plotted="F5")
    marks = ({"square": "E5", "label": "here?"},)
    everything = draw_chart(chart, seen_view, truth=truth, marks=marks).plain
    alone = draw_chart(chart, seen_view, truth=truth, marks=marks, track_alone=True).plain
    row = lambda drawn: drawn.splitlines()[1 + 36 - 5]  # noqa: E731
    assert "*2" in row(everything) and "C " in row(everything)
    assert row(alone)[3 + 2 * 3 : 3 + 2 * 7] == "o o o ◆ "  # D5 E5 F5, and G5 where she ended
    assert "@" not in alone and "×" not in alone and "*" not in alone


async def test_at_the_end_the_gauges_show_the_last_plot_not_a_plot_left_on_the_pad(tmp_path):
    async with playing(tmp_path, welcome_as_served(), (160, 50), plotted="K8", track=["K8"]) as (client, app, pilot):
        await pilot.press("at", "6", "escape", "8", "enter")  # the plot set to L8, the order sent
        await until(pilot, lambda: client.submitted)
        client.put(Observation(seq=2, turn=2, must_act=False, view=view(
            turn=2, plotted="L9", track=["L8", "L9"], afloat=False,
            outcome={"result": "defeat", "reason": "B11 was lost."})))  # fmt: skip
        client.put(GameOver(seq=3, result="defeat", results={"british": "defeat"}, reason="B11 was lost.",
                            record=[], seed="00" * 32, log=[]))  # fmt: skip
        await until(pilot, lambda: app.game_over is not None)
        gauges = app.query_one(Gauges)
        await until(pilot, lambda: gauges.draft is None and "L9 (dead reckoning" in said(gauges))


def test_the_pad_and_the_chart_say_where_the_stream_should_set_her_at_the_end_of_the_hour():
    chart = welcome_as_served().chart
    at_m12 = view(level="surface", plotted="M12", track=["M12"])
    # At periscope depth she rides the surface stream: from M12 down the Straits, into L11.
    drafted = Draft(level="periscope")
    drift = cost(at_m12, drafted, shore_of(chart), chart).drift
    assert drift.words() == "then the surface stream sets her SW, to L11" and drift.words(short=True) == "drift SW to L11"
    drawn = draw_chart(chart, at_m12, drafted, cell=2).plain
    assert drawn.splitlines()[1 + 36 - 11][3 + 2 * 11 : 5 + 2 * 11] == "~ "
    # On the bottom in Sari Sighlar Bay the deep set presses her against the bank.
    below = cost(view(level="bottom", plotted="O12", track=["O12"]), Draft(level="bottom"), shore_of(chart), chart)
    assert below.drift.words() == "then the deep set presses her against the bank at O12: no drift"
    # Above Nagara no stream runs: nothing is said.
    assert cost(view(plotted="T30", track=["T30"]), Draft(), shore_of(chart), chart).drift is None
    # A course that runs ashore on the player's chart stops at the shore: the drift is from there.
    ashore = Draft(course="E", speed=2, course2="NE", speed2=3)  # from I8: J8, K8, L9, then M10 ashore
    at_i8 = view(plotted="I8", track=["I8"])
    assert cost(at_i8, ashore, shore_of(chart), chart).drift.words() == "then the surface stream sets her SW, to K8"

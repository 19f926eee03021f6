"""What the player is told and can do beyond the order itself: the briefing's intelligence and
the levels' risks, finish lines, two-leg orders and a fix, the shore warning, pencil marks, the
reports read as an umpire says them, and a status line that is always current."""

from __future__ import annotations

import json
import stat

import attrs

from fogbank.protocols import AmendedMessage, NarrativeMessage, Observation, Status
from fogbank.rules.dardanelles.terminal import SubApp
from fogbank.rules.dardanelles.terminal.app import TopBar
from fogbank.rules.dardanelles.terminal.chart import draw_chart
from fogbank.rules.dardanelles.terminal.chartpane import ChartPane, chart_key
from fogbank.rules.dardanelles.terminal.help import HelpScreen
from fogbank.rules.dardanelles.terminal.log import ReportLog, entries_for_reports, render_entry
from fogbank.rules.dardanelles.terminal.orders import OrderPad
from fogbank.rules.dardanelles.terminal.pencil import PencilScreen
from fogbank.rules.dardanelles.terminal.places import places_key

from .helpers import FakeClient, b11_welcome, settled, text_of, until, view

FINISH = [{"label": "out", "squares": ["A2", "B2", "C2", "D2"]},
          {"label": "Marmara", "squares": ["W36", "X36", "Y36", "Z36"]}]  # fmt: skip
INTELLIGENCE = ["Five lines of mines reported across the strait off Kephez.", "Searchlights at Kephez."]
LEVELS = {"surface": "seen from the shore by day; searchlights at night", "bottom": "no way on: drift only",
          "fix": "the periscope or conning tower may be seen from the shore"}  # fmt: skip


def welcome_with_additions():
    """The welcome with the payload additions: finish lines, landmarks, intelligence, levels."""
    welcome = b11_welcome()
    chart = {**welcome.chart, "finish": FINISH}
    chart["places"] = [{**p, "landmark": p["name"] == "Kum Kale"} for p in chart["places"]]
    briefing = {**welcome.briefing, "intelligence": INTELLIGENCE, "levels": LEVELS}
    return attrs.evolve(welcome, chart=chart, briefing=briefing)


def square_text(drawn: str, square: str, rows: int = 36) -> str:
    x, y = ord(square[0]) - ord("A"), int(square[1:])
    return drawn.splitlines()[1 + rows - y][3 + 2 * x : 5 + 2 * x]


def row_text(drawn: str, row: int, rows: int = 36) -> str:
    return drawn.splitlines()[1 + rows - row]


def heard(number: int, bearing: int, turn: int = 1) -> dict:
    return {"number": number, "turn": turn, "fidelity": "bearing", "bearing": bearing, "distance": None,
            "silhouette": None, "square": None, "identity": None}  # fmt: skip


def seen(number: int, turn: int = 1, silhouette: str = "battleship") -> dict:
    return {"number": number, "turn": turn, "fidelity": "silhouette", "bearing": 45, "distance": 2,
            "silhouette": silhouette, "square": None, "identity": None}  # fmt: skip


async def test_the_briefing_names_the_intelligence_and_help_what_each_level_risks(tmp_path):
    client = FakeClient(welcome_with_additions())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        client.snapshot()
        await until(pilot, lambda: app.view is not None)
        told = [e.text for e in app.query_one(ReportLog).entries]
        assert "Intelligence reports" in told and f"- {INTELLIGENCE[0]}" in told
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = "".join(text_of(s.render()) for s in app.screen.query("Static"))
        assert INTELLIGENCE[1] in shown and "WHAT EACH LEVEL RISKS" in shown
        assert "bottom" in shown and LEVELS["bottom"] in shown
        assert "WHAT A FIX RISKS" in shown and LEVELS["fix"] in shown


async def test_todays_payloads_without_the_additions_still_play(tmp_path):
    welcome = b11_welcome()  # as the rules before issue 10 sent it: no finish, landmarks, intelligence, levels
    chart = {k: v for k, v in welcome.chart.items() if k != "finish"}
    chart["places"] = [{k: v for k, v in p.items() if k != "landmark"} for p in chart["places"]]
    briefing = {k: v for k, v in welcome.briefing.items() if k not in ("intelligence", "levels")}
    client = FakeClient(attrs.evolve(welcome, chart=chart, briefing=briefing))
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        client.snapshot()
        await until(pilot, lambda: app.view is not None)
        await pilot.press("l")  # a fix: the chart marks no landmark to take it on
        pad = app.query_one(OrderPad)
        assert "no landmarks" in pad.status.plain and not pad.draft.fix
        await pilot.press("question_mark")
        shown = "".join(text_of(s.render()) for s in app.screen.query("Static"))
        assert "KEYS" in shown and "WHAT EACH LEVEL RISKS" not in shown


def test_finish_lines_are_drawn_and_labelled_and_no_label_covers_another():
    chart = welcome_with_additions().chart
    marks = ({"square": "L10", "label": "mines?"}, {"square": "J10", "label": "scraping here"})
    drawn = draw_chart(chart, view(), marks=marks).plain
    assert [square_text(drawn, s) for s in ("A2", "D2", "W36")] == ["══"] * 3
    assert "out" in row_text(drawn, 2) and "Marmara" in row_text(drawn, 36)
    assert square_text(drawn, "L10") == "× " and "mines?" in row_text(drawn, 10)
    # Kephez Point is written on row 10 too, where a pencil label now stands: each name drawn is
    # drawn whole, none over another; what does not fit is left to the key.
    row = row_text(drawn, 10)
    for name in ("mines?", "scraping here", "Kephez Point"):
        assert name in row or name[:4] not in row, row


def test_old_bearing_lines_are_dimmed_then_removed():
    chart = b11_welcome().chart
    line = [heard(1, 0, turn=1)]
    track = ["D5", "D5"]
    fresh = draw_chart(chart, view(turn=2, track=track, plotted="D5", contacts=line))
    old = draw_chart(chart, view(turn=3, track=track, plotted="D5", contacts=line))
    gone = draw_chart(chart, view(turn=4, track=track, plotted="D5", contacts=line)).plain
    assert square_text(fresh.plain, "D6") == "│ " == square_text(old.plain, "D6")

    def style_of(drawn, square: str) -> str:
        x, y = ord(square[0]) - ord("A"), int(square[1:])
        offset = sum(len(l) + 1 for l in drawn.plain.splitlines()[: 1 + 36 - y]) + 3 + 2 * x
        return next(str(span.style) for span in reversed(drawn.spans) if span.start <= offset < span.end)

    assert style_of(fresh, "D6") != style_of(old, "D6")  # a turn old: dimmed
    assert "│" not in gone and "?1" not in gone  # two turns old: gone


def test_reports_read_as_an_umpire_says_them():
    reports = [
        {"turn": 2, "kind": "heard", "text": "A vessel heard, bearing 010 (contact 1).", "contact": heard(1, 10)},
        {"turn": 2, "kind": "heard", "text": "A vessel heard, bearing 300 (contact 2).", "contact": heard(2, 300)},
        {"turn": 2, "kind": "sighted", "text": "A battleship (contact 3).", "contact": seen(3)},
    ]
    shown: set[int] = set()
    entries = entries_for_reports(reports, None, shown=shown)
    assert [e.kind for e in entries] == ["turn", "report", "report"]
    assert entries[1].text == ("Hydrophones: 2 vessels heard moving through the water, bearing 010 (contact 1),"
                               " 300 (contact 2).")  # fmt: skip
    assert entries[2].silhouettes == ("battleship",)
    # The same vessel, still contact 3, seen again: no second silhouette. Then sunk.
    again = [{"turn": 3, "kind": "sighted", "text": "A battleship (contact 3).", "contact": seen(3, turn=3)},
             {"turn": 3, "kind": "torpedo_fired", "text": "Torpedo fired NE at contact 3: a hit!",
              "contact": None, "facts": {"target": 3, "direction": "NE", "hit": True}}]  # fmt: skip
    later = entries_for_reports(again, None, shown=shown, contacts={3: seen(3)},
                                orders="Sink the battleship Messudieh, then come out.")  # fmt: skip
    assert later[1].silhouettes == ()
    assert later[-1].kind == "sunk"
    assert later[-1].text == "★ The battleship (contact 3) sunk - what you were sent for. Now get out."


async def test_two_legs_and_a_fix_by_keys_and_the_shore_warning(tmp_path):
    client = FakeClient(welcome_with_additions())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        client.snapshot(plotted="D5", track=["D5"], night=False)
        await until(pilot, lambda: app.view is not None)
        pad = app.query_one(OrderPad)
        await pilot.press("6")  # E 1: one leg, no fix: the order in its single-leg form
        assert pad.draft.payload() == {"course": "E", "speed": 1, "level": "surface"}
        await pilot.press("n", "8", "plus")  # then N 2
        assert pad.leg == 2
        await pilot.press("l")  # and a fix on a landmark, with its risk said
        assert pad.status.plain == f"A fix risks: {LEVELS['fix']}"
        await pilot.press("enter")
        await until(pilot, lambda: client.submitted)
        assert client.submitted[-1] == (1, {"legs": [{"course": "E", "speed": 1}, {"course": "N", "speed": 2}],
                                            "level": "surface", "fire": None, "fix": True})  # fmt: skip
        shown = text_of(pad.render())
        assert "Steer E, 1 square, then N, 2 squares, at surface; take a fix on a landmark." in shown
        assert "movement 3 of 6" in shown
        # E1 N2 from D5 runs onto the peninsula at E6, as the player's own chart draws it.
        assert "Your chart shows the course running ashore at E6." in shown
        drawn = draw_chart(app.query_one(ChartPane).chart, app.view, pad.draft).plain
        assert square_text(drawn, "E5") == "+ "
        await pilot.press("0", "n")  # leg 2 dropped, back on leg 1
        assert pad.leg == 1 and pad.draft.legs == (("E", 1),)


async def test_pencil_marks_are_kept_for_the_player_only(tmp_path):
    client = FakeClient(welcome_with_additions())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        client.snapshot()
        await until(pilot, lambda: app.view is not None)
        await pilot.press("m")
        assert isinstance(app.screen, PencilScreen)
        await pilot.press(*"k9 mines?", "enter")
        await until(pilot, lambda: app.query_one(ChartPane).marks)
        assert app.query_one(ChartPane).marks == ({"square": "K9", "label": "mines?"},)
        assert client.submitted == []  # nothing of it goes to the server
        await pilot.press("k")  # the places key lists the marks, and the landmarks to fix on
        shown = "".join(text_of(s.render()) for s in app.screen.query("Static"))
        assert "K9 × mines?" in shown and "by day, l takes a fix" in shown
        assert "Kum Kale ▲" in text_of(places_key(app.welcome.chart, []))
        await pilot.press("escape")
        await pilot.press("m", *"Q99 x", "enter")
        await until(pilot, lambda: "not on the chart" in app.query_one(OrderPad).status.plain)
    saved = tmp_path / "pencil-g-test.json"
    assert json.loads(saved.read_text()) == [{"square": "K9", "label": "mines?"}]
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    # The next time the client opens on this game, the marks are there; the square alone rubs out.
    client = FakeClient(welcome_with_additions())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        client.snapshot()
        await until(pilot, lambda: app.query_one(ChartPane).marks)
        await pilot.press("m", *"K9", "enter")
        await until(pilot, lambda: not app.query_one(ChartPane).marks)
    assert json.loads(saved.read_text()) == []


async def test_the_status_line_follows_the_turn(tmp_path):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        client.snapshot()
        await until(pilot, lambda: app.view is not None)
        top = app.query_one(TopBar)
        client.put(Status(seq=2, turn=1, phase="orders", must_act=True, order_in=True, held=True))
        await until(pilot, lambda: "held by the umpire" in top.progress)
        # The umpire releases: the turn resolves, and no status follows the observation.
        client.put(Observation(seq=3, turn=2, view=view(turn=2, track=["D5", "D5"]), must_act=True))
        await until(pilot, lambda: app.view["turn"] == 2)
        assert top.progress == "turn 2: your orders"
        client.put(Status(seq=1, turn=1, phase="orders", must_act=True, order_in=True, held=True))
        client.put(NarrativeMessage(seq=4, turn=2, text="Carry on."))  # read after it, the stream in order
        await until(pilot, lambda: any("Carry on." in e.words for e in app.entries))
        assert top.progress == "turn 2: your orders"  # an older turn's status, late: not shown


def test_the_same_report_twice_in_an_hour_is_said_once_and_counted():
    mined = {"turn": 3, "kind": "minefield_noticed", "text": "The boat has entered a minefield.", "contact": None}
    entries = entries_for_reports([mined, mined, mined], None)
    assert [e.words for e in entries[1:]] == ["The boat has entered a minefield. (3 times)"]


def test_a_finish_zone_is_drawn_by_its_edge_and_labelled_inside_or_beside_it():
    chart = b11_welcome().chart
    # The sea west of the mouth, as a finish zone: everything in columns A-C, rows 1-12.
    zone = [f"{c}{r}" for c in "ABC" for r in range(1, 13)]
    chart = {**chart, "finish": [{"label": "out", "squares": zone}]}
    drawn = draw_chart(chart, view(plotted="F5", track=["F5"]), cell=2).plain
    assert square_text(drawn, "C5") == "══"  # the edge, with open sea (D5) beside it
    assert square_text(drawn, "A5") != "══"  # inside: the sea, tinted, not a wall of lines
    assert any("out" in row_text(drawn, row) for row in range(1, 14))


def test_the_rules_own_words_for_a_sinking_and_a_compass_point():
    point = {**heard(1, 23), "point": "NNE"}
    reports = [
        {"turn": 2, "kind": "heard", "text": "Vessels heard: bearing NNE (contact 1), SW (contact 2).",
         "contacts": [point, {**heard(2, 225), "point": "SW"}], "contact": point},
        {"turn": 2, "kind": "torpedo_fired", "text": "Torpedo fired NE at contact 3: a hit! Messudieh sunk - now get out.",
         "contact": None, "facts": {"target": 3, "direction": "NE", "hit": True, "sunk": "Messudieh"}},
    ]  # fmt: skip
    entries = entries_for_reports(reports, None, contacts={3: seen(3)}, orders="Sink the battleship Messudieh.")
    assert [(e.kind, e.text) for e in entries[1:]] == [
        ("report", reports[0]["text"]),  # one report already gives every bearing: said as it is
        ("sunk", reports[1]["text"]),  # the umpire named the sinking: no second line for it
    ]
    key = text_of(chart_key(view(turn=3, contacts=[{**point, "turn": 2}]), []))
    assert "heard ?1 NNE" in key


async def test_at_the_bottom_the_boat_lies_still(tmp_path):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        client.snapshot(level="submerged")
        await until(pilot, lambda: app.view is not None)
        pad = app.query_one(OrderPad)
        await pilot.press("6", "plus", "b")
        assert pad.draft.level == "bottom" and pad.draft.squares == 0
        await pilot.press("9", "plus")
        assert pad.draft.squares == 0 and pad.draft.course == "NE"


async def test_a_vessel_seen_then_heard_keeps_its_type_and_may_be_fired_at(tmp_path):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        client.snapshot(turn=2, level="periscope", track=["D5", "D5"], contacts=[seen(3, turn=1)])
        await until(pilot, lambda: app.view is not None)
        # The next hour contact 3 is only heard: still the battleship, still a target.
        client.put(Observation(seq=2, turn=3, must_act=True, view=view(
            turn=3, level="periscope", track=["D5", "D5", "D5"], contacts=[heard(3, 90, turn=2)])))  # fmt: skip
        await until(pilot, lambda: app.view["turn"] == 3)
        key = text_of(app.query_one("#chart-key").render())
        assert "heard B3 090" in key
        await pilot.press("f")
        assert app.query_one(OrderPad).draft.fire_target == 3
        assert "only heard" not in text_of(app.query_one(OrderPad).render())
        # Sunk: contact 3 is no longer a target, and the chart marks it so.
        hit = {"turn": 3, "kind": "torpedo_fired", "text": "Torpedo fired E at contact 3: a hit! Messudieh sunk.",
               "contact": None, "facts": {"target": 3, "direction": "E", "hit": True, "sunk": "Messudieh"}}  # fmt: skip
        client.put(Observation(seq=3, turn=4, must_act=True, view=view(
            turn=4, level="periscope", track=["D5"] * 4, reports=[hit], contacts=[])))  # fmt: skip
        await until(pilot, lambda: app.view["turn"] == 4)
        await pilot.press("x", "f")
        assert app.query_one(OrderPad).draft.fire_target is None
        assert "No contact seen in the last two turns to fire at" in app.query_one(OrderPad).status.plain
        assert app.query_one(ChartPane).sunk == {3}


async def test_a_small_terminal_shows_each_new_silhouette_in_miniature_beside_its_words(tmp_path):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    sightings = [{"turn": 1, "kind": "sighted", "text": f"A {kind} (contact {n}).", "contact": seen(n, silhouette=kind)}
                 for n, kind in ((1, "caique"), (2, "transport"), (3, "battleship"))]  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        client.snapshot(turn=2, track=["D5", "D5"], reports=sightings, contacts=[s["contact"] for s in sightings])

        def miniatures() -> None:
            shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
            for line in ("_/|\\|\\_ A caique (contact 1).", "_|__||__|_ A transport (contact 2).",
                         "_[]_||_||_[]_ A battleship (contact 3)."):  # fmt: skip
                assert line in shown, shown

        await settled(pilot, miniatures)


def test_the_newest_contact_is_drawn_over_an_older_bearing_line():
    chart = b11_welcome().chart
    old_line = heard(7, 90, turn=1)  # heard east of D5 on turn 1: a line through E5...
    sighting = {**seen(3, turn=2), "bearing": 90, "distance": 1}  # ...and seen in E5 on turn 2
    drawn = draw_chart(chart, view(turn=3, track=["D5", "D5", "D5"], plotted="D5",
                                   contacts=[sighting, old_line])).plain  # fmt: skip
    assert square_text(drawn, "E5") == "B3"


async def test_the_umpires_amendment_is_reported_and_the_pad_sails_under_it(tmp_path):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(200, 50)) as pilot:
        client.snapshot()
        await until(pilot, lambda: app.view is not None)
        order = {"legs": [{"course": "E", "speed": 1}], "level": "submerged", "fire": None, "fix": False}
        client.put(AmendedMessage(seq=2, turn=1, phase="orders", order=order, reason="the boat ran aground",
                                  note="Only one square of the two ordered could be sailed."))  # fmt: skip
        await until(pilot, lambda: any(e.kind == "amended" for e in app.entries))
        said = next(e.words for e in app.entries if e.kind == "amended")
        assert "amended your order for turn 1: Steer E, 1 square, at submerged." in said
        assert "Reason: the boat ran aground." in said and "Only one square of the two" in said
        entry = next(e for e in app.query_one(ReportLog).entries if e.kind == "amended")
        assert render_entry(entry).renderable.style == "bold #ffb060"  # set apart like the umpire's words
        pad = app.query_one(OrderPad)

        def sails_under_it() -> None:
            shown = text_of(pad.render())
            assert "AMENDED" in shown and "turn 1's order: Steer E, 1 square, at submerged." in shown
            assert "ORDER" in shown and "Steer E, 1 square, at submerged." in shown.split("AMENDED")[0]

        await settled(pilot, sails_under_it)
        # The next turn is the player's own again: the mark goes, the amendment stays in the reports.
        client.put(Observation(seq=3, turn=2, view=view(turn=2, track=["D5", "E5"]), must_act=True))
        await until(pilot, lambda: app.view["turn"] == 2)
        await until(pilot, lambda: "AMENDED" not in text_of(pad.render()))
        assert any(e.kind == "amended" for e in app.entries)

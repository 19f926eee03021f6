"""The chart draws each contact where and as well as it was reported, from the plot of that turn."""

from __future__ import annotations

from fogbank.rules.dardanelles.terminal.chart import draw_chart, labelled, waters_named
from fogbank.rules.dardanelles.terminal.chartpane import chart_key
from fogbank.rules.dardanelles.terminal.draft import Draft

from .helpers import b11_welcome, view


def square_text(drawn: str, square: str, rows: int = 36) -> str:
    """The two characters drawn in `square` (e.g. "K7")."""
    lines = drawn.splitlines()
    x, y = ord(square[0]) - ord("A"), int(square[1:])
    line = lines[1 + rows - y]
    return line[3 + 2 * x : 5 + 2 * x]


def test_contacts_are_drawn_from_the_plot_of_their_turn():
    chart = b11_welcome().chart
    sighting = {"number": 3, "turn": 1, "fidelity": "silhouette", "bearing": 45, "distance": 3,
                "silhouette": "battleship", "square": None, "identity": None}  # fmt: skip
    heard = {
        **sighting,
        "number": 4,
        "turn": 2,
        "fidelity": "bearing",
        "bearing": 0,
        "distance": None,
        "silhouette": None,
    }
    seen = view(turn=3, track=["D5", "F5", "H7"], plotted="H7", contacts=[sighting, heard])
    drawn = draw_chart(chart, seen, Draft(course="E", speed=1, level="surface")).plain
    assert square_text(drawn, "H7") == "@ "  # the plotted position
    assert square_text(drawn, "D5") == "• "  # the track behind
    assert square_text(drawn, "I7") == "+ "  # where the order takes the boat
    # Seen on turn 1 from F5, 045, three squares (king moves): I8, marked with its silhouette letter.
    assert square_text(drawn, "I8") == "B3"
    # Heard on turn 2 from H7, bearing 000: a line north, the contact number at its end.
    assert [square_text(drawn, f"H{y}") for y in (8, 13)] == ["│ ", "│ "]
    assert square_text(drawn, "H14") == "?4"


def test_contacts_from_10_up_keep_their_number_and_the_key_names_them():
    chart = b11_welcome().chart
    sighting = {"number": 12, "turn": 2, "fidelity": "silhouette", "bearing": 90, "distance": 2,
                "silhouette": "transport", "square": None, "identity": None}  # fmt: skip
    heard = {
        **sighting,
        "number": 13,
        "fidelity": "bearing",
        "bearing": 0,
        "distance": None,
        "silhouette": None,
    }
    seen = view(turn=3, track=["D5", "E5", "F5", "G5"], plotted="G5", contacts=[sighting, heard])
    wide = draw_chart(chart, seen).plain
    assert square_text(wide, "H5") == "12"  # seen from F5 on turn 2, two squares east
    assert square_text(wide, "F12") == "13"  # heard from F5 too, at the end of its bearing line
    narrow = draw_chart(chart, seen, cell=1).plain.splitlines()
    assert narrow[1 + 36 - 5][3 + 7] == "T"  # one column a square: the letter, and the number above
    key = chart_key(seen, []).plain
    assert "Turn 2: heard ?13 000; T12 transport 090 2 sq" in key


def test_the_waters_the_orders_name_are_marked_on_the_chart():
    chart = b11_welcome().chart
    orders = "the battleship Messudieh lying at anchor in Sari Sighlar Bay, on the Asian shore"
    targets = waters_named(orders, chart)
    assert [(p["name"], p["square"]) for p in targets] == [("Sari Sighlar Bay", "O12")]
    drawn = draw_chart(chart, view(), targets=("O12",)).plain
    assert square_text(drawn, "O12") == "◎ "
    assert "Sari Sighlar Bay" not in labelled(chart, 2)  # so the key above the chart names it
    assert "◎ O12 Sari Sighlar Bay" in chart_key(view(), targets).plain


def test_a_mark_in_the_key_never_wraps_away_from_its_words_at_80_columns():
    chart = b11_welcome().chart
    targets = waters_named("the Messudieh in Sari Sighlar Bay", chart)
    lines = chart_key(view(), targets, chart, width=34).plain.splitlines()  # the chart pane at 80x24
    assert all(len(line) <= 34 for line in lines)
    assert any(line.startswith("═ out") for line in lines), lines
    assert len(chart_key(view(), targets, chart, width=120).plain.splitlines()) == 1

"""The boat's chart: coast and grid, the dead-reckoning track, the plotted position, and every
contact drawn where and as well as it was reported, from the plot at the time of the report.

Two scales: two columns a square when the terminal is wide, one when it is narrow. The pane
that shows it, under its key, is in chartpane.py.
"""

from __future__ import annotations

from typing import Any

import attrs
from ..chart import parse_square, square_name
from ..units import HYDROPHONE_RANGE
from rich.text import Text
from textual.geometry import Region

from . import bearings
from .draft import Draft
from .reckoning import anchor, expected_drift, plotted, shore_of, stops_at
from .recognition import LETTERS

SEA = "on #0b2545"
LAND = "on #6b5b3a"
OFF = "on #111111"
LAND_MARK = f"#8a7a55 {LAND}"
SEA_MARK = f"#2a4a75 {SEA}"
TARGET_MARK = "◎"
SEEN = "bold #ff5050"
OLD_SEEN = "#a05050"  # a sighting from an earlier turn
SUNK = "bold #60d060"
HEARD = "#d070ff"
OLD_HEARD = "#6a4a80"  # a bearing a turn old, dimmed; older ones are not drawn
FINISH_COLOUR = "#50e050"
FINISH = f"bold {FINISH_COLOUR}"
FINISH_MARK = "═"
FINISH_SEA = "#2a6a55 on #0b3528"  # the sea inside a finish zone
PENCIL_MARK = "×"
PENCIL = "bold #f0f0f0"
PENCIL_LABEL = "italic #f0f0f0"
TRUTH = "#40e0d0"  # the debrief: where the boat really was
TRUE_TRACK = "o"
TRUE_BOAT = "◆"
MINE = "*"
DRIFT_MARK = "~"  # where the stream should set her at the end of the hour


def _line_glyph(bearing: float) -> str:
    return "│╱─╲"[round((bearing % 180) / 45) % 4]


def contact_mark(contact: dict[str, Any], cell: int, sunk: bool = False) -> str:
    """A contact's mark in `cell` columns: its letter (C P T B, ? when only heard, V when placed
    by the umpire) and its number while both fit; from 10 up the number alone; one column: the
    letter alone (the key above the chart gives the numbers). A contact sunk: its letter and x
    (one column: x)."""
    mark, number = letter(contact), str(contact["number"])
    if sunk:
        return (mark + "x")[-cell:]  # one column: the x alone
    if cell == 1:
        return mark
    if len(number) == 1:
        return mark + number
    return number if len(number) == 2 else mark + "+"


def letter(contact: dict[str, Any]) -> str:
    """A contact's letter: its silhouette's (C P T B), ? when only heard, V when placed."""
    if contact.get("silhouette") in LETTERS:  # seen once: its type stands while it is tracked
        return LETTERS[contact["silhouette"]]
    return "?" if contact["fidelity"] in ("bearing", "silhouette") else "V"


def waters_named(text: str, chart: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The chart's waters a text names (where a briefing sends the boat), longest name first."""
    found: list[dict[str, Any]] = []
    waters = (p for p in (chart or {}).get("places", ()) if p.get("side") == "water")
    for place in sorted(waters, key=lambda p: -len(p["name"])):
        if place["name"] in text and not any(place["name"] in f["name"] for f in found):
            found.append(place)
    return found


@attrs.frozen
class Label:
    """A name to write on the chart at the first of `squares` where it fits. `on`: "sea" or
    "land" for a place name, which goes only on its own kind of square so it never hides where
    the sea is; None: beside the square (a pencil mark's or a finish line's label), on whatever
    is blank there."""

    text: str
    squares: tuple[str, ...]
    style: str
    on: str | None = None


def draw_chart(
    chart: dict[str, Any] | None,
    view: dict[str, Any] | None,
    draft: Draft | None = None,
    *,
    cell: int = 2,
    targets: tuple[str, ...] = (),
    marks: tuple[dict[str, str], ...] = (),
    truth: dict[str, Any] | None = None,
    sunk: frozenset[int] = frozenset(),
    track_alone: bool = False,
) -> Text:
    """The chart as styled text, north up; each square `cell` columns wide. `targets`: squares
    to mark as the orders' objective; `marks`: the player's pencil marks ({square, label});
    `truth`: the umpire's view at the end (the debrief); `sunk`: contacts sunk; `track_alone`:
    the debrief's true track and nothing else over the coast (no plot, mark or name hides it)."""
    if not chart:
        return Text("Waiting for the chart...", style="dim")
    land = _land(chart)
    cells = _blank(land, cell)
    used: set[tuple[int, int]] = set()

    def mark(x: int, y: int, text: str, style: str) -> None:
        if 0 <= x < chart["columns"] and 0 <= y < chart["rows"]:
            cells[y][x] = (text.ljust(cell)[:cell], f"{style} {LAND if land[y][x] else SEA}")
            used.add((x, y))

    if truth and track_alone:
        _draw_truth({"track": truth.get("track", ()), "boat": truth.get("boat")}, mark, cell)
        return _assemble(cells, chart["columns"], chart["rows"], cell)

    for line in chart.get("finish", ()):
        zone, edge = finish_edge(line["squares"], land)
        for x, y in zone - edge:  # inside the zone: the sea tinted, free for marks and labels
            cells[y][x] = (cells[y][x][0], FINISH_SEA)
        for x, y in edge:
            mark(x, y, FINISH_MARK * cell, FINISH)
    for square in targets:
        mark(*parse_square(square), TARGET_MARK, "bold #ffd700")
    if view:
        _draw_view(view, mark, draft, cell, sunk, chart)
    for pencil in marks:  # the player's own notes over the plot's lines
        mark(*parse_square(pencil["square"]), PENCIL_MARK, PENCIL)
    if truth:
        _draw_truth(truth, mark, cell)
    if view:
        mark(*parse_square(plotted(view, draft)), "@", "bold #ffd700")
    # Labels last, each only on squares nothing is drawn on yet: no label is ever written over
    # a mark or over another label. What does not fit is in the key (k) instead.
    for label in _labels(chart, marks):
        _write_label(cells, land, used, label, cell)
    return _assemble(cells, chart["columns"], chart["rows"], cell)


def labelled(chart: dict[str, Any], cell: int) -> set[str]:
    """The names of the places written on the bare chart at this scale (the others are only in
    the key)."""
    land = _land(chart)
    cells, used = _blank(land, cell), set()
    return {label.text for label in _labels(chart, ()) if _write_label(cells, land, used, label, cell)}


def square_region(chart: dict[str, Any], square: str, cell: int) -> Region:
    """Where a square is in `draw_chart`'s text, for scrolling it into view."""
    x, y = parse_square(square)
    return Region(3 + cell * x, 1 + chart["rows"] - 1 - y, cell, 1)


def _land(chart: dict[str, Any]) -> list[list[bool]]:
    rows, terrain = chart["rows"], chart["terrain"]
    return [[terrain[rows - 1 - y][x] == "#" for x in range(chart["columns"])] for y in range(rows)]


def _blank(land: list[list[bool]], cell: int) -> list[list[tuple[str, str]]]:
    # One (text, style) per square, indexed [y][x] with y from the south, as squares count.
    blank = {True: ("░" * cell, LAND_MARK), False: ("·".ljust(cell), SEA_MARK)}
    return [[blank[here] for here in row] for row in land]


def _labels(chart: dict[str, Any], marks) -> list[Label]:
    # The player's own pencil first, then the finish lines, then the printed names.
    labels = [Label(m["label"], (m["square"],), PENCIL_LABEL) for m in marks if m.get("label")]
    for line in chart.get("finish", ()):
        if line.get("squares"):
            _, edge = finish_edge(line["squares"], _land(chart))
            labels.append(Label(line["label"], _beside_line([square_name(sq) for sq in edge]),
                                f"bold {FINISH_COLOUR}"))  # fmt: skip
    for place in chart.get("places", ()):
        water = place.get("side") == "water"
        style = "italic #9ecbff" if water else "#f0e0b0"
        labels.append(Label(place["name"], (place["square"],), style, "sea" if water else "land"))
    return labels


def finish_edge(squares: list[str], land: list[list[bool]]) -> tuple[set, set]:
    """A finish zone's sea squares, and its edge: those with open sea outside the zone beside
    them, the line a boat crosses to reach it."""
    rows, columns = len(land), len(land[0]) if land else 0
    zone = {(x, y) for x, y in map(parse_square, squares) if 0 <= y < rows and 0 <= x < columns}

    def open_sea(x: int, y: int) -> bool:
        return 0 <= y < rows and 0 <= x < columns and not land[y][x] and (x, y) not in zone

    edge = {(x, y) for x, y in zone
            if any(open_sea(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))}  # fmt: skip
    return zone, edge


def _beside_line(squares: list[str]) -> tuple[str, ...]:
    """Where a finish line's label may go: beside the squares of its edge, the middle first."""
    ordered = sorted(map(parse_square, squares), key=lambda sq: (-sq[1], sq[0]))
    middle = len(ordered) // 2
    return tuple(square_name(sq) for sq in ordered[middle:] + ordered[:middle])


def _draw_view(view: dict[str, Any], mark, draft: Draft | None, cell: int, sunk: frozenset[int], chart) -> None:
    track = [parse_square(s) for s in view["track"]]
    plot = parse_square(plotted(view, draft))
    # The track so far; with the plot set by hand, where the reckoning had her too.
    for x, y in track[:-1] if plot == parse_square(view["plotted"]) else track:
        mark(x, y, "•", "bold #c0c0c0")
    if draft is not None:
        for x, y in draft.path(plot):
            mark(x, y, "+", "bold yellow")
        drifted = expected_drift(chart, stops_at(draft, plot, shore_of(chart)), draft.level, shore_of(chart))
        if drifted is not None:  # where the stream should set her at the end of the hour
            mark(*drifted, DRIFT_MARK, "bold #80c0ff")
    for contact in sorted(view["contacts"], key=lambda c: (c["turn"], c["fidelity"] != "bearing")):
        # The newest over the oldest, a sighting over a bearing line: what was last told shows.
        # Each from where the boat was plotted when it was reported (the last turn's: the plot now).
        ox, oy = anchor(contact, view, plot)
        age = view["turn"] - 1 - contact["turn"]  # 0: reported in the turn just resolved
        _draw_contact(contact, age, contact["number"] in sunk, ox, oy, mark, cell)


def _draw_truth(truth: dict[str, Any], mark, cell: int) -> None:
    for x, y in (parse_square(s) for s in truth.get("track", ())[:-1]):
        mark(x, y, TRUE_TRACK, TRUTH)
    for square, rows in truth.get("minefields", {}).items():
        mark(*parse_square(square), MINE + (str(rows) if cell > 1 else ""), "bold #ff4040")
    for vessel in truth.get("vessels", ()):
        letter = LETTERS.get(vessel.get("type", ""), "V")
        mark(*parse_square(vessel["square"]), letter + ("x" if vessel.get("sunk") else ""), "bold #ffa040")
    boat = (truth.get("boat") or {}).get("square")
    if boat:
        mark(*parse_square(boat), TRUE_BOAT, f"bold {TRUTH}")


def _draw_contact(contact: dict[str, Any], age: int, sunk: bool, ox: int, oy: int, mark, cell: int) -> None:
    bearing = None if contact.get("bearing") is None else bearings.degrees(contact["bearing"])
    if bearing is not None:
        dx, dy = bearings.king_step(bearing)
    label = contact_mark(contact, cell, sunk)
    if contact["fidelity"] == "bearing" and bearing is not None:
        if age >= 2:  # an old bearing only clutters the plot: gone after two turns
            return
        style = HEARD if age < 1 else OLD_HEARD
        for k in range(1, HYDROPHONE_RANGE + 1):
            mark(round(ox + k * dx), round(oy + k * dy), _line_glyph(bearing), style)
        k = HYDROPHONE_RANGE + 1
        mark(round(ox + k * dx), round(oy + k * dy), label, f"bold {style}")
        return
    style = SUNK if sunk else SEEN if age < 1 else OLD_SEEN
    if contact["fidelity"] == "silhouette" and bearing is not None:
        distance = contact.get("distance") or 1
        mark(round(ox + distance * dx), round(oy + distance * dy), label, style)
    elif contact.get("square"):
        mark(*parse_square(contact["square"]), label, style)


def _write_label(cells, land, used: set[tuple[int, int]], label: Label, cell: int) -> bool:
    """Write a label on free squares of its row: a place name starting at its square, ending
    there or centred on it; a mark's label just after its square or just before it."""
    width = -(-len(label.text) // cell)
    for y, start in _starts(label, width):
        if not 0 <= y < len(cells):
            continue
        columns = len(cells[y])
        span = range(start, start + width)
        if start < 0 or start + width > columns or any((i, y) in used for i in span):
            continue
        if label.on is not None and any(land[y][i] != (label.on == "land") for i in span):
            continue
        text = label.text.ljust(width * cell)
        for n, i in enumerate(span):
            cells[y][i] = (text[n * cell : n * cell + cell], f"{label.style} {LAND if land[y][i] else SEA}")
            used.add((i, y))
        return True
    return False


def _starts(label: Label, width: int):
    for square in label.squares:
        try:
            x, y = parse_square(square)
        except ValueError:
            continue
        starts = (x + 1, x - width) if label.on is None else (x, x - width + 1, x - width // 2)
        for start in starts:
            yield y, start


def _assemble(cells, columns: int, rows: int, cell: int) -> Text:
    out = Text(no_wrap=True)
    letters = "   " + "".join(chr(ord("A") + x).ljust(cell) for x in range(columns))
    out.append(letters + "\n", style="bold #a0a0a0")
    for y in reversed(range(rows)):
        out.append(f"{y + 1:>2} ", style="bold #a0a0a0")
        for text, style in cells[y]:
            out.append(text, style=style)
        out.append(f" {y + 1:<2}\n", style="bold #a0a0a0")
    out.append(letters, style="bold #a0a0a0")
    return out

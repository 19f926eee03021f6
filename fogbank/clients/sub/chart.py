"""The boat's chart: coast and grid, the dead-reckoning track, the plotted position, and every
contact drawn where and as well as it was reported, from the plot at the time of the report.

Two scales: two columns a square when the terminal is wide, one when it is narrow. Whatever
the scale, a key above the chart (which never scrolls away) gives the plotted square, the
places named in the orders, and the last turn's contacts by number.
"""

from __future__ import annotations

import math
from typing import Any

from fogbank.rules.dardanelles.chart import Course, parse_square
from fogbank.rules.dardanelles.units import HYDROPHONE_RANGE
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import ScrollableContainer, Vertical
from textual.geometry import Region
from textual.reactive import reactive
from textual.widgets import Static

from .draft import Draft
from .recognition import LETTERS, WORDS

SEA = "on #0b2545"
LAND = "on #6b5b3a"
OFF = "on #111111"
LAND_MARK = f"#8a7a55 {LAND}"
SEA_MARK = f"#2a4a75 {SEA}"
TARGET_MARK = "◎"
SEEN = "bold #ff5050"
HEARD = "#d070ff"


def _line_glyph(bearing: float) -> str:
    return "│╱─╲"[round((bearing % 180) / 45) % 4]


def contact_mark(contact: dict[str, Any], cell: int) -> str:
    """A contact's mark in `cell` columns: its letter (C P T B, ? when only heard, V when placed
    by the umpire) and its number while both fit; from 10 up the number alone; one column: the
    letter alone (the key above the chart gives the numbers)."""
    letter, number = _letter(contact), str(contact["number"])
    if cell == 1:
        return letter
    if len(number) == 1:
        return letter + number
    return number if len(number) == 2 else letter + "+"


def _letter(contact: dict[str, Any]) -> str:
    if contact["fidelity"] == "bearing":
        return "?"
    return LETTERS.get(contact.get("silhouette") or "", "?" if contact["fidelity"] == "silhouette" else "V")


def waters_named(text: str, chart: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The chart's waters a text names (where a briefing sends the boat), longest name first."""
    found: list[dict[str, Any]] = []
    waters = (p for p in (chart or {}).get("places", ()) if p.get("side") == "water")
    for place in sorted(waters, key=lambda p: -len(p["name"])):
        if place["name"] in text and not any(place["name"] in f["name"] for f in found):
            found.append(place)
    return found


def draw_chart(
    chart: dict[str, Any] | None,
    view: dict[str, Any] | None,
    draft: Draft | None = None,
    *,
    cell: int = 2,
    targets: tuple[str, ...] = (),
) -> Text:
    """The chart as styled text, north up; each square `cell` columns wide. `targets`: squares
    to mark as the orders' objective."""
    if not chart:
        return Text("Waiting for the chart...", style="dim")
    cells, _ = _cells(chart, cell)
    land = _land(chart)

    def mark(x: int, y: int, text: str, style: str) -> None:
        if 0 <= x < chart["columns"] and 0 <= y < chart["rows"]:
            cells[y][x] = (text.ljust(cell)[:cell], f"{style} {LAND if land[y][x] else SEA}")

    for square in targets:
        mark(*parse_square(square), TARGET_MARK, "bold #ffd700")
    if view:
        _draw_view(view, mark, draft, cell)
    return _assemble(cells, chart["columns"], chart["rows"], cell)


def labelled(chart: dict[str, Any], cell: int) -> set[str]:
    """The names of the places written on the chart at this scale (the others are only in the key)."""
    return _cells(chart, cell)[1]


def plotted_region(chart: dict[str, Any], view: dict[str, Any], cell: int) -> Region:
    """Where the plotted position is in `draw_chart`'s text, for scrolling it into view."""
    x, y = parse_square(view["plotted"])
    return Region(3 + cell * x, 1 + chart["rows"] - 1 - y, cell, 1)


def _land(chart: dict[str, Any]) -> list[list[bool]]:
    rows, terrain = chart["rows"], chart["terrain"]
    return [[terrain[rows - 1 - y][x] == "#" for x in range(chart["columns"])] for y in range(rows)]


def _cells(chart: dict[str, Any], cell: int) -> tuple[list[list[tuple[str, str]]], set[str]]:
    # One (text, style) per square, indexed [y][x] with y from the south, as squares count.
    land = _land(chart)
    blank = {True: ("░" * cell, LAND_MARK), False: ("·".ljust(cell), SEA_MARK)}
    cells = [[blank[land[y][x]] for x in range(chart["columns"])] for y in range(chart["rows"])]
    written = {p["name"] for p in chart.get("places", ()) if _label(cells, land, p, chart["columns"], cell)}
    return cells, written


def _draw_view(view: dict[str, Any], mark, draft: Draft | None, cell: int) -> None:
    track = [parse_square(s) for s in view["track"]]
    plotted = parse_square(view["plotted"])
    for x, y in track[:-1]:
        mark(x, y, "•", "bold #c0c0c0")
    if draft is not None and draft.speed:
        dx, dy = Course(draft.course).step
        x, y = plotted
        for _ in range(draft.speed):
            x, y = x + dx, y + dy
            mark(x, y, "+", "bold yellow")
    for contact in view["contacts"]:
        # track[t] is the plot at the end of turn t, when that turn's contacts were reported.
        ox, oy = track[min(contact["turn"], len(track) - 1)] if track else plotted
        _draw_contact(contact, ox, oy, mark, cell)
    mark(*plotted, "@", "bold #ffd700")


def _draw_contact(contact: dict[str, Any], ox: int, oy: int, mark, cell: int) -> None:
    bearing = contact.get("bearing")
    if bearing is not None:
        dx, dy = _king_step(bearing)
    if contact["fidelity"] == "bearing" and bearing is not None:
        for k in range(1, HYDROPHONE_RANGE + 1):
            mark(round(ox + k * dx), round(oy + k * dy), _line_glyph(bearing), HEARD)
        k = HYDROPHONE_RANGE + 1
        mark(round(ox + k * dx), round(oy + k * dy), contact_mark(contact, cell), f"bold {HEARD}")
    elif contact["fidelity"] == "silhouette" and bearing is not None:
        distance = contact.get("distance") or 1
        mark(round(ox + distance * dx), round(oy + distance * dy), contact_mark(contact, cell), SEEN)
    elif contact.get("square"):
        mark(*parse_square(contact["square"]), contact_mark(contact, cell), SEEN)


def _king_step(bearing: float) -> tuple[float, float]:
    """One square along a bearing, as distances count: in king moves (the larger of dx, dy is 1)."""
    dx, dy = math.sin(math.radians(bearing)), math.cos(math.radians(bearing))
    scale = max(abs(dx), abs(dy))
    return dx / scale, dy / scale


def _label(cells, land, place: dict[str, Any], columns: int, cell: int) -> bool:
    """Write a place name on the chart, starting at its square or ending there, where it fits."""
    try:
        x, y = parse_square(place["square"])
    except ValueError:
        return False
    if not 0 <= y < len(cells):
        return False
    name = place["name"]
    width = -(-len(name) // cell)
    style = "italic #9ecbff" if place.get("side") == "water" else "#f0e0b0"
    water = place.get("side") == "water"
    blanks = ("░" * cell, "·".ljust(cell))
    for start in (x, x - width + 1, x - width // 2):
        span = range(start, start + width)
        # A name goes only on its own kind of square, so it never hides where the sea is.
        if (
            start < 0
            or start + width > columns
            or any(cells[y][i][0] not in blanks or land[y][i] == water for i in span)
        ):
            continue
        text = name.ljust(width * cell)
        for n, i in enumerate(span):
            cells[y][i] = (text[n * cell : n * cell + cell], f"{style} {LAND if land[y][i] else SEA}")
        return True
    return False


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


def chart_key(view: dict[str, Any] | None, targets: list[dict[str, Any]]) -> Text:
    """The lines above the chart: where the boat is plotted, the objective, the last turn's contacts."""
    key = Text(no_wrap=False)
    if view is not None:
        key.append("@ ", style="bold #ffd700")
        key.append(f"{view['plotted']}", style="bold")
    for place in targets:
        key.append(f"   {TARGET_MARK} ", style="bold #ffd700")
        key.append(f"{place['square']} {place['name']}")
    latest = [c for c in (view or {}).get("contacts", ()) if c["turn"] == view["turn"] - 1]
    if latest:
        key.append(f"\nTurn {view['turn'] - 1}: ", style="bold")
        for n, contact in enumerate(latest):
            key.append(", " if n else "")
            style = HEARD if contact["fidelity"] == "bearing" else SEEN
            key.append(f"{_letter(contact)}{contact['number']}", style=f"bold {style}")
            key.append(f" {_contact_words(contact)}")
    return key


def _contact_words(contact: dict[str, Any]) -> str:
    if contact["fidelity"] == "bearing":
        return f"heard {contact['bearing']:03d}"
    kind = WORDS.get(contact.get("silhouette") or "", "vessel").lower()
    if contact.get("square"):
        return f"{kind} in {contact['square']}"
    distance = contact.get("distance")
    return f"{kind} {contact['bearing']:03d}" + (f" {distance} sq" if distance else "")


class ChartScroll(ScrollableContainer, can_focus=False):
    """Scrolls the chart. Set `follow` (a region of it): it keeps that in the middle of the view
    whenever the chart, or the room for it, changes size."""

    follow: reactive[Region | None] = reactive(None)

    def watch_follow(self, follow: Region | None) -> None:
        self.call_after_refresh(self._follow)

    def on_resize(self) -> None:
        # Sent when the view's size or the chart's (the virtual size) changes: a scroll asked
        # for before the chart was laid out is done again here.
        self._follow()

    def _follow(self) -> None:
        if self.follow is not None:
            self.scroll_to_region(self.follow, center=True, animate=False, immediate=True)


class ChartPane(Vertical):
    """The chart under its key. Set `chart` (welcome.chart), `view` (the submarine view), `draft`,
    `targets` (the waters the orders name) and `cell` (columns a square: 2, or 1 when narrow).
    The chart scrolls, and keeps the plotted position in sight."""

    chart: reactive[dict[str, Any] | None] = reactive(None)
    view: reactive[dict[str, Any] | None] = reactive(None)
    draft: reactive[Draft | None] = reactive(None)
    targets: reactive[tuple[dict[str, Any], ...]] = reactive(tuple)
    cell: reactive[int] = reactive(2)

    def compose(self) -> ComposeResult:
        yield Static(id="chart-key")
        with ChartScroll(id="chart-scroll"):
            yield Static(id="chart-grid")

    def on_mount(self) -> None:
        self.border_subtitle = "k: places"
        self._redraw()

    def _watch_any(self) -> None:
        if self.is_mounted:
            self._redraw()

    watch_chart = watch_view = watch_draft = watch_targets = watch_cell = _watch_any

    def _redraw(self) -> None:
        squares = tuple(p["square"] for p in self.targets)
        self.query_one("#chart-grid", Static).update(
            draw_chart(self.chart, self.view, self.draft, cell=self.cell, targets=squares)
        )
        self.query_one("#chart-key", Static).update(chart_key(self.view, list(self.targets)))
        if self.chart and self.view:
            self.query_one(ChartScroll).follow = plotted_region(self.chart, self.view, self.cell)

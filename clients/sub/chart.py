"""The boat's chart: coast and grid, the dead-reckoning track, the plotted position, and every
contact drawn where and as well as it was reported, from the plot at the time of the report."""

from __future__ import annotations

import math
from typing import Any

from fogbank.server.rulesets.dardanelles.chart import Course, parse_square
from fogbank.server.rulesets.dardanelles.units import HYDROPHONE_RANGE
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from .draft import Draft
from .recognition import LETTERS

SEA = "on #0b2545"
LAND = "on #6b5b3a"
OFF = "on #111111"
LAND_MARK = f"#8a7a55 {LAND}"
SEA_MARK = f"#2a4a75 {SEA}"
CELL = 2  # terminal columns per square


def _line_glyph(bearing: float) -> str:
    return "│╱─╲"[round((bearing % 180) / 45) % 4]


def draw_chart(chart: dict[str, Any] | None, view: dict[str, Any] | None, draft: Draft | None = None) -> Text:
    """The chart as styled text, north up; each square is two columns wide."""
    if not chart:
        return Text("Waiting for the chart...", style="dim")
    columns, rows, terrain = chart["columns"], chart["rows"], chart["terrain"]
    # One (text, style) per square, indexed [y][x] with y from the south, as squares count.
    land = [[terrain[rows - 1 - y][x] == "#" for x in range(columns)] for y in range(rows)]
    cells: list[list[tuple[str, str]]] = [
        [("░░", LAND_MARK) if land[y][x] else ("· ", SEA_MARK) for x in range(columns)] for y in range(rows)
    ]

    def inside(x: int, y: int) -> bool:
        return 0 <= x < columns and 0 <= y < rows

    def mark(x: int, y: int, text: str, style: str) -> None:
        if inside(x, y):
            cells[y][x] = (text.ljust(CELL)[:CELL], f"{style} {LAND if land[y][x] else SEA}")

    for place in chart.get("places", ()):
        _label(cells, land, place, columns)
    if view:
        _draw_view(view, mark, land, draft)
    return _assemble(cells, columns, rows)


def _draw_view(view: dict[str, Any], mark, land, draft: Draft | None) -> None:
    track = [parse_square(s) for s in view["track"]]
    plotted = parse_square(view["plotted"])
    for x, y in track[:-1]:
        mark(x, y, "• ", "bold #c0c0c0")
    if draft is not None and draft.speed:
        dx, dy = Course(draft.course).step
        x, y = plotted
        for _ in range(draft.speed):
            x, y = x + dx, y + dy
            mark(x, y, "+ ", "bold yellow")
    for contact in view["contacts"]:
        # track[t] is the plot at the end of turn t, when that turn's contacts were reported.
        ox, oy = track[min(contact["turn"], len(track) - 1)] if track else plotted
        _draw_contact(contact, ox, oy, mark)
    mark(*plotted, "@ ", "bold #ffd700")


def _draw_contact(contact: dict[str, Any], ox: int, oy: int, mark) -> None:
    bearing = contact.get("bearing")
    number = contact["number"]
    tag = str(number) if number < 10 else "+"
    if bearing is not None:
        dx, dy = _king_step(bearing)
    if contact["fidelity"] == "bearing" and bearing is not None:
        for k in range(1, HYDROPHONE_RANGE + 1):
            mark(round(ox + k * dx), round(oy + k * dy), _line_glyph(bearing) + " ", "#d070ff")
        k = HYDROPHONE_RANGE + 1
        mark(round(ox + k * dx), round(oy + k * dy), "?" + tag, "bold #d070ff")
    elif contact["fidelity"] == "silhouette" and bearing is not None:
        distance = contact.get("distance") or 1
        x, y = round(ox + distance * dx), round(oy + distance * dy)
        mark(x, y, LETTERS.get(contact.get("silhouette") or "", "?") + tag, "bold #ff5050")
    elif contact.get("square"):
        x, y = parse_square(contact["square"])
        mark(x, y, LETTERS.get(contact.get("silhouette") or "", "V") + tag, "bold #ff5050")


def _king_step(bearing: float) -> tuple[float, float]:
    """One square along a bearing, as distances count: in king moves (the larger of dx, dy is 1)."""
    dx, dy = math.sin(math.radians(bearing)), math.cos(math.radians(bearing))
    scale = max(abs(dx), abs(dy))
    return dx / scale, dy / scale


def _label(cells, land, place: dict[str, Any], columns: int) -> None:
    """Write a place name on the chart, starting at its square or ending there, where it fits."""
    try:
        x, y = parse_square(place["square"])
    except ValueError:
        return
    if not 0 <= y < len(cells):
        return
    name = place["name"]
    width = -(-len(name) // CELL)
    style = "italic #9ecbff" if place.get("side") == "water" else "#f0e0b0"
    water = place.get("side") == "water"
    for start in (x, x - width + 1, x - width // 2):
        span = range(start, start + width)
        # A name goes only on its own kind of square, so it never hides where the sea is.
        if (
            start < 0
            or start + width > columns
            or any(cells[y][i][0] not in ("░░", "· ") or land[y][i] == water for i in span)
        ):
            continue
        text = name.ljust(width * CELL)
        for n, i in enumerate(span):
            cells[y][i] = (text[n * CELL : n * CELL + CELL], f"{style} {LAND if land[y][i] else SEA}")
        return


def _assemble(cells, columns: int, rows: int) -> Text:
    out = Text(no_wrap=True)
    letters = "   " + "".join(chr(ord("A") + x).ljust(CELL) for x in range(columns))
    out.append(letters + "\n", style="bold #a0a0a0")
    for y in reversed(range(rows)):
        out.append(f"{y + 1:>2} ", style="bold #a0a0a0")
        for text, style in cells[y]:
            out.append(text, style=style)
        out.append(f" {y + 1:<2}\n", style="bold #a0a0a0")
    out.append(letters, style="bold #a0a0a0")
    return out


class ChartPane(Widget):
    """The chart. Set `chart` (welcome.chart), `view` (the submarine view) and `draft`."""

    chart: reactive[dict[str, Any] | None] = reactive(None)
    view: reactive[dict[str, Any] | None] = reactive(None)
    draft: reactive[Draft | None] = reactive(None)

    def render(self) -> Text:
        return draw_chart(self.chart, self.view, self.draft)

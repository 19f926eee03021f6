"""The key to the chart's places (key k): every name with its square, the waters the orders
name marked. At either scale some names do not fit on the chart; here they all are."""

from __future__ import annotations

from typing import Any

from ..chart import parse_square
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from .chart import TARGET_MARK
from .pencil import marks_words

LANDMARK = "▲"
SIDES = {"water": "Waters", "europe": "European shore", "asia": "Asian shore"}


def _north_to_south(place: dict[str, Any]) -> tuple[int, int]:
    x, y = parse_square(place["square"])
    return -y, x


def places_key(chart: dict[str, Any], targets: list[dict[str, Any]]) -> Table:
    """The places by shore, north to south, each with its square."""
    key = Table.grid(padding=(0, 3), collapse_padding=True)
    columns = []
    for side, title in SIDES.items():
        column = Text(title + "\n", style="bold yellow")
        for place in sorted(
            (p for p in chart.get("places", ()) if p.get("side") == side), key=_north_to_south
        ):
            target = any(t["name"] == place["name"] for t in targets)
            column.append(f"{place['square']:>4} ", style="bold")
            column.append(place["name"], style="bold #ffd700" if target else "")
            column.append(f" {TARGET_MARK}" if target else "", style="bold #ffd700")
            column.append(f" {LANDMARK}" if place.get("landmark") else "", style="bold #40c0c0")
            column.append("\n")
        columns.append(column)
    key.add_row(*columns)
    return key


def objective_words(targets: list[dict[str, Any]]) -> Text:
    words = Text()
    for place in targets:
        words.append(f"{TARGET_MARK} {place['name']}, {place['square']}", style="bold #ffd700")
        words.append(": named in your orders, marked on the chart.")
    return words


class PlacesScreen(ModalScreen[None]):
    """The key to the chart's places, on a screen of its own (key k)."""

    BINDINGS = [Binding("escape,k,q", "dismiss", "Close")]

    def __init__(
        self, chart: dict[str, Any] | None, targets: list[dict[str, Any]], marks: tuple[dict[str, str], ...] = ()
    ) -> None:
        super().__init__()
        self.chart = chart or {}
        self.targets = targets
        self.marks = marks

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="places", classes="sheet"):
            yield Static("PLACES ON THE CHART", classes="sheet-title")
            yield Static(objective_words(self.targets))
            if any(p.get("landmark") for p in self.chart.get("places", ())):
                yield Static(Text(f"{LANDMARK} a landmark: by day, l takes a fix on it.", style="#40c0c0"))
            yield Static(places_key(self.chart, self.targets))
            if self.marks:
                yield Static(Text("\nYOUR PENCIL MARKS (m)\n", style="bold yellow") + marks_words(self.marks))

    def action_dismiss(self) -> None:
        self.dismiss()

"""The chart pane: the key above the chart (which never scrolls away) and the chart under it,
scrolled to keep the plotted position in sight."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import ScrollableContainer, Vertical
from textual.geometry import Region
from textual.reactive import reactive
from textual.widgets import Static

from . import bearings
from .chart import (
    FINISH,
    FINISH_MARK,
    HEARD,
    MINE,
    SEEN,
    TARGET_MARK,
    TRUE_BOAT,
    TRUE_TRACK,
    TRUTH,
    draw_chart,
    letter,
    plotted_region,
)
from .draft import Draft
from .recognition import WORDS


def chart_key(
    view: dict[str, Any] | None,
    targets: list[dict[str, Any]],
    chart: dict[str, Any] | None = None,
    truth: dict[str, Any] | None = None,
    width: int = 0,
) -> Text:
    """The lines above the chart: where the boat is plotted, the objective, the finish lines,
    the last turn's contacts; in the debrief, what the truth's marks mean. Given the `width`, a
    mark and its words are kept on one line (a group that would not fit starts the next)."""
    key = Text(no_wrap=False)

    def group(mark: str, style: str, words: str) -> None:
        if key.plain:
            line = key.plain.rsplit("\n", 1)[-1]
            fits = not width or len(line) + 3 + len(mark) + 1 + len(words) <= width
            key.append("   " if fits else "\n")
        key.append(f"{mark} ", style=style)
        key.append(words, style="bold" if mark == "@" else "")

    if view is not None:
        group("@", "bold #ffd700", f"{view['plotted']}")
    for place in targets:
        group(TARGET_MARK, "bold #ffd700", f"{place['square']} {place['name']}")
    finish = [line["label"] for line in (chart or {}).get("finish", ())]
    if finish:
        group(FINISH_MARK, FINISH, " / ".join(finish))
    if truth is not None:
        key.append("\nThe truth: ", style=f"bold {TRUTH}")
        key.append(f"{TRUE_BOAT} {(truth.get('boat') or {}).get('square', '?')}", style=TRUTH)
        key.append(f" {TRUE_TRACK} track", style=TRUTH)
        key.append(f" {MINE} mines", style="#ff4040")
        key.append(" CPTB vessels", style="#ffa040")
        return key
    latest = [c for c in (view or {}).get("contacts", ()) if c["turn"] == view["turn"] - 1]
    if latest:
        key.append(f"\nTurn {view['turn'] - 1}:", style="bold")
        # The bearings heard together, then each sighting: a turn's hydrophone sweep is one list.
        heard = [c for c in latest if c["fidelity"] == "bearing"]
        for n, contact in enumerate(heard):
            key.append(" heard " if not n else ", ")
            key.append(f"{letter(contact)}{contact['number']}", style=f"bold {HEARD}")
            key.append(f" {bearings.said(contact)}")
        for n, contact in enumerate(c for c in latest if c["fidelity"] != "bearing"):
            key.append("; " if n or heard else " ")
            key.append(f"{letter(contact)}{contact['number']}", style=f"bold {SEEN}")
            key.append(f" {_contact_words(contact)}")
    return key


def _contact_words(contact: dict[str, Any]) -> str:
    kind = WORDS.get(contact.get("silhouette") or "", "vessel").lower()
    if contact.get("square"):
        return f"{kind} in {contact['square']}"
    distance = contact.get("distance")
    return f"{kind} {bearings.said(contact)}" + (f" {distance} sq" if distance else "")


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
    `targets` (the waters the orders name), `cell` (columns a square: 2, or 1 when narrow),
    `marks` (the player's pencil), `sunk` (contacts sunk) and, in the debrief, `truth`.
    The chart scrolls, and keeps the plotted position in sight."""

    chart: reactive[dict[str, Any] | None] = reactive(None)
    view: reactive[dict[str, Any] | None] = reactive(None)
    draft: reactive[Draft | None] = reactive(None)
    targets: reactive[tuple[dict[str, Any], ...]] = reactive(tuple)
    cell: reactive[int] = reactive(2)
    marks: reactive[tuple[dict[str, str], ...]] = reactive(tuple)
    truth: reactive[dict[str, Any] | None] = reactive(None)
    sunk: reactive[frozenset[int]] = reactive(frozenset)

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
    watch_marks = watch_truth = watch_sunk = _watch_any

    def on_resize(self) -> None:
        self._redraw()  # the key's lines break by the pane's width

    def _redraw(self) -> None:
        squares = tuple(p["square"] for p in self.targets)
        self.query_one("#chart-grid", Static).update(
            draw_chart(self.chart, self.view, self.draft, cell=self.cell, targets=squares, marks=self.marks,
                       truth=self.truth, sunk=self.sunk)  # fmt: skip
        )
        self.query_one("#chart-key", Static).update(
            chart_key(self.view, list(self.targets), self.chart, self.truth, width=self.query_one("#chart-key").size.width)
        )
        if self.chart and self.view:
            self.query_one(ChartScroll).follow = plotted_region(self.chart, self.view, self.cell)

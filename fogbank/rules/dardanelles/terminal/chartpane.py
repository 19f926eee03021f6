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
    square_region,
)
from .draft import Draft
from .reckoning import plotted
from .recognition import WORDS


def chart_key(
    view: dict[str, Any] | None,
    targets: list[dict[str, Any]],
    chart: dict[str, Any] | None = None,
    truth: dict[str, Any] | None = None,
    width: int = 0,
    draft: Draft | None = None,
    track_alone: bool = False,
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
        plot = plotted(view, draft)
        by_hand = f"{plot} (by hand; reckoned {view['plotted']})"
        group("@", "bold #ffd700", plot if plot == view["plotted"] else by_hand)
    for place in targets:
        group(TARGET_MARK, "bold #ffd700", f"{place['square']} {place['name']}")
    finish = [line["label"] for line in (chart or {}).get("finish", ())]
    if finish:
        group(FINISH_MARK, FINISH, " / ".join(finish))
    if truth is not None:
        key.append("\nThe truth: ", style=f"bold {TRUTH}")
        key.append(f"{TRUE_BOAT} {(truth.get('boat') or {}).get('square', '?')}", style=TRUTH)
        key.append(f" {TRUE_TRACK} track", style=TRUTH)
        if track_alone:
            key.append(" alone (o: everything)", style="dim")
            return key
        key.append(f" {MINE} mines", style="#ff4040")
        key.append(" CPTB vessels", style="#ffa040")
        key.append(" (o: the track alone)", style="dim")
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
    """Scrolls the chart. Set `follow` (regions of it): it keeps the first in the middle of the
    view whenever the chart, or the room for it, changes size; and all of them, where they fit
    (the boat and the waters the orders name)."""

    follow: reactive[tuple[Region, ...]] = reactive(tuple)

    def watch_follow(self, follow: tuple[Region, ...]) -> None:
        self.call_after_refresh(self._follow)

    def on_resize(self) -> None:
        # Sent when the view's size or the chart's (the virtual size) changes: a scroll asked
        # for before the chart was laid out is done again here.
        self._follow()

    def _follow(self) -> None:
        if not self.follow:
            return
        shown = self.follow[0]
        for region in self.follow[1:]:
            both = shown.union(region)
            if both.height <= self.scrollable_content_region.height:
                shown = both
        self.scroll_to_region(shown, center=True, animate=False, immediate=True)


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
    track_alone: reactive[bool] = reactive(False)  # the debrief: the true track and nothing else

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
    watch_marks = watch_truth = watch_sunk = watch_track_alone = _watch_any

    def on_resize(self) -> None:
        self._redraw()  # the key's lines break by the pane's width

    def _redraw(self) -> None:
        squares = tuple(p["square"] for p in self.targets)
        self.query_one("#chart-grid", Static).update(
            draw_chart(self.chart, self.view, self.draft, cell=self.cell, targets=squares, marks=self.marks,
                       truth=self.truth, sunk=self.sunk, track_alone=self.track_alone)  # fmt: skip
        )
        self.query_one("#chart-key", Static).update(
            chart_key(self.view, list(self.targets), self.chart, self.truth,
                      width=self.query_one("#chart-key").size.width, draft=self.draft,
                      track_alone=self.track_alone)  # fmt: skip
        )
        if self.chart and self.view:
            squares = (plotted(self.view, self.draft), *(p["square"] for p in self.targets))
            regions = tuple(square_region(self.chart, square, self.cell) for square in squares)
            self.query_one(ChartScroll).follow = regions

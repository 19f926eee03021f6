"""The umpire's reports, turn by turn, as the crew heard them; sightings with their silhouette."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import attrs
from rich.console import Group
from rich.text import Text
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from .recognition import silhouette

STYLES = {"report": "", "narrative": "italic #ffd080", "refusal": "bold red", "note": "dim"}


@attrs.frozen
class Entry:
    """One line of the log. `kind`: turn (a heading), report, narrative, refusal or note."""

    kind: str
    text: str
    silhouette: str | None = None


def turn_heading(turn: int, start: str | None) -> Entry:
    when = ""
    if start:
        moment = datetime.fromisoformat(start) + timedelta(hours=turn - 1)
        when = f" · {moment:%H%M}"
    return Entry("turn", f"Turn {turn}{when}")


def entries_for_reports(reports: list[dict[str, Any]], start: str | None) -> list[Entry]:
    """Reports grouped under a heading for the turn they happened in."""
    entries: list[Entry] = []
    last = None
    for report in reports:
        if report["turn"] != last:
            last = report["turn"]
            entries.append(turn_heading(last, start))
        contact = report.get("contact") or {}
        shape = contact.get("silhouette") if contact.get("fidelity") == "silhouette" else None
        entries.append(Entry("report", report["text"], shape))
    return entries


def render_entry(entry: Entry) -> Text | Group:
    if entry.kind == "turn":
        heading = Text(f"── {entry.text} ", style="bold #a0c8ff", no_wrap=True, overflow="crop")
        return heading + Text("─" * 30, style="#405070")
    text = Text("  " + entry.text, style=STYLES.get(entry.kind, ""))
    if entry.silhouette:
        return Group(text, silhouette(entry.silhouette, style="#ff8080"))
    return text


class ReportLog(VerticalScroll, can_focus=False):
    """Set `entries` (the whole log); it shows them and follows the newest. The keys steer the
    boat, so the app scrolls it (PgUp, PgDn, Home, End) through the scroll methods."""

    entries: reactive[tuple[Entry, ...]] = reactive(tuple)
    at_end: reactive[bool] = reactive(True)  # following the newest report

    def compose(self):
        yield Static(id="log-text")

    def watch_entries(self, entries: tuple[Entry, ...]) -> None:
        shown = [render_entry(e) for e in entries] or [Text("No reports yet.", style="dim")]
        for static in self.query("#log-text").results(Static):
            static.update(Group(*shown))
        self.at_end = True
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self) -> None:
        # Sent when the reports (the virtual size) or the room for them change size: a scroll to
        # the end asked for before they were laid out is done again here.
        if self.at_end:
            self.scroll_end(animate=False, immediate=True)

    def page(self, how: str) -> None:
        """Scroll by keyboard: `how` is page_up, page_down, home or end."""
        self.at_end = how == "end"
        if how == "page_up":
            self.scroll_page_up(animate=False)
        elif how == "page_down":
            self.scroll_page_down(animate=False)
        elif how == "home":
            self.scroll_home(animate=False)
        else:
            self.scroll_end(animate=False)

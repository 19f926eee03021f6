"""The umpire's reports, turn by turn, as the crew heard them; sightings with their silhouette."""

from __future__ import annotations

from datetime import datetime, timedelta
from itertools import groupby
from typing import Any

import attrs
from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from . import bearings
from .recognition import miniature, silhouette

STYLES = {"report": "", "narrative": "italic #ffd080", "refusal": "bold red", "note": "dim",
          "intelligence": "#d0e0ff", "sunk": "bold #60d060", "fix": "bold #40c0c0",
          "amended": "bold #ffb060"}  # fmt: skip


@attrs.frozen
class Entry:
    """One line of the log. `kind`: turn (a heading), report, narrative, amended (the umpire
    gave the order), refusal or note."""

    kind: str
    text: str
    silhouettes: tuple[str | None, ...] = ()  # the side view of each new contact it reports
    times: int = 1  # how many times the umpire said it this hour

    @property
    def words(self) -> str:
        return self.text + (f" ({self.times} times)" if self.times > 1 else "")


def turn_heading(turn: int, start: str | None) -> Entry:
    when = ""
    if start:
        moment = datetime.fromisoformat(start) + timedelta(hours=turn - 1)
        when = f" · {moment:%H%M}"
    return Entry("turn", f"Turn {turn}{when}")


def briefing_entries(briefing: dict[str, Any]) -> list[Entry]:
    """The start of the log: the orders, what intelligence reported, and where help is."""
    entries = []
    if briefing.get("briefing"):
        text = " ".join(briefing["briefing"].split())
        entries += [Entry("turn", "Orders from the Admiralty"), Entry("note", text)]
    if briefing.get("intelligence"):
        entries.append(Entry("turn", "Intelligence reports"))
        entries += [Entry("intelligence", f"- {sentence}") for sentence in briefing["intelligence"]]
    if briefing.get("night"):
        entries.append(Entry("intelligence", f"- {briefing['night']}"))
    if entries:
        risks = ", and what each level risks" if briefing.get("levels") or briefing.get("level_table") else ""
        entries.append(Entry("note", f"? help: the keys{risks}. m pencils a mark on your chart; @ moves your plot."))
    return entries


GAUGES = (("level", "level"), ("air", "air"), ("battery", "battery"), ("loaded", "torpedoes loaded"),
          ("spare", "spare torpedoes"), ("afloat", "afloat"))  # fmt: skip


def gauge_changes(before: dict[str, Any], after: dict[str, Any]) -> str:
    """What changed in the boat's own gauges between two views of one turn, in words ("air 15,
    was 20."), or "" if nothing did."""
    said = [f"{words} {after[key]}, was {before[key]}" for key, words in GAUGES
            if key in after and before.get(key) != after[key]]  # fmt: skip
    return ("; ".join(said) + ".").capitalize() if said else ""


def entries_for_reports(
    reports: list[dict[str, Any]],
    start: str | None,
    *,
    contacts: dict[int, dict[str, Any]] | None = None,
    shown: set[int] | None = None,
    orders: str = "",
) -> list[Entry]:
    """Reports grouped under a heading for the turn they happened in, read as an umpire says
    them: the hydrophone bearings of a turn on one line, a hit as the sinking it is, and a
    sighting's silhouette only the first time its contact is seen (`shown`: the contact numbers
    whose silhouette is already in the log; updated). `contacts`: every contact by number, to
    name a target sunk; `orders`: the briefing, to tell when it is the one the boat was sent for."""
    shown = set() if shown is None else shown
    entries: list[Entry] = []
    for turn, told in groupby(reports, key=lambda r: r["turn"]):
        told = list(told)
        entries.append(turn_heading(turn, start))
        heard = [r for r in told if _fidelity(r) == "bearing"]
        for report in told:
            if report in heard:
                if report is heard[0]:
                    entries.append(Entry("report", _hydrophones(heard)))
                continue
            shapes = []
            for contact in contacts_of(report):
                if contact.get("fidelity") == "silhouette" and contact.get("number") not in shown:
                    shapes.append(contact.get("silhouette"))
                    shown.add(contact.get("number"))
            last = entries[-1]
            if not shapes and last.kind == "report" and last.text == report["text"]:
                # The same thing again within the hour (a minefield's rows, say): said once, counted.
                entries[-1] = attrs.evolve(last, times=last.times + 1)
            else:
                entries.append(Entry(_kind(report), report["text"], tuple(shapes)))
            target = sunk_target(report)
            if target is not None and not (report.get("facts") or {}).get("sunk"):
                # The umpire named no sinking (an older ruleset): the client says it for them.
                entries.append(Entry("sunk", _sunk_words(target, (contacts or {}).get(target), orders)))
    return entries


def _kind(report: dict[str, Any]) -> str:
    if report.get("kind") in ("fix", "no_fix"):
        return "fix"  # where the plot starts again, or why it could not
    if (report.get("facts") or {}).get("sunk"):
        return "sunk"  # the rules' own words: "Messudieh sunk - now get out"
    return "report"


def sunk_target(report: dict[str, Any]) -> int | None:
    """The contact a report says was sunk by the boat's torpedoes, or None."""
    facts = report.get("facts") or {}
    if report.get("kind") == "torpedo_fired" and facts.get("hit"):
        return facts.get("target")
    return None


def contacts_of(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The contacts a report tells of: its `contacts` list, or its one `contact`."""
    if report.get("contacts"):
        return list(report["contacts"])
    return [report["contact"]] if report.get("contact") else []


def _fidelity(report: dict[str, Any]) -> str | None:
    told = contacts_of(report)
    return told[0].get("fidelity") if told else None


def _hydrophones(heard: list[dict[str, Any]]) -> str:
    if len(heard) == 1:
        return heard[0]["text"]
    told = [c for report in heard for c in contacts_of(report)]
    said = ", ".join(f"{bearings.said(c)} (contact {c['number']})" for c in told)
    return f"Hydrophones: {len(told)} vessels heard moving through the water, bearing {said}."


def _sunk_words(number: int, contact: dict[str, Any] | None, orders: str) -> str:
    contact = contact or {}
    kind = (contact.get("silhouette") or "vessel").replace("_", " ")
    name = contact.get("identity") or f"the {kind}"
    what = f"{name[0].upper()}{name[1:]} (contact {number}) sunk"
    # The one the orders sent the boat for: the job is done; the rest is coming home.
    if contact.get("identity") and contact["identity"] in orders or kind != "vessel" and kind in orders:
        return f"★ {what} - what you were sent for. Now get out."
    return f"★ {what}."


def render_entry(entry: Entry, compact: bool = False) -> Text | Group | Padding:
    """One entry as the log shows it; `compact`: a sighting's silhouette on a line of its own
    words' length, so a small terminal keeps its reports in sight."""
    if entry.kind == "turn":
        heading = Text(f"── {entry.text} ", style="bold #a0c8ff", no_wrap=True, overflow="crop")
        return heading + Text("─" * 30, style="#405070")
    # Indented as a whole, so a report that wraps still reads as one, under its turn's heading.
    words = Text(entry.words, style=STYLES.get(entry.kind, ""))
    if compact and entry.silhouettes:
        outlines = Text("  ").join(miniature(shape, style="#ff8080") for shape in entry.silhouettes)
        words = outlines + Text(" ") + words
    text = Padding(words, (0, 0, 0, 2))
    if entry.silhouettes and not compact:
        # The picture above its words: the log follows its newest line, so the words stay in sight.
        return Group(*(silhouette(shape, style="#ff8080") for shape in entry.silhouettes), text)
    return text


class ReportLog(VerticalScroll, can_focus=False):
    """Set `entries` (the whole log); it shows them and follows the newest. The keys steer the
    boat, so the app scrolls it (PgUp, PgDn, Home, End) through the scroll methods."""

    entries: reactive[tuple[Entry, ...]] = reactive(tuple)
    at_end: reactive[bool] = reactive(True)  # following the newest report
    compact: reactive[bool] = reactive(False)  # silhouettes in miniature, for a small terminal

    def compose(self):
        yield Static(id="log-text")

    def watch_compact(self) -> None:
        self.watch_entries(self.entries)

    def watch_entries(self, entries: tuple[Entry, ...]) -> None:
        shown = [render_entry(e, self.compact) for e in entries] or [Text("No reports yet.", style="dim")]
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

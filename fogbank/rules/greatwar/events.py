"""What a turn tells: news of a seat's own side, reports of the enemy, and the umpire's record.

A seat keeps what it was told in its `Intel` (reports and news, each dated), and its view carries
them; these events are the log's record of who was told what, so they are plain events, never
streamed to a seat as messages of their own."""

from __future__ import annotations

from typing import ClassVar

import attrs

from fogbank.rules.core import Event


@attrs.frozen(kw_only=True)
class News(Event):
    """Something that happened to the seat's own side (an event, a mine, damage control)."""

    kind: ClassVar[str] = "news"
    phase: str = ""
    text: str
    fleet: str | None = None
    rule: str = ""  # the rule it shows in use (bombard, raid, lay_mines, transport), for the arena's count


@attrs.frozen(kw_only=True)
class Sighted(Event):
    """A report of an enemy fleet (or a minefield) reaching this seat, as `Report` holds it."""

    kind: ClassVar[str] = "report"
    phase: str = ""
    source: str
    zone: str
    track: int | None = None
    ships: tuple[str, ...] | None = None
    next_zone: str | None = None
    text: str = ""
    # The zones' names as the map prints them: the record in words is read with no map at hand.
    zone_name: str = ""
    next_zone_name: str = ""


@attrs.frozen(kw_only=True)
class Record(Event):
    """The umpire's record of what the rules did (random events, battles, moves)."""

    kind: ClassVar[str] = "record"
    text: str


SOURCES = {  # how a report came, in words
    "contact": "sighted", "battle": "fought", "raider": "raider placed", "shore": "seen from the shore",
    "aerial": "seen from the air", "neutral": "a neutral's report", "bombardment": "bombarding", "umpire": "reported",
}


def describe(event: Event) -> str:
    if isinstance(event, Sighted):
        what = f"track {event.track}" if event.track else "a fleet"
        parts = [f"{SOURCES.get(event.source, event.source)}: {what} in {event.zone_name or event.zone}"]
        if event.ships:
            parts.append("ships " + ", ".join(event.ships))
        if event.next_zone:
            parts.append(f"next zone {event.next_zone_name or event.next_zone}")
        if event.text:
            parts.append(event.text)
        return "; ".join(parts)
    if isinstance(event, (News, Record)):
        return event.text
    return event.kind

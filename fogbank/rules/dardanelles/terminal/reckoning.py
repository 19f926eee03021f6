"""The player's reckoning on their own chart: where the boat is plotted (as reckoned, or as the
player set it by hand), where a sighting puts a vessel from the plot of its hour, the course to
aim a torpedo at it, and where the chart's stream should set the boat at the end of an hour.

Pure values from the player's view and chart alone, as a navigator works them with a pencil.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
from ..chart import Course, Square, distance, parse_square, square_name
from ..stream import stream_set
from ..units import Level

from . import bearings
from .bearings import course_for_bearing

if TYPE_CHECKING:
    from .draft import Draft


def shore_of(chart: dict[str, Any] | None):
    """`shore(square)` for the player's own chart: True where it shows land or has no square."""
    if not chart:
        return None
    rows, terrain = chart["rows"], chart["terrain"]

    def shore(square: Square) -> bool:
        x, y = square
        return not (0 <= x < chart["columns"] and 0 <= y < rows) or terrain[rows - 1 - y][x] == "#"

    return shore


def stops_at(draft: Draft, plot: Square, shore=None) -> Square:
    """Where the order should leave her by the player's own chart: the end of its path, or the
    last sea square before the shore it runs into."""
    end = plot
    for square in draft.path(plot):
        if shore is not None and shore(square):
            break
        end = square
    return end


def expected_drift(chart: dict[str, Any] | None, square: Square, level: str, shore=None) -> Square | None:
    """Where the chart's stream should set her from `square` at the end of an hour at `level`."""
    course = drift_step(chart, square, level, shore)
    return None if course is None else _ahead(square, course)


@attrs.frozen
class Drift:
    """The end of an hour's drift as the chart's stream gives it: `stream` ("the surface stream"
    or "the deep set") sets her on `course` to `square`, or (`course` None) presses her against
    the bank at `square`."""

    stream: str
    course: str | None
    square: str

    def words(self, short: bool = False) -> str:
        if self.course is None:
            return "drift: held by the bank" if short else (
                f"then {self.stream} presses her against the bank at {self.square}: no drift")
        return f"drift {self.course} to {self.square}" if short else (
            f"then {self.stream} sets her {self.course}, to {self.square}")


def drift_at(chart: dict[str, Any] | None, square: Square, level: str, shore=None) -> Drift | None:
    """Where the chart's stream should set her from `square` at the end of an hour at `level`;
    None where it prints no stream there."""
    if str(square[1] + 1) not in ((chart or {}).get("stream") or {}):
        return None
    stream = "the surface stream" if Level(level).sees else "the deep set"
    course = drift_step(chart, square, level, shore)
    return Drift(stream, course, square_name(square if course is None else _ahead(square, course)))


def plotted(view: dict[str, Any], draft: Draft | None) -> str:
    """Where the boat is plotted now: where the player set it by hand, else as reckoned."""
    return draft.plot if draft is not None and draft.plot is not None else view["plotted"]


def anchor(contact: dict[str, Any], view: dict[str, Any], plot: Square) -> Square:
    """Where the boat was plotted when `contact` was reported: `plot` (the plot now, as set by
    hand) for the turn just resolved, since the boat has not moved since; else the track then."""
    track = view.get("track") or []
    if not track or contact["turn"] >= len(track) - 1:
        return plot
    return parse_square(track[contact["turn"]])


def estimated_square(contact: dict[str, Any], view: dict[str, Any], plot: Square) -> Square | None:
    """Where a sighting puts the vessel by the player's own reckoning: its distance along its
    bearing from where the boat was plotted at the time. None for a bearing only."""
    if contact.get("distance") is None or contact.get("bearing") is None:
        return None
    ox, oy = anchor(contact, view, plot)
    dx, dy = bearings.king_step(bearings.degrees(contact["bearing"]))
    return round(ox + contact["distance"] * dx), round(oy + contact["distance"] * dy)


def aim(contact: dict[str, Any], view: dict[str, Any], plot: Square) -> str:
    """The course to fire at `contact` from `plot`: toward where the reckoning puts it, or its
    reported bearing when that is the boat's own square (close aboard) or unknown."""
    estimate = estimated_square(contact, view, plot)
    if estimate is None or estimate == plot:
        return course_for_bearing(contact.get("bearing") or 0)
    return course_for_bearing(bearings.toward(plot, estimate))


def on_line(plot: Square, target: Square, course: str) -> bool:
    """Whether `target` lies within the 45-degree sector of `course` from `plot` (the notes' torpedo line)."""
    off = abs((bearings.toward(plot, target) - Course(course).degrees + 180) % 360 - 180)
    return off <= 22.5


def compass(plot: Square, target: Square) -> str:
    """ "NE, 2 squares": a square as seen from the plot."""
    n = distance(plot, target)
    point = bearings.POINTS[round(bearings.toward(plot, target) / 22.5) % 16]
    return f"{point}, {n} square{'s' if n != 1 else ''}"


def drift_step(chart: dict[str, Any] | None, square: Square, level: str, shore=None) -> str | None:
    """The course the current set the boat on in the last hour, as the player's chart prints the
    stream (`stream`: each row's surface set; the deep set runs the other way); None where the
    chart prints no stream, or from an old server's chart that has none. With `shore` (the
    player's own chart), the surface stream follows the channel where its row's set runs ashore
    (a point either side, into the sea); the deep set is held by the bank: None."""
    _, course = stream_set((chart or {}).get("stream") or {}, shore, square, Level(level).sees)
    return None if course is None else course.value


def _ahead(square: Square, course: str) -> Square:
    dx, dy = Course(course).step
    return square[0] + dx, square[1] + dy

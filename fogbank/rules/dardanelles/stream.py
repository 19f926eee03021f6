"""The stream as the player's own chart prints it, and where it should set a boat in an hour.

The chart prints each row's general set (`views.stream_by_row`), as an Admiralty chart prints
tidal arrows; a navigator allows for it with a pencil. This is that pencil, not the rule: the
umpire drifts the boat square by square (`chart.Chart.drift`), with bends the chart does not
print. The seat's view, the terminal client and the page all reckon the drift with it.
"""

from __future__ import annotations

from typing import Callable, Mapping

from .chart import Course, Square

_COURSES = list(Course)


def stream_set(
    stream: Mapping[str, str], shore: Callable[[Square], bool] | None, square: Square, sees: bool
) -> tuple[bool, Course | None]:
    """Whether the chart prints a stream at `square`'s row, and the course it should set a boat
    there on in an hour (at the surface or periscope depth when `sees`, else the deep set, the
    other way); None where the bank holds her. With `shore` (the chart's land), the surface
    stream follows the channel where its row's set runs ashore (a point either side, into the
    sea), and the deep set is held by the bank."""
    surface = stream.get(str(square[1] + 1))
    if surface is None:
        return False, None
    index = _COURSES.index(Course(surface))
    if not sees:
        course = _COURSES[(index + 4) % 8]
        return True, None if shore is not None and shore(_ahead(square, course)) else course
    for turn in (0, -1, 1):
        course = _COURSES[(index + turn) % 8]
        if shore is None or not shore(_ahead(square, course)):
            return True, course
    return True, None


def _ahead(square: Square, course: Course) -> Square:
    dx, dy = course.step
    return square[0] + dx, square[1] + dy

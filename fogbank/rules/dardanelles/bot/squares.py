"""Squares as the bot counts them: king-move distances, sea paths, and the plot's square."""

from __future__ import annotations

from collections import deque

from ..chart import Course, Square

COURSES = list(Course)
COURSE_OF = {course.step: course for course in COURSES}
# An hour's legs as the bot steers them: each a step on the grid and a number of squares.
Legs = tuple[tuple[Square, int], ...]


def distance(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def flood(sea: frozenset[Square], goal: Square) -> dict[Square, int]:
    """Each sea square's distance (in moves, by sea) to `goal`; empty if the goal is not at sea."""
    if goal not in sea:
        return {}
    found = {goal: 0}
    queue = deque([goal])
    while queue:
        square = queue.popleft()
        for course in COURSES:
            dx, dy = course.step
            nxt = (square[0] + dx, square[1] + dy)
            if nxt in sea and nxt not in found:
                found[nxt] = found[square] + 1
                queue.append(nxt)
    return found


def plotted(name: str) -> Square:
    """The plot's square; a plot may wander off the chart, where names stop being proper squares."""
    return ord(name[0]) - ord("A"), int(name[1:]) - 1

"""A built-in bot submarine: plays from the player's view and chart only, like a person would.

It steers for the places of its route by dead reckoning over the coast of its own chart, runs
submerged by day and comes up to periscope depth to look when near its goal, fires at any
sighted vessel of the type it hunts within torpedo range, surfaces to recharge when air or
battery run low, and turns aside when it runs into the shore.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Mapping

from .chart import Course, Square, parse_square
from .units import TORPEDO_RANGE, Level, battery_cost, movement_allowance

COURSES = list(Course)

# Where the bot steers, scenario by scenario (place names from the player's own chart), and the
# vessel type it hunts on the way.
ROUTES: dict[str, tuple[list[str], str | None]] = {
    "b11": (["Sari Sighlar Bay", "Aegean Sea"], "battleship"),
    "marmara": (["Sea of Marmara"], None),
}


class BotSubmarine:
    def __init__(self, chart: Mapping[str, Any], route: list[str], hunt: str | None = "battleship") -> None:
        rows = chart["rows"]
        self.sea = {
            (x, rows - 1 - i)
            for i, line in enumerate(chart["terrain"])
            for x, c in enumerate(line)
            if c == "."
        }
        places = {p["name"]: parse_square(p["square"]) for p in chart["places"]}
        self.route = [places[name] for name in route]
        self.hunt = hunt
        self.leg = 0
        self.blocked: Course | None = None

    @classmethod
    def for_scenario(cls, chart: Mapping[str, Any], scenario: str) -> "BotSubmarine":
        route, hunt = ROUTES.get(scenario, (["Aegean Sea"], None))
        return cls(chart, route, hunt)

    def standing(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """Hold still at the present level."""
        return {"course": "N", "speed": 0, "level": view["level"]}

    def order(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """The next order, as a wire payload, from the player's view (a plain mapping)."""
        reports = view["reports"]
        if any(r["kind"] == "torpedo_fired" and "hit" in r["text"] for r in reports) and self.leg == 0:
            self.leg = min(1, len(self.route) - 1)
        grounded = any(r["kind"] in ("grounded", "chart_edge") for r in reports)
        here = parse_square(view["plotted"])
        goal = self.route[self.leg]
        course = self._course_toward(here, goal)
        if grounded and self.blocked is not None:
            course = COURSES[(COURSES.index(self.blocked) + 1) % 8]
        level_now = Level(view["level"])
        fire = self._fire(view, level_now)
        near = max(abs(here[0] - goal[0]), abs(here[1] - goal[1])) <= 4
        if view["air"] <= 3 or view["battery"] <= 8 or (view["night"] and view["battery"] < 30 and not near):
            level = Level.SURFACE
        elif near and self.leg == 0 and self.hunt:
            level = Level.PERISCOPE
        else:
            level = Level.BOTTOM  # the deepest level is the safest among mines
        speed = self._speed(view, level_now, level, near)
        self.blocked = course
        order: dict[str, Any] = {"course": course.value, "speed": speed, "level": level.value}
        if fire:
            order["fire"] = fire
        return order

    def _fire(self, view: Mapping[str, Any], level: Level) -> dict[str, Any] | None:
        if not level.sees or view["loaded"] == 0 or self.hunt is None:
            return None
        for contact in reversed(view["contacts"]):
            fresh = contact["turn"] == view["turn"] - 1
            if (
                fresh
                and contact.get("silhouette") == self.hunt
                and (contact.get("distance") or 9) <= TORPEDO_RANGE
            ):
                direction = COURSES[round(contact["bearing"] / 45) % 8]
                return {
                    "target": contact["number"],
                    "direction": direction.value,
                    "torpedoes": view["loaded"],
                }
        return None

    def _speed(self, view: Mapping[str, Any], start: Level, end: Level, near: bool) -> int:
        allowance = movement_allowance(start, end) - abs(end.depth - start.depth)
        speed = max(0, min(allowance, 1 if near and end is Level.PERISCOPE else allowance))
        while speed > 0 and battery_cost(start, end, speed) > view["battery"] - 1:
            speed -= 1
        return speed

    def _course_toward(self, here: Square, goal: Square) -> Course:
        """First step of a shortest sea path from here to the goal, on the player's own chart."""
        start = here if here in self.sea else min(self.sea, key=lambda s: _dist(s, here))
        if start == goal:
            return Course.N
        came: dict[Square, Square | None] = {start: None}
        queue = deque([start])
        while queue:
            square = queue.popleft()
            if square == goal:
                break
            for course in COURSES:
                dx, dy = course.step
                nxt = (square[0] + dx, square[1] + dy)
                if nxt in self.sea and nxt not in came:
                    came[nxt] = square
                    queue.append(nxt)
        if goal not in came:
            return _heading(start, goal)
        square = goal
        while came[square] != start:
            square = came[square]
        return _heading(start, square)


def _dist(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _heading(a: Square, b: Square) -> Course:
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    for course in COURSES:
        if course.step == (dx, dy):
            return course
    return Course.N

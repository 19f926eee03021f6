"""The `random` player: legal orders drawn at random, the yardstick a standard player must beat.

Each hour a fair draw among what the rules take, read from the seat's view alone: a level the
battery can reach, a speed within the hour's allowance and the battery left (one leg or two, each
on any of the eight courses), a fix where one may be taken, and torpedoes at a contact seen, on
any course, where the boat is at a level that fires. It pursues nothing.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..chart import Course
from ..units import MAX_LEGS, Level
from ..views import level_limits

COURSES = [course.value for course in Course]
SEEING = ("surface", "periscope")  # the levels a fix is taken and torpedoes fired from


class RandomSubmarine:
    """Plays the submarine seat by chance, from its views alone."""

    PLAN = ("Random legal orders: each hour's level, speed, courses, fix and torpedoes a fair draw among "
            "those the rules take; the yardstick the standard player must beat.")

    def __init__(self, luck: int = 0) -> None:
        self.random = random.Random(luck)
        self.answered: tuple[int, dict[str, Any]] | None = None  # asked again for an hour: the same order

    def standing(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return {"course": "N", "speed": 0, "level": view["level"]}

    def order(self, view: Mapping[str, Any]) -> dict[str, Any]:
        if self.answered is not None and self.answered[0] == view["turn"]:
            return dict(self.answered[1])
        order = self.draw(view)
        self.answered = (view["turn"], order)
        return dict(order)

    def draw(self, view: Mapping[str, Any]) -> dict[str, Any]:
        limits = level_limits(Level(view["level"]))  # the rules' own, as the briefing gives them to a page
        battery = view["battery"]
        levels = [level for level, limit in limits.items() if limit.battery <= battery]
        level = self.random.choice(levels or [view["level"]])
        limit = limits[level]
        per_square = limit.battery_a_square
        affordable = (battery - limit.battery) // per_square if per_square else limit.squares
        speed = self.random.randint(0, max(0, min(limit.squares, affordable)))
        if speed >= 2 and self.random.random() < 0.5:  # two legs, the squares split between them
            first = self.random.randint(1, speed - 1)
            legs = [first, speed - first][:MAX_LEGS]
            order: dict[str, Any] = {"legs": [{"course": self.random.choice(COURSES), "speed": squares}
                                              for squares in legs]}
        else:
            order = {"course": self.random.choice(COURSES), "speed": speed}
        order["level"] = level
        if level in SEEING and not view["night"] and self.random.random() < 0.5:
            order["fix"] = True
        seen = sorted({c["number"] for c in view["contacts"] if c.get("distance") is not None})
        if view["level"] in SEEING and view["loaded"] and seen and self.random.random() < 0.5:
            order["fire"] = {"target": self.random.choice(seen), "direction": self.random.choice(COURSES),
                             "torpedoes": self.random.randint(1, view["loaded"])}
        return order


__all__ = ["RandomSubmarine"]

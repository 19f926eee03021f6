"""The order being drafted, and what it will cost: pure values, no widgets.

The cost is worked out with the ruleset's own `movement_allowance` and `battery_cost`, from the
player's view alone, so the client shows what the server will check before the order is sent.
"""

from __future__ import annotations

from typing import Any

import attrs
from fogbank.rules.dardanelles.units import (
    TORPEDO_RANGE,
    Level,
    battery_cost,
    movement_allowance,
)

COURSES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
LEVELS = tuple(level.value for level in Level)  # surface first, bottom last


def course_for_bearing(bearing: int) -> str:
    """The nearest of the eight courses to a bearing in degrees."""
    return COURSES[round(bearing / 45) % 8]


@attrs.frozen
class Draft:
    """What the player has keyed in so far. `fire_target` None: no torpedoes this hour."""

    course: str = "N"
    speed: int = 0
    level: str = "surface"
    fire_target: int | None = None
    fire_direction: str = "N"
    torpedoes: int = 1

    def payload(self) -> dict[str, Any]:
        """The order as the server reads it (see protocols/README.md, "Order")."""
        order: dict[str, Any] = {"course": self.course, "speed": self.speed, "level": self.level}
        if self.fire_target is not None:
            order["fire"] = {
                "target": self.fire_target,
                "direction": self.fire_direction,
                "torpedoes": self.torpedoes,
            }
        return order

    def words(self) -> str:
        """The order in a naval officer's words."""
        if self.speed:
            move = f"Steer {self.course}, {self.speed} square{'s' if self.speed != 1 else ''}"
        else:
            move = "Stop engines"
        text = f"{move}, at {self.level}"
        if self.fire_target is not None:
            fish = "one torpedo" if self.torpedoes == 1 else f"{self.torpedoes} torpedoes"
            text += f"; fire {fish} {self.fire_direction} at contact {self.fire_target}"
        return text + "."


@attrs.frozen
class Cost:
    """Movement used (speed plus level changes) against the allowance, battery used, and any
    rule the draft breaks, in plain words (the server would refuse it)."""

    speed: int
    changes: int
    allowance: int
    battery: int
    battery_left: int
    problems: tuple[str, ...]
    warnings: tuple[str, ...]

    @property
    def movement(self) -> int:
        return self.speed + self.changes


def cost(view: dict[str, Any], draft: Draft) -> Cost:
    start, end = Level(view["level"]), Level(draft.level)
    allowance = movement_allowance(start, end)
    changes = abs(end.depth - start.depth)
    battery = battery_cost(start, end, draft.speed)
    problems: list[str] = []
    warnings: list[str] = []
    if draft.speed + changes > allowance:
        problems.append(f"{draft.speed} squares + {changes} level change(s) is over the {allowance} allowed.")
    if battery > view["battery"]:
        problems.append(f"Needs {battery} battery and only {view['battery']} is left.")
    if draft.fire_target is not None:
        contact = next((c for c in view["contacts"] if c["number"] == draft.fire_target), None)
        if not start.sees:
            problems.append("Torpedoes are fired from the surface or periscope level only.")
        if draft.torpedoes > view["loaded"]:
            problems.append(f"Only {view['loaded']} tube(s) loaded.")
        if contact is None:
            problems.append(f"No contact {draft.fire_target} in the log.")
        elif contact["fidelity"] == "bearing":
            problems.append(f"Contact {draft.fire_target} was only heard; fire at one seen.")
        elif contact.get("distance") is not None and contact["distance"] > TORPEDO_RANGE:
            warnings.append(
                f"Contact {draft.fire_target} was {contact['distance']} squares off;"
                f" torpedoes run {TORPEDO_RANGE}."
            )
    if end is not Level.SURFACE and view["air"] <= 2:
        warnings.append("Air is nearly spent: surface soon.")
    return Cost(
        speed=draft.speed,
        changes=changes,
        allowance=allowance,
        battery=battery,
        battery_left=view["battery"] - battery,
        problems=tuple(problems),
        warnings=tuple(warnings),
    )


def seen_contacts(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Contacts one may fire at: seen, not just heard; the latest first."""
    return sorted((c for c in view["contacts"] if c["fidelity"] != "bearing"), key=lambda c: -c["number"])

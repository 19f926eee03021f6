"""Reading and checking the player's orders.

Every check here reads the crew's own log, never the truth: a refusal must not tell the player
anything they could not know. Orders into land, or into mines, are not refused: they are resolved
into the fog, and the boat finds out the hard way.
"""

from __future__ import annotations

from typing import Any, Mapping

from fogbank.rules.core import Refused

from .contacts import Fidelity

from .board import BoatLog
from .chart import Course
from .units import Fire, Level, Order, battery_cost, movement_allowance

_COURSES = ", ".join(c.value for c in Course)
_LEVELS = ", ".join(level.value for level in Level)


def parse_order(payload: Mapping[str, Any]) -> Order:
    if not isinstance(payload, Mapping):
        raise Refused("bad_order", "An order is a map with course, speed and level.")
    unknown = set(payload) - {"course", "speed", "level", "fire"}
    if unknown:
        raise Refused("bad_order", f"An order has no field {sorted(unknown)[0]!r}.")
    course = _course(payload.get("course", "N"), "course")
    speed = _whole(payload.get("speed", 0), "speed")
    try:
        level = Level(payload["level"])
    except (KeyError, ValueError, TypeError):
        raise Refused("bad_level", f"The level must be one of: {_LEVELS}.") from None
    fire = None
    if payload.get("fire") is not None:
        raw = payload["fire"]
        if not isinstance(raw, Mapping) or "target" not in raw or "direction" not in raw:
            raise Refused("bad_fire", "Torpedo fire names a target contact and a direction.")
        fire = Fire(
            target=_whole(raw["target"], "target"),
            direction=_course(raw["direction"], "direction"),
            torpedoes=_whole(raw.get("torpedoes", 1), "torpedoes"),
        )
    return Order(course=course, speed=speed, level=level, fire=fire)


def unparse_order(order: Order) -> dict[str, Any]:
    payload: dict[str, Any] = {"course": order.course.value, "speed": order.speed, "level": order.level.value}
    if order.fire is not None:
        payload["fire"] = {
            "target": order.fire.target,
            "direction": order.fire.direction.value,
            "torpedoes": order.fire.torpedoes,
        }
    return payload


def check_order(log: BoatLog, order: Order) -> None:
    if not log.afloat:
        raise Refused("boat_lost", "The boat is lost; there are no more orders to give.")
    allowance = movement_allowance(log.level, order.level)
    changes = abs(order.level.depth - log.level.depth)
    if order.speed < 0:
        raise Refused("bad_speed", "Speed is a number of squares, 0 or more.")
    if order.speed + changes > allowance:
        where = "on the surface" if allowance == 6 else "below the surface"
        raise Refused(
            "speed_too_high",
            f"At most {allowance} squares an hour {where}, and each change of level uses one: "
            f"{order.speed} squares and {changes} level change{'s' if changes != 1 else ''} is too much.",
        )
    cost = battery_cost(log.level, order.level, order.speed)
    if cost > log.battery:
        raise Refused(
            "battery_too_low", f"This order needs {cost} battery units and only {log.battery} are left."
        )
    if order.fire is not None:
        _check_fire(log, order.fire)


def _check_fire(log: BoatLog, fire: Fire) -> None:
    if not log.level.sees:
        raise Refused("fire_from_depth", "Torpedoes are fired from the surface or periscope level only.")
    if fire.torpedoes < 1:
        raise Refused("bad_fire", "Fire at least one torpedo.")
    if fire.torpedoes > log.loaded:
        raise Refused("not_loaded", f"Only {log.loaded} tube{'s are' if log.loaded != 1 else ' is'} loaded.")
    contact = log.contact(fire.target)
    if contact is None:
        raise Refused("unknown_target", f"There is no contact {fire.target} in your log.")
    if contact.fidelity is Fidelity.BEARING:
        raise Refused(
            "target_not_seen", f"Contact {fire.target} was only heard; fire at a vessel you have seen."
        )


def _course(value: Any, what: str) -> Course:
    try:
        return Course(str(value).upper()) if isinstance(value, str) else Course(value)
    except ValueError:
        raise Refused(f"bad_{what}", f"The {what} must be one of: {_COURSES}.") from None


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(f"bad_{what}", f"The {what} must be a whole number.")
    return value

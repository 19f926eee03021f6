"""Reading and checking the player's orders.

Every check here reads the crew's own log, never the truth: a refusal must not tell the player
anything they could not know. Orders into land, or into mines, are not refused: they are resolved
into the fog, and the boat finds out the hard way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fogbank.rules.core import Refused, fields

from .board import BoatLog
from .chart import Chart, Course, parse_square, square_name
from .units import MAX_LEGS, Fire, Leg, Level, Order, battery_cost, movement_allowance

_COURSES = ", ".join(c.value for c in Course)
_LEVELS = ", ".join(level.value for level in Level)


def parse_order(payload: Mapping[str, Any]) -> Order:
    """An order from its payload: `legs` (a list of courses and speeds), or the one-leg form
    with `course` and `speed` at the top; `level`; `fire`; `fix`; `plot`."""
    if not isinstance(payload, Mapping):
        raise Refused("bad_order", "An order is a map with legs (or course and speed) and a level.")
    unknown = set(payload) - {"course", "speed", "legs", "level", "fire", "fix", "plot"}
    if unknown:
        raise Refused("bad_order", f"An order has no field {sorted(unknown)[0]!r}.")
    if "legs" in payload:
        if "course" in payload or "speed" in payload:
            raise Refused("bad_order", "Give either legs or one course and speed, not both.")
        legs = _legs(payload["legs"])
    else:
        legs = (_leg(payload),)
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
            target=_whole(raw["target"], "bad_target", "target"),
            direction=_course(raw["direction"], "bad_direction", "direction"),
            torpedoes=_whole(raw.get("torpedoes", 1), "bad_torpedoes", "torpedoes"),
        )
    fix = payload.get("fix", False)
    if fix is None:
        fix = False
    if not isinstance(fix, bool):
        raise Refused("bad_fix", "fix is true (take a position fix this hour) or false.")
    plot = None
    if payload.get("plot") is not None:
        try:
            plot = parse_square(payload["plot"]) if isinstance(payload["plot"], str) else None
        except ValueError:
            plot = None
        if plot is None:
            raise Refused("bad_plot", "plot is the square you reckon the boat is in, such as K7.")
    return Order(legs=legs, level=level, fire=fire, fix=fix, plot=plot)


def _legs(raw: Any) -> tuple[Leg, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_LEGS:
        raise Refused("bad_legs", f"legs is a list of 1 to {MAX_LEGS} legs, each a course and a speed.")
    legs = []
    for leg in raw:
        if not isinstance(leg, Mapping) or set(leg) - {"course", "speed"}:
            raise Refused("bad_legs", "Each leg is a map of a course and a speed.")
        legs.append(_leg(leg))
    return tuple(legs)


def _leg(given: Mapping[str, Any]) -> Leg:
    course, speed = given.get("course", "N"), given.get("speed", 0)
    return Leg(_course(course, "bad_course", "course"), _whole(speed, "bad_speed", "speed"))


def unparse_order(order: Order) -> dict[str, Any]:
    """The order's payload: the one-leg form when it has one leg, so old logs read the same."""
    if len(order.legs) == 1:
        payload: dict[str, Any] = {"course": order.legs[0].course.value, "speed": order.legs[0].speed}
    else:
        payload = {"legs": [{"course": leg.course.value, "speed": leg.speed} for leg in order.legs]}
    payload["level"] = order.level.value
    if order.fire is not None:
        payload["fire"] = {
            "target": order.fire.target,
            "direction": order.fire.direction.value,
            "torpedoes": order.fire.torpedoes,
        }
    if order.fix:
        payload["fix"] = True
    if order.plot is not None:
        payload["plot"] = square_name(order.plot)
    return payload


def check_order(log: BoatLog, order: Order, night: bool, chart: Chart | None = None) -> None:
    """Refuse what the rules forbid, from the crew's log (and, for a plot set by hand, the
    player's own chart: the land on it is no secret)."""
    if not log.afloat:
        raise Refused("boat_lost", "The boat is lost; there are no more orders to give.")
    if order.plot is not None and chart is not None and not chart.on_chart(order.plot):
        raise Refused("bad_plot", f"{square_name(order.plot)} is off your chart: plot the boat on it.")
    if order.plot is not None and chart is not None and not chart.is_sea(order.plot):
        # The crew's own chart shows the land (the land is no secret): a plot ashore is a slip.
        raise Refused("plot_ashore", f"Your chart shows land at {square_name(order.plot)}: plot the boat at sea.")
    allowance = movement_allowance(log.level, order.level)
    changes = abs(order.level.depth - log.level.depth)
    if any(leg.speed < 0 for leg in order.legs):
        raise Refused("bad_speed", "Speed is a number of squares, 0 or more.")
    if order.level is Level.BOTTOM and order.speed > 0:
        raise Refused(
            "bottom_still",
            "A boat at the bottom lies on the seabed: it drifts with the current but cannot move under "
            "power. Order speed 0, or a level above the bottom to move.",
        )
    if order.speed + changes > allowance:
        where = "on the surface" if order.level is Level.SURFACE else "below the surface"
        raise Refused(
            "speed_too_high",
            f"At most {allowance} squares an hour {where}, and each change of level uses one: "
            f"{order.speed} squares and {changes} level change{'s' if changes != 1 else ''} is too much.",
        )
    cost = battery_cost(log.level, order.level, order.speed)
    if cost > log.battery:
        most = max(0, log.battery - (cost - order.speed))  # what is left after the level changes
        raise Refused(
            "battery_too_low",
            f"This order needs {cost} battery units and only {log.battery} are left: at most {most} "
            f"square{'s' if most != 1 else ''} below the surface at this level, or surface to charge.",
        )
    if order.fix:
        _check_fix(order, night)
    if order.fire is not None:
        _check_fire(log, order.fire)


def _check_fix(order: Order, night: bool) -> None:
    if not order.level.sees:
        raise Refused("fix_from_depth", "A fix is taken at the surface or periscope level, where landmarks are seen.")
    if night:
        raise Refused("fix_at_night", "A fix needs daylight to take bearings on landmarks.")


def _check_fire(log: BoatLog, fire: Fire) -> None:
    if not log.level.sees:
        raise Refused("fire_from_depth", "Torpedoes are fired from the surface or periscope level only.")
    if fire.torpedoes < 1:
        raise Refused("bad_fire", "Fire at least one torpedo.")
    if fire.torpedoes > log.loaded:
        raise Refused("not_loaded", f"Only {log.loaded} tube{'s are' if log.loaded != 1 else ' is'} loaded.")
    if log.contact(fire.target) is None:
        raise Refused("unknown_target", f"There is no contact {fire.target} in your log.")
    if not log.sighted(fire.target):
        raise Refused(
            "target_not_seen", f"Contact {fire.target} was only heard; fire at a vessel you have seen."
        )


def _course(value: Any, code: str, what: str) -> Course:
    """A course by its letters, in either case."""
    sentence = f"The {what} must be one of: {_COURSES}."
    try:
        return Course(fields.text(value, code, sentence).upper())
    except ValueError:
        raise Refused(code, sentence) from None


def _whole(value: Any, code: str, what: str) -> int:
    return fields.whole(value, code, f"The {what} must be a whole number.")

"""Running aground (2.10): shoals lie around every coast. A ship whose bow comes onto the shoal
line may run aground, the more likely the faster she goes; aground she stops there, and each
movement phase after rolls to get off (astern does it best, 1.3's "get off of a mud bank") and
if she does, makes the move she wrote. The River Plate has no land, so no ship grounds there."""

from __future__ import annotations

from typing import Iterable


from fogbank.rules.core import Modifier, Roller
from fogbank.rules.core.copies import evolve

from .geometry import Point, bearing, crosses, near
from .ships import Ship, ShipClass

SHOAL = 20  # tenths: the shoal line lies 2 inches off every coast (decisions.md)


def read_grounding(total: int) -> str:
    """A d6 less a tenth of the knots: 1 or less runs aground."""
    return "aground" if total <= 1 else "clear"


def read_refloat(total: int) -> str:
    """A d6, +2 going astern: 4 or more gets her off."""
    return "off" if total >= 4 else "stuck"


def coasts(land: Iterable[tuple[Point, ...]]) -> list[tuple[Point, Point]]:
    """Every coast's segments (an outline is closed: its last point joins its first)."""
    return [(outline[i - 1], outline[i]) for outline in land for i in range(len(outline))]


def over_land(path: tuple[Point, ...], land: Iterable[tuple[Point, ...]]) -> bool:
    """Whether a funnel path runs across a coast (what a seat can see on its own chart)."""
    sides = coasts(land)
    return any(crosses(a, b, p, q) for a, b in zip(path, path[1:]) for p, q in sides)


def _along(path: tuple[Point, ...]):
    """The path a tenth of an inch at a time, in whole tenths."""
    yield path[0]
    for a, b in zip(path, path[1:]):
        steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]), 1)
        for k in range(1, steps + 1):
            yield (a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps)


def on_shoal(at: Point, cls: ShipClass, sides: list[tuple[Point, Point]]) -> bool:
    """Whether any part of the ship is over the shoals: her bow (her funnel's distance ahead)
    within the shoal line, taken as her funnel within the line and the bow's reach."""
    return any(near(at, p, q, SHOAL + cls.funnel) for p, q in sides)


def shoal_crossing(path: tuple[Point, ...], cls: ShipClass, land: Iterable[tuple[Point, ...]]) -> int | None:
    """How many points of `_along(path)` she runs before coming onto the shoals from clear water,
    or None. A ship starting on the shoals crosses the line only when she has left them and comes back."""
    sides = coasts(land)
    if not sides:
        return None
    clear = False
    for k, at in enumerate(_along(path)):
        if not on_shoal(at, cls, sides):
            clear = True
        elif clear:
            return k
    return None


def ground(ship: Ship, cls: ShipClass, knots: int, land, roller: Roller) -> tuple[Ship, bool]:
    """After her move: the ship, stopped where she came onto the shoals if she ran aground there."""
    k = shoal_crossing(ship.path, cls, land) if ship.path else None
    if k is None:
        return ship, False
    speed = (Modifier("a tenth of her knots", -(knots // 10)),) if knots >= 10 else ()
    roll = roller.roll(f"{ship.name}/aground", "aground", modifiers=speed, read=read_grounding)
    if roll.outcome != "aground":
        return ship, False
    path = tuple(_along(ship.path))[: k + 1]
    heading = bearing(path[-2], path[-1]) if len(path) > 1 and path[-2] != path[-1] else ship.course
    course = (heading + 180) % 360 if ship.backwards else heading
    return evolve(ship, at=path[-1], course=course, path=path, speed=0, aground=True), True


def refloat(ship: Ship, backwards: bool, roller: Roller) -> bool:
    """An aground ship's roll to get off, in the movement phase before she moves."""
    roll = roller.roll(f"{ship.name}/refloat", "refloat", modifiers=(Modifier("going astern", 2),) if backwards else (),
                       read=read_refloat)
    return roll.outcome == "off"

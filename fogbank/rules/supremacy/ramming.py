"""Ramming (2.8, 2.9): models that touch while all ships move at once.

Enemy ships may not ram: the one without the right of way makes the Mandatory Collision
Avoidance, moved back along her path to 6 inches from the other, turned the least way parallel
to her, and run straight on for the rest of her move. Friendly ships are given a chance to
avoid (a d6: 4-6 they do, as above); otherwise they ram, each taking a torpedo hit of the other's
size (cruisers 600 points, battleships 1000) scaled by the speed differential, and if neither
sinks they lie locked together, dead in the water.
"""

from __future__ import annotations

import math
from typing import Mapping


from fogbank.rules.core.copies import evolve

from . import geometry
from .damage import Roller
from .geometry import Point, bearing, offset
from .moves import Move, quarters_of_turn, turning_before
from .ships import Ship, ShipClass
from .torpedoes import STEPS, position

TOUCH = 2  # tenths: half a model's beam
SIZE = {"BB": 1000, "BC": 1000, "CV": 1000, "CA": 600, "CL": 600, "CVL": 600, "CVE": 600, "DD": 400}
RANK = {"BB": 4, "BC": 4, "CV": 4, "CA": 3, "CL": 2, "DD": 1}


def read_avoid(total: int) -> str:
    return "avoided" if total >= 4 else "collide"


def read_way(total: int) -> str:
    return "first" if total <= 3 else "second"


def touching(a: tuple[Point, Point], b: tuple[Point, Point]) -> bool:
    return geometry.crosses(*a, *b) or any(geometry.near(p, *b, TOUCH) for p in a) or any(geometry.near(p, *a, TOUCH) for p in b)


def _model(ship: Ship, cls: ShipClass, k: int) -> tuple[Point, Point]:
    path = ship.path or (ship.at,)
    here = position(path, k)
    course = bearing(position(path, max(0, k - 1)), here) if k and here != position(path, k - 1) else ship.course
    return evolve(ship, at=here, course=course).model(cls)


def _box(ship: Ship, cls: ShipClass) -> tuple[int, int, int, int]:
    """A box round everywhere her model was in the move (her path, a model's length about it)."""
    path = ship.path or (ship.at,)
    grow = cls.length + TOUCH
    xs, ys = [p[0] for p in (*path, ship.at)], [p[1] for p in (*path, ship.at)]
    return min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow


def first_contact(a: Ship, b: Ship, classes) -> int | None:
    """The tenth of the movement phase at which the two models first touch, or None."""
    box_a, box_b = _box(a, classes[a.cls]), _box(b, classes[b.cls])
    if box_a[0] > box_b[2] or box_b[0] > box_a[2] or box_a[1] > box_b[3] or box_b[1] > box_a[3]:
        return None  # never near each other in this move
    for k in range(STEPS + 1):
        if touching(_model(a, classes[a.cls], k), _model(b, classes[b.cls], k)):
            return k
    return None


def right_of_way(a: Ship, b: Ship, classes) -> Ship | None:
    """The ship with the right of way (2.8a), or None when neither has it."""
    def rank(ship: Ship) -> tuple[int, int]:
        helpless = ship.rudder == "lost" and ship.speed > 10
        damaged = ship.rudder == "damaged"
        return (2 if helpless else 0 if damaged else 1, RANK.get(classes[ship.cls].type, 0))
    if rank(a) == rank(b):
        return None
    return a if rank(a) > rank(b) else b


def avoid(ship: Ship, other: Ship, k: int, classes, move: Move | None = None) -> Ship:
    """The Mandatory Collision Avoidance: back along her path to 6 inches from the other ship,
    the least turn to lie parallel to her, the rest of the move straight on. The turning she has
    done counts for her fire (5.3b): her written turns up to where she was put back, and the turn
    to lie parallel, on her turning circle."""
    path = ship.path or (ship.at,)
    there = position(other.path or (other.at,), k)
    back = next((j for j in range(k, -1, -1) if not geometry.within(position(path, j), there, geometry.NAUTICAL_MILE)), 0)
    start = position(path, back)
    heading, done = ship.course, 0
    if move is not None:  # her course where she is put back: where she began, turned as written so far
        done, net = turning_before(move, move.quarters * back // STEPS)
        heading = (ship.course - turning_before(move, move.quarters)[1] + net) % 360
    course = min((other.course, (other.course + 180) % 360),
                 key=lambda c: abs(((c - heading + 540) % 360) - 180))
    turned = done + quarters_of_turn(((course - heading + 540) % 360) - 180)
    length = sum(math.isqrt((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) for p, q in zip(path, path[1:]))
    end = offset(start, course, length * (STEPS - back) // STEPS)
    moved = evolve(ship, at=end, course=course, path=(*path[:1], start, end), turned=turned)
    if touching(moved.model(classes[ship.cls]), other.model(classes[other.cls])) or first_contact(moved, other, classes):
        # Running on would meet her again (a head-on meeting): she stops at the 6-inch point.
        moved = evolve(moved, at=start, path=(*path[:1], start))
    return moved


def speed_modifier(a: Ship, b: Ship) -> int:
    """The torpedo-hit modifier for the speed differential on their courses (2.9)."""
    va = (a.speed * geometry.sin(a.course), a.speed * geometry.cos(a.course))
    vb = (b.speed * geometry.sin(b.course), b.speed * geometry.cos(b.course))
    knots = math.isqrt((va[0] - vb[0]) ** 2 + (va[1] - vb[1]) ** 2) // geometry.MILLION
    return 1 if knots < 10 else 0 if knots < 20 else -1 if knots < 30 else -2


def ram_points(size: int, modifier: int) -> int:
    """A ram's hit: the other ship's size in points, halved at +1, up half for each -1."""
    return size * (2 - modifier) // 2


def resolve(ships: dict[str, Ship], classes, roller: Roller,
            moves: Mapping[str, Move] | None = None) -> list[tuple[str, str, str]]:
    """Every contact in the movement phase, earliest first: ships changed in place; returns
    (what, ship, other) for each: "avoided" or "rammed". `moves` are the moves made (the turning
    a ship giving way has done counts)."""
    happened, settled = [], set()
    for _ in range(len(ships)):  # avoiding one contact may make another: a few passes
        contacts = sorted(
            (k, a, b) for a in ships for b in ships
            if a < b and (a, b) not in settled and not ships[a].sunk and not ships[b].sunk
            and (k := first_contact(ships[a], ships[b], classes)) is not None
        )
        if not contacts:
            break
        k, a, b = contacts[0]
        settled.add((a, b))
        first, second = ships[a], ships[b]
        way = right_of_way(first, second, classes)
        friends = first.side == second.side
        key = f"ram/{a}/{b}/{k}"
        if way is None and friends:
            if roller.roll(f"{key}/avoid", "avoid", read=read_avoid).outcome == "collide":
                _ram(ships, first, second, classes)
                happened.append(("rammed", a, b))
                continue
        if way is None:
            way = first if roller.roll(f"{key}/way", "way", read=read_way).outcome == "first" else second
        giver = second if way is first else first
        ships[giver.name] = avoid(giver, way, k, classes, (moves or {}).get(giver.name))
        if first_contact(ships[giver.name], way, classes) is not None:
            # She is left at the point of collision rather than the end of her move (2.8c).
            stop = position(way.path or (way.at,), max(0, k - 1))
            ships[way.name] = evolve(way, at=stop, path=(*(way.path or (way.at,))[:1], stop))
        happened.append(("avoided", giver.name, way.name))
    return happened


def _ram(ships: dict[str, Ship], a: Ship, b: Ship, classes) -> None:
    modifier = speed_modifier(a, b)
    to_a = ram_points(SIZE.get(classes[b.cls].type, 600), modifier)
    to_b = ram_points(SIZE.get(classes[a.cls].type, 600), modifier)
    a = evolve(a, damage=a.damage + to_a, turn_damage=a.turn_damage + to_a)
    if a.damage >= classes[a.cls].points:
        to_b //= 2  # the rammer went down: the rammed suffers half
    b = evolve(b, damage=b.damage + to_b, turn_damage=b.turn_damage + to_b)
    locked = a.damage < classes[a.cls].points and b.damage < classes[b.cls].points
    for ship in (a, b):
        effects = {**ship.effects, "cap0": 10_000} if locked else dict(ship.effects)
        ships[ship.name] = evolve(ship, effects=effects, speed=0 if locked else ship.speed)


__all__ = ["resolve", "read_avoid", "read_way"]


def straight_on(ship: Ship) -> Ship:
    """The ship as if her next move ran straight ahead (astern if she goes astern) at her speed."""
    heading = (ship.course + 180) % 360 if ship.backwards else ship.course
    return evolve(ship, path=(ship.at, offset(ship.at, heading, ship.speed * 5)))  # 2 knots an inch


def on_collision_course(a: Ship, b: Ship, classes) -> bool:
    """2.8: ending within 6 inches of each other, would they touch if both ran straight on at their speed?"""
    return geometry.within(a.at, b.at, geometry.NAUTICAL_MILE) and first_contact(straight_on(a), straight_on(b), classes) is not None


def turned_clear(ship: Ship, other: Ship, classes, starboard_only: bool) -> Ship | None:
    """The least turn (in 5 degrees, starboard first) that takes her off the collision course, or None."""
    for degrees in range(5, 181, 5):
        for turn in (degrees,) if starboard_only else (degrees, -degrees):
            turned = evolve(ship, course=(ship.course + turn) % 360)
            if not on_collision_course(turned, other, classes):
                return turned
    return None


def keep_clear(ships: dict[str, Ship], classes, sees) -> list[tuple[str, str]]:
    """Ships ending within 6 inches on a collision course (2.8) are turned off it, ships changed in
    place: the one without right of way the least way; with neither having it, each in turn to
    starboard (as ships meeting at sea) until the course is clear. Only a ship that sees the other
    and has a rudder is turned. Returns (ship turned, other) for each."""
    turned = []
    names = sorted(n for n, s in ships.items() if not s.sunk)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            a, b = ships[first], ships[second]
            if not on_collision_course(a, b, classes):
                continue
            way = right_of_way(a, b, classes)
            givers = [b] if way is a else [a] if way is b else [a, b]
            for giver in givers:
                other = ships[b.name if giver.name == a.name else a.name]
                if giver.rudder == "lost" or not sees(giver, other) or not on_collision_course(ships[giver.name], other, classes):
                    continue
                clear = turned_clear(ships[giver.name], other, classes, starboard_only=way is None)
                if clear is not None:
                    ships[giver.name] = clear
                    turned.append((giver.name, other.name))
    return turned

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
from fractions import Fraction
from typing import Mapping

from fogbank.rules.core import Roller
from fogbank.rules.core.copies import evolve

from . import geometry
from .damage import goes_down
from .geometry import Point, bearing, offset
from .moves import QUARTER, Move, quarters_of_turn, turning_before
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
    return geometry.segments_within(*a, *b, TOUCH)


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


def _length(path: tuple[Point, ...]) -> int:
    """A path's length, leg by leg as `position` measures it."""
    return sum(geometry.distance(p, q) for p, q in zip(path, path[1:], strict=False))


def until(path: tuple[Point, ...], k: int) -> tuple[Point, ...]:
    """The part of a path run in the first `k` tenths of the movement phase."""
    here = position(path, k)
    wanted, kept = _length(path) * k // STEPS, [path[0]]
    for p, q in zip(path, path[1:], strict=False):
        length = geometry.distance(p, q)
        if length >= wanted:
            break
        wanted -= length
        kept.append(q)
    return (*kept, here) if here != kept[-1] else tuple(kept)


def start_course(ship: Ship, move: Move | None) -> int:
    """Her course where she began the move (the move's net turning taken off her course now)."""
    return ship.course if move is None else (ship.course - turning_before(move, move.quarters)[1]) % 360


def cut_short(ship: Ship, k: int, move: Move | None) -> Ship:
    """The ship left where she was after `k` tenths of her move: her course there, the path she
    ran, the turning she did, and the speed she really made (her move's, for the share she ran)."""
    path = ship.path or (ship.at,)
    if k >= STEPS:
        return ship
    if move is None:
        ran = until(path, k)
        course = bearing(ran[-2], ran[-1]) if len(ran) > 1 and ran[-2] != ran[-1] else ship.course
        turned = ship.turned * k // STEPS
    else:
        turned, net = turning_before(move, move.quarters * k // STEPS)
        course = (start_course(ship, move) + net) % 360
    return evolve(ship, at=position(path, k), course=course, path=until(path, k), turned=turned,
                  speed=ship.speed * k // STEPS)


def _away(point: Point, there: Point, course: int) -> Point:
    """The point nearest `point` more than 6 inches from `there`, directly away from it."""
    heading = bearing(there, point) if point != there else (course + 180) % 360
    reach = geometry.NAUTICAL_MILE + 1
    while geometry.within(offset(there, heading, reach), there, geometry.NAUTICAL_MILE):
        reach += 1
    return offset(there, heading, reach)


def avoid(ship: Ship, other: Ship, k: int, classes, move: Move | None = None) -> Ship:
    """The Mandatory Collision Avoidance: back along her path to 6 inches from the other ship,
    the least turn to lie parallel to her, the rest of the move straight on. The turning she has
    done counts for her fire (5.3b): her written turns up to where she was put back, and the turn
    to lie parallel, on her turning circle. When her path this move does not reach back 6 inches
    from the other (she was slow, or they began the move touching), she is put 6 inches off her,
    directly away, and her move is run from there: left touching where she began, both ships
    were stopped there turn after turn."""
    path = ship.path or (ship.at,)
    there = position(other.path or (other.at,), k)
    mile = geometry.NAUTICAL_MILE
    back = next((j for j in range(k, -1, -1) if not geometry.within(position(path, j), there, mile)), None)
    if back is None:
        back, start = 0, _away(path[0], there, start_course(ship, move))
        ran, made = (start,), 0  # her move is run from there: she is put there, not run there
    else:
        start, ran, made = position(path, back), until(path, back), ship.speed * back // STEPS
    heading, done = ship.course, 0
    if move is not None:  # her course where she is put back: where she began, turned as written so far
        done, net = turning_before(move, move.quarters * back // STEPS)
        heading = (start_course(ship, move) + net) % 360
    course = min((other.course, (other.course + 180) % 360),
                 key=lambda c: abs(((c - heading + 540) % 360) - 180))
    turned = done + quarters_of_turn(((course - heading + 540) % 360) - 180)
    # The rest of her move as written (the path's chords, each floored to a tenth, run a little short).
    total = move.quarters * QUARTER // 10 if move is not None else _length(path)
    end = offset(start, course, total * (STEPS - back) // STEPS)
    moved = evolve(ship, at=end, course=course, path=(*ran, end), turned=turned)
    if touching(moved.model(classes[ship.cls]), other.model(classes[other.cls])) or first_contact(moved, other, classes):
        # Running on would meet her again (a head-on meeting): she stops at the 6-inch point,
        # having made only the way she ran to it.
        moved = evolve(moved, at=start, path=ran, speed=made)
    return moved


def left_short(ship: Ship, giver: Ship, k: int, classes, move: Move | None) -> Ship:
    """The ship with the right of way left at the point of collision (2.8c): where she was just
    before she would touch the ship that gave way to her, as that ship is now left."""
    model = giver.model(classes[giver.cls])
    for j in range(max(0, k - 1), -1, -1):
        stopped = cut_short(ship, j, move)
        if not touching(stopped.model(classes[ship.cls]), model):
            return stopped
    return cut_short(ship, 0, move)


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
    (what, ship, other) for each: "avoided" (ship gave way to other), "rammed" (ship rammed
    other) or "bow_to_bow" (both rammed). `moves` are the moves the ships made (the turning a
    ship giving way has done counts); two ships neither of which moves do not collide."""
    moves = moves or {}
    happened, settled = [], set()
    for _ in range(len(ships)):  # avoiding one contact may make another: a few passes
        contacts = sorted(
            (k, a, b) for a in ships for b in ships
            if a < b and (a, b) not in settled and not ships[a].sunk and not ships[b].sunk
            and (_moves(ships[a]) or _moves(ships[b]))
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
                happened.append(_ram(ships, first, second, k, classes, moves))
                continue
        if way is None:
            way = first if roller.roll(f"{key}/way", "way", read=read_way).outcome == "first" else second
        giver = second if way is first else first
        ships[giver.name] = avoid(giver, way, k, classes, moves.get(giver.name))
        if first_contact(ships[giver.name], way, classes) is not None:
            # She is left at the point of collision rather than the end of her move (2.8c).
            ships[way.name] = left_short(way, ships[giver.name], k, classes, moves.get(way.name))
        happened.append(("avoided", giver.name, way.name))
    return happened


def _moves(ship: Ship) -> bool:
    path = ship.path or (ship.at,)
    return any(p != path[0] for p in path)


def _gap(point: Point, model: tuple[Point, Point]) -> Fraction:
    """The square of the distance from a point to a model (bow to stern), exactly."""
    (ax, ay), (bx, by) = model
    abx, aby, apx, apy = bx - ax, by - ay, point[0] - ax, point[1] - ay
    length, dot = abx * abx + aby * aby, abx * apx + aby * apy
    if length == 0 or dot <= 0:
        return Fraction(apx * apx + apy * apy)
    if dot >= length:
        return Fraction((point[0] - bx) ** 2 + (point[1] - by) ** 2)
    return Fraction((abx * apy - aby * apx) ** 2, length)


def rammer(a: Ship, b: Ship, classes) -> Ship | None:
    """The ship ramming (2.9: "contacting by the bow"), on the models as they touch: the one whose
    bow is nearer the other's model; bow to bow (both within touching), the faster, whose way
    carries her into the other; bow to bow at one speed, neither: both ram."""
    ga = _gap(a.model(classes[a.cls])[0], b.model(classes[b.cls]))
    gb = _gap(b.model(classes[b.cls])[0], a.model(classes[a.cls]))
    if ga <= TOUCH * TOUCH and gb <= TOUCH * TOUCH:
        return None if a.speed == b.speed else a if a.speed > b.speed else b
    return a if ga < gb else b if gb < ga else None


def _ram(ships: dict[str, Ship], a: Ship, b: Ship, k: int, classes, moves) -> tuple[str, str, str]:
    """Both take a torpedo hit of the other's size (2.9), met where they touch; if neither sinks
    they lie locked together there, dead in the water; if one sinks, the other finishes her move."""
    at_a, at_b = cut_short(a, k, moves.get(a.name)), cut_short(b, k, moves.get(b.name))
    modifier = speed_modifier(evolve(at_a, speed=a.speed), evolve(at_b, speed=b.speed))
    ramming = rammer(evolve(at_a, speed=a.speed), evolve(at_b, speed=b.speed), classes)
    hurt = {a.name: ram_points(SIZE.get(classes[b.cls].type, 600), modifier),
            b.name: ram_points(SIZE.get(classes[a.cls].type, 600), modifier)}
    rammed = None if ramming is None else (b if ramming.name == a.name else a)

    def sinks(ship: Ship) -> bool:  # by her points, or by 75% of them this turn (6)
        hurt_ = hurt[ship.name]
        return goes_down(evolve(ship, damage=ship.damage + hurt_, turn_damage=ship.turn_damage + hurt_),
                         classes[ship.cls].points) is not None

    if ramming is not None and sinks(ramming):
        hurt[rammed.name] //= 2  # the rammer went down: the rammed suffers half
    sunk = {s.name: sinks(s) for s in (a, b)}
    locked = not any(sunk.values())
    for ship, met in ((a, at_a), (b, at_b)):
        left = met if locked or sunk[ship.name] else ship
        effects = {**ship.effects, "cap0": 10_000} if locked else dict(ship.effects)
        points = hurt[ship.name]
        ships[ship.name] = evolve(left, damage=ship.damage + points, turn_damage=ship.turn_damage + points,
                                  effects=effects)
    if ramming is None:
        return ("bow_to_bow", a.name, b.name)
    return ("rammed", ramming.name, rammed.name)


__all__ = ["resolve", "read_avoid", "read_way"]


def straight_on(ship: Ship) -> Point:
    """The way she makes if her next move runs straight ahead (astern if she goes astern) at her
    speed: 2 knots an inch, in tenths."""
    heading = (ship.course + 180) % 360 if ship.backwards else ship.course
    ahead = offset(ship.at, heading, ship.speed * 5)
    return ahead[0] - ship.at[0], ahead[1] - ship.at[1]


def on_collision_course(a: Ship, b: Ship, classes) -> bool:
    """2.8: ending within 6 inches of each other, would they touch if both ran straight on at their
    speed? Judged over the whole run, not at moments of it: a's model swept by her way relative
    to b's comes within touching of b's model (ships closing fast cross between any two samples)."""
    if not geometry.within(a.at, b.at, geometry.NAUTICAL_MILE):
        return False
    (ax, ay), (bx, by) = straight_on(a), straight_on(b)
    return geometry.sweeps_within(a.model(classes[a.cls]), (ax - bx, ay - by), b.model(classes[b.cls]), TOUCH)


def turned_clear(ship: Ship, other: Ship, others: list[Ship], classes, starboard_only: bool) -> Ship | None:
    """The least turn (in 5 degrees, starboard first) that takes her off the collision course with
    `other` without putting her on one with any of `others`; failing that, off `other`'s alone."""
    turns = [turn for degrees in range(5, 181, 5)
             for turn in ((degrees,) if starboard_only else (degrees, -degrees))]
    tried = [evolve(ship, course=(ship.course + turn) % 360) for turn in turns]
    clear = [t for t in tried if not on_collision_course(t, other, classes)]
    return next((t for t in clear if not any(on_collision_course(t, o, classes) for o in others)),
                clear[0] if clear else None)


def keep_clear(ships: dict[str, Ship], classes, sees, turn: int = 0) -> list[tuple[str, str]]:
    """Ships ending within 6 inches on a collision course (2.8) are turned off it, ships changed in
    place: the one without right of way the least way; with neither having it, each in turn to
    starboard (as ships meeting at sea) until the course is clear. Only a ship that sees the other,
    has a rudder and has way on next turn is turned (not one locked to another by a ram, or with
    all power lost). Returns (ship turned, other) for each."""
    turned = []
    names = sorted(n for n, s in ships.items() if not s.sunk)
    for _ in range(len(names)):  # a turn off one ship may bring her onto another's course: again
        before = len(turned)
        for i, first in enumerate(names):
            for second in names[i + 1:]:
                turned += _keep_apart(ships, first, second, names, classes, sees, turn)
        if len(turned) == before:
            break
    return turned


def _keep_apart(ships: dict[str, Ship], first: str, second: str, names: list[str], classes, sees,
                turn: int) -> list[tuple[str, str]]:
    a, b = ships[first], ships[second]
    if not on_collision_course(a, b, classes):
        return []
    way = right_of_way(a, b, classes)
    givers = [b] if way is a else [a] if way is b else [a, b]
    turned = []
    for giver in givers:
        other = ships[b.name if giver.name == a.name else a.name]
        if giver.rudder == "lost" or giver.lasting("cap0", turn + 1) or not sees(giver, other) \
                or not on_collision_course(ships[giver.name], other, classes):
            continue
        rest = [ships[n] for n in names if n not in (giver.name, other.name)]
        clear = turned_clear(ships[giver.name], other, rest, classes, starboard_only=way is None)
        if clear is not None:
            ships[giver.name] = clear
            turned.append((giver.name, other.name))
    return turned

"""Torpedoes (phase 3 and 2.2): a bank fires its spread along a course; the spread runs with the
ships in each movement phase, and a ship whose front funnel it meets rolls to be hit.

The seed leaves torpedoes to the full rules; docs/decisions.md gives the design: a spread is a
front 2 inches wide (narrow) or 4 inches (fan), running at the torpedo's speed to its longest run;
a ship whose funnel it meets rolls 2d6 plus the spread's torpedoes, less 2 for a fan and 2 when
it meets her end on (her course within 30 degrees of its own or the reverse), and is hit on 11 or
more: the funnel in the spread is most of a hit (4.1), so four torpedoes close together across
her beam hit more often than not, and a fan of three still may.
"""

from __future__ import annotations

import math
from fractions import Fraction

import attrs

from fogbank.rules.core import GameState, Modifier, Resolution, Roller
from fogbank.rules.core.copies import evolve

from .damage import TABLES, TORPEDO_POINTS, sink
from .events import TorpedoHit
from .geometry import MILLION, Point, bearing, cos, offset, sin
from .reports import tell
from .ships import Ship
from .sight import watchers

WIDTH = {"narrow": 20, "fan": 40}  # tenths of an inch
STEPS = 10  # the movement phase is checked in tenths


HIT = 11  # 2d6 and the spread's modifiers, at least


def read_torpedo(total: int) -> str:
    return "hit" if total >= HIT else "miss"


@attrs.frozen
class Spread:
    number: int  # the firing seat's own count of its spreads
    ship: str  # who fired it
    bank: str
    at: Point  # the middle of the front, tenths
    course: int
    speed: int  # knots
    run_left: int  # tenths
    count: int
    kind: str  # narrow or fan
    met: frozenset[str] = frozenset()  # ships it has already been rolled against
    runs: int = 0  # movement phases run so far (the firing ship is safe from her own first run)


def position(path: tuple[Point, ...], fraction_tenths: int) -> Point:
    """Where along a path a ship is after `fraction_tenths`/10 of the movement phase."""
    legs = [math.isqrt((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) for a, b in zip(path, path[1:])]
    total = sum(legs)
    if not legs or total == 0:
        return path[-1] if path else (0, 0)
    wanted = total * fraction_tenths // STEPS
    for (a, b), length in zip(zip(path, path[1:]), legs):
        if wanted <= length and length:
            return a[0] + (b[0] - a[0]) * wanted // length, a[1] + (b[1] - a[1]) * wanted // length
        wanted -= length
    return path[-1]


def run(spread: Spread, ships: tuple[Ship, ...]) -> tuple[Spread | None, list[tuple[str, int]]]:
    """The spread after one movement phase (None once its run is done) and the ships it meets,
    in the order met, each with her course at the moment it meets her. Ships have moved: each
    has the path of this phase."""
    step = min(spread.speed * 5, spread.run_left)  # knots / 2 inches a turn, in tenths
    met = []
    for ship in ships:
        if ship.sunk or ship.name in spread.met or (ship.name == spread.ship and not spread.runs):
            continue  # the firer is safe from her own first run alone
        meeting = meets(spread, ship)
        if meeting is not None:
            met.append((meeting[0], ship.name, meeting[1]))
    met.sort(key=lambda m: m[0])
    left = spread.run_left - step
    moved = evolve(spread, at=offset(spread.at, spread.course, step), run_left=left,
                   met=spread.met | frozenset(name for _, name, _ in met), runs=spread.runs + 1)
    return (moved if left > 0 else None), [(name, course) for _, name, course in met]


def meets(spread: Spread, ship: Ship) -> tuple[Fraction, int] | None:
    """When in this movement phase (a share of it) the spread's front passes her funnel within its
    width, and her course then; None if it does not. Exact: her funnel runs her path at an even
    pace (as `position` has it), the front runs at the torpedoes' speed until its run is done, so
    the gap between them is straight between the corners of her path and the front's stop, and
    where it closes is worked out, not sampled (a ship crossing the front between two samples
    was missed, and one passing just outside its edge was met)."""
    full, step = spread.speed * 5, min(spread.speed * 5, spread.run_left)
    half = WIDTH[spread.kind] // 2 * MILLION
    path = ship.path or (ship.at,)
    legs = [math.isqrt((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) for a, b in zip(path, path[1:], strict=False)]
    total = sum(legs)
    # The moments the gap may bend at: her path's corners and the front's stop.
    corners, run = {Fraction(0), Fraction(1), Fraction(step, full)}, 0
    for length in legs[:-1]:
        run += length
        corners.add(Fraction(run, total))
    times = sorted(corners)

    def funnel(t: Fraction) -> tuple[tuple[Fraction, Fraction], int]:
        """Her funnel at moment t and the leg she is on (its index, -1 if she lies still)."""
        if not total:
            return (Fraction(path[-1][0]), Fraction(path[-1][1])), -1
        wanted = t * total
        for i, ((a, b), length) in enumerate(zip(zip(path, path[1:], strict=False), legs, strict=True)):
            if length and (wanted <= length or i == len(legs) - 1):
                share = wanted / length
                return (a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share), i
            wanted -= length
        return (Fraction(path[-1][0]), Fraction(path[-1][1])), -1

    def gap(t: Fraction) -> tuple[Fraction, Fraction]:
        """Her funnel ahead of the front (millionths of tenths) and across it (starboard +)."""
        (x, y), _ = funnel(t)
        dx, dy = x - spread.at[0], y - spread.at[1]
        ran = min(t * full, Fraction(step))
        return (dx * sin(spread.course) + dy * cos(spread.course) - ran * MILLION,
                dx * cos(spread.course) - dy * sin(spread.course))

    def course(t0: Fraction, t1: Fraction) -> int:
        """Her course between two corners: the leg she runs then."""
        leg = funnel((t0 + t1) / 2)[1]
        return ship.course if leg < 0 else bearing(path[leg], path[leg + 1])

    for t0, t1 in zip(times, times[1:], strict=False):
        (a0, x0), (a1, x1) = gap(t0), gap(t1)
        if t0 == 0 and a0 == 0 and abs(x0) <= half:
            return t0, course(t0, t1)  # on the front as it starts to run
        if (a0 > 0) == (a1 > 0):
            continue
        share = a0 / (a0 - a1)  # where in the piece the front passes her funnel
        if abs(x0 + (x1 - x0) * share) <= half:
            return t0 + (t1 - t0) * share, course(t0, t1)
    return None


def end_on(spread: Spread, course: int) -> bool:
    """Whether the spread meets her end on: her course (as it meets her) within 30 degrees of its
    own or the reverse (she shows it her bow or stern, not her length)."""
    angle = abs(((spread.course - course + 180) % 360) - 180)
    return angle < 30 or angle > 150


def modifiers(spread: Spread, course: int) -> tuple[Modifier, ...]:
    """The roll's modifiers for a spread meeting a ship on `course` as it meets her."""
    return (Modifier("torpedoes in the spread", spread.count),
            Modifier("fan spread", -2 if spread.kind == "fan" else 0),
            Modifier("met end on", -2 if end_on(spread, course) else 0))


def strike(state: GameState) -> Resolution:
    """Every running spread runs with the ships that just moved; hits land at once (6.2):
    300 points and 4 knots each, and a ship sunk by them goes down before the fire phase."""
    board = state.board
    roller = Roller(state.dice, state.turn, TABLES)
    ships = {s.name: s for s in board.ships}
    running, events, hits = [], [], []
    for spread in board.spreads:
        moved, met = run(spread, tuple(ships.values()))
        for name, course in met:
            roll = roller.roll(f"torpedo/{spread.ship}/{spread.bank}/{name}", "torpedo", count=2,
                               modifiers=modifiers(spread, course), read=read_torpedo)
            if roll.outcome == "hit":
                ship = ships[name]
                ships[name] = evolve(ship, damage=ship.damage + TORPEDO_POINTS,
                                     turn_damage=ship.turn_damage + TORPEDO_POINTS, knots_lost=ship.knots_lost + 4)
                hits.append(name)

        if moved is not None:
            running.append(moved)
    board = evolve(board, ships=tuple(ships[s.name] for s in board.ships), spreads=tuple(running))
    # Her own seat is told the damage; the seats whose ships see her, the explosion (no firer:
    # torpedoes run unseen, and a roster never tells whose banks are fired, 4.3).
    on_table = evolve(state, board=board)
    for name in hits:
        own, title = board.seat_of(name), board.ship(name).title
        events.append(TorpedoHit(turn=state.turn, phase=state.phase, audience=frozenset({own}), ship=name,
                                 title=title, points=TORPEDO_POINTS))
        seen = watchers(on_table, name) - {own}
        if seen:
            events.append(TorpedoHit(turn=state.turn, phase=state.phase, audience=seen, ship=name, title=title,
                                     points=None))
    board, sunk = sink(board, evolve(state, board=board))
    state = evolve(state, board=board, dice=roller.dice, knowledge=tell(state.knowledge, (*events, *sunk)))
    return Resolution(state, (*events, *sunk), tuple(roller.rolls))

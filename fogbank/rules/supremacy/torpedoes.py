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

import attrs

from fogbank.rules.core import GameState, Modifier, Resolution, Roller
from fogbank.rules.core.copies import evolve

from .damage import TABLES, TORPEDO_POINTS, sink
from .events import TorpedoHit
from .geometry import MILLION, Point, cos, offset, sin
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


def along_across(origin: Point, course: int, point: Point) -> tuple[int, int]:
    """A point's distance along the course from origin, and across it (tenths; starboard +)."""
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    return (dx * sin(course) + dy * cos(course)) // MILLION, (dx * cos(course) - dy * sin(course)) // MILLION


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


def run(spread: Spread, ships: tuple[Ship, ...]) -> tuple[Spread | None, list[str]]:
    """The spread after one movement phase (None once its run is done) and the ships it meets,
    in the order met. Ships have moved: each has the path of this phase."""
    step = min(spread.speed * 5, spread.run_left)  # knots / 2 inches a turn, in tenths
    half = WIDTH[spread.kind] // 2
    met = []
    for ship in ships:
        if ship.sunk or ship.name in spread.met or (ship.name == spread.ship and not spread.runs):
            continue
        before = None
        for k in range(STEPS + 1):
            along, across = along_across(spread.at, spread.course, position(ship.path or (ship.at,), k))
            ahead = along - step * k // STEPS
            if before is not None and (before > 0) != (ahead > 0) and abs(across) <= half:
                met.append(ship.name)
                break
            if ahead == 0 and abs(across) <= half:
                met.append(ship.name)
                break
            before = ahead
    left = spread.run_left - step
    moved = evolve(spread, at=offset(spread.at, spread.course, step), run_left=left,
                         met=spread.met | frozenset(met), runs=spread.runs + 1)
    return (moved if left > 0 else None), met


def end_on(spread: Spread, ship: Ship) -> bool:
    """Whether the spread meets her end on: her course within 30 degrees of its own or the reverse
    (she shows it her bow or stern, not her length)."""
    angle = abs(((spread.course - ship.course + 180) % 360) - 180)
    return angle < 30 or angle > 150


def modifiers(spread: Spread, ship: Ship) -> tuple[Modifier, ...]:
    return (Modifier("torpedoes in the spread", spread.count),
            Modifier("fan spread", -2 if spread.kind == "fan" else 0),
            Modifier("met end on", -2 if end_on(spread, ship) else 0))


def strike(state: GameState) -> Resolution:
    """Every running spread runs with the ships that just moved; hits land at once (6.2):
    300 points and 4 knots each, and a ship sunk by them goes down before the fire phase."""
    board = state.board
    roller = Roller(state.dice, state.turn, TABLES)
    ships = {s.name: s for s in board.ships}
    running, events, hits = [], [], []
    for spread in board.spreads:
        moved, met = run(spread, tuple(ships.values()))
        for name in met:
            roll = roller.roll(f"torpedo/{spread.ship}/{spread.bank}/{name}", "torpedo", count=2,
                               modifiers=modifiers(spread, ships[name]), read=read_torpedo)
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

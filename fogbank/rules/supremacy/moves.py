"""Move orders in the game's notation, the limits they must meet, and their execution.

A move is written like "A10 L6": legs in inches (multiples of a quarter inch), each a turn to port
(L or P) or starboard (R or S), straight ahead (A, or a bare number) or backwards (B); "Sh" after a
turn uses the sharp circle; "CS" (chasing splash) or "LS" (lay smoke) anywhere in the move applies
to all of it. Lengths are kept in quarter inches; speed in knots is twice the inches a turn.
"""

from __future__ import annotations

import re

import attrs

from fogbank.rules.core import Refused
from fogbank.rules.core.copies import evolve

from . import geometry
from .geometry import Point
from .ships import Ship, ShipClass, top_speed

QUARTER = 25  # hundredths of an inch
TURNING_RADIUS = 400  # hundredths: the regular turning circle, a 4-inch radius (docs/decisions.md)
CHASE = 12  # quarter inches: chasing splash takes three inches off the move
SLOW = 10  # knots: at or below this a ship steers by her engines
_LEG = re.compile(r"(?P<kind>L|P|R|S|A|B)?(?P<inches>\d+(?:\.\d+)?)(?P<sharp>Sh)?")
_KINDS = {"P": "L", "S": "R", None: "A"}


@attrs.frozen
class Leg:
    kind: str  # L, R, A or B
    quarters: int
    sharp: bool = False

    def __str__(self) -> str:
        inches = f"{self.quarters / 4:g}"
        return f"{self.kind}{inches}{'Sh' if self.sharp else ''}"


@attrs.frozen
class Move:
    legs: tuple[Leg, ...]
    chase: bool = False
    smoke: bool = False

    @property
    def quarters(self) -> int:
        return sum(leg.quarters for leg in self.legs)

    @property
    def backwards(self) -> bool:
        return any(leg.kind == "B" for leg in self.legs)

    @property
    def turning(self) -> int:
        """Quarter inches of turning, however split up."""
        return sum(leg.quarters for leg in self.legs if leg.kind in "LR")

    @property
    def run(self) -> int:
        """Quarter inches the move counts against her speed (chasing splash counts its 3 inches)."""
        return self.quarters + (CHASE if self.chase else 0)

    @property
    def knots(self) -> int:
        """The speed the move makes for every other purpose, in whole knots."""
        return self.run // 2

    def __str__(self) -> str:
        words = [str(leg) for leg in self.legs] or ["A0"]
        return " ".join((["CS"] if self.chase else []) + (["LS"] if self.smoke else []) + words)


AHEAD = 3  # moves written at once at night, until contact


@attrs.frozen
class Ahead:
    """A night's moves written ahead until contact: this turn's first, then the next turns' in order."""

    moves: tuple[Move, ...]

    def written(self) -> list[str]:
        """The moves in the notation, a stop as "" (the notation has no zero-inch leg)."""
        return [str(m) if m.legs else "" for m in self.moves]

    def straight_on(self) -> "Ahead":
        """The first move, then straight on at her speed for the turns after (the standing order)."""
        first = self.moves[0]
        straight = Move((Leg("B" if first.backwards else "A", first.quarters),)) if first.legs else first
        return Ahead((first, *(straight,) * (AHEAD - 1)))


def parse_move(text: object) -> Move:
    if not isinstance(text, str) or len(text) > 200:
        raise Refused("bad_move", "A move is written like \"A10 L6\" (legs in inches, quarter inches at least).")
    legs, chase, smoke = [], False, False
    for word in text.split():
        if word == "CS":
            chase = True
            continue
        if word == "LS":
            smoke = True
            continue
        found = _LEG.fullmatch(word)
        if not found:
            raise Refused("bad_move", f"{word!r} is not a leg: write L, P, R, S, A or B and inches, e.g. L2.25.")
        hundredths = round(float(found["inches"]) * 100)
        if hundredths % QUARTER or hundredths == 0 or hundredths > 100 * 100:
            raise Refused("bad_move", f"{word!r}: legs are whole quarter inches, at least a quarter.")
        kind = _KINDS.get(found["kind"], found["kind"])
        if found["sharp"] and kind not in "LR":
            raise Refused("bad_move", f"{word!r}: only a turn can be sharp.")
        legs.append(Leg(kind, hundredths // QUARTER, bool(found["sharp"])))
    if chase and smoke:
        raise Refused("chase_and_smoke", "A ship chasing splash cannot lay smoke.")
    return Move(tuple(legs), chase, smoke)


def speed_limits(ship: Ship, cls: ShipClass, turn: int, backwards: bool) -> tuple[int, int]:
    """The least and most knots the ship may make this turn (acceleration and deceleration)."""
    top = top_speed(ship, cls)
    for effect, until in ship.effects.items():
        if effect.startswith("cap") and until >= turn:
            top = min(top, int(effect[3:]))
    accel, decel = cls.acceleration, cls.speed // 2
    if backwards:
        top, accel = top // 2, accel // 2
    if ship.on_course:
        # 1.3e: the part of the turn spent on course cuts both in proportion; the turn is the
        # quarter inches her present speed runs, or her acceleration's if that is more (a ship
        # dead in the water still gathers way).
        run = max(ship.speed, cls.acceleration) * 2
        free = max(0, run - ship.on_course)
        accel, decel = accel * free // run, decel * free // run
    least = max(0, ship.speed - decel)
    return min(least, top), min(top, ship.speed + accel)


def problems(move: Move, ship: Ship, cls: ShipClass, turn: int) -> list[Refused]:
    """Every rule the move breaks, from what the ship's own captain knows."""
    found = []
    if move.backwards and any(leg.kind != "B" for leg in move.legs):
        found.append(Refused("mixed_backwards", "Backwards movement cannot be combined with forward movement."))
    if move.legs and move.backwards != ship.backwards and ship.speed > 0:
        found.append(Refused("not_stopped", "Come to a dead stop the turn before changing between ahead and astern."))
    if any(leg.sharp for leg in move.legs):
        found.append(Refused("no_sharp_turn", f"{cls.title} has no sharp turning circle."))
    if move.chase and (move.backwards or ship.rudder != "working" or top_speed(ship, cls) < 25):
        found.append(Refused("cannot_chase", "Chasing splash needs a working rudder and 25 knots or more."))
    if move.smoke and ship.smoke_used >= cls.smoke:
        found.append(Refused("no_smoke", f"{cls.title} has used her {cls.smoke} turns of smoke."))
    least, most = speed_limits(ship, cls, turn, move.backwards)
    # Compared in quarter inches (1.1): a quarter inch over her speed is over it.
    if move.run > most * 2:
        found.append(Refused("too_fast", f"At most {most} knots this turn ({most / 2:g} inches); "
                                         f"the move makes {move.run / 2:g}."))
    elif move.run < least * 2:
        found.append(Refused("too_slow", f"At least {least} knots this turn: a ship sheds half her top speed a turn at most."))
    slow = move.run <= SLOW * 2
    if not slow and ship.rudder == "lost" and move.turning:
        found.append(Refused("no_rudder", "With no rudder the ship cannot turn above 10 knots."))
    if not slow and ship.rudder == "damaged" and move.turning > 4:
        found.append(Refused("rudder_damaged", "With a damaged rudder the ship turns at most 1 inch a turn."))
    if not slow and jammed(move, ship, turn):
        found.append(Refused("rudder_jammed", "The rudder is jammed hard over: turn at least 1 inch."))
    straight = 0
    for leg in move.legs:
        if straight >= ship.on_course:
            break
        if leg.kind in "LR" and not slow:
            found.append(Refused("on_course", f"The ship must run straight for {ship.on_course / 4:g} inches first."))
            break
        straight += leg.quarters
    return found


def carried_out(move: Move, ship: Ship, cls: ShipClass, turn: int) -> tuple[Move, list[str]]:
    """The written move adjusted to meet the rules (4.4): undone and redone, never made another."""
    notes = []
    legs = list(move.legs)
    chase, smoke = move.chase, move.smoke
    if any(leg.sharp for leg in legs):
        legs = [evolve(leg, sharp=False) for leg in legs]
        notes.append("sharp turns were made on the regular circle")
    if move.backwards and (ship.speed > 0 and not ship.backwards or any(leg.kind != "B" for leg in legs)):
        legs = [evolve(leg, kind="A") if leg.kind == "B" else leg for leg in legs]
        notes.append("the ship could not go astern without stopping first, so she went ahead")
    elif not move.backwards and ship.backwards and ship.speed > 0:
        legs = []
        notes.append("the ship could not go ahead without stopping first, so she stopped")
    if chase and (ship.rudder != "working" or top_speed(ship, cls) < 25
                  or speed_limits(ship, cls, turn, False)[1] * 2 < CHASE):
        chase = False
        notes.append("she could not chase splash")
    if smoke and ship.smoke_used >= cls.smoke:
        smoke = False
        notes.append("she had no smoke left")
    adjusted = Move(tuple(legs), chase, smoke)
    least, most = speed_limits(ship, cls, turn, adjusted.backwards)
    slow = max(least * 2, min(most * 2, adjusted.run)) <= SLOW * 2  # judged at the speed she will make
    if not slow and (ship.rudder == "lost" or ship.on_course):
        legs = [evolve(leg, kind="A") if leg.kind in "LR" else leg for leg in legs]
        notes.append("she could not turn, so the turns were run straight")
    elif not slow and ship.rudder == "damaged":
        legs, left = _limit_turning(legs, 4)
        if left:
            notes.append("turning was cut to the 1 inch a damaged rudder allows")
    adjusted = Move(tuple(legs), chase, smoke)
    extra = CHASE if chase else 0
    if adjusted.run > most * 2:
        adjusted = Move(_cut(legs, most * 2 - extra), chase, smoke)
        notes.append(f"she could make only {most} knots, so the move was cut short at {most / 2:g} inches")
    elif adjusted.run < least * 2:
        short = least * 2 - extra - adjusted.quarters
        kind = "B" if adjusted.backwards else "A"
        adjusted = Move((*legs, Leg(kind, short)), chase, smoke)
        notes.append(f"she could not lose way so fast, so she ran on {short / 4:g} inches")
    if not slow and jammed(adjusted, ship, turn):
        # Hard over to starboard: a turn written to port cannot be made (it is run straight), and
        # the starboard turn already written counts towards the inch, so a damaged rudder's inch
        # is never exceeded.
        legs = [evolve(leg, kind="A") if leg.kind == "L" else leg for leg in adjusted.legs]
        owed = 4 - sum(leg.quarters for leg in legs if leg.kind == "R")
        adjusted = Move(tuple(_force_turn(legs, owed, ship.on_course)), chase, smoke)
        notes.append("her rudder is jammed hard over, so she turned 1 inch to starboard")
    return adjusted, notes


def jammed(move: Move, ship: Ship, turn: int) -> bool:
    """Whether a rudder jammed hard over is not obeyed: at least 1 inch of turn, once any
    straight run "on course" is done (on course holds first; a move too short for both is free)."""
    room = move.quarters - ship.on_course >= 4 and not move.backwards and ship.rudder != "lost"  # no rudder, no jam
    return ship.lasting("hard_over", turn) and room and move.turning < 4


def _force_turn(legs: list[Leg], quarters: int, skip: int) -> list[Leg]:
    """The legs with `quarters` after the first `skip` run as a starboard turn (a jammed rudder)."""
    out, owed = [], quarters
    for leg in legs:
        keep = min(skip, leg.quarters)
        skip -= keep
        take = min(owed, leg.quarters - keep) if leg.kind == "A" else 0
        if keep and take:
            out.append(evolve(leg, quarters=keep))
        if take:
            out.append(Leg("R", take))
            owed -= take
        rest = leg.quarters - take - (keep if take else 0)
        if rest:
            out.append(evolve(leg, quarters=rest))
    return out


def turning_before(move: Move, quarters: int) -> tuple[int, int]:
    """The turning done in the first `quarters` of a move: quarter inches of turn, and the net
    degrees turned (starboard +)."""
    done, degrees = 0, 0
    for leg in move.legs:
        part = min(leg.quarters, max(0, quarters))
        quarters -= leg.quarters
        if leg.kind in "LR" and part:
            done += part
            degrees += geometry.arc_degrees(part * QUARTER, TURNING_RADIUS) * (1 if leg.kind == "R" else -1)
    return done, degrees


def quarters_of_turn(degrees: int) -> int:
    """The quarter inches of turning circle that turn a ship `degrees` (pi as 355/113)."""
    return (abs(degrees) * 355 * TURNING_RADIUS * 2 + 113 * 180 * QUARTER) // (2 * 113 * 180 * QUARTER)


def _cut(legs: list[Leg], quarters: int) -> tuple[Leg, ...]:
    kept = []
    for leg in legs:
        if quarters <= 0:
            break
        kept.append(evolve(leg, quarters=min(leg.quarters, quarters)))
        quarters -= leg.quarters
    return tuple(kept)


def _limit_turning(legs: list[Leg], allowed: int) -> tuple[list[Leg], bool]:
    out, cut = [], False
    for leg in legs:
        if leg.kind in "LR":
            turn = min(leg.quarters, allowed)
            allowed -= turn
            if turn:
                out.append(evolve(leg, quarters=turn))
            if leg.quarters > turn:
                out.append(Leg("A", leg.quarters - turn))
                cut = True
        else:
            out.append(leg)
    return out, cut


def execute(move: Move, ship: Ship) -> tuple[Point, int, tuple[Point, ...]]:
    """Where the ship ends (tenths), her course, and the path her funnel ran (tenths)."""
    at = geometry.hundredths(ship.at)
    course = ship.course
    path = [at]
    for leg in move.legs:
        length = leg.quarters * QUARTER
        if leg.kind in "AB":
            at = geometry.offset(at, course if leg.kind == "A" else course + 180, length)
            path.append(at)
            continue
        right = leg.kind == "R"
        degrees = geometry.arc_degrees(length, TURNING_RADIUS)
        start = at
        for step in [*range(15, degrees, 15), degrees]:  # chords every 15 degrees, for smoke and torpedoes
            path.append(geometry.turn_point(start, course, TURNING_RADIUS, step, right))
        at = path[-1]
        course = (course + (degrees if right else -degrees)) % 360
    return geometry.tenths(at), course, tuple(geometry.tenths(p) for p in path)

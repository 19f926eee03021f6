"""A battle played out by the revised tactical sequence of play, for both sides, from their
fleets' tactics: no player is asked anything between impulses.

Every roll is keyed by the battle, the round, the segment and its subject, so what one ship
rolls never shifts another's dice.
"""

from __future__ import annotations

from typing import Mapping

import attrs
from fogbank.rules.core import Roller
from fogbank.rules.core.copies import evolve

from ..board import Board, Fleet, Ship
from ..scenario import SPEEDS, Scenario
from .areas import (
    COLUMNS, OUTGUNNED, STAND_MISSIONS, TORPEDO_CRAFT, Area, Group, Tactics, Unit, distance, form_groups,
    max_visibility, setup_areas, step,
)
from .combat import combat
from .events import random_event

ALL = frozenset(SPEEDS)
FAST, FASTEST, NOT_SLOW = frozenset({"2", "2+"}), frozenset({"2+"}), frozenset({"1", "2", "2+"})
# The revised tactical sequence: (segment number, what, whose move, which speeds move).
SEQUENCE = (
    (2, "move", "init", ALL), (3, "combat", None, None),
    (4, "move", "other", FAST), (5, "move", "init", FAST), (6, "combat", None, None),
    (7, "move", "other", ALL), (8, "move", "init", ALL), (9, "combat", None, None),
    (10, "move", "other", FASTEST), (11, "move", "init", FASTEST), (12, "combat", None, None),
    (13, "move", "other", NOT_SLOW), (14, "move", "init", NOT_SLOW), (15, "combat", None, None),
)
EVENT_BEFORE = frozenset({2, 4, 7, 10, 13})  # (RE) on the sequence of play
ROUNDS = {True: 4, False: 2}  # most rounds a battle lasts, by day and by night (designed)


@attrs.frozen
class Outcome:
    ships: dict[str, Ship]  # every ship after the battle
    sunk: tuple[str, ...]
    stood: bool  # the non-initiative side stood and the other did not close: its mission goes on
    log: tuple[str, ...]  # what happened (the umpire's record, in words)
    initiative: str = ""
    broke_off: str | None = None  # the side that broke off (the other may pursue)
    leaders_lost: tuple[str, ...] = ()  # fleets whose admiral was killed
    seen: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)  # side -> enemy ships it saw
    steps: tuple[dict, ...] = ()  # the battle, segment by segment (tactical.report reads it)
    kept_off: tuple[str, ...] = ()  # sides that backed away from an enemy in sight


class Battle:
    """The battle's truth while it is fought; `play` runs it to its end."""

    def __init__(self, board: Board, scenario: Scenario, roller: Roller, zone: str, fleets: dict[str, list[Fleet]],
                 day: bool, key: str, pursuit: bool, initiative: str):
        self.board, self.s, self.roller, self.zone = board, scenario, roller, zone
        self.day, self.key, self.pursuit = day, key, pursuit
        self.fleets = fleets
        self.sides = sorted(fleets)
        self.init = initiative
        self.other = next(s for s in self.sides if s != initiative)
        self.units: dict[str, Unit] = {}
        for side in self.sides:
            for f in fleets[side]:
                for n in f.ships:
                    ship = board.ships[n]
                    self.units[n] = Unit(n, side, f.id, scenario.ships[n], ship.hits, ship.speed_lost, ship.fire_control,
                                         guns_lost=ship.guns_lost)
        self.start = {n: (u.hits, u.speed_lost, u.fire_control, u.guns_lost) for n, u in self.units.items()}
        self.hull0 = {s: self.hull_left(s) for s in self.sides}
        self.flagships = {s: {f.ships[0]: f.id for f in fleets[s] if f.leader and f.ships} for s in self.sides}
        self.leaders_lost: list[str] = []
        self.groups: list[Group] = []
        self.home: dict[str, Area] = {}
        for side in self.sides:
            tactics = {f.id: Tactics.of_fleet(f) for f in fleets[side]}
            areas = setup_areas(day, side == self.init, len(fleets[side]))
            self.home[side] = areas[0]
            squadrons = bool(scenario.sides[side].get("squadron_leaders"))
            in_area: dict[Area, list[Unit]] = {}
            for f, area in zip(sorted(fleets[side], key=lambda f: f.id), areas):
                in_area.setdefault(area, []).extend(self.units[n] for n in f.ships if self.units[n].present)
            for area, units in in_area.items():  # rule 6: one group per type in an area
                self.groups.extend(form_groups(side, area, units, tactics, squadrons, self.flagships[side]))
        self.visibility = max_visibility(day)
        port = scenario.zones[zone]
        self.battery = Battery(port.side, self.home[port.side], board.batteries.get(zone, 0), port.name) \
            if port.base and port.side in self.sides else None
        self.round = 0
        self.segment = 0
        self.broke: str | None = None
        self.escapes = 0  # successful break-off rolls
        self.fired = {s: False for s in self.sides}
        self.standing = self._stand()
        self.surprises = 0
        self.smoked = False
        self.effects = Effects()
        self.seen: dict[str, set[str]] = {s: set() for s in self.sides}
        self.kept_off: set[str] = set()  # sides that backed away from an enemy in sight
        self.scored: dict[str, dict[str, int]] = {s: {} for s in self.sides}
        self.steps: list[dict] = []
        self.lines: list[dict] = []
        self.log: list[str] = []

    # -- what the battle looks like ---------------------------------------------------------

    def enemy(self, side: str) -> str:
        return self.other if side == self.init else self.init

    def title(self, side: str) -> str:
        """A side as the battle's lines name it (the scenario's title: "the Central Powers")."""
        return self.s.sides[side].get("title", side)

    def present(self, group: Group) -> list[str]:
        return [n for n in group.ships if self.units[n].present]

    def live_groups(self, side: str | None = None) -> list[Group]:
        return [g for g in self.groups if (side is None or g.side == side) and self.present(g)]

    def face_up(self, group: Group) -> bool:
        """Rule 8: within the current visibility of an enemy group."""
        return any(distance(group.area, e.area) <= self.visibility for e in self.live_groups(self.enemy(group.side)))

    def in_sight(self, side: str) -> list[Group]:
        return [e for e in self.live_groups(self.enemy(side)) if self.face_up(e)]

    def group_of(self, name: str) -> Group:
        return next(g for g in self.groups if name in g.ships)

    def hull_left(self, side: str) -> int:
        return sum(u.cls.hull - u.hits for u in self.units.values() if u.side == side and u.present)

    def leader(self, side: str) -> bool:
        return any(self.units[n].present for n in self.flagships[side])

    def say(self, text: str, *sides: str) -> None:
        """A line of the battle's story, told to `sides` (every side when none is named)."""
        self.lines.append({"text": text, "sides": list(sides or self.sides)})
        self.log.append(f"r{self.round}/{self.segment}: {text}")

    def k(self, what: str) -> str:
        return f"{self.key}/r{self.round}/s{self.segment}/{what}"

    def snapshot(self, what: str, mover: str | None = None) -> None:
        up = [g.id for g in self.live_groups() if self.face_up(g)]
        for g in self.live_groups():
            if g.id in up:
                self.seen[self.enemy(g.side)].update(self.present(g))
        self.steps.append({
            "round": self.round, "segment": self.segment, "what": what, "mover": mover, "visibility": self.visibility,
            "groups": [{"id": g.id, "side": g.side, "kind": g.kind, "area": list(g.area), "ships": self.present(g),
                        "smoke": g.smoke, "leader": g.leader} for g in self.live_groups()],
            "face_up": up,
            "ships": {n: {"hits": u.hits, "hull": u.cls.hull, "speed": u.speed, "guns": list(u.guns), "sunk": u.sunk,
                          "off": u.off, "kind": u.cls.kind, "side": u.side} for n, u in self.units.items()},
            "scored": {s: dict(v) for s, v in self.scored.items()},
            "lines": self.lines,
        })
        self.lines = []

    # -- the battle -------------------------------------------------------------------------

    def _stand(self) -> str | None:
        """Rule 7: the non-initiative side stands when all its fleets would (stand posture, on a
        mission that allows it: bombard, lay mines, refuel, escort, or a two-zone move)."""
        fleets = self.fleets[self.other]
        if all(Tactics.of_fleet(f).posture == "stand"
               and (f.mission in STAND_MISSIONS or f.mission == "escort" or len(f.path) == 2) for f in fleets):
            return self.other
        return None

    def play(self) -> Outcome:
        self.snapshot("set-up")
        self.say(f"{self.title(self.init)} has the initiative" + (" in pursuit" if self.pursuit else ""))
        if self.standing:
            self.say(f"{self.title(self.standing)} stands to carry out its mission")
        stood = False
        for number in range(1, ROUNDS[self.day] + 1):
            self.round = number
            if self._round():
                break
            if self.standing and not self.fired[self.init]:
                self.say(f"{self.title(self.init)} did not close: the battle ends and {self.title(self.standing)}'s mission goes on")
                stood = True
                break
            if not any(self.face_up(g) for g in self.live_groups()):
                self.say("no ship is in sight of the enemy: the battle ends")
                break
        else:
            self.say("the light fails: the battle ends")
        self.segment = 16
        self.snapshot("end of battle")
        return self._outcome(stood)

    def _round(self) -> bool:
        """One round of the sequence; True when the battle is over (rule 17)."""
        for number, what, whose, speeds in SEQUENCE:
            self.segment = number
            if number in EVENT_BEFORE:
                random_event(self)
            if what == "move":
                side = self.init if whose == "init" else self.other
                self._move(side, speeds, first=self.round == 1 and number == 2)
                self.snapshot(f"{self.title(side)} moves" + ("" if speeds == ALL else " (" + ", ".join(sorted(speeds)) + ")"))
            else:
                combat(self)
                self.snapshot("combat")
                if any(not any(u.present for u in self.units.values() if u.side == s) for s in self.sides):
                    gone = next(s for s in self.sides if not any(u.present for u in self.units.values() if u.side == s))
                    self.say(f"no ship of {self.title(gone)} is left on the board: the battle ends")
                    return True
        return False

    # -- movement ---------------------------------------------------------------------------

    def _move(self, side: str, speeds: frozenset[str], first: bool) -> None:
        declared = not first and self.broke is None and self.round > 1 and self._consider_break_off(side)
        faster = False
        if self.broke == side and not declared:  # rule 16's die: from the segment after the declaration
            faster = self.escapes >= 2 or self._run_for_it(side)
        if side in self.effects.confused:
            self.say(f"confusion: no ship of {self.title(side)} moves", side)
            return
        seen = self.in_sight(side)
        for g in sorted(self.live_groups(side), key=lambda g: g.id):
            if g.id in self.effects.held or g.id in self.effects.dashed:
                continue
            speed = min((self.units[n].speed for n in self.present(g)), key=SPEEDS.index)
            if faster:
                speed = SPEEDS[min(len(SPEEDS) - 1, SPEEDS.index(speed) + 1)]
            if speed not in speeds:
                continue
            to = self._where(g, seen, first)
            if to != g.area:
                g.area = to
                if not 0 <= to[0] < COLUMNS:
                    for n in self.present(g):
                        self.units[n].off = True
                    self.say(f"{', '.join(g.ships)} leave the battle", side)
            if g.tactics.smoke and self.present(g):
                g.smoke = self.smoked = True
                self.say(f"{g.ships[0]}'s group lays smoke", side)

    def _run_for_it(self, side: str) -> bool:
        if self.roller.roll(self.k(f"break-off/{side}"), "break-off").outcome != "yes":
            return False
        self.escapes += 1
        self.say(f"{self.title(side)} runs for it: its ships move one speed faster", side)
        return True

    def _where(self, g: Group, seen: list[Group], first: bool) -> Area:
        """A group's move by its fleet's tactics; a side steers by the enemy it sees, and with
        none in sight towards where the enemy set up."""
        enemy = self.enemy(g.side)
        near = min(seen, key=lambda e: (distance(g.area, e.area), e.id), default=None)
        goal = near.area if near else self.home[enemy]
        gap = distance(g.area, goal)
        if self.broke == g.side:
            return step(g.area, goal, away=True, may_leave=not first)
        if g.tactics.posture == "stand" or self.standing == g.side:
            return g.area
        if g.tactics.posture == "keep_off":  # out of sight and further; off the board if it must
            to = step(g.area, goal, away=True, may_leave=bool(near) and not first)
            if to != g.area and near:
                self.kept_off.add(g.side)
            return to
        torpedo = g.kind in TORPEDO_CRAFT and g.tactics.torpedoes and any(not self.units[n].torpedo_fired for n in self.present(g))
        return step(g.area, goal, away=False, may_leave=False) if gap > (0 if torpedo else 1) else g.area

    def _consider_break_off(self, side: str) -> bool:
        """Rule 16: from round 2, at the start of its movement segment, a side may break off; it
        does when its hull left is at or below the most cautious share its fleets' tactics give
        (1: at the first chance), or, for a fleet told to break off when outgunned, when the enemy
        it sees has more gun factors than it has left."""
        tactics = [Tactics.of_fleet(f) for f in self.fleets[side]]
        shares = [t.break_off for t in tactics if t.break_off != OUTGUNNED]
        hurt = bool(shares) and self.hull_left(side) <= max(shares) * self.hull0[side]
        if not hurt and not (OUTGUNNED in (t.break_off for t in tactics) and self._outgunned(side)):
            return False
        self.broke = side
        self.say(f"{self.title(side)} breaks off: its fire is halved and every ship runs at its own speed")
        split = []
        for g in self.groups:  # group restrictions no longer apply: each ship on its own
            if g.side == side and len(g.ships) > 1:
                split.extend(evolve(g, id=f"{side}:{n}", ships=[n], leader=None) for n in g.ships)
            else:
                split.append(g)
        self.groups = split
        return True

    def _outgunned(self, side: str) -> bool:
        """The enemy ships in sight have more gun factors (primary counted twice) than the side's
        ships on the board, or it has lost half its hull."""
        def weight(names):
            return sum(2 * self.units[n].guns[0] + self.units[n].guns[1] + self.units[n].guns[2] for n in names)
        theirs = weight(n for e in self.in_sight(side) for n in self.present(e))
        ours = weight(n for g in self.live_groups(side) for n in self.present(g))
        return theirs > ours or self.hull_left(side) * 2 <= self.hull0[side]

    # -- the result -------------------------------------------------------------------------

    def _outcome(self, stood: bool) -> Outcome:
        ships = dict(self.board.ships)
        for n, u in self.units.items():
            before = ships[n]
            hurt = (u.hits, u.speed_lost, u.fire_control, u.guns_lost) != self.start[n]
            ships[n] = evolve(before, hits=u.hits, speed_lost=u.speed_lost, fire_control=u.fire_control, guns_lost=u.guns_lost,
                                    damaged_turn=self.roller.turn if hurt else before.damaged_turn)
        sunk = tuple(n for n, u in self.units.items() if u.sunk and self.start[n][0] < u.cls.hull)
        fled = [s for s in self.sides if any(u.off for u in self.units.values() if u.side == s)
                and not any(u.present for u in self.units.values() if u.side == s)]
        return Outcome(  # a side that left the board whole, broken off or keeping off, may be pursued
            ships=ships, sunk=sunk, stood=stood, log=tuple(self.log), initiative=self.init,
            broke_off=self.broke or (fled[0] if fled else None),
            leaders_lost=tuple(self._leader_fleets()), seen={s: tuple(sorted(v)) for s, v in self.seen.items()},
            steps=tuple(self.steps), kept_off=tuple(sorted(self.kept_off)),
        )

    def _leader_fleets(self) -> list[str]:
        return [f.id for s in self.sides for f in self.fleets[s] if f.leader and f.ships and f.ships[0] in self.leaders_lost]


@attrs.frozen
class Battery:
    """Advanced strategic rule 10: a port's shore batteries, primary guns in one of its side's
    set-up areas; they fire at the enemy in sight and reach, and no ship's gun can silence them."""

    side: str
    area: Area
    guns: int
    port: str

    @property
    def name(self) -> str:
        return f"the shore batteries of {self.port}"


@attrs.define
class Effects:
    """What the last random event left in force for the segments after it."""

    confused: set[str] = attrs.field(factory=set)  # sides that may not move in the coming moves
    troubled: set[str] = attrs.field(factory=set)  # sides with fire control difficulties next combat
    shielded: str | None = None
    held: set[str] = attrs.field(factory=set)  # groups that may not move (targets of a torpedo attack)
    dashed: dict[str, str] = attrs.field(factory=dict)  # torpedo attackers' group -> target group
    friendly: str | None = None  # the side whose ships fire on each other (mass confusion)
    slow: set[str] = attrs.field(factory=set)  # slow ships not yet closed (rule 18)

    def after_combat(self) -> None:
        self.troubled, self.shielded, self.friendly, self.slow = set(), None, None, set()


def fight(board: Board, scenario: Scenario, roller: Roller, zone: str, fleets: dict[str, list[Fleet]],
          day: bool, key: str, *, pursuit: bool = False, initiative: str | None = None) -> Outcome:
    """The battle in `zone` between `fleets` (side -> fleets), keyed `key` for its dice."""
    init = initiative or _initiative(fleets, roller, key)
    return Battle(board, scenario, roller, zone, fleets, day, key, pursuit, init).play()


def _initiative(fleets: dict[str, list[Fleet]], roller: Roller, key: str) -> str:
    """Tactical rule 4, fleet by fleet: a side all of whose fleets are bound to bombard, lay
    mines or refuel is the non-initiative side (one such fleet beside free ones does not cost
    the side the initiative); then intercepting fleets take it; then a die each (a leader +1,
    ties to the second side by name)."""
    sides = sorted(fleets)
    tied = [s for s in sides if all(f.mission in STAND_MISSIONS and not f.returning for f in fleets[s])]
    if len(tied) == 1:
        return next(s for s in sides if s not in tied)
    hunting = [s for s in sides if any(f.mission == "intercept" for f in fleets[s])]
    if len(hunting) == 1:
        return hunting[0]
    a, b = (roller.roll(f"{key}/initiative/{s}", "initiative").total + (1 if any(f.leader for f in fleets[s]) else 0) for s in sides)
    return sides[0] if a > b else sides[1]

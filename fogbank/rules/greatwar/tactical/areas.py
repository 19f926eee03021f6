"""The battle board: a grid of areas, the ships and groups on it, their tactics and their moves.

Ranges are counted in areas, a diagonal step being one area (so a range is the larger of the
column and row differences). The non-initiative side sets up on the west, the initiative side
on the east; a ship leaves the battle off either short edge (the long ones are the coast and
the open sea beyond the fight, designed).
"""

from __future__ import annotations

from typing import Iterable, Mapping

import attrs
from fogbank.rules.core.copies import evolve

from ..scenario import SPEEDS, TORPEDO_CRAFT, ShipClass, guns_left

COLUMNS, ROWS = 11, 3
SETUP_RANGE = {True: 4, False: 2}  # by day, by night (areas between the two sides at set-up)
POSTURES = ("close", "stand", "keep_off")
TARGETS = ("biggest", "nearest", "small")
STAND_MISSIONS = frozenset({"bombard", "lay mines", "refuel"})
OUTGUNNED = "outgunned"  # a break-off tactic: when the enemy in sight outguns the side

Area = tuple[int, int]  # column, row


def distance(a: Area, b: Area) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def max_visibility(day: bool) -> int:
    """Tactical rule 8: one less than the set-up range."""
    return SETUP_RANGE[day] - 1


@attrs.frozen
class Tactics:
    """A fleet's standing instructions for a battle (the order's optional `tactics`)."""

    posture: str = "close"  # close | stand | keep_off
    smoke: bool = False  # lay smoke after each move
    break_off: float | str = 0.5  # break off at or below this share of the side's hull (1: at once), or "outgunned"
    torpedoes: bool = True  # torpedo craft attack when they can
    target: str = "biggest"  # biggest | nearest | small

    @classmethod
    def of(cls, mission: str, given: Mapping[str, object] | None, returning: bool = False) -> "Tactics":
        """The fleet's tactics: what its order gave, the rest the default for its mission. A
        fleet the rules steer home has no mission left to stand to: it keeps off instead."""
        default = cls(posture="stand" if mission in STAND_MISSIONS else "keep_off" if mission == "transport" else "close",
                      smoke=mission == "transport")
        tactics = evolve(default, **dict(given or {}))
        return evolve(tactics, posture="keep_off") if returning and tactics.posture == "stand" else tactics

    @classmethod
    def of_fleet(cls, fleet) -> "Tactics":
        return cls.of(fleet.mission, fleet.tactics, fleet.returning)


@attrs.define
class Unit:
    """A ship in the battle: its class, its damage so far, and where it stands in the battle."""

    name: str
    side: str
    fleet: str
    cls: ShipClass
    hits: int = 0
    speed_lost: int = 0
    fire_control: bool = False
    torpedo_fired: bool = False
    off: bool = False  # left the board
    guns_lost: tuple[int, int, int] = (0, 0, 0)  # gun factors knocked out (before and in this battle)

    @property
    def guns(self) -> tuple[int, int, int]:
        """The gun factors still firing: the class's, less the gun hits taken."""
        return guns_left(self.cls.guns, self.guns_lost)

    @property
    def sunk(self) -> bool:
        return self.hits >= self.cls.hull

    @property
    def present(self) -> bool:
        return not self.sunk and not self.off

    @property
    def speed(self) -> str:
        return SPEEDS[max(0, SPEEDS.index(self.cls.speed) - self.speed_lost)]

    @property
    def light(self) -> bool:
        """Tactical rule 13: a ship without guns (tertiary 0)."""
        return self.cls.guns[2] == 0


@attrs.define
class Group:
    """Ships of one type in one area (tactical rule 6), fixed at set-up; `leader` is a Russian
    squadron leader (rule 5)."""

    id: str
    side: str
    kind: str
    ships: list[str]
    area: Area
    tactics: Tactics
    leader: str | None = None
    smoke: bool = False  # declared smoke after its last move


def group_type(kind: str) -> str:
    """Rule 6: a DL counts as a DD; a battlecruiser is grouped as a battleship (designed)."""
    return {"DL": "DD", "BC": "BB"}.get(kind, kind)


def form_groups(side: str, area: Area, units: list[Unit], tactics: Mapping[str, Tactics], squadrons: bool,
                flagships: Iterable[str]) -> list[Group]:
    """Rule 6 at set-up: one group per type in the area; a lone BB or B joins the other Bs/BBs.
    Rule 5: a side with squadron leaders names one in a group of several Bs/BBs, the admiral's
    flagship if it is there, else the first ship."""
    by_type: dict[str, list[Unit]] = {}
    for u in units:
        by_type.setdefault(group_type(u.cls.kind), []).append(u)
    big = [t for t in ("BB", "B") if t in by_type]
    if len(big) == 2 and min(len(by_type["BB"]), len(by_type["B"])) == 1:
        lone, other = ("BB", "B") if len(by_type["BB"]) == 1 else ("B", "BB")
        by_type[other] = by_type[other] + by_type.pop(lone)
    flags = set(flagships)
    groups = []
    for kind, members in by_type.items():
        names = [u.name for u in members]
        leader = None
        if squadrons and kind in ("BB", "B") and len(names) > 1:
            leader = next((n for n in names if n in flags), names[0])
        groups.append(Group(id=f"{side}:{names[0]}", side=side, kind=kind, ships=names, area=area,
                            tactics=tactics[members[0].fleet], leader=leader))
    return groups


def setup_areas(day: bool, initiative: bool, fleets: int) -> list[Area]:
    """Where a side's fleets set up: its column, rows from the middle out, one fleet an area."""
    middle = COLUMNS // 2
    half = SETUP_RANGE[day] // 2
    column = middle + half if initiative else middle - half
    rows = [1, 0, 2]
    return [(column, rows[i % len(rows)]) for i in range(fleets)]


def step(here: Area, goal: Area, away: bool, may_leave: bool = False) -> Area:
    """One area's move towards `goal` (or away from it); off the board, by a short edge, only
    when it `may_leave`. Ties go to staying in the row, then to the lower column and row."""
    options = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            c, r = here[0] + dc, here[1] + dr
            if (dc, dr) == (0, 0) or not 0 <= r < ROWS:
                continue
            if not 0 <= c < COLUMNS and not may_leave:
                continue
            options.append((c, r))
    if not options:
        return here

    def rank(area: Area):
        d = distance(area, goal)
        off = not 0 <= area[0] < COLUMNS
        return (-d if away else d, 0 if off and away else 1, abs(area[1] - here[1]), area)

    best = min(options, key=rank)
    if not away and distance(best, goal) >= distance(here, goal):
        return here
    return best

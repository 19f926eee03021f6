"""Ship data (the stat sheets, loaded once) and each ship's state in a game.

Armour and penetration are kept in hundredths of an inch, speeds in knots, moves in quarter
inches, positions in tenths of an inch: whole numbers throughout.
"""

from __future__ import annotations

from typing import Mapping

import attrs

from .geometry import Point, offset

MAINS, SECONDARIES = "mains", "secondaries"


@attrs.frozen
class Gun:
    name: str  # "11in", "8in", "6in", "4in"
    title: str
    points: int
    belt: tuple[int, ...]  # hundredths of an inch, by range heading
    deck: tuple[int, ...]

    @property
    def columns(self) -> int:
        """How many range headings the gun reaches (its longest range is the last)."""
        return len(self.belt)


@attrs.frozen
class Mount:
    """A main turret, or one side's secondaries: what ammunition is counted by."""

    name: str
    battery: str  # MAINS or SECONDARIES
    group: str  # the fire group it fires with: fore, aft, port, starboard
    gun: str
    guns: int
    salvos: int
    arc: tuple[int, int]


@attrs.frozen
class Bank:
    name: str
    arc: tuple[int, int]


@attrs.frozen
class Torpedo:
    speed: int  # knots
    run: int  # inches, the longest run
    banks: int
    tubes: int


@attrs.frozen
class ShipClass:
    name: str
    title: str
    type: str  # CA, CL ...
    belt: int
    deck: int
    turret: int
    points: int
    speed: int
    acceleration: int
    size: int
    smoke: int
    engine_rooms: tuple[int, ...]  # percent of speed each lost room takes, in the order they go
    length: int  # tenths of an inch, the model
    funnel: int  # tenths from the bow
    torpedo: Torpedo
    mounts: tuple[Mount, ...]
    banks: tuple[Bank, ...]

    def mount(self, name: str) -> Mount:
        return next(m for m in self.mounts if m.name == name)

    def groups(self) -> dict[str, tuple[Mount, ...]]:
        groups: dict[str, tuple[Mount, ...]] = {}
        for mount in self.mounts:
            groups[mount.group] = (*groups.get(mount.group, ()), mount)
        return groups


@attrs.frozen
class Ship:
    """One ship's truth. Counts of turns ("until") are the last turn an effect lasts."""

    name: str
    cls: str
    side: str
    title: str
    at: Point  # front funnel, tenths of an inch
    course: int
    speed: int  # knots made last turn (chasing splash counts its 3 inches)
    backwards: bool = False
    damage: int = 0  # points
    turn_damage: int = 0  # points taken this turn (overwhelming damage)
    knots_lost: int = 0
    rooms_lost: int = 0
    used: Mapping[str, int] = attrs.field(factory=dict)  # mount -> quarter salvos fired
    mounts_out: frozenset[str] = frozenset()  # turrets knocked out or jammed
    secondaries_out: Mapping[str, int] = attrs.field(factory=dict)  # mount -> guns knocked out
    banks_out: frozenset[str] = frozenset()
    torpedoes_fired: frozenset[str] = frozenset()  # banks emptied (never told to the enemy)
    smoke_used: int = 0
    effects: Mapping[str, int] = attrs.field(factory=dict)  # effect -> last turn it lasts
    levels: Mapping[str, int] = attrs.field(factory=dict)  # battery -> levels down for good
    rudder: str = "working"  # working, damaged (1 inch a turn), lost
    on_course: int = 0  # quarter inches still to run straight
    fires: Mapping[str, int] = attrs.field(factory=dict)  # fire -> points it does on a 5 or 6
    flooding: int = 0  # knots lost each turn on a 5 or 6 until a 1 (bulkheads)
    sinking: bool = False  # loses 5 knots a turn until dead in the water
    locked: Mapping[str, frozenset[str]] = attrs.field(factory=dict)  # battery -> targets fired at last turn
    turned: int = 0  # quarter inches turned in the last move
    chased: bool = False  # chased splash successfully in the last move
    chasing: bool = False  # tried to chase splash in the last move: no gunfire this turn
    aground: bool = False  # on the shoals (2.10): stopped until a roll gets her off
    sunk: bool = False
    started_at: Point = (0, 0)  # where the last move began (smoke, torpedo checks)
    path: tuple[Point, ...] = ()  # the last move's path, tenths

    def model(self, cls: ShipClass) -> tuple[Point, Point]:
        """The model's bow and stern, for blocking: any part of a model blocks."""
        return offset(self.at, self.course, cls.funnel), offset(self.at, self.course + 180, cls.length - cls.funnel)

    def lasting(self, effect: str, turn: int) -> bool:
        return self.effects.get(effect, 0) >= turn


def top_speed(ship: Ship, cls: ShipClass) -> int:
    """The knots the ship can now make: class speed less engine rooms and knots lost."""
    if ship.sunk:
        return 0
    lost_percent = sum(cls.engine_rooms[: ship.rooms_lost]) if ship.rooms_lost <= len(cls.engine_rooms) else 100
    speed = cls.speed * max(0, 100 - lost_percent) // 100 - ship.knots_lost
    return max(0, speed)


def silenced(ship: Ship, battery: str, turn: int) -> str | None:
    """Why the battery may not fire this turn (4.2), or None."""
    if ship.sunk:
        return "the ship is sunk"
    if ship.chasing:
        return "a ship chasing splash may not fire her guns"
    if ship.aground:
        return "a ship aground may not fire her guns"
    if ship.lasting("cease", turn):
        return "all guns are silent from damage"
    if battery == MAINS and ship.lasting("silent", turn):
        return "the mains are silent from damage"
    if battery == SECONDARIES and (ship.lasting("sectorp", turn) or ship.lasting("secall", turn)):
        return "the secondaries are out from damage"
    return None

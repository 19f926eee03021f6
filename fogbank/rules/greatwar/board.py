"""The truth of a game (ships, fleets, minefields, ports) and what each seat has been told."""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from fogbank.rules.core import Plot
from fogbank.rules.core.copies import evolve

from .scenario import SPEEDS, Scenario, ShipClass, gun_mended, guns_left


@attrs.frozen
class Ship:
    name: str
    side: str
    hits: int = 0  # hull boxes lost
    speed_lost: int = 0  # levels of speed lost (condenser trouble, damage)
    fuel_used: int = 0
    damaged_turn: int = 0  # the turn it last took damage (damage control is for last turn's)
    repair: str | None = None  # port repair at a major port: "box" or "speed", as its owner last said
    fire_control: bool = False  # a fire-control hit (tactical rule 14): for the rest of the game
    guns_lost: tuple[int, int, int] = (0, 0, 0)  # gun factors knocked out: primary, secondary, tertiary
    mines_laid: bool = False  # a minelayer's mines are spent once laid

    def sunk(self, cls: ShipClass) -> bool:
        return self.hits >= cls.hull

    def guns(self, cls: ShipClass) -> tuple[int, int, int]:
        return guns_left(cls.guns, self.guns_lost)

    @property
    def boxes_lost(self) -> int:
        """Hull boxes and gun boxes: what damage control and port repair mend, a box at a time."""
        return self.hits + sum(self.guns_lost)

    def mended(self) -> Ship:
        """One box repaired: the hull first, then the biggest guns knocked out."""
        if self.hits:
            return evolve(self, hits=self.hits - 1)
        return evolve(self, guns_lost=gun_mended(self.guns_lost)[0])

    def speed(self, cls: ShipClass) -> str:
        return SPEEDS[max(0, SPEEDS.index(cls.speed) - self.speed_lost)]


@attrs.frozen
class Fleet:
    id: str
    name: str
    side: str
    seat: str
    zone: str
    mission: str
    ships: tuple[str, ...]
    leader: bool = False
    path: tuple[str, ...] = ()  # this turn's plotted zones (0, 1 or 2)
    ahead: tuple[tuple[str, ...], ...] = ()  # later turns' plots, when an event demands them
    must_plot: int = 1  # turns it must plot this orders phase (3 after an erroneous report)
    held: bool = False  # Danger Ahead!: it may not move this turn
    returning: bool = False  # aborted, or a ship sent home: the rules steer it to port
    zones_since_fuel: int = 0
    moved_two: bool = False  # last turn it moved 2 zones
    loaded: bool = True  # a transport's cargo aboard
    reveal: str | None = None  # "neutral" or "aerial": its plot is told to the enemy this move
    passed: tuple[str, ...] = ()  # the zones it was in this move, step by step
    tactics: Mapping[str, object] | None = None  # how its admiral fights a battle (orders.parse_tactics)
    escorting: str | None = None  # the fleet it escorts, whose plot it sails (an escort mission)
    mines_at: str | None = None  # the zone its minelayers are to lay their fields in


@attrs.frozen
class Report:
    """One thing a seat was told about an enemy fleet (or a zone), and when."""

    turn: int
    phase: str
    source: str  # contact, aerial, neutral, raider, bombardment, battle, umpire
    zone: str
    track: int | None = None
    ships: tuple[str, ...] | None = None  # the fleet's contents, when they were seen
    next_zone: str | None = None  # the zone it is plotted to move into, when revealed
    text: str = ""


@attrs.frozen
class Note:
    """News of the seat's own side (an event, a repair, a loss), and when it came."""

    turn: int
    phase: str
    text: str
    fleet: str | None = None


@attrs.frozen
class Intel:
    """A seat's picture of the enemy: tracks (core plot, zone positions) and dated reports; and
    the news of its own side it was told."""

    plot: Plot
    reports: tuple[Report, ...] = ()
    minefields: Mapping[str, str] = attrs.field(factory=dict)  # enemy zone -> the variant's words
    news: tuple[Note, ...] = ()
    battles: tuple[Mapping[str, object], ...] = ()  # the seat's battle reports (tactical.report)


@attrs.frozen
class Pending:
    """A choice a strategic event gives the struck side, made in its orders (This Just In,
    Situation Clarifies): the fleets it may name, by id; the first is the rules' choice if none is."""

    event: str
    side: str
    fleets: tuple[str, ...]


@attrs.frozen
class Board:
    ships: Mapping[str, Ship]
    fleets: tuple[Fleet, ...]
    minefields: Mapping[tuple[str, str], int]  # (zone, side) -> fields
    batteries: Mapping[str, int]  # port zone -> primary guns
    points: Mapping[str, int]  # side -> victory points
    tracked: Mapping[str, Mapping[str, int]] = attrs.field(factory=dict)  # seat -> fleet id -> track
    event: str = ""  # this turn's strategic random event, for the umpire
    pending: Pending | None = None  # the struck side's choice, open until its orders are resolved
    aimed: Mapping[str, str] = attrs.field(factory=dict)  # base -> enemy fleet its seaplanes seek this turn
    chosen: tuple[str, ...] = ()  # what the seats chose in this turn's orders, for the umpire
    battles: tuple[Mapping[str, object], ...] = ()  # this turn's battles, whole, for the umpire
    bombarded: tuple[str, ...] = ()  # enemy bases bombarded for points (each scores once)
    waiting: Any = None  # the contact phase held for battles fought elsewhere (`handoff.Waiting`)

    def fleet(self, fleet_id: str) -> Fleet | None:
        return next((f for f in self.fleets if f.id == fleet_id), None)

    def afloat(self, fleet: Fleet, scenario: Scenario) -> list[str]:
        return [n for n in fleet.ships if not self.ships[n].sunk(scenario.ships[n])]


def zones_per_turn(board: Board, fleet: Fleet, scenario: Scenario) -> int:
    """Zones the fleet may move this turn: 2 if every ship makes speed 2 or better, else 1."""
    slow = min((SPEEDS.index(board.ships[n].speed(scenario.ships[n])) for n in fleet.ships), default=3)
    return 2 if slow >= SPEEDS.index("2") else 1


def fuel_left(board: Board, fleet: Fleet, scenario: Scenario) -> int:
    return min((scenario.ships[n].fuel - board.ships[n].fuel_used for n in fleet.ships), default=0)


def reach(board: Board, fleet: Fleet, scenario: Scenario) -> int:
    """Zones the fleet may sail this turn: its speed's, or 1 with a ship out of fuel."""
    return zones_per_turn(board, fleet, scenario) if fuel_left(board, fleet, scenario) > 0 else 1


def density(fields: int) -> str:
    """Seed 004, advanced strategic rule 7: a minefield told in words, never its count."""
    if fields <= 2:
        return "lightly mined"
    if fields <= 4:
        return "moderately mined"
    if fields <= 6:
        return "heavily mined"
    return "very heavily mined"

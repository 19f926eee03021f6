"""The zone map and the scenario, read once from the TOML beside this module by the core's
scenario reader (an unknown or misspelt key is refused).

This is the one module of the ruleset that reads files, and only its own package data.
"""

from __future__ import annotations

import collections
import functools
from importlib import resources
from typing import Any, Literal, Mapping

import attrs

from fogbank.rules.core import Seat, scenarios

SPEEDS = ("1s", "1", "2", "2+")  # slowest first
SMALL = frozenset({"DD", "GB", "ML", "AP"})  # "small targets" for primary guns, and light ships
TORPEDO_CRAFT = frozenset({"DD", "DL", "TB"})  # the ships that make torpedo attacks in a battle
MISSIONS = ("raid", "intercept", "bombard", "lay mines", "transport", "escort", "refuel")


@attrs.frozen
class Zone:
    id: str
    name: str
    kind: str  # sea or coastal
    adjacent: tuple[str, ...]
    base: str | None = None  # major or minor
    side: str | None = None  # whose base
    aircraft: bool = False  # seaplanes or an airship stationed at the base
    x: int = 0
    y: int = 0


Guns = tuple[int, int, int]  # gun factors or gun boxes lost: primary, secondary, tertiary


def guns_left(guns: Guns, lost: Guns) -> Guns:
    """A ship's gun factors (primary, secondary, tertiary) after the gun hits it has taken."""
    return (max(0, guns[0] - lost[0]), max(0, guns[1] - lost[1]), max(0, guns[2] - lost[2]))


def gun_knocked_out(lost: Guns, gun: int) -> Guns:
    """Gun boxes lost, with one more of `gun` (0 primary, 1 secondary, 2 tertiary)."""
    return (lost[0] + (gun == 0), lost[1] + (gun == 1), lost[2] + (gun == 2))


def gun_mended(lost: Guns) -> tuple[Guns, int]:
    """Gun boxes lost with one mended, the biggest guns first, and which gun it was."""
    gun = next(i for i, n in enumerate(lost) if n)
    return (lost[0] - (gun == 0), lost[1] - (gun == 1), lost[2] - (gun == 2)), gun


@attrs.frozen
class ShipClass:
    name: str
    kind: str
    guns: tuple[int, int, int]  # primary, secondary, tertiary
    hull: int
    speed: str
    fuel: int
    mines: int = 0
    torpedoes: int = 0  # torpedo factor: dice in its one attack a battle (torpedo craft only)


@attrs.frozen
class FleetStart:
    id: str
    name: str
    seat: str
    zone: str
    mission: str
    ships: tuple[str, ...]
    leader: bool = False


@attrs.frozen
class Scenario:
    id: str
    title: str
    briefing: str
    year: int
    turns: int
    straits: tuple[str, ...]
    sides: dict
    seats: tuple[tuple[str, str, str], ...]  # name, side, title
    zones: dict[str, Zone]
    ships: dict[str, ShipClass]
    fleets: tuple[FleetStart, ...]
    minefields: tuple[tuple[str, str, int], ...]  # zone, side, fields
    battles: tuple[str, ...] = ("board",)  # where its battles may be fought: the board, or handed to a hex game

    def side_of(self, seat: str) -> str:
        return next(side for name, side, _ in self.seats if name == seat)

    def enemy(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    @functools.cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """Zones moved through between any two zones (breadth first over adjacency)."""
        table = {}
        for start in self.zones:
            seen = {start: 0}
            queue = collections.deque([start])
            while queue:
                here = queue.popleft()
                for there in self.zones[here].adjacent:
                    if there not in seen:
                        seen[there] = seen[here] + 1
                        queue.append(there)
            table[start] = seen
        return table

    def bases(self, side: str) -> list[Zone]:
        return [z for z in self.zones.values() if z.base and z.side == side]

    def near_base(self, zone: str, side: str) -> bool:
        """Within 2 zones of `side`'s major base or 1 of its minor base (the variant's reach)."""
        return any(self.distances[zone][b.id] <= (2 if b.base == "major" else 1) for b in self.bases(side))


# The file as written: a key each field, a default where it may be left out (core/scenarios.py
# refuses any other key). docs/scenarios.md is the designer's guide to them.

ZoneFile = scenarios.setting(Zone, "ZoneFile", leave_out={"id"}, written={
    "kind": Literal["sea", "coastal"], "base": Literal["major", "minor"] | None})


@attrs.frozen(kw_only=True)
class SideFile:
    """A side's ports, shipping and limits (the missions and random events read them). Its seats'
    charts carry the keys given, in this order."""

    title: str  # as a player reads it
    home: str  # its fleet's home base
    deliver: str | None = None  # where colliers unload
    load: str | None = None  # where colliers load
    squadron_leaders: bool | None = None  # tactical rule 5: a group of Bs fires at its leader's target
    shipping: tuple[str, ...] | None = None  # the zones its merchant shipping sails (an enemy raider's prey)
    traffic: int | None = None  # a raider finds a steamer on this die or better by day (4 if none)
    barred: tuple[str, ...] | None = None  # zones its fleets may not enter


@attrs.frozen(kw_only=True)
class ShipFile:
    kind: str  # BB, B, BC, CA, CL, DD, TB, GB, ML, AP ...
    guns: tuple[int, int, int]  # gun factors: primary, secondary, tertiary
    hull: int
    speed: Literal["1s", "1", "2", "2+"]
    fuel: int
    mines: int = 0
    torpedoes: int | None = None  # torpedo factor (default 1 for torpedo craft, else 0)


@attrs.frozen(kw_only=True)
class MinefieldFile:
    zone: str
    side: str  # whose fields
    fields: int


@attrs.frozen(kw_only=True)
class ScenarioFile:
    id: str
    title: str
    briefing: str
    year: int
    turns: int
    battles: tuple[Literal["board", "hex"], ...] = ("board",)
    straits: tuple[str, ...]
    sides: Mapping[str, SideFile]
    seats: tuple[Seat, ...]
    zones: Mapping[str, ZoneFile]  # type: ignore[valid-type]
    ships: Mapping[str, ShipFile]
    fleets: tuple[FleetStart, ...]
    minefields: tuple[MinefieldFile, ...] = ()


def scenario_ids() -> tuple[str, ...]:
    names = (p.name for p in resources.files(__package__).joinpath("scenarios").iterdir())
    return tuple(sorted(n.removesuffix(".toml") for n in names if n.endswith(".toml")))


@functools.cache
def load_scenario(scenario_id: str) -> Scenario:
    if scenario_id not in scenario_ids():
        raise LookupError(f"no scenario called {scenario_id!r}")
    text = resources.files(__package__).joinpath(f"scenarios/{scenario_id}.toml").read_text()
    return read_scenario(text, f"greatwar/scenarios/{scenario_id}.toml")


def read_scenario(text: str, source: str) -> Scenario:
    data = scenarios.read(text, ScenarioFile, source)
    zones = {zid: Zone(id=zid, **scenarios.given(z)) for zid, z in data.zones.items()}
    for zone in zones.values():  # adjacency is both ways, or the map is wrong
        for other in zone.adjacent:
            if other not in zones or zone.id not in zones[other].adjacent:
                raise scenarios.problem(source, f"zones.{zone.id}", f"{other!r} is not adjacent back")
    seats = {seat.name: seat.side for seat in data.seats}
    for n, fleet in enumerate(data.fleets, 1):
        for key, value, known in (("seat", fleet.seat, seats), ("zone", fleet.zone, zones)):
            if value not in known:
                raise scenarios.problem(source, f"fleets[{n}].{key}", f"{value!r} is not the scenario's")
        for ship in fleet.ships:
            if ship not in data.ships:
                raise scenarios.problem(source, f"fleets[{n}]", f"ship {ship!r} is not one of [ships]")
        if fleet.mission not in MISSIONS:
            raise scenarios.problem(source, f"fleets[{n}].mission",
                                    f"{fleet.mission!r} is not one of {', '.join(MISSIONS)}")
    for n, seat in enumerate(data.seats, 1):
        if seat.side not in data.sides:
            raise scenarios.problem(source, f"seats[{n}].side", f"{seat.side!r} is not one of [sides]")
    for n, field in enumerate(data.minefields, 1):
        if field.zone not in zones or field.side not in data.sides:
            raise scenarios.problem(source, f"minefields[{n}]",
                                    f"zone {field.zone!r} or side {field.side!r} is not the scenario's")
    return Scenario(
        id=data.id, title=data.title, briefing=data.briefing, year=data.year, turns=data.turns,
        straits=data.straits, sides={name: _plain(side) for name, side in data.sides.items()},
        seats=tuple((s.name, s.side, s.title) for s in data.seats),
        zones=zones,
        ships={name: _ship(name, s) for name, s in data.ships.items()},
        fleets=data.fleets,
        minefields=tuple((m.zone, m.side, m.fields) for m in data.minefields),
        battles=data.battles,
    )


def _ship(name: str, s: ShipFile) -> ShipClass:
    torpedoes = (1 if s.kind in TORPEDO_CRAFT else 0) if s.torpedoes is None else s.torpedoes
    return ShipClass(name=name, kind=s.kind, guns=s.guns, hull=s.hull, speed=s.speed, fuel=s.fuel,
                     mines=s.mines, torpedoes=torpedoes)


def _plain(side: SideFile) -> dict[str, Any]:
    """A side as its seats' charts carry it: the keys the file gave, lists as lists."""
    return {key: list(value) if isinstance(value, tuple) else value
            for key, value in attrs.asdict(side, recurse=False).items() if value is not None}

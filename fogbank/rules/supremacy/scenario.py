"""Ship data, the hit table and the scenarios, read from the TOML files in scenarios/ (ships and
scenarios by the core's scenario reader: an unknown or misspelt key is refused).

This is the one module of the ruleset that reads files, and only its own package data, once.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Mapping

import attrs

from fogbank.rules.core import Refused, scenarios

from .geometry import NAUTICAL_MILE, Point, offset
from .moves import parse_move
from .ships import Bank, Gun, Mount, ShipClass, Torpedo


def hundredths(inches: float) -> int:
    return round(inches * 100)


@attrs.frozen
class HitTable:
    ranges: tuple[int, ...]  # inches
    close: int
    long: int
    percent: tuple[int, ...]
    guns: dict[str, Gun]


@attrs.frozen
class Placed:
    name: str
    cls: str
    side: str
    title: str
    at: Point
    course: int
    first_move: str


@attrs.frozen(kw_only=True)
class Side:
    title: str
    mission: str  # the side's briefing: what it must do, and how the game is won


@attrs.frozen
class Scenario:
    id: str
    title: str
    start: str
    turn_limit: int
    visibility: int  # inches
    night_visibility: int
    briefing: str
    sides: dict[str, Side]
    ships: tuple[Placed, ...]
    land: tuple[tuple[Point, ...], ...] = ()  # outlines in tenths, each closed; none at the River Plate


# The files as written: a key each field, a default where it may be left out (core/scenarios.py
# refuses any other key). docs/scenarios.md is the designer's guide to them.


@attrs.frozen(kw_only=True)
class ShipFile:
    name: str  # the ship's seat, with --option seats=ship
    class_: str  # a class of ships.toml
    side: str
    title: str
    at: tuple[float, float] | None = None  # inches east and north of the table's origin
    course: int | None = None  # degrees
    astern_of: str | None = None  # or in line ahead, five inches funnel to funnel behind this ship
    first_move: str


@attrs.frozen(kw_only=True)
class ScenarioFile:
    id: str
    title: str
    start: str  # "YYYY-MM-DDTHH:MM", the first turn's time
    turn_limit: int
    visibility: int  # inches
    night_visibility: int
    briefing: str
    sides: Mapping[str, Side]
    ships: tuple[ShipFile, ...]
    land: tuple[tuple[tuple[float, float], ...], ...] = ()  # outlines, each a list of [x, y] in inches


@attrs.frozen(kw_only=True)
class GunFile:
    title: str
    points: int


@attrs.frozen(kw_only=True)
class ClassFile:
    title: str
    type: str
    belt: float  # armour, inches
    deck: float
    turret: float
    points: int
    speed: int  # knots
    acceleration: int
    size: int
    smoke: int
    engine_rooms: tuple[int, ...]
    length: int  # tenths of an inch, the model
    funnel: int  # tenths from the bow
    torpedo: Torpedo
    mounts: tuple[Mount, ...]
    banks: tuple[Bank, ...]


@attrs.frozen(kw_only=True)
class ShipsFile:
    guns: Mapping[str, GunFile]
    classes: Mapping[str, ClassFile]


@functools.cache
def _read(*path: str) -> dict:
    return tomllib.loads(_shipped(path[-1].removesuffix(".toml")))


def _shipped(name: str) -> str:
    """The text of one of the ruleset's own files, `scenarios/NAME.toml`."""
    return resources.files(__package__).joinpath("scenarios", f"{name}.toml").read_text("utf-8")


def _source(name: str) -> str:
    return f"supremacy/scenarios/{name}.toml"


@functools.cache
def _ships() -> ShipsFile:
    return scenarios.read(_shipped("ships"), ShipsFile, _source("ships"))


@functools.cache
def hit_table() -> HitTable:
    data, ships = _read("scenarios", "hit_table.toml"), _ships()
    guns = {
        name: Gun(name, gun.title, gun.points, tuple(map(hundredths, data["guns"][name]["belt"])),
                  tuple(map(hundredths, data["guns"][name]["deck"])))
        for name, gun in ships.guns.items()
    }
    return HitTable(tuple(data["ranges"]), data["close"], data["long"], tuple(data["percent"]), guns)


@functools.cache
def ship_classes() -> dict[str, ShipClass]:
    return _classes(_ships())


def _classes(ships: ShipsFile) -> dict[str, ShipClass]:
    classes = {}
    for name, c in ships.classes.items():
        classes[name] = ShipClass(
            name=name, title=c.title, type=c.type, belt=hundredths(c.belt), deck=hundredths(c.deck),
            turret=hundredths(c.turret), points=c.points, speed=c.speed, acceleration=c.acceleration,
            size=c.size, smoke=c.smoke, engine_rooms=c.engine_rooms, length=c.length,
            funnel=c.funnel, torpedo=c.torpedo, mounts=c.mounts, banks=c.banks,
        )
    return classes


def scenario_ids() -> tuple[str, ...]:
    names = (p.name for p in resources.files(__package__).joinpath("scenarios").iterdir())
    ids = (n.removesuffix(".toml") for n in names if n.endswith(".toml"))
    return tuple(sorted(i for i in ids if "id" in _read("scenarios", f"{i}.toml")))  # data files have no id


@functools.cache
def load_scenario(scenario_id: str) -> Scenario:
    return read_scenario(_shipped(scenario_id), _source(scenario_id))


def check(text: str, source: str) -> Scenario | dict[str, ShipClass]:
    """A scenario, or the ship classes file, read as a game would read it."""
    if "id" not in scenarios.read(text, dict, source):  # ships.toml has no id
        return _classes(scenarios.read(text, ShipsFile, source))
    return read_scenario(text, source)


def read_scenario(text: str, source: str) -> Scenario:
    data = scenarios.read(text, ScenarioFile, source)
    classes = ship_classes()
    placed: dict[str, Placed] = {}
    for n, s in enumerate(data.ships, 1):
        where = f"ships[{n}]"
        if s.class_ not in classes:
            known = ", ".join(classes)
            raise scenarios.problem(source, where, f"no class {s.class_!r} in ships.toml ({known})")
        if s.side not in data.sides:
            known = ", ".join(data.sides)
            raise scenarios.problem(source, where, f"side {s.side!r} is not one of [sides] ({known})")
        if s.astern_of is not None:  # line ahead: five inches funnel to funnel behind the leader
            if s.astern_of not in placed:
                raise scenarios.problem(source, where, f"astern_of {s.astern_of!r}: no such ship before her")
            leader = placed[s.astern_of]
            at, course = offset(leader.at, leader.course + 180, 50), leader.course
        elif s.at is None or s.course is None:
            raise scenarios.problem(source, where, "give her `at` and `course`, or `astern_of` another ship")
        else:
            at, course = (tenths(s.at[0]), tenths(s.at[1])), s.course
        try:
            parse_move(s.first_move)
        except Refused as refused:
            raise scenarios.problem(source, f"{where}.first_move", refused.sentence) from None
        placed[s.name] = Placed(s.name, s.class_, s.side, s.title, at, course, s.first_move)
    return Scenario(
        id=data.id, title=data.title, start=data.start, turn_limit=data.turn_limit,
        visibility=data.visibility, night_visibility=data.night_visibility,
        briefing=" ".join(data.briefing.split()), sides=dict(data.sides), ships=tuple(placed.values()),
        land=tuple(tuple((tenths(x), tenths(y)) for x, y in outline) for outline in data.land),
    )


def tenths(inches: float) -> int:
    return round(inches * 10)


__all__ = ["HitTable", "Placed", "Scenario", "hit_table", "load_scenario", "scenario_ids", "ship_classes", "NAUTICAL_MILE"]

"""Ship data, the hit table and the scenarios, read from the TOML files in scenarios/.

This is the one module of the ruleset that reads files, and only its own package data, once.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources

import attrs

from .geometry import NAUTICAL_MILE, Point, offset
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


@attrs.frozen
class Scenario:
    id: str
    title: str
    start: str
    turn_limit: int
    visibility: int  # inches
    night_visibility: int
    briefing: str
    sides: dict[str, dict[str, str]]
    ships: tuple[Placed, ...]
    land: tuple[tuple[Point, ...], ...] = ()  # outlines in tenths, each closed; none at the River Plate


@functools.cache
def _read(*path: str) -> dict:
    return tomllib.loads(resources.files(__package__).joinpath(*path).read_text("utf-8"))


@functools.cache
def hit_table() -> HitTable:
    data, ships = _read("scenarios", "hit_table.toml"), _read("scenarios", "ships.toml")
    guns = {
        name: Gun(name, gun["title"], gun["points"], tuple(map(hundredths, data["guns"][name]["belt"])),
                  tuple(map(hundredths, data["guns"][name]["deck"])))
        for name, gun in ships["guns"].items()
    }
    return HitTable(tuple(data["ranges"]), data["close"], data["long"], tuple(data["percent"]), guns)


@functools.cache
def ship_classes() -> dict[str, ShipClass]:
    classes = {}
    for name, c in _read("scenarios", "ships.toml")["classes"].items():
        classes[name] = ShipClass(
            name=name, title=c["title"], type=c["type"], belt=hundredths(c["belt"]), deck=hundredths(c["deck"]),
            turret=hundredths(c["turret"]), points=c["points"], speed=c["speed"], acceleration=c["acceleration"],
            size=c["size"], smoke=c["smoke"], engine_rooms=tuple(c["engine_rooms"]), length=c["length"],
            funnel=c["funnel"], torpedo=Torpedo(**c["torpedo"]),
            mounts=tuple(Mount(**{**m, "arc": tuple(m["arc"])}) for m in c["mounts"]),
            banks=tuple(Bank(b["name"], tuple(b["arc"])) for b in c["banks"]),
        )
    return classes


def scenario_ids() -> tuple[str, ...]:
    names = (p.name for p in resources.files(__package__).joinpath("scenarios").iterdir())
    ids = (n.removesuffix(".toml") for n in names if n.endswith(".toml"))
    return tuple(sorted(i for i in ids if "id" in _read("scenarios", f"{i}.toml")))  # data files have no id


@functools.cache
def load_scenario(scenario_id: str) -> Scenario:
    data = _read("scenarios", f"{scenario_id}.toml")
    placed: dict[str, Placed] = {}
    for s in data["ships"]:
        if "astern_of" in s:  # line ahead: five inches funnel to funnel behind the leader
            leader = placed[s["astern_of"]]
            at, course = offset(leader.at, leader.course + 180, 50), leader.course
        else:
            at, course = (s["at"][0] * 10, s["at"][1] * 10), s["course"]
        placed[s["name"]] = Placed(s["name"], s["class"], s["side"], s["title"], at, course, s["first_move"])
    return Scenario(
        id=data["id"], title=data["title"], start=data["start"], turn_limit=data["turn_limit"],
        visibility=data["visibility"], night_visibility=data["night_visibility"],
        briefing=" ".join(data["briefing"].split()), sides=data["sides"], ships=tuple(placed.values()),
        land=tuple(tuple((x * 10, y * 10) for x, y in outline) for outline in data.get("land", [])),
    )


__all__ = ["HitTable", "Placed", "Scenario", "hit_table", "load_scenario", "scenario_ids", "ship_classes", "NAUTICAL_MILE"]

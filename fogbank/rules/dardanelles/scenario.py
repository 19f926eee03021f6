"""Scenarios as data: the map and each scenario are TOML files beside this module.

This is the one module of the ruleset that reads files, and only its own package data, once.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources

import attrs

from .chart import Chart, Course, Place, Square, parse_square
from .units import AIR_FULL, BATTERY_FULL, Boat, Level, Vessel, VesselType


@attrs.frozen(kw_only=True)
class Victory:
    sink: tuple[int, ...]  # vessel numbers to sink
    reach: str  # the zone to reach afterwards ("X" out of the strait, "M" the Sea of Marmara)


@attrs.frozen(kw_only=True)
class Scenario:
    id: str
    title: str
    briefing: str
    chart: Chart
    start: str  # local time of the first turn, "YYYY-MM-DDTHH:MM", on the hour
    turn_limit: int
    boat: Boat
    minefields: dict[Square, int]  # square -> rows of mines
    vessels: tuple[Vessel, ...]
    victory: Victory

    @property
    def start_hour(self) -> int:
        return int(self.start[11:13])


@functools.cache
def scenario_ids() -> tuple[str, ...]:
    names = (p.name for p in resources.files(__package__).joinpath("scenarios").iterdir())
    ids = (n.removesuffix(".toml") for n in names if n.endswith(".toml"))
    return tuple(sorted(i for i in ids if "map" in _read(i)))  # map files name no map


@functools.cache
def load_scenario(scenario_id: str) -> Scenario:
    data = _read(scenario_id)
    chart = load_chart(data["map"])
    boat = data["boat"]
    return Scenario(
        id=data["id"],
        title=data["title"],
        briefing=data["briefing"].strip(),
        chart=chart,
        start=data["start"],
        turn_limit=data["turn_limit"],
        boat=Boat(
            name=boat["name"],
            square=parse_square(boat["square"]),
            level=Level(boat.get("level", "surface")),
            air=boat.get("air", AIR_FULL),
            battery=boat.get("battery", BATTERY_FULL),
            tubes=boat["tubes"],
            loaded=boat["tubes"],
            spare=boat["spare_torpedoes"],
        ),
        minefields={parse_square(m["square"]): m["rows"] for m in data.get("minefields", [])},
        vessels=tuple(
            Vessel(
                number=v["number"],
                type=VesselType(v["type"]),
                name=v.get("name"),
                square=chart.numbered[v["number"]],
            )
            for v in data.get("vessels", [])
        ),
        victory=Victory(sink=tuple(data["victory"]["sink"]), reach=data["victory"]["reach"]),
    )


@functools.cache
def load_chart(map_id: str) -> Chart:
    data = _read(map_id)
    columns, rows = data["columns"], data["rows"]
    layers = {
        name: _drawing(data[name], columns, rows, name)
        for name in ("terrain", "tidal", "searchlight", "batteries", "zones", "numbered")
    }
    return Chart(
        name=data["name"],
        columns=columns,
        rows=rows,
        sea=frozenset(sq for sq, c in layers["terrain"].items() if c == "."),
        tide={sq: Course.from_numpad(c) for sq, c in layers["tidal"].items() if c in "12346789"},
        searchlight=frozenset(sq for sq, c in layers["searchlight"].items() if c == "S"),
        batteries=frozenset(sq for sq, c in layers["batteries"].items() if c == "B"),
        zones={sq: c for sq, c in layers["zones"].items() if c in "XM"},
        numbered={int(c): sq for sq, c in layers["numbered"].items() if c.isdigit()},
        places=tuple(
            Place(p["name"], parse_square(p["square"]), p.get("side", "water"))
            for p in data.get("places", [])
        ),
    )


@functools.cache
def _read(name: str) -> dict:
    text = resources.files(__package__).joinpath("scenarios", f"{name}.toml").read_text("utf-8")
    return tomllib.loads(text)


def _drawing(text: str, columns: int, rows: int, layer: str) -> dict[Square, str]:
    """A drawing's characters by square; its first line is the northern edge."""
    lines = text.rstrip("\n").split("\n")
    if len(lines) != rows or any(len(line) != columns for line in lines):
        raise ValueError(f"map layer {layer!r} is not {rows} lines of {columns} characters")
    return {(x, rows - 1 - i): c for i, line in enumerate(lines) for x, c in enumerate(line)}

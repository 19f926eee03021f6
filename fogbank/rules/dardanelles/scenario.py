"""Scenarios as data: the map and each scenario are TOML files beside this module, read into the
classes below by the core's scenario reader (an unknown or misspelt key is refused).

This is the one module of the ruleset that reads files, and only its own package data, once.
"""

from __future__ import annotations

import datetime
import functools
import tomllib
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Literal

import attrs

from fogbank.rules.core import scenarios
from fogbank.rules.core.copies import evolve

from .chart import Chart, Course, Place, Square, parse_square
from .units import AIR_FULL, BATTERY_FULL, Boat, Level, Vessel, VesselType


@attrs.frozen(kw_only=True)
class Grade:
    """One line of a scenario's table of results, read top down: the first that fits counts."""

    result: Literal["victory", "marginal victory", "draw", "marginal defeat", "defeat"]
    reason: str  # "{boat}" and "{sank}" are filled in
    targets: Literal["sunk", "afloat"] | None = None  # "sunk": every target sunk, "afloat": not all
    # home: afloat in the zone to reach
    boat: tuple[Literal["home", "afloat", "lost"], ...] = ("home", "afloat", "lost")
    sank: int = 0  # at least this many vessels sunk, targets or not


# For a scenario that gives no table: the mission done, time run out, or the boat lost.
PLAIN_GRADES = (
    Grade(result="victory", reason="{boat} did what was asked.", targets="sunk", boat=("home",)),
    Grade(result="draw", reason="The mission was not done.", boat=("home", "afloat")),
    Grade(result="defeat", reason="{boat} was lost."),
)


@attrs.frozen(kw_only=True)
class Victory:
    sink: tuple[int, ...]  # vessel numbers to sink
    reach: str  # the zone to reach afterwards ("X" out of the strait, "M" the Sea of Marmara)
    grades: tuple[Grade, ...] = PLAIN_GRADES
    # The last turn in which sinking a target counts (None: any turn); written in the scenario
    # as the hour it stops counting, `sink_before`.
    sink_by: int | None = None
    sink_before: str | None = None

    def grade(self, targets_sunk: bool, boat: str, sank: int) -> Grade:
        for grade in self.grades:
            if grade.targets is not None and (grade.targets == "sunk") != targets_sunk:
                continue
            if boat in grade.boat and sank >= grade.sank:
                return grade
        return self.grades[-1]


@attrs.frozen(kw_only=True)
class MineLines:
    """Mine lines laid across the strait: `count` lines, each in the row of one of `across`
    (drawn for every game), from shore to shore."""

    count: int
    across: tuple[Square, ...]


@attrs.frozen(kw_only=True)
class VesselPlace:
    """A numbered vessel and the squares it may lie in (drawn for every game; the first is where
    the historians put it)."""

    number: int
    type: VesselType
    name: str | None
    squares: tuple[Square, ...]

    def vessel(self, square: Square) -> Vessel:
        return Vessel(number=self.number, type=self.type, name=self.name, square=square)


@attrs.frozen(kw_only=True)
class Scenario:
    id: str
    title: str
    briefing: str
    chart: Chart
    start: str  # local time of the first turn, "YYYY-MM-DDTHH:MM", on the hour
    turn_limit: int
    boat: Boat
    minefields: dict[Square, int]  # square -> rows of mines, laid whatever the draw
    vessels: tuple[Vessel, ...]  # vessels placed whatever the draw
    victory: Victory
    mine_lines: tuple[MineLines, ...] = ()
    vessel_places: tuple[VesselPlace, ...] = ()
    intelligence: tuple[str, ...] = ()  # what the briefing says intelligence reported
    objectives: tuple[str, ...] = ()  # the places the orders send the boat to, by their chart names
    # The reaches the intelligence sentences describe, as rows of the chart (first and last, from
    # 1): "defended" (observers by day, searchlights by night) and "mined". What the player was
    # told, for the order pad's warnings: never the umpire's layers or the draw.
    reported: dict[str, tuple[int, int]] = attrs.field(factory=dict)

    @property
    def historical(self) -> tuple[dict[Square, int], tuple[Vessel, ...]]:
        """The mines and vessels as the historians place them: every line at its first row, every
        vessel in its first square."""
        mines = dict(self.minefields)
        for lines in self.mine_lines:
            for _ in range(lines.count):
                mines = lay_line(self.chart, mines, lines.across[0])
        vessels = (*self.vessels, *(place.vessel(place.squares[0]) for place in self.vessel_places))
        return mines, tuple(sorted(vessels, key=lambda v: v.number))

    @property
    def start_hour(self) -> int:
        return int(self.start[11:13])


def lay_line(chart: Chart, mines: dict[Square, int], square: Square, rows: int = 1) -> dict[Square, int]:
    """`mines` with a line laid (or lifted, for negative rows) across the strait through `square`."""
    laid = dict(mines)
    for crossing in chart.crossing(square):
        left = laid.get(crossing, 0) + rows
        if left > 0:
            laid[crossing] = left
        else:
            laid.pop(crossing, None)
    return laid


# The files as written: a key each field, a default where it may be left out (core/scenarios.py
# refuses any other key). docs/scenarios.md is the designer's guide to them.


@attrs.frozen(kw_only=True)
class BoatFile:
    name: str
    square: str  # where she starts, "D5"
    level: Level = Level.SURFACE
    tubes: int  # bow tubes, loaded at the start
    spare_torpedoes: int  # reloads carried
    air: int = AIR_FULL  # hours underwater
    battery: int = BATTERY_FULL  # squares of movement underwater


@attrs.frozen(kw_only=True)
class MinefieldFile:
    square: str
    rows: int  # rows of mines laid there


@attrs.frozen(kw_only=True)
class MineLinesFile:
    count: int
    across: tuple[str, ...]  # each line is drawn into the row of one of these squares


@attrs.frozen(kw_only=True)
class VesselFile:
    number: int
    type: VesselType
    name: str | None = None
    squares: tuple[str, ...]  # drawn for every game; the first is where the historians put her


@attrs.frozen(kw_only=True)
class VictoryFile:
    sink: tuple[int, ...]  # the vessels' numbers
    reach: Literal["X", "M"]  # out of the strait, or into the Sea of Marmara
    sink_before: str | None = None  # "YYYY-MM-DDTHH:MM": sinking a target counts only before it


@attrs.frozen(kw_only=True)
class ReportedFile:
    """The reaches the intelligence sentences describe, as rows of the chart (first, last)."""

    defended: tuple[int, ...] | None = None  # where observers (by day) and searchlights (by night) are
    mined: tuple[int, ...] | None = None


@attrs.frozen(kw_only=True)
class ScenarioFile:
    id: str
    title: str
    map: str  # the chart's file name, without .toml
    briefing: str
    start: str  # "YYYY-MM-DDTHH:MM", on the hour
    turn_limit: int
    objectives: tuple[str, ...] = ()
    intelligence: tuple[str, ...] = ()
    searchlight: str | None = None  # a drawing to replace the chart's layer of the same name
    batteries: str | None = None
    reported: ReportedFile = ReportedFile()
    boat: BoatFile
    minefields: tuple[MinefieldFile, ...] = ()
    mine_lines: tuple[MineLinesFile, ...] = ()
    vessels: tuple[VesselFile, ...] = ()
    victory: VictoryFile
    results: tuple[Grade, ...] = ()


@attrs.frozen(kw_only=True)
class PlaceFile:
    name: str
    square: str
    side: Literal["europe", "asia", "water"] = "water"
    landmark: bool = False


@attrs.frozen(kw_only=True)
class ChartFile:
    name: str
    columns: int
    rows: int
    terrain: str  # each layer a drawing, a character a square, its first line the northern edge
    tidal: str
    searchlight: str
    batteries: str
    zones: str
    places: tuple[PlaceFile, ...] = ()


@functools.cache
def scenario_ids() -> tuple[str, ...]:
    names = (p.name for p in resources.files(__package__).joinpath("scenarios").iterdir())
    ids = (n.removesuffix(".toml") for n in names if n.endswith(".toml"))
    return tuple(sorted(i for i in ids if "map" in tomllib.loads(_shipped(i))))  # map files name no map


@functools.cache
def load_scenario(scenario_id: str) -> Scenario:
    return read_scenario(_shipped(scenario_id), _source(scenario_id), load_chart)


def check(text: str, source: str, beside: Callable[[str], str | None]) -> Scenario | Chart:
    """A scenario or a chart file read as a game would read it, a chart it names from `beside`
    (the text of a file beside it, or None) before the ruleset's own."""
    if "map" not in scenarios.read(text, dict, source):  # a chart names no chart
        return read_chart(text, source)
    return read_scenario(text, source, scenarios.named_beside(beside, load_chart, read_chart))


def read_scenario(text: str, source: str, chart_named: Callable[[str], Chart]) -> Scenario:
    data = scenarios.read(text, ScenarioFile, source)
    try:
        return _scenario(data, chart_named)
    except scenarios.ScenarioError:
        raise
    except (ValueError, LookupError) as error:
        raise scenarios.problem(source, "", str(error.args[0] if error.args else error)) from None


def _scenario(data: ScenarioFile, chart_named: Callable[[str], Chart]) -> Scenario:
    chart = _layers(chart_named(data.map), data)
    boat = data.boat
    return Scenario(
        id=data.id,
        title=data.title,
        briefing=data.briefing.strip(),
        chart=chart,
        start=data.start,
        turn_limit=data.turn_limit,
        boat=Boat(
            name=boat.name,
            square=_sea_squares(chart, (boat.square,), "boat")[0],
            level=boat.level,
            air=boat.air,
            battery=boat.battery,
            tubes=boat.tubes,
            loaded=boat.tubes,
            spare=boat.spare_torpedoes,
        ),
        minefields={_sea_squares(chart, (m.square,), "minefield")[0]: m.rows for m in data.minefields},
        vessels=(),
        vessel_places=tuple(
            VesselPlace(
                number=v.number,
                type=v.type,
                name=v.name,
                squares=_sea_squares(chart, v.squares, f"vessel {v.number}"),
            )
            for v in data.vessels
        ),
        mine_lines=tuple(
            MineLines(count=m.count, across=_sea_squares(chart, m.across, "mine line"))
            for m in data.mine_lines
        ),
        intelligence=data.intelligence,
        objectives=data.objectives,
        reported=_reported(scenarios.given(data.reported), chart),
        victory=Victory(
            sink=data.victory.sink,
            reach=data.victory.reach,
            sink_before=data.victory.sink_before,
            sink_by=_turns_before(data.start, data.victory.sink_before),
            grades=data.results or PLAIN_GRADES,
        ),
    )


REPORTED = ("defended", "mined")


def _reported(data: Mapping[str, Sequence[int]], chart: Chart) -> dict[str, tuple[int, int]]:
    reported = {}
    for name, rows in data.items():
        if name not in REPORTED:
            raise ValueError(f"[reported] has no reach {name!r}; it takes {', '.join(REPORTED)}")
        if not (isinstance(rows, (list, tuple)) and len(rows) == 2 and 1 <= rows[0] <= rows[1] <= chart.rows):
            raise ValueError(f"[reported] {name} is a reach's first and last row, from 1 to {chart.rows}")
        reported[name] = (rows[0], rows[1])
    return reported


def _turns_before(start: str, before: str | None) -> int | None:
    """The number of whole hours from the start to `before`: the last turn that begins before it."""
    if before is None:
        return None
    gap = datetime.datetime.fromisoformat(before) - datetime.datetime.fromisoformat(start)
    hours = gap.total_seconds() / 3600
    if hours < 1 or hours != int(hours):
        raise ValueError(f"sink_before {before} must fall on the hour, after the start {start}")
    return int(hours)


def _layers(chart: Chart, data: ScenarioFile) -> Chart:
    """The map with the scenario's own defences: its searchlight area and battery ranges, where it
    draws them (the defences of December 1914 were not those of April 1915)."""
    changes = {}
    for layer, mark in (("searchlight", "S"), ("batteries", "B")):
        if getattr(data, layer) is not None:
            drawn = _drawing(getattr(data, layer), chart.columns, chart.rows, layer)
            changes[layer] = frozenset(sq for sq, c in drawn.items() if c == mark)
    return evolve(chart, **changes)


def _sea_squares(chart: Chart, names: tuple[str, ...], what: str) -> tuple[Square, ...]:
    squares = tuple(parse_square(name) for name in names)
    if not squares or any(sq not in chart.sea for sq in squares):
        raise ValueError(f"{what}: every square must be at sea ({', '.join(names)})")
    return squares


@functools.cache
def load_chart(map_id: str) -> Chart:
    return read_chart(_shipped(map_id), _source(map_id))


def read_chart(text: str, source: str) -> Chart:
    data = scenarios.read(text, ChartFile, source)
    try:
        return _chart(data)
    except ValueError as error:
        raise scenarios.problem(source, "", str(error)) from None


def _chart(data: ChartFile) -> Chart:
    columns, rows = data.columns, data.rows
    layers = {
        name: _drawing(getattr(data, name), columns, rows, name)
        for name in ("terrain", "tidal", "searchlight", "batteries", "zones")
    }
    return Chart(
        name=data.name,
        columns=columns,
        rows=rows,
        sea=frozenset(sq for sq, c in layers["terrain"].items() if c == "."),
        tide={sq: Course.from_numpad(c) for sq, c in layers["tidal"].items() if c in "12346789"},
        searchlight=frozenset(sq for sq, c in layers["searchlight"].items() if c == "S"),
        batteries=frozenset(sq for sq, c in layers["batteries"].items() if c == "B"),
        zones={sq: c for sq, c in layers["zones"].items() if c in "XM"},
        places=tuple(Place(p.name, parse_square(p.square), p.side, p.landmark) for p in data.places),
    )


def _shipped(name: str) -> str:
    """The text of one of the ruleset's own files, `scenarios/NAME.toml`."""
    return resources.files(__package__).joinpath("scenarios", f"{name}.toml").read_text("utf-8")


def _source(name: str) -> str:
    return f"dardanelles/scenarios/{name}.toml"


def _drawing(text: str, columns: int, rows: int, layer: str) -> dict[Square, str]:
    """A drawing's characters by square; its first line is the northern edge."""
    lines = text.rstrip("\n").split("\n")
    if len(lines) != rows or any(len(line) != columns for line in lines):
        raise ValueError(f"map layer {layer!r} is not {rows} lines of {columns} characters")
    return {(x, rows - 1 - i): c for i, line in enumerate(lines) for x, c in enumerate(line)}

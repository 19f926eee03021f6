"""Scenarios, maps and tables as data: TOML files in `scenarios/` beside this module.

This is the one module of the ruleset that reads files, and only its own package data, once.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any, Mapping

import attrs
from fogbank.rules.core.copies import evolve

from . import hexes
from .hexes import Hex
from .units import DUMMY, Unit

SEA, STRAITS, PARTIAL, LAND, MAJOR_FORT, MINOR_FORT = ".", ",", "~", "#", "M", "m"
WATER = frozenset(SEA + STRAITS + PARTIAL)  # a ship may enter these; a fort stands on the shore (land)


@attrs.frozen(kw_only=True, eq=False)
class Map:
    """A hex map: what each hex is, by hex; hexes off the drawing are off the map.

    Compared (and hashed) by identity: a map never changes once drawn, so what is worked out
    from it (land across a line of sight) is kept by map (`sensing.land_blocked`)."""

    name: str
    columns: int
    rows: int
    terrain: Mapping[Hex, str]
    places: tuple[Mapping[str, str], ...] = ()

    def on_map(self, h: Hex) -> bool:
        return h in self.terrain

    def water(self, h: Hex) -> bool:
        return self.terrain.get(h, LAND) in WATER

    def land(self, h: Hex) -> bool:
        """Land, a fort's shore hex among it: it blocks sight, and no ship enters it."""
        return self.terrain.get(h, LAND) not in WATER

    def straits(self, h: Hex) -> bool:
        """Inside the Dardanelles (or any inner water a scenario marks with ',' and '~')."""
        return self.terrain.get(h, LAND) in (STRAITS, PARTIAL)


@attrs.frozen(kw_only=True)
class SeatSpec:
    name: str
    side: str
    title: str
    mines: int = 0  # hexes this seat mines in secret before play


@attrs.frozen(kw_only=True)
class Bombardment:
    """A shore target off the map that one side came to shell (Cape Esperance: Henderson Field):
    each capital ship of `side` that ends a turn in `hexes`, having steamed at most `most_speed`
    hexes in it, and fit to fight by the victory's count of hits past repair, scores `points` for
    her side; ships of every other kind do not shell it."""

    target: str  # the name told: "Henderson Field"
    side: str
    hexes: frozenset[Hex]
    points: int
    most_speed: int = 2


@attrs.frozen(kw_only=True)
class Victory:
    kind: str  # "exit" or "points"
    side: str = ""  # the side that may steam off the map (for "exit", the side that must), through `hexes`
    hexes: tuple[Hex, ...] = ()
    ties: str = ""  # "points": the side that wins when the points are level (else a draw)
    ships: int = 0
    max_permanent_w: int = 1
    max_permanent_s: int = 1
    max_permanent_hits: int = 99  # W and S together past repair (Gallipoli: "one unrepairable W and S hit")
    turned_back: int = 0  # "exit": the side breaking through gives up once it has lost this many ships
    margin: int = 0  # points: the lead the side other than `ties` needs to win (below it, `ties` wins)
    any_edge: bool = False  # any ship may steam off any edge (a battle handed over: breaking off)
    bombardment: Bombardment | None = None  # "points": a side also scores by shelling a target off the map

    def counts(self, unit: Unit) -> bool:
        """Whether a ship off the map through the exit counts: no more W and S hits than allowed.
        Hits still fresh may yet be repaired this turn: only at its end are all that remain
        unrepairable, so the count is final then (a fresh hit counts against her until it is mended)."""
        return unit.w <= self.max_permanent_w and unit.s <= self.max_permanent_s and unit.w + unit.s <= self.max_permanent_hits


@attrs.frozen(kw_only=True)
class Scenario:
    id: str
    title: str
    briefing: str
    map: Map
    turns: int
    visibility: int  # the scenario's base visibility (set-up range), hexes
    night: bool
    wind: str  # the hexside the wind blows from
    fog: str  # default fog-of-war mode: "as_written" or "double_blind"
    random_events: bool
    heavy_seas: bool
    savo_impairment: bool
    zeppelins: bool  # the scenario may have zeppelins (Salvo II's variant; a game option, off unless chosen)
    zeppelins_default: bool
    forts_triple_in_hex: bool  # Gallipoli rule 1: a ship or fort firing into its own hex triples its attack
    cruising_speed: int  # hexes a turn a fleet steams at when it is not pressing (0: none given)
    disadvantaged: str  # the side that declares first in Phase One
    event_sides: tuple[str, str]  # d6 1-3, 4-6 on the random events' side roll
    dummies: tuple[str, ...]  # sides that may use dummies
    shared_plot: Mapping[str, bool]  # side -> whether its seats share one plot
    side_titles: Mapping[str, str]  # side -> its name as a player reads it ("us" is the United States)
    seats: tuple[SeatSpec, ...]
    units: tuple[Unit, ...]
    minefields: frozenset[Hex]
    minefield_density: str  # "", "moderate" or "heavy": how deep the printed fields are (a secret hex is light)
    zeppelin_hexes: tuple[Hex, ...]
    zeppelin_seat: str
    victory: Victory
    variants: Mapping[str, Any]
    # The `victory` option, where a scenario's conditions can be read more than one way: each
    # reading by name (the Victory fields it sets), the one played, and the option's words.
    victory_readings: Mapping[str, Mapping[str, Any]] = attrs.field(factory=dict)
    victory_reading: str = ""
    victory_help: str = ""

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.side for s in self.seats))

    def seat(self, name: str) -> SeatSpec | None:
        for seat in self.seats:  # a loop, not next() over a generator: asked for thousands of times a turn
            if seat.name == name:
                return seat
        return None


@functools.cache
def scenario_ids() -> tuple[str, ...]:
    names = (p.name for p in resources.files(__package__).joinpath("scenarios").iterdir())
    ids = (n.removesuffix(".toml") for n in names if n.endswith(".toml"))
    order = ("gallipoli", "cape_esperance", "dogger_bank")  # the way the scenarios are offered
    found = [i for i in ids if "map" in _read(i)]  # maps and tables name no map
    return tuple(sorted(found, key=lambda i: (order.index(i) if i in order else len(order), i)))


def for_game(scenario_id: str, options: Mapping[str, Any]) -> Scenario:
    """The scenario as a game's options have it: heavy seas, zeppelins, the victory reading."""
    s = load_scenario(scenario_id)
    return for_options(scenario_id, bool(options.get("heavy_seas", s.heavy_seas)),
                       bool(options.get("zeppelins", s.zeppelins_default)), options.get("victory", ""))


def for_options(scenario_id: str, heavy_seas: bool, zeppelins: bool | None = None,
                victory: str = "") -> Scenario:
    """The scenario as a game's options have it (heavy seas may be switched on or off, zeppelins
    where the scenario may have them, and its victory conditions read as `victory` names)."""
    built = _BUILT.get(scenario_id)  # never cached: the latest battle built under its id counts
    if built is not None:
        return built if built.heavy_seas == heavy_seas else evolve(built, heavy_seas=heavy_seas)
    return _file_for_options(scenario_id, heavy_seas, zeppelins, victory)


@functools.cache
def _file_for_options(scenario_id: str, heavy_seas: bool, zeppelins: bool | None, victory: str) -> Scenario:
    s = load_scenario(scenario_id)
    s = evolve(s, heavy_seas=heavy_seas,
               zeppelins=s.zeppelins if zeppelins is None else s.zeppelins and zeppelins)
    if victory and victory != s.victory_reading and victory in s.victory_readings:
        s = evolve(s, victory=evolve(s.victory, **s.victory_readings[victory]), victory_reading=victory)
    return s


def in_play(scenario: Scenario, options: Mapping[str, Any]) -> tuple[Unit, ...]:
    """The units that start, as the game's variant options choose: a variant's units come in when
    it is "add" or "replace", and those it replaces stay out when it is "replace"."""
    out: set[str] = set()
    for name, variant in scenario.variants.items():
        chosen = options.get(name, variant.get("default"))
        if chosen == "no":
            out |= set(variant.get("units", ()))
        elif chosen == "replace":
            out |= set(variant.get("replaces", ()))
    return tuple(u for u in scenario.units if u.id not in out)


@functools.cache
def load_tables() -> dict[str, Any]:
    return _read("tables")


_BUILT: dict[str, Scenario] = {}  # scenarios built from engagements, by their ids


def register_built(scenario: Scenario) -> None:
    """Keep a scenario built from an engagement (`engagement.py`), so hooks that get only the
    state's scenario id find it (its id comes from the game's seed: `engagement.scenario_id`)."""
    _BUILT[scenario.id] = scenario


def load_scenario(scenario_id: str) -> Scenario:
    built = _BUILT.get(scenario_id)
    return built if built is not None else _load_file(scenario_id)


@functools.cache
def _load_file(scenario_id: str) -> Scenario:
    data = _read(scenario_id)
    classes = data.get("classes", {})
    units = []
    for u in data["units"]:
        spec = {**classes.get(u.get("class", ""), {}), **{k: v for k, v in u.items() if k != "class"}}
        seat = spec.pop("seat")
        side = next(s["side"] for s in data["seats"] if s["name"] == seat)
        spec["hex"] = hexes.parse(spec["hex"])
        spec.setdefault("salvoes", 2 if spec.get("torpedoes") else 0)
        units.append(Unit(side=side, seat=seat, **spec))
    for n, d in enumerate(data.get("dummies", []), 1):
        side = next(s["side"] for s in data["seats"] if s["name"] == d["seat"])
        units.append(
            Unit(id=f"dummy-{side}-{n}", name="dummy", side=side, seat=d["seat"], kind=DUMMY, hex=hexes.parse(d["hex"]),
                 facing=d.get("facing", "A"), speed=d.get("speed", 0), max_speed=99, defence=1)
        )
    victory = data["victory"]
    readings, reading = _readings(scenario_id, victory.get("readings", {}))
    return Scenario(
        id=data["id"],
        title=data["title"],
        briefing=data["briefing"].strip(),
        map=load_map(data["map"]),
        turns=data["turns"],
        visibility=data["visibility"],
        night=data.get("night", False),
        wind=data.get("wind", "A"),
        fog=data.get("fog", "as_written"),
        random_events=data.get("random_events", False),
        heavy_seas=data.get("heavy_seas", False),
        savo_impairment=data.get("savo_impairment", False),
        zeppelins=data.get("zeppelins", False),
        zeppelins_default=data.get("zeppelins_default", False),
        forts_triple_in_hex=data.get("forts_triple_in_hex", False),
        cruising_speed=data.get("cruising_speed", 0),
        disadvantaged=data["disadvantaged"],
        event_sides=tuple(data.get("event_sides", [])) or tuple(dict.fromkeys(s["side"] for s in data["seats"])),
        dummies=tuple(data.get("dummy_sides", [])),
        shared_plot={side["name"]: side.get("shared_plot", True) for side in data["sides"]},
        side_titles={side["name"]: side.get("title", side["name"].title()) for side in data["sides"]},
        seats=tuple(SeatSpec(name=s["name"], side=s["side"], title=s["title"], mines=s.get("mines", 0)) for s in data["seats"]),
        units=tuple(units),
        minefields=frozenset(hexes.parse(h) for h in data.get("minefields", [])),
        minefield_density=data.get("minefield_density", ""),
        zeppelin_hexes=tuple(hexes.parse(h) for h in data.get("zeppelin_hexes", [])),
        zeppelin_seat=data.get("zeppelin_seat", ""),
        victory=evolve(Victory(
            kind=victory["kind"], side=victory.get("side", ""), ties=victory.get("ties", ""),
            hexes=tuple(hexes.parse(h) for h in victory.get("hexes", [])) + _edges(load_map(data["map"]), victory.get("edges", [])),
            ships=victory.get("ships", 0), max_permanent_w=victory.get("max_permanent_w", 1),
            max_permanent_s=victory.get("max_permanent_s", 1), max_permanent_hits=victory.get("max_permanent_hits", 99),
            turned_back=victory.get("turned_back", 0), margin=victory.get("margin", 0),
            bombardment=_bombardment(load_map(data["map"]), victory.get("bombardment")),
        ), **readings.get(reading, {})),
        variants=data.get("variants", {}),
        victory_readings=readings, victory_reading=reading,
        victory_help=victory.get("readings", {}).get("help", ""),
    )


READING_FIELDS = {"max_permanent_w", "max_permanent_s", "max_permanent_hits", "turned_back", "ships"}


def _readings(scenario_id: str, given: Mapping[str, Any]) -> tuple[dict[str, dict[str, Any]], str]:
    """The victory readings a scenario offers (name -> the Victory fields it sets), and its default.
    Every reading sets the same fields, so a reading chosen over the default leaves nothing of it."""
    choices = {name: dict(fields) for name, fields in given.get("choices", {}).items()}
    if not choices:
        return {}, ""
    keys = {frozenset(fields) for fields in choices.values()}
    if len(keys) != 1 or not next(iter(keys)) <= READING_FIELDS or given.get("default") not in choices:
        raise ValueError(f"scenario {scenario_id!r}: [victory.readings] must give a default among its "
                         f"choices, each setting the same fields of {sorted(READING_FIELDS)}")
    return choices, given["default"]


def _bombardment(drawn: Map, given: Mapping[str, Any] | None) -> Bombardment | None:
    if not given:
        return None
    return Bombardment(target=given["target"], side=given["side"], points=given["points"],
                       most_speed=given.get("most_speed", 2), hexes=frozenset(_edges(drawn, given["edges"])))


def _edges(drawn: Map, edges: list) -> tuple[Hex, ...]:
    """Stretches of the map's edge, each [edge, first, last]: "east" and "west" by row, "north"
    and "south" by column."""
    found = []
    for edge, first, last in edges:
        for n in range(first, last + 1):
            column, row = {"east": (drawn.columns, n), "west": (1, n), "north": (n, 1), "south": (n, drawn.rows)}[edge]
            found.append(hexes.from_offset(column, row))
    return tuple(found)


@functools.cache
def load_map(map_id: str) -> Map:
    data = _read(map_id)
    lines = data["terrain"].strip("\n").split("\n")
    columns, rows = data["columns"], data["rows"]
    if len(lines) != rows or any(len(line) != columns for line in lines):
        raise ValueError(f"map {map_id!r} is not {rows} lines of {columns} characters")
    terrain = {hexes.from_offset(c + 1, r + 1): ch for r, line in enumerate(lines) for c, ch in enumerate(line)}
    return Map(name=data["name"], columns=columns, rows=rows, terrain=terrain,
               places=tuple(dict(p) for p in data.get("places", [])))


@functools.cache
def _read(name: str) -> dict:
    text = resources.files(__package__).joinpath("scenarios", f"{name}.toml").read_text("utf-8")
    return tomllib.loads(text)

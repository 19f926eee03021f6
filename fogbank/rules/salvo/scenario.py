"""Scenarios, maps and tables as data: TOML files in `scenarios/` beside this module, scenarios and
maps read into the classes below by the core's scenario reader (an unknown or misspelt key is
refused).

This is the one module of the ruleset that reads files, and only its own package data, once.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable
from importlib import resources
from typing import Any, Literal, Mapping

import attrs

from fogbank.rules.core import scenarios
from fogbank.rules.core.copies import evolve

from . import hexes
from .hexes import Hex
from .units import DUMMY, FORT, Unit

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
    variants: Mapping[str, Variant]  # game options that bring units in or swap them, by name
    # The `victory` option, where a scenario's conditions can be read more than one way: each
    # reading by name (the Victory fields it sets), the one played, and the option's words.
    victory_readings: Mapping[str, Mapping[str, Any]] = attrs.field(factory=dict)
    victory_reading: str = ""
    victory_help: str = ""
    zeppelin_facing: str = "A"

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
        chosen = options.get(name, variant.default)
        if chosen == "no":
            out |= set(variant.units)
        elif chosen == "replace":
            out |= set(variant.replaces)
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


# The file as written: a key each field, a default where it may be left out (core/scenarios.py
# refuses any other key). docs/scenarios.md is the designer's guide to them.

# A unit, or a class of them, may set any field of `Unit` but the game's own bookkeeping; a unit's
# keys are laid over its class's.
Facing = Literal["A", "B", "C", "D", "E", "F"]  # a hexside, clockwise from north (hexes.py)
BOOKKEEPING = {"side", "fresh_w", "fresh_s", "sunk", "exited", "turned", "target"}  # the game's, not a file's
SHIP = scenarios.setting(Unit, "ShipFile", leave_out=BOOKKEEPING,
                         written={"hex": str, "facing": Facing, "kind": Literal["capital", "screen", "fort"],
                                  "crew": Literal["crack", "average", "poor"]},
                         more={"class_": str}, all_optional=True)
READING = scenarios.setting(Victory, "ReadingFile", only={
    "max_permanent_w", "max_permanent_s", "max_permanent_hits", "turned_back", "ships"})
Edge = tuple[Literal["east", "west", "north", "south"], int, int]  # an edge, its first and last row or column


@attrs.frozen(kw_only=True)
class ReadingsFile:
    """The `victory` option: each reading of the conditions by name (the fields it sets), the one
    played by default, and the option's words."""

    default: str
    help: str = ""
    choices: Mapping[str, READING]  # type: ignore[valid-type]


BombardmentFile = scenarios.setting(Bombardment, "BombardmentFile", leave_out={"hexes"},
                                    more={"edges": tuple[Edge, ...]})  # edges: where the ships shell from
VictoryFile = scenarios.setting(Victory, "VictoryFile", leave_out={"any_edge"},
                                written={"hexes": tuple[str, ...], "kind": Literal["exit", "points"],
                                         "bombardment": BombardmentFile},
                                more={"edges": tuple[Edge, ...], "readings": ReadingsFile})


@attrs.frozen(kw_only=True)
class Variant:
    """A game option that brings units in, or swaps them: "no", "replace" or "add"."""

    choices: tuple[str, ...]
    default: str
    help: str = ""
    units: tuple[str, ...] = ()  # in play when the option is "add" or "replace"
    replaces: tuple[str, ...] = ()  # out of play when it is "replace"


@attrs.frozen(kw_only=True)
class SideFile:
    name: str
    title: str | None = None  # as a player reads it; the name with a capital if none
    shared_plot: bool = True


@attrs.frozen(kw_only=True)
class DummyFile:
    seat: str
    hex: str
    facing: Facing = "A"
    speed: int = 0


@attrs.frozen(kw_only=True)
class ScenarioFile:
    id: str
    title: str
    briefing: str
    map: str  # the map's file name, without .toml
    turns: int
    visibility: int
    night: bool = False
    wind: Facing = "A"  # the hexside it blows from
    fog: Literal["as_written", "double_blind"] = "as_written"
    random_events: bool = False
    heavy_seas: bool = False
    savo_impairment: bool = False
    zeppelins: bool = False
    zeppelins_default: bool = False
    zeppelin_hexes: tuple[str, ...] = ()
    zeppelin_seat: str = ""
    zeppelin_facing: Facing = "A"
    forts_triple_in_hex: bool = False
    cruising_speed: int = 0
    disadvantaged: str
    event_sides: tuple[str, ...] = ()  # a random event's sides on a d6 of 1-3, 4-6 (none: the seats' order)
    dummy_sides: tuple[str, ...] = ()
    dummies: tuple[DummyFile, ...] = ()
    minefields: tuple[str, ...] = ()
    minefield_density: Literal["", "moderate", "heavy"] = ""
    victory: VictoryFile  # type: ignore[valid-type]
    variants: Mapping[str, Variant] = attrs.field(factory=dict)
    sides: tuple[SideFile, ...]
    seats: tuple[SeatSpec, ...]
    classes: Mapping[str, SHIP] = attrs.field(factory=dict)  # type: ignore[valid-type]
    units: tuple[SHIP, ...]  # type: ignore[valid-type]


@attrs.frozen(kw_only=True)
class PlaceFile:
    name: str
    hex: str  # where the map writes the name


@attrs.frozen(kw_only=True)
class MapFile:
    name: str
    columns: int
    rows: int
    terrain: str  # a line a row, row 01 (north) first; a character a hex
    places: tuple[PlaceFile, ...] = ()


@functools.cache
def _load_file(scenario_id: str) -> Scenario:
    return read_scenario(_shipped(scenario_id), _source(scenario_id), load_map)


def check(text: str, source: str, beside: Callable[[str], str | None]) -> Scenario | Map:
    """A scenario or a map file read as a game would read it, a map it names from `beside` (the
    text of a file beside it, or None) before the ruleset's own."""
    if "map" not in scenarios.read(text, dict, source):  # a map names no map
        return read_map(text, source)
    return read_scenario(text, source, scenarios.named_beside(beside, load_map, read_map))


def read_scenario(text: str, source: str, map_named: Callable[[str], Map]) -> Scenario:
    data = scenarios.read(text, ScenarioFile, source)
    try:
        return _scenario(data, source, map_named(data.map))
    except scenarios.ScenarioError:
        raise
    except ValueError as error:
        raise scenarios.problem(source, "", str(error)) from None


def _sides_named(data: ScenarioFile, source: str) -> None:
    """Every side a key names is one of [[sides]], and every side has a seat."""
    sides = [side.name for side in data.sides]
    named = [(f"seats[{n}].side", [seat.side]) for n, seat in enumerate(data.seats, 1)]
    named += [("disadvantaged", [data.disadvantaged]), ("event_sides", data.event_sides),
              ("dummy_sides", data.dummy_sides), ("victory.side", [data.victory.side or sides[0]]),
              ("victory.ties", [data.victory.ties or sides[0]])]
    if data.victory.bombardment is not None:
        named.append(("victory.bombardment.side", [data.victory.bombardment.side]))
    problems = [f"{source}: {where}: {side!r} is not one of the [[sides]] ({', '.join(sides)})"
                for where, given in named for side in given if side not in sides]
    seated = {s.side for s in data.seats}
    problems += [f"{source}: [[sides]] {side!r} has no seat" for side in sides if side not in seated]
    if data.event_sides and len(data.event_sides) != 2:
        problems.append(f"{source}: event_sides: two sides, for a d6 of 1-3 and of 4-6")
    if data.zeppelins and data.zeppelin_seat not in {s.name for s in data.seats}:
        problems.append(f"{source}: zeppelin_seat: {data.zeppelin_seat!r} is not one of the [[seats]]")
    if problems:
        raise scenarios.ScenarioError(problems)


def _scenario(data: ScenarioFile, source: str, drawn: Map) -> Scenario:
    _sides_named(data, source)
    sides = {seat.name: seat.side for seat in data.seats}
    units = []
    for n, u in enumerate(data.units, 1):
        given = scenarios.given(u)
        kind = given.pop("class_", "")
        if kind and kind not in data.classes:
            raise scenarios.problem(source, f"units[{n}]", f"no class {kind!r} in [classes]")
        spec = {**scenarios.given(data.classes[kind]), **given} if kind else given
        seat = spec.pop("seat", None)
        if seat not in sides:
            raise scenarios.problem(source, f"units[{n}]", f"seat {seat!r} is not one of the [[seats]]")
        spec["hex"] = _hex(spec.get("hex", ""), source, f"units[{n}].hex")
        spec.setdefault("salvoes", 2 if spec.get("torpedoes") else 0)
        try:
            units.append(Unit(side=sides[seat], seat=seat, **spec))
        except TypeError as error:  # a field neither the unit nor its class gives
            missing = str(error).removeprefix("Unit.__init__() ")
            raise scenarios.problem(source, f"units[{n}]", missing) from None
        _placed(drawn, units[-1], source, f"units[{n}].hex")
        for key, sets in (("radar", "radar"), ("search", "search_radar")):
            if getattr(units[-1], key) not in ("", *load_tables()[sets]):
                given = getattr(units[-1], key)
                raise scenarios.problem(source, f"units[{n}].{key}", f"{given!r} is not one of "
                                        f"tables.toml's [{sets}] ({', '.join(load_tables()[sets])})")
    twice = sorted({u.id for u in units if sum(v.id == u.id for v in units) > 1})
    if twice:
        raise scenarios.problem(source, "units", f"two units have the id {twice[0]!r}")
    for n, d in enumerate(data.dummies, 1):
        if d.seat not in sides:
            raise scenarios.problem(source, f"dummies[{n}]", f"seat {d.seat!r} is not one of the [[seats]]")
        side = sides[d.seat]
        _placed(drawn, d, source, f"dummies[{n}].hex")
        units.append(
            Unit(id=f"dummy-{side}-{n}", name="dummy", side=side, seat=d.seat, kind=DUMMY,
                 hex=_hex(d.hex, source, f"dummies[{n}].hex"), facing=d.facing, speed=d.speed, max_speed=99,
                 defence=1)
        )
    victory = scenarios.given(data.victory)
    edges, given_readings = victory.pop("edges", ()), victory.pop("readings", None)
    bombardment = victory.pop("bombardment", None)
    exits = tuple(_hex(h, source, "victory.hexes") for h in victory.get("hexes", ()))
    victory["hexes"] = exits + _edges(drawn, edges)
    readings, reading = _readings(data.id, given_readings)
    return Scenario(
        id=data.id,
        title=data.title,
        briefing=data.briefing.strip(),
        map=drawn,
        turns=data.turns,
        visibility=data.visibility,
        night=data.night,
        wind=data.wind,
        fog=data.fog,
        random_events=data.random_events,
        heavy_seas=data.heavy_seas,
        savo_impairment=data.savo_impairment,
        zeppelins=data.zeppelins,
        zeppelins_default=data.zeppelins_default,
        forts_triple_in_hex=data.forts_triple_in_hex,
        cruising_speed=data.cruising_speed,
        disadvantaged=data.disadvantaged,
        event_sides=data.event_sides or tuple(dict.fromkeys(s.side for s in data.seats)),
        dummies=data.dummy_sides,
        shared_plot={side.name: side.shared_plot for side in data.sides},
        side_titles={side.name: side.title or side.name.title() for side in data.sides},
        seats=data.seats,
        units=tuple(units),
        minefields=frozenset(_hex(h, source, "minefields") for h in data.minefields),
        minefield_density=data.minefield_density,
        zeppelin_hexes=tuple(_hex(h, source, "zeppelin_hexes") for h in data.zeppelin_hexes),
        zeppelin_seat=data.zeppelin_seat,
        zeppelin_facing=data.zeppelin_facing,
        victory=evolve(Victory(**victory, bombardment=_bombardment(drawn, bombardment, source)),
                       **readings.get(reading, {})),
        variants=data.variants,
        victory_readings=readings, victory_reading=reading,
        victory_help=given_readings.help if given_readings else "",
    )


def _placed(drawn: Map, unit: Unit | DummyFile, source: str, where: str) -> None:
    """A ship or a dummy starts at sea, a fort on the shore: on the map either way."""
    at = unit.hex if isinstance(unit.hex, Hex) else hexes.parse(unit.hex)
    fort = getattr(unit, "kind", "") == FORT
    if not drawn.on_map(at) or (drawn.water(at) == fort):
        where_it_is = "off the map" if not drawn.on_map(at) else "at sea" if fort else "land"
        raise scenarios.problem(source, where, f"{hexes.number(at)} is {where_it_is}: "
                                f"{'a fort stands on the shore' if fort else 'a ship starts at sea'}")


def _hex(text: str, source: str, where: str) -> Hex:
    try:
        return hexes.parse(text)
    except ValueError as error:
        raise scenarios.problem(source, where, str(error)) from None


READING_FIELDS = frozenset(attrs.fields_dict(READING))


def _readings(scenario_id: str, given: ReadingsFile | None) -> tuple[dict[str, dict[str, Any]], str]:
    """The victory readings a scenario offers (name -> the Victory fields it sets), and its default.
    Every reading sets the same fields, so a reading chosen over the default leaves nothing of it."""
    choices = {name: scenarios.given(fields) for name, fields in given.choices.items()} if given else {}
    if not choices:
        return {}, ""
    keys = {frozenset(fields) for fields in choices.values()}
    if len(keys) != 1 or given.default not in choices:
        raise ValueError(f"scenario {scenario_id!r}: [victory.readings] must give a default among its "
                         f"choices, each setting the same fields of {sorted(READING_FIELDS)}")
    return choices, given.default


def _bombardment(drawn: Map, given: Any, source: str) -> Bombardment | None:
    if given is None:
        return None
    spec = scenarios.given(given)
    if "edges" not in spec:
        raise scenarios.problem(source, "victory.bombardment", "edges: where the ships shell from, "
                                "as [edge, first, last]")
    edges = spec.pop("edges")
    return Bombardment(**spec, hexes=frozenset(_edges(drawn, edges)))


def _edges(drawn: Map, edges: tuple[Edge, ...]) -> tuple[Hex, ...]:
    """Stretches of the map's edge, each [edge, first, last]: "east" and "west" by row, "north"
    and "south" by column."""
    found = []
    for edge, first, last in edges:
        if not 1 <= first <= last <= (drawn.rows if edge in ("east", "west") else drawn.columns):
            raise ValueError(f"victory.edges: {edge} {first} to {last} is not along the map's edge")
        for n in range(first, last + 1):
            column, row = {"east": (drawn.columns, n), "west": (1, n), "north": (n, 1), "south": (n, drawn.rows)}[edge]
            found.append(hexes.from_offset(column, row))
    return tuple(found)


@functools.cache
def load_map(map_id: str) -> Map:
    return read_map(_shipped(map_id), _source(map_id))


def read_map(text: str, source: str) -> Map:
    data = scenarios.read(text, MapFile, source)
    lines = data.terrain.strip("\n").split("\n")
    columns, rows = data.columns, data.rows
    if len(lines) != rows or any(len(line) != columns for line in lines):
        raise scenarios.problem(source, "terrain", f"the map is not {rows} lines of {columns} characters")
    terrain = {hexes.from_offset(c + 1, r + 1): ch for r, line in enumerate(lines) for c, ch in enumerate(line)}
    for n, place in enumerate(data.places, 1):
        _hex(place.hex, source, f"places[{n}].hex")
    return Map(name=data.name, columns=columns, rows=rows, terrain=terrain,
               places=tuple({"name": p.name, "hex": p.hex} for p in data.places))


def _shipped(name: str) -> str:
    """The text of one of the ruleset's own files, `scenarios/NAME.toml`."""
    return resources.files(__package__).joinpath("scenarios", f"{name}.toml").read_text("utf-8")


def _source(name: str) -> str:
    return f"salvo/scenarios/{name}.toml"


@functools.cache
def _read(name: str) -> dict:
    return tomllib.loads(_shipped(name))

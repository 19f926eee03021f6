"""Sighting and line of sight (4.2, 12.41, smoke), detection by eye, radar and zeppelin (12.1,
12.21), and each observer's picture: which units it is shown, under which labels.

An observer is a side whose seats share one plot, or a seat alone where they do not.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterable

from . import hexes
from .board import Board
from .hexes import Hex
from .scenario import Map, Scenario
from .tables import RADARS, SEARCH_RADARS
from .units import CAPITAL, DUMMY, FORT, SCREEN, ZEPPELIN, Unit

ILLUMINATED = 10  # hexes a starshell- or searchlight-lit ship is seen from
STARSHELL_RANGE = 6  # hexes from the firing ship to the burst
SEARCHLIGHT_RANGE = 6
SMOKE_PARTIAL = 2  # heavy seas: a partly blocked LOS cuts spotting range by 2 hexes

Roller = Callable[[str, str], str]  # (key, table) -> outcome
SENSES = ("sight", "partial", "radar", "zeppelin")  # how a unit is detected, the best first


def observer(scenario: Scenario, seat: str) -> str:
    side = scenario.seat(seat).side
    return side if scenario.shared_plot[side] else seat


def observers(scenario: Scenario) -> tuple[str, ...]:
    return tuple(dict.fromkeys(observer(scenario, s.name) for s in scenario.seats))


def belongs(scenario: Scenario, unit: Unit, who: str) -> bool:
    """Whether `unit` is one of observer `who`'s own (its side's, or its seat's)."""
    return unit.seat == who or (unit.side == who and scenario.shared_plot.get(who, False))


def side_of(scenario: Scenario, who: str) -> str:
    return who if who in scenario.shared_plot else scenario.seat(who).side


def strictly_between(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    one, two = hexes.sight_lines(a, b)
    return one[1:-1], two[1:-1]


def land_blocked(scenario: Scenario, a: Hex, b: Hex, allowance: int = 0) -> bool:
    """Land blocks a line of sight when more than `allowance` land hexes lie between (both ways
    round a hexside: a line grazing a hexside is blocked only if both hexes block)."""
    return _land_blocked(scenario.map, a, b, allowance)


@functools.lru_cache(maxsize=1 << 16)  # every eye looks at every ship each stage, and land stays put
def _land_blocked(land_map: Map, a: Hex, b: Hex, allowance: int) -> bool:
    land = land_map.land
    return all(sum(1 for h in path if land(h)) > allowance for path in strictly_between(a, b))


def smoke_between(board: Board, a: Hex, b: Hex) -> bool:
    return bool(board.smoke) and all(any(h in board.smoke for h in path) for path in strictly_between(a, b))


def units_block(board: Board, firer: Unit, target: Unit, known: Iterable[str]) -> str:
    """12.41: why a line of fire is blocked by a unit in it, or "" if it is not. Only units the
    firing seat knows of (its plot's own, and those it has detected) block: a block by a ship it cannot
    sense would tell it the ship is there."""
    known = set(known)
    ships = [(u.hex, u.kind) for u in board.units if u.afloat and u.kind in (CAPITAL, SCREEN)
             and u.id not in (firer.id, target.id) and u.id in known]
    return ships_block(firer.hex, target.hex, firer.type == "DD", ships)


def ships_block(firer: Hex, target: Hex, destroyer: bool, ships: Iterable[tuple[Hex, str]]) -> str:
    """12.41 from positions alone (firer's and target's hexes, and (hex, kind) of every other ship
    the firing seat knows of): why the line is blocked, or "". The rules and the seat's own check
    of an order both ask it."""
    by_hex: dict[Hex, set[str]] = {}
    for where, kind in ships:
        by_hex.setdefault(where, set()).add(kind)
    if not by_hex:
        return ""
    paths = strictly_between(firer, target)
    for reason, blocks in (
        ("a ship beside the firer or target", lambda h, kinds: hexes.distance(h, firer) == 1 or hexes.distance(h, target) == 1),
        ("a destroyer cannot fire over a capital ship", lambda h, kinds: destroyer and CAPITAL in kinds),
    ):
        if all(any(h in by_hex and blocks(h, by_hex[h]) for h in path) for path in paths):
            return reason
    return ""


def lit(board: Board, unit: Unit, by: Iterable[str]) -> bool:
    """Whether `unit` shows in the light for the units `by`: a starshell of theirs bursts within
    one hex of it, or their searchlight holds it, or it holds a beam itself (seen by everyone).
    Such a ship is seen, and may be fired at, from `ILLUMINATED` hexes."""
    by = set(by)
    return any(f in by and hexes.distance(h, unit.hex) <= 1 for f, h in board.starshells) or any(
        (f in by and t == unit.id) or f == unit.id for f, t in board.searchlights
    )


def starshell_lit(board: Board, unit: Unit) -> bool:
    return any(hexes.distance(h, unit.hex) <= 1 for _, h in board.starshells)


def radar_reach(board: Board, unit: Unit, turn: int) -> int:
    """How far `unit`'s radar detects this turn (0: no working radar): its fire-control set's reach
    (cut by 12.13 where a scenario has it) or its search set's, the further."""
    if board.without_power(unit.id, turn):
        return 0
    fire_control = min(RADARS[unit.radar].detection, board.radar_range.get(unit.id, 99)) if unit.has_radar else 0
    return max(fire_control, SEARCH_RADARS[unit.search].detection if unit.has_search else 0)


def _visual(scenario, board, eye, target, d, roll, stage, friends) -> str:
    if target.kind == ZEPPELIN:
        return "sight" if d <= board.visibility else ""
    if eye.hex in board.smoke or target.hex in board.smoke:
        return ""  # NWS (d): a unit ending in smoke neither spots nor is spotted
    reach = board.visibility
    if scenario.night and lit(board, target, friends):
        reach = max(reach, ILLUMINATED)
    if d > reach:
        return ""
    allowance = 1 if eye.kind == FORT else 0  # forts see and fire over one land hex
    if land_blocked(scenario, eye.hex, target.hex, allowance):
        return ""
    if smoke_between(board, eye.hex, target.hex):
        if not scenario.heavy_seas:
            return ""
        seas = roll(f"smoke/{stage}/{eye.id}/{target.id}", "smoke_seas")
        if seas == "blocked" or (seas == "partial" and d > reach - SMOKE_PARTIAL):
            return ""
        return "partial" if seas == "partial" else "sight"
    return "sight"


def detect(scenario: Scenario, board: Board, turn: int, roll: Roller, stage: str) -> dict[str, dict[str, str]]:
    """Every observer's detections now: observer -> unit -> how it is sensed (12.21)."""
    found: dict[str, dict[str, str]] = {}
    live = [u for u in board.units if u.afloat]
    for who in observers(scenario):
        own = [belongs(scenario, u, who) for u in live]
        eyes = [u for u, mine in zip(live, own) if mine and u.kind != DUMMY and not (u.kind == FORT and u.w >= 3)]
        friends = [u.id for u in eyes]
        seen: dict[str, str] = {}
        for target, mine in zip(live, own):
            if mine:
                continue
            for eye in eyes:  # the best way any of its units senses it: by eye if any can
                how = _sense(scenario, board, eye, target, turn, roll, stage, friends)
                if how and (target.id not in seen or SENSES.index(how) < SENSES.index(seen[target.id])):
                    seen[target.id] = how
                if seen.get(target.id) == "sight":
                    break
        found[who] = seen
    return found


def _sense(scenario, board, eye, target, turn, roll, stage, friends) -> str:
    d = hexes.distance(eye.hex, target.hex)
    if eye.kind == ZEPPELIN:
        return "zeppelin" if d <= scenario.visibility else ""
    how = _visual(scenario, board, eye, target, d, roll, stage, friends)
    if how == "sight":
        return how
    reach = radar_reach(board, eye, turn)
    if reach and d <= reach and target.kind != ZEPPELIN and not land_blocked(scenario, eye.hex, target.hex):
        return "radar"
    return how


def shown(scenario: Scenario, board: Board, who: str, fog: str, detected: Iterable[str]) -> list[Unit]:
    """The units observer `who` is shown: forts always (they are printed on the map), every other
    side's unit "as written", and otherwise only what it has detected."""
    detected = set(detected)
    return [u for u in board.units if (u.afloat or u.kind == FORT) and in_picture(scenario, who, fog, detected, u)]


def in_picture(scenario: Scenario, who: str, fog: str, detected: Iterable[str], unit: Unit) -> bool:
    """Whether observer `who` has `unit` in its picture (afloat or not: a ship sinking under fire
    was in the picture of those who fired at her)."""
    side = side_of(scenario, who)
    if belongs(scenario, unit, who) or (unit.side == side and who in scenario.shared_plot):
        return False
    return unit.kind == FORT or unit.id in detected or (fog == "as_written" and unit.side != side)


HOW_SEEN = {
    "sight": "in sight: any gun in range may fire at it",
    "partial": "in sight through thin smoke: guns in range may fire at it, at -1",
    "radar": "by radar only: only a main battery aimed by its own fire-control radar, within that set's gun range, may fire at it",
    "zeppelin": "spotted by a zeppelin: guns in range may fire at it, at -3",
    "": "not sensed now (shown as written): no gun may fire at it until it is detected",
}


def contact(unit: Unit, label: int, detected: bool, side: str, how: str = "", lit: bool = False) -> dict[str, Any]:
    """A unit as an observer is shown it: a marker hides which ship (or dummy) it is (12.21). `how`
    it is sensed (SENSES) says who may fire at it, in words; `lit`: at night it shows in the light
    for the observer (seen, and fired at, from `ILLUMINATED` hexes)."""
    marker = unit.kind in (CAPITAL, DUMMY) and not detected
    if unit.kind == FORT:
        how = "sight"  # printed on the map: seen wherever land does not hide it
    return {
        "label": label,
        "hex": hexes.number(unit.hex),
        "speed": unit.speed,
        "facing": None if marker else (unit.facing if unit.kind != FORT else None),
        "kind": "marker" if marker else unit.kind,
        "side": unit.side,
        "friendly": unit.side == side,
        "detected": detected,
        "identity": None if marker else {"id": unit.id, "name": unit.name, "type": unit.type},
        "destroyed": unit.kind == FORT and unit.w >= 3,
        "seen": how or None,
        "lit": lit,
        "fire": "a fort, printed on the map: guns in range with a clear line may fire at it" if unit.kind == FORT else HOW_SEEN[how],
    }

"""Sealed simultaneous movement (7.0, 12.3): paths, turning limits, mines, smoke, dummies, zeppelins.

A path is a string: F moves one hex ahead, L and R turn one hexside anticlockwise or clockwise. A
run of L and R is one turn (12.31: "changing the facing in the same hex one, two or three
hexsides"); the F count is the speed marker the unit shows afterwards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fogbank.rules.core import Refused
from fogbank.rules.core.copies import evolve

from . import hexes
from .hexes import Hex
from .scenario import Scenario
from .units import CAPITAL, DUMMY, SCREEN, TURNS_ALLOWED, ZEPPELIN, Unit

DUMMIES_PER_TURN = 2  # 12.22
HEXSIDES = 3  # 12.31: one turn changes the facing one, two or three hexsides
DUMMIES_IN_PLAY = 2
TORPEDO_ATTACK_BONUS = 2  # random event 11: screens may steam two hexes further


def turns_in(path: str) -> int:
    return sum(1 for i, c in enumerate(path) if c in "LR" and (i == 0 or path[i - 1] == "F"))


def longest_turn(path: str) -> int:
    return max((len(run) for run in path.replace("F", " ").split()), default=0)


def speed_of(path: str) -> int:
    return path.count("F")


def trace(scenario: Scenario, unit: Unit, path: str, start: Hex | None = None, facing: str | None = None):
    """The hexes a path enters, in order, and the facing at the end: (hexes, facing, off_map),
    where off_map is True if the last step left the map."""
    here, face = start or unit.hex, facing or unit.facing
    entered = []
    for c in path:
        if c == "L":
            face = hexes.turn(face, -1)
        elif c == "R":
            face = hexes.turn(face, 1)
        else:
            here = here.step(face)
            if not scenario.map.on_map(here):
                return entered, face, True
            entered.append(here)
    return entered, face, False


def may_exit(scenario: Scenario, unit: Unit, last: Hex) -> bool:
    victory = scenario.victory
    if victory.any_edge:
        return unit.kind in (CAPITAL, SCREEN)
    return unit.side == victory.side and last in victory.hexes and unit.kind in (CAPITAL, SCREEN)


def limits(unit: Unit, effects: frozenset[str]) -> dict[str, int | None]:
    """What a path of this unit may hold this turn (12.31), as its seat's view carries them for a
    page to measure a path against as it is plotted: `speed` hexes (None: a dummy's is not
    limited), `turns`, and `hexsides` in one turn."""
    if unit.kind == DUMMY:
        return dummy_limits()
    speed = unit.current_max_speed
    if unit.kind == SCREEN and "torpedo attack" in effects:
        speed += TORPEDO_ATTACK_BONUS
    return {"speed": speed, "turns": TURNS_ALLOWED.get(unit.kind, 2), "hexsides": HEXSIDES}


def dummy_limits() -> dict[str, int | None]:
    """A dummy's `limits`: it moves any distance (12.22) and turns as a screen does."""
    return {"speed": None, "turns": TURNS_ALLOWED[DUMMY], "hexsides": HEXSIDES}


def check_path(scenario: Scenario, unit: Unit, path: Any, effects: frozenset[str]) -> str:
    """The path, or `Refused` saying why this unit cannot steam it (from what its seat knows)."""
    if not isinstance(path, str) or set(path) - set("FLR"):
        raise Refused("bad_path", f"{unit.name}: a path is a string of F (ahead), L and R (turn one hexside).")
    most = limits(unit, effects)
    if most["speed"] is not None and speed_of(path) > most["speed"]:
        raise Refused("too_fast", f"{unit.name} can make at most {most['speed']} hexes this turn.")
    if turns_in(path) > most["turns"] or longest_turn(path) > most["hexsides"]:
        raise Refused("too_many_turns", f"{unit.name} may turn at most {most['turns']} times, each of 1-3 hexsides.")
    entered, _, off = trace(scenario, unit, path)
    origin = entered[-1] if entered else unit.hex
    # Off the map through an exit hex, she is gone: whatever the path says after that is moot.
    if off and not may_exit(scenario, unit, origin):
        raise Refused("off_map", f"{unit.name} would steam off the map; only the scenario's exit hexes lead off it.")
    if unit.kind != ZEPPELIN and any(not scenario.map.water(h) for h in entered):
        raise Refused("aground", f"{unit.name}'s path runs over land.")
    return path


def straight(unit: Unit) -> str:
    """Holding course and speed: the standing order, and what confusion or a jammed rudder allow."""
    return "F" * min(unit.speed, unit.current_max_speed)


def parse_dummy(raw: Any, scenario: Scenario) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise Refused("bad_dummy", "A new dummy is {hex, facing, path}.")
    try:
        where = hexes.parse(raw.get("hex"))
    except ValueError as error:
        raise Refused("bad_hex", str(error)) from None
    facing = raw.get("facing", "A")
    if facing not in hexes.FACINGS or len(str(facing)) != 1:
        raise Refused("bad_facing", "A facing is a hexside letter, A (north) to F, clockwise.")
    if not scenario.map.water(where):
        raise Refused("aground", f"Hex {hexes.number(where)} is not water.")
    path = raw.get("path", "")
    return {"hex": hexes.number(where), "facing": facing, "path": path}


def stacked(units: list[Unit]) -> set[str]:
    """Markers that share a hex with another marker of their side: who is who is lost once they move."""
    seen: dict[tuple[str, Hex], list[str]] = {}
    for u in units:
        if u.afloat and u.kind in (CAPITAL, DUMMY):
            seen.setdefault((u.side, u.hex), []).append(u.id)
    return {uid for ids in seen.values() if len(ids) > 1 for uid in ids}


def relabelled(labels: Mapping[str, Mapping[str, int]], detected: Mapping[str, frozenset[str]], uids: set[str]):
    """Observers' labels without those of stacked markers they had not identified."""
    return {
        who: {uid: n for uid, n in found.items() if uid not in uids or uid in detected.get(who, frozenset())}
        for who, found in labels.items()
    }


def place(unit: Unit, path: str, entered: list[Hex], facing: str) -> Unit:
    return evolve(unit, hex=entered[-1] if entered else unit.hex, facing=facing, speed=speed_of(path),
                        turned=turns_in(path) > 0)

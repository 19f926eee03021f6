"""What a captain reads off her seat's view and the published hit sheet: how far she judges a ship,
whether her guns can hurt that ship at that range, and how many points they may expect to do.

Only the rules' own tables (the hit sheet, the rosters on the chart) and the seat's view are read:
ranges beyond a nautical mile are the view's judged ones, never the table's.
"""

from __future__ import annotations

import bisect
import functools
import math
from typing import Any, Mapping

from ..geometry import in_arc, relative
from ..gunnery import better, grade
from ..scenario import hit_table

View = Mapping[str, Any]


def aim(a, b) -> int:
    """A bearing near enough for a captain's reckoning (the rules' own is exact; hers need not be)."""
    return round(math.degrees(math.atan2(b[0] - a[0], b[1] - a[1]))) % 360


def far(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def ahead(at, course: float, tenths: float) -> tuple[float, float]:
    """The point `tenths` along `course` from `at` (a captain's reckoning, in floating point)."""
    rad = math.radians(course)
    return at[0] + tenths * math.sin(rad), at[1] + tenths * math.cos(rad)


@functools.cache
def _headings(gun: str) -> tuple[int, ...]:
    table = hit_table()
    return tuple(h * 10 for h in table.ranges[: table.guns[gun].columns])


def heading_index(gun: str, tenths: int) -> int | None:
    """The hit sheet's column for a range (rounded up), or None beyond the gun's reach."""
    headings = _headings(gun)
    index = bisect.bisect_left(headings, tenths)
    return index if index < len(headings) else None


def penetration(gun: str, tenths: int, stats: Mapping[str, Any]) -> str:
    """full, half or none: what the gun does to a ship of `stats` (the chart's) at that range."""
    index = heading_index(gun, tenths)
    return "none" if index is None else _grade(gun, index, stats["belt"], stats["deck"])


@functools.cache
def _grade(gun: str, index: int, belt: float, deck: float) -> str:
    g = hit_table().guns[gun]
    return better(grade(g.belt[index], round(belt * 100)), grade(g.deck[index], round(deck * 100)))


def expected(gun: str, guns: int, tenths: int, stats: Mapping[str, Any], *, bonus: int = 0, first: bool = False,
             half: bool = False, local: bool = False) -> float:
    """Points the fire may be expected to do before the die (its shifts even out): `bonus` the
    column shifts (+ better), `first` a first fire, `half` a half salvo (turning or chosen)."""
    index = heading_index(gun, tenths)
    if index is None or guns <= 0:
        return 0.0
    return _expected(gun, guns, index, stats["belt"], stats["deck"], bonus, first, half, local)


@functools.cache
def _expected(gun: str, guns: int, index: int, belt: float, deck: float, bonus: int, first: bool, half: bool,
              local: bool) -> float:
    grade_ = _grade(gun, index, belt, deck)
    if grade_ == "none":
        return 0.0
    table = hit_table()
    close = table.ranges[index] <= table.close
    if local and not close:  # a second target of secondaries is at close range only (4.5a)
        return 0.0
    row = guns
    if first:
        bonus, row = (bonus - 3, row) if close else (bonus, (row + 1) // 2)
    if half:
        row = (row + 1) // 2
    if local:
        bonus -= 3
    column = max(0, index - bonus)
    if column >= len(table.percent):
        return 0.0
    per = table.guns[gun].points // (1 if grade_ == "full" else 2)
    return row * table.percent[column] / 100 * per


def turning_bonus(quarters: int) -> tuple[int, bool]:
    """The column shift and half salvo her own turning costs her fire (5.3b)."""
    if quarters > 16:
        return -3, True
    if quarters > 12:
        return -3, False
    if quarters > 8:
        return -2, False
    return 0, False


def bearing_guns(stats: Mapping[str, Any], at, course: int, target_at, group: str,
                 working: Mapping[str, int] | None = None, rel: int | None = None) -> int:
    """Guns of a group (working ones, if known) whose arcs bear from `at` on `course` on a point."""
    rel = relative(aim(at, target_at), course) if rel is None else rel
    return sum((working or {}).get(m["name"], m["guns"]) for m in stats["mounts"]
               if m["group"] == group and in_arc(rel, tuple(m["arc"])))


_GROUPS: dict[str, tuple] = {}


def _groups(stats: Mapping[str, Any]) -> tuple:
    """A ship's groups as (battery, gun, ((mount, guns, arc), ...)), worked out once a ship."""
    found = _GROUPS.get(stats["name"])
    if found is None:
        names = dict.fromkeys(m["group"] for m in stats["mounts"])
        found = _GROUPS[stats["name"]] = tuple(
            (ms[0]["battery"], ms[0]["gun"], tuple((m["name"], m["guns"], tuple(m["arc"])) for m in ms))
            for ms in ([m for m in stats["mounts"] if m["group"] == g] for g in names))
    return found


def fire_at(stats: Mapping[str, Any], at, course: int, target_at, target_stats: Mapping[str, Any], *,
            bonus: int = 0, half: bool = False, locked: frozenset[str] = frozenset(),
            working: Mapping[str, int] | None = None, target: str = "", batteries: tuple[str, ...] = ("mains", "secondaries"),
            tenths: int | None = None) -> float:
    """Points a ship's every group may expect to do a target in one fire (each group at it)."""
    reach = round(far(at, target_at)) if tenths is None else tenths
    rel = relative(aim(at, target_at), course)
    first = target not in locked
    total = 0.0
    for battery, gun, mounts in _groups(stats):
        if battery not in batteries:
            continue
        guns = sum(guns if working is None else working.get(name, guns) for name, guns, arc in mounts if in_arc(rel, arc))
        if guns:
            total += expected(gun, guns, reach, target_stats, bonus=bonus, half=half, first=first)
    return total


def judged(contact: Mapping[str, Any], by: str) -> int | None:
    """The range (tenths) ship `by` judged a contact at, if she sees her."""
    return next((s["range"] for s in contact["sightings"] if s["by"] == by), None)


def reach_of(stats: Mapping[str, Any], battery: str = "mains") -> int:
    """The longest range (tenths) of a ship's battery."""
    table = hit_table()
    guns = [m["gun"] for m in stats["mounts"] if m["battery"] == battery]
    return max((table.ranges[table.guns[g].columns - 1] * 10 for g in guns), default=0)


def hurting_reach(stats: Mapping[str, Any], target_stats: Mapping[str, Any]) -> int:
    """The longest range (tenths) at which any of a ship's guns can hurt the target."""
    table = hit_table()
    best = 0
    for gun in {m["gun"] for m in stats["mounts"]}:
        for h in table.ranges[: table.guns[gun].columns]:
            if penetration(gun, h * 10, target_stats) != "none":
                best = max(best, h * 10)
    return best


__all__ = ["ahead", "aim", "bearing_guns", "far", "expected", "fire_at", "heading_index", "hurting_reach", "judged", "penetration",
           "reach_of", "turning_bonus"]

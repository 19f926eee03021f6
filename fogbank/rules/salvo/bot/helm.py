"""A built-in player's helm: where a ship can get this move (every end hex and facing a legal path
reaches, with the path), and how far every hex is from a goal by water. Worked from the seat's
chart alone; cached, since a fleet asks the same questions ship after ship and turn after turn.

The searches run over the chart's hexes numbered once (`waters`), not over `Hex` values: they
are the built-in players' hot loop (a Dogger Bank game asks for a million ends), and whole numbers
hash and step far faster than objects do. Only the answers are given as `Hex`es."""

from __future__ import annotations

import functools
import heapq
from operator import itemgetter
from typing import Callable, Iterable, NamedTuple

import attrs

from .. import hexes
from ..hexes import FACINGS, Hex
from ..scenario import Map

# A turn of one to three hexsides (RRR is LLL), as written and in hexsides clockwise.
TURNS = (("L", -1), ("LL", -2), ("LLL", -3), ("R", 1), ("RR", 2))


class End(NamedTuple):
    """Where a path leaves a ship: its hex and facing, the path, the hexes entered, whether it
    steamed off the map (from `hex`, its last hex on it), the hexes it steamed ahead and whether it
    turned. A tuple, since a search makes a thousand of them a ship."""

    hex: Hex
    facing: str
    path: str
    entered: tuple[Hex, ...]
    off: bool
    speed: int
    turned: bool


@attrs.frozen(eq=False)
class Waters:
    """A chart's hexes numbered by their place in a box one hex wider than the chart all round,
    number = (q - q0) * width + (r - r0): numbers sort as their hexes do, and a step through a
    hexside adds the same number anywhere (`steps`), so moved paths are moved numbers."""

    q0: int
    r0: int
    width: int
    hexes: tuple[Hex | None, ...]  # by number; None off the chart
    water: tuple[bool, ...]

    @classmethod
    def of(cls, terrain: Iterable[Hex], water: Callable[[Hex], bool]) -> Waters:
        terrain = set(terrain)
        q0, r0 = min(h.q for h in terrain) - 1, min(h.r for h in terrain) - 1
        width = max(h.r for h in terrain) - r0 + 2
        size = (max(h.q for h in terrain) - q0 + 2) * width
        places: list[Hex | None] = [None] * size
        for h in terrain:
            places[(h.q - q0) * width + h.r - r0] = h
        return cls(q0, r0, width, tuple(places), tuple(h is not None and water(h) for h in places))

    def number(self, h: Hex) -> int:
        """The number of a hex on the chart (or one step off it)."""
        return (h.q - self.q0) * self.width + h.r - self.r0

    @functools.cached_property
    def steps(self) -> tuple[int, ...]:
        return tuple(dq * self.width + dr for dq, dr, _ in (hexes.STEPS[f] for f in FACINGS))

    @functools.cached_property
    def open_water(self) -> tuple[int, ...]:
        """How far open water reaches all round each water hex (-1 for the rest): the hexes of
        water out from those beside land or the map's edge, a ring at a time."""
        found = [-1] * len(self.hexes)
        ring = [n for n, wet in enumerate(self.water) if wet and not all(self.water[n + s] for s in self.steps)]
        reach = 0
        while ring:
            for n in ring:
                found[n] = reach
            reach += 1
            ring = list(dict.fromkeys(n + s for n in ring for s in self.steps if self.water[n + s] and found[n + s] < 0))
        return tuple(found)


@functools.lru_cache(maxsize=16)
def waters(chart: Map) -> Waters:
    return Waters.of(chart.terrain, chart.water)


def ends(chart: Map, start: Hex, facing: str, speed: int, turns: int, flying: bool = False) -> tuple[End, ...]:
    """Every end a path of at most `speed` hexes ahead and `turns` turns (12.31) from `start` (on
    the chart) reaches without running aground, the fewest turns first for each (hex, facing,
    speed), and every step off the map (the caller decides whether its side may leave there).

    With open water all round as far as she can steam, the answer is the open sea's, moved (flying
    or not, nothing but water lies within reach): worked once for each facing, speed and turns
    allowed, since most of a sea is open water."""
    sea = waters(chart)
    here = sea.number(start)
    if sea.open_water[here] >= speed:
        return _moved(sea, here, _open_sea(sea.width, facing, speed, turns))
    return _near_land(chart, start, facing, speed, turns, flying)


# Only the searches near land are kept, and few: the same starts come back move after move and
# game after game (a scenario's set-up, a ship waiting off a point). The open sea's answer, moved,
# is cheap to move again. Keeping every answer (2,048 of them) grew an arena worker or a server
# playing stand-ins by 25 MB a Dogger Bank game (500 MB after 16); this keeps it under 200 MB at
# the same speed (16 games: 22.7 s CPU against 23.9).
@functools.lru_cache(maxsize=256)
def _near_land(chart: Map, start: Hex, facing: str, speed: int, turns: int, flying: bool) -> tuple[End, ...]:
    sea = waters(chart)
    return _search(sea, sea.number(start), facing, speed, turns, flying)


def _search(sea: Waters, start: int, facing: str, speed: int, turns: int, flying: bool) -> tuple[End, ...]:
    """`ends`, breadth first, a level for each step or turn; within a level the fewest hexes
    steamed, then the fewest turns, then the shortest path goes first (one number, `_rank`)."""
    places, water, steps = sea.hexes, sea.water, sea.steps
    speeds = speed + 1  # (hex, facing, speed made) as one number: (6 * hex + facing) * speeds + made
    found: dict[int, End] = {}
    offs: list[End] = []
    # rank, hex number, facing number, path, entered, hexes made, turns used, last was a turn
    frontier = [(0, start, FACINGS.index(facing), "", (), 0, 0, False)]
    while frontier:
        nxt = []
        for _, here, face, path, entered, made, used, turning in frontier:
            key = (6 * here + face) * speeds + made
            if key in found:
                continue
            found[key] = _NEW(End, (places[here], FACINGS[face], path, entered, False, made, used > 0))
            if made < speed:
                there = here + steps[face]
                if places[there] is None:
                    offs.append(_NEW(End, (places[here], FACINGS[face], path + "F", entered, True, made + 1, used > 0)))
                elif (6 * there + face) * speeds + made + 1 not in found and (flying or water[there]):  # one found already wins
                    nxt.append((_rank(made + 1, used, len(path) + 1), there, face, path + "F", (*entered, places[there]),
                                made + 1, used, False))
            if not turning and used < turns:
                for run, hexsides in TURNS:
                    turned = (face + hexsides) % 6
                    if (6 * here + turned) * speeds + made not in found:
                        nxt.append((_rank(made, used + 1, len(path) + len(run)), here, turned, path + run, entered,
                                    made, used + 1, True))
        nxt.sort(key=itemgetter(0))  # stable: ties keep the order they were reached in
        frontier = nxt
    return tuple(found.values()) + tuple(offs)


def _rank(made: int, used: int, length: int) -> int:
    """(hexes made, turns used, path length) as one number that sorts the same (each below 256)."""
    return (made << 16) | (used << 8) | length


@functools.lru_cache(maxsize=256)
def _open_sea(width: int, facing: str, speed: int, turns: int) -> tuple[tuple, tuple[tuple[int, int], ...]]:
    """The ends from a hex in open water, as numbers to add to hers on a chart `width` wide: for
    each end (hex, facing, path, entered, speed, turned), `entered` indexing the second list, the
    hexes entered as (the list's index of those before the last, the last): a path's hexes are
    its parent's and one more, and the ends that turned where they stopped share them."""
    origin = Hex(0, 0)
    disc = [h for h in (Hex(q, r) for q in range(-speed - 1, speed + 2) for r in range(-speed - 1, speed + 2))
            if hexes.distance(h, origin) <= speed + 1]
    sea = Waters.of(disc, lambda h: hexes.distance(h, origin) <= speed)
    moved = lambda h: h.q * width + h.r  # noqa: E731
    entered: dict[tuple[Hex, ...], int] = {(): 0}
    parts = [(-1, 0)]
    plan = []
    for end in _search(sea, sea.number(origin), facing, speed, turns, False):
        if end.entered not in entered:  # its parent, a step shorter, came first
            entered[end.entered] = len(parts)
            parts.append((entered[end.entered[:-1]], moved(end.entered[-1])))
        plan.append((moved(end.hex), end.facing, end.path, entered[end.entered], end.speed, end.turned))
    return tuple(plan), tuple(parts)


def _moved(sea: Waters, start: int, open_sea: tuple[tuple, tuple[tuple[int, int], ...]]) -> tuple[End, ...]:
    plan, parts = open_sea
    places = sea.hexes
    paths: list[tuple[Hex, ...]] = [()]
    for parent, last in parts[1:]:
        paths.append((*paths[parent], places[start + last]))
    return tuple([_NEW(End, (places[start + n], facing, path, paths[way], False, speed, turned))
                  for n, facing, path, way, speed, turned in plan])


_NEW = tuple.__new__  # End(...) without the Python frame of a named tuple's __new__: this is a hot loop


@functools.lru_cache(maxsize=1 << 10)
def distances(chart: Map, goals: frozenset[Hex], avoid: frozenset[Hex] = frozenset(), cost: int = 0) -> dict[Hex, int]:
    """How many hexes of water each hex is from the nearest goal, each hex in `avoid` costing
    `cost` more to enter (a known minefield); hexes the water does not reach are left out.

    Nearest first, ties in (q, r) order: the queue holds distance * size + number as one number."""
    sea = waters(chart)
    size, places, water, steps = len(sea.hexes), sea.hexes, sea.water, sea.steps
    mined = {sea.number(h) for h in avoid if chart.on_map(h)}
    best: dict[int, int] = {}
    queue = [sea.number(h) for h in goals if chart.on_map(h)]
    heapq.heapify(queue)
    while queue:
        d, here = divmod(heapq.heappop(queue), size)
        if here in best:
            continue
        best[here] = d
        step = d + 1 + (cost if here in mined else 0)  # entering `here` from a neighbour costs its mine
        for way in steps:
            near = here + way
            if near not in best and water[near]:
                heapq.heappush(queue, step * size + near)
    return {places[n]: d for n, d in best.items()}


def nearest(here: Hex, places: Iterable[Hex]) -> tuple[int, Hex | None]:
    found = min(((hexes.distance(here, p), p) for p in places), default=(99, None), key=lambda x: (x[0], x[1].q, x[1].r))
    return found

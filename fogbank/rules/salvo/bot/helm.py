"""A built-in player's helm: where a ship can get this move (every end hex and facing a legal path
reaches, with the path), and how far every hex is from a goal by water. Worked from the seat's
chart alone; cached, since a fleet asks the same questions ship after ship and turn after turn."""

from __future__ import annotations

import functools
import heapq
from typing import Iterable

import attrs

from .. import hexes
from ..hexes import Hex
from ..scenario import Map

TURNS = {"L": ("L", "LL", "LLL"), "R": ("R", "RR")}  # a turn of one to three hexsides (RRR is LLL)


@attrs.frozen
class End:
    """Where a path leaves a ship: its hex and facing, the path, the hexes entered, and whether it
    steamed off the map (from `hex`, its last hex on it)."""

    hex: Hex
    facing: str
    path: str
    entered: tuple[Hex, ...]
    off: bool = False

    @property
    def speed(self) -> int:
        return self.path.count("F")

    @property
    def turned(self) -> bool:
        return "L" in self.path or "R" in self.path


@functools.lru_cache(maxsize=1 << 11)  # a fleet's ships share starts within a move, seldom across moves
def ends(chart: Map, start: Hex, facing: str, speed: int, turns: int, flying: bool = False) -> tuple[End, ...]:
    """Every end a path of at most `speed` hexes ahead and `turns` turns (12.31) reaches without
    running aground, the fewest turns first for each (hex, facing, speed), and every step off the
    map (the caller decides whether its side may leave there)."""
    found: dict[tuple[Hex, str, int], End] = {}
    offs: list[End] = []
    frontier = [(start, facing, "", (), 0, False)]  # hex, facing, path, entered, turns used, last was a turn
    while frontier:
        nxt = []
        for here, face, path, entered, used, turning in frontier:
            key = (here, face, path.count("F"))
            if key in found:
                continue
            found[key] = End(hex=here, facing=face, path=path, entered=entered)
            made = key[2]
            if made < speed:
                ahead = here.step(face)
                if not chart.on_map(ahead):
                    offs.append(End(hex=here, facing=face, path=path + "F", entered=entered, off=True))
                elif (ahead, face, made + 1) not in found and (flying or chart.water(ahead)):  # one found already wins
                    nxt.append((ahead, face, path + "F", (*entered, ahead), used, False))
            if not turning and used < turns:
                for side, runs in TURNS.items():
                    for run in runs:
                        turned = hexes.turn(face, len(run) * (-1 if side == "L" else 1))
                        if (here, turned, made) not in found:
                            nxt.append((here, turned, path + run, entered, used + 1, True))
        frontier = sorted(nxt, key=lambda s: (s[2].count("F"), s[4], len(s[2])))
    return tuple(found.values()) + tuple(offs)


@functools.lru_cache(maxsize=1 << 10)
def distances(chart: Map, goals: frozenset[Hex], avoid: frozenset[Hex] = frozenset(), cost: int = 0) -> dict[Hex, int]:
    """How many hexes of water each hex is from the nearest goal, each hex in `avoid` costing
    `cost` more to enter (a known minefield); hexes the water does not reach are left out."""
    best: dict[Hex, int] = {}
    queue = [(0, h.q, h.r) for h in goals if chart.on_map(h)]
    heapq.heapify(queue)
    while queue:
        d, q, r = heapq.heappop(queue)
        here = Hex(q, r)
        if here in best:
            continue
        best[here] = d
        step = d + 1 + (cost if here in avoid else 0)  # entering `here` from a neighbour costs its mine
        for near in here.neighbours():
            if near not in best and chart.on_map(near) and chart.water(near):
                heapq.heappush(queue, (step, near.q, near.r))
    return best


def nearest(here: Hex, places: Iterable[Hex]) -> tuple[int, Hex | None]:
    found = min(((hexes.distance(here, p), p) for p in places), default=(99, None), key=lambda x: (x[0], x[1].q, x[1].r))
    return found

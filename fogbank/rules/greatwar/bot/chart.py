"""The sea as a built-in admiral reads it from his chart: routes his ships may take, the bases and
shipping lanes of both sides, and what the annuals say the enemy's ships carry."""

from __future__ import annotations

import collections
import heapq
from typing import Any, Iterable, Mapping

FAR = 99  # the distance to a zone the side's ships may not reach


def weight(guns) -> int:
    """A ship's gunnery in one figure: primary factors twice, the smaller guns once."""
    return 2 * guns[0] + guns[1] + guns[2]


class Chart:
    def __init__(self, chart: Mapping[str, Any], side: str):
        self.zones: Mapping[str, Any] = chart["zones"]
        self.sides: Mapping[str, Any] = chart["sides"]
        self.ships: Mapping[str, Any] = chart.get("ships", {})
        self.side = side
        self.enemy = next(s for s in self.sides if s != side)
        self.barred = frozenset(self.sides[side].get("barred", ()))
        self.home = self.sides[side]["home"]
        self._before: dict[str, dict[str, str | None]] = {}

    def _tree(self, start: str) -> dict[str, str | None]:
        """Breadth first from `start` over zones the side may enter (names break ties)."""
        if start not in self._before:
            before: dict[str, str | None] = {start: None}
            queue = collections.deque([start])
            while queue:
                here = queue.popleft()
                for there in sorted(self.zones[here]["adjacent"]):
                    if there not in before and there not in self.barred:
                        before[there] = here
                        queue.append(there)
            self._before[start] = before
        return self._before[start]

    def route(self, start: str, goal: str) -> list[str]:
        """The zones after `start` on a shortest way to `goal` ([] if there or out of reach)."""
        before = self._tree(start)
        if goal not in before:
            return []
        route, here = [], goal
        while here != start:
            route.append(here)
            here = before[here]
        return route[::-1]

    def safe_route(self, start: str, goal: str, danger: Iterable[str], cost: int = 4) -> list[str]:
        """The zones after `start` on the cheapest way to `goal`, a zone costing 1 and `cost`
        more where danger is (the enemy's line, his main base); [] if there or out of reach."""
        risky = frozenset(danger)
        best = {start: (0, "")}
        queue = [(0, start)]
        while queue:
            spent, here = heapq.heappop(queue)
            if here == goal:
                break
            if spent > best[here][0]:
                continue
            for there in sorted(self.zones[here]["adjacent"]):
                if there in self.barred:
                    continue
                step = spent + 1 + (cost if there in risky and there != goal else 0)
                if there not in best or step < best[there][0]:
                    best[there] = (step, here)
                    heapq.heappush(queue, (step, there))
        if goal not in best or goal == start:
            return []
        route, here = [], goal
        while here != start:
            route.append(here)
            here = best[here][1]
        return route[::-1]

    def around(self, zone: str, reach: int = 1) -> set[str]:
        """The zones within `reach` of `zone`."""
        return {z for z in self.zones if self.distance(zone, z) <= reach}

    def distance(self, start: str, goal: str) -> int:
        if start == goal:
            return 0
        return len(self.route(start, goal)) or FAR

    def bases(self, side: str) -> list[str]:
        return sorted(z for z, v in self.zones.items() if v.get("base") and v.get("side") == side)

    def own_base(self, zone: str) -> bool:
        return bool(self.zones[zone].get("base")) and self.zones[zone].get("side") == self.side

    def nearest_base(self, zone: str) -> str:
        return min(self.bases(self.side), key=lambda b: (self.distance(zone, b), b))

    def lanes(self, side: str) -> list[str]:
        """The shipping lanes of `side`: where a raider of the other side looks for steamers."""
        return list(self.sides[side].get("shipping", ()))

    def name_of(self, zone: str) -> str:
        return self.zones[zone]["name"]

    def zone_named(self, name: str) -> str | None:
        return next((z for z, v in self.zones.items() if v["name"] == name), None)

    def strength(self, ships) -> int:
        """What the annuals give a list of enemy ships (unknown names count as a light cruiser)."""
        return sum(weight(self.ships[n]["guns"]) if n in self.ships else 2 for n in ships)

    def capital(self, ships) -> bool:
        return any(self.ships.get(n, {}).get("kind") in ("BB", "BC", "B") for n in ships)

"""Built-in admirals: each plays from its seat's chart and views alone.

Raiders make for the enemy's bases, hunters for the freshest report of the enemy, colliers ply
between coal and capital, minelayers lay off the enemy's home; any fleet short of fuel goes home.
"""

from __future__ import annotations

import collections
from typing import Any, Mapping


class FleetBot:
    def __init__(self, chart: Mapping[str, Any], seat: str):
        self.zones = chart["zones"]
        self.sides = chart["sides"]
        self.seat = seat

    def _route(self, start: str, goal: str) -> list[str]:
        """The zones after `start` on a shortest way to `goal` (breadth first, names break ties)."""
        before = {start: None}
        queue = collections.deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(self.zones[here]["adjacent"]):
                if there not in before:
                    before[there] = here
                    queue.append(there)
        route, here = [], goal
        while here != start:
            route.append(here)
            here = before[here]
        return route[::-1]

    def _goal(self, view, fleet) -> tuple[str, str]:
        side = view["side"]
        enemy = next(s for s in self.sides if s != side)
        home = self.sides[side]["home"]
        mission = fleet["mission"]
        if fleet["fuel"] <= 1 and mission != "transport":
            return "refuel", home
        if mission == "transport":
            wanted = self.sides[side].get("deliver") if fleet["loaded"] else self.sides[side].get("load")
            return mission, wanted or fleet["zone"]
        if mission == "escort":
            return mission, fleet["zone"]
        enemy_home = self.sides[enemy]["home"]
        if mission == "lay mines":
            off = sorted(z for z in self.zones[enemy_home]["adjacent"] if not self.zones[z].get("base"))
            return mission, off[0]
        if mission == "intercept":
            fresh = [r for r in view["reports"] if r["age"] <= 1]
            return mission, fresh[-1]["zone"] if fresh else sorted(self.zones[enemy_home]["adjacent"])[-1]
        bases = sorted((z for z, v in self.zones.items() if v.get("side") == enemy and v.get("base")),
                       key=lambda z: (len(self._route(fleet["zone"], z)), z))
        return ("raid" if mission == "refuel" else mission), bases[(view["turn"] // 4) % len(bases)]

    def order(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        if view["phase"] != "orders":
            return {"fleets": {}}
        plots = {}
        for fleet in view["fleets"]:
            if fleet["seat"] != self.seat or fleet["returning"] or fleet["ahead"]:
                continue
            mission, goal = self._goal(view, fleet)
            route = self._route(fleet["zone"], goal)
            step = 1 if fleet["fuel"] <= 0 else fleet["speed"]
            path = [] if fleet["held"] else route[:step]
            ahead, rest = [], route[len(path):]
            for _ in range(fleet["must_plot"] - 1):
                ahead.append(rest[:step])
                rest = rest[step:]
            plots[fleet["id"]] = {"mission": mission, "path": path, "ahead": ahead, "tactics": self._tactics(fleet, mission)}
        return {"fleets": plots}

    @staticmethod
    def _tactics(fleet, mission: str) -> dict:
        """How the fleet fights if it meets the enemy: missions that need no battle stand (or keep
        off, with smoke, when carrying cargo); a fleet already badly hurt keeps off and breaks off
        early; destroyers go for small ships, the big guns for the biggest."""
        hull = sum(s["hull"] for s in fleet["ships"])
        left = hull - sum(s["hits"] for s in fleet["ships"])
        hurt = left * 5 < hull * 3
        posture = "stand" if mission in ("bombard", "lay mines", "refuel") else "keep_off" if mission == "transport" or hurt else "close"
        big_guns = any(s["guns"][0] for s in fleet["ships"])
        return {"posture": posture, "smoke": posture == "keep_off", "break_off": 0.75 if hurt else 0.5,
                "torpedoes": True, "target": "biggest" if big_guns else "small"}

    def standing(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        return {"fleets": {}}

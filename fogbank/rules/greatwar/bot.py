"""Built-in admirals: each plays from its seat's chart and views alone.

Raiders make for the enemy's bases, hunters for the freshest report of the enemy, colliers ply
between coal and capital, minelayers lay off the enemy's home; any fleet short of fuel goes home.
The choices the rules leave to a seat: a good intelligence report goes to the fleet bound longest
by old plots (an interceptor first when there is fresh news of the enemy), seaplanes go for the
biggest fleet reported in reach, and port repair mends speed unless the ship is near sinking.
"""

from __future__ import annotations

import collections
from typing import Any, Mapping


class FleetBot:
    def __init__(self, chart: Mapping[str, Any], seat: str):
        self.zones = chart["zones"]
        self.sides = chart["sides"]
        self.seat = seat
        self.barred: frozenset[str] = frozenset()  # zones closed to this seat's side (known at its first view)

    def _route(self, start: str, goal: str) -> list[str]:
        """The zones after `start` on a shortest way to `goal` (breadth first, names break ties)."""
        before = {start: None}
        queue = collections.deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(self.zones[here]["adjacent"]):
                if there not in before and there not in self.barred:
                    before[there] = here
                    queue.append(there)
        route, here = [], goal
        if goal not in before:
            return []
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
            off = sorted(z for z in self.zones[enemy_home]["adjacent"]
                         if not self.zones[z].get("base") and self.zones[z]["kind"] == "coastal" and z not in self.barred)
            return mission, off[0]
        if mission == "intercept":
            fresh = [r for r in view["reports"] if r["age"] <= 1]
            return mission, fresh[-1]["zone"] if fresh else sorted(self.zones[enemy_home]["adjacent"])[-1]
        bases = sorted((z for z, v in self.zones.items() if v.get("side") == enemy and v.get("base") and z not in self.barred),
                       key=lambda z: (len(self._route(fleet["zone"], z)), z))
        return ("raid" if mission == "refuel" else mission), bases[(view["turn"] // 4) % len(bases)]

    def order(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        if view["phase"] != "orders":
            return {"fleets": {}}
        self.barred = frozenset(self.sides[view["side"]].get("barred", ()))
        choices = view.get("choices", [])
        report = next((c for c in choices if c["kind"] == "intelligence"), None)
        freed = self._intelligence(view, report) if report else None
        plots = {}
        for fleet in view["fleets"]:
            if fleet["seat"] != self.seat or fleet["returning"] or (fleet["ahead"] and fleet["id"] != freed):
                continue
            mission, goal = self._goal(view, fleet)
            if fleet["id"] == freed and report["event"] == "situation clarifies":  # this turn stands
                start = fleet["ahead"][0][-1] if fleet["ahead"][0] else fleet["zone"]
                plots[fleet["id"]] = {"mission": fleet["mission"], "path": list(fleet["ahead"][0]),
                                      "ahead": self._legs(fleet, self._route(start, goal), 2),
                                      "tactics": self._tactics(fleet, fleet["mission"])}
                continue
            must_plot = 1 if fleet["id"] == freed else fleet["must_plot"]
            if not self._in_port(view, fleet):
                mission = fleet["mission"]  # a mission is the sortie's
            legs = self._legs(fleet, self._route(fleet["zone"], goal), must_plot, held=fleet["held"])
            plot = {"mission": mission, "path": legs[0], "ahead": legs[1:], "tactics": self._tactics(fleet, mission)}
            if mission == "lay mines":
                if not any(s["mines"] for s in fleet["ships"]):
                    continue  # its mines spent: it stays until it takes more on
                plot["mines_at"] = goal
            if mission == "escort":
                continue  # nothing of its own to plot: it sails with its charge
            plots[fleet["id"]] = plot
        out: dict[str, Any] = {"fleets": plots}
        if freed:
            out["intelligence"] = freed
        seaplanes = {c["base"]: self._seaplane_target(view, c) for c in choices if c["kind"] == "seaplanes" and c["tracks"]}
        if seaplanes:
            out["seaplanes"] = seaplanes
        repair = {c["ship"]: self._repair(view, c) for c in choices if c["kind"] == "repair"}
        if repair:
            out["repair"] = repair
        return out

    def _in_port(self, view, fleet) -> bool:
        zone = self.zones[fleet["zone"]]
        return bool(zone.get("base")) and zone.get("side") == view["side"]

    def _legs(self, fleet, route: list[str], turns: int, held: bool = False) -> list[list[str]]:
        """`route` cut into `turns` turns' moves at the fleet's pace (none this turn if held)."""
        step = 1 if fleet["fuel"] <= 0 else fleet["zones_per_turn"]
        legs, rest = [], list(route)
        for turn in range(turns):
            leg = [] if held and turn == 0 else rest[:step]
            legs.append(leg)
            rest = rest[len(leg):]
        return legs

    def _intelligence(self, view, report) -> str | None:
        """Of this seat's fleets the report offers: an interceptor if the enemy was seen lately,
        else the one with the most turns still plotted ahead (ties: the first by id)."""
        mine = [f for f in report["fleets"] if f["seat"] == self.seat]
        if not mine:
            return None
        fresh = any(r["age"] <= 1 for r in view["reports"])
        return min(mine, key=lambda f: (not (fresh and f["mission"] == "intercept"), -len(f["ahead"]), f["id"]))["id"]

    def _seaplane_target(self, view, choice) -> int:
        """The track in reach last seen with the most ships (raiders' ships untold count as one)."""
        latest = {r["track"]: r for r in view["reports"] if r.get("track") is not None}
        return max(choice["tracks"], key=lambda n: (len((latest.get(n) or {}).get("ships") or [None]), -n))

    def _repair(self, view, choice) -> str:
        ship = next(s for f in view["fleets"] for s in f["ships"] if s["name"] == choice["ship"])
        return "box" if ship["hull"] - ship["hits"] <= 2 or not choice["speed_lost"] else "speed"

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

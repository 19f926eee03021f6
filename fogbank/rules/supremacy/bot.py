"""A built-in captain for any seat: closes the enemy to a fighting range, then steams across his
bearing to keep every turret bearing, and fires each group at the nearest enemy it can reach.
It plays from its seat's chart and views alone."""

from __future__ import annotations

from typing import Any, Mapping

from .geometry import arc_degrees, bearing, distance, in_arc, relative
from .moves import Ahead, parse_move

FIGHTING_RANGE = 400  # tenths: about 6.7 nautical miles
TORPEDO_RANGE = 250  # tenths: well inside every torpedo's run
DEGREES_PER_QUARTER = arc_degrees(25, 400)  # the regular circle, a quarter inch of turn


class Captain:
    def __init__(self, chart: Mapping[str, Any]):
        self.ships = {s["name"]: s for s in chart["ships"]}

    def order(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        mine = [s for s in view["ships"] if not s["sunk"]]
        if view["phase"] == "write_moves" and view.get("write_ahead"):
            # At night until contact: three moves ahead for a ship with none left written, else nothing.
            return {"ships": {s["name"]: {"moves": self.moves_ahead(s, view)} for s in mine if not s["ahead"]}}
        if view["phase"] == "write_moves":
            return {"ships": {s["name"]: {"move": self.move(s, view)} for s in mine}}
        if view["phase"] == "searchlights":
            return {"ships": {s["name"]: {"searchlight": self.searchlight(s, view)} for s in mine
                              if self.searchlight(s, view) is not None}}
        if view["phase"] == "torpedoes":
            return {"ships": {s["name"]: {"torpedoes": self.torpedoes(s, view)} for s in mine}}
        return {"ships": {s["name"]: {"fire": self.fire(s, view)} for s in mine}}

    def searchlight(self, ship: Mapping[str, Any], view: Mapping[str, Any]) -> int | None:
        """At night, light the nearest enemy she sees, so her consorts may see it too."""
        enemies = self.enemies(ship, view, seen_by_ship=True)
        if not enemies or "lights" in ship["effects"]:
            return None
        return bearing(tuple(ship["at"]), tuple(enemies[0]["at"]))

    def torpedoes(self, ship: Mapping[str, Any], view: Mapping[str, Any]) -> list:
        """A narrow spread from a ready bank at the nearest enemy she sees within 25 inches."""
        if "sectorp" in ship["effects"]:
            return []
        at, arcs = tuple(ship["at"]), {b["name"]: tuple(b["arc"]) for b in self.ships[ship["name"]]["banks"]}
        for enemy in self.enemies(ship, view, seen_by_ship=True)[:1]:
            if distance(at, tuple(enemy["at"])) > TORPEDO_RANGE:
                continue
            course = bearing(at, tuple(enemy["at"]))
            for bank in ship["banks"]:
                if not bank["out"] and not bank["fired"] and in_arc(relative(course, ship["course"]), arcs[bank["name"]]):
                    return [{"bank": bank["name"], "course": course, "spread": "fan" if ship["chasing"] else "narrow"}]
        return []

    def standing(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        return {"ships": {}}

    def enemies(self, ship: Mapping[str, Any], view: Mapping[str, Any], seen_by_ship: bool) -> list:
        side = self.ships[ship["name"]]["side"]
        return sorted(
            (c for c in view["contacts"] if c["side"] != side and (not seen_by_ship or ship["name"] in c["seen_by"])),
            key=lambda c: distance(tuple(ship["at"]), tuple(c["at"])),
        )

    def moves_ahead(self, ship: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
        """This turn's move, then straight on at her speed (nobody in sight to steer for)."""
        return Ahead((parse_move(self.move(ship, view)),)).straight_on().written()

    def move(self, ship: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        if ship["first_move"]:
            return ship["first_move"]
        least, most = ship["speed_range"]
        quarters = max(least, most) * 2
        if ship["backwards"] and ship["speed"] > 0:
            quarters = least * 2  # stop first
        if quarters == 0:
            return ""
        enemies = self.enemies(ship, view, seen_by_ship=False)
        if not enemies or ship["on_course"] or ship["rudder"] != "working":
            return f"A{quarters / 4:g}" if not ship["backwards"] else f"B{quarters / 4:g}"
        target = enemies[0]
        at = tuple(ship["at"])
        to = bearing(at, tuple(target["at"]))
        close = distance(at, tuple(target["at"])) > FIGHTING_RANGE
        # Closing: head for the enemy; at range: steer across his bearing, the nearer way; badly
        # hurt: turn away, chasing splash if she can make 25 knots, else behind her own smoke.
        hurt = ship["damage"] * 5 >= ship["points"] * 3
        wanted = to if close else min(((to + 70) % 360, (to - 70) % 360), key=lambda c: _apart(c, ship["course"]))
        special = []
        if hurt:
            wanted = (to + 180) % 360
            if ship["top_speed"] >= 25 and quarters >= 24:
                special, quarters = ["CS"], quarters - 12
            elif ship["smoke_left"]:
                special = ["LS"]
        change = ((wanted - ship["course"] + 540) % 360) - 180
        turn_quarters = min(abs(change) // DEGREES_PER_QUARTER, 8, quarters)  # at most 2 inches: keep shooting
        straight = quarters - turn_quarters
        words = list(special)
        if turn_quarters:
            words.append(f"{'R' if change > 0 else 'L'}{turn_quarters / 4:g}")
        if straight:
            words.append(f"A{straight / 4:g}")
        return " ".join(words)

    def fire(self, ship: Mapping[str, Any], view: Mapping[str, Any]) -> list:
        if ship["chasing"]:
            return []
        effects = ship["effects"]
        silent = {"mains": "silent" in effects or "cease" in effects,
                  "secondaries": any(k in effects for k in ("cease", "sectorp", "secall"))}
        plan, at = [], tuple(ship["at"])
        groups: dict[str, list] = {}
        for mount in ship["mounts"]:
            if not mount["out"] and mount["salvos_left"] > 0 and mount["guns"] > 0 and not silent[mount["battery"]]:
                groups.setdefault(mount["group"], []).append(mount)
        arcs = {m["name"]: tuple(m["arc"]) for m in self.ships[ship["name"]]["mounts"]}
        for group, mounts in groups.items():
            for enemy in self.enemies(ship, view, seen_by_ship=True):
                rel = relative(bearing(at, tuple(enemy["at"])), ship["course"])
                if any(in_arc(rel, arcs[m["name"]]) for m in mounts):
                    plan.append({"group": group, "target": enemy["ship"]})
                    break
        return plan


def _apart(a: int, b: int) -> int:
    return abs(((a - b + 540) % 360) - 180)

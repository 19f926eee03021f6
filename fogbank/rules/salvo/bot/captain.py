"""The built-in captain (see the package docstring)."""

from __future__ import annotations

from typing import Any, Mapping

from .. import hexes
from ..hexes import Hex

WATER = set(".,~")
DUMMY_SPEED = 3  # a dummy steams like the battleships it pretends to be
TURN_LIMIT = {"capital": 2, "screen": 3, "zeppelin": 3, "dummy": 3}
DUMMIES_IN_PLAY = 2  # 12.22: at most two dummies in play for a side
SEARCHLIGHT_REACH = 4  # hexes: close enough to fight what the beam shows, since it shows the beam too
SMOKE_REACH = 2  # hexes from a damaged capital ship that a screen covers with smoke


class Captain:
    def __init__(self, scenario: str, seat: str, chart: Mapping[str, Any], dummies: bool = False) -> None:
        self.scenario, self.seat = scenario, seat
        self.dummies = dummies  # whether this seat's side may place dummies (the briefing says so)
        self.terrain = {
            hexes.from_offset(c + 1, r + 1): ch for r, line in enumerate(chart["terrain"]) for c, ch in enumerate(line)
        }
        self.mined = {hexes.parse(h) for h in chart["minefields"]}
        self.exits = [hexes.parse(h) for h in chart["exit_hexes"]]
        self.forts = {f["id"] for f in chart["forts"]}

    def order(self, view: Mapping[str, Any]) -> dict[str, Any]:
        phase = view["phase"]
        if phase in ("sight_first", "sight_second"):
            return self._sight(view)
        if phase == "movement":
            return self._move(view)
        if phase == "gunfire":
            return self._fire(view)
        return {}

    def standing(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return {}

    # Phase One.

    def _sight(self, view) -> dict[str, Any]:
        order: dict[str, Any] = {}
        if view["mines_to_lay"]:
            order["mines"] = self._mines(view)
        if view["night"]:
            shells = {}
            for ship in self._afloat(view):
                if ship["starshells"]:
                    enemy = self._nearest(ship, self._enemies(view), 6)
                    if enemy is not None:
                        shells[ship["id"]] = enemy["hex"]
            if shells:
                order["starshells"] = shells
            lights = self._searchlights(view, set(shells))
            if lights:
                order["searchlights"] = lights
        return order

    def _searchlights(self, view, busy: set[str]) -> dict[str, int]:
        """A ship without radar turns its beam on the nearest enemy close enough to fight at once."""
        lights = {}
        for ship in self._afloat(view):
            if ship["searchlight"] and not ship["radar"] and ship["id"] not in busy:
                enemy = self._nearest(ship, [e for e in self._enemies(view) if e["kind"] != "fort"], SEARCHLIGHT_REACH)
                if enemy is not None:
                    lights[ship["id"]] = enemy["label"]
        return lights

    def _mines(self, view) -> list[str]:
        """Two open hexes of the narrowest known water short of the known fields, free of ships."""
        own = {hexes.parse(s["hex"]) for s in view["ships"]}
        fields = sorted(self.mined, key=lambda h: (h.row, h.column))
        picks = []
        for field in fields:
            for n in field.neighbours():
                if self.terrain.get(n, "#") in ",~" and n not in self.mined and n not in own and n not in picks and n.row > field.row:
                    picks.append(n)
        if len(picks) < 2:
            picks += [h for h in sorted(self.terrain) if self.terrain[h] in ".," and h not in picks and h not in self.mined]
        return [hexes.number(h) for h in picks[:2]]

    # Movement.

    def _move(self, view) -> dict[str, Any]:
        moves, attacks = {}, {}
        enemies = self._enemies(view)
        for ship in self._afloat(view):
            if ship["kind"] in ("fort", "dummy"):  # a dummy holds course and speed (any speed: no path search)
                continue
            goal = self._goal(ship, enemies)
            path = self._best_path(ship, goal)
            moves[ship["id"]] = path
            if ship["kind"] == "zeppelin" and enemies:
                target = self._nearest(ship, [e for e in enemies if e["kind"] in ("capital", "screen", "marker")], 99)
                if target is not None:
                    attacks[ship["id"]] = target["label"]
        order: dict[str, Any] = {"moves": moves}
        if attacks:
            order["attacks"] = attacks
        dummies = self._new_dummies(view, moves)
        if dummies:
            order["dummies"] = dummies
        return order

    def _smoke(self, view, enemies) -> list[str]:
        """Screens lay smoke beside a damaged capital ship of their own while an enemy is in sight."""
        if not any(e["detected"] for e in enemies):
            return []
        hurt = [hexes.parse(s["hex"]) for s in self._afloat(view) if s["kind"] == "capital" and s["w"]]
        return [s["id"] for s in self._afloat(view) if s["kind"] == "screen"
                and any(hexes.distance(hexes.parse(s["hex"]), h) <= SMOKE_REACH for h in hurt)]

    def _new_dummies(self, view, moves) -> list[dict[str, Any]]:
        """A new dummy starts in a capital ship's hex and sails its path: once they have moved, the
        other side cannot tell which marker was the ship."""
        if not self.dummies:
            return []
        in_play = sum(1 for s in self._afloat(view) if s["kind"] == "dummy")
        capitals = [s for s in self._afloat(view) if s["kind"] == "capital" and moves.get(s["id"])]
        return [{"hex": s["hex"], "facing": s["facing"], "path": moves[s["id"]]}
                for s in capitals[: max(0, DUMMIES_IN_PLAY - in_play)]]

    def _goal(self, ship, enemies) -> Hex | None:
        if self.exits:
            return None  # the exit itself: see _score
        target = self._nearest(ship, enemies, 99)
        if target is None:
            return None
        return hexes.parse(target["hex"])

    def _best_path(self, ship, goal: Hex | None) -> str:
        start, facing = hexes.parse(ship["hex"]), ship["facing"] or "A"
        speed = min(ship["max_speed"], DUMMY_SPEED) if ship["kind"] == "dummy" else ship["max_speed"]
        limit = TURN_LIMIT.get(ship["kind"], 2)
        best, best_score = "", None
        for path in _paths(speed, limit):
            score = self._score(ship, start, facing, path, goal)
            if score is not None and (best_score is None or score < best_score):
                best, best_score = path, score
        return best

    def _score(self, ship, start: Hex, facing: str, path: str, goal: Hex | None):
        here, face = start, facing
        for c in path:
            if c in "LR":
                face = hexes.turn(face, -1 if c == "L" else 1)
                continue
            ahead = here.step(face)
            if ahead not in self.terrain:
                return (-1, len(path)) if here in self.exits and self.exits else None
            if ship["kind"] != "zeppelin" and (self.terrain[ahead] not in WATER or ahead in self.mined):
                return None
            here = ahead
        if self.exits:
            return (min(hexes.distance(here, e) for e in self.exits), len(path))
        if goal is None:
            return (-path.count("F"), len(path))
        gap = hexes.distance(here, goal)
        keep = min(ship["range"], 8) if ship["kind"] != "zeppelin" else 0
        return (abs(gap - keep), len(path))

    # Gunfire.

    def _fire(self, view) -> dict[str, Any]:
        fire = {}
        enemies = [e for e in self._enemies(view) if e["detected"] and not e["destroyed"]]
        ships = [e for e in enemies if e["kind"] in ("capital", "screen", "zeppelin")]
        for unit in self._afloat(view):
            plan = {}
            if unit["attack"]:
                target = self._nearest(unit, [e for e in enemies if e["kind"] != "zeppelin"], unit["range"])
                zep = self._nearest(unit, [e for e in enemies if e["kind"] == "zeppelin"], 2)
                target = zep or target
                if target is not None:
                    plan["target"] = target["label"]
            if unit["secondary"]:
                near = self._nearest(unit, [e for e in ships if e["kind"] != "zeppelin"], 5)
                if near is not None:
                    plan["secondary"] = near["label"]
            if unit["torpedoes"] and unit["salvoes"]:
                near = self._nearest(unit, [e for e in ships if e["kind"] in ("capital", "screen")], unit["torpedo_range"])
                if near is not None:
                    plan["torpedo"] = near["label"]
            if plan:
                fire[unit["id"]] = plan
        smoke = self._smoke(view, self._enemies(view))
        return {"fire": fire, "smoke": smoke} if smoke else {"fire": fire}

    # Helpers.

    @staticmethod
    def _afloat(view):
        return [s for s in view["ships"] if not s["sunk"] and not s["exited"]]

    @staticmethod
    def _enemies(view):
        return [c for c in view["contacts"] if not c["friendly"]]

    @staticmethod
    def _nearest(unit, contacts, reach):
        here = hexes.parse(unit["hex"])
        scored = [(hexes.distance(here, hexes.parse(c["hex"])), c["label"], c) for c in contacts]
        scored = [s for s in scored if s[0] <= reach]
        return min(scored, key=lambda s: s[:2])[2] if scored else None


def _paths(speed: int, turns: int) -> list[str]:
    """Every path of up to `speed` hexes with at most `turns` turns of one hexside each."""
    found = {""}
    frontier = {("", 0, False)}
    for _ in range(speed * 2):
        nxt = set()
        for path, used, turned_here in frontier:
            if path.count("F") >= speed:
                continue
            nxt.add((path + "F", used, False))
            if not turned_here and used < turns:
                nxt.add((path + "L", used + 1, True))
                nxt.add((path + "R", used + 1, True))
        frontier = nxt
        found |= {p for p, _, _ in nxt}
    return sorted(found, key=lambda p: (len(p), p))

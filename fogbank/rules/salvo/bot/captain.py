"""The standard captain (see the package docstring): plays any Salvo seat from its chart, briefing,
the game's options and its own luck, and then its seat's views alone."""

from __future__ import annotations

import functools
import random
from typing import Any, Mapping

from .. import checks, hexes
from ..hexes import Hex
from ..units import TURNS_ALLOWED
from . import helm
from .plans import Plan, plan_for

DUMMIES_IN_PLAY = 2  # 12.22
STARSHELL_REACH = 6  # hexes from the firing ship to the burst
SEARCHLIGHT_REACH = 4  # close enough to fight what the beam shows: it shows the holder too
MINE_COST = 8  # a known mined hex is worth this many hexes of open water to go round


@functools.lru_cache(maxsize=16)
def _sea(name: str, terrain: tuple[str, ...], columns: int, rows: int, heavy_seas: bool, visibility: int) -> checks.Sea:
    """The seat's waters, built once a process for each chart (so caches of lines and paths last)."""
    chart = {"name": name, "terrain": list(terrain), "columns": columns, "rows": rows}
    return checks.Sea.from_chart(chart, {"set_up_visibility": visibility}, {"heavy_seas": heavy_seas})


class Captain:
    """The standard player of a Salvo seat: moves each ship by its plan's goal, fires every gun the
    rules' own checks allow at the best target, and uses the rules the scenario offers (smoke when
    outgunned, dummies beside its capital ships, starshells and searchlights at night, fire across
    the peninsula with a spotter, secret mines varied by its luck)."""

    def __init__(self, scenario: str, seat: str, side: str, chart: Mapping[str, Any], briefing: Mapping[str, Any],
                 options: Mapping[str, Any], luck: int = 0) -> None:
        self.scenario, self.seat, self.side = scenario, seat, side
        self.chart, self.briefing = chart, briefing
        self.random = random.Random(luck)
        heavy = bool(options.get("heavy_seas", briefing.get("heavy_seas", False)))
        self.sea = _sea(chart["name"], tuple(chart["terrain"]), chart["columns"], chart["rows"], heavy,
                        briefing.get("set_up_visibility", briefing.get("visibility", 0)))
        self.map = self.sea.map
        own_exit = chart.get("exit_side") in (side, None)
        self.exits = frozenset(hexes.parse(h) for h in chart.get("exit_hexes", ())) if own_exit else frozenset()
        self.printed_mines = frozenset(hexes.parse(h) for h in chart.get("minefields", ()))
        self.plan: Plan = plan_for(self)
        self.last_targets: dict[str, int] = {}  # firer -> label fired at last turn (12.61)

    # The Bot interface.

    def order(self, view: Mapping[str, Any]) -> dict[str, Any]:
        phase = view["phase"]
        if phase in ("sight_first", "sight_second"):
            return self.declare(view)
        if phase == "movement":
            return self.move(view)
        if phase == "gunfire":
            return self.fire(view)
        return {}

    def standing(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return {}

    # Phase One: secret mines, starshells, searchlights.

    def declare(self, view) -> dict[str, Any]:
        order: dict[str, Any] = {}
        if view["mines_to_lay"]:
            order["mines"] = self.plan.mines(view, view["mines_to_lay"])
        if not view["night"]:
            return order
        shells, lights = self.night_lights(view)
        if shells:
            order["starshells"] = shells
        if lights:
            order["searchlights"] = lights
        return order

    def night_lights(self, view) -> tuple[dict[str, str], dict[str, int]]:
        """Each ship's starshell (a hex) and searchlight (a contact's label) for the night's sighting."""
        enemies = [c for c in self.enemies(view) if c["kind"] != "fort"]
        shells, lights = {}, {}
        for ship in self.afloat(view):
            if "no power" in " ".join(ship.get("hurt_now", ())):
                continue
            if ship.get("radar") and self.plan.radar_holds_starshells:
                continue
            here = hexes.parse(ship["hex"])
            away = lambda c, here=here: (hexes.distance(here, hexes.parse(c["hex"])), c["label"])  # noqa: E731
            close = [c for c in enemies if c["detected"] and not c.get("lit") and away(c)[0] <= SEARCHLIGHT_REACH]
            near = [c for c in enemies if not c.get("lit") and away(c)[0] <= STARSHELL_REACH]
            if ship["searchlight"] and not ship.get("radar") and close:
                lights[ship["id"]] = min(close, key=away)["label"]  # close enough to fight what the beam shows
            elif ship["starshells"] and near:
                shells[ship["id"]] = min(near, key=away)["hex"]
            elif ship["starshells"] and self.plan.probe_with_starshells and ship["facing"] and self.random.random() < 0.5:
                shells[ship["id"]] = hexes.number(self._clamp(here.step(ship["facing"], STARSHELL_REACH - 1)))
        return shells, lights

    def _clamp(self, where: Hex) -> Hex:
        """The nearest hex on the map (a starshell aimed past its edge bursts at the edge)."""
        if self.map.on_map(where):
            return where
        return min(self.map.terrain, key=lambda h: (hexes.distance(h, where), h.q, h.r))

    # Movement.

    def move(self, view) -> dict[str, Any]:
        order: dict[str, Any] = {}
        moves, attacks = {}, {}
        taken: set[Hex] = set()  # hexes other ships of this seat end in: spread out a little
        for ship in sorted(self.afloat(view), key=lambda s: s["id"]):
            if ship["kind"] == "fort":
                continue
            end = self.steer(view, ship, taken)
            if end is None:
                continue
            moves[ship["id"]] = end.path
            taken.add(end.hex)
            if ship["kind"] == "zeppelin":
                target = self.plan.zeppelin_target(view, ship, end)
                if target is not None:
                    attacks[ship["id"]] = target
        if moves:
            order["moves"] = moves
        if attacks:
            order["attacks"] = attacks
        dummies = self.new_dummies(view, moves)
        if dummies:
            order["dummies"] = dummies
        return order

    def steer(self, view, ship, taken: set[Hex]) -> helm.End | None:
        """The best end this ship's plan sees among every end a legal path reaches."""
        speed = ship["max_speed"] if ship["kind"] != "dummy" else self.plan.dummy_speed(ship)
        if "torpedo attack" in view.get("effects", ()) and ship["kind"] == "screen":
            speed += 2
        start = hexes.parse(ship["hex"])
        options = helm.ends(self.map, start, ship["facing"] or "A", speed, TURNS_ALLOWED.get(ship["kind"], 2),
                            ship["kind"] == "zeppelin")
        score = self.plan.scorer(view, ship)
        best, best_score = None, None
        for end in options:
            if end.off and not self.plan.may_leave(ship, end):
                continue
            value = score(end) + (0.5 if end.hex in taken and not end.off else 0)
            if best_score is None or value < best_score or (value == best_score and end.path < best.path):
                best, best_score = end, value
        return best

    def new_dummies(self, view, moves) -> list[dict[str, Any]]:
        """12.22: a new dummy starts in one of the seat's capital ships' hexes and steams away on
        a path of its own, so the enemy cannot tell which marker was the ship."""
        if not self.briefing.get("dummies") or not self.plan.place_dummies:
            return []
        in_play = sum(1 for s in self.afloat(view) if s["kind"] == "dummy") + sum(
            1 for s in view.get("friends", ()) if s["kind"] == "dummy" and not s["sunk"] and not s["exited"])
        capitals = [s for s in self.afloat(view) if s["kind"] == "capital"]
        placed = []
        for ship in self.random.sample(capitals, len(capitals)):
            if in_play + len(placed) >= DUMMIES_IN_PLAY:
                break
            probe = dict(ship, id="new", kind="dummy", max_speed=ship["max_speed"])
            end = self.steer(view, probe, {hexes.parse(ship["hex"])})
            real = moves.get(ship["id"])
            if end is None or end.path == real:
                continue
            placed.append({"hex": ship["hex"], "facing": ship["facing"], "path": end.path})
        return placed

    # Gunfire.

    def fire(self, view) -> dict[str, Any]:
        fire: dict[str, dict[str, Any]] = {}
        enemies = [c for c in self.enemies(view) if c["detected"] and not c["destroyed"]]
        own = {u["id"]: u for u in (*view["ships"], *view.get("friends", ()))}
        for unit in self.afloat(view):
            if unit["kind"] in ("dummy", "zeppelin"):
                continue
            plan: dict[str, Any] = {}
            for battery in ("target", "secondary", "torpedo"):
                if battery == "torpedo" and not self.plan.fire_torpedoes(view, unit):
                    continue
                choice = self.pick_target(view, unit, battery, enemies, own)
                if choice is not None:
                    label, spotter = choice
                    plan[battery] = label
                    if spotter:
                        plan["spotter"] = spotter
            if plan:
                fire[unit["id"]] = plan
                if "target" in plan:
                    self.last_targets[unit["id"]] = plan["target"]
        order: dict[str, Any] = {"fire": fire}
        smoke = self.plan.smoke(view)
        if smoke:
            order["smoke"] = smoke
        return order

    def pick_target(self, view, unit, battery, enemies, own) -> tuple[int, str | None] | None:
        """The best contact this battery may fire at (the rules' own checks say which may), and the
        spotter for fire across land if it needs one."""
        best, best_rank = None, None
        for contact in enemies:
            spotter = None
            problem = checks.shot_problem(self.sea, view, unit, battery, contact)
            if problem and problem[0] == "land_in_the_way" and battery == "target" and contact["kind"] == "fort":
                for friend in own.values():
                    if (friend["id"] != unit["id"] and friend["kind"] in ("capital", "screen")
                            and not friend["sunk"] and not friend["exited"]):
                        if checks.shot_problem(self.sea, view, unit, battery, contact, friend) is None:
                            spotter, problem = friend["id"], None
                            break
            if problem:
                continue
            rank = self.plan.target_rank(view, unit, battery, contact, self.last_targets.get(unit["id"]))
            if best_rank is None or rank < best_rank:
                best, best_rank = (contact["label"], spotter), rank
        return best

    # What the seat's view shows.

    @staticmethod
    def afloat(view) -> list[dict[str, Any]]:
        return [s for s in view["ships"] if not s["sunk"] and not s["exited"]]

    @staticmethod
    def enemies(view) -> list[dict[str, Any]]:
        return [c for c in view["contacts"] if not c["friendly"]]

"""The standard built-in admiral: plays a seat's fleets from its chart and views alone.

Each fleet sails with a purpose its ships suit, chosen in port and kept for the sortie (a mission
is the sortie's): colliers ply between the coal and the capital, a light escort beside them; a
minelayer lays where the enemy's raiders have been reported most (Russia: in the coal port, as
the battle fleet sails to shell it); light squadrons raid the enemy's shipping lanes, turning to
intercept a weaker fleet reported near; a capital squadron intercepts what is reported within
reach and otherwise bombards the enemy bases it has not shelled yet, one after another, where the
enemy's battle fleet was not lately seen (Goeben raids the Russian coast between times, and
steers round the Russian line); gunboats guard their port. A fleet
short of fuel or badly hurt goes home, and stays in port while it mends. In battle a fleet that
may meet a stronger one keeps off and breaks off when outgunned; the battle line closes and breaks
off at half its hull. It remembers what its seat was told (reports, its side's bombardments) and
nothing else; `luck` varies its choices from game to game.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

import attrs

from .chart import weight
from .picture import Picture

HURT = 0.6  # a fleet with less than this share of its hull left goes home


@attrs.frozen
class Sortie:
    """What a fleet sails to do: its mission, the zone it makes for, and what the plot names."""

    mission: str
    goal: str
    escort: str | None = None
    mines_at: str | None = None


class Admiral(Picture):
    def __init__(self, chart: Mapping[str, Any], seat: str, luck: int = 0, options: Mapping[str, Any] | None = None):
        self.seat = seat
        # With battles fought to a finish on the hex map, a fleet cannot count on slipping away
        # from a stronger one once met: it gives the enemy's line a wider berth.
        self.hex = (options or {}).get("battles") == "hex"
        self.random = random.Random(luck)
        self.goals: dict[str, Sortie] = {}  # fleet id -> the sortie it is on
        Picture.__init__(self, chart)

    # -- the order ---------------------------------------------------------------------------

    def order(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        if view["phase"] != "orders":
            return {"fleets": {}}
        self.learn(view)
        choices = view.get("choices", [])
        report = next((c for c in choices if c["kind"] == "intelligence"), None)
        freed = self._intelligence(view, report) if report else None
        plots = {}
        for fleet in view["fleets"]:
            if fleet["seat"] != self.seat or fleet["returning"] or (fleet["ahead"] and fleet["id"] != freed):
                continue
            plot = self.plot(view, fleet, freed, report)
            if plot is not None:
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

    def standing(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        return {"fleets": {}}

    def plot(self, view, fleet, freed, report) -> dict | None:
        sea = self.sea
        in_port = sea.own_base(fleet["zone"])
        may_choose = in_port or (fleet["id"] == freed and report["event"] == "this just in")
        if in_port and self.mending(fleet):
            self.goals.pop(fleet["id"], None)
            return None  # stays in port while damage control and the yard mend it
        if fleet["mission"] == "escort" and fleet.get("escorting") and not in_port:
            return None  # it sails with its charge
        sortie = self.sortie(view, fleet) if may_choose else self.at_sea(view, fleet)
        if sortie is None:
            return None
        self.goals[fleet["id"]] = sortie
        if sortie.mission == "escort":
            return {"mission": "escort", "path": [], "escort": sortie.escort, "tactics": self.tactics(view, fleet, sortie)}
        if fleet["id"] == freed and report["event"] == "situation clarifies":  # this turn's plot stands
            start = fleet["ahead"][0][-1] if fleet["ahead"][0] else fleet["zone"]
            return {"mission": fleet["mission"], "path": list(fleet["ahead"][0]),
                    "ahead": self.legs(fleet, self.way(fleet, sortie.goal, start), 2), **self._named(fleet["mission"], fleet, sortie)}
        must_plot = 1 if fleet["id"] == freed else fleet["must_plot"]
        legs = self.legs(fleet, self.way(fleet, sortie.goal), must_plot, held=fleet["held"])
        if sortie.mission == fleet["mission"] and not any(legs) and not self._named(sortie.mission, fleet, sortie):
            return None  # nothing to change: it stays on its mission
        return {"mission": sortie.mission, "path": legs[0], "ahead": legs[1:],
                "tactics": self.tactics(view, fleet, sortie), **self._named(sortie.mission, fleet, sortie)}

    @staticmethod
    def _named(mission: str, fleet, sortie: Sortie) -> dict:
        if mission == "lay mines" and sortie.mines_at:
            return {"mines_at": sortie.mines_at}
        return {}

    def way(self, fleet, goal: str, start: str | None = None) -> list[str]:
        """The route to `goal`, round the enemy's main base and his line lately seen, unless that
        is where it is going (the battle line itself goes straight)."""
        sea = self.sea
        start = start or fleet["zone"]
        if self.role(fleet) == "capital" and sea.side == "russia":
            return sea.route(start, goal)
        danger = sea.around(sea.sides[sea.enemy]["home"])
        for s in self.fresh(3 if self.hex else 2):
            if s.ships and sea.capital(s.ships):
                danger |= sea.around(s.zone, 2 if self.hex else 1)
        return sea.safe_route(start, goal, danger, cost=10 if self.hex else 4)

    def legs(self, fleet, route: list[str], turns: int, held: bool = False) -> list[list[str]]:
        """`route` cut into `turns` turns' moves at the fleet's pace (none this turn if held)."""
        step = 1 if fleet["fuel"] <= 0 else fleet["zones_per_turn"]
        legs, rest = [], list(route)
        for turn in range(turns):
            leg = [] if held and turn == 0 else rest[:step]
            legs.append(leg)
            rest = rest[len(leg):]
        return legs

    # -- what each fleet does ----------------------------------------------------------------

    @staticmethod
    def role(fleet) -> str:
        kinds = {s["kind"] for s in fleet["ships"]}
        if "AP" in kinds:
            return "colliers"
        if "ML" in kinds:
            return "minelayer"
        if kinds & {"BB", "BC", "B"}:
            return "capital"
        if kinds <= {"GB"}:
            return "guard"
        return "light"

    def mending(self, fleet) -> bool:
        """A fleet in port with a ship badly hurt or slowed waits for the yard."""
        return any(s["hits"] * 2 >= s["hull"] or s["hits"] >= 2 for s in fleet["ships"])

    def home(self, fleet) -> Sortie:
        """The nearest base; a capital ship's the main base, where the yard mends speed too."""
        sea = self.sea
        return Sortie(fleet["mission"], sea.home if self.role(fleet) == "capital" else sea.nearest_base(fleet["zone"]))

    def worn(self, fleet) -> bool:
        """Short of fuel, or hurt below `HURT` of its hull: time to go home."""
        hull = sum(s["hull"] for s in fleet["ships"])
        left = hull - sum(s["hits"] for s in fleet["ships"])
        far = self.sea.distance(fleet["zone"], self.sea.nearest_base(fleet["zone"]))
        return left < HURT * hull or fleet["fuel"] <= 0 or (fleet["fuel"] <= 1 and far >= 3)

    def sortie(self, view, fleet) -> Sortie | None:
        """A new sortie chosen in port."""
        return getattr(self, f"_{self.role(fleet)}")(view, fleet, True)

    def at_sea(self, view, fleet) -> Sortie | None:
        """The sortie carried on at sea (the mission kept), or home when worn."""
        if self.worn(fleet):
            return self.home(fleet)
        found = getattr(self, f"_{self.role(fleet)}")(view, fleet, False)
        if found is None:
            return None
        return attrs.evolve(found, mission=fleet["mission"]) if found.mission != fleet["mission"] else found

    def _guard(self, view, fleet, in_port) -> Sortie | None:
        return None if in_port else self.home(fleet)

    def _colliers(self, view, fleet, in_port) -> Sortie:
        side = self.sea.sides[self.sea.side]
        goal = side.get("deliver") if fleet["loaded"] else side.get("load")
        return Sortie("transport", goal or fleet["zone"])

    def _minelayer(self, view, fleet, in_port) -> Sortie | None:
        if not any(s["mines"] for s in fleet["ships"]):
            return None if in_port else self.home(fleet)
        target = fleet.get("mines_at") if not in_port and fleet.get("mines_at") else self.mine_target(view, fleet)
        if target is None:
            return None
        return Sortie("lay mines", target, mines_at=target)

    def mine_target(self, view, fleet) -> str | None:
        """Russia mines the enemy's coal port; the Ottomans the approach its raiders use most."""
        sea = self.sea
        if self.sea.side == "russia":
            return sea.sides[sea.enemy].get("load") or next(iter(sea.lanes(sea.enemy)), None)
        near = [z for z in sea.zones if sea.zones[z]["kind"] == "coastal" and not sea.own_base(z) and z not in sea.barred
                and sea.distance(sea.home, z) <= 2 and not (sea.zones[z].get("base") and sea.zones[z].get("side") == sea.side)]
        seen = {z: sum(1 for s in self.sightings if s.zone == z) for z in near}
        return max(sorted(near), key=lambda z: (seen[z], -sea.distance(fleet["zone"], z))) if near else None

    def _light(self, view, fleet, in_port) -> Sortie | None:
        sea = self.sea
        strength = self.strength(fleet)
        prey = self.prey(fleet, strength * 0.8)
        if prey is not None:
            return Sortie("intercept" if in_port else fleet["mission"], prey)
        if in_port:
            escort = self.escort_for(view, fleet)
            if escort is not None:
                return escort
        kept = self.goals.get(fleet["id"])
        if not in_port and kept is not None and fleet["mission"] == "bombard":
            return self.next_base(fleet, kept)
        target = self.bombard_target(fleet) if in_port and sea.side == "central" and self.random.random() < 0.5 else None
        if target is not None:  # a cruiser squadron shells a minor base now and then, as Hamidiye did Novorossiysk
            return Sortie("bombard", target)
        lanes = [z for z in sea.lanes(sea.enemy) if z not in self.mined(view) and self.threat_near(z) <= strength]
        if not lanes:
            return None if in_port else self.home(fleet)
        if not in_port and kept and kept.goal in lanes and (kept.goal != fleet["zone"] or self.random.random() < 0.5):
            return kept  # on its way, or staying a turn more where it raids
        others = [z for z in lanes if z != fleet["zone"]] or lanes
        near = sorted(others, key=lambda z: (sea.distance(fleet["zone"], z), z))[:2]
        return Sortie("raid", self.random.choice(near))

    def escort_for(self, view, fleet) -> Sortie | None:
        """The Ottoman destroyers see the colliers through: escort them from the port they share,
        or join them in another port of ours close by."""
        if self.sea.side != "central" or not all(s["kind"] == "DD" for s in fleet["ships"]):
            return None
        colliers = [f for f in view["fleets"] if f["mission"] == "transport" and not f["returning"]]
        here = next((f for f in colliers if f["zone"] == fleet["zone"]), None)
        if here is not None and fleet["must_plot"] == 1:  # an escort plots no turns ahead
            return Sortie("escort", fleet["zone"], escort=here["id"])
        waiting = "intercept" if fleet["mission"] == "escort" else fleet["mission"]
        return Sortie(waiting, fleet["zone"]) if colliers else None  # wait for them in port

    def _capital(self, view, fleet, in_port) -> Sortie | None:
        sea = self.sea
        strength = self.strength(fleet)
        russian = sea.side == "russia"  # the line chases raiders near its coast, seen or not; Goeben those on hers
        prey = self.prey(fleet, strength * (0.9 if russian else 0.6), reach=2, unseen=strength // 3 if russian else 4)
        if prey is not None and not russian and self.line_seen_near(prey, reach=2 if self.hex else 1, within=3):
            prey = None  # not into the arms of the Russian line
        if prey is not None:
            return Sortie("intercept" if in_port else fleet["mission"], prey)
        kept = self.goals.get(fleet["id"])
        if not in_port and kept is not None and kept.mission == fleet["mission"]:
            return kept if fleet["mission"] != "bombard" else self.next_base(fleet, kept)
        target = self.bombard_target(fleet)
        if target is not None:
            return Sortie("bombard", target)
        if sea.side == "russia":
            return None if in_port else self.home(fleet)
        lanes = [z for z in sea.lanes(sea.enemy) if not self.line_seen_near(z) and z not in self.mined(view)]
        return Sortie("raid", self.random.choice(sorted(lanes, key=lambda z: (sea.distance(fleet["zone"], z), z))[:2])) \
            if lanes else None

    def next_base(self, fleet, kept: Sortie) -> Sortie:
        """On a bombardment: the base it makes for until it is shelled; then the next within
        two zones while fuel lasts, else home."""
        if kept.goal not in self.bombarded:
            return kept
        target = self.bombard_target(fleet) if fleet["fuel"] >= 2 else None
        if target is not None and self.sea.distance(fleet["zone"], target) <= 2:
            return Sortie("bombard", target)
        return self.home(fleet)

    def bombard_target(self, fleet) -> str | None:
        """The nearest enemy base not shelled yet, away from the enemy's line (his main base
        only while his line was lately seen well away from it); a capital squadron leaves the
        nearest minor base to the cruisers and makes for the farther ones."""
        sea = self.sea
        guns = [max(s["guns_left"][0] for s in fleet["ships"]), max(s["guns_left"][1] for s in fleet["ships"])]
        options = []
        for base in sea.bases(sea.enemy):
            kind = sea.zones[base]["base"]
            if base in self.bombarded or base in sea.barred or (kind == "major" and not guns[0]) or not any(guns):
                continue
            if kind == "major" and not self.line_away_from(base):
                continue
            if sea.side == "central" and self.line_seen_near(base, reach=1):
                continue
            options.append((sea.distance(fleet["zone"], base) - (2 if kind == "major" else 0), base))
        options.sort()
        if (self.role(fleet) == "capital" and sea.side == "central" and len(options) > 1
                and self.sea.zones[options[0][1]]["base"] == "minor"):
            options = options[1:]
        return options[0][1] if options else None

    def prey(self, fleet, weaker_than: float, reach: int = 2, unseen: int | None = None) -> str | None:
        """A fresh report of an enemy fleet weaker than `weaker_than`, within `reach` zones: where
        it was going, else where it was. A raider placed with its ships untold counts as `unseen`
        (None: not chased)."""
        sea = self.sea
        found = []
        for s in self.fresh():
            strength = sea.strength(s.ships) if s.ships else unseen
            if strength is None or strength >= weaker_than:
                continue
            goal = s.next_zone or s.zone
            d = sea.distance(fleet["zone"], goal)
            if d <= reach * max(1, fleet["zones_per_turn"]) and goal not in sea.barred:
                found.append((d, -strength, goal))
        return min(found)[2] if found else None

    def strength(self, fleet) -> int:
        return sum(weight(s["guns_left"]) for s in fleet["ships"])

    def mined(self, view) -> set[str]:
        return set((view.get("minefields") or {}).get("enemy", {}))

    def tactics(self, view, fleet, sortie: Sortie) -> dict:
        """How it fights: missions that need no battle stand (colliers keep off under smoke);
        a fleet that may meet a stronger one keeps off and breaks off when outgunned; the battle
        line closes; destroyers go for small ships, the big guns for the biggest."""
        role = self.role(fleet)
        big_guns = any(s["guns"][0] for s in fleet["ships"])
        target = "biggest" if big_guns else "small"
        if role == "colliers":
            return {"posture": "keep_off", "smoke": True, "break_off": 1}
        if role == "capital" and self.sea.side == "russia":
            return {"posture": "stand" if sortie.mission == "bombard" else "close", "break_off": 0.5, "target": "biggest"}
        wary = self.threat_near(sortie.goal, reach=2, within=3) > self.strength(fleet) or \
            (role == "capital" and not self.line_away_from(sortie.goal))
        if sortie.mission in ("bombard", "lay mines", "refuel"):  # stand to the work, unless the line may come
            return {"posture": "keep_off" if wary and role != "minelayer" else "stand", "break_off": "outgunned",
                    "target": target}
        return {"posture": "keep_off" if wary else "close", "break_off": "outgunned", "target": target}

    # -- the choices the rules leave to the seat --------------------------------------------

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

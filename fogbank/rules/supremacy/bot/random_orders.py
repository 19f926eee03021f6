"""The `random` player: legal orders drawn at random, the yardstick a standard player must beat.

Each ship's orders are a fair draw among what the rules take, from her seat's chart and views
alone: a move at any speed her limits allow this turn, straight on or turning either way by any of
the captain's turns, laying smoke or chasing splash where she may (the printed first move and the
night's moves written ahead as the standard captain writes them); each gun group at an enemy she
sees that it bears on, or silent; a searchlight on an enemy she sees, or none; a torpedo bank on
any course it trains to, or none. It asks nothing and pursues nothing.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..geometry import in_arc, relative
from ..moves import CHASE, Leg, Move, problems
from ..scenario import ship_classes
from . import helm
from .captain import Captain

View = Mapping[str, Any]
TURNS = (0, 4, 8, 12, 16, 24, 32)  # quarter inches of turn, as the standard captain weighs them
TRIES = 20  # draws before falling back on the moves the standard captain would weigh


class RandomCaptain(Captain):
    """The standard captain's hands with no head: every choice a fair draw among the legal ones."""

    PLAN = ("Random legal orders: every move, gun group, searchlight and torpedo bank a fair draw among "
            "those the rules take; the yardstick the standard player must beat.")

    def questions(self, view: View) -> list[Mapping[str, Any]]:
        return []

    def steer(self, ship: View, view: View, planned) -> Move:
        hull = helm.own(ship)
        cls = ship_classes()[ship["class"]]
        least, most = ship["speed_range"]
        if not ship["backwards"]:
            for _ in range(TRIES):
                special = self.rng.choice(("", "CS", "LS"))
                run = self.rng.randint(least, most) * 2 - (CHASE if special == "CS" else 0)
                if run <= 0:
                    continue
                bend = min(self.rng.choice(TURNS), run)
                side = self.rng.choice("LR")
                legs = (Leg(side, bend), Leg("A", run - bend))
                if self.rng.random() < 0.5:
                    legs = legs[::-1]
                move = Move(tuple(leg for leg in legs if leg.quarters), special == "CS", special == "LS")
                if not problems(move, hull, cls, view["turn"]):
                    return move
        options = list(helm.moves(ship, view["turn"]))
        return self.rng.choice(options) if options else Move(())

    def fire(self, ship: View, view: View) -> list[Mapping[str, Any]]:
        if ship["chasing"] or ship["aground"]:
            return []
        plan = []
        for group in dict.fromkeys(m["group"] for m in ship["mounts"]):
            mounts = [m for m in ship["mounts"]
                      if m["group"] == group and not m["out"] and m["salvos_left"] > 0 and m["guns"] > 0]
            if not mounts or self.silent(ship)[mounts[0]["battery"]]:
                continue
            arcs = [self._arc(ship, m) for m in mounts]
            bearing = [c["ship"] for c in self.enemies(view, ship["name"])
                       if any(in_arc(relative(self._bearing(c, ship), ship["course"]), arc) for arc in arcs)]
            target = self.rng.choice([None, *bearing])
            if target is not None:
                plan.append({"group": group, "target": target})
        return plan

    def searchlight(self, ship: View, view: View) -> int | None:
        if "lights" in ship["effects"]:
            return None
        return self.rng.choice([None, *(self._bearing(c, ship) for c in self.enemies(view, ship["name"]))])

    def torpedoes(self, ship: View, view: View) -> list[Mapping[str, Any]]:
        if "sectorp" in ship["effects"] or self.rng.random() < 0.8:
            return []
        banks = [b for b in ship["banks"] if not b["out"] and not b["fired"]]
        if not banks:
            return []
        bank = self.rng.choice(banks)
        arc = next(b["arc"] for b in self.stats[ship["name"]]["banks"] if b["name"] == bank["name"])
        start, end = (a % 360 for a in arc)
        rel = (start + self.rng.randint(0, (end - start) % 360)) % 360
        spread = "fan" if ship["chasing"] else self.rng.choice(("narrow", "fan"))
        return [{"bank": bank["name"], "course": (ship["course"] + rel) % 360, "spread": spread}]

    @staticmethod
    def _bearing(contact, ship: View) -> int:
        return next(s["bearing"] for s in contact["sightings"] if s["by"] == ship["name"])


__all__ = ["RandomCaptain"]

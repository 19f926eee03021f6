"""The `random` player: legal orders drawn at random, the yardstick a standard player must beat.

Every choice is drawn from what the rules would take, worked out as the standard captain works it
out, from the seat's chart and views alone: a ship's end from every end a legal path reaches
(`helm.ends`, off the map only where its side may leave), each battery's target from the contacts
the rules' own checks let it fire at, or none (`checks.shot_problem`), starshells over hexes in
their reach, searchlights on contacts in the picture, smoke, dummies and secret mines where the
scenario offers them. It pursues nothing.
"""

from __future__ import annotations

from typing import Any

from .. import checks, hexes, sensing
from . import helm
from .captain import Captain
from .plans import Plan


class RandomPlan(Plan):
    """Each end of a move equally likely; leaving the map where the side may."""

    place_dummies = True
    smoke_when_outgunned = False
    fastest = 4  # a dummy steams as fast as the seat's fastest ship (set each move)

    def may_leave(self, ship, end: helm.End) -> bool:
        return ship["kind"] in ("capital", "screen") and end.hex in self.captain.exits

    def dummy_speed(self, ship) -> int:
        return self.fastest

    def scorer(self, view, ship):
        return lambda end: self.random.random()

    def mines(self, view, count: int) -> list[str]:
        own = {s["hex"] for s in view["ships"]} | {
            c["hex"] for c in view["contacts"] if not c["friendly"] and c["kind"] != "fort"}
        water = [hexes.number(h) for h in sorted(self.captain.map.terrain) if self.captain.map.water(h)]
        return self.random.sample([h for h in water if h not in own], count)


class RandomCaptain(Captain):
    """The standard captain's hands with no head: every choice a fair draw among the legal ones."""

    PLAN = ("Random legal orders: every move, target, light, smoke card and dummy a fair draw among those "
            "the rules take; the yardstick the standard player must beat.")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.plan = RandomPlan(self)

    def night_lights(self, view) -> tuple[dict[str, str], dict[str, int]]:
        """A starshell over any hex in reach, or none; a searchlight on any contact, or none."""
        labels = [c["label"] for c in self.enemies(view)]
        shells, lights = {}, {}
        for ship in self.afloat(view):
            if "no power" in " ".join(ship.get("hurt_now", ())):
                continue
            here = hexes.parse(ship["hex"])
            if ship["starshells"] and self.random.random() < 0.5:
                reach = [h for h in self.map.terrain if hexes.distance(here, h) <= sensing.STARSHELL_RANGE]
                shells[ship["id"]] = hexes.number(self.random.choice(sorted(reach)))
            if ship["searchlight"] and labels and self.random.random() < 0.5:
                lights[ship["id"]] = self.random.choice(labels)
        return shells, lights

    def new_dummies(self, view, moves) -> list[dict[str, Any]]:
        return [d for d in super().new_dummies(view, moves) if self.random.random() < 0.5]

    def move(self, view) -> dict[str, Any]:
        ships = [s for s in self.afloat(view) if s["kind"] in ("capital", "screen")]
        self.plan.fastest = max((s["max_speed"] for s in ships), default=4)
        return super().move(view)

    def pick_target(self, view, unit, battery, enemies, own) -> tuple[int, str | None] | None:
        """Any contact this battery may fire at (a spotter drawn for fire across land), or none."""
        choices: list[tuple[int, str | None] | None] = [None]
        spotters = [f for f in own.values() if f["id"] != unit["id"] and f["kind"] in ("capital", "screen")
                    and not f["sunk"] and not f["exited"]]
        for contact in enemies:
            if checks.shot_problem(self.sea, view, unit, battery, contact) is None:
                choices.append((contact["label"], None))
            elif battery == "target" and contact["kind"] == "fort":
                able = [f["id"] for f in spotters
                        if checks.shot_problem(self.sea, view, unit, battery, contact, f) is None]
                if able:
                    choices.append((contact["label"], self.random.choice(able)))
        return self.random.choice(choices)

    def fire(self, view) -> dict[str, Any]:
        order = super().fire(view)
        ships = sorted(s["id"] for s in self.afloat(view) if s["kind"] in ("capital", "screen"))
        smoke = [uid for uid in ships if self.random.random() < 0.5]
        if smoke:
            order["smoke"] = smoke
        else:
            order.pop("smoke", None)
        return order

"""The Great War's players by name, for the arena: the standard admiral and the plans a clever
Souchon or Eberhardt would try, each kept here so that it stays measured as the rules change."""

from __future__ import annotations

from fogbank.rules.core import players

from .admiral import Admiral, Sortie
from .random_orders import RandomAdmiral

RULESET = "greatwar"
SCENARIOS = ("black_sea",)


def plan(name: str, words: str, side: str | None = None):
    """Register an Admiral subclass as the policy `name`."""
    def register(cls):
        players.policy(RULESET, name, words, sides=(side,) if side else (), scenarios=SCENARIOS)(
            lambda seating: cls(seating.chart, seating.seat, seating.luck, seating.options))
        return cls
    return register


players.policy(RULESET, players.RANDOM, RandomAdmiral.PLAN, scenarios=SCENARIOS)(
    lambda seating: RandomAdmiral(seating.chart, seating.seat, seating.luck))

plan(players.STANDARD, "Each fleet sails with a purpose: raids, escorts, bombardments where they pay, interception "
     "of reported fleets; it keeps off the enemy's line and breaks off battles it is losing.")(Admiral)


@plan("escort_everything", "Every warship escorts the colliers (an escort needs a charge); none raids.", "central")
class EscortEverything(Admiral):
    def _light(self, view, fleet, in_port):
        return self._guard_the_coal(view, fleet, in_port)

    def _capital(self, view, fleet, in_port):
        return self._guard_the_coal(view, fleet, in_port)

    def _guard_the_coal(self, view, fleet, in_port):
        if not in_port:
            return self.home(fleet)
        charge = next((f for f in view["fleets"] if f["zone"] == fleet["zone"] and f["mission"] == "transport"
                       and not f["returning"]), None)
        if charge is not None and fleet["must_plot"] == 1:
            return Sortie("escort", fleet["zone"], escort=charge["id"])
        colliers = next((f for f in view["fleets"] if f["mission"] == "transport"), None)
        if colliers is None:
            return None
        return Sortie("intercept", colliers["zone"] if self.sea.own_base(colliers["zone"]) else fleet["zone"])


@plan("bombard_bases", "Every fleet with guns bombards the enemy's bases in turn, the nearest first, his main base "
      "too, wherever his line is.")
class BombardBases(Admiral):
    def _light(self, view, fleet, in_port):
        return self._shell(view, fleet, in_port) or super()._light(view, fleet, in_port)

    def _capital(self, view, fleet, in_port):
        return self._shell(view, fleet, in_port) or super()._capital(view, fleet, in_port)

    def _shell(self, view, fleet, in_port):
        kept = self.goals.get(fleet["id"])
        if not in_port and kept is not None and kept.mission == "bombard" and kept.goal not in self.bombarded:
            return kept
        if not in_port and fleet["mission"] == "bombard":
            target = self._nearest_target(fleet)
            return Sortie("bombard", target) if target else self.home(fleet)
        target = self._nearest_target(fleet) if in_port else None
        return Sortie("bombard", target) if target else None

    def _nearest_target(self, fleet):
        sea = self.sea
        primary = any(s["guns_left"][0] for s in fleet["ships"])
        secondary = any(s["guns_left"][1] for s in fleet["ships"])
        bases = [b for b in sea.bases(sea.enemy) if b not in self.bombarded and b not in sea.barred
                 and (primary if sea.zones[b]["base"] == "major" else primary or secondary)]
        return min(bases, key=lambda b: (sea.distance(fleet["zone"], b), b)) if bases else None


@plan("raid_the_coast", "Every warship raids the enemy's shipping lanes all game, closing with what it meets.")
class RaidTheCoast(Admiral):
    def _capital(self, view, fleet, in_port):
        return super()._light(view, fleet, in_port)

    def tactics(self, view, fleet, sortie):
        found = super().tactics(view, fleet, sortie)
        return {**found, "posture": "close"} if found.get("posture") == "keep_off" and self.role(fleet) != "colliers" else found


@plan("fleet_in_being", "The warships stay in port (a fleet in being); only colliers and minelayers sail.")
class FleetInBeing(Admiral):
    def _light(self, view, fleet, in_port):
        return None if in_port else self.home(fleet)

    def _capital(self, view, fleet, in_port):
        return None if in_port else self.home(fleet)


@plan("seek_battle", "The capital ships go for any enemy fleet reported within reach, the enemy's line too, close "
      "in and break off only at half their hull.")
class SeekBattle(Admiral):
    def _capital(self, view, fleet, in_port):
        prey = self.prey(fleet, 10 ** 6, reach=3, unseen=1)
        if prey is not None:
            return Sortie("intercept" if in_port else fleet["mission"], prey)
        return super()._capital(view, fleet, in_port)

    def tactics(self, view, fleet, sortie):
        found = super().tactics(view, fleet, sortie)
        if self.role(fleet) == "capital":
            return {**found, "posture": "close", "break_off": 0.5}
        return found


@plan("blockade_the_bosporus", "The light forces lie off the Bosporus to catch whatever comes out; the minelayer "
      "mines the Bosporus.", "russia")
class BlockadeTheBosporus(Admiral):
    STATION = "southwest"

    def _light(self, view, fleet, in_port):
        prey = self.prey(fleet, self.strength(fleet) * 0.8, reach=1)
        if prey is not None:
            return Sortie("intercept" if in_port else fleet["mission"], prey)
        return Sortie("intercept" if in_port else fleet["mission"], self.STATION)

    def mine_target(self, view, fleet):
        return "bosporus"

"""The River Plate's players by name, for the arena (`fogbank arena river_plate --policy SIDE=NAME`):
the standard captain, and the plans a thoughtful player might try instead, each kept here so that
it stays measured as the rules change."""

from __future__ import annotations

from fogbank.rules.core import players

from ..moves import Move
from . import sense
from .captain import Captain
from .random_orders import RandomCaptain

RULESET = "supremacy"


@players.policy(RULESET, players.STANDARD, "Closes where her guns hurt (cruisers) or keeps the range "
                "(raider), fires only guns that can hurt, smoke to break contact, torpedoes, rosters asked.")
def standard(seating: players.Seating) -> Captain:
    return Captain(seating.chart, seating.briefing, seating.luck)


@players.policy(RULESET, players.RANDOM, RandomCaptain.PLAN)
def random_orders(seating: players.Seating) -> Captain:
    return RandomCaptain(seating.chart, seating.briefing, seating.luck)


class FireDiscipline(Captain):
    """Every cruiser straight in to 25 inches at her best speed, the mains only, and only where
    they can pierce the raider's armour at the range judged: no splash chasing, no smoke."""

    def _close_to(self, name, rng):
        return 250

    def may_chase(self, ship, view):
        return False

    def may_smoke(self, ship, view):
        return False

    def fire(self, ship, view):
        return [f for f in super().fire(ship, view) if self.stats[ship["name"]]["groups"].get(f["group"])
                and next(m for m in self.stats[ship["name"]]["mounts"] if m["group"] == f["group"])["battery"] == "mains"]


@players.policy(RULESET, "fire_discipline", "Cruisers steam straight in to 25 inches and fire only main guns that "
                "can pierce the raider at the judged range.", sides=("british",), scenarios=("river_plate",))
def fire_discipline(seating: players.Seating) -> Captain:
    return FireDiscipline(seating.chart, seating.briefing, seating.luck)


class SmokeScreen(Captain):
    """Lays smoke whenever she has it and the enemy is in sight, and weighs hiding behind it above
    all: the raider from the first turn, the cruisers as they close."""

    def may_smoke(self, ship, view):
        return ship["smoke_left"] > 0 and bool(self.enemies(view))

    def worth(self, ship, move: Move, view, planned):
        return super().worth(ship, move, view, planned) + (0.05 if move.smoke else 0.0)


@players.policy(RULESET, "smoke_screen", "Lays smoke from the first turn the enemy is in sight until it is spent, "
                "turning behind it.", scenarios=("river_plate",))
def smoke_screen(seating: players.Seating) -> Captain:
    return SmokeScreen(seating.chart, seating.briefing, seating.luck)


class RunForIt(Captain):
    """The raider turns away at once and makes for the open sea, fighting only what follows."""

    def breaking(self, ship, view):
        return True


@players.policy(RULESET, "run_for_it", "The raider breaks off from the first move and runs, smoke and all.",
                sides=("german",), scenarios=("river_plate",))
def run_for_it(seating: players.Seating) -> Captain:
    return RunForIt(seating.chart, seating.briefing, seating.luck)


class KillExeter(Captain):
    """The raider closes on Exeter, the one ship whose 8-inch guns hurt her at long range, and
    puts every gun on her until she is crippled."""

    def value_of(self, enemy):
        return 4.0 if self.stats[enemy]["type"] == "CA" else 1.0

    def aim(self, ship, end, enemies, view, move, path):
        exeter = [n for n in enemies if self.stats[n]["type"] == "CA"]
        if not exeter or self.breaking(ship, view):
            return super().aim(ship, end, enemies, view, move, path)
        return -sense.far(end, self.predicted(exeter[0])) / 3000


@players.policy(RULESET, "kill_exeter", "The raider closes on Exeter and puts every gun on her first.",
                sides=("german",), scenarios=("river_plate",))
def kill_exeter(seating: players.Seating) -> Captain:
    return KillExeter(seating.chart, seating.briefing, seating.luck)


class Shadow(Captain):
    """The cruisers hang back beyond the raider's best range and only keep her in sight."""

    def _close_to(self, name, rng):
        return 700

    def worth(self, ship, move, view, planned):
        return super().worth(ship, move, view, planned)


@players.policy(RULESET, "shadow", "Cruisers keep 70 inches off and only shadow the raider.", sides=("british",),
                scenarios=("river_plate",))
def shadow(seating: players.Seating) -> Captain:
    return Shadow(seating.chart, seating.briefing, seating.luck)


class Torpedo(Captain):
    """The cruisers charge, chasing splash, to torpedo range, and fire every bank."""

    def _close_to(self, name, rng):
        return 150


@players.policy(RULESET, "torpedo_charge", "Cruisers charge to 15 inches, chasing splash, and fire every bank.",
                sides=("british",), scenarios=("river_plate",))
def torpedo_charge(seating: players.Seating) -> Captain:
    return Torpedo(seating.chart, seating.briefing, seating.luck)


__all__ = ["standard", "fire_discipline", "smoke_screen", "run_for_it", "kill_exeter", "shadow", "torpedo_charge"]

"""Salvo's players by name, for the arena and the server: the standard captain and the plans a
clever player would try, each from its seat's chart, briefing, options and luck alone."""

from __future__ import annotations

from fogbank.rules.core import players

from . import plans
from .captain import Captain
from .random_orders import RandomCaptain

RULESET = "salvo"


def seated(seating: players.Seating, plan: type[plans.Plan] | None = None) -> Captain:
    captain = Captain(seating.scenario, seating.seat, seating.side, seating.chart, seating.briefing,
                      seating.options, seating.luck)
    if plan is not None:
        captain.plan = plan(captain)
    return captain


@players.policy(RULESET, players.STANDARD, "Plays each scenario's plan, varying it with its luck, and uses every rule offered.")
def standard(seating: players.Seating) -> Captain:
    return seated(seating)


class MineTheExits(plans.Forts):
    def mines(self, view, count):
        return ["2201", "2301"][:count]


@players.policy(RULESET, "mine_the_exits", "Mines the two exit hexes every game.", sides=("turkish",), scenarios=("gallipoli",))
def mine_the_exits(seating: players.Seating) -> Captain:
    return seated(seating, MineTheExits)


class RushTheNarrows(plans.Breakthrough):
    def __init__(self, captain):
        super().__init__(captain)
        self.rush_turn, self.cautious, self.outside = 1, False, False


@players.policy(RULESET, "rush_the_narrows", "Every ship makes for the Narrows at full speed from the first turn.",
                sides=("allied",), scenarios=("gallipoli",))
def rush_the_narrows(seating: players.Seating) -> Captain:
    return seated(seating, RushTheNarrows)


def _smoking(plan: type[plans.Plan]) -> type[plans.Plan]:
    class SmokeScreen(plan):
        def smoke(self, view):
            return sorted(s["id"] for s in self.captain.afloat(view) if s["kind"] in ("capital", "screen"))

    return SmokeScreen


@players.policy(RULESET, "smoke_screen", "Plays the standard plan but shows every ship's smoke card every turn.")
def smoke_screen(seating: players.Seating) -> Captain:
    captain = seated(seating)
    captain.plan = _smoking(type(captain.plan))(captain)
    return captain


def _undisciplined(plan: type[plans.Plan]) -> type[plans.Plan]:
    class FireEverything(plan):
        def target_rank(self, view, unit, battery, contact, last):
            from .. import hexes

            return (hexes.distance(hexes.parse(unit["hex"]), hexes.parse(contact["hex"])), contact["label"])

    return FireEverything


@players.policy(RULESET, "fire_everything", "Every gun at the nearest target it can hit, every turn, shifting as it must.")
def fire_everything(seating: players.Seating) -> Captain:
    captain = seated(seating)
    captain.plan = _undisciplined(type(captain.plan))(captain)
    return captain


class RunAtFullSpeed(plans.RunForHome):
    def __init__(self, captain):
        super().__init__(captain)
        self.abandon = True


@players.policy(RULESET, "run_for_home", "Every German ship runs home at full speed, leaving the Bluecher behind.",
                sides=("germany",), scenarios=("dogger_bank",))
def run_for_home(seating: players.Seating) -> Captain:
    return seated(seating, RunAtFullSpeed)


class RadarStandoff(plans.Guard):
    def keep_range(self, ship):
        return 8


@players.policy(RULESET, "radar_standoff", "Every American ship keeps eight hexes off, inside radar gun range, outside Japanese eyes.",
                sides=("us",), scenarios=("cape_esperance",))
def radar_standoff(seating: players.Seating) -> Captain:
    return seated(seating, RadarStandoff)


class TorpedoCharge(plans.NightAction):
    def keep_range(self, ship):
        return 1


@players.policy(RULESET, "torpedo_charge", "Every Japanese ship charges what it finds to point-blank range, torpedoes first.",
                sides=("japan",), scenarios=("cape_esperance",))
def torpedo_charge(seating: players.Seating) -> Captain:
    return seated(seating, TorpedoCharge)


class TurnAway(plans.NightAction):
    """Goto's turn away: every ship reverses course at once and keeps as far as it can from Savo
    and from every enemy contact, making for the north-west corner it came from."""

    def scorer(self, view, ship):
        from .. import hexes

        away = [hexes.parse("2409"), *self.targets_for_movement(view)]
        home = self.field(view, frozenset({hexes.parse("0101")}))
        return self.shaped(view, ship, lambda end: home.get(end.hex, 99) - 2 * min(
            min(hexes.distance(end.hex, h) for h in away), 12), None)


@players.policy(RULESET, "turn_away", "Every Japanese ship turns away at once and keeps clear of Savo and of "
                "every contact: is an empty night still a victory?", sides=("japan",),
                scenarios=("cape_esperance",))
def turn_away(seating: players.Seating) -> Captain:
    return seated(seating, TurnAway)


@players.policy(RULESET, players.RANDOM, RandomCaptain.PLAN)
def random_orders(seating: players.Seating) -> Captain:
    return RandomCaptain(seating.scenario, seating.seat, seating.side, seating.chart, seating.briefing,
                         seating.options, seating.luck)

"""The Dardanelles players by name, for the arena and the server: the standard captain and the
plans a player might try instead, each from its seat's chart alone."""

from __future__ import annotations

from fogbank.rules.core import players

from .routes import ROUTES
from .submarine import BotSubmarine

RULESET = "dardanelles"


@players.policy(
    RULESET, players.STANDARD, "Hunts the quarry the briefing names, then makes for the scenario's goal."
)
def standard(seating: players.Seating) -> BotSubmarine:
    return BotSubmarine.for_scenario(seating.chart, seating.scenario)


@players.policy(
    RULESET,
    "night_attack",
    "Waits below the defences for dark and attacks the battleship by night, unseen by the observers but "
    "after the hour the briefing sets: safe, but is it a victory?",
    scenarios=("marmara",),
)
def night_attack(seating: players.Seating) -> BotSubmarine:
    bot = BotSubmarine.for_scenario(seating.chart, seating.scenario)
    bot.sink_before = None  # it does not weigh the hour: it waits for dark whatever the briefing says
    return bot


class QuietPeriscope(BotSubmarine):
    fix_on_first_look = False


@players.policy(
    RULESET,
    "quiet_periscope",
    "Hunts by day as the standard player does, but takes no bearings on its first look: the observers "
    "get no -1, at the price of attacking and leaving from a guessed square.",
    scenarios=("marmara",),
)
def quiet_periscope(seating: players.Seating) -> BotSubmarine:
    return QuietPeriscope.for_scenario(seating.chart, seating.scenario)


@players.policy(
    RULESET,
    "straight_through",
    "Makes for the Marmara at once and attacks nothing: the passage alone is a victory; is the hunt worth "
    "its risk?",
    scenarios=("marmara",),
)
def straight_through(seating: players.Seating) -> BotSubmarine:
    route, _ = ROUTES[seating.scenario]
    return BotSubmarine(seating.chart, route[-1:], hunt=None)


class DashIn(BotSubmarine):
    wait_for_dark = -1  # never waits: it goes in, and looks, whatever the hour


@players.policy(
    RULESET,
    "dash_in",
    "Goes in for the Messudieh at once, by day or night, without waiting below the defences for dark.",
    scenarios=("b11",),
)
def dash_in(seating: players.Seating) -> BotSubmarine:
    return DashIn.for_scenario(seating.chart, seating.scenario)

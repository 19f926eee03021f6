"""The Dardanelles players by name, for the arena and the server: the standard captain and the
plans a player might try instead, each from its seat's chart alone."""

from __future__ import annotations

import hashlib
from collections import Counter

from fogbank.rules.core import players

from ..chart import square_name
from ..scenario import load_scenario
from ..setup import draw_setup
from .random_orders import RandomSubmarine
from .routes import ROUTES
from .submarine import BotSubmarine

RULESET = "dardanelles"


@players.policy(
    RULESET, players.STANDARD, "Hunts the quarry the briefing names, then makes for the scenario's goal."
)
def standard(seating: players.Seating) -> BotSubmarine:
    return BotSubmarine.for_scenario(seating.chart, seating.scenario)


@players.policy(RULESET, players.RANDOM, RandomSubmarine.PLAN)
def random_orders(seating: players.Seating) -> RandomSubmarine:
    return RandomSubmarine(seating.luck)


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


EARLIER_GAMES = 5  # the games a returning captain remembers


def remembered_anchorage(scenario: str, luck: int) -> str:
    """Where the quarry lay most often in the captain's last few games of `scenario` (the last of
    them on a tie): each drawn by the rules' own setup, from seeds of the player's own luck, as
    the debriefs of those games showed it."""
    s = load_scenario(scenario)
    quarry = s.victory.sink[0]
    seen: list[str] = []
    for game in range(EARLIER_GAMES):
        seed = hashlib.sha256(b"fogbank-earlier-game:" + luck.to_bytes(8, "big") + bytes([game])).digest()
        _, vessels, _ = draw_setup(s, seed)
        seen.append(next(square_name(v.square) for v in vessels if v.number == quarry))
    counts = Counter(seen)
    most = max(counts.values())
    return next(square for square in reversed(seen) if counts[square] == most)


@players.policy(
    RULESET,
    "remembers_the_layout",
    "A captain back for another game: goes straight for the anchorage where the battleship lay most "
    "often in his last five games, and only then looks where the briefing says; does memory win?",
    scenarios=("marmara",),
)
def remembers_the_layout(seating: players.Seating) -> BotSubmarine:
    bot = BotSubmarine.for_scenario(seating.chart, seating.scenario)
    bot.grounds = [bot.place(remembered_anchorage(seating.scenario, seating.luck)), *bot.grounds]
    return bot

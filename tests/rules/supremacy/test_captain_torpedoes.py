"""The standard captain's torpedoes: a bank is fired only when the odds of a hit are worth it,
reckoned from what her seat knows (her place as judged, her course, her way between two
sightings): close and across her length, never a long shot early on or with a friend in the way."""

from __future__ import annotations

import math

import attrs

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.supremacy import contacts
from fogbank.rules.supremacy.bot import torpedo
from fogbank.rules.supremacy.bot.captain import Captain

from .test_game import start

RULES = core.find_ruleset("supremacy")
FAR = {"achilles": {"at": (-2000, 0)}, "exeter": {"at": (-2500, 0)}}
AJAX = {"at": (0, 0), "course": 0, "speed": 20}


def placed(turn, phase, **ships):
    state = start().state
    board = state.board.replace(*[attrs.evolve(state.board.ship(n), **f) for n, f in ships.items()])
    state = attrs.evolve(state, turn=turn, phase=phase, board=board)
    return attrs.evolve(state, knowledge=contacts.take(state)[0])


def spreads(turn, spee, **others):
    """Ajax's torpedo order in phase 3, having seen Graf Spee last turn a turn's run astern of
    where she is now."""
    ships = {"ajax": AJAX, **FAR, **others, "graf_spee": spee}
    state = placed(turn, "torpedoes", **ships)
    captain = Captain(to_plain(RULES.chart(state, "ajax")), to_plain(RULES.briefing(state, "ajax")))
    course, run = math.radians(spee["course"]), spee["speed"] * 5
    before = (round(spee["at"][0] - run * math.sin(course)), round(spee["at"][1] - run * math.cos(course)))
    earlier = placed(turn - 1, "write_fire", **{**ships, "graf_spee": {**spee, "at": before}})
    captain.remember(to_plain(RULES.observe(earlier, "ajax")))
    return captain.order(to_plain(RULES.observe(state, "ajax")))["ships"]["ajax"]["torpedoes"]


def test_she_fires_at_a_ship_close_by_across_her_length():
    crossing = {"at": (-40, 100), "course": 90, "speed": 24}  # 11 inches off, crossing her bow
    (spread,) = spreads(5, crossing)
    assert spread["bank"] == "starboard" and spread["spread"] == "narrow" and 0 < spread["course"] < 60


def test_she_keeps_her_bank_for_a_better_chance_than_a_long_shot_early_on():
    """23 inches off, judged by eye, her way only guessed: the odds are a few in a hundred."""
    assert spreads(5, {"at": (-40, 240), "course": 90, "speed": 24}) == []


def test_she_never_fires_with_a_friend_across_the_spreads_track():
    crossing = {"at": (-40, 100), "course": 90, "speed": 24}
    assert spreads(5, crossing, achilles={"at": (20, 50), "course": 0}) == []


def test_her_odds_are_the_rules_chance_once_the_spread_meets_her_funnel():
    """A spread sure to meet her (measured, at once) hits as the rules' 2d6 say: 21 in 36 for four
    torpedoes narrow across her length, 10 in 36 end on."""
    sure = {"tenths": 50, "exact": True, "turns": 0.0, "speed_doubt": 0.0, "tubes": 4, "spread": "narrow"}
    assert math.isclose(torpedo.odds(track=90, **sure), 21 / 36, rel_tol=1e-6)
    assert math.isclose(torpedo.odds(track=10, **sure), 10 / 36, rel_tol=1e-6)

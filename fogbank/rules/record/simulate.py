"""Headless games: a ruleset's built-in players, one per seat, against the rules, no network."""

from __future__ import annotations

import hashlib
from typing import Any, Generator, Iterator, Mapping

from fogbank.rules import core
from fogbank.rules.core.engagement import ENGAGEMENT_OPTION, engagement_plain, result_plain
from fogbank.rules.core.plain import to_plain

from . import gamelog


def game_seed(seed: str, number: int) -> bytes:
    """The secret seed of game `number` of a simulation run started with `seed`."""
    return hashlib.sha256(f"fogbank-simulate:{seed}:{number}".encode()).digest()


def engagement_seed(seed: bytes, engagement: str) -> bytes:
    """The secret seed of the game fighting `engagement`, handed over by the game of `seed`."""
    return hashlib.sha256(b"fogbank-engagement:" + seed + engagement.encode()).digest()


def play_bot_game(
    scenario: str, seed: bytes, max_turns: int = 500, options: Mapping[str, Any] | None = None
) -> Iterator[dict[str, Any]]:
    """Play one game with a bot in every seat, yielding the log records as they happen.

    Each bot sees only its own seat's chart and views, and is asked for an order only when its
    seat must act in the phase now open. A battle the game hands to another ruleset is played
    there by bots too, and its result settled into this game (that game's log is not yielded)."""
    ruleset, scenario = core.find_scenario(scenario)
    yield from _play(core.start(ruleset, scenario, seed, options), max_turns)


def _play(game: core.Game, max_turns: int) -> Generator[dict[str, Any], None, core.Game]:
    ruleset, scenario = game.ruleset, game.state.scenario
    yield gamelog.header(game)
    bots = {}
    for seat in ruleset.seat_names(game.state):
        bots[seat] = ruleset.bot(scenario, seat, to_plain(ruleset.chart(game.state, seat)))
        if bots[seat] is None:
            raise LookupError(f"the {ruleset.name} ruleset has no built-in player for seat {seat!r}")
    while not game.state.ended and game.state.turn <= max_turns:
        waiting = sorted(game.waiting_for())
        battles = ruleset.engagements(game.state)
        if battles:  # fought in another game, by bots, then settled here
            name = min(battles)
            result = result_plain(fight(battles[name], ruleset.name, engagement_seed(game.state.dice.seed, name), max_turns))
            record = gamelog.input_at("settle", game, engagement=name, result=result)
            step = core.settle(game, name, result)
        elif not waiting:  # nobody may act, and the phase did not resolve: the umpire releases it
            record = gamelog.input_at("release", game)
            step = core.release(game)
        else:
            seat = waiting[0]
            view = to_plain(ruleset.observe(game.state, seat))
            payload = bots[seat].order(view)
            try:
                order = ruleset.parse_order(seat, payload)
                ruleset.check_order(game.state, seat, order)
            except core.Refused:
                payload = ruleset.unparse_order(ruleset.standing_order(game.state, seat))
            record = gamelog.input_at("order", game, seat=seat, order=payload)
            step = core.submit(game, seat, ruleset.parse_order(seat, payload))
        yield record
        yield from gamelog.step_records(step)
        game = step.game
    if not game.state.ended:
        record = gamelog.input_at("end", game, reason="The simulation stopped.")
        step = core.end(game, "The simulation stopped.")
        yield record
        yield from gamelog.step_records(step)
        game = step.game
    yield gamelog.end_record(game)
    return game


def fight(engagement: core.Engagement, parent: str, seed: bytes, max_turns: int = 500) -> core.EngagementResult:
    """The result of `engagement`, fought to its end by bots in the ruleset that takes it."""
    host = core.host_for(engagement, parent)
    game = core.start(host, "", seed, {ENGAGEMENT_OPTION: engagement_plain(engagement)})
    played = _play(game, max_turns)
    while True:
        try:
            next(played)
        except StopIteration as stop:
            return host.engagement_result(stop.value.state)


__all__ = ["engagement_seed", "fight", "game_seed", "play_bot_game"]

"""Headless games: a ruleset's built-in players, one per seat, against the rules, no network."""

from __future__ import annotations

import hashlib
from typing import Any, Callable, Generator, Iterator, Mapping

from fogbank.rules import core
from fogbank.rules.core.engagement import ENGAGEMENT_OPTION, engagement_plain, result_plain
from fogbank.rules.core import players
from fogbank.rules.core.plain import to_plain

from . import gamelog, inputs, schema


def game_seed(seed: str, number: int) -> bytes:
    """The secret seed of game `number` of a simulation run started with `seed`."""
    return hashlib.sha256(f"fogbank-simulate:{seed}:{number}".encode()).digest()


def engagement_seed(seed: bytes, engagement: str) -> bytes:
    """The secret seed of the game fighting `engagement`, handed over by the game of `seed`."""
    return hashlib.sha256(b"fogbank-engagement:" + seed + engagement.encode()).digest()


def play_bot_game(
    scenario: str,
    seed: bytes,
    max_turns: int = 500,
    options: Mapping[str, Any] | None = None,
    policies: Mapping[str, str] | None = None,
) -> Iterator[dict[str, Any]]:
    """Play one game with a built-in player in every seat, yielding the log records as they happen.

    `policies` names the player of each side (`players.STANDARD` where a side is not named). Each
    player is made from its `Seating` and sees only its own seat's views; it is asked for an order
    only when its seat must act in the phase now open, and may ask questions first. A battle the
    game hands to another ruleset is played there by standard players, and its result settled into
    this game (that game's log is not yielded)."""
    ruleset, scenario = core.find_scenario(scenario)
    yield from play_out(core.start(ruleset, scenario, seed, options), max_turns, policies or {})


def seat_players(game: core.Game, policies: Mapping[str, str]) -> dict[str, core.Bot]:
    """A player for each seat of `game`, of the policy named for its side, made from what the seat
    is told before the first turn and nothing else."""
    state, ruleset = game.state, game.ruleset
    found = {}
    for seat in ruleset.seats(state):
        chosen = players.find_policy(ruleset.name, state.scenario, seat.side, policies.get(seat.side, players.STANDARD))
        seating = players.Seating(
            ruleset=ruleset.name, scenario=state.scenario, seat=seat.name, side=seat.side,
            chart=to_plain(ruleset.chart(state, seat.name)), briefing=to_plain(ruleset.briefing(state, seat.name)),
            options=to_plain(state.options), luck=players.luck(state.dice.seed, seat.name),
        )
        found[seat.name] = players.seat_player(chosen, seating)
    return found


def play_out(
    game: core.Game,
    max_turns: int,
    policies: Mapping[str, str],
    refused: Callable[[str, core.Refused], None] | None = None,
) -> Generator[dict[str, Any], None, core.Game]:
    """`game` played to its end by its seats' players. An order the rules refuse is replaced by
    the seat's standing order (as the server's stand-in would hold still), and `refused(seat,
    refusal)`, if given, is told of it: a plan whose orders are refused plays a game of its own."""
    ruleset = game.ruleset
    yield gamelog.header(game)
    bots = seat_players(game, policies)
    while not game.state.ended and game.state.turn <= max_turns:
        waiting = sorted(game.waiting_for())
        battles = ruleset.engagements(game.state)
        if battles:  # fought in another game, by bots, then settled here
            name = min(battles)
            result = result_plain(fight(battles[name], ruleset.name, engagement_seed(game.state.dice.seed, name), max_turns))
            given: inputs.Input = inputs.Settle.at(game, engagement=name, result=result)
        elif not waiting:  # nobody may act, and the phase did not resolve: the umpire releases it
            given = inputs.Release.at(game)
        else:
            seat = waiting[0]
            game = yield from _questions(game, seat, bots[seat])
            view = to_plain(ruleset.observe(game.state, seat))
            payload = bots[seat].order(view)
            try:
                order = ruleset.parse_order(seat, payload)
                ruleset.check_order(game.state, seat, order)
            except core.Refused as refusal:
                if refused is not None:
                    refused(seat, refusal)
                payload = ruleset.unparse_order(ruleset.standing_order(game.state, seat))
            given = inputs.Order.at(game, seat=seat, order=payload)
        step = given.apply(game)
        yield schema.plain(given)
        yield from gamelog.step_records(step)
        game = step.game
    if not game.state.ended:
        given = inputs.End.at(game, reason="The simulation stopped.")
        step = given.apply(game)
        yield schema.plain(given)
        yield from gamelog.step_records(step)
        game = step.game
    yield gamelog.end_record(game)
    return game


def _questions(game: core.Game, seat: str, bot: core.Bot) -> Generator[dict[str, Any], None, core.Game]:
    """The questions `bot` asks before ordering, each answered and logged; a refused one is dropped
    as the server would refuse it (a refusal changes nothing)."""
    ask = getattr(bot, "questions", None)
    if ask is None:
        return game
    for question in ask(to_plain(game.ruleset.observe(game.state, seat))):
        given = inputs.Ask.at(game, seat=seat, question=question)
        try:
            step = given.apply(game)
        except core.Refused:
            continue
        yield schema.plain(given)
        yield from gamelog.step_records(step)
        game = step.game
    return game


def fight(engagement: core.Engagement, parent: str, seed: bytes, max_turns: int = 500) -> core.EngagementResult:
    """The result of `engagement`, fought to its end by bots in the ruleset that takes it."""
    host = core.host_for(engagement, parent)
    game = core.start(host, "", seed, {ENGAGEMENT_OPTION: engagement_plain(engagement)})
    played = play_out(game, max_turns, {})
    while True:
        try:
            next(played)
        except StopIteration as stop:
            return host.engagement_result(stop.value.state)


__all__ = ["engagement_seed", "fight", "game_seed", "play_bot_game", "play_out", "seat_players"]

"""Headless games: a ruleset's built-in player against the rules, no network, one log per game."""

from __future__ import annotations

import hashlib
from typing import Any, Iterator

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain

from . import gamelog

def game_seed(seed: str, number: int) -> bytes:
    """The secret seed of game `number` of a simulation run started with `seed`."""
    return hashlib.sha256(f"fogbank-simulate:{seed}:{number}".encode()).digest()


def play_bot_game(scenario: str, seed: bytes, max_turns: int = 500) -> Iterator[dict[str, Any]]:
    """Play one game with the bot, yielding the log records as they happen."""
    ruleset, scenario = core.find_scenario(scenario)
    game = core.start(ruleset, scenario, seed)
    yield gamelog.header(game)
    seat = ruleset.seats(game.state)[0]
    chart = to_plain(ruleset.chart(game.state, seat))
    bot = ruleset.bot(scenario, seat, chart)
    if bot is None:
        raise LookupError(f"the {ruleset.name} ruleset has no built-in player")
    for _ in range(max_turns):
        if game.state.ended:
            break
        view = to_plain(ruleset.observe(game.state, seat))
        payload = bot.order(view)
        try:
            step = core.submit(game, seat, ruleset.parse_order(seat, payload))
        except core.Refused:
            payload = ruleset.unparse_order(ruleset.standing_order(game.state, seat))
            step = core.submit(game, seat, ruleset.parse_order(seat, payload))
        yield gamelog.input_record("order", game.state.turn, seat=seat, order=payload)
        yield from gamelog.step_records(step)
        game = step.game
    if not game.state.ended:
        step = core.end(game, "The simulation stopped.")
        yield gamelog.input_record("end", game.state.turn, reason="The simulation stopped.")
        yield from gamelog.step_records(step)
        game = step.game
    yield gamelog.end_record(game)


__all__ = ["play_bot_game", "game_seed"]

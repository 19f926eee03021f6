"""Helpers for the Great War tests: a game at its first orders phase, orders by seat, loaded dice."""

from __future__ import annotations

import re

import attrs

from fogbank.rules import core
from fogbank.rules.core import dice as dice_module
from fogbank.rules.greatwar.scenario import load_scenario

RULES = core.find_ruleset("greatwar")
SEA = load_scenario("black_sea")
SEED = bytes(32)


def load_dice(monkeypatch, loaded: dict[str, tuple[int, ...]]) -> None:
    """Every roll whose key matches a pattern (searched) shows the faces given, cut to its count."""
    honest = dice_module.derive_faces

    def derive(seed, key, count, sides):
        for pattern, faces in loaded.items():
            if re.search(pattern, key):
                return tuple((list(faces) * count)[:count])
        return honest(seed, key, count, sides)

    monkeypatch.setattr(dice_module, "derive_faces", derive)


def opened(seed: bytes = SEED, change=lambda state: state) -> core.Game:
    """A game at turn 1's orders phase."""
    game = core.start(RULES, "black_sea", seed)
    return attrs.evolve(game, state=change(game.state))


def second_turn(seed: bytes = SEED) -> core.Game:
    """A game at turn 2's orders phase, every fleet having stayed put: turn 2's random event rolled."""
    return plot(opened(seed), {})


def plot(game: core.Game, plots: dict[str, dict], *, record=None) -> core.Game:
    """Give every acting seat its plots (fleet id -> {mission, path[, ahead]}); others stand.
    Events are appended to `record` if given. Returns the game at the next orders phase."""
    seats = sorted(RULES.seats_to_act(game.state))
    for seat in seats:
        own = {f: p for f, p in plots.items() if game.state.board.fleet(f).seat == seat}
        step = core.submit(game, seat, RULES.parse_order(seat, {"fleets": own}))
        if record is not None:
            record.extend(step.events)
        game = step.game
    return game


def moved(fleet_id: str, zone: str):
    """A change to the truth at the start: `fleet_id` begins in `zone`."""
    def change(state):
        board = state.board
        fleets = tuple(attrs.evolve(f, zone=zone) if f.id == fleet_id else f for f in board.fleets)
        return attrs.evolve(state, board=attrs.evolve(board, fleets=fleets))
    return change


def changed(*changes):
    """Several changes to the truth at the start, made in turn."""
    def change(state):
        for one in changes:
            state = one(state)
        return state
    return change


def mined(zone: str, side: str, fields: int):
    """A change to the truth at the start: `side` has `fields` fields in `zone`."""
    def change(state):
        board = state.board
        return attrs.evolve(state, board=attrs.evolve(board, minefields={**board.minefields, (zone, side): fields}))
    return change


def fleet_is(fleet_id: str, **fields):
    """A change to the truth at the start: the fleet's fields (mission, returning, ...) set."""
    def change(state):
        board = state.board
        fleets = tuple(attrs.evolve(f, **fields) if f.id == fleet_id else f for f in board.fleets)
        return attrs.evolve(state, board=attrs.evolve(board, fleets=fleets))
    return change

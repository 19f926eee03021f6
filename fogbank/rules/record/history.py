"""The umpire's history of a game: its log records and a record-sheet row per resolved phase.

Built by replaying the game's logged inputs from its start, as `fogbank verify` and recovery do,
so a console can draw the whole record sheet and dice log after a page load or a reconnect. The
host keeps the same rows as the game goes (`sheet_rows`), so no replay is needed for a live game.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from fogbank.rules.core import UMPIRE, Cycle, Game, Step
from fogbank.rules.core.plain import to_plain

from . import gamelog
from .replay import replay


def umpire_history(game: Game, inputs: list[Mapping[str, Any]]) -> tuple[list[dict], list[dict]]:
    """(turns, log) for the game started as `game` and given `inputs`.

    A row is {turn, phase, orders, view}: the phase resolved, the orders each acting seat sailed
    under (the standing order for a seat that sent none), and the umpire's view once it resolved
    (a ruleset's console module reads its clock, weather and the like from that view). The log
    is the game's record (header, inputs, rolls, events); the end record, which reveals the seed,
    only once the game is over.
    """
    log: list[dict] = [gamelog.header(game)]
    turns: list[dict] = []
    for _, record, step in replay(game, inputs):
        log += [dict(record), *gamelog.step_records(step)]
        turns += sheet_rows(step)
        game = step.game
    if game.cycle is Cycle.ENDED:  # the end record reveals the seed: only for a game that is over
        log.append(gamelog.end_record(game))
    return turns, log


def sheet_rows(step: Step) -> Iterable[dict]:
    """A record-sheet row for each phase `step` resolved (the umpire's view as the step left it:
    phases resolved together in one step share it)."""
    if not step.resolutions:
        return []
    ruleset = step.game.ruleset
    view = to_plain(ruleset.observe(step.game.state, UMPIRE))
    return [
        {
            "turn": done.turn,
            "phase": done.phase,
            "orders": {seat: to_plain(ruleset.unparse_order(order)) for seat, order in done.orders.items()},
            "view": view,
        }
        for done in step.resolutions
    ]

"""The umpire's history of a game: its log records and a record-sheet row per resolved turn.

Built by replaying the game's logged inputs from its start, as `fogbank verify` and recovery do,
so a console can draw the whole record sheet and dice log after a page load or a reconnect.
"""

from __future__ import annotations

from typing import Any, Mapping

from fogbank.rules.record import gamelog
from fogbank.rules.core import UMPIRE, Game, Phase
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.replay import replay


def umpire_history(game: Game, inputs: list[Mapping[str, Any]]) -> tuple[list[dict], list[dict]]:
    """(turns, log) for the game started as `game` and given `inputs`.

    A turn is {turn, time, night, orders, view}: the turn resolved, its local time and whether it
    was night, the orders each seat sailed under (the standing order for a seat that sent none),
    and the umpire's view once it resolved. The log is the game's record (header, inputs, rolls,
    events); the end record, which reveals the seed, only once the game is over.
    """
    log: list[dict] = [gamelog.header(game)]
    turns: list[dict] = []
    for before, record, step in replay(game, inputs):
        log += [dict(record), *gamelog.step_records(step)]
        if step.resolved:
            turns.append(_turn(before, record, step.game))
        game = step.game
    if game.phase is Phase.ENDED:  # the end record reveals the seed: only for a game that is over
        log.append(gamelog.end_record(game))
    return turns, log


def _turn(before: Game, record: Mapping[str, Any], after: Game) -> dict:
    ruleset = before.ruleset
    state = before.state
    orders = dict(before.orders)
    if record["input"] == "order":  # the order that completed the turn
        orders[record["seat"]] = ruleset.parse_order(record["seat"], record["order"])
    sailed = {
        seat: to_plain(orders.get(seat) or ruleset.standing_order(state, seat))
        for seat in sorted(ruleset.seats_to_act(state))
    }
    start = to_plain(ruleset.observe(state, UMPIRE))
    return {
        "turn": state.turn,
        "time": start["time"],
        "night": start["night"],
        "orders": sailed,
        "view": to_plain(ruleset.observe(after.state, UMPIRE)),
    }

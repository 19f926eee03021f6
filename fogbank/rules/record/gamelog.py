"""A game's log as JSON lines, written from the game: its header, every input with the rolls and
events it made (with their audience and words), and the end with the revealed seed. The records'
fields and how they are read back are the log's schema (`schema`, and `inputs` for the inputs);
`fogbank verify` reads a log back.
"""

from __future__ import annotations

from typing import Any, Iterable

from fogbank.rules.core import (
    UMPIRE, Amended, Answer, Event, Game, Narrative, StandingOrderUsed, Step, commitment, seat_map, sides,
)
from fogbank.rules.core.plain import to_plain

from . import schema


def header(game: Game) -> dict[str, Any]:
    state, ruleset = game.state, game.ruleset
    seats = ruleset.seats(state)
    return schema.plain(schema.GameRecord(
        ruleset=state.ruleset, scenario=state.scenario, seats=[seat_map(seat) for seat in seats],
        sides=list(sides(seats)), phases=list(ruleset.phases), options=to_plain(state.options),
        commitment=commitment(state.dice.seed), schema=schema.VERSION,
    ))  # fmt: skip


def input_record(kind: str, turn: int, **fields: Any) -> dict[str, Any]:
    """An input named by its kind, as logged (for tools and tests, which name kinds as the log does)."""
    return schema.plain(schema.INPUTS[kind](turn=turn, **fields))


def input_at(kind: str, game: Game, **fields: Any) -> dict[str, Any]:
    """An input named by its kind, as logged, stamped with the turn and phase the game is in."""
    return schema.plain(schema.INPUTS[kind].at(game, **fields))


def step_records(
    step: Step, *, before_told_words: bool = False, phase_ids: bool = False
) -> Iterable[dict[str, Any]]:
    """The rolls and events an input made, as the log records them. `before_told_words`: in the
    words logs had before `told_words` (every event's its ruleset's `describe`); `phase_ids`: with
    a released phase named by its id, as logs had it before `Ruleset.phase_title`. Recovery and
    `verify` also accept these older words, so games and logs written before still replay
    (docs/decisions.md)."""
    for roll in step.rolls:
        yield schema.roll_record(roll)
    ruleset = step.game.ruleset
    for event in step.events:
        plain = to_plain(event)
        plain["audience"] = sorted({*plain["audience"], UMPIRE})
        words = None if before_told_words else told_words(event)
        text = words or ruleset.describe(event)
        if phase_ids and isinstance(event, StandingOrderUsed):
            text = text.replace(f"the {ruleset.phase_title(event.phase)} phase", f"the {event.phase} phase", 1)
        yield schema.event_record(plain, text)


# The older wordings a log may hold. Before `told_words`, a ruleset's `describe` gave a released
# phase's words either as the told event's own text (Salvo, the Great War: the same as now, so
# `phase_ids` covers those logs too) or not at all (Supremacy gave the kind): no third is needed.
OLDER_WORDS = ({"before_told_words": True}, {"phase_ids": True})


def older_step_records(step: Step) -> list[list[dict[str, Any]]]:
    """The records of `step` in each older wording a log may hold (see `step_records`)."""
    return [list(step_records(step, **words)) for words in OLDER_WORDS]


def told_words(event: Event) -> str | None:
    """The words of the events the engine makes for someone's words: the umpire's narrative (and
    a standing order used) as he wrote it, an amendment and the rules' answer; None for the
    ruleset's own events, which it describes. Kept here so no ruleset can lose the umpire's words."""
    if isinstance(event, Narrative):
        return event.text
    if isinstance(event, Amended):
        return f"The umpire amended your order: {event.reason}" + (f" {event.note}" if event.note else "")
    if isinstance(event, Answer):
        return f"The rules' answer: {_words(event.answer)} (asked: {_words(event.question)})."
    return None


def _words(payload: Any) -> str:
    """A question's or an answer's map in words: "ship exeter, about top speed"."""
    if isinstance(payload, dict):
        return ", ".join(f"{str(key).replace('_', ' ')} {_words(value)}" for key, value in payload.items()) or "nothing"
    if isinstance(payload, (list, tuple)):
        return ", ".join(_words(value) for value in payload) or "none"
    return str(payload).replace("_", " ") if isinstance(payload, str) else str(payload)


def end_record(game: Game) -> dict[str, Any]:
    state, outcome = game.state, game.state.outcome
    return schema.plain(schema.EndRecord(
        turn=state.turn, phase=state.phase, results=dict(outcome.results) if outcome else None,
        reason=outcome.reason if outcome else None, seed=state.dice.seed.hex(),
    ))  # fmt: skip

"""Feed a game its inputs, as logged, and get the same game back (the core is deterministic)."""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from fogbank.rules import core
from fogbank.rules.core import Game, Step

from . import schema


def apply_input(game: Game, record: Mapping[str, Any]) -> Step:
    """Apply one logged input. Raises `core.Refused` exactly as it did the first time, and
    `schema.Malformed` for a record that is no input the log has."""
    return schema.read_input(record).apply(game)


def start(header: Mapping[str, Any] | schema.GameRecord, seed: bytes) -> Game:
    """The game a log's header record describes (as logged, or read), before its first input.
    Raises `schema.Malformed` for a header that is none, `LookupError` for a ruleset not known here."""
    read = header if isinstance(header, schema.GameRecord) else schema.read_header(header)
    return core.start(core.find_ruleset(read.ruleset), read.scenario, seed, read.options or None)


def replay(game: Game, inputs: list[Mapping[str, Any]]) -> Iterator[tuple[Game, Mapping[str, Any], Step]]:
    """Each input in turn, with the game it was given to and the step it made."""
    for record in inputs:
        step = apply_input(game, record)
        yield game, record, step
        game = step.game


def records_of(game: Game, inputs: list[Mapping[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """The whole log of a game from its start and inputs, a chunk per input (the header first,
    the end with the seed last): what `fogbank verify` reads."""
    from . import gamelog  # gamelog imports the core only; kept local to stay light

    yield [gamelog.header(game)]
    for _, record, step in replay(game, inputs):
        game = step.game
        yield [dict(record), *gamelog.step_records(step)]
    yield [gamelog.end_record(game)]


def full_record(game: Game, inputs: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [record for chunk in records_of(game, inputs) for record in chunk]

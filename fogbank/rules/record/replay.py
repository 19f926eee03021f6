"""Feed a game its inputs, as logged, and get the same game back (the core is deterministic)."""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from fogbank.rules import core
from fogbank.rules.core import Game, Step


def apply_input(game: Game, record: Mapping[str, Any]) -> Step:
    """Apply one logged input. Raises `core.Refused` exactly as it did the first time."""
    kind = record["input"]
    ruleset = game.ruleset
    if kind == "order":
        order = ruleset.parse_order(record["seat"], record["order"])
        return core.submit(game, record["seat"], order, record.get("phase"))
    if kind == "pass":
        return core.pass_over(game, record["seat"])
    if kind == "release":
        return core.release(game)
    if kind == "deadline":
        return core.deadline(game)
    if kind == "hold":
        return core.set_hold(game, bool(record["held"]), record.get("phases"))
    if kind == "override":
        return core.override(game, record["override"], record["reason"], tell=bool(record.get("tell", False)))
    if kind == "narrate":
        return core.narrate(game, record["seat"], record["text"])
    if kind == "amend":
        return core.amend(game, record["seat"], record["order"], record["reason"])
    if kind == "talk":
        return core.talk(game, record["seat"], record["text"], record.get("to"))
    if kind == "ask":
        return core.ask(game, record["seat"], record["question"])
    if kind == "settle":
        return core.settle(game, record["engagement"], record["result"])
    if kind == "end":
        return core.end(game, record.get("reason", ""), record.get("results"))
    raise ValueError(f"unknown input {kind!r}")


def start(header: Mapping[str, Any], seed: bytes) -> Game:
    """The game a log's header record describes, before its first input."""
    ruleset = core.find_ruleset(header["ruleset"])
    return core.start(ruleset, header["scenario"], seed, header.get("options") or None)


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

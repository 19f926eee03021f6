"""`fogbank verify LOG`: re-derive every roll of a finished game from its revealed seed.

Checks, in order: every record is one the log's schema has (`schema`), in a version this fogbank
reads; the seed hashes to the commitment published at the start; every roll's dice follow from
the seed and the roll's key, its total from dice and modifiers, its outcome from its table; rolls
are numbered without gaps; no key is rolled twice (its dice would repeat: a fault of the rules
that played the game, never a forgery); and, when the log holds the game's inputs, replaying them
from the seed gives the very same rolls and events.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from fogbank.errors import FogbankError
from fogbank.rules import core
from fogbank.rules.core import Roll, commitment, verify_roll
from fogbank.rules.core.plain import to_plain

from . import gamelog, schema
from .replay import start


class Mismatch(FogbankError):
    """The first thing in the log that does not follow from the seed."""


class NotALog(Mismatch):
    """The lines are not a game log at all: not JSON objects, or no game record first."""


def verify_records(records: Iterable[dict[str, Any]]) -> int:
    """Returns how many rolls were checked; raises `Mismatch` at the first that fails (a record
    the schema does not have among them), `schema.LaterVersion` for a log this fogbank cannot read."""
    records = list(records)
    read = _read(records)
    head = next((r for r in read if isinstance(r, schema.GameRecord)), None)
    end = next((r for r in read if isinstance(r, schema.EndRecord)), None)
    if head is None:
        raise Mismatch("the log has no game record (its first line)")
    if end is None or not end.seed:
        raise Mismatch("the log has no revealed seed: the game is not over")
    try:
        seed = bytes.fromhex(end.seed)
    except ValueError:
        raise Mismatch("the end record's seed is not hex") from None
    if commitment(seed) != head.commitment:
        raise Mismatch(f"the seed does not hash to the commitment {head.commitment}")
    ruleset = core.find_ruleset(head.ruleset)
    rolls = [r for r in read if isinstance(r, Roll)]
    first_of: dict[str, int] = {}  # each key's first roll
    for expected_index, roll in enumerate(rolls):
        if roll.index != expected_index:
            raise Mismatch(f"roll {expected_index} is missing (found roll {roll.index} in its place)")
        why = verify_roll(seed, roll, ruleset.table_reader(roll.table))
        if why:
            raise Mismatch(f"roll {roll.index} (turn {roll.turn}, {roll.table}, key {roll.key}): {why}")
        if first_of.setdefault(roll.key, roll.index) != roll.index:
            raise Mismatch(
                f"roll {roll.index} (turn {roll.turn}, {roll.table}) repeats the key {roll.key} of roll "
                f"{first_of[roll.key]}, and so its dice: a fault of the rules that played the game"
            )
    inputs = [given for given in read if isinstance(given, schema.Input)]
    if inputs:
        events = [r for r in records if r.get("type") == "event"]
        _replay(head, seed, inputs, rolls, events)
    return len(rolls)


def _read(records: list[dict[str, Any]]) -> list[Any]:
    """Each record read by the schema (an event's common fields only: the rest are compared on
    replay); `Mismatch` naming the first that does not fit."""
    readers = {
        "game": schema.read_header, "input": schema.read_input, "roll": schema.read_roll,
        "event": schema.read_event, "end": schema.read_end,
    }
    read = []
    for number, record in enumerate(records, 1):
        kind = record.get("type") if isinstance(record, dict) else None
        try:
            if kind not in readers:
                raise schema.Malformed(f"it is of a type the log does not have ({kind!r})")
            read.append(readers[kind](record))
        except schema.Malformed as malformed:
            raise Mismatch(f"record {number} does not fit the log's schema: {malformed.sentence}") from None
    return read


def verdict(records: Iterable[dict[str, Any]], rolls: int) -> str:
    """What a log that passed `verify_records` was checked for, in words: its dice always; its
    events only when it holds the inputs to replay (a reader must not take a dice check for a
    check of the whole game)."""
    inputs = sum(1 for r in records if r.get("type") == "input")
    if inputs:
        return (f"all {rolls} rolls follow from the revealed seed, and replaying its {inputs} inputs "
                "gives every roll and event logged")
    return (f"all {rolls} rolls follow from the revealed seed; the log holds no inputs, so its events were "
            "not replayed: only the dice were checked")


def _replay(head: schema.GameRecord, seed: bytes, inputs: list[schema.Input], rolls: list[Roll], events: list[dict]) -> None:
    try:
        game = start(head, seed)
    except core.Refused as refusal:
        raise Mismatch(f"the game record's options are refused: {refusal.sentence}") from None
    replayed: list[Roll] = []
    told: list[dict] = []  # the events replay makes, as the log records them
    told_before: list[list[dict]] = [[] for _ in gamelog.OLDER_WORDS]  # the same in each older wording
    for given in inputs:
        try:
            step = given.apply(game)
        except core.Refused as refusal:
            raise Mismatch(f"input on turn {given.turn} is refused on replay: {refusal.sentence}") from None
        except core.KeyRolledTwice as fault:  # the rules now refuse what they once rolled
            raise Mismatch(f"input on turn {given.turn} cannot be replayed: {fault}") from None
        game = step.game
        replayed.extend(step.rolls)
        told.extend(r for r in gamelog.step_records(step) if r["type"] == "event")
        for kept, older in zip(told_before, gamelog.older_step_records(step), strict=True):
            kept.extend(r for r in older if r["type"] == "event")
    for logged, again in zip(rolls, replayed, strict=False):
        if to_plain(logged) != to_plain(again):
            raise Mismatch(
                f"roll {logged.index} (turn {logged.turn}, {logged.table}) differs on replay: "
                f"logged {list(logged.dice)}, replayed {list(again.dice)} for key {again.key}"
            )
    if len(rolls) != len(replayed):
        raise Mismatch(f"the log has {len(rolls)} rolls but replaying its inputs makes {len(replayed)}")
    # Every event too, with who was told it and in what words: a log whose dice are true but
    # whose reports were edited (a sighting added, an audience widened) is not the game played.
    for number, (logged, again, *before) in enumerate(zip(events, told, *told_before, strict=False)):
        if logged != again and logged not in before:
            raise Mismatch(
                f"event {number} (turn {logged.get('turn')}, {logged.get('kind')}) differs on replay: "
                f"logged {json.dumps(logged)[:160]}, replayed {json.dumps(again)[:160]}"
            )
    if len(events) != len(told):
        raise Mismatch(f"the log has {len(events)} events but replaying its inputs makes {len(told)}")


def read_log(lines: Iterable[str]) -> list[dict[str, Any]]:
    """The log's records, one JSON object a line; raises `NotALog` if the first is no game record
    (naming its ruleset and commitment) or a line is not a JSON object."""
    records = []
    for number, line in enumerate(lines, 1):
        if line.strip():
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise NotALog(f"line {number} is not JSON: {error}") from None
            if not isinstance(record, dict):
                raise NotALog(f"line {number} is not a record (a JSON object)")
            records.append(record)
    head = records[0] if records else {}
    if head.get("type") != "game" or not all(isinstance(head.get(k), str) for k in ("ruleset", "commitment")):
        raise NotALog("its first line is not a game record (no ruleset and commitment)" if records else "it is empty")
    return records

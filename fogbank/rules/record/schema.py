"""The game log's records: one typed schema, with its version, for all that writes or reads a log.

A log is JSON lines, one record a line, each a map whose "type" says which it is (a store keeps
the same records: each input as JSON, the rolls and events it made as msgpack):

  game   the header (`GameRecord`): ruleset, scenario, seats [{seat, side, title}], sides,
         phases, options, commitment (the SHA-256 of the seed); `schema`, the version of this
         schema the log is written in, left out for version 1
  input  what the game was given: one class for each kind (`inputs`), named by the record's
         "input", each with the turn and phase it was given in
  roll   a roll of the dice (`roll_record`): the core's `Roll`, seen by the umpire alone
  event  what happened (`event_record`): kind, turn, audience (the seats told, the umpire always
         among them), the event's own fields, and text: the event in the words its audience is told
  end    the end (`EndRecord`): turn, phase, results {side: result}, reason, and the seed (hex),
         revealed only once the game is over

The host logs each input as it builds it (`plain`), and replay, recovery and `fogbank verify`
read it back (`read_input`) and give it to the game (`Input.apply`): each kind is written once,
in its class. Reading is strict, by the wire's rules (an integer is an integer, never true or
3.0; no field the class does not have), and a record that does not fit is `Malformed`, with a
sentence saying what is wrong. A record's bytes are part of the game's record (a player keeps
them to check with `verify`), so a field that a kind gained later is left out where it has its
old meaning (talk said openly has no `to`), and what was logged is passed on as it was read.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Callable, Mapping

import attrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError

from fogbank.errors import FogbankError
from fogbank.rules.core import UMPIRE, Roll, fields
from fogbank.rules.core.plain import to_plain

from .inputs import INPUTS, Input, Payload, later

# The version of this schema the log is written in. A change to a record's fields or meaning
# raises it; readers then tell the versions apart by the game record's `schema` (and a store by
# its games' `log_schema`). Version 1 is every log written before versions were counted.
VERSION = 1


class Malformed(FogbankError, ValueError):
    """A record that does not fit the schema: an unknown type or kind of input, a field missing,
    of the wrong type, or one its kind does not have. `sentence` says which, in words."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


class LaterVersion(FogbankError, LookupError):
    """A log written in a later version of the schema than this fogbank reads."""

    def __init__(self, version: Any) -> None:
        super().__init__(
            f"it is written in version {version} of the log's schema, and this fogbank reads version"
            f" {VERSION} and before: read it with the fogbank that wrote it, or a later one"
        )


# The records besides inputs ------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class GameRecord:
    """The log's header, its first record: what the game was, and the dice commitment."""

    ruleset: str
    scenario: str
    seats: list[dict[str, str]] = attrs.Factory(list)  # [{seat, side, title}]
    sides: list[str] = attrs.Factory(list)
    phases: list[str] = attrs.Factory(list)
    options: Payload = attrs.Factory(dict)  # the game's options as chosen at creation
    commitment: str
    schema: int = later(1)  # the version the log is written in


@attrs.frozen(kw_only=True)
class EndRecord:
    """The end, with the seed revealed (None results and reason: a game not decided)."""

    turn: int
    phase: str | None = later(None)  # None in logs written before the end said its phase
    results: dict[str, str] | None = None
    reason: str | None = None
    seed: str


@attrs.frozen(kw_only=True)
class EventRecord:
    """What every event record holds besides its own fields (read, not written: events are the
    core's and the rulesets' values, logged by `event_record`)."""

    kind: str
    turn: int
    audience: list[str]
    text: str


def roll_record(roll: Roll) -> dict[str, Any]:
    """A roll as logged: for the umpire alone."""
    return {"type": "roll", "audience": [UMPIRE], **to_plain(roll)}


def event_record(event: Mapping[str, Any], text: str) -> dict[str, Any]:
    """An event as logged, from its plain form (`to_plain`, the umpire in its audience) and its words."""
    return {"type": "event", **event, "text": text}


# Writing and reading -------------------------------------------------------------------------

# The core's strict converter (an int is an int, a field the class does not have is an error), with
# the log's own ways: a ruleset's map passes as it is, and a field gained later is left out at its
# default.
converter = fields.converter.copy()


def _exact_map(value: Any, _: Any) -> Payload:
    if type(value) is not dict or not all(type(key) is str for key in value):
        raise TypeError("not a map with text keys")
    return value


converter.register_structure_hook_func(lambda t: t == Payload, _exact_map)
converter.register_unstructure_hook_func(lambda t: t == Payload, lambda value: value)


# Field types whose values are logged as they are (a ruleset's map too: it is plain data already).
_AS_THEY_ARE = {str, int, bool, str | None, Payload}


def _unstructure_in_order(cls: type) -> Callable[[Any], dict[str, Any]]:
    """`cls`'s records as maps, their fields in the class's order, each field a record gained
    later (`later`) left out at its default (cattrs would put such a field after the others, and
    a record's bytes are part of the game's record)."""
    attrs.resolve_types(cls)
    plan = [
        (field.name, field.default if field.metadata.get("later") else attrs.NOTHING,
         None if field.type in _AS_THEY_ARE else converter.get_unstructure_hook(field.type))
        for field in attrs.fields(cls)
    ]  # fmt: skip

    def unstructure(record: Any) -> dict[str, Any]:
        made = {}
        for name, default, hook in plan:
            value = getattr(record, name)
            if default is attrs.NOTHING or value != default:
                made[name] = value if hook is None else hook(value)
        return made

    return unstructure


_UNSTRUCTURE = {kind: _unstructure_in_order(kind) for kind in (*INPUTS.values(), GameRecord, EndRecord)}
for _kind, _unstructure in _UNSTRUCTURE.items():
    converter.register_unstructure_hook(_kind, _unstructure)


def plain(record: Input | GameRecord | EndRecord) -> dict[str, Any]:
    """A record as the log keeps it (JSON, msgpack): a map, "type" and, for an input, "input" first."""
    fields_of = _UNSTRUCTURE[type(record)](record)
    if isinstance(record, Input):
        return {"type": "input", "input": record.kind, **fields_of}
    return {"type": "game" if isinstance(record, GameRecord) else "end", **fields_of}


def read_input(record: Mapping[str, Any]) -> Input:
    """A logged input, read into its class; `Malformed` if it is none, or not as its kind is written."""
    if not isinstance(record, Mapping) or record.get("type") != "input":
        raise Malformed("it is not an input record")
    name = record.get("input")
    kind = INPUTS.get(name) if isinstance(name, str) else None
    if kind is None:
        known = ", ".join(INPUTS)
        raise Malformed(f"it is an input of a kind the log does not have ({name!r}; the kinds are {known})")
    given = {key: value for key, value in record.items() if key not in ("type", "input")}
    return _structure(given, kind, f"the {name} input")


def read_header(record: Mapping[str, Any]) -> GameRecord:
    """The log's header, read; `LaterVersion` if its schema is one this fogbank does not read."""
    header = _structure(_without_type(record, "game"), GameRecord, "the game record")
    check_version(header.schema)
    return header


def read_end(record: Mapping[str, Any]) -> EndRecord:
    """The log's end record, read."""
    return _structure(_without_type(record, "end"), EndRecord, "the end record")


def read_roll(record: Mapping[str, Any]) -> Roll:
    """A logged roll, read into the core's `Roll` (its audience, always the umpire, is not kept)."""
    plain_roll = {key: value for key, value in _without_type(record, "roll").items() if key != "audience"}
    return _structure(plain_roll, Roll, "the roll")


def read_event(record: Mapping[str, Any]) -> EventRecord:
    """What every event record holds, read (its own fields are the ruleset's, compared on replay)."""
    common = {key: record.get(key) for key in ("kind", "turn", "audience", "text") if key in record}
    return _structure(common, EventRecord, "the event")


def check_version(version: int) -> None:
    """Refuse a version of the schema this fogbank does not read: `LaterVersion`, or `Malformed`
    for one no log was ever written in."""
    if version < 1:
        raise Malformed(f"the log's schema has no version {version}")
    if version > VERSION:
        raise LaterVersion(version)


def _without_type(record: Mapping[str, Any], kind: str) -> dict[str, Any]:
    if not isinstance(record, Mapping) or record.get("type") != kind:
        raise Malformed(f"it is not a {kind} record")
    return {key: value for key, value in record.items() if key != "type"}


def _structure(given: dict[str, Any], cls: type, what: str) -> Any:
    try:
        return converter.structure(given, cls)
    except Exception as error:  # noqa: BLE001 - whatever cattrs raised, the record does not fit
        raise Malformed(f"{what} {_problem(error)}") from None


def _problem(error: Exception) -> str:
    """What is wrong with a record, in words, from what cattrs raised."""
    inner = error.exceptions if isinstance(error, ClassValidationError) else (error,)
    for extra in inner:
        if isinstance(extra, ForbiddenExtraKeysError):
            return f"has a field it does not take: {sorted(extra.extra_fields)[0]!r}"
    if isinstance(error, ClassValidationError):
        for wrong, note in error.group_exceptions()[0]:
            if isinstance(wrong, KeyError):
                return f"has no {note.name!r}"
            return f"has {note.name!r} of the wrong type: it must be {_words(note.type)}"
    return "does not fit the log's schema"


_WORDS: dict[Any, str] = {
    int: "an integer", str: "text", bool: "true or false", type(None): "null", Payload: "a map",
    list[str]: "a list of text", dict[str, str]: "a map of text",
    list[dict[str, str]]: "a list of maps of text",
}  # fmt: skip


def _words(kind: Any) -> str:
    """A field's type as a sentence names it ("text or null")."""
    members = typing.get_args(kind) if isinstance(kind, types.UnionType) else (kind,)
    return " or ".join(_WORDS.get(member, "of another type") for member in members)


__all__ = [
    "INPUTS", "VERSION", "EndRecord", "EventRecord", "GameRecord", "LaterVersion", "Malformed",
    "check_version", "event_record", "plain", "read_end", "read_event", "read_header", "read_input",
    "read_roll", "roll_record",
]

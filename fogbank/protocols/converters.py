"""cattrs converters, one per wire format, and the sentence for a field that does not fit.

Structuring is strict: an integer field takes an integer and nothing else (not true, not 3.0,
not "3"), and a field the schema does not have is refused. Payload fields are passed through
as they are in both directions: `screen` has already checked their shape, and copying a view
that is plain data already would cost the server's hot path for nothing.
"""

from __future__ import annotations

from typing import Any, Callable

import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.strategies import configure_tagged_union

from .errors import ProtocolError, quote
from .messages import ClientMessage, Observation, Payload, ServerMessage, Status, Welcome

# How a sentence names each field type.
_WORDS: dict[Any, str] = {
    int: "an integer",
    str: "text",
    bool: "true or false",
    int | None: "an integer or null",
    str | None: "text or null",
    Payload: "a map",
    list[str]: "a list of text",
    list[Payload]: "a list of maps",
    Payload | None: "a map or null",
    dict[str, int | None]: "a map of integers or nulls",
    dict[str, str | None]: "a map of text or nulls",
}


class _WrongType(TypeError):
    pass


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _: Any) -> Any:
        # `type(...) is` and not isinstance: true is an int to Python, never to the wire.
        if type(value) is not kind:
            raise _WrongType(kind)
        return value

    return structure


def _list_of(kind: type) -> Callable[[Any, Any], list]:
    def structure(value: Any, _: Any) -> list:
        if type(value) is not list or any(type(item) is not kind for item in value):
            raise _WrongType(list)
        return value

    return structure


def _as_is(value: Any) -> Any:
    return value


def _a_list(value: Any) -> Any:
    # A `PackedLog` (game_over's log, kept encoded) goes out as the list it stands for.
    return value if type(value) is list else list(value)


def make_converter(*, binary: bool) -> cattrs.Converter:
    """A converter for the message schema; `binary` for msgpack, else JSON."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    # Generic aliases are not classes, so these hooks are matched by equality.
    for alias, structure, unstructure in (
        (Payload, _exactly(dict), _as_is),
        (list[str], _list_of(str), _as_is),
        (list[Payload], _list_of(dict), _a_list),
    ):
        converter.register_structure_hook_func(lambda t, alias=alias: t == alias, structure)
        converter.register_unstructure_hook_func(lambda t, alias=alias: t == alias, unstructure)
    if not binary:
        # No field is bytes today. Should one come, JSON carries it as hex (as the game log
        # does) while msgpack carries bin: the reason each format has a converter of its own.
        converter.register_unstructure_hook(bytes, bytes.hex)
    # An observation that answers no order of its connection (nearly all of them) must cost not
    # one byte more: its `ack` is left off the wire when None. Registered before the union, which
    # takes each member's hook as it is configured.
    # Likewise whom the phase waits for and its deadline, on a message of a game with neither.
    omitted = override(omit_if_default=True)
    converter.register_unstructure_hook(
        Observation,
        make_dict_unstructure_fn(Observation, converter, ack=omitted, waiting=omitted, deadline=omitted),
    )
    converter.register_unstructure_hook(
        Status, make_dict_unstructure_fn(Status, converter, waiting=omitted, deadline=omitted)
    )
    # And a game's name on the welcome of a game with none.
    converter.register_unstructure_hook(
        Welcome, make_dict_unstructure_fn(Welcome, converter, waiting=omitted, deadline=omitted, name=omitted, nudge_to=omitted)
    )
    for union in (ClientMessage, ServerMessage):
        configure_tagged_union(union, converter, tag_generator=lambda cls: cls.tag, tag_name="type")
    return converter


def explain(error: Exception, tag: str) -> ProtocolError:
    """The peer's fault in one sentence, from what cattrs raised structuring message `tag`."""
    if isinstance(error, ForbiddenExtraKeysError):
        return _extra(error, tag)
    if isinstance(error, ClassValidationError):
        with_notes, others = error.group_exceptions()
        for inner in others:
            if isinstance(inner, ForbiddenExtraKeysError):
                return _extra(inner, tag)
        for inner, note in with_notes:
            if isinstance(inner, KeyError):
                return ProtocolError("bad_field", f"Field {note.name!r} of {tag!r} is missing.")
            words = _WORDS.get(note.type, "of another type")
            return ProtocolError("bad_field", f"Field {note.name!r} of {tag!r} must be {words}.")
    return ProtocolError("bad_field", f"A field of {tag!r} does not fit the schema.")


def _extra(error: ForbiddenExtraKeysError, tag: str) -> ProtocolError:
    name = sorted(error.extra_fields)[0]
    return ProtocolError("bad_field", f"{tag!r} has no field {quote(name)}.")


json_converter = make_converter(binary=False)
msgpack_converter = make_converter(binary=True)

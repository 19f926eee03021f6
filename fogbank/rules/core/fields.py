"""Reading a payload's fields by type, once for every ruleset.

Any JSON value may come in any field of an order, amendment, override or question. Each ruleset's
parser reads every field through these readers, which give the value as the rules use it or raise
`Refused` with the code and sentence the parser names: never the TypeError of an `in`, a
comparison or a method the value does not have, which the server could only answer with
`internal_error`. Past the parser the rules see values of the types they expect.

The types are the wire's (protocols/README.md): a whole number is an int and never a bool (True is
an int to Python); text is a str; a list is a list; a map has text keys. `structure` reads a
payload into an attrs class by the same strict rules, with cattrs.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, TypeVar

import cattrs

from .errors import Refused

T = TypeVar("T")


def whole(value: Any, code: str, sentence: str, *, low: int | None = None, high: int | None = None) -> int:
    """A whole number (from `low` to `high`, where given)."""
    if type(value) is not int or (low is not None and value < low) or (high is not None and value > high):
        raise Refused(code, sentence)
    return value


def text(value: Any, code: str, sentence: str) -> str:
    if not isinstance(value, str):
        raise Refused(code, sentence)
    return value


def flag(value: Any, code: str, sentence: str) -> bool:
    """true or false (not 0 or 1, not "yes")."""
    if type(value) is not bool:
        raise Refused(code, sentence)
    return value


def listed(value: Any, code: str, sentence: str, *, most: int | None = None) -> list[Any]:
    """A list (of at most `most` items, where given); its items are the caller's to read."""
    if not isinstance(value, (list, tuple)) or (most is not None and len(value) > most):
        raise Refused(code, sentence)
    return list(value)


def keyed(value: Any, code: str, sentence: str) -> dict[str, Any]:
    """A map with text keys; its values are the caller's to read."""
    if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
        raise Refused(code, sentence)
    return dict(value)


def only(payload: Mapping[str, Any], known: Collection[str], code: str, what: str) -> None:
    """Refuse a field `known` does not name: "An order has no field 'x'." (`what`: "An order")."""
    unknown = sorted(str(key) for key in payload if key not in known)
    if unknown:
        raise Refused(code, f"{what} has no field {unknown[0]!r}.")


def one_of(value: Any, choices: Collection[Any]) -> bool:
    """Whether `value` is one of `choices`, of the same type: for any value (a list or a map given
    where a name goes is simply not one, where `in` a set would raise), never a bool or 3.0 for 3,
    and a letter of a string of letters, never a run of them ("AB" is not one of "ABCDEF")."""
    return any(type(choice) is type(value) and choice == value for choice in choices)


def chosen(value: Any, choices: Collection[T], code: str, sentence: str) -> T:
    """`value`, if it is one of `choices`."""
    if not one_of(value, choices):
        raise Refused(code, sentence)
    return value


# The wire's strict converter: an int is an int (not a bool), a str a str (cattrs would make 3 of
# "3" and True of "yes"), and a map may hold no key its class does not have.
converter = cattrs.Converter(forbid_extra_keys=True)


def _exactly(kind: type):
    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"{value!r} is not a {kind.__name__}")
        return value

    return structure


for _kind in (int, str, bool):
    converter.register_structure_hook(_kind, _exactly(_kind))


def structure(value: Any, cls: type[T], code: str, what: str) -> T:
    """`value` read into `cls` (an attrs class) by the converter above; else `Refused` with the
    first problem cattrs found: "That is not {what}: ...". Any failure of the structuring is the
    peer's (a string where a map goes fails inside cattrs' generated code with AttributeError)."""
    try:
        return converter.structure(value, cls)
    except Exception as error:  # noqa: BLE001 - whatever cattrs raised, the payload was not one
        raise Refused(code, f"That is not {what}: {_first(error)}.") from None


def _first(error: Exception) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        notes = cattrs.transform_error(error)
        return notes[0] if notes else "malformed"
    return str(error) or type(error).__name__

"""Scenario files: TOML read into a ruleset's typed classes, once for every ruleset.

A ruleset describes its files with attrs classes (a field a key, a default where the key may be
left out) and reads them with `read`: a key the class does not have, a key missing, or a value of
the wrong kind is refused, each as one line naming the file, where in it, the key and what was
expected. A misspelt key never quietly becomes its default. Key names are the fields' names; a
field named for a Python word ends in "_" (`class_`) and is written without it (`class`).

Reading the file is the shell's (or the ruleset's loader of its own package data): here only text.
"""

from __future__ import annotations

import difflib
import enum
import tomllib
import types
import typing
from collections.abc import Collection, Mapping
from functools import cache
from typing import Any, Literal, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, list_structure_factory
from cattrs.errors import (
    AttributeValidationNote,
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, override

from fogbank.errors import FogbankError

from .seats import Seat, check_seats

T = TypeVar("T")


class ScenarioError(FogbankError, ValueError):
    """A scenario file that cannot be played: every problem found, each one line naming the file."""

    def __init__(self, problems: typing.Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = tuple(problems)


@attrs.frozen(kw_only=True)
class Checked:
    """What a scenario file sets up, as `fogbank scenario check` tells a designer: its title, the
    seats (each on a side), the sides' names, and the turns; or, for a map, what it draws."""

    title: str
    kind: str = "scenario"  # or what else it is that scenarios name: "map", "ship classes"
    seats: tuple[Seat, ...] = ()
    side_titles: Mapping[str, str] = attrs.field(factory=dict)
    turns: int = 0
    notes: tuple[str, ...] = ()  # more lines of the ruleset's own (a map's size, the options)


def check(ruleset: Any, text: str, source: str, beside: typing.Callable[[str], str | None]) -> Checked:
    """A scenario file checked as `ruleset` (a `Ruleset`) reads it, and its seats as a game's
    start checks them (names a transport can carry); `ScenarioError` naming every problem."""
    checked = ruleset.check_scenario(text, source, beside)
    if checked.kind == "scenario":
        try:
            check_seats(checked.seats)
        except ValueError as error:
            raise problem(source, "seats", str(error)) from None
    return checked


def named_beside(beside: typing.Callable[[str], str | None], shipped: typing.Callable[[str], T],
                 read_file: typing.Callable[[str, str], T]) -> typing.Callable[[str], T]:
    """How a scenario being checked finds a file it names (its map): the text `beside` gives (the
    file of that name in the scenario's own folder), read as `read_file` reads it, or else the
    ruleset's own (`shipped`)."""

    def named(name: str) -> T:
        found = beside(name)
        return shipped(name) if found is None else read_file(found, f"{name}.toml")

    return named


def read(text: str, cls: type[T], source: str) -> T:
    """The TOML `text` read into `cls`; `ScenarioError` naming `source` and every problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError([f"{source}: not TOML: {error}"]) from None
    return structure(data, cls, source)


def structure(data: Mapping[str, Any], cls: type[T], source: str) -> T:
    """Plain data (a file's tables) read into `cls`, as `read` does."""
    try:
        return _converter.structure(data, cls)
    except BaseValidationError as error:
        raise ScenarioError([f"{source}: {line}" for line in _problems(error, ())]) from None


def problem(source: str, where: str, sentence: str) -> ScenarioError:
    """A problem a ruleset finds past the keys (a seat no side has, a square on land): one line."""
    return ScenarioError([f"{source}: {where}: {sentence}" if where else f"{source}: {sentence}"])


def setting(cls: type, name: str, *, only: Collection[str] = (), leave_out: Collection[str] = (),
            written: Mapping[str, Any] | None = None, more: Mapping[str, Any] | None = None,
            all_optional: bool = False) -> type:
    """A table of the file that sets `cls`'s fields (those in `only`, if given; none of
    `leave_out`): a field `cls` gives a default may be left out, and keeps that default, so a
    default is written once, in `cls`, and a field added to `cls` is a key at once (`all_optional`:
    any key may be left out, the table being laid over another). `written` gives a field's type as
    the file writes it (a hex as text, "1808"), `more` optional keys of the file's own (not fields).
    `given` is what a table read into it sets."""
    attrs.resolve_types(cls)
    fields = [f for f in attrs.fields(cls) if (not only or f.name in only) and f.name not in leave_out]
    kinds = {f.name: f.type for f in fields} | dict(written or {})
    needed = {f.name for f in fields if f.default is attrs.NOTHING and not all_optional}
    keys = {key: attrs.field(type=kind) if key in needed else attrs.field(default=None, type=kind | None)
            for key, kind in kinds.items()}
    keys |= {key: attrs.field(default=None, type=kind | None) for key, kind in (more or {}).items()}
    table = attrs.make_class(name, keys, frozen=True, kw_only=True)
    table.__module__ = cls.__module__
    return table


def given(table: Any) -> dict[str, Any]:
    """The keys a table read into a `setting` class gave, by field."""
    values = {f.name: getattr(table, f.name) for f in attrs.fields(type(table))}
    return {name: value for name, value in values.items() if value is not None}


def keys(cls: type) -> tuple[str, ...]:
    """The keys a table read into `cls` may have, as a file writes them."""
    return tuple(_key(field.name) for field in attrs.fields(cls))


# -- the converter: strict kinds (TOML's own: "2" is not 2, 1 is not true), no unknown keys ----------

_converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)


class WrongKind(FogbankError, TypeError):
    """A value of the wrong kind, with the value, for the problem's words."""

    def __init__(self, value: Any, expected: Any) -> None:
        super().__init__(f"{value!r} is not {_words(expected)}")
        self.value, self.expected = value, expected


def _exactly(*kinds: type):
    def structure(value: Any, expected: Any) -> Any:
        if type(value) not in kinds:
            raise WrongKind(value, expected)
        return value

    return structure


_converter.register_structure_hook(int, _exactly(int))
_converter.register_structure_hook(str, _exactly(str))
_converter.register_structure_hook(bool, _exactly(bool))
_converter.register_structure_hook(float, lambda value, _: float(_exactly(int, float)(value, float)))


def _literal(value: Any, expected: Any) -> Any:
    if not any(type(value) is type(choice) and value == choice for choice in get_args(expected)):
        raise WrongKind(value, expected)
    return value


_converter.register_structure_hook_func(lambda t: get_origin(t) is Literal, _literal)


def _member(value: Any, expected: type[enum.Enum]) -> Any:
    found = next((m for m in expected if type(m.value) is type(value) and m.value == value), None)
    if found is None:
        raise WrongKind(value, expected)
    return found


_converter.register_structure_hook_func(lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _member)


def _is_list(kind: Any) -> bool:
    return get_origin(kind) in (tuple, list)


def _list_hook(kind: Any) -> Any:
    """A list as TOML writes it ([...]), never a table or text, whose keys or letters cattrs would
    otherwise take for its items."""
    args = get_args(kind)
    if get_origin(kind) is list:
        inner = list_structure_factory(kind, _converter)
    elif len(args) == 2 and args[1] is Ellipsis:
        inner = homogenous_tuple_structure_factory(kind, _converter)
    else:
        inner = _converter.gen_structure_hetero_tuple(kind)

    def structure(value: Any, expected: Any) -> Any:
        if not isinstance(value, list):
            raise WrongKind(value, expected)
        return inner(value, expected)

    return structure


_converter.register_structure_hook_factory(_is_list, _list_hook)


def _key(name: str) -> str:
    return name.removesuffix("_")


def _is_table(cls: Any) -> bool:
    return isinstance(cls, type) and attrs.has(cls)


def _table_hook(cls: type) -> Any:
    renamed = {f.name: override(rename=_key(f.name)) for f in attrs.fields(cls) if f.name.endswith("_")}
    return make_dict_structure_fn(cls, _converter, _cattrs_forbid_extra_keys=True, **renamed)


_converter.register_structure_hook_factory(_is_table, _table_hook)


# -- problems in words --------------------------------------------------------------------------------

Step = tuple[str, Any]  # ("key", name) or ("item", index or key, inside)


def _problems(error: BaseException, where: tuple[Step, ...]) -> list[str]:
    if isinstance(error, BaseValidationError):
        return [line for sub in error.exceptions for line in _problems(sub, where + _step(sub))]
    if isinstance(error, ForbiddenExtraKeysError):
        return [_unknown(key, error.cl, where) for key in sorted(error.extra_fields)]
    if isinstance(error, KeyError):
        return [f"{_place(where[:-1])}missing key {where[-1][1]!r} ({_expected(where)})"]
    if isinstance(error, WrongKind):
        return [f"{_place(where)}{_value(error.value)} is not {_words(error.expected)}"]
    return [f"{_place(where)}{error}"]  # a type cattrs could not read it as


def _step(error: BaseException) -> tuple[Step, ...]:
    for note in getattr(error, "__notes__", ()):
        if isinstance(note, AttributeValidationNote):
            return (("key", _key(note.name), note.type),)
        if isinstance(note, IterableValidationNote):
            return (("item", note.index, note.type),)
    return ()


def _unknown(key: str, cls: type, where: tuple[Step, ...]) -> str:
    known = keys(cls)
    near = difflib.get_close_matches(key, known, n=1)
    guess = f" (did you mean {near[0]!r}?)" if near else ""
    return f"{_place(where)}unknown key {key!r}{guess}; expected one of: {', '.join(known)}"


def _expected(where: tuple[Step, ...]) -> str:
    return _words(where[-1][2])


def _place(where: tuple[Step, ...]) -> str:
    return f"{_path(where)}: " if where else ""


def _path(where: tuple[Step, ...]) -> str:
    """Where in the file, as TOML names it: `boat.tubes`, `vessels[2].squares` (counted from 1, the
    file's second [[vessels]]), `classes.lion.attack`."""
    text = ""
    for kind, name, _ in where:
        if kind == "key":
            text += f".{name}" if text else name
        elif isinstance(name, int):
            text += f"[{name + 1}]"
        else:
            text += f".{name}" if text else name
    return text


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


@cache
def _words(kind: Any) -> str:
    """What a value of `kind` is, as a designer reads it."""
    origin, args = get_origin(kind), get_args(kind)
    if kind is int:
        return "a whole number"
    if kind is float:
        return "a number"
    if kind is str:
        return "text"
    if kind is bool:
        return "true or false"
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in args)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return "one of " + ", ".join(repr(m.value) for m in kind)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_words(a) for a in args if a is not type(None))
    if origin is tuple and args and args[-1] is not Ellipsis:  # a list of so many, each its own
        return f"a list of {len(args)} ({'; '.join(_words(a) for a in args)})"
    if origin in (tuple, list, frozenset, set) or origin is typing.Sequence:
        return f"a list of {_plural(_words(args[0]))}" if args else "a list"
    if origin is not None and issubclass(origin, Mapping) or _is_table(kind):
        return "a table"
    return getattr(kind, "__name__", str(kind))


def _plural(words: str) -> str:
    for single, many in (("a whole number", "whole numbers"), ("a number", "numbers"), ("a table", "tables"),
                         ("a list of", "lists of")):
        if words.startswith(single):
            return many + words[len(single):]
    return words

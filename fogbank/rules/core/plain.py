"""Core values as plain data (dicts, lists, str, int, bool, None) for logs and state hashes.

The wire has its own converters in `fogbank.protocols`; this one is for the umpire's log and the
state fingerprint, so it keeps everything, the seed included.
"""

from __future__ import annotations

import collections.abc
import enum
import functools
import hashlib
import json
from typing import Any

import attrs
import cattrs

from .dice import Dice
from .events import Event

converter = cattrs.Converter()
converter.register_unstructure_hook(bytes, lambda b: b.hex())
converter.register_unstructure_hook(frozenset, lambda s: sorted(converter.unstructure(v) for v in s))
converter.register_unstructure_hook(enum.Enum, lambda e: e.value)


def _unstructure_mapping(mapping: dict) -> dict:
    # JSON keys are strings: a square (x, y) becomes "[x,y]", a number its digits.
    return {_key(key): converter.unstructure(value) for key, value in mapping.items()}


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    if isinstance(key, int) and not isinstance(key, bool):
        return str(key)
    if isinstance(key, tuple) and all(type(k) is int for k in key):
        return "[" + ",".join(map(str, key)) + "]"
    return json.dumps(converter.unstructure(key), separators=(",", ":"))


def _is_mapping(t: Any) -> bool:
    return getattr(t, "__origin__", t) in (dict, collections.abc.Mapping, collections.abc.MutableMapping)


converter.register_unstructure_hook_func(_is_mapping, _unstructure_mapping)


_AS_THEY_ARE = (str, int, bool, float, type(None))  # what unstructure gives back unchanged


def _unstructure_event(event: Event) -> dict[str, Any]:
    # Every turn's events go through here for the log: plain values, and the audience and paths
    # made of them, skip the converter's dispatch (giving what it would give: lists, sorted sets).
    plain = {"kind": type(event).kind}
    for name in _field_names(type(event)):
        value = getattr(event, name)
        kind = type(value)
        if kind in _AS_THEY_ARE:
            plain[name] = value
        elif kind is frozenset and all(type(v) is str for v in value):
            plain[name] = sorted(value)
        elif (kind is tuple or kind is list) and all(type(v) in _AS_THEY_ARE for v in value):
            plain[name] = list(value)
        elif isinstance(value, enum.Enum):
            plain[name] = value.value
        else:
            plain[name] = converter.unstructure(value)
    return plain


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(a.name for a in attrs.fields(kind))


converter.register_unstructure_hook_func(
    lambda t: isinstance(t, type) and issubclass(t, Event), _unstructure_event
)


# The dice as they always were in a state's plain form: the seed and the rolls made. The keys
# rolled this turn follow from the rolls, which recovery checks input by input; left in, they
# would change the fingerprint of every game stored before they were kept, and set it aside.
converter.register_unstructure_hook(Dice, lambda d: {"seed": d.seed.hex(), "rolls_made": d.rolls_made})


def to_plain(value: Any) -> Any:
    return converter.unstructure(value)


def fingerprint(value: Any) -> str:
    """SHA-256 of the value's canonical JSON: equal values, equal fingerprints."""
    text = json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"), default=_fallback)
    return hashlib.sha256(text.encode()).hexdigest()


def _fallback(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, enum.Enum):
        return value.value
    raise TypeError(f"cannot fingerprint {type(value).__name__}")

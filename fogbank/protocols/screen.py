"""Checks on a decoded frame before any of it is trusted: shape, depth, lengths, value types.

Everything here walks with an explicit stack, never by recursion, so a frame built to be
deep fails with `too_deep` and not with a RecursionError. Both formats go through the same
walk, so a message either codec accepts, the other accepts too.
"""

from __future__ import annotations

import math
import re
from typing import Any

from .errors import ProtocolError, quote
from .limits import Limits

# msgpack carries signed and unsigned 64-bit integers; JSON must not carry more.
_INT_MIN = -(2**63)
_INT_MAX = 2**64 - 1

_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth_ok(text: str, depth: int) -> bool:
    """Whether JSON `text` nests lists and maps at most `depth` deep (checked before parsing)."""
    if text.count("[") + text.count("{") <= depth:  # the usual small message: nothing to scan
        return True
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    level = 0
    for char in brackets:
        if char in "[{":
            level += 1
            if level > depth:
                return False
        else:
            level -= 1
    return True


def screen(message: Any, known: dict[str, type], limits: Limits) -> tuple[str, dict]:
    """Check a decoded frame is a known message within `limits`; return its tag and map."""
    if type(message) is not dict:
        raise ProtocolError("malformed_frame", "A message is a map with a 'type' field.")
    tag = message.get("type")
    if type(tag) is not str:
        raise ProtocolError("unknown_message", "A message needs a 'type' field naming what it is.")
    if tag not in known:
        raise ProtocolError("unknown_message", f"There is no message of type {quote(tag)}.")
    if len(message) > limits.map:
        raise ProtocolError("too_large", f"Message {tag!r} has too many fields.")
    for name, value in message.items():
        if type(name) is not str:
            raise ProtocolError("bad_field", f"Field names in {tag!r} must be text.")
        if len(name) > limits.string:
            raise ProtocolError("string_too_long", f"A field name in {tag!r} is too long.")
        # A plain integer or short ASCII text passes here as `_walk` would pass it, without the
        # field's name written out for an error it will not have (every order has four of them).
        kind = type(value)
        if kind is int and _INT_MIN <= value <= _INT_MAX:
            continue
        if kind is str and len(value) <= limits.string and value.isascii():
            continue
        _walk(value, 2, f"Field {quote(name)} of {tag!r}", limits)
    return tag, message


def _walk(value: Any, depth: int, where: str, limits: Limits) -> None:
    """Check one field's value; `depth` is the depth a list or map at the top of it would have."""
    stack = [(value, depth)]
    while stack:
        item, level = stack.pop()
        kind = type(item)
        if kind is str:
            _check_text(item, where, limits)
        elif kind is dict or kind is list:
            if level > limits.depth:
                raise ProtocolError(
                    "too_deep", f"{where} nests lists and maps more than {limits.depth} deep."
                )
            if len(item) > (limits.map if kind is dict else limits.array):
                raise ProtocolError("too_large", f"{where} holds a list or map with too many entries.")
            if kind is dict:
                for key in item:
                    if type(key) is not str:
                        raise ProtocolError("bad_field", f"{where} holds a map whose keys are not all text.")
                    _check_text(key, where, limits)
                stack.extend((v, level + 1) for v in item.values())
            else:
                stack.extend((v, level + 1) for v in item)
        elif kind is int:
            if not _INT_MIN <= item <= _INT_MAX:
                raise ProtocolError("malformed_frame", f"{where} holds an integer beyond 64 bits.")
        elif kind is float:
            if not math.isfinite(item):
                raise ProtocolError("malformed_frame", f"{where} holds a number that is not finite.")
        elif item is not None and kind is not bool:
            raise ProtocolError("bad_field", f"{where} holds a value that is not plain JSON data.")


def _check_text(text: str, where: str, limits: Limits) -> None:
    if len(text) > limits.string:
        raise ProtocolError("string_too_long", f"{where} holds text longer than {limits.string} characters.")
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate, from a JSON \ud800 escape
            raise ProtocolError("malformed_frame", f"{where} holds text that is not valid Unicode.") from None

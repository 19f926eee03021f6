"""A game's log kept as msgpack bytes, for the one message that carries it whole (`game_over`).

At a game's end every seat is sent the whole log. Decoding the stored records only to encode them
again, once per seat, was most of a game's end; a `PackedLog` holds the encoded items as the store
gave them, and the msgpack codec writes them into the frame as they are. Whatever else reads it
(the JSON codec, a test, the umpire's seat log) sees the decoded list, decoded once.
"""

from __future__ import annotations

import collections.abc
from typing import Any, Iterable

import msgpack

_packer = msgpack.Packer(use_bin_type=True)  # as the codec packs: equal values, equal bytes


def array_items(packed: bytes) -> tuple[int, bytes]:
    """How many items a msgpack array holds, and their bytes (the array less its header)."""
    first = packed[0]
    if 0x90 <= first <= 0x9F:
        return first & 0x0F, packed[1:]
    if first == 0xDC:
        return int.from_bytes(packed[1:3], "big"), packed[3:]
    if first == 0xDD:
        return int.from_bytes(packed[1:5], "big"), packed[5:]
    raise ValueError("not a msgpack array")


class PackedLog(collections.abc.Sequence):
    """A list of log records, held encoded: `add` a record, or `add_packed` a msgpack array of them."""

    def __init__(self) -> None:
        self._count = 0
        self._parts: list[bytes] = []
        self._items: list[Any] | None = None

    def add(self, record: Any) -> None:
        self._parts.append(_packer.pack(record))
        self._count += 1
        self._items = None

    def add_packed(self, array: bytes) -> None:
        count, items = array_items(array)
        self._parts.append(items)
        self._count += count
        self._items = None

    def extend(self, records: Iterable[Any]) -> None:
        for record in records:
            self.add(record)

    def packed(self) -> bytes:
        """The log as one msgpack array: the bytes `msgpack.packb(list(self))` would give."""
        return _packer.pack_array_header(self._count) + b"".join(self._parts)

    def decoded(self) -> list[Any]:
        if self._items is None:
            self._items = msgpack.unpackb(self.packed()) if self._count else []
        return self._items

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: Any) -> Any:
        return self.decoded()[index]

    def __iter__(self) -> Any:
        return iter(self.decoded())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PackedLog):
            return self.packed() == other.packed()
        if isinstance(other, list):
            return self.decoded() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (it is a list, as far as anyone comparing knows)

    def __repr__(self) -> str:
        return f"PackedLog({self._count} records)"

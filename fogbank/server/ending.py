"""A game's end: the whole log every seat is sent, and each seat's own record.

Built from the log as the store gave it back with the commit of the ending input: the records
each input made stay msgpack bytes (`PackedLog`), written into every seat's `game_over` frame
as they are, and only the events told to some seat are decoded, for the seats' own records.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

import attrs
import msgpack

from fogbank.protocols.packed import PackedLog

from . import filter as seen_by
from .store import StoredInput, told_to_seats


@attrs.frozen
class Ending:
    """`log`: the header, every input and what it made, the end record; `told`: the same less
    the rolls and the events told to the umpire alone, which no seat's record holds."""

    log: Sequence[Mapping[str, Any]]
    told: list[Mapping[str, Any]]

    @classmethod
    def of(cls, kept: list[Mapping[str, Any]], end: Mapping[str, Any]) -> Ending:
        """From the log as a list (a game rebuilt by replay), its header first, its end not yet."""
        return cls([*kept, end], kept)

    def record(self, seat: str) -> list[dict[str, Any]]:
        """The seat's own record: its inputs and what it was told, never a roll."""
        return seen_by.seat_record(seat, self.told)


def from_store(header: Mapping[str, Any], stored: list[StoredInput], end: Mapping[str, Any]) -> Ending | None:
    """The ending from the stored log; None if some input's records were not kept (replay then)."""
    if any(row.made is None for row in stored):
        return None
    inputs = json.loads(f"[{','.join(row.record for row in stored)}]")  # one parse, not one a row
    log = PackedLog()
    log.add(header)
    told: list[Mapping[str, Any]] = [header]
    for record, row in zip(inputs, stored):
        log.add(record)
        log.add_packed(row.made)
        told.append(record)
        # A store made before `told` was kept: cut it from the records themselves.
        told += msgpack.unpackb(row.told) if row.told is not None else told_to_seats(msgpack.unpackb(row.made))
    log.add(end)
    return Ending(log, told)

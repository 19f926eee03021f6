"""A game's end: the whole log every seat is sent, and each seat's own record.

Built from the log as the store gave it back with the commit of the ending input: the records
each input made stay msgpack bytes (`PackedLog`), written into every seat's `game_over` frame
as they are, and so does each seat's share of them, stored with each input for its record;
nothing told is decoded at the end.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

import attrs
import msgpack

from fogbank.protocols.packed import PackedLog
from fogbank.rules.core.engagement import public_options

from . import filter as seen_by
from .store import StoredInput


@attrs.frozen
class Ending:
    """`log`: the header, every input and what it made, the end record; `records`: each seat's
    own record; `bare`: the record of a seat that gave and was told nothing, the header alone."""

    log: Sequence[Mapping[str, Any]]
    records: Mapping[str, Sequence[Mapping[str, Any]]]
    bare: Sequence[Mapping[str, Any]]

    @classmethod
    def of(cls, kept: list[Mapping[str, Any]], end: Mapping[str, Any]) -> Ending:
        """From the log as a list (a game rebuilt by replay), its header first, its end not yet."""
        header, entries = kept[0], kept[1:]
        shares = seen_by.records_by_seat(entries)
        told = seat_header(header)
        return cls([*kept, end], {seat: [dict(told), *map(dict, share)] for seat, share in shares.items()}, [dict(told)])

    def record(self, seat: str) -> Sequence[Mapping[str, Any]]:
        """The seat's own record: its inputs and what it was told, never a roll."""
        return self.records.get(seat, self.bare)


def seat_header(header: Mapping[str, Any]) -> dict[str, Any]:
    """The log's header as a seat's own record holds it: its public options (a battle fought for
    a campaign keeps the whole engagement there, the enemy's damage too, and the campaign goes on)."""
    return {**header, "options": public_options(header.get("options") or {})}


def from_store(header: Mapping[str, Any], stored: list[StoredInput], end: Mapping[str, Any]) -> Ending | None:
    """The ending from the stored log; None if some input's records were not kept (replay then)."""
    if any(row.made is None for row in stored):
        return None
    inputs = json.loads(f"[{','.join(row.record for row in stored)}]")  # one parse, not one a row
    log = PackedLog()
    log.add_packed(msgpack.packb([header]))
    told = msgpack.packb([seat_header(header)])
    records: dict[str, PackedLog] = {}

    def record_of(seat: str) -> PackedLog:
        if seat not in records:
            records[seat] = PackedLog()
            records[seat].add_packed(told)
        return records[seat]

    for record, row in zip(inputs, stored):
        log.add(record)
        log.add_packed(row.made)
        if row.seat_records is not None:
            for seat, share in msgpack.unpackb(row.seat_records).items():
                record_of(seat).add_packed(share)
        else:  # a store made before the shares were kept: cut them from the records themselves
            for seat, entries in seen_by.records_by_seat([record, *msgpack.unpackb(row.made)]).items():
                record_of(seat).extend(entries)
    log.add(end)
    bare = PackedLog()
    bare.add_packed(told)
    return Ending(log, records, bare)

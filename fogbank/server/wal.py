"""What a torn write-ahead log held: read before SQLite opens the store, which drops it silently.

A process killed while SQLite writes a transaction into its WAL leaves that transaction's frames
without their commit frame. SQLite's recovery ignores them (rightly: the transaction was never
committed, so nothing in it was acknowledged), and says nothing. The operator should hear of it:
`torn_tail` finds those frames (same salts as the WAL's header, valid checksums, no commit after
them), and `logged_inputs` reads from their pages which games' inputs they held, so the store
can say which games went back, and to where.

The formats are SQLite's own (https://www.sqlite.org/fileformat2.html: "WAL file format", "B-tree
pages", "Record format").
"""

from __future__ import annotations

import struct
from pathlib import Path

WAL_HEADER = 32
FRAME_HEADER = 24
MAGIC = {0x377F0682: "<", 0x377F0683: ">"}  # the checksum's byte order
LEAF_TABLE = 13  # a table b-tree's leaf page


def torn_tail(wal: Path) -> list[bytes] | None:
    """The pages of the frames after the WAL's last commit that belong to its current run (those
    of a transaction being written when the process died), as far as they can be read; None if
    the WAL has no such frames (or there is no WAL, or it is not one)."""
    try:
        data = wal.read_bytes()
    except FileNotFoundError:
        return None
    if len(data) < WAL_HEADER:
        return None
    magic, _, page_size, _, salt1, salt2 = struct.unpack(">6I", data[:24])
    order = MAGIC.get(magic)
    checksum = struct.unpack(">2I", data[24:32])
    if order is None or _checksum(order, data[:24], (0, 0)) != checksum:
        return None
    frame = FRAME_HEADER + page_size
    torn: list[bytes] | None = None
    offset = WAL_HEADER
    while offset < len(data):
        head = data[offset : offset + FRAME_HEADER]
        if len(head) < 16:
            return torn if torn is not None else []  # a frame header cut short: torn, unreadable
        number, size, salt_1, salt_2 = struct.unpack(">4I", head[:16])
        if (salt_1, salt_2) != (salt1, salt2):
            return torn  # a frame of an earlier run of the WAL: stale, not torn
        page = data[offset + FRAME_HEADER : offset + frame]
        torn = [*(torn or []), page]
        if len(head) < FRAME_HEADER or len(page) < page_size:
            return torn  # written in part
        checksum = _checksum(order, head[:8] + page, checksum)
        if checksum != struct.unpack(">2I", head[16:24]):
            return torn  # its writing was cut short
        offset += frame
        if size:  # a commit frame: everything up to here is in the store
            torn = None
    return torn


def _checksum(order: str, data: bytes, seed: tuple[int, int]) -> tuple[int, int]:
    s0, s1 = seed
    words = struct.unpack(f"{order}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def logged_inputs(pages: list[bytes]) -> set[tuple[str, int]]:
    """(game, n) of every row these pages hold whose record starts with a text and an integer,
    as the log table's rows do (other tables' rows start otherwise, or name no game the store
    knows: the caller keeps only the games it knows)."""
    found = set()
    for page in pages:
        for header in (0, 100):  # page 1 starts with the database's own header
            if len(page) > header + 8 and page[header] == LEAF_TABLE:
                found |= _rows(page, header)
    return found


def _rows(page: bytes, header: int) -> set[tuple[str, int]]:
    found = set()
    (cells,) = struct.unpack(">H", page[header + 3 : header + 5])
    for index in range(cells):
        at = header + 8 + 2 * index
        if at + 2 > len(page):
            break
        (cell,) = struct.unpack(">H", page[at : at + 2])
        try:
            _, cell = _varint(page, cell)  # the payload's size
            _, cell = _varint(page, cell)  # the rowid
            row = _first_two(page, cell)
        except (IndexError, UnicodeDecodeError, ValueError):
            continue
        if row is not None:
            found.add(row)
    return found


def _first_two(page: bytes, start: int) -> tuple[str, int] | None:
    size, at = _varint(page, start)
    kind_text, at = _varint(page, at)
    kind_int, at = _varint(page, at)
    body = start + size
    if kind_text < 13 or kind_text % 2 == 0 or kind_int not in (1, 2, 3, 4, 6, 8, 9):
        return None
    length = (kind_text - 13) // 2
    text = page[body : body + length].decode()
    raw = page[body + length : body + length + {1: 1, 2: 2, 3: 3, 4: 4, 6: 8}.get(kind_int, 0)]
    number = {8: 0, 9: 1}.get(kind_int, int.from_bytes(raw, "big", signed=True) if raw else 0)
    return text, number


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(9):
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise ValueError("varint")

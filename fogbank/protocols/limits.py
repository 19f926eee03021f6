"""Limits against hostile peers, and the close codes the server uses when they are broken.

A frame is checked against its direction's limits before any of it is trusted: the server reads
client frames with `CLIENT_FRAMES` (small: orders and umpire commands), the Python client reads
server frames with `SERVER_FRAMES` (large: a snapshot or a finished game's whole log).
"""

from __future__ import annotations

from typing import Any

import attrs

MAX_FRAME = 64 * 1024  # bytes; the server passes it to websockets' `max_size`
MAX_DEPTH = 16  # lists and maps nested, the message map itself being depth 1
MAX_STRING = 4096  # characters in any one string, keys included
MAX_ARRAY_LEN = 1024  # entries in any one list
MAX_MAP_LEN = 256  # entries in any one map
MAX_BIN_LEN = 0  # no field is binary, so msgpack bin is refused outright
MAX_EXT_LEN = 0  # nor any msgpack extension type (timestamps included)
# msgpack counts string lengths in UTF-8 bytes, at most 4 a character: this lets through
# every string `MAX_STRING` allows and stops a long one before it is decoded.
MAX_STR_BYTES = 4 * MAX_STRING

MAX_BAD_FRAMES = 8  # the server closes after more than this many unreadable frames in a row

# The two ways a peer's frames end its connection (the README's "Limits and close codes"): a frame
# over MAX_FRAME is refused unread by websockets itself, from its header, with 1009 (the server
# gives it MAX_FRAME as `max_size`); a frame within it that breaks another limit (a list, map or
# string too long, nesting too deep; in msgpack, a length declared past them) is read and answered
# with its frame error, and counts with the other unreadable frames towards 1008.
CLOSE_POLICY_VIOLATION = 1008  # more than MAX_BAD_FRAMES unreadable frames in a row
CLOSE_TOO_BIG = 1009  # a frame over MAX_FRAME

# What the client accepts from the server: snapshots and game logs are big, but still bounded.
MAX_SERVER_FRAME = 16 * 1024 * 1024
MAX_SERVER_DEPTH = 32


@attrs.frozen(kw_only=True)
class Limits:
    """The limits for one direction of the protocol."""

    frame: int  # bytes
    depth: int
    string: int  # characters
    array: int
    map: int
    bin: int  # bytes (msgpack only)
    ext: int  # bytes (msgpack only)

    def msgpack_options(self) -> dict[str, Any]:
        """Keyword arguments for `msgpack.unpackb`, so a declared length never allocates past them."""
        return {
            "max_str_len": 4 * self.string,  # UTF-8 bytes; see MAX_STR_BYTES
            "max_bin_len": self.bin,
            "max_array_len": self.array,
            "max_map_len": self.map,
            "max_ext_len": self.ext,
        }


CLIENT_FRAMES = Limits(
    frame=MAX_FRAME,
    depth=MAX_DEPTH,
    string=MAX_STRING,
    array=MAX_ARRAY_LEN,
    map=MAX_MAP_LEN,
    bin=MAX_BIN_LEN,
    ext=MAX_EXT_LEN,
)

SERVER_FRAMES = Limits(
    frame=MAX_SERVER_FRAME,
    depth=MAX_SERVER_DEPTH,
    string=64 * 1024,
    array=1024 * 1024,
    map=64 * 1024,
    bin=MAX_BIN_LEN,
    ext=MAX_EXT_LEN,
)

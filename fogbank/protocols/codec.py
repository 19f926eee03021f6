"""The two codecs, one schema: msgpack in binary frames (the default) and JSON in text frames.

The websocket subprotocol picks the codec. Decoding goes frame kind -> size -> parse -> screen
(shape and limits) -> structure, and any failure on the way is a `ProtocolError`, the peer's
fault. Encoding trusts its input: a message we build is ours to get right.
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable

import attrs
import cattrs
import msgpack

from .converters import explain, json_converter, msgpack_converter
from .errors import ProtocolError
from .limits import CLIENT_FRAMES, SERVER_FRAMES, Limits
from .messages import CLIENT_MESSAGES, SERVER_MESSAGES, ClientMessage, GameOver, ServerMessage
from .packed import PackedLog
from .screen import json_depth_ok, screen

MSGPACK = "fogbank.v1.msgpack"
JSON = "fogbank.v1.json"
SUBPROTOCOLS = (MSGPACK, JSON)  # in order of preference: the server offers them so


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):  # 1e999 parses as inf, which msgpack would carry and JSON not
        raise ValueError("number out of range")
    return number


_json_decoder = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite)
_json_encoder = json.JSONEncoder(
    ensure_ascii=False, check_circular=False, allow_nan=False, separators=(",", ":")
)


@attrs.frozen
class _Direction:
    """What a codec needs to decode one direction of the protocol."""

    union: Any
    known: dict[str, type]
    limits: Limits
    unpack_options: dict[str, Any] = attrs.field(
        init=False, default=attrs.Factory(lambda self: self.limits.msgpack_options(), takes_self=True)
    )


_FROM_CLIENT = _Direction(ClientMessage, CLIENT_MESSAGES, CLIENT_FRAMES)
_FROM_SERVER = _Direction(ServerMessage, SERVER_MESSAGES, SERVER_FRAMES)


class Codec:
    """Encode and decode messages for one subprotocol.

    The server uses `encode_server` and `decode_client`; the Python client the mirror pair.
    Not safe to share between threads (the msgpack packer is reused); asyncio needs no more.
    """

    def __init__(self, subprotocol: str, converter: cattrs.Converter, binary: bool) -> None:
        self.subprotocol = subprotocol
        self.binary = binary  # True: binary frames (bytes); False: text frames (str)
        # Looked up once: the server encodes every observation for every seat through these.
        self._unstructure_server = converter.get_unstructure_hook(ServerMessage)
        self._unstructure_client = converter.get_unstructure_hook(ClientMessage)
        self._structure_server = converter.get_structure_hook(ServerMessage)
        self._structure_client = converter.get_structure_hook(ClientMessage)
        self._dump: Callable[[Any], bytes | str]
        if binary:
            self._packer = msgpack.Packer(use_bin_type=True)
            self._dump = self._packer.pack
        else:
            self._dump = _json_encoder.encode

    def encode_server(self, message: ServerMessage) -> bytes | str:
        if self.binary and type(message) is GameOver and (type(message.log) is PackedLog or type(message.record) is PackedLog):
            return self._game_over_frame(message)
        return self._dump(self._unstructure_server(message))

    def _game_over_frame(self, message: GameOver) -> bytes:
        """The frame `encode_server` would make, byte for byte, with the stored bytes of the log
        and the seat's record written in as they are (a msgpack map is its header, then each key
        and value in turn)."""
        packed = {key: value for key in ("log", "record") if type(value := getattr(message, key)) is PackedLog}
        plain = self._unstructure_server(attrs.evolve(message, **{key: [] for key in packed}))
        parts = [self._packer.pack_map_header(len(plain))]
        for key, value in plain.items():
            parts += (self._dump(key), packed[key].packed() if key in packed else self._dump(value))
        return b"".join(parts)

    def encode_client(self, message: ClientMessage) -> bytes | str:
        return self._dump(self._unstructure_client(message))

    def decode_client(self, frame: bytes | str) -> ClientMessage:
        """The client's message in `frame`. Raises `ProtocolError`."""
        return self._decode(frame, _FROM_CLIENT, self._structure_client)

    def decode_server(self, frame: bytes | str) -> ServerMessage:
        """The server's message in `frame`. Raises `ProtocolError`."""
        return self._decode(frame, _FROM_SERVER, self._structure_server)

    def _decode(self, frame: bytes | str, direction: _Direction, structure: Callable) -> Any:
        raw = _load_msgpack(frame, direction) if self.binary else _load_json(frame, direction.limits)
        tag, message = screen(raw, direction.known, direction.limits)
        try:
            return structure(message, direction.union)
        except (cattrs.BaseValidationError, cattrs.ForbiddenExtraKeysError) as error:
            problem = explain(error, tag)
            # A request whose fields are wrong is still answered as that request: its error carries
            # its ref, or a client waiting on the ref would never hear back.
            ref = message.get("ref") if isinstance(message, dict) else None
            problem.ref = ref if type(ref) is int else None
            raise problem from None


def _load_msgpack(frame: bytes | str, direction: _Direction) -> Any:
    if isinstance(frame, str):
        raise ProtocolError("wrong_frame_kind", f"This connection speaks {MSGPACK}: send binary frames.")
    if len(frame) > direction.limits.frame:
        raise ProtocolError("too_large", f"A frame is at most {direction.limits.frame} bytes.")
    try:
        return msgpack.unpackb(frame, raw=False, strict_map_key=True, **direction.unpack_options)
    except msgpack.exceptions.StackError:  # msgpack's own nesting limit, far above ours
        raise ProtocolError("too_deep", "Lists and maps are nested too deep.") from None
    except ValueError as error:
        # The unpacker's length limits say which one was hit only in their text.
        if "exceeds max_str_len" in str(error):
            raise ProtocolError("string_too_long", "The frame holds text that is too long.") from None
        if "exceeds max_bin_len" in str(error) or "exceeds max_ext_len" in str(error):
            raise ProtocolError("bad_field", "msgpack bin and extension values are not used.") from None
        if "exceeds max_" in str(error):
            raise ProtocolError("too_large", "The frame holds a list or map that is too long.") from None
        raise ProtocolError("malformed_frame", "The frame is not one msgpack value.") from None
    except Exception:  # the C unpacker raises a few other kinds; all mean the frame is bad
        raise ProtocolError("malformed_frame", "The frame is not one msgpack value.") from None


def _load_json(frame: bytes | str, limits: Limits) -> Any:
    if not isinstance(frame, str):
        raise ProtocolError("wrong_frame_kind", f"This connection speaks {JSON}: send text frames.")
    if len(frame) > limits.frame:  # every character is at least one byte: too big already
        raise ProtocolError("too_large", f"A frame is at most {limits.frame} bytes.")
    try:
        size = len(frame.encode("utf-8"))
    except UnicodeEncodeError:
        raise ProtocolError("malformed_frame", "Text frames must be valid UTF-8.") from None
    if size > limits.frame:
        raise ProtocolError("too_large", f"A frame is at most {limits.frame} bytes.")
    if not json_depth_ok(frame, limits.depth):
        raise ProtocolError("too_deep", f"Lists and maps are nested more than {limits.depth} deep.")
    try:
        return _json_decoder.decode(frame)
    except RecursionError:  # unreachable after the depth check; kept so it can never escape
        raise ProtocolError("too_deep", "Lists and maps are nested too deep.") from None
    except ValueError:
        raise ProtocolError("malformed_frame", "The frame is not one JSON value.") from None


_CODECS = {
    MSGPACK: Codec(MSGPACK, msgpack_converter, binary=True),
    JSON: Codec(JSON, json_converter, binary=False),
}


def codec_for(subprotocol: str | None) -> Codec:
    """The codec for a negotiated subprotocol; None (no subprotocol asked for) means msgpack."""
    if subprotocol is None:
        return _CODECS[MSGPACK]
    try:
        return _CODECS[subprotocol]
    except KeyError:
        raise ValueError(f"no codec for subprotocol {subprotocol!r}") from None

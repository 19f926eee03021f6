"""Whatever a peer sends, decoding gives a message or a ProtocolError, never anything else."""

import json

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fogbank.protocols import (
    CLIENT_MESSAGES,
    FRAME_ERRORS,
    JSON,
    MSGPACK,
    SERVER_MESSAGES,
    ClientMessage,
    ProtocolError,
    ServerMessage,
    codec_for,
)

from .examples import CLIENT, SERVER

MSGPACK_CODEC = codec_for(MSGPACK)
JSON_CODEC = codec_for(JSON)

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
plain = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
)
names = st.sampled_from(sorted({*CLIENT_MESSAGES, *SERVER_MESSAGES, "seq", "ref", "turn", "token", "x"}))
tags = st.sampled_from(sorted({*CLIENT_MESSAGES, *SERVER_MESSAGES}))
# Maps with or without a "type", and maps with a real tag and fields of any shape.
messages = st.dictionaries(names | st.text(max_size=8), plain, max_size=6) | st.builds(
    lambda tag, rest: {**rest, "type": tag}, tags, st.dictionaries(names, plain, max_size=6)
)


def decoded_or_refused(decode, frame, union):
    try:
        message = decode(frame)
    except ProtocolError as error:
        assert error.code in FRAME_ERRORS
        assert len(error.sentence) < 200
    else:
        assert isinstance(message, union.__args__)


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_arbitrary_bytes(frame):
    decoded_or_refused(MSGPACK_CODEC.decode_client, frame, ClientMessage)
    decoded_or_refused(MSGPACK_CODEC.decode_server, frame, ServerMessage)
    decoded_or_refused(JSON_CODEC.decode_client, frame, ClientMessage)


@settings(max_examples=500)
@given(st.text(max_size=300))
def test_arbitrary_text(frame):
    decoded_or_refused(JSON_CODEC.decode_client, frame, ClientMessage)
    decoded_or_refused(JSON_CODEC.decode_server, frame, ServerMessage)
    decoded_or_refused(MSGPACK_CODEC.decode_client, frame, ClientMessage)


@settings(max_examples=300)
@given(st.text(alphabet='{}[]":,0123456789.-eE\\ntrufalsn ', max_size=300))
def test_json_shaped_text(frame):
    decoded_or_refused(JSON_CODEC.decode_client, frame, ClientMessage)


@settings(max_examples=500)
@given(messages)
def test_arbitrary_maps_in_both_codecs(value):
    try:
        text = json.dumps(value, allow_nan=True)
    except (ValueError, TypeError):
        text = None
    if text is not None:
        decoded_or_refused(JSON_CODEC.decode_client, text, ClientMessage)
        decoded_or_refused(JSON_CODEC.decode_server, text, ServerMessage)
    try:
        packed = msgpack.packb(value)
    except (ValueError, TypeError, OverflowError):
        return
    decoded_or_refused(MSGPACK_CODEC.decode_client, packed, ClientMessage)
    decoded_or_refused(MSGPACK_CODEC.decode_server, packed, ServerMessage)


@settings(max_examples=300)
@given(st.sampled_from(CLIENT + SERVER), st.data())
def test_mutated_valid_frames(message, data):
    """A valid frame with bytes flipped, cut or inserted: still only messages or ProtocolError."""
    client = message in CLIENT
    for codec in (MSGPACK_CODEC, JSON_CODEC):
        frame = (codec.encode_client if client else codec.encode_server)(message)
        raw = frame.encode() if isinstance(frame, str) else frame
        at = data.draw(st.integers(0, len(raw)))
        junk = data.draw(st.binary(max_size=3))
        cut = data.draw(st.integers(0, 3))
        mutated = raw[:at] + junk + raw[at + cut :]
        if not codec.binary:
            mutated = mutated.decode("utf-8", "replace")
        decode = codec.decode_client if client else codec.decode_server
        decoded_or_refused(decode, mutated, ClientMessage if client else ServerMessage)

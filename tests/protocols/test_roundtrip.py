import json

import msgpack
import pytest
from fogbank.protocols import Narrate, Observation
from fogbank.protocols import (
    CLIENT_MESSAGES,
    JSON,
    MSGPACK,
    SERVER_MESSAGES,
    SUBPROTOCOLS,
    codec_for,
)

from .examples import CLIENT, SERVER

CODECS = [codec_for(name) for name in SUBPROTOCOLS]


def test_both_subprotocols_msgpack_first():
    assert SUBPROTOCOLS == ("fogbank.v1.msgpack", "fogbank.v1.json")
    assert codec_for(None) is codec_for(MSGPACK)
    with pytest.raises(ValueError):
        codec_for("fogbank.v2.xml")


def test_examples_cover_every_message():
    assert {type(m) for m in CLIENT} == set(CLIENT_MESSAGES.values())
    assert {type(m) for m in SERVER} == set(SERVER_MESSAGES.values())


@pytest.mark.parametrize("codec", CODECS, ids=SUBPROTOCOLS)
@pytest.mark.parametrize("message", CLIENT, ids=repr)
def test_client_messages_round_trip(codec, message):
    frame = codec.encode_client(message)
    assert isinstance(frame, bytes if codec.binary else str)
    assert codec.decode_client(frame) == message


@pytest.mark.parametrize("codec", CODECS, ids=SUBPROTOCOLS)
@pytest.mark.parametrize("message", SERVER, ids=repr)
def test_server_messages_round_trip(codec, message):
    frame = codec.encode_server(message)
    assert isinstance(frame, bytes if codec.binary else str)
    assert codec.decode_server(frame) == message


@pytest.mark.parametrize("message", [*CLIENT, *SERVER], ids=repr)
def test_both_codecs_carry_the_same_map(message):
    json_codec, msgpack_codec = codec_for(JSON), codec_for(MSGPACK)
    encode = "encode_client" if message in CLIENT else "encode_server"
    as_json = json.loads(getattr(json_codec, encode)(message))
    as_msgpack = msgpack.unpackb(getattr(msgpack_codec, encode)(message))
    assert as_json == as_msgpack
    assert as_json["type"] == type(message).tag


def test_wire_names_as_documented():
    assert sorted(CLIENT_MESSAGES) == sorted(
        [
            "join",
            "glance",
            "order",
            "check",
            "ask",
            "talk",
            "amend",
            "observe",
            "hold",
            "release",
            "override",
            "narrate",
            "end",
            "spectate",
            "reissue",
            "stand_in",
            "deadlines",
            "extend",
            "nudges",
            "nudge_me",
            "games",
            "history",
            "seat_log",
            "told",
            "ping",
        ]
    )
    assert sorted(SERVER_MESSAGES) == sorted(
        [
            "welcome",
            "observation",
            "snapshot",
            "narrative",
            "link",
            "answer",
            "amended",
            "talk",
            "status",
            "umpire_update",
            "game_over",
            "ack",
            "error",
            "reissued",
            "checked",
            "games",
            "history",
            "seat_log",
            "told",
            "summary",
            "pong",
        ]
    )


def test_json_is_compact_utf8_text():
    narrate = next(m for m in CLIENT if isinstance(m, Narrate))  # with non-ASCII text
    frame = codec_for(JSON).encode_client(narrate)
    assert "北" in frame and ": " not in frame


def test_a_join_from_another_language_decodes():
    # Written by hand, field order and all, as a client in another language would send it.
    message = codec_for(JSON).decode_client('{"type": "join", "token": "t"}')
    assert message == CLIENT[0].__class__(token="t")
    packed = msgpack.packb({"last_seq": 3, "token": "t", "type": "join"})
    assert codec_for(MSGPACK).decode_client(packed).last_seq == 3


def test_an_observation_answering_no_order_is_the_frame_it_always_was():
    # Folding an order's ack into its observation must not cost every other observation a byte.
    observation = Observation(seq=2, turn=2, phase="orders", must_act=True, view={"turn": 2})
    as_before = {
        "seq": 2, "turn": 2, "view": {"turn": 2}, "phase": "orders", "must_act": True, "type": "observation",
    }
    assert codec_for(MSGPACK).encode_server(observation) == msgpack.packb(as_before)
    assert codec_for(JSON).encode_server(observation) == json.dumps(as_before, separators=(",", ":"))


@pytest.mark.parametrize("codec", CODECS, ids=SUBPROTOCOLS)
def test_an_observation_answering_an_order_carries_its_ref_and_decodes_either_way(codec):
    acking = Observation(seq=3, turn=3, view={"turn": 3}, ack=7)
    frame = codec.encode_server(acking)
    plain = json.loads(frame) if not codec.binary else msgpack.unpackb(frame)
    assert plain["ack"] == 7 and plain["type"] == "observation"
    assert codec.decode_server(frame) == acking
    del plain["ack"]  # as a server that folds nothing sends it
    without = json.dumps(plain) if not codec.binary else msgpack.packb(plain)
    assert codec.decode_server(without).ack is None


def test_a_game_with_no_deadline_and_nobody_else_to_wait_for_costs_no_byte_more():
    """`waiting` and `deadline` are left off the wire when None: a one-seat game's messages are
    as they were before either existed."""
    for codec in CODECS:
        plain = codec.encode_server(Observation(seq=2, turn=2, view={}))
        assert b"waiting" not in (plain if codec.binary else plain.encode())
        assert b"deadline" not in (plain if codec.binary else plain.encode())

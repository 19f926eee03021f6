import json

import msgpack
import pytest

from fogbank.protocols import (
    ERROR_CODES,
    FRAME_ERRORS,
    JSON,
    MAX_DEPTH,
    MAX_FRAME,
    MAX_STRING,
    MSGPACK,
    SUBPROTOCOLS,
    ProtocolError,
    codec_for,
)

CODECS = [codec_for(name) for name in SUBPROTOCOLS]
ORDER = {"type": "order", "ref": 1, "turn": 2, "order": {"course": "N", "speed": 0, "level": "surface"}}


def frame(codec, value):
    """`value` as the peer would send it on `codec`'s connection."""
    return msgpack.packb(value) if codec.binary else json.dumps(value)


def refused(codec, data, code):
    with pytest.raises(ProtocolError) as caught:
        codec.decode_client(data)
    assert caught.value.code == code, caught.value.sentence
    assert caught.value.code in FRAME_ERRORS
    return caught.value.sentence


def nested(depth):
    """An order payload so that the message nests `depth` maps deep."""
    payload: dict = {}
    inner = payload
    for _ in range(depth - 2):
        inner["x"] = {}
        inner = inner["x"]
    return {**ORDER, "order": payload}


@pytest.mark.parametrize("codec", CODECS, ids=SUBPROTOCOLS)
class TestEveryCode:
    def test_a_valid_order_passes(self, codec):
        assert codec.decode_client(frame(codec, ORDER)).turn == 2

    def test_malformed_frame(self, codec):
        garbage = b"\xc1" if codec.binary else "{not json"
        refused(codec, garbage, "malformed_frame")
        refused(codec, frame(codec, [ORDER]), "malformed_frame")  # not a map
        refused(codec, frame(codec, "order"), "malformed_frame")

    def test_trailing_data_is_malformed(self, codec):
        refused(codec, frame(codec, ORDER) * 2, "malformed_frame")

    def test_wrong_frame_kind(self, codec):
        other = json.dumps(ORDER) if codec.binary else msgpack.packb(ORDER)
        assert "frames" in refused(codec, other, "wrong_frame_kind")

    def test_unknown_message(self, codec):
        refused(codec, frame(codec, {"ref": 1}), "unknown_message")
        refused(codec, frame(codec, {"type": 3, "ref": 1}), "unknown_message")
        refused(codec, frame(codec, {"type": "launch", "ref": 1}), "unknown_message")
        refused(codec, frame(codec, {"type": "ack", "seq": 1, "ref": 1}), "unknown_message")  # server's

    @pytest.mark.parametrize(
        "change, sentence",
        [
            ({"ref": "1"}, "Field 'ref' of 'order' must be an integer."),
            ({"ref": True}, "Field 'ref' of 'order' must be an integer."),
            ({"turn": 2.0}, "Field 'turn' of 'order' must be an integer."),
            ({"order": ["N"]}, "Field 'order' of 'order' must be a map."),
            ({"order": None}, "Field 'order' of 'order' must be a map."),
            ({"ref": None}, "Field 'ref' of 'order' must be an integer."),
            ({"fire": True}, "'order' has no field 'fire'."),
        ],
    )
    def test_bad_field(self, codec, change, sentence):
        assert refused(codec, frame(codec, {**ORDER, **change}), "bad_field") == sentence

    def test_missing_field(self, codec):
        message = {k: v for k, v in ORDER.items() if k != "turn"}
        assert refused(codec, frame(codec, message), "bad_field") == "Field 'turn' of 'order' is missing."

    def test_booleans_are_not_integers_and_integers_not_booleans(self, codec):
        refused(codec, frame(codec, {"type": "hold", "ref": 1, "held": 1}), "bad_field")
        refused(codec, frame(codec, {"type": "join", "token": "t", "last_seq": False}), "bad_field")
        refused(codec, frame(codec, {"type": "spectate", "ref": 1, "turns": True}), "bad_field")

    def test_optional_fields_say_so(self, codec):
        sentence = refused(codec, frame(codec, {"type": "join", "token": "t", "last_seq": "7"}), "bad_field")
        assert sentence == "Field 'last_seq' of 'join' must be an integer or null."

    def test_too_large_frame(self, codec):
        big = {**ORDER, "order": {f"k{i}": "x" * 1000 for i in range(70)}}
        refused(codec, frame(codec, big), "too_large")

    def test_too_many_entries(self, codec):
        refused(codec, frame(codec, {**ORDER, "order": {"list": list(range(2000))}}), "too_large")
        refused(codec, frame(codec, {**ORDER, "order": {f"k{i}": i for i in range(300)}}), "too_large")

    def test_depth_limit(self, codec):
        assert codec.decode_client(frame(codec, nested(MAX_DEPTH))).order
        refused(codec, frame(codec, nested(MAX_DEPTH + 1)), "too_deep")

    def test_sixty_kib_of_brackets_is_too_deep_not_a_recursion_error(self, codec):
        if codec.binary:
            refused(codec, b"\x91" * (60 * 1024), "too_deep")
            refused(codec, b"\x81\xa1x" * (20 * 1024), "too_deep")
        else:
            refused(codec, "[" * (60 * 1024), "too_deep")
            refused(codec, '{"a":' * (12 * 1024), "too_deep")

    def test_string_too_long(self, codec):
        text = "x" * (MAX_STRING + 1)
        assert codec.decode_client(frame(codec, {"type": "join", "token": "x" * MAX_STRING}))
        sentence = refused(codec, frame(codec, {"type": "join", "token": text}), "string_too_long")
        assert sentence.startswith("Field 'token' of 'join'")
        refused(codec, frame(codec, {**ORDER, "order": {"note": text}}), "string_too_long")
        refused(codec, frame(codec, {**ORDER, "order": {text: 1}}), "string_too_long")
        refused(codec, frame(codec, {**ORDER, text: 1}), "string_too_long")

    def test_multibyte_strings_count_characters(self, codec):
        assert codec.decode_client(frame(codec, {"type": "join", "token": "北" * MAX_STRING}))
        refused(codec, frame(codec, {"type": "join", "token": "北" * (MAX_STRING + 1)}), "string_too_long")

    def test_sentences_never_echo_much_of_the_input(self, codec):
        long = "A" * 3000
        for message in ({"type": long}, {**ORDER, long: 1}):
            sentence = refused(codec, frame(codec, message), refused_code(message))
            assert "A" * 30 not in sentence and len(sentence) < 120


def refused_code(message):
    return "unknown_message" if message.get("type") != "order" else "bad_field"


class TestJsonOnly:
    codec = codec_for(JSON)

    @pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1e999"])
    def test_numbers_must_be_finite(self, text):
        refused(self.codec, '{"type":"order","ref":1,"turn":2,"order":{"x":%s}}' % text, "malformed_frame")

    def test_integers_beyond_64_bits(self):
        refused(self.codec, '{"type":"order","ref":1,"turn":2,"order":{"x":%d}}' % 2**64, "malformed_frame")
        refused(self.codec, '{"type":"ping","ref":%s}' % ("9" * 5000), "malformed_frame")

    def test_lone_surrogates_are_not_text(self):
        refused(self.codec, '{"type":"join","token":"\\ud800"}', "malformed_frame")
        refused(self.codec, '{"type":"join","token":"\ud800"}', "malformed_frame")
        # a proper pair is a character like any other
        assert self.codec.decode_client('{"type":"join","token":"\\ud83d\\ude00"}').token == "\U0001f600"

    def test_frame_size_is_counted_in_utf8_bytes(self):
        text = '{"type":"join","token":"%s"}' % ("北" * 22000)  # 22k characters, 66 KB
        assert len(text) < MAX_FRAME
        refused(self.codec, text, "too_large")

    def test_brackets_inside_strings_do_not_count(self):
        token = "[" * 100
        assert self.codec.decode_client(json.dumps({"type": "join", "token": token})).token == token


class TestMsgpackOnly:
    codec = codec_for(MSGPACK)

    def test_bin_and_ext_are_refused(self):
        refused(self.codec, msgpack.packb({**ORDER, "order": {"x": b"abc"}}), "bad_field")
        refused(self.codec, msgpack.packb({**ORDER, "order": {"x": b""}}), "bad_field")
        refused(self.codec, msgpack.packb({**ORDER, "order": {"x": msgpack.ExtType(1, b"a")}}), "bad_field")

    def test_map_keys_must_be_text(self):
        # the unpacker itself refuses keys other than str and bin
        refused(self.codec, msgpack.packb({**ORDER, "order": {1: "x"}}), "malformed_frame")
        refused(self.codec, msgpack.packb({**ORDER, "order": {b"k": "x"}}), "bad_field")

    def test_invalid_utf8_in_a_string(self):
        refused(self.codec, b"\x81\xa4type\xa2\xff\xfe", "malformed_frame")

    def test_a_huge_string_is_stopped_by_the_unpacker(self):
        refused(self.codec, msgpack.packb({"type": "join", "token": "x" * 20000}), "string_too_long")

    def test_a_declared_length_beyond_the_frame(self):
        refused(self.codec, b"\xdd\xff\xff\xff\xff", "too_large")  # array32 of 4 billion entries
        refused(self.codec, b"\xdf\x00\x01\x00\x00", "too_large")


def test_frame_error_codes_are_listed():
    for code in FRAME_ERRORS:
        assert code in ERROR_CODES


def test_server_and_ruleset_codes_are_listed():
    for code in ["bad_token", "not_joined", "already_joined", "forbidden", "wrong_turn", "game_over"]:
        assert code in ERROR_CODES
    for code in ["not_your_turn", "rate_limited", "internal_error", "wrong_phase", "no_questions"]:
        assert code in ERROR_CODES
    assert all(code == code.lower() and " " not in code for code in ERROR_CODES)

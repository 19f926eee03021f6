"""Every error code the server may send, and the one exception for a peer's bad frame.

Errors split by blame (the h11 habit). `ProtocolError` is the peer's fault: the frame is not a
message we can read. A refusal by the rules (`fogbank.rules.core.Refused`) is the player's or
umpire's fault and reaches the wire as an `error` message with the ruleset's own code, passed
through unchanged. Anything else is our bug and is reported as `internal_error`.
"""

from __future__ import annotations

ECHO = 24  # characters of the peer's input a sentence may quote; never more


class ProtocolError(Exception):
    """A frame from the peer is not a message we can read.

    `code` is one of `FRAME_ERRORS` and `sentence` one plain sentence that quotes at most `ECHO`
    characters of what the peer sent, so an error never amplifies a hostile frame.
    """

    def __init__(self, code: str, sentence: str) -> None:
        super().__init__(f"{code}: {sentence}")
        self.code = code
        self.sentence = sentence


def quote(value: object) -> str:
    """The peer's input as a short quoted string, cut to `ECHO` characters."""
    text = value if isinstance(value, str) else repr(value)
    return repr(text[:ECHO] + "...") if len(text) > ECHO else repr(text)


# Raised by the codecs when a frame cannot be read.
FRAME_ERRORS: dict[str, str] = {
    "malformed_frame": "The frame is not JSON or msgpack (as the subprotocol says), or not a map.",
    "wrong_frame_kind": "A text frame on the msgpack subprotocol, or a binary frame on the JSON one.",
    "unknown_message": "The message has no 'type', or one this direction of the protocol does not have.",
    "bad_field": "A field is missing, has the wrong type, or is not in the message's schema.",
    "too_large": "The frame, or a list or map in it, is longer than the limits allow.",
    "too_deep": "Lists and maps are nested deeper than the limits allow.",
    "string_too_long": "A piece of text is longer than the limits allow.",
}

# Sent by the server for a well-formed message it will not act on.
SERVER_ERRORS: dict[str, str] = {
    "bad_token": "The token in 'join' opens no seat or umpire view.",
    "not_joined": "Send 'join' before anything else.",
    "already_joined": "This connection has already joined a game.",
    "forbidden": "The message is not allowed for this seat (e.g. a seat asking for another seat's view).",
    "wrong_turn": "The order is for a turn other than the one being ordered.",
    "game_over": "The game has ended; it takes no more orders or umpire actions.",
    "amended": "The umpire has given this seat's order for the phase; it stands until the phase resolves.",
    "not_your_turn": "This seat has no order to give in this phase.",
    "rate_limited": "Too many messages too quickly; slow down and send it again.",
    "internal_error": "A fault in the server, not in the message; it has been logged.",
    "game_set_aside": "The game's record no longer replays on this server (upgraded mid-game?): it is kept, not played.",
    "held_by_bot": "A built-in player holds this seat; the umpire gives it back to its player.",
    "no_bot": "This game's rules have no built-in player to hand a seat to.",
    "no_deadline": "The phase now open has no deadline to extend.",
    "bad_address": "A webhook is an http:// or https:// URL, an e-mail address a name@domain.",
    "out_of_range": "A number (a delay, a time limit) is outside the range the server takes.",
}

# Refusals by the engine, whatever the game (fogbank.rules.core).
ENGINE_ERRORS: dict[str, str] = {
    "reason_required": "An override or amendment needs a reason for the record.",
    "unknown_seat": "There is no seat with that name in this game.",
    "empty_message": "The narrative or talk is empty.",
    "not_your_side": "Private talk goes only to a seat of the speaker's own side (the welcome's talk_to).",
    "wrong_phase": "The order is for a phase other than the one now open.",
    "unknown_phase": "The hold names a phase this game does not have.",
    "unknown_option": "The game has no option of that name.",
    "bad_option": "The option's value is not one of its choices.",
    "no_questions": "This game takes no questions, or not that one.",
    "unknown_side": "There is no side with that name in this game.",
    "bad_result": "A result is victory, marginal victory, draw, marginal defeat, defeat or ended.",
    "no_orders_missing": "Every order the phase waits for is in: a deadline has nothing to take as standing.",
    "awaiting_battle": "The phase waits on a battle fought in another game; it cannot be released until that battle is settled.",
    "unknown_engagement": "The game waits on no battle of that id.",
    "bad_engagement": "The battle handed over is malformed, or no ruleset can fight it.",
    "bad_engagement_result": "The battle's result is malformed, or names a ship or side that did not fight.",
}

# Each ruleset lists its own refusal codes (`Ruleset.error_codes()`, documented in its
# docs/payloads.md); they pass through as the ruleset gives them, always stable snake_case.

ERROR_CODES: dict[str, str] = {**FRAME_ERRORS, **SERVER_ERRORS, **ENGINE_ERRORS}

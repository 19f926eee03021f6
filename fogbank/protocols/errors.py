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
    "not_your_turn": "This seat has no order to give this turn.",
    "rate_limited": "Too many messages too quickly; slow down and send it again.",
    "internal_error": "A fault in the server, not in the message; it has been logged.",
}

# Refusals by the rules, passed through from the ruleset as they are. These are the
# Dardanelles ruleset's; another ruleset may add its own, always stable snake_case.
RULESET_ERRORS: dict[str, str] = {
    "bad_order": "The order is not a map of course, speed, level and fire.",
    "bad_course": "The course is not one of N, NE, E, SE, S, SW, W, NW.",
    "bad_speed": "The speed is not a whole number of squares, 0 or more.",
    "bad_level": "The level is not one of surface, periscope, submerged, bottom.",
    "bad_fire": "Fire needs a target contact, a direction and one or more torpedoes.",
    "bad_direction": "The fire direction is not one of the eight courses.",
    "bad_target": "The fire target is not a whole number.",
    "bad_torpedoes": "The number of torpedoes is not a whole number.",
    "speed_too_high": "Speed plus level changes is more than the boat can make this hour.",
    "battery_too_low": "The order needs more battery than is left.",
    "fire_from_depth": "Torpedoes are fired from the surface or periscope level only.",
    "not_loaded": "More torpedoes than loaded tubes.",
    "unknown_target": "The target is not a contact in the seat's log.",
    "target_not_seen": "The target was only heard, never seen.",
    "boat_lost": "The boat is lost; there are no more orders.",
    "reason_required": "An override needs a reason for the record.",
    "unknown_override": "The override kind is not one the ruleset knows.",
    "bad_override": "An override field has the wrong type.",
    "bad_square": "The square is not a map square such as K7.",
    "not_sea": "The square is land.",
    "out_of_range": "The value is outside what the gauge can hold.",
    "unknown_vessel": "There is no vessel with that number.",
    "bad_vessel_number": "A new vessel needs a number not already in use.",
    "bad_vessel_type": "The vessel type is not one of caique, patrol_boat, transport, battleship.",
    "unknown_seat": "There is no seat with that name in this game.",
    "empty_message": "The narrative text is empty.",
}

ERROR_CODES: dict[str, str] = {**FRAME_ERRORS, **SERVER_ERRORS, **RULESET_ERRORS}

"""Every error code the server may send, and the one exception for a peer's bad frame.

Errors split by blame (the h11 habit). `ProtocolError` is the peer's fault: the frame is not a
message we can read. A refusal by the rules (`fogbank.rules.core.Refused`) is the player's or
umpire's fault and reaches the wire as an `error` message with the ruleset's own code, passed
through unchanged; the server's own faults (`fogbank.errors.ServerFault`: `storage_full`) reach it
the same way. Anything else is our bug and is reported as `internal_error`.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from fogbank.errors import FogbankError

ECHO = 24  # characters of the peer's input a sentence may quote; never more
MAX_SENTENCE = 400  # characters in any error sentence the server sends; a longer one is cut


class ProtocolError(FogbankError):
    """A frame from the peer is not a message we can read.

    `code` is one of `FRAME_ERRORS` and `sentence` one plain sentence that quotes at most `ECHO`
    characters of what the peer sent, so an error never amplifies a hostile frame.
    """

    def __init__(self, code: str, sentence: str, ref: int | None = None) -> None:
        super().__init__(f"{code}: {sentence}")
        self.code = code
        self.sentence = sentence
        self.ref = ref  # the request's own number, when the frame was a request that could be read that far


def quote(value: object) -> str:
    """The peer's input as a short quoted string, cut to `ECHO` characters."""
    text = value if isinstance(value, str) else repr(value)
    return repr(text[:ECHO] + "...") if len(text) > ECHO else repr(text)


def without_echoes(sentence: str, given: Any) -> str:
    """`sentence` with every piece of text longer than `ECHO` that the peer sent in `given` (its
    message, a payload, a query) cut to `ECHO` characters wherever it is quoted, and the whole cut
    to `MAX_SENTENCE`: a refusal that names what it refuses (any ruleset's, the engine's) never
    sends back more than a few words of it, whatever the peer sent."""
    for text in sorted(_texts(given), key=len, reverse=True):
        # As given, as repr() quotes it, as JSON quotes it: the forms an f-string may take.
        for form in dict.fromkeys((text, repr(text)[1:-1], json.dumps(text)[1:-1])):
            if len(form) > ECHO and form in sentence:
                sentence = sentence.replace(form, form[:ECHO] + "...")
    return sentence if len(sentence) <= MAX_SENTENCE else sentence[: MAX_SENTENCE - 3] + "..."


def _texts(value: Any) -> set[str]:
    """Every string in a message or payload, keys included, longer than `ECHO`."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if len(item) > ECHO:
                found.add(item)
        elif isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, (list, tuple)):
            stack += item
        elif attrs.has(type(item)):
            stack += [getattr(item, field.name) for field in attrs.fields(type(item))]
    return found


# Raised by the codecs when a frame cannot be read.
FRAME_ERRORS: dict[str, str] = {
    "malformed_frame": "The frame is not JSON or msgpack (as the subprotocol says), or not a map.",
    "wrong_frame_kind": "A text frame on the msgpack subprotocol, or a binary frame on the JSON one.",
    "unknown_message": "The message has no 'type', or one this direction of the protocol does not have.",
    "bad_field": "A field is missing, has the wrong type, or is not in the message's schema.",
    "too_large": "A list or map in the frame is longer than the limits allow (a frame over 64 KiB: 1009).",
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
    "rate_limited": "Too many messages too quickly (wrong tokens, talk, questions, history); slow down and send it again.",
    "talk_too_long": "A talk is at most 1,000 characters.",
    "internal_error": "A fault in the server, not in the message; it has been logged.",
    "game_set_aside": "The game's record no longer replays on this server (upgraded mid-game?): it is kept, not played.",
    "link_failed": "A battle's linked game could not be made (in the umpire's games list, never an error reply).",
    "storage_full": "The server could not save the request (its disk is full, or failing): nothing was done; try again later.",
    "out_of_range": "A number is outside the range the request allows (a spectators' delay is 0 to 24 turns, a time limit 1 s to 60 days).",
    "held_by_bot": "A built-in player holds this seat; the umpire gives it back to its player.",
    "no_bot": "This game's rules have no built-in player to hand a seat to.",
    "no_deadline": "The phase now open has no deadline to extend.",
    "bad_address": "A webhook is an http:// or https:// URL, an e-mail address a name@domain.",
    "no_mail": "This server sends no e-mail: give a webhook (an https:// URL) instead.",
    "bad_name": "A game's name is one line of plain text, at most 60 characters.",
    "private_address": "The webhook is at a private address (loopback, a LAN): nudges go to public ones.",
    "unknown_host": "The webhook's host name could not be looked up.",
    # What became of a nudge, in the umpire's games list (`nudged`), never an error reply:
    "nudge_timeout": "A nudge's attempt took longer than its limit and was cut off.",
    "unreachable": "A nudge's destination could not be reached (no address, no connection, TLS failed).",
    "redirected": "The webhook answered with a redirect, which is not followed.",
    "nudge_refused": "The destination refused the nudge (HTTP 4xx, SMTP 5xx): its address is likely wrong.",
    "nudge_failed": "The destination could not take the nudge then (HTTP 5xx or 429, SMTP 4xx, odd answer).",
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
    "orders_to_give": "A pass of a seat that has an order to give, or owes none (the server passes only seats with nothing to order).",
    "awaiting_battle": "The phase waits on a battle fought in another game; it cannot be released until that battle is settled.",
    "unknown_engagement": "The game waits on no battle of that id.",
    "bad_engagement": "The battle handed over is malformed, or no ruleset can fight it.",
    "bad_engagement_result": "The battle's result is malformed, or names a ship or side that did not fight.",
}

# Each ruleset lists its own refusal codes (`Ruleset.error_codes()`, documented in its
# docs/payloads.md); they pass through as the ruleset gives them, always stable snake_case.

ERROR_CODES: dict[str, str] = {**FRAME_ERRORS, **SERVER_ERRORS, **ENGINE_ERRORS}

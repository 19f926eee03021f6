"""The root of every exception fogbank raises on purpose, and the split by blame (the h11 habit).

    FogbankError
        Declined                a request not done, answered with a stable `code` and a `sentence`
            Refused             the asker's fault: the rules, or the server's limits, refuse it
                                (fogbank.rules.core; RateLimited in fogbank.server.guard)
            ServerFault         the server's: it could not do it now, whoever asked
                                (Unstored, SetAside in fogbank.server.host)
        ProtocolError           the peer's frame is not a message we can read (fogbank.protocols)
        Forbidden, NotHere, Unavailable, Undelivered, StoreError, ...   the server's own, each
                                where it is raised (fogbank.server)
        Mismatch                a log that `fogbank verify` does not derive again (fogbank.rules.record)
        Malformed, LaterVersion a log record that does not fit the log's schema, or is of a later
                                version than this fogbank reads (fogbank.rules.record.schema)
        ScenarioError, WrongKind  a scenario file that cannot be played, and a value of the wrong
                                kind in one (fogbank.rules.core.scenarios)
        ClientError             what a client is told or meets (fogbank.clients)

Any other exception is a bug. Nothing here is imported from anywhere: every layer may use it.
"""

from __future__ import annotations


class FogbankError(Exception):
    """Every exception fogbank raises on purpose; anything else is a bug."""


class Declined(FogbankError):
    """A request that was not done, answered with an error: `code` is stable and machine-readable
    ("speed_too_high"), `sentence` one plain sentence for a person. Whose fault it is says the
    subclass: `Refused` (the asker's) or `ServerFault` (the server's)."""

    def __init__(self, code: str, sentence: str) -> None:
        super().__init__(f"{code}: {sentence}")
        self.code = code
        self.sentence = sentence


class ServerFault(Declined):
    """The server could not do what was asked, through no fault of the asker (its disk is full, a
    game's record no longer replays): nothing was done, and asking again later may work. Never a
    `Refused`, so nothing mistakes it for the rules' answer."""

"""What the core refuses, split by blame (the h11 habit).

`Refused` is the player's or umpire's fault: the rules do not allow what was asked. It carries a
stable `code` for programs and a `sentence` for people. Malformed messages are the peer's fault and
live in `fogbank.protocols`; any other exception is our bug.
"""


class Refused(Exception):
    """The rules refuse an order, override or request.

    A refusal must be computed from what the asking seat already knows, never from hidden state.
    """

    def __init__(self, code: str, sentence: str) -> None:
        super().__init__(f"{code}: {sentence}")
        self.code = code  # stable, machine-readable, e.g. "speed_too_high"
        self.sentence = sentence  # one plain sentence for a person

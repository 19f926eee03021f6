"""What the core refuses, split by blame (the h11 habit; the whole tree is in `fogbank.errors`).

`Refused` is the player's or umpire's fault: the rules do not allow what was asked. It carries a
stable `code` for programs and a `sentence` for people. Malformed messages are the peer's fault and
live in `fogbank.protocols`; the server's own faults (a full disk) are `ServerFault`s, never
refusals; any other exception is our bug.
"""

from fogbank.errors import Declined


class Refused(Declined):
    """The rules refuse an order, override or request: `code` is stable, machine-readable
    ("speed_too_high"), `sentence` one plain sentence for a person.

    A refusal must be computed from what the asking seat already knows, never from hidden state.
    """

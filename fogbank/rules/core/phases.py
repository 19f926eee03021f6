"""The turn cycle, as one table (the h11 habit: every transition is here, none elsewhere).

A game waits for ORDERS; when the last seat that must act has sent its order the turn resolves at
once, or, if the umpire holds turns, waits READY for the umpire's release. The umpire may also
release a turn whose orders are not all in (missing seats keep their standing order). ENDED takes
nothing more.
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    ORDERS = "orders"  # waiting for orders
    READY = "ready"  # all orders in; held for the umpire's release
    ENDED = "ended"


class Move(enum.Enum):
    ORDER = "order"  # a seat's order arrived, and others are still missing
    LAST_ORDER = "last_order"  # a seat's order arrived and it was the last one missing
    RELEASE = "release"  # the umpire releases the turn
    END = "end"  # the umpire ends the game, or the rules decided it


class Then(enum.Enum):
    """What the shell does after the transition."""

    WAIT = "wait"
    RESOLVE = "resolve"
    STOP = "stop"


# (phase, move, held) -> (next phase, then). held: the umpire holds turns for release.
TRANSITIONS: dict[tuple[Phase, Move, bool], tuple[Phase, Then]] = {
    (Phase.ORDERS, Move.ORDER, False): (Phase.ORDERS, Then.WAIT),
    (Phase.ORDERS, Move.ORDER, True): (Phase.ORDERS, Then.WAIT),
    (Phase.ORDERS, Move.LAST_ORDER, False): (Phase.ORDERS, Then.RESOLVE),
    (Phase.ORDERS, Move.LAST_ORDER, True): (Phase.READY, Then.WAIT),
    (Phase.ORDERS, Move.RELEASE, False): (Phase.ORDERS, Then.RESOLVE),
    (Phase.ORDERS, Move.RELEASE, True): (Phase.ORDERS, Then.RESOLVE),
    (Phase.READY, Move.ORDER, True): (Phase.READY, Then.WAIT),  # a seat changes its order
    (Phase.READY, Move.LAST_ORDER, True): (Phase.READY, Then.WAIT),
    (Phase.READY, Move.RELEASE, True): (Phase.ORDERS, Then.RESOLVE),
    (Phase.READY, Move.RELEASE, False): (Phase.ORDERS, Then.RESOLVE),
    (Phase.ORDERS, Move.END, False): (Phase.ENDED, Then.STOP),
    (Phase.ORDERS, Move.END, True): (Phase.ENDED, Then.STOP),
    (Phase.READY, Move.END, False): (Phase.ENDED, Then.STOP),
    (Phase.READY, Move.END, True): (Phase.ENDED, Then.STOP),
}


def step(phase: Phase, move: Move, held: bool) -> tuple[Phase, Then] | None:
    """The transition, or None if the move is not allowed in this phase."""
    return TRANSITIONS.get((phase, move, held))

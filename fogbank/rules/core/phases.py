"""The turn-and-phase cycle, as one table (the h11 habit: every transition is here, none elsewhere).

A turn is the ruleset's phases in order (say "move orders", "fire orders", "torpedoes"). Each
phase waits for the orders of the seats that act in it (the cycle is ORDERS); when the last one
is in, the phase resolves at once or, if the umpire holds that phase, waits READY for the
umpire's release. A phase in which nobody acts resolves as soon as it opens (unless held). The
umpire may release a phase whose orders are not all in: missing seats keep their standing order.
ENDED takes nothing more. After a phase resolves the core opens the next one (the next turn's
first after the last), in `game.py`.
"""

from __future__ import annotations

import enum


class Cycle(enum.Enum):
    ORDERS = "orders"  # waiting for orders
    READY = "ready"  # all orders in; held for the umpire's release
    ENDED = "ended"


class Move(enum.Enum):
    ORDER = "order"  # a seat's order arrived, and others are still missing
    LAST_ORDER = "last_order"  # a seat's order arrived and it was the last one missing
    NOBODY = "nobody"  # a phase opened in which no seat acts
    RELEASE = "release"  # the umpire releases the phase
    END = "end"  # the umpire ends the game, or the rules decided it


class Then(enum.Enum):
    """What the core does after the transition."""

    WAIT = "wait"
    RESOLVE = "resolve"
    STOP = "stop"


# (cycle, move, held) -> (next cycle, then). held: the umpire holds this phase for release.
TRANSITIONS: dict[tuple[Cycle, Move, bool], tuple[Cycle, Then]] = {
    (Cycle.ORDERS, Move.ORDER, False): (Cycle.ORDERS, Then.WAIT),
    (Cycle.ORDERS, Move.ORDER, True): (Cycle.ORDERS, Then.WAIT),
    (Cycle.ORDERS, Move.LAST_ORDER, False): (Cycle.ORDERS, Then.RESOLVE),
    (Cycle.ORDERS, Move.LAST_ORDER, True): (Cycle.READY, Then.WAIT),
    (Cycle.ORDERS, Move.NOBODY, False): (Cycle.ORDERS, Then.RESOLVE),
    (Cycle.ORDERS, Move.NOBODY, True): (Cycle.READY, Then.WAIT),
    (Cycle.ORDERS, Move.RELEASE, False): (Cycle.ORDERS, Then.RESOLVE),
    (Cycle.ORDERS, Move.RELEASE, True): (Cycle.ORDERS, Then.RESOLVE),
    (Cycle.READY, Move.ORDER, True): (Cycle.READY, Then.WAIT),  # a seat changes its order
    (Cycle.READY, Move.LAST_ORDER, True): (Cycle.READY, Then.WAIT),
    (Cycle.READY, Move.RELEASE, True): (Cycle.ORDERS, Then.RESOLVE),
    (Cycle.READY, Move.RELEASE, False): (Cycle.ORDERS, Then.RESOLVE),
    (Cycle.ORDERS, Move.END, False): (Cycle.ENDED, Then.STOP),
    (Cycle.ORDERS, Move.END, True): (Cycle.ENDED, Then.STOP),
    (Cycle.READY, Move.END, False): (Cycle.ENDED, Then.STOP),
    (Cycle.READY, Move.END, True): (Cycle.ENDED, Then.STOP),
}


def step(cycle: Cycle, move: Move, held: bool) -> tuple[Cycle, Then] | None:
    """The transition, or None if the move is not allowed in this cycle."""
    return TRANSITIONS.get((cycle, move, held))


def turns_played(phases: tuple[str, ...], turn: int, phase: str) -> int:
    """The whole turns a game had played when it stopped at `phase` of `turn`: a game that ended
    in a turn's last phase played that turn through (its clock stays there), else the turns before."""
    return turn if phase == phases[-1] else turn - 1


def next_phase(phases: tuple[str, ...], turn: int, phase: str) -> tuple[int, str]:
    """The (turn, phase) after `phase` of `turn`: the next phase, or the next turn's first."""
    index = phases.index(phase)
    if index + 1 < len(phases):
        return turn, phases[index + 1]
    return turn + 1, phases[0]

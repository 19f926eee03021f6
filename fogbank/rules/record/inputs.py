"""The kinds of input a game is given, as its log records them: one class a kind.

Each class is the record's fields (every input has the turn and phase it was given in) and what
giving it to a game does (`apply`, a call into the core): the host builds an input here and
applies it, its log keeps it (`schema.plain`), and replay, recovery and `fogbank verify` read it
back (`schema.read_input`) and apply it again. A new kind is a class here, in `INPUTS`, and a row
of the log's inputs in fogbank/protocols/README.md (a test holds the two lists together).
A built-in player standing in for a seat gives that seat's orders (`Order`): the log does not say
who gave an order.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

import attrs

from fogbank.rules import core
from fogbank.rules.core import Game, Step

Payload = dict[str, Any]  # a ruleset's map (an order, a question, an override): plain JSON data


def later(default: Any) -> Any:
    """A field a record gained after logs were first written: left out of the record at its
    default (the meaning it had before), so a record reads, byte for byte, as it always did."""
    return attrs.field(default=default, metadata={"later": True})


@attrs.frozen(kw_only=True)
class Input:
    """What the game was given, on `turn`, in `phase` (None in logs written before inputs said it)."""

    kind: ClassVar[str]
    own: ClassVar[bool] = False  # kept in the own record of the seat that gave it (its `seat`)
    turn: int
    phase: str | None = later(None)

    @classmethod
    def at(cls, game: Game, **given: Any) -> Self:
        """This input, given now: stamped with the turn and phase the game is in."""
        return cls(turn=game.state.turn, phase=game.state.phase, **given)

    def apply(self, game: Game) -> Step:
        """The input given to `game`. Raises `core.Refused` exactly as it did the first time."""
        raise NotImplementedError


@attrs.frozen(kw_only=True)
class Order(Input):
    """A seat's order for the phase `phase` (the payload as it sent it)."""

    kind: ClassVar[str] = "order"
    own: ClassVar[bool] = True
    seat: str
    order: Payload

    def apply(self, game: Game) -> Step:
        return core.submit(game, self.seat, game.ruleset.parse_order(self.seat, self.order), self.phase)


@attrs.frozen(kw_only=True)
class Pass(Input):
    """A seat with nothing it could order in the phase, passed over: it sails under its standing order."""

    kind: ClassVar[str] = "pass"
    own: ClassVar[bool] = True
    seat: str

    def apply(self, game: Game) -> Step:
        return core.pass_over(game, self.seat)


@attrs.frozen(kw_only=True)
class Ask(Input):
    """A seat's question to the rules."""

    kind: ClassVar[str] = "ask"
    own: ClassVar[bool] = True
    seat: str
    question: Payload

    def apply(self, game: Game) -> Step:
        return core.ask(game, self.seat, self.question)


@attrs.frozen(kw_only=True)
class Talk(Input):
    """A seat's words, heard by its audience; `to`, the one seat they were said to privately."""

    kind: ClassVar[str] = "talk"
    seat: str
    text: str
    to: str | None = later(None)

    def apply(self, game: Game) -> Step:
        return core.talk(game, self.seat, self.text, self.to)


@attrs.frozen(kw_only=True)
class Release(Input):
    """The umpire released the phase: seats with no order in sail under their standing order."""

    kind: ClassVar[str] = "release"

    def apply(self, game: Game) -> Step:
        return core.release(game)


@attrs.frozen(kw_only=True)
class Deadline(Input):
    """The phase's time ran out: missing orders taken as standing orders. `due`, when (ISO 8601,
    UTC), is for the reader only: the core has no clock."""

    kind: ClassVar[str] = "deadline"
    due: str

    def apply(self, game: Game) -> Step:
        return core.deadline(game)


@attrs.frozen(kw_only=True)
class Hold(Input):
    """The umpire holds `phases` (every phase when None) for his release, or stops holding them."""

    kind: ClassVar[str] = "hold"
    held: bool
    phases: list[str] | None = later(None)

    def apply(self, game: Game) -> Step:
        return core.set_hold(game, self.held, self.phases)


@attrs.frozen(kw_only=True)
class Override(Input):
    """The umpire changed the truth, for `reason`; `tell`: each seat whose picture it changed is told."""

    kind: ClassVar[str] = "override"
    override: Payload
    reason: str
    tell: bool = later(False)

    def apply(self, game: Game) -> Step:
        return core.override(game, self.override, self.reason, tell=self.tell)


@attrs.frozen(kw_only=True)
class Amend(Input):
    """The umpire gave `seat`'s order for the phase, for `reason`."""

    kind: ClassVar[str] = "amend"
    seat: str
    order: Payload
    reason: str

    def apply(self, game: Game) -> Step:
        return core.amend(game, self.seat, self.order, self.reason)


@attrs.frozen(kw_only=True)
class Narrate(Input):
    """The umpire's words to one seat."""

    kind: ClassVar[str] = "narrate"
    seat: str
    text: str

    def apply(self, game: Game) -> Step:
        return core.narrate(game, self.seat, self.text)


@attrs.frozen(kw_only=True)
class Settle(Input):
    """The result of a battle fought in another game (`engagement`, the battle's id here)."""

    kind: ClassVar[str] = "settle"
    engagement: str
    result: Payload

    def apply(self, game: Game) -> Step:
        return core.settle(game, self.engagement, self.result)


@attrs.frozen(kw_only=True)
class End(Input):
    """The umpire ended the game; `results` {side: result}, None: every side's result is `ended`."""

    kind: ClassVar[str] = "end"
    reason: str = ""  # as replay always read an end with none
    results: dict[str, str] | None = later(None)

    def apply(self, game: Game) -> Step:
        return core.end(game, self.reason, self.results)


INPUTS: dict[str, type[Input]] = {
    kind.kind: kind
    for kind in (Order, Pass, Ask, Talk, Release, Deadline, Hold, Override, Amend, Narrate, Settle, End)
}
# The inputs a seat's own record keeps: those it gave itself (`Input.own`).
OWN_INPUTS = frozenset(name for name, kind in INPUTS.items() if kind.own)

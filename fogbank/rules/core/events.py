"""Events: what happened, each with the seats that are told of it.

The umpire is told everything; a seat is told an event only if the seat is in its `audience`.
Rulesets subclass `Event` with their own fields and a `kind`. Events that are `Told` are kept in
the state for their audience (`GameState.told`), so a snapshot or a resume carries them.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

import attrs

from .seats import UMPIRE


@attrs.frozen(kw_only=True)
class Event:
    turn: int
    audience: frozenset[str] = frozenset()  # seats told, besides the umpire
    kind: ClassVar[str] = "event"

    def told_to(self, seat: str) -> bool:
        return seat == UMPIRE or seat in self.audience


@attrs.frozen(kw_only=True)
class Told(Event):
    """An event a seat keeps: it is part of what that seat knows for the rest of the game."""

    kind: ClassVar[str] = "told"
    phase: str = ""


@attrs.frozen(kw_only=True)
class Narrative(Told):
    """A message the umpire writes to a seat."""

    kind: ClassVar[str] = "narrative"
    text: str


@attrs.frozen(kw_only=True)
class StandingOrderUsed(Narrative):
    """The umpire released the phase before this seat's order came in, so it sailed under its
    standing order (`order`, the ruleset's plain form). Told to that seat alone: whether it had
    ordered is its own fact, and another seat's is none of its business. Sent as a narrative, the
    umpire's word to the seat."""

    kind: ClassVar[str] = "standing_order"
    order: Mapping[str, Any]


@attrs.frozen(kw_only=True)
class Answer(Told):
    """The answer to a seat's question, as the rules give it (it may have cost a roll)."""

    kind: ClassVar[str] = "answer"
    question: Mapping[str, Any]
    answer: Mapping[str, Any]


@attrs.frozen(kw_only=True)
class Amended(Told):
    """The umpire amended a seat's order: the order it now sails under, why, and what the rules
    changed to carry it out (empty when the umpire's order was legal as given)."""

    kind: ClassVar[str] = "amended"
    order: Mapping[str, Any]
    reason: str
    note: str = ""


@attrs.frozen(kw_only=True)
class Talk(Told):
    """A seat's words, heard by the seats the ruleset says (`Ruleset.talk_audience`): its own
    side unless the rules let the enemy hear, or the one seat it was said to privately; the
    speaker is always in the audience."""

    kind: ClassVar[str] = "talk"
    seat: str  # who spoke
    text: str
    to: str | None = None  # the one seat it was said to privately (`Ruleset.check_private_talk`)


@attrs.frozen(kw_only=True)
class OverrideApplied(Event):
    """The umpire changed the truth; audited, never shown to a seat."""

    kind: ClassVar[str] = "override"
    what: str
    reason: str


@attrs.frozen(kw_only=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    results: Mapping[str, str]  # side -> victory, draw, defeat, ended ...
    reason: str

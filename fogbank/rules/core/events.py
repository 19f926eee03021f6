"""Events: what happened, each with the seats that are told of it.

The umpire is told everything; a seat is told an event only if the seat is in its `audience`.
Rulesets subclass `Event` with their own fields and a `kind`.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

UMPIRE = "umpire"


@attrs.frozen(kw_only=True)
class Event:
    turn: int
    audience: frozenset[str] = frozenset()  # seats told, besides the umpire
    kind: ClassVar[str] = "event"

    def told_to(self, seat: str) -> bool:
        return seat == UMPIRE or seat in self.audience


@attrs.frozen(kw_only=True)
class Narrative(Event):
    """A message the umpire writes to a seat."""

    kind: ClassVar[str] = "narrative"
    text: str


@attrs.frozen(kw_only=True)
class OverrideApplied(Event):
    """The umpire changed the truth; audited, never shown to a seat."""

    kind: ClassVar[str] = "override"
    what: str
    reason: str


@attrs.frozen(kw_only=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    result: str
    reason: str

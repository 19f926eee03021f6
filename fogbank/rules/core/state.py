"""The whole truth of one game, as one frozen value."""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from .dice import Dice
from .events import Told

RESULTS = ("victory", "marginal victory", "draw", "marginal defeat", "defeat", "ended")


@attrs.frozen
class Outcome:
    """How the game ended for each side, and why (one sentence, fit to show every seat)."""

    results: Mapping[str, str]  # side -> one of RESULTS ("ended" when the umpire stops a game)
    reason: str

    def result_for(self, side: str | None) -> str:
        return self.results.get(side, "ended") if side else "ended"


@attrs.frozen(kw_only=True)
class GameState:
    """Everything a game is: rules, truth, dice, clock, and what each seat knows.

    `board` is the ruleset's own truth (units, map); `knowledge` maps each seat to the ruleset's
    record of what that seat has been told. Neither is ever sent to a seat as it is: the
    ruleset's `observe` builds each seat's view. `told` keeps, per seat, the narratives, answers
    and amendments it was given, so snapshots and resumes carry them. `(turn, phase)` is the
    clock; the core moves it, never a ruleset.
    """

    ruleset: str
    scenario: str
    turn: int
    dice: Dice
    board: Any
    knowledge: Mapping[str, Any]
    outcome: Outcome | None = None
    phase: str = ""
    options: Mapping[str, Any] = attrs.field(factory=dict)
    told: Mapping[str, tuple[Told, ...]] = attrs.field(factory=dict)

    @property
    def ended(self) -> bool:
        return self.outcome is not None

"""The whole truth of one game, as one frozen value."""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from .dice import Dice


@attrs.frozen
class Outcome:
    result: str  # "victory", "defeat", "draw", or "ended" when the umpire stops a game
    reason: str  # one sentence, fit to show every seat


@attrs.frozen(kw_only=True)
class GameState:
    """Everything a game is: rules, truth, dice, and what each seat knows.

    `board` is the ruleset's own truth (units, map, clock); `knowledge` maps each seat to the
    ruleset's record of what that seat has been told. Neither is ever sent to a seat as it is:
    the ruleset's `observe` builds each seat's view.
    """

    ruleset: str
    scenario: str
    turn: int
    dice: Dice
    board: Any
    knowledge: Mapping[str, Any]
    outcome: Outcome | None = None

    @property
    def ended(self) -> bool:
        return self.outcome is not None

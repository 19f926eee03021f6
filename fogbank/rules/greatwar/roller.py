"""Rolling through a turn: the keyed dice, and every roll kept for the log."""

from __future__ import annotations

from typing import Sequence, TypeVar

import attrs

from fogbank.rules.core import Dice, Modifier, Roll

from .tables import READERS

T = TypeVar("T")


@attrs.define
class Roller:
    dice: Dice
    turn: int
    rolls: list[Roll] = attrs.field(factory=list)

    def roll(self, key: str, table: str, count: int = 1, modifiers: Sequence[Modifier] = (), sides: int = 6) -> Roll:
        """Roll on `table`; the key names the roll (turn, what, whom), never a running count."""
        self.dice, roll = self.dice.roll(
            turn=self.turn, key=f"{self.turn}/{key}", table=table, count=count,
            modifiers=modifiers, read=READERS[table], sides=sides,
        )
        self.rolls.append(roll)
        return roll

    def choose(self, key: str, things: Sequence[T]) -> T:
        """One of `things` at random (a die of as many sides); no roll for a single thing."""
        if len(things) == 1:
            return things[0]
        return things[self.roll(key, "choice", sides=len(things)).total - 1]

"""The umpire's tables: how many dice, and what each total means.

Each table is a list of bands, read top down: the first band whose ceiling is at or above the
total gives the outcome. Modifiers are given by the rules in `turn.py`, each with its reason.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import attrs


@attrs.frozen
class Table:
    name: str
    dice: int
    bands: tuple[tuple[int, str], ...]  # (highest total, outcome); the last band is open-ended

    def read(self, total: int) -> str:
        for ceiling, outcome in self.bands:
            if total <= ceiling:
                return outcome
        return self.bands[-1][1]

    def throws(self, outcome: str, modifier: int = 0) -> tuple[int, ...]:
        """The totals on the dice alone (before `modifier`) that give `outcome`."""
        return tuple(t for t in range(self.dice, 6 * self.dice + 1) if self.read(t + modifier) == outcome)

    def needs(self, outcome: str, modifier: int = 0) -> str:
        """What the dice must show for `outcome`, as an umpire says it: "7 or less", "10 or
        more", "never" (the modifier puts it out of reach) or "always"."""
        throws = self.throws(outcome, modifier)
        if not throws:
            return "never"
        if len(throws) == 5 * self.dice + 1:
            return "always"
        if throws[0] == self.dice:
            return f"{throws[-1]} or less"
        if throws[-1] == 6 * self.dice:
            return f"{throws[0]} or more"
        return f"{throws[0]} to {throws[-1]}"

    def chance(self, outcome: str, modifier: int = 0) -> Fraction:
        """The odds of `outcome` on one roll with `modifier`."""
        ways = Counter(map(sum, itertools.product(range(1, 7), repeat=self.dice)))
        return Fraction(sum(ways[t] for t in self.throws(outcome, modifier)), 6**self.dice)


OPEN = 99  # the ceiling of a last band: "or more"

# The notes' modifiers, each once: turn.py rolls with them, the briefing works the odds from them.
RANGE_3, RANGE_2 = -3, -1  # a torpedo at 3 squares, at 2
PERISCOPE_MINES, BOTTOM_MINES = -1, 4  # at periscope level, at the bottom
PERISCOPE_ASHORE = 1  # at periscope level, for the observers, the searchlights and the battery
NIGHT_BATTERY = 2  # the battery firing at night
FIX_OBSERVERS = -1  # taking a fix keeps the periscope up longer (decisions.md)

MINEFIELD_SURFACE = Table("minefield_surface", 2, ((3, "sunk"), (8, "told"), (OPEN, "untold")))
MINEFIELD_SUBMERGED = Table("minefield_submerged", 2, ((4, "sunk"), (9, "told"), (OPEN, "untold")))
VISION = Table("vision", 1, ((2, "nothing"), (OPEN, "seen")))
HYDROPHONE = Table("hydrophone", 1, ((2, "nothing"), (OPEN, "heard")))
OBSERVERS_DAY = Table("observers_day", 2, ((6, "seen"), (OPEN, "unseen")))
SEARCHLIGHT_NIGHT = Table("searchlight_night", 2, ((3, "found"), (OPEN, "sweeping")))
SHORE_BATTERY = Table("shore_battery", 2, ((8, "sunk"), (OPEN, "splashes")))
TORPEDO = Table("torpedo", 2, ((6, "miss"), (OPEN, "hit")))

TABLES = {
    t.name: t
    for t in (
        MINEFIELD_SURFACE,
        MINEFIELD_SUBMERGED,
        VISION,
        HYDROPHONE,
        OBSERVERS_DAY,
        SEARCHLIGHT_NIGHT,
        SHORE_BATTERY,
        TORPEDO,
    )
}

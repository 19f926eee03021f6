"""The umpire's tables: how many dice, and what each total means.

Each table is a list of bands, read top down: the first band whose ceiling is at or above the
total gives the outcome. Modifiers are given by the rules in `turn.py`, each with its reason.
"""

from __future__ import annotations

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


OPEN = 99  # the ceiling of a last band: "or more"

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

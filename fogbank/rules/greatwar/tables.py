"""The tables the rules roll on, each a reader `fogbank verify` can apply to a logged roll."""

from __future__ import annotations

from typing import Callable

from fogbank.rules.core import ByFaces
from fogbank.rules.core.dice import CHOICE, read_choice

STRATEGIC_EVENTS = {
    2: "rogue mine", 3: "condenser problems", 4: "erroneous report", 5: "situation clarifies",
    6: "no event", 7: "no event", 8: "no event", 9: "neutral report", 10: "this just in",
    11: "danger ahead", 12: "all is lost",
}
TACTICAL_EVENTS = {
    2: "shields up", 3: "the fog lifts", 4: "fire control difficulties", 5: "fog of war",
    6: "no event", 7: "surprise", 8: "smoke", 9: "damage control", 10: "confusion reigns",
    11: "torpedo attack", 12: "mass confusion reigns",
}
CONTACT_DAY, CONTACT_NIGHT = 4, 5  # the base game's contact numbers, as designed (decisions.md)


def side_affected(total: int) -> str:
    return "central" if total <= 3 else "russia"


def contact(need: int) -> ByFaces:
    """A meeting: contact at `need` or more, but a natural 1 never makes contact (rule 6)."""
    return ByFaces(lambda faces, total: "contact" if faces[0] != 1 and total >= need else "no contact")


def at_most(number: int) -> Callable[[int], str]:
    return lambda total: "yes" if total <= number else "no"


def gunfire(hit_on: int) -> ByFaces:
    """Fire: one die per strength point, each at `hit_on` or more a hit (modifiers shift every
    die, so they are read off the faces); a 6 stays a hit whatever the modifiers (tactical rule
    10; fire control difficulties then confirm it with another die)."""
    def read(faces, total):
        shift = total - sum(faces)
        return f"{sum(1 for f in faces if f == 6 or f + shift >= hit_on)} hits"
    return ByFaces(read)


DAMAGE = {1: "hull", 2: "hull", 3: "hull", 4: "guns", 5: "speed", 6: "critical"}  # designed
CRITICAL = {1: "fire", 2: "flooding", 3: "engine room", 4: "fire control", 5: "leader killed", 6: "magazine"}


READERS: dict[str, Callable[[int], str] | ByFaces] = {
    "strategic event": lambda total: STRATEGIC_EVENTS[total],
    "tactical event": lambda total: TACTICAL_EVENTS[total],
    "side affected": side_affected,
    "contact by day": contact(CONTACT_DAY),
    "contact by night": contact(CONTACT_NIGHT),
    "leader": at_most(3),
    "damage control": at_most(2),
    "major port repair": at_most(2),
    "minor port repair": at_most(1),
    "aerial spotting": lambda total: "spotted" if total >= 5 else "not spotted",
    "mine": at_most(0),  # the limit is a modifier: see turn.mine_strike
    "slow ships": at_most(3),
    "break-off": at_most(3),
    "shore battery": lambda total: str((total + 1) // 2),
    "initiative": lambda total: str(total),
    CHOICE: read_choice,  # the core roller's `choose`
    "seaplane": lambda total: "yes" if total >= 6 else "no",
    "torpedoes": gunfire(6),  # a die per torpedo factor, each 6 a hit (5 in the target's area: +1)
    "confirm hit": lambda total: "hit" if total <= 4 else "miss",
    "damage": lambda total: DAMAGE[total],
    "critical damage": lambda total: CRITICAL[total],
    "magazine": lambda total: "explodes" if total >= 6 else "flooded",
    "friendly fire": lambda total: str(total // 2),
}
for _n in range(2, 8):
    READERS[f"gunfire {_n}+"] = gunfire(_n)
    READERS[f"shipping {_n}+"] = lambda total, n=_n: "yes" if total >= n else "no"  # a raider finds a steamer


def reader(table: str):
    return READERS.get(table)

"""Gunfire: what each gun group may shoot at, fire combined, hits rolled, damage and criticals.

The base game's gunnery and damage tables are not in the seeds; the parts below are designed
(docs/decisions.md, "Battles"): a die per strength point hitting on a 6 (a 5 in the same area),
a damage die per hit, and a critical damage table drawn from the war's sea fights.
"""

from __future__ import annotations

from typing import Callable

import attrs

from fogbank.rules.core import Modifier

from ..scenario import SMALL
from .areas import Unit

REACH = (3, 2, 1)  # primary, secondary, tertiary, in areas
GUNS = ("primary", "secondary", "tertiary")
TORPEDO_HIT = 2  # hull boxes a torpedo costs (designed)


def hit_number(rng: int) -> int:
    return 5 if rng == 0 else 6


def combined(strengths: list[int]) -> int:
    """Tactical rule 11: the weakest firer counts whole, the others' sum halved (at least 1)."""
    if not strengths:
        return 0
    ordered = sorted(strengths)
    return ordered[0] + (max(1, sum(ordered[1:]) // 2) if len(ordered) > 1 else 0)


def preference(how: str, rng: Callable[[str], int], units: dict[str, Unit]):
    """A sort key for targets by the fleet's `target` tactic (names break ties)."""
    def key(name: str):
        u = units[name]
        size = (-u.cls.hull, -sum(u.cls.guns))
        if how == "nearest":
            return (rng(name), *size, name)
        if how == "small":
            return (u.cls.kind not in SMALL, rng(name), name)
        return (*size, rng(name), name)
    return key


def pick_targets(strength: tuple[int, int, int], candidates: dict[str, int], how: str,
                 units: dict[str, Unit], forced: tuple[str | None, str | None, str | None] | None = None,
                 banned: Callable[[str, int], bool] = lambda target, gun: False) -> list[str | None]:
    """Tactical rule 9: each gun group at its own target; a smaller gun group's target, unless it
    is the one its bigger guns chose, must be in the same or an adjacent area. `candidates` maps
    enemy ships in sight to their range; `forced` is a squadron leader's choice (rule 5)."""
    chosen: list[str | None] = []
    for gun, reach in enumerate(REACH):
        if not strength[gun]:
            chosen.append(None)
            continue
        allowed = {t: r for t, r in candidates.items() if r <= reach and not banned(t, gun)}
        if forced is not None:
            chosen.append(forced[gun] if forced[gun] in allowed else None)
            continue
        bigger = [t for t in chosen if t in allowed]
        if bigger:
            chosen.append(bigger[0])
            continue
        near = [t for t, r in allowed.items() if r <= 1 or gun == 0 or not any(chosen)]
        near.sort(key=preference(how, lambda t: candidates[t], units))
        chosen.append(near[0] if near else None)
    return chosen


@attrs.frozen
class Salvo:
    """Ships firing one kind of gun at one target with the same hit number and modifiers: their
    strength combined (rule 11) into one roll."""

    target: str
    gun: int
    rng: int
    modifiers: tuple[Modifier, ...]
    firers: tuple[str, ...]
    strengths: tuple[int, ...]
    confirm: bool  # fire control difficulties at a hit number of 6: each 6 confirmed on 1-4
    side: str = ""  # the firing side when the firer is no ship (a port's batteries)

    @property
    def dice(self) -> int:
        return combined(list(self.strengths))


def modifiers_for(gun: int, rng: int, target: Unit, troubled: bool, torpedo_boat_dash: bool) -> tuple[tuple[Modifier, ...], bool]:
    mods = []
    if gun == 0 and target.cls.kind in SMALL:
        mods.append(Modifier("primary guns at a small target (rule 10)", -1))
    if troubled:
        mods.append(Modifier("fire control difficulties", -1))
    if torpedo_boat_dash:
        mods.append(Modifier("at torpedo boats closing (Torpedo Attack!)", +1))
    shift = sum(m.value for m in mods)
    return tuple(mods), troubled and hit_number(rng) - shift >= 6


"""A battle to be fought in another game, in words neither ruleset owns, and what came of it.

An operational ruleset (the parent) that meets the enemy may hand the battle to a tactical one
(the host): it describes the sides and their ships in neutral terms (`Engagement`), the host
builds a game from it (`Ruleset.new_engagement`), and at that game's end says what each ship
suffered and which sides left the field (`EngagementResult`); the parent settles it
(`Ruleset.settle_engagement`, through `game.settle`). Nothing here names a ruleset.

Ship kinds are the navies' own type letters (BB battleship, B pre-dreadnought, BC battlecruiser,
AC armoured cruiser, CA heavy cruiser, CL light cruiser, DD destroyer, GB gunboat, ML minelayer,
AP transport or collier); gun factors are the parent's own (primary, secondary, tertiary), which a
host maps to its scale; speed is in knots.
"""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from .errors import Refused
from .fields import converter, structure

ENGAGEMENT_OPTION = "engagement"  # the option under which a host game keeps its engagement (plain)
CAPITAL_KINDS = frozenset({"BB", "B", "BC", "AC", "CA"})


@attrs.frozen(kw_only=True)
class EngagedShip:
    name: str
    kind: str  # a type letter, see the module's docstring
    guns: tuple[int, int, int]  # primary, secondary, tertiary gun factors
    hull: int  # hull boxes in all
    hits: int = 0  # hull boxes already lost when the battle starts
    knots: int  # best speed now
    torpedoes: bool = False
    seat: str  # the seat that commands her, in both games

    @property
    def capital(self) -> bool:
        return self.kind in CAPITAL_KINDS


@attrs.frozen(kw_only=True)
class Party:
    """One side of the battle: its seats in the parent game (they take the same seats in the
    host game) and its ships."""

    side: str
    seats: tuple[str, ...]
    ships: tuple[EngagedShip, ...]


@attrs.frozen(kw_only=True)
class Engagement:
    id: str  # the parent's name for it, unique in that game
    zone: str  # where, in words
    day: bool
    sea: str = ""  # "calm", "moderate", "heavy", or "" when the parent does not know
    parties: tuple[Party, Party]
    turn: int = 0  # the parent's turn it began in

    def party(self, side: str) -> Party:
        return next(p for p in self.parties if p.side == side)

    def seats(self) -> tuple[str, ...]:
        return tuple(s for p in self.parties for s in p.seats)


@attrs.frozen(kw_only=True)
class ShipOutcome:
    name: str
    lost: int  # hull boxes lost in this battle
    sunk: bool = False
    guns_lost: tuple[int, int, int] = (0, 0, 0)  # gun factors knocked out in it, as `EngagedShip.guns`


@attrs.frozen(kw_only=True)
class EngagementResult:
    ships: tuple[ShipOutcome, ...]
    left: tuple[str, ...] = ()  # sides whose ships left the field (broke off, steamed off the map)
    summary: str = ""  # one sentence, fit for every seat that fought

    def of(self, name: str) -> ShipOutcome | None:
        return next((s for s in self.ships if s.name == name), None)


def public_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A game's options as its seats may be told them: a game fighting an engagement keeps the
    whole battle there, the enemy's ships and damage too, which is the umpire's until the end."""
    return {name: value for name, value in options.items() if name != ENGAGEMENT_OPTION}


def engagement_from_plain(plain: Any) -> Engagement:
    """The engagement a plain map describes; `Refused` (bad_engagement) if it is not one."""
    found = structure(plain, Engagement, "bad_engagement", "an engagement")
    sides = [p.side for p in found.parties]
    if len(set(sides)) != 2 or not all(p.ships for p in found.parties):
        raise Refused("bad_engagement", "An engagement has two different sides, each with ships.")
    names = [s.name for p in found.parties for s in p.ships]
    if len(set(names)) != len(names) or any(s.hull < 1 or not 0 <= s.hits < s.hull for p in found.parties for s in p.ships):
        raise Refused("bad_engagement", "Each ship has a name of its own and hull boxes left.")
    return found


def result_from_plain(plain: Any) -> EngagementResult:
    """The result a plain map describes; `Refused` (bad_result) if it is not one."""
    found = structure(plain, EngagementResult, "bad_engagement_result", "a battle's result")
    if any(s.lost < 0 or min(s.guns_lost) < 0 for s in found.ships):
        raise Refused("bad_engagement_result", "A ship cannot lose fewer than no hull boxes or guns.")
    return found


def engagement_plain(engagement: Engagement) -> dict[str, Any]:
    return converter.unstructure(engagement)


def result_plain(result: EngagementResult) -> dict[str, Any]:
    return converter.unstructure(result)


def check_result(engagement: Engagement, result: EngagementResult) -> None:
    """Refuse a result that names a ship or side not in the engagement."""
    names = {s.name for p in engagement.parties for s in p.ships}
    unknown = sorted({s.name for s in result.ships} - names)
    if unknown:
        raise Refused("bad_engagement_result", f"No ship called {unknown[0]!r} fought in that battle.")
    if set(result.left) - {p.side for p in engagement.parties}:
        raise Refused("bad_engagement_result", "A side that left the field must be one that fought.")


"""Built-in players by name: each ruleset's standard player and its named plans (policies).

A policy is a plan a player might follow (`escort_everything`, `mine_the_exits`, ...), kept in its
ruleset's folder and registered here as it is imported, as rulesets register themselves. Every
player is made from a `Seating` alone, which holds nothing its seat is not told: the seat's chart
and briefing, the game's options (public when the game is made) and a luck of its own for the
choices a player varies from game to game. It then sees only its seat's views.
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable, Mapping

import attrs

from .ruleset import Bot, find_ruleset

STANDARD = "standard"  # the name of each ruleset's own built-in player
# The name of each ruleset's player of random legal orders, seeing only its seat's views: the
# yardstick a standard player must beat (the arena holds it to that).
RANDOM = "random"


@attrs.frozen
class Seating:
    """All a player is handed when it sits down at a seat."""

    ruleset: str
    scenario: str
    seat: str
    side: str
    chart: Mapping[str, Any]  # the seat's chart, as sent to it
    briefing: Mapping[str, Any]  # the seat's briefing, as sent to it
    options: Mapping[str, Any] = attrs.field(factory=dict)  # the game's options
    luck: int = 0  # seeds the player's own random.Random: never the game's dice


@attrs.frozen
class Policy:
    """A named plan for the seats of some sides of some scenarios of one ruleset."""

    ruleset: str
    name: str
    plan: str  # one sentence: what the player does
    make: Callable[[Seating], Bot]
    sides: frozenset[str] = frozenset()  # the sides it plays; empty: any
    scenarios: frozenset[str] = frozenset()  # the scenarios it plays; empty: any

    def fits(self, scenario: str, side: str | None = None) -> bool:
        return (not self.scenarios or scenario in self.scenarios) and (
            side is None or not self.sides or side in self.sides
        )


_POLICIES: dict[tuple[str, str], Policy] = {}


def policy(
    ruleset: str, name: str, plan: str, *, sides: tuple[str, ...] = (), scenarios: tuple[str, ...] = ()
) -> Callable[[Callable[[Seating], Bot]], Callable[[Seating], Bot]]:
    """Register the decorated `make(seating) -> Bot` as the policy `name` of `ruleset`."""

    def register(make: Callable[[Seating], Bot]) -> Callable[[Seating], Bot]:
        _POLICIES[ruleset, name] = Policy(ruleset, name, plan, make, frozenset(sides), frozenset(scenarios))
        return make

    return register


def policies(ruleset: str, scenario: str, side: str | None = None) -> dict[str, Policy]:
    """The policies that can play `side` (any side if None) of `scenario`, the standard first."""
    found = find_ruleset(ruleset)  # imports every ruleset, and with them their policies
    standard = _POLICIES.get((ruleset, STANDARD)) or Policy(
        ruleset, STANDARD, "The ruleset's built-in player.",
        lambda seating: found.bot(seating.scenario, seating.seat, seating.chart),
    )
    named = sorted(
        (p for (r, n), p in _POLICIES.items() if r == ruleset and n != STANDARD and p.fits(scenario, side)),
        key=lambda p: p.name,
    )
    return {STANDARD: standard, **{p.name: p for p in named}}


def find_policy(ruleset: str, scenario: str, side: str, name: str) -> Policy:
    """The policy `name` for `side` of `scenario`; LookupError naming those there are if none."""
    known = policies(ruleset, scenario, side)
    if name not in known:
        raise LookupError(
            f"no policy called {name!r} for the {side} side of {scenario}; known: {', '.join(known)}"
        )
    return known[name]


def luck(seed: bytes, seat: str) -> int:
    """A player's luck in the game of `seed`: its own, derived so that it tells nothing of the dice."""
    return int.from_bytes(hashlib.sha256(b"fogbank-player:" + seed + seat.encode()).digest()[:8], "big")


def seat_player(policy_found: Policy, seating: Seating) -> Bot:
    bot = policy_found.make(seating)
    if bot is None:
        raise LookupError(f"the {seating.ruleset} ruleset has no built-in player for seat {seating.seat!r}")
    return bot


__all__ = ["RANDOM", "STANDARD", "Policy", "Seating", "find_policy", "luck", "policies", "policy",
           "seat_player"]

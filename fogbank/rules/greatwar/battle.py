"""A battle after contact, resolved on a compact area board after the variant's tactical rules.

The board is one range between the two sides (in areas), closing each round; what the variant
asks of the players (targets, closing, break-off) is decided here by fixed rules, written down in
docs/decisions.md.
"""

from __future__ import annotations

import attrs

from fogbank.rules.core import Modifier

from .board import Board, Fleet, Ship
from .roller import Roller
from .sea import SMALL, Scenario
from .tables import side_affected

GUN_RANGE = (3, 2, 1)  # primary, secondary, tertiary reach, in areas
STAND_MISSIONS = frozenset({"bombard", "lay mines", "refuel"})


@attrs.frozen
class Outcome:
    ships: dict[str, Ship]  # every ship after the battle
    sunk: tuple[str, ...]
    stood: bool  # the non-initiative side stood and the other did not close: its mission goes on
    log: tuple[str, ...]  # what happened, round by round (the umpire's record)


def strength(names, board: Board, scenario: Scenario) -> int:
    return sum(sum(scenario.ships[n].guns) for n in names if not board.ships[n].sunk(scenario.ships[n]))


def combined(strengths: list[int]) -> int:
    """Tactical rule 11: the weakest firer counts whole, the others' sum halved (at least 1)."""
    if not strengths:
        return 0
    ordered = sorted(strengths)
    return ordered[0] + (max(1, sum(ordered[1:]) // 2) if len(ordered) > 1 else 0)


def fight(board: Board, scenario: Scenario, roller: Roller, zone: str, fleets: dict[str, list[Fleet]],
          day: bool, key: str) -> Outcome:
    ships = dict(board.ships)
    sides = sorted(fleets)
    names = {s: [n for f in fleets[s] for n in f.ships] for s in sides}
    leader = {s: any(f.leader for f in fleets[s]) for s in sides}
    log: list[str] = []

    def afloat(side):
        return [n for n in names[side] if not ships[n].sunk(scenario.ships[n])]

    init = _initiative(fleets, leader, roller, key)
    other = next(s for s in sides if s != init)
    log.append(f"{init} has the initiative")
    if all(f.mission in STAND_MISSIONS for f in fleets[other]):
        # Tactical rule 7: the non-initiative side stands; the other closes only if it dares.
        if strength(afloat(init), board, scenario) * 2 < strength(afloat(other), board, scenario):
            log.append(f"{other} stands; {init} does not close")
            return Outcome(ships, (), True, tuple(log))
        log.append(f"{other} stands; {init} closes")
    visibility = 3 if day else 1  # tactical rule 8: one less than set-up range (4 by day, 2 by night)
    rounds = (3, 2, 1) if day else (1,)
    breaking: str | None = None
    escapes = 0
    for number, wanted in enumerate(rounds, start=1):
        rkey = f"{key}/round{number}"
        event, affected = _tactical_event(roller, rkey, number, init, other, leader)
        log.append(f"round {number}: {event}" + (f" ({affected})" if affected else ""))
        fcd = set()
        shields = None
        if event == "the fog lifts":
            visibility = min(3 if day else 1, visibility + 1)
        elif event == "fog of war":
            visibility = max(0, visibility - 1)
        elif event in ("fire control difficulties", "surprise", "mass confusion reigns"):
            fcd.add(affected)
        elif event == "damage control":
            hurt = [n for n in afloat(affected) if ships[n].hits]
            if hurt:
                ships[hurt[0]] = attrs.evolve(ships[hurt[0]], hits=ships[hurt[0]].hits - 1)
        elif event == "shields up":
            shields = affected
        rng = wanted
        if event in ("confusion reigns", "mass confusion reigns", "surprise") and affected == init:
            rng = min(wanted + 1, 3)  # the closing side is held back a round
        if rng > visibility:
            log.append(f"round {number}: nothing in sight at range {rng}")
            continue
        slow = set()
        if number == 1 and day and rng == visibility:  # tactical rule 18
            for n in afloat(init):
                if ships[n].speed(scenario.ships[n]) == "1s" and roller.roll(f"{rkey}/slow/{n}", "slow ships").outcome == "yes":
                    slow.add(n)
        hits: dict[str, int] = {}
        for side in sides:
            enemy = [n for n in afloat(next(s for s in sides if s != side)) if n not in slow]
            firers = [n for n in afloat(side) if n not in slow]
            if not enemy or not firers:
                continue
            if event == "torpedo attack" and side == affected:
                _torpedoes(roller, rkey, firers, enemy, scenario, hits, log)
            for group, reach in enumerate(GUN_RANGE):
                if reach < rng:
                    continue
                target = _target(enemy, group, scenario)
                factors = [scenario.ships[n].guns[group] for n in firers if scenario.ships[n].guns[group]]
                dice = combined(factors)
                if breaking == side:
                    dice //= 2  # tactical rule 16
                if not dice:
                    continue
                hit_on = 5 if rng == 1 else 6
                mods = []
                if group == 0 and scenario.ships[target].kind in SMALL and hit_on < 6:
                    mods.append(Modifier("primary guns at a small target", -1))
                if side in fcd and hit_on < 6:
                    mods.append(Modifier("fire control difficulties", -1))
                roll = roller.roll(f"{rkey}/{side}/gun{group}", f"gunfire {hit_on}+", count=dice, modifiers=mods)
                scored = int(roll.outcome.split()[0])
                if side in fcd and hit_on == 6:  # a 6 must be confirmed
                    scored = sum(1 for i in range(scored) if roller.roll(f"{rkey}/{side}/gun{group}/confirm{i}", "confirm hit").outcome == "hit")
                if scenario.ships[target].guns[2] == 0 and group < 2:
                    scored = 0  # tactical rule 13: light ships shrug off big guns
                if scored:
                    hits[target] = hits.get(target, 0) + scored
                    log.append(f"round {number}: {side} {['primary', 'secondary', 'tertiary'][group]} guns hit {target} {scored}")
        for target, count in hits.items():
            if shields and target in names[shields]:
                log.append(f"round {number}: shields up, {target} takes no harm")
                shields = None
                continue
            ship, cls = ships[target], scenario.ships[target]
            hit = min(cls.hull, ship.hits + count)
            slowed = max(ship.speed_lost, 1 if hit * 2 >= cls.hull else 0)
            ships[target] = attrs.evolve(ship, hits=hit, speed_lost=slowed, damaged_turn=roller.turn)
        if not afloat(init) or not afloat(other):
            break
        if breaking is None and number >= 2:
            for side in sides:  # the weaker side, at under half the other's strength, breaks off
                foe = next(s for s in sides if s != side)
                if strength(afloat(side), attrs.evolve(board, ships=ships), scenario) * 2 < strength(afloat(foe), attrs.evolve(board, ships=ships), scenario):
                    breaking = side
                    log.append(f"round {number}: {side} breaks off")
                    break
        elif breaking is not None and roller.roll(f"{rkey}/breakoff", "break-off").outcome == "yes":
            escapes += 1
            if escapes == 2:
                log.append(f"round {number}: {breaking} gets away")
                break
    sunk = tuple(n for s in sides for n in names[s] if ships[n].sunk(scenario.ships[n]) and not board.ships[n].sunk(scenario.ships[n]))
    return Outcome(ships, sunk, False, tuple(log))


def _initiative(fleets, leader, roller: Roller, key: str) -> str:
    """Tactical rule 4, then intercepting fleets, then a die each (a leader wins ties)."""
    sides = sorted(fleets)
    tied = [s for s in sides if any(f.mission in STAND_MISSIONS for f in fleets[s])]
    if len(tied) == 1:
        return next(s for s in sides if s not in tied)
    hunting = [s for s in sides if any(f.mission == "intercept" for f in fleets[s])]
    if len(hunting) == 1:
        return hunting[0]
    a, b = (roller.roll(f"{key}/initiative/{s}", "initiative").total + (1 if leader[s] else 0) for s in sides)
    return sides[0] if a > b else sides[1] if b > a else sides[1]


def _tactical_event(roller: Roller, key: str, number: int, init: str, other: str, leader) -> tuple[str, str | None]:
    event = roller.roll(f"{key}/event", "tactical event", count=2).outcome
    if event in ("no event", "smoke") or (event == "surprise" and number != 1):
        return "no event", None  # smoke: nobody lays smoke on the compact board
    if event in ("the fog lifts", "fog of war"):
        return event, None
    affected = other if event == "surprise" else side_affected(roller.roll(f"{key}/side", "side affected").total)
    if event in ("confusion reigns", "mass confusion reigns") and leader[affected]:
        if roller.roll(f"{key}/leader", "leader").outcome == "yes":
            return "no event", None
    return event, affected


def _target(enemy: list[str], group: int, scenario: Scenario) -> str:
    """Primary guns at the biggest enemy; smaller guns at the nearest small ship if any (rule 9)."""
    big = max(enemy, key=lambda n: (scenario.ships[n].hull, sum(scenario.ships[n].guns), n))
    small = sorted(n for n in enemy if scenario.ships[n].kind in SMALL)
    return big if group == 0 or not small else small[0]


def _torpedoes(roller: Roller, key: str, firers, enemy, scenario: Scenario, hits, log) -> None:
    """Torpedo Attack!: the side's destroyers each fire at the biggest enemy; a 6 hits for 2 boxes."""
    target = _target(enemy, 0, scenario)
    for n in firers:
        if scenario.ships[n].kind == "DD" and roller.roll(f"{key}/torpedo/{n}", "torpedo").outcome == "hit":
            hits[target] = hits.get(target, 0) + 2
            log.append(f"torpedo from {n} hits {target}")

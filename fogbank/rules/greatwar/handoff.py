"""Battles handed to a tactical game (`battles = "hex"`): the engagement made at contact, the
contact phase held open until its result comes back, then applied and the phase finished.

While the game waits, no seat acts and the seats that fight are told their fleet is in battle;
the rest of the contact phase (seaplanes, missions, the next turn's upkeep) runs once every
battle of the turn is settled, exactly as it would after battles on the board.
"""

from __future__ import annotations

from typing import Mapping

import attrs

from fogbank.rules.core import EngagedShip, Engagement, EngagementResult, GameState, Party, Refused, Resolution
from fogbank.rules.core.copies import evolve

from .board import Fleet
from .scenario import Scenario

KNOTS = {"1s": 14, "1": 18, "2": 24, "2+": 28}  # the speed classes, in knots (designed)
TORPEDO_KINDS = frozenset({"DD", "CL"})  # the Black Sea's destroyers and light cruisers all had tubes


@attrs.frozen
class Waiting:
    """The contact phase held open: the battles not yet settled, and where contact left each fleet."""

    engagements: tuple[Engagement, ...]
    stopped: Mapping[str, str]  # fleet -> the zone contact stopped it in
    stood: frozenset[str]  # fleets whose missions go on after their battle


def hands_over(state: GameState) -> bool:
    return state.options.get("battles") == "hex"


def engagement(t, zone: str, fleets: Mapping[str, list[Fleet]], day: bool) -> Engagement:
    """The battle in `zone` between `fleets` (by side), in the core's neutral words."""
    s: Scenario = t.s
    parties = []
    for side in sorted(fleets):
        ships = tuple(
            EngagedShip(name=n, kind=s.ships[n].kind, guns=t.board.ships[n].guns(s.ships[n]), hull=s.ships[n].hull,
                        hits=t.board.ships[n].hits, knots=KNOTS[t.board.ships[n].speed(s.ships[n])],
                        torpedoes=s.ships[n].kind in TORPEDO_KINDS, seat=f.seat)
            for f in fleets[side] for n in t.board.afloat(f, s)
        )
        parties.append(Party(side=side, seats=tuple(sorted({f.seat for f in fleets[side]})), ships=ships))
    return Engagement(id=f"{t.state.turn}-{zone}", zone=s.zones[zone].name, day=day, parties=tuple(parties),
                      turn=t.state.turn)


def hand_over(t, zone: str, fleets: Mapping[str, list[Fleet]], day: bool) -> None:
    """Make the engagement, keep it waiting on the board, and tell the seats that fight."""
    battle = engagement(t, zone, fleets, day)
    waiting = t.board.waiting
    kept = (*(waiting.engagements if waiting else ()), battle)
    t.board = evolve(t.board, waiting=Waiting(kept, {}, frozenset()))
    t.record(f"Battle in {battle.zone} handed to the tactical game ({battle.id}).")
    for side in sorted(fleets):
        for f in fleets[side]:
            t.news(side, f"{f.name} is in battle in {battle.zone}: the battle is fought on its own board; "
                         "this game goes on when it ends.", f.id)


def hold(t, stopped: Mapping[str, str], stood: set[str]) -> Resolution:
    """The contact phase, stopped until its battles are settled."""
    t.board = evolve(t.board, waiting=evolve(t.board.waiting, stopped=dict(stopped), stood=frozenset(stood)))
    return t.done()


def engagements(state: GameState) -> dict[str, Engagement]:
    waiting = state.board.waiting
    return {e.id: e for e in waiting.engagements} if waiting else {}


def settle(t, battle_id: str, result: EngagementResult, finish) -> Resolution:
    """Apply `result` to the ships, tell the seats that fought, and once no battle is left, finish
    the contact phase (`finish(t, stopped, stood)`)."""
    waiting: Waiting | None = t.board.waiting
    battle = next((e for e in (waiting.engagements if waiting else ()) if e.id == battle_id), None)
    if battle is None:
        raise Refused("unknown_engagement", f"This game waits on no battle called {battle_id!r}.")
    s: Scenario = t.s
    for outcome in result.ships:
        left = s.ships[outcome.name].hull - t.board.ships[outcome.name].hits
        boxes = left if outcome.sunk else min(outcome.lost, left - 1)
        if boxes:
            t.damage(outcome.name, boxes)
        if any(outcome.guns_lost) and not outcome.sunk:  # gun boxes, as a gun hit on the board makes
            ship, guns = t.board.ships[outcome.name], s.ships[outcome.name].guns
            lost = tuple(min(g, had + more) for g, had, more in zip(guns, ship.guns_lost, outcome.guns_lost))
            t.set_ship(evolve(ship, guns_lost=lost, damaged_turn=t.state.turn))
    sunk = {o.name for o in result.ships if o.sunk}
    fleets = {p.side: _fleets(t, p) for p in battle.parties}
    t.record(result.summary or f"The battle in {battle.zone} is over.")
    stood = set(waiting.stood)
    for party in battle.parties:
        enemy = next(p for p in battle.parties if p.side != party.side)
        lost = [x.name for x in enemy.ships if x.name in sunk]
        text = "sunk: " + ", ".join(lost) if lost else "no enemy ship sunk"
        if enemy.side in result.left:
            text += "; the enemy left the field"
            if party.side not in result.left:  # holding the field, its missions go on
                stood |= {f.id for f in fleets[party.side]}
        for f in fleets[enemy.side]:
            t.tell(frozenset(party.seats), f, "battle", _zone_of(t, f), ships=True, text=text)
    t.clear_sunk("in battle")
    rest = tuple(e for e in waiting.engagements if e.id != battle_id)
    if rest:
        t.board = evolve(t.board, waiting=evolve(waiting, engagements=rest, stood=frozenset(stood)))
        return t.done()
    t.board = evolve(t.board, waiting=None)
    return finish(t, dict(waiting.stopped), stood)


def _fleets(t, party: Party) -> list[Fleet]:
    names = {x.name for x in party.ships}
    return [f for f in t.board.fleets if f.side == party.side and names & set(f.ships)]


def _zone_of(t, fleet: Fleet) -> str:
    stopped = t.board.waiting.stopped if t.board.waiting else {}
    return stopped.get(fleet.id, fleet.zone)

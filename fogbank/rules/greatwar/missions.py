"""After the battles: seaplane attacks, the missions carried out, the victory check.

What each mission achieves (docs/decisions.md, "Missions"): a bombardment scores once for each
enemy base, under the fire of its batteries; a raid sinks shipping on the enemy's coast, and is
reported for it; mines are laid in the zone the plot named, and used up; colliers deliver coal
(upkeep, in port); an escort keeps its charge company; a fleet on refuel coals beside its colliers.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from fogbank.rules.core import Outcome, Resolution
from fogbank.rules.core.copies import evolve

from .board import Fleet
from .handoff import hands_over
from .turn import Turn, is_day, seaplane_bases, seaplane_reach
from .upkeep import upkeep

BOMBARDMENT = {"major": 4, "minor": 2}  # points for the first bombardment of an enemy base
MARGINAL, DECISIVE = 3, 10  # a victory's margin of points: marginal, and outright
BOMBARD_GUNS = {"major": 0, "minor": 1}  # the smallest gun (0 primary, 1 secondary) that bombards a base


def finish_contact(t: Turn, stopped: Mapping[str, str], stood: set[str]) -> Resolution:
    """The contact phase after its battles: seaplanes, missions, the outcome, the next turn's upkeep."""
    if t.s.year >= 1915 and is_day(t.state.turn):
        _seaplane_attacks(t)
    engaged = {f for f in stopped if f not in stood}
    at_work = [f for f in t.fleets() if f.id not in engaged and not f.returning]
    shelling = [f for f in at_work if _shells(t, f)]
    fired = set(stopped.values()) if hands_over(t.state) else set()  # ports that fired before a hex battle
    for fleet in at_work:
        _mission(t, fleet, shelling, fired)
    _raids(t, [f for f in t.fleets() if f.mission == "raid" and f.id not in engaged and not f.returning])
    outcome = _outcome(t)
    if outcome is None:
        upkeep(t)
    return t.done(outcome)


def shore_fire(t: Turn, zone: str, fleets: Iterable[Fleet], volley: str = "") -> None:
    """Advanced strategic rule 10: a port's batteries fire at the enemy's ships in its zone, a
    die a gun, each 5 or 6 a hull box: the ships have closed to shell the port (or to fight in
    its roads), within the batteries' own area (at the fleets bombarding it, or before a battle
    fought elsewhere). `volley` names a port's second volley of a turn in its dice keys (the
    bombardment's after a battle handed over in its zone), so it rolls dice of its own; the
    first keeps the keys it always had."""
    port = t.s.zones[zone]
    ships = [n for f in fleets if f.side != port.side for n in f.ships]
    if not port.base or not ships:
        return
    key = f"battery/{zone}/{volley}/" if volley else f"battery/{zone}/"
    for i in range(t.battery(zone)):
        target = t.roller.choose(f"{key}{i}/target", ships)
        if t.roller.roll(f"{key}{i}", "gunfire 5+").outcome != "0 hits":
            t.damage(target, 1)
            fleet = next(f for f in t.fleets() if target in f.ships)
            t.news(fleet.side, f"The shore batteries of {port.name} hit {target}.", fleet.id)
    t.clear_sunk(f"by the shore batteries of {port.name}")


def _seaplane_attacks(t: Turn) -> None:
    """Advanced strategic rule 2 (1915 on, never Russian): each base with seaplanes attacks one
    enemy fleet its side has a report of this turn within reach, the one its orders named (else
    the first by id); a 6 finds a random ship, a second 6 hits it (a box, no critical damage)."""
    for base in (b for side in sorted(t.s.sides) for b in seaplane_bases(t.s, side)):
        seats = t.seats_of(base.side)
        known = {f for seat in seats for f, n in t.board.tracked.get(seat, {}).items()
                 if any(r.track == n and r.turn == t.state.turn for r in t.intel[seat].reports)}
        targets = sorted((f for f in t.fleets(t.s.enemy(base.side)) if f.id in known
                          and t.s.distances[base.id][f.zone] <= seaplane_reach(base)), key=lambda f: f.id)
        if not targets:
            continue
        aimed = t.board.aimed.get(base.id)
        fleet = next((f for f in targets if f.id == aimed), targets[0])
        why = "the target named" if fleet.id == aimed else "none named in reach: the first by id"
        roll = t.roller.roll(f"seaplane/{base.id}", "seaplane")
        if roll.outcome != "yes":
            t.news(base.side, f"Seaplanes from {base.name} search {t.s.zones[fleet.zone].name} ({why}): "
                   f"they roll {roll.total} and find nothing.")
            continue
        ship = t.roller.choose(f"seaplane/{base.id}/ship", list(fleet.ships))
        hit = t.roller.roll(f"seaplane/{base.id}/hit", "seaplane").outcome == "yes"
        if hit:
            t.damage(ship, 1)
        t.news(fleet.side, f"Seaplanes from {base.name} attack {ship} of {fleet.name}: {'a hit' if hit else 'missed'}.", fleet.id)
        t.news(base.side, f"Our seaplanes from {base.name} attack {ship} in {t.s.zones[fleet.zone].name}: {'a hit' if hit else 'missed'}.")
        t.clear_sunk("by seaplanes")


def _mission(t: Turn, fleet: Fleet, shelling: list[Fleet], fired: set[str]) -> None:
    """Bombardment, minelaying and refuelling at sea, for a fleet the enemy did not stop."""
    if fleet.mission == "bombard":
        _bombard(t, fleet, shelling, fired)
    elif fleet.mission == "lay mines" and fleet.zone == fleet.mines_at:
        _lay_mines(t, fleet)
    elif fleet.mission == "refuel":
        colliers = [f for f in t.fleets(fleet.side) if f.zone == fleet.zone and f.mission == "transport" and f.id != fleet.id]
        if colliers:
            for name in fleet.ships:
                t.set_ship(evolve(t.board.ships[name], fuel_used=0))
            t.news(fleet.side, f"{fleet.name} coals from {colliers[0].name}.", fleet.id)


def can_bombard(t: Turn, fleet: Fleet, zone) -> bool:
    """A major base is bombarded with primary guns, a minor one with secondary guns or bigger."""
    gun = BOMBARD_GUNS[zone.base]
    return any(any(t.board.ships[n].guns(t.s.ships[n])[:gun + 1]) for n in fleet.ships)


def _within_reach(t: Turn, fleet: Fleet) -> bool:
    """In an enemy base's zone, with guns big enough to bombard it."""
    zone = t.s.zones[fleet.zone]
    return bool(zone.base) and zone.side == t.s.enemy(fleet.side) and can_bombard(t, fleet, zone)


def _shells(t: Turn, fleet: Fleet) -> bool:
    """A fleet on bombard that spent the whole turn in reach of an enemy base (it did not move)."""
    return fleet.mission == "bombard" and _within_reach(t, fleet) and not fleet.path


def _bombard(t: Turn, fleet: Fleet, shelling: list[Fleet], fired: set[str]) -> None:
    """A fleet that spent the whole turn in an enemy base's zone (it did not move: it closed,
    found its marks and shelled them) bombards it; the port's batteries answer, in one volley
    at every fleet shelling it this turn (the port has so many guns, each fires once); the first
    bombardment of each enemy base scores (4 a major base, 2 a minor), a later one only draws
    their fire."""
    zone = t.s.zones[fleet.zone]
    if not any(f.id == fleet.id for f in shelling):
        if _within_reach(t, fleet) and fleet.path:
            t.news(fleet.side, f"{fleet.name} arrives off {zone.name}: it bombards next turn if it stays there.",
                   fleet.id)
        return
    here = [f.id for f in shelling if f.zone == zone.id]
    if here[0] == fleet.id:  # the first of them draws the volley for all
        volley = "bombard" if zone.id in fired else ""
        shore_fire(t, zone.id, [f for f in map(t.board.fleet, here) if f is not None], volley)
    fleet = t.board.fleet(fleet.id)
    if fleet is None:
        return
    if zone.id in t.board.bombarded:
        t.news(fleet.side, f"{fleet.name} bombards {zone.name} again: nothing is left there worth the shells "
               "(a base scores once).", fleet.id, rule="bombard")
    else:
        weight = BOMBARDMENT[zone.base]
        t.board = evolve(t.board, points={**t.board.points, fleet.side: t.board.points[fleet.side] + weight},
                         bombarded=(*t.board.bombarded, zone.id))
        t.news(fleet.side, f"{fleet.name} bombards {zone.name}: {weight} points.", fleet.id, rule="bombard")
    t.tell(t.seats_of(t.s.enemy(fleet.side)), fleet, "bombardment", zone.id, ships=True)


def _lay_mines(t: Turn, fleet: Fleet) -> None:
    """The minelayers' fields go down in the zone the plot named, and their mines are spent."""
    zone = t.s.zones[fleet.zone]
    layers = [n for n in fleet.ships if t.s.ships[n].mines and not t.board.ships[n].mines_laid]
    fields = sum(t.s.ships[n].mines for n in layers)
    if not fields:
        return
    key = (zone.id, fleet.side)
    t.board = evolve(t.board, minefields={**t.board.minefields, key: t.board.minefields.get(key, 0) + fields})
    for n in layers:
        t.set_ship(evolve(t.board.ships[n], mines_laid=True))
    t.put(evolve(t.board.fleet(fleet.id), returning=True))
    t.news(fleet.side, f"{fleet.name} lays {fields} fields in {zone.name}, its mines spent, and turns for home.", fleet.id,
           rule="lay_mines")


def _raids(t: Turn, raiders: list[Fleet]) -> None:
    """Raiders on the enemy's coast look for his shipping: a die for each zone of his shipping
    lanes where a raider of the side ends its move, at or over his traffic's number by day (one
    more by night; a 6 always finds one) sinks a steamer, a point; his side hears of it, and where."""
    day = is_day(t.state.turn)
    for side in sorted(t.s.sides):
        enemy = t.s.enemy(side)
        lanes = t.s.sides[enemy].get("shipping", ())
        need = min(6, t.s.sides[enemy].get("traffic", 4) + (0 if day else 1))
        for zone in sorted({f.zone for f in raiders if f.side == side and f.zone in lanes}):
            here = [f for f in raiders if f.side == side and f.zone == zone]
            roll = t.roller.roll(f"raid/{side}/{zone}", f"shipping {need}+")
            where = t.s.zones[zone].name
            if roll.outcome != "yes":
                t.news(side, f"{here[0].name} finds no shipping in {where} (rolls {roll.total}).", here[0].id, rule="raid")
                continue
            t.board = evolve(t.board, points={**t.board.points, side: t.board.points[side] + 1})
            t.news(side, f"{here[0].name} sinks a steamer in {where} (rolls {roll.total}): a point.", here[0].id, rule="raid")
            t.news(enemy, f"A raider sinks one of our steamers in {where}.")
            t.tell(t.seats_of(enemy), here[0], "raider", zone, text="sank a steamer")


def _outcome(t: Turn) -> Outcome | None:
    """At the turn limit, or when a side has no ship left: a side with none left is defeated;
    otherwise the points decide (a margin of 3 a marginal victory, 10 a victory)."""
    sides = sorted(t.s.sides)
    afloat = {s: sum(len(f.ships) for f in t.fleets(s)) for s in sides}
    if t.state.turn < t.s.turns and all(afloat.values()):
        return None
    points = t.board.points
    a, b = sides
    told = f"Victory points: {t.title(a)} {points[a]}, {t.title(b)} {points[b]}."
    gone = [s for s in sides if not afloat[s]]
    if len(gone) == 1:
        lost = gone[0]
        return Outcome({t.s.enemy(lost): "victory", lost: "defeat"}, f"{t.title(lost)} has no ship left. {told}")
    margin = points[a] - points[b]
    if abs(margin) < MARGINAL:
        results = {a: "draw", b: "draw"}
    else:
        win, lose = (a, b) if margin > 0 else (b, a)
        grade = "" if abs(margin) >= DECISIVE else "marginal "
        results = {win: f"{grade}victory", lose: f"{grade}defeat"}
    return Outcome(results, told)

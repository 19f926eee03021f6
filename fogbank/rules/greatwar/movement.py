"""The move and contact phases: fleets sail zone by zone, and contact in a zone stops them there.

The move phase tells the reports of plots (neutral, aerial) and takes every fleet into the first
zone of its plot; the contact phase rolls for contact there, fights, and only then takes the
fleets contact did not stop into their second zone, where they may meet again. A fleet rolls for
mines only in a zone it enters, and burns fuel and is placed as a raider only for the zones it
sailed through.
"""

from __future__ import annotations

from fogbank.rules.core import GameState, Modifier, Resolution
from fogbank.rules.core.copies import evolve

from . import battle, handoff
from .board import Fleet
from .missions import finish_contact, shore_fire
from .scenario import Scenario
from .turn import FUEL_ZONES, MINE_HIT, Turn, is_day


def move_phase(state: GameState, scenario: Scenario) -> Resolution:
    t = Turn(state, scenario)
    for fleet in t.fleets():
        if fleet.reveal:
            t.tell(t.seats_of(scenario.enemy(fleet.side)), fleet, "neutral", fleet.zone, ships=True,
                   next_zone=fleet.path[0] if fleet.path else fleet.zone)
    if is_day(state.turn):
        _aerial_spotting(t)
    for fleet in t.fleets():
        _sail(t, fleet, 0)
    return t.done()


def _sail(t: Turn, fleet: Fleet, step: int) -> None:
    """The fleet's `step`-th zone of this move: the next zone of its plot (mines rolled as it
    enters), or where it is if its plot is shorter."""
    if step < len(fleet.path):
        fleet = _mines(t, evolve(fleet, zone=fleet.path[step]))
        if fleet is None:
            return
    t.put(evolve(fleet, passed=(*fleet.passed, fleet.zone)))


def _aerial_spotting(t: Turn) -> None:
    """Seaplanes and airships over the sea beside their base: contents and next zone (rule 3)."""
    for zone in sorted(t.s.zones.values(), key=lambda z: z.id):
        if not (zone.aircraft and zone.side):
            continue
        for fleet in t.fleets(t.s.enemy(zone.side)):
            if t.s.distances[zone.id][fleet.zone] <= 1:
                if t.roller.roll(f"aerial/{zone.id}/{fleet.id}", "aerial spotting").outcome == "spotted":
                    t.tell(t.seats_of(zone.side), fleet, "aerial", fleet.zone, ships=True,
                           next_zone=fleet.path[0] if fleet.path else fleet.zone)


def _mines(t: Turn, fleet: Fleet) -> Fleet | None:
    """Entering the enemy's minefields: a die at or under the fields' weight strikes a ship."""
    enemy = t.s.enemy(fleet.side)
    fields = t.board.minefields.get((fleet.zone, enemy), 0)
    t.put(fleet)
    if not fields:
        return fleet
    weight = min(4, (fields + 1) // 2)
    roll = t.roller.roll(f"mine/{fleet.id}/{fleet.zone}", "mine", modifiers=[Modifier("fields", -weight)])
    if roll.outcome == "yes":
        ship = t.roller.choose(f"mine/{fleet.id}/{fleet.zone}/ship", list(fleet.ships))
        t.damage(ship, MINE_HIT)
        t.news(fleet.side, f"{ship} of {fleet.name} strikes a mine in {t.s.zones[fleet.zone].name}.", fleet.id)
        t.clear_sunk("by a mine")
    return t.board.fleet(fleet.id)


# -- the contact phase: a die per meeting, battles; then the second zone, and again ---------


def contact_phase(state: GameState, scenario: Scenario) -> Resolution:
    t = Turn(state, scenario)
    meetings = Meetings()
    meetings.meet(t, 0)
    for fleet in t.fleets():
        if fleet.id not in meetings.stopped:
            _sail(t, fleet, 1)
    meetings.meet(t, 1)
    _sailed(t)
    if t.board.waiting is not None:
        return handoff.hold(t, meetings.stopped, meetings.stood)
    return finish_contact(t, meetings.stopped, meetings.stood)


class Meetings:
    """The zones fought in this turn, the fleets contact stopped, and those whose stand let
    their mission go on (rule 7)."""

    def __init__(self):
        self.fought: set[str] = set()
        self.stopped: dict[str, str] = {}  # fleet -> the zone contact stopped it in
        self.stood: set[str] = set()

    def meet(self, t: Turn, step: int) -> None:
        """A die for each pair of opposing fleets in one zone at this step of the move; any
        contact is a battle of every fleet there (an escort beside its charge)."""
        day = is_day(t.state.turn)
        sides = sorted(t.s.sides)
        live = [f for f in t.fleets() if len(f.passed) > step and f.id not in self.stopped]
        for zone in sorted({f.passed[step] for f in live}):
            here = {s: [f for f in live if f.side == s and f.passed[step] == zone] for s in sides}
            if not all(here.values()) or zone in self.fought:
                continue
            ships = sum(len(f.ships) for s in sides for f in here[s])
            met = False
            for a in here[sides[0]]:
                for b in here[sides[1]]:
                    roll = t.roller.roll(f"contact/{step}/{a.id}/{b.id}", "contact by day" if day else "contact by night",
                                         modifiers=[Modifier("ships in the zone", ships // 4)])
                    if roll.outcome == "contact":
                        met = True
                        t.tell(t.seats_of(a.side) & {a.seat}, b, "contact", zone, ships=True)
                        t.tell(t.seats_of(b.side) & {b.seat}, a, "contact", zone, ships=True)
            if met:
                self._battle(t, zone, step, {s: [t.board.fleet(f.id) for f in here[s]] for s in sides}, day)

    def _battle(self, t: Turn, zone: str, step: int, fleets: dict[str, list[Fleet]], day: bool) -> None:
        self.fought.add(zone)
        for f in (f for side in fleets.values() for f in side):
            self.stopped[f.id] = zone
        if handoff.hands_over(t.state):  # fought in another game: the phase waits for its result
            shore_fire(t, zone, [f for side in fleets.values() for f in side])
            fleets = {s: [t.board.fleet(f.id) for f in side if t.board.fleet(f.id)] for s, side in fleets.items()}
            if all(fleets.values()):
                handoff.hand_over(t, zone, fleets, day)
            return
        if t.s.zones[zone].base:
            t.battery(zone)  # rule 10: the port's batteries fight in the battle too
        result = battle.fight(t.board, t.s, t.roller, zone, fleets, day, f"battle/{zone}")
        held = battle.aftermath(t, zone, fleets, result, day, f"battle/{zone}")
        self.stood |= held
        for f in (f for side in fleets.values() for f in side):
            if f.id in held and f.side != result.initiative and step == 0 and len(f.path) > 1:
                del self.stopped[f.id]  # rule 7: a stand not closed on lets it move its second zone


def _sailed(t: Turn) -> None:
    """The move done: fuel burned for the zones each fleet sailed through (a box per 9, rule 4),
    each raider placed in the last zone it was in near an enemy base or in the straits, and any
    fleet ending its move in an enemy base's zone seen from the shore."""
    for fleet in t.fleets():
        moved = min(len(fleet.path), len(fleet.passed))
        used = fleet.zones_since_fuel + moved
        for name in fleet.ships:
            ship = t.board.ships[name]
            boxes = used // FUEL_ZONES
            if boxes:
                t.set_ship(evolve(ship, fuel_used=min(t.s.ships[name].fuel, ship.fuel_used + boxes)))
        t.put(evolve(fleet, zones_since_fuel=used % FUEL_ZONES, moved_two=moved == 2))
        enemy = t.s.enemy(fleet.side)
        seen = [z for z in fleet.passed if t.s.near_base(z, enemy) or z in t.s.straits]
        port = t.s.zones[fleet.zone]
        if port.base and port.side == enemy:  # the port's lookouts see it, if not what it is
            t.tell(t.seats_of(enemy), fleet, "shore", fleet.zone)
        elif fleet.mission == "raid" and seen:  # advanced strategic rule 1: placed for the other side
            t.tell(t.seats_of(enemy), fleet, "raider", seen[-1])

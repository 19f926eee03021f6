"""A turn: random events and repairs, secret plots, movement, then search, contact and battle."""

from __future__ import annotations

from typing import Iterable, Mapping


from fogbank.rules.core import (
    Event, Fidelity, GameState, Modifier, Outcome, Position, Resolution, Sensor, Sighting,
)
from fogbank.rules.core.copies import evolve

from . import battle, handoff
from .board import Board, Fleet, Intel, Note, Pending, Report, fleet_speed
from .events import News, Record, Sighted
from .roller import Roller
from .sea import Scenario

FUEL_ZONES = 9  # advanced strategic rule 4: a fuel box every 9 zones
MINE_HIT = 2  # hull boxes a mine costs (designed)


def is_day(turn: int) -> bool:
    return turn % 2 == 1


def seaplane_bases(scenario: Scenario, side: str) -> list:
    """Advanced strategic rule 2: the side's bases whose seaplanes attack (1915 on, never Russian's)."""
    if scenario.year < 1915 or side == "russia":
        return []
    return sorted((z for z in scenario.zones.values() if z.aircraft and z.side == side), key=lambda z: z.id)


def seaplane_reach(base) -> int:
    return 2 if base.base == "major" else 1


class Turn:
    """One phase's resolution: the board, the seats' intel, events and rolls as they pile up."""

    def __init__(self, state: GameState, scenario: Scenario):
        self.state, self.s = state, scenario
        self.board: Board = state.board
        self.intel: dict[str, Intel] = dict(state.knowledge)
        self.roller = Roller(state.dice, state.turn)
        self.events: list[Event] = []

    # -- helpers ---------------------------------------------------------------------------

    def seats_of(self, side: str) -> frozenset[str]:
        return frozenset(name for name, s, _ in self.s.seats if s == side)

    def fleets(self, side: str | None = None) -> list[Fleet]:
        return [f for f in self.board.fleets if side is None or f.side == side]

    def put(self, fleet: Fleet) -> None:
        self.board = evolve(self.board, fleets=tuple(fleet if f.id == fleet.id else f for f in self.board.fleets))

    def news(self, side: str, text: str, fleet: str | None = None) -> None:
        """Tell every seat of `side`: kept in each seat's intel (its view shows it), and logged."""
        seats = self.seats_of(side)
        note = Note(turn=self.state.turn, phase=self.state.phase, text=text, fleet=fleet)
        for seat in seats:
            self.intel[seat] = evolve(self.intel[seat], news=(*self.intel[seat].news, note))
        self.events.append(News(turn=self.state.turn, phase=self.state.phase, audience=seats, text=text, fleet=fleet))

    def record(self, text: str) -> None:
        self.events.append(Record(turn=self.state.turn, text=text))

    def tell(self, seats: Iterable[str], fleet: Fleet, source: str, zone: str, ships: bool = False,
             next_zone: str | None = None, text: str = "") -> None:
        """Report `fleet` to `seats`: on each seat's plot (its own track number) and its reports."""
        tracked = {k: dict(v) for k, v in self.board.tracked.items()}
        for seat in sorted(seats):
            intel = self.intel[seat]
            mine = tracked.setdefault(seat, {})
            sighting = Sighting(
                turn=self.state.turn, phase=self.state.phase,
                sensor={"contact": Sensor.SIGHT, "battle": Sensor.SIGHT, "aerial": Sensor.AIRCRAFT}.get(source, Sensor.REPORT),
                fidelity=Fidelity.IDENTIFIED if ships else Fidelity.LOCATED, position=Position(zone=zone),
                kind="fleet", count=len(fleet.ships) if ships else None, identity=fleet.name if ships else None,
            )
            plot, number = intel.plot.report(sighting, mine.get(fleet.id))
            mine[fleet.id] = number
            report = Report(turn=self.state.turn, phase=self.state.phase, source=source, zone=zone, track=number,
                            ships=tuple(fleet.ships) if ships else None, next_zone=next_zone, text=text)
            self.intel[seat] = evolve(intel, plot=plot, reports=(*intel.reports, report))
            self.events.append(Sighted(turn=report.turn, phase=report.phase, audience=frozenset({seat}), source=source,
                                       zone=zone, track=number, ships=report.ships, next_zone=next_zone, text=text,
                                       zone_name=self.s.zones[zone].name,
                                       next_zone_name=self.s.zones[next_zone].name if next_zone in self.s.zones else ""))
        self.board = evolve(self.board, tracked=tracked)

    def damage(self, name: str, boxes: int) -> None:
        ship, cls = self.board.ships[name], self.s.ships[name]
        hits = min(cls.hull, ship.hits + boxes)
        slowed = max(ship.speed_lost, 1 if hits * 2 >= cls.hull else 0)
        self.set_ship(evolve(ship, hits=hits, speed_lost=slowed, damaged_turn=self.state.turn))

    def set_ship(self, ship) -> None:
        self.board = evolve(self.board, ships={**self.board.ships, ship.name: ship})

    def clear_sunk(self) -> None:
        """Sunk ships leave their fleets; a fleet with none left is gone; points to the sinker."""
        points = dict(self.board.points)
        fleets = []
        for f in self.board.fleets:
            sunk = [n for n in f.ships if self.board.ships[n].sunk(self.s.ships[n])]
            for n in sunk:
                points[self.s.enemy(f.side)] += self.s.ships[n].hull
                # Where: a seat is not told a teammate's battle, only its side's losses.
                self.news(f.side, f"{n} of {f.name} is lost in {self.s.zones[f.zone].name}.", f.id)
            if len(sunk) < len(f.ships):
                fleets.append(evolve(f, ships=tuple(n for n in f.ships if n not in sunk)))
        self.board = evolve(self.board, fleets=tuple(fleets), points=points)

    def done(self, outcome: Outcome | None = None) -> Resolution:
        state = evolve(self.state, board=self.board, knowledge=self.intel, dice=self.roller.dice,
                             outcome=outcome or self.state.outcome)
        return Resolution(state, tuple(self.events), tuple(self.roller.rolls))

    def nearest_base(self, fleet: Fleet) -> str:
        return min(self.s.bases(fleet.side), key=lambda b: (self.s.distances[fleet.zone][b.id], b.id)).id

    def step_towards(self, zone: str, goal: str) -> str:
        if zone == goal:
            return zone
        d = self.s.distances[goal]
        return min(self.s.zones[zone].adjacent, key=lambda z: (d[z], z))


# -- before the next orders phase: damage control, port repair, coal and cargo, the random event --


def upkeep(t: Turn) -> None:
    """What comes before the next turn's orders phase, rolled as that turn's (keys and log)."""
    t.roller.turn = t.state.turn + 1
    for fleet in t.fleets():
        t.put(evolve(fleet, held=False, reveal=None, passed=(), path=()))
    t.board = evolve(t.board, aimed={})
    _damage_control(t)
    _in_port(t)
    _strategic_event(t)


def _damage_control(t: Turn) -> None:
    """Advanced strategic rule 11: for each ship damaged last turn, roll again while a 1-2 comes
    up (each repairing a box, hull before guns: `Ship.mended`), until a 3-6; the side is told
    every roll."""
    for fleet in t.fleets():
        for name in fleet.ships:
            ship = t.board.ships[name]
            rolled = []
            while ship.boxes_lost and ship.damaged_turn == t.state.turn:
                roll = t.roller.roll(f"damage control/{name}/{len(rolled) + 1}", "damage control")
                if roll.outcome != "yes":
                    rolled.append(f"{roll.total}: no more")
                    break
                ship = ship.mended()
                rolled.append(f"{roll.total}: a box repaired")
            if rolled:
                left = ship.boxes_lost
                t.news(fleet.side, f"Damage control aboard {name} rolls {', then '.join(rolled)}"
                       f" ({left} box{'es' if left != 1 else ''} still lost).", fleet.id)
            t.set_ship(ship)


def _in_port(t: Turn) -> None:
    for fleet in t.fleets():
        zone = t.s.zones[fleet.zone]
        if zone.side != fleet.side or not zone.base:
            continue
        for name in fleet.ships:
            t.set_ship(evolve(_port_repair(t, fleet, zone, t.board.ships[name]), fuel_used=0))  # bunkers filled in port
        side = t.s.sides[fleet.side]
        fleet = evolve(fleet, zones_since_fuel=0, returning=False)
        if fleet.mission == "transport":
            if fleet.zone == side.get("load") and not fleet.loaded:
                fleet = evolve(fleet, loaded=True)
                t.news(fleet.side, f"{fleet.name} loads coal at {zone.name}.", fleet.id)
            elif fleet.zone == side.get("deliver") and fleet.loaded:
                delivered = sum(1 for n in fleet.ships if t.s.ships[n].kind == "AP")
                t.board = evolve(t.board, points={**t.board.points, fleet.side: t.board.points[fleet.side] + delivered})
                fleet = evolve(fleet, loaded=False)
                t.news(fleet.side, f"{fleet.name} unloads at {zone.name}.", fleet.id)
        t.put(fleet)


def repair_wanted(ship) -> str:
    """What port repair at a major port mends: the owner's word, else speed if slowed, else a box."""
    return ship.repair or ("speed" if ship.speed_lost else "box")


def _port_repair(t: Turn, fleet: Fleet, zone, ship):
    """Advanced strategic rule 9: a die a turn in port; at a major port 1-2 mends a box or a level
    of speed (the owner's choice, `repair_wanted`), at a minor port a 1 mends a box."""
    can = (["box"] if ship.boxes_lost else []) + (["speed"] if ship.speed_lost and zone.base == "major" else [])
    if not can:
        return ship
    roll = t.roller.roll(f"port repair/{ship.name}", f"{zone.base} port repair")
    if roll.outcome != "yes":
        t.news(fleet.side, f"Port repair at {zone.name}: {ship.name} rolls {roll.total}, nothing mended.", fleet.id)
        return ship
    mend = repair_wanted(ship) if repair_wanted(ship) in can else can[0]
    if zone.base == "minor":
        why = ""
    elif ship.repair is None:
        why = " (the rules' choice: speed if slowed, else a box)"
    else:
        why = " (as ordered)" if ship.repair == mend else f" (no {ship.repair} to mend)"
    t.news(fleet.side, f"Port repair at {zone.name}: {ship.name} rolls {roll.total}, "
           f"{'a box repaired' if mend == 'box' else 'a level of speed restored'}{why}.", fleet.id)
    return ship.mended() if mend == "box" else evolve(ship, speed_lost=ship.speed_lost - 1)


INTELLIGENCE = ("situation clarifies", "this just in")


def _strategic_event(t: Turn) -> None:
    """Advanced strategic rule 5 and its table: 2d6, and a die for the side it strikes."""
    event = t.roller.roll("strategic event", "strategic event", count=2).outcome
    if event == "no event":
        t.board = evolve(t.board, event="no event")
        return
    side = t.roller.roll("strategic event/side", "side affected").outcome
    t.board = evolve(t.board, event=f"{event} ({side})")
    t.record(f"Strategic random event: {event}, striking {side}.")
    fleets = sorted(t.fleets(side), key=lambda f: f.id)
    hunters = [f for f in fleets if f.mission in ("raid", "intercept")]
    if not fleets:
        return
    if event == "rogue mine":
        coastal = [f for f in fleets if t.s.zones[f.zone].kind == "coastal"] or fleets
        fleet = t.roller.choose("rogue mine/fleet", coastal)
        ship = t.roller.choose("rogue mine/ship", list(fleet.ships))
        t.damage(ship, MINE_HIT)
        t.news(side, f"A rogue mine strikes {ship} of {fleet.name} in {t.s.zones[fleet.zone].name}.", fleet.id)
        t.clear_sunk()
    elif event == "condenser problems":
        pool = [f for f in fleets if f.moved_two] or fleets
        ships = [n for f in pool for n in f.ships]
        name = t.roller.choose("condenser/ship", ships)
        fleet = next(f for f in fleets if name in f.ships)
        ship = t.board.ships[name]
        if ship.speed(t.s.ships[name]) != "1s":
            t.set_ship(evolve(ship, speed_lost=ship.speed_lost + 1))
        home = evolve(fleet, id=f"{fleet.id}-{name.lower().replace(' ', '-')}", name=f"{name} (condensers)",
                            ships=(name,), leader=False, returning=True, mission="refuel")
        rest = tuple(n for n in fleet.ships if n != name)
        fleets_now = [f for f in t.board.fleets if f.id != fleet.id]
        if rest:
            fleets_now.append(evolve(fleet, ships=rest))
        t.board = evolve(t.board, fleets=tuple(sorted([*fleets_now, home], key=lambda f: f.id)))
        t.news(side, f"Condenser problems: {name} leaves {fleet.name} and must return to port.", fleet.id)
    elif event == "erroneous report" and hunters:
        fleet = t.roller.choose("erroneous report/fleet", hunters)
        if fleet.leader and t.roller.roll(f"erroneous report/leader", "leader").outcome == "yes":
            t.news(side, f"A bad intelligence report reaches {fleet.name}; the admiral ignores it.", fleet.id)
        else:
            t.put(evolve(fleet, must_plot=3, ahead=()))
            t.news(side, f"Erroneous report: {fleet.name} must plot three turns of movement now.", fleet.id)
    elif event in INTELLIGENCE:
        locked = [f for f in hunters if f.ahead and not f.returning]
        if locked:  # the owning player's choice, made in his orders (orders.check_intelligence)
            t.board = evolve(t.board, pending=Pending(event, side, tuple(f.id for f in locked)))
            what = "change all its orders, this turn's plot included" if event == "this just in" else \
                "erase its next plot and plot the next two turns afresh"
            t.news(side, f"{event.capitalize()}: one of {', '.join(f.name for f in locked)} may {what}; name it in "
                   f"your orders (if none is named, the rules free {locked[0].name}, the first by id).")
    elif event == "neutral report":
        fleet = t.roller.choose("neutral report/fleet", fleets)
        t.put(evolve(fleet, reveal="neutral"))
        t.news(side, f"A neutral steamer has seen {fleet.name}: the enemy will learn its ships and next zone.", fleet.id)
    elif event == "danger ahead":
        fleet = t.roller.choose("danger ahead/fleet", fleets)
        t.put(evolve(fleet, held=True))
        t.news(side, f"Danger ahead: {fleet.name} cannot move this turn.", fleet.id)
    elif event == "all is lost":
        fleet = t.roller.choose("all is lost/fleet", fleets)
        if fleet.leader or fleet.mission in ("transport", "escort"):
            t.news(side, f"An admiral panics, but {fleet.name} carries on.", fleet.id)
        else:
            t.put(evolve(fleet, returning=True, ahead=(), must_plot=1))
            t.news(side, f"All is lost! {fleet.name} aborts its mission and returns to port.", fleet.id)


# -- the orders phase: plots are recorded, never shown to the enemy ---------------------------


def orders_phase(state: GameState, scenario: Scenario, orders: Mapping[str, dict]) -> Resolution:
    t = Turn(state, scenario)
    t.board = evolve(t.board, chosen=())
    freed = _intelligence(t, orders)
    _choices_made(t, orders)
    clarified = state.board.pending is not None and state.board.pending.event == "situation clarifies"
    for fleet in t.fleets():
        if fleet.returning:
            goal = t.nearest_base(fleet)
            first = t.step_towards(fleet.zone, goal)
            path = (first,) if first != fleet.zone else ()
            if fleet_speed(t.board, fleet, scenario) == 2 and first != goal:
                path = (first, t.step_towards(first, goal))
            t.put(evolve(fleet, path=() if fleet.held else path))
            continue
        plot = orders.get(fleet.seat, {}).get("fleets", {}).get(fleet.id)
        if fleet.id == freed and clarified:  # this turn's plot stands; the later ones are new
            ahead = tuple(tuple(p) for p in plot["ahead"]) if plot else ()
            t.put(evolve(fleet, path=() if fleet.held else fleet.ahead[0], ahead=ahead, must_plot=1))
            continue
        if fleet.ahead and fleet.id != freed:
            t.put(evolve(fleet, path=() if fleet.held else fleet.ahead[0], ahead=fleet.ahead[1:]))
            continue
        if plot is None:
            t.put(evolve(fleet, path=(), ahead=(), must_plot=1))
            continue
        t.put(evolve(fleet, mission=plot["mission"], path=() if fleet.held else tuple(plot["path"]), tactics=plot.get("tactics"),
                           ahead=tuple(tuple(p) for p in plot.get("ahead", ())), must_plot=1))
    return t.done()


def _intelligence(t: Turn, orders: Mapping[str, dict]) -> str | None:
    """This Just In or Situation Clarifies: the fleet the struck side named (the senior seat's
    word if several seats named one), else the first by id; the side is told which, and why."""
    pending = t.board.pending
    if pending is None:
        return None
    t.board = evolve(t.board, pending=None)
    named = [(seat, orders[seat]["intelligence"]) for seat, _, _ in t.s.seats
             if orders.get(seat, {}).get("intelligence") in pending.fleets]
    seat, freed = named[0] if named else (None, pending.fleets[0])
    fleet = t.board.fleet(freed)
    why = f"named by {seat}" if seat else "none was named, so the rules chose the first by id"
    t.news(pending.side, f"{pending.event.capitalize()}: {fleet.name} takes the report ({why}).", freed)
    for other, fleet_id in named[1:]:
        t.news(pending.side, f"{other} named {t.board.fleet(fleet_id).name} too, but {seat}'s choice stands "
               "(the senior seat's); it sails on its plots.", fleet_id)
    t.board = evolve(t.board, chosen=(*t.board.chosen, f"{pending.side}, {pending.event}: {fleet.name} ({why})"))
    return freed


def _choices_made(t: Turn, orders: Mapping[str, dict]) -> None:
    """The seats' standing choices: each base's seaplane target (a track of the naming seat,
    the senior seat's word first) and each ship's wish for port repair."""
    aimed, chosen = {}, list(t.board.chosen)
    for seat, _, _ in t.s.seats:
        order = orders.get(seat, {})
        tracks = {n: f for f, n in t.board.tracked.get(seat, {}).items()}
        for base, track in sorted(order.get("seaplanes", {}).items()):
            if base not in aimed and track in tracks:
                aimed[base] = tracks[track]
                chosen.append(f"{seat}: seaplanes from {t.s.zones[base].name} seek track {track} ({tracks[track]})")
        for name, wish in sorted(order.get("repair", {}).items()):
            t.set_ship(evolve(t.board.ships[name], repair=wish))
            chosen.append(f"{seat}: {name} to have its {wish} mended first in port")
    t.board = evolve(t.board, aimed=aimed, chosen=tuple(chosen))


# -- the move phase: reports of plots, movement, fuel, mines, raiders placed ------------------


def move_phase(state: GameState, scenario: Scenario) -> Resolution:
    t = Turn(state, scenario)
    for fleet in t.fleets():
        if fleet.reveal:
            t.tell(t.seats_of(scenario.enemy(fleet.side)), fleet, "neutral", fleet.zone, ships=True,
                   next_zone=fleet.path[0] if fleet.path else fleet.zone)
    if is_day(state.turn):
        _aerial_spotting(t)
    for fleet in t.fleets():
        passed, zone = [], fleet.zone
        for step in range(2):
            if step < len(fleet.path):
                zone = fleet.path[step]
                fleet = _mines(t, evolve(fleet, zone=zone))
                if fleet is None:
                    break
            passed.append(zone)
        if fleet is None:
            continue
        moved = len(fleet.path)
        used = fleet.zones_since_fuel + moved
        for name in fleet.ships:
            ship = t.board.ships[name]
            boxes = used // FUEL_ZONES
            if boxes:
                t.set_ship(evolve(ship, fuel_used=min(scenario.ships[name].fuel, ship.fuel_used + boxes)))
        fleet = evolve(t.board.fleet(fleet.id), zone=zone, passed=tuple(passed), zones_since_fuel=used % FUEL_ZONES,
                             moved_two=moved == 2)
        t.put(fleet)
        if fleet.mission == "raid" and any(
            scenario.near_base(z, scenario.enemy(fleet.side)) or z in scenario.straits for z in passed
        ):  # advanced strategic rule 1: the raider is placed on the map for the other side
            seen = next(z for z in reversed(passed) if scenario.near_base(z, scenario.enemy(fleet.side)) or z in scenario.straits)
            t.tell(t.seats_of(scenario.enemy(fleet.side)), fleet, "raider", seen)
    return t.done()


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
    if not fields:
        return fleet
    weight = min(4, (fields + 1) // 2)
    t.put(fleet)
    roll = t.roller.roll(f"mine/{fleet.id}/{fleet.zone}", "mine", modifiers=[Modifier("fields", -weight)])
    if roll.outcome == "yes":
        ship = t.roller.choose(f"mine/{fleet.id}/{fleet.zone}/ship", list(fleet.ships))
        t.damage(ship, MINE_HIT)
        t.news(fleet.side, f"{ship} of {fleet.name} strikes a mine in {t.s.zones[fleet.zone].name}.", fleet.id)
        t.clear_sunk()
    return t.board.fleet(fleet.id)


# -- the contact phase: a die per meeting, battles, missions carried out ----------------------


def contact_phase(state: GameState, scenario: Scenario) -> Resolution:
    t = Turn(state, scenario)
    fought: set[str] = set()  # zones fought in this turn
    stopped: dict[str, str] = {}  # fleet -> zone where contact stopped it
    stood: set[str] = set()
    day = is_day(state.turn)
    for step in range(2):
        sides = sorted(scenario.sides)
        zones = sorted({f.passed[step] for f in t.fleets() if len(f.passed) > step and f.id not in stopped})
        for zone in zones:
            here = {s: [f for f in t.fleets(s) if len(f.passed) > step and f.passed[step] == zone and f.id not in stopped] for s in sides}
            if not all(here.values()) or zone in fought:
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
            if not met:
                continue
            fought.add(zone)
            fleets = {s: [t.board.fleet(f.id) for f in here[s]] for s in sides}
            for f in (f for s in sides for f in fleets[s]):
                stopped[f.id] = zone
            if handoff.hands_over(state):  # fought in another game: the phase waits for its result
                handoff.hand_over(t, zone, fleets, day)
                continue
            result = battle.fight(t.board, scenario, t.roller, zone, fleets, day, f"battle/{zone}")
            held = battle.aftermath(t, zone, fleets, result, day, f"battle/{zone}")
            stood |= held
            for f in (f for s in sides for f in fleets[s]):
                if f.id in held and f.side != result.initiative and step == 0 and len(f.passed) > 1:
                    del stopped[f.id]  # rule 7: a stand not closed on lets it move its second zone
    if t.board.waiting is not None:
        return handoff.hold(t, stopped, stood)
    return finish_contact(t, stopped, stood)


def finish_contact(t: Turn, stopped: Mapping[str, str], stood: set[str]) -> Resolution:
    """The contact phase after its battles: seaplanes, missions, the outcome, the next turn's upkeep."""
    if t.s.year >= 1915 and is_day(t.state.turn):
        _seaplane_attacks(t)
    for fleet in t.fleets():
        if fleet.id in stopped:
            fleet = evolve(fleet, zone=stopped[fleet.id])  # contact ends its move there
            t.put(fleet)
        engaged = fleet.id in stopped and fleet.id not in stood
        _mission(t, fleet, engaged)
    outcome = _outcome(t)
    if outcome is None:
        upkeep(t)
    return t.done(outcome)


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
        t.clear_sunk()


def _mission(t: Turn, fleet: Fleet, engaged: bool) -> None:
    """Bombardment, minelaying and refuelling at sea, for fleets the enemy did not stop."""
    zone = t.s.zones[fleet.zone]
    enemy = t.s.enemy(fleet.side)
    if engaged or fleet.returning:
        return
    if fleet.mission == "bombard" and zone.base and zone.side == enemy:
        guns = t.board.batteries.get(zone.id)
        if guns is None:  # advanced strategic rule 10: half a die, rounded up, rolled when first needed
            guns = int(t.roller.roll(f"battery/{zone.id}", "shore battery").outcome)
            t.board = evolve(t.board, batteries={**t.board.batteries, zone.id: guns})
        for i in range(guns):  # advanced strategic rule 10: the port's batteries answer
            target = t.roller.choose(f"battery/{zone.id}/{i}/target", list(fleet.ships))
            if t.roller.roll(f"battery/{zone.id}/{i}", "gunfire 6+").outcome != "0 hits":
                t.damage(target, 1)
                t.news(fleet.side, f"The shore batteries of {zone.name} hit {target}.", fleet.id)
        t.clear_sunk()
        fleet = t.board.fleet(fleet.id)
        if fleet is None:
            return
        weight = 4 if zone.base == "major" else 2
        t.board = evolve(t.board, points={**t.board.points, fleet.side: t.board.points[fleet.side] + weight})
        t.news(fleet.side, f"{fleet.name} bombards {zone.name}.", fleet.id)
        t.tell(t.seats_of(enemy), fleet, "bombardment", zone.id, ships=True)
    elif fleet.mission == "lay mines":
        layers = [n for n in fleet.ships if t.s.ships[n].mines and t.board.ships[n].fuel_used < t.s.ships[n].fuel]
        fields = sum(t.s.ships[n].mines for n in layers)
        if fields and zone.kind == "coastal" and not (zone.base and zone.side == fleet.side):
            key = (zone.id, fleet.side)
            t.board = evolve(t.board, minefields={**t.board.minefields, key: t.board.minefields.get(key, 0) + fields})
            t.put(evolve(fleet, mission="escort", returning=True))
            t.news(fleet.side, f"{fleet.name} lays {fields} fields in {zone.name} and turns for home.", fleet.id)
    elif fleet.mission == "refuel":
        colliers = [f for f in t.fleets(fleet.side) if f.zone == fleet.zone and f.mission == "transport" and f.id != fleet.id]
        if colliers:
            for name in fleet.ships:
                t.set_ship(evolve(t.board.ships[name], fuel_used=0))
            t.news(fleet.side, f"{fleet.name} coals from {colliers[0].name}.", fleet.id)


def _outcome(t: Turn) -> Outcome | None:
    sides = sorted(t.s.sides)
    afloat = {s: sum(len(f.ships) for f in t.fleets(s)) for s in sides}
    if t.state.turn < t.s.turns and all(afloat.values()):
        return None
    points = t.board.points
    a, b = sides
    margin = points[a] - points[b]
    if abs(margin) < 4:
        results = {a: "draw", b: "draw"}
    else:
        win, lose = (a, b) if margin > 0 else (b, a)
        grade = "" if abs(margin) >= 10 else "marginal "
        results = {win: f"{grade}victory", lose: f"{grade}defeat"}
    return Outcome(results, f"Victory points: {a} {points[a]}, {b} {points[b]}.")

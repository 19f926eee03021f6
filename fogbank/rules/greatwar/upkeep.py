"""Before each orders phase: damage control, port repair, coal and cargo, escorts that lost their
charge, the strategic random event (and escorts whose charge it sank), plots ahead sailed from
where each fleet is."""

from __future__ import annotations

from fogbank.rules.core.copies import evolve

from .board import Fleet, Pending
from .plotting import ahead_from_here
from .turn import MINE_HIT, Turn


def upkeep(t: Turn) -> None:
    """What comes before the next turn's orders phase, rolled as that turn's (keys and log)."""
    t.roller.turn = t.state.turn + 1
    for fleet in t.fleets():
        t.put(evolve(fleet, held=False, reveal=None, passed=(), path=()))
    t.board = evolve(t.board, aimed={})
    _damage_control(t)
    _in_port(t)
    _escorts(t)
    _strategic_event(t)
    _escorts(t)  # again: a rogue mine may have sunk a charge, and its escort turns home at once
    _plots_ahead(t)


def _damage_control(t: Turn) -> None:
    """Advanced strategic rule 11: for each ship damaged last turn, roll again while a 1-2 comes
    up, each mending a box (hull before guns: `Ship.mended`) or a level of speed (the owner's
    wish, as in port: `repair_wanted`), until a 3-6; the side is told every roll."""
    for fleet in t.fleets():
        for name in fleet.ships:
            ship = t.board.ships[name]
            rolled = []
            while (ship.boxes_lost or ship.speed_lost) and ship.damaged_turn == t.state.turn:
                roll = t.roller.roll(f"damage control/{name}/{len(rolled) + 1}", "damage control")
                if roll.outcome != "yes":
                    rolled.append(f"{roll.total}: no more")
                    break
                ship, mended = _mend(ship, ["box"] * bool(ship.boxes_lost) + ["speed"] * bool(ship.speed_lost))
                rolled.append(f"{roll.total}: {MENDED[mended]}")
            if rolled:
                left = ship.boxes_lost
                slow = f", {ship.speed_lost} level{'s' if ship.speed_lost != 1 else ''} of speed" if ship.speed_lost else ""
                t.news(fleet.side, f"Damage control aboard {name} rolls {', then '.join(rolled)}"
                       f" ({left} box{'es' if left != 1 else ''}{slow} still lost).", fleet.id)
            t.set_ship(ship)


MENDED = {"box": "a box repaired", "speed": "a level of speed restored"}


def _mend(ship, can: list[str]):
    """One repair of what the owner wants (else what can be mended): the ship after it, and which."""
    mend = repair_wanted(ship) if repair_wanted(ship) in can else can[0]
    return (ship.mended() if mend == "box" else evolve(ship, speed_lost=ship.speed_lost - 1)), mend


def _in_port(t: Turn) -> None:
    for fleet in t.fleets():
        zone = t.s.zones[fleet.zone]
        if zone.side != fleet.side or not zone.base:
            continue
        for name in fleet.ships:
            t.set_ship(evolve(_port_repair(t, fleet, zone, t.board.ships[name]), fuel_used=0))  # bunkers filled in port
            if zone.base == "major" and t.board.ships[name].mines_laid:  # the mine stores are at the major bases
                t.set_ship(evolve(t.board.ships[name], mines_laid=False))
                t.news(fleet.side, f"{name} takes on mines at {zone.name}.", fleet.id)
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
                t.news(fleet.side, f"{fleet.name} unloads at {zone.name}: {delivered} point{'s' if delivered != 1 else ''}.",
                       fleet.id, rule="transport")
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
    repaired, mend = _mend(ship, can)
    if zone.base == "minor":
        why = ""
    elif ship.repair is None:
        why = " (the rules' choice: speed if slowed, else a box)"
    else:
        why = " (as ordered)" if ship.repair == mend else f" (no {ship.repair} to mend)"
    t.news(fleet.side, f"Port repair at {zone.name}: {ship.name} rolls {roll.total}, {MENDED[mend]}{why}.", fleet.id)
    return repaired


def _escorts(t: Turn) -> None:
    """An escort whose charge is gone (sunk, or parted from it) has nothing left to escort: at
    sea it returns to port; in port it waits for a new mission."""
    for fleet in t.fleets():
        charge = t.board.fleet(fleet.escorting) if fleet.escorting else None
        if fleet.escorting is None or (charge is not None and charge.zone == fleet.zone):
            continue
        zone = t.s.zones[fleet.zone]
        at_home = bool(zone.base) and zone.side == fleet.side
        t.put(evolve(fleet, escorting=None, returning=fleet.returning or not at_home))
        if not at_home:
            t.news(fleet.side, f"{fleet.name} has lost the fleet it escorted and returns to port.", fleet.id)


def _plots_ahead(t: Turn) -> None:
    """Plots made on an earlier turn are sailed from where each fleet really is, once the turn's
    contacts, battles and events are over (plotting.ahead_from_here); its side is told of plots
    it cannot sail as made."""
    for fleet in t.fleets():
        ahead = ahead_from_here(t, fleet)
        if ahead == fleet.ahead:
            continue
        t.put(evolve(fleet, ahead=ahead, must_plot=1 if fleet.returning else fleet.must_plot))
        if not fleet.returning:
            ways = [" → ".join(t.s.zones[z].name for z in plot) or "it stays" for plot in ahead]
            here = t.s.zones[fleet.zone].name
            t.news(fleet.side, f"{fleet.name}, in {here}, cannot sail its plots ahead as made: it makes for "
                   f"them by the shortest way (next turn {'; then '.join(ways)}).", fleet.id)


INTELLIGENCE = ("situation clarifies", "this just in")


def _strategic_event(t: Turn) -> None:
    """Advanced strategic rule 5 and its table: 2d6, and a die for the side it strikes."""
    event = t.roller.roll("strategic event", "strategic event", count=2).outcome
    if event == "no event":
        t.board = evolve(t.board, event="no event")
        return
    side = t.roller.roll("strategic event/side", "side affected").outcome
    t.board = evolve(t.board, event=f"{event} ({t.title(side)})")
    t.record(f"Strategic random event: {event}, striking {t.title(side)}.")
    fleets = sorted(t.fleets(side), key=lambda f: f.id)
    hunters = [f for f in fleets if f.mission in ("raid", "intercept") and not f.returning]
    if not fleets:
        return
    if event == "rogue mine":
        coastal = [f for f in fleets if t.s.zones[f.zone].kind == "coastal"] or fleets
        fleet = t.roller.choose("rogue mine/fleet", coastal)
        ship = t.roller.choose("rogue mine/ship", list(fleet.ships))
        t.damage(ship, MINE_HIT)
        t.news(side, f"A rogue mine strikes {ship} of {fleet.name} in {t.s.zones[fleet.zone].name}.", fleet.id)
        t.clear_sunk("by a rogue mine")
    elif event == "condenser problems":
        pool = [f for f in fleets if f.moved_two] or fleets
        ships = [n for f in pool for n in f.ships]
        name = t.roller.choose("condenser/ship", ships)
        fleet = next(f for f in fleets if name in f.ships)
        ship = t.board.ships[name]
        if ship.speed(t.s.ships[name]) != "1s":
            t.set_ship(evolve(ship, speed_lost=ship.speed_lost + 1))
        zone = t.s.zones[fleet.zone]
        if zone.base and zone.side == side:  # in port already: the engineers set to work there
            t.news(side, f"Condenser problems aboard {name} in {zone.name}: she loses a level of speed.", fleet.id)
            return
        if fleet.ships == (name,):
            t.put(evolve(fleet, returning=True, escorting=None))
            t.news(side, f"Condenser problems: {name} must return to port.", fleet.id)
            return
        home = evolve(fleet, id=f"{fleet.id}-{name.lower().replace(' ', '-')}", name=f"{name} (condensers)",
                      ships=(name,), leader=False, returning=True, escorting=None)
        rest = tuple(n for n in fleet.ships if n != name)
        fleets_now = [f for f in t.board.fleets if f.id != fleet.id]
        fleets_now.append(evolve(fleet, ships=rest))
        t.board = evolve(t.board, fleets=tuple(sorted([*fleets_now, home], key=lambda f: f.id)))
        t.news(side, f"Condenser problems: {name} leaves {fleet.name} and must return to port.", fleet.id)
    elif event == "erroneous report" and hunters:
        fleet = t.roller.choose("erroneous report/fleet", hunters)
        if fleet.leader and t.roller.roll("erroneous report/leader", "leader").outcome == "yes":
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



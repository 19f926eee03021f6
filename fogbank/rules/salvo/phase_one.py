"""Phase One of a turn (12.21, 12.13, seed 004): random events, visibility, radar impairment,
zeppelins, and detection with dummies found out. Worked out as the turn opens, before anyone
declares or moves; damage control (the last phase) is here too, since it closes the turn."""

from __future__ import annotations

from fogbank.rules.core import Modifier
from fogbank.rules.core.copies import evolve

from . import sensing
from .units import CAPITAL, FORT, SCREEN, ZEPPELIN, Unit
from .work import Work

IMPAIRMENT_BASE = 6  # 12.13: base radar range in the Savo Island region
FOG_LIFTS, FOG_OF_WAR = "the fog lifts", "the fog thickens"  # 004's "Fog of War" (the option is 12.2's)
CONFUSION = ("confusion reigns", "mass confusion reigns")


def damage_control(work: Work) -> None:
    """One try a ship (two a fort) to repair a hit taken this turn; what is left is unrepairable.
    A ship that steamed off the map this turn still tries: its crew did not stop working."""
    for unit in list(work.units.values()):
        if unit.sunk or (unit.fresh_w == 0 and unit.fresh_s == 0):
            continue
        if unit.kind == FORT and unit.w >= 3:
            work.put(evolve(unit, fresh_w=0, fresh_s=0))
            continue
        for attempt in range(2 if unit.kind == FORT else 1):
            if unit.fresh_w == 0 and unit.fresh_s == 0:
                break
            if work.roll(f"repair/{unit.id}/{attempt}", "repair").outcome == "repaired":
                if unit.fresh_w:
                    unit = evolve(unit, w=unit.w - 1, fresh_w=unit.fresh_w - 1)
                    what = "a W hit"
                else:
                    unit = evolve(unit, s=unit.s - 1, fresh_s=unit.fresh_s - 1)
                    what = "an S hit"
                work.tell(work.seats_of(sensing.observer(work.scenario, unit.seat)), "repaired",
                          f"{unit.name}'s crew repaired {what}.", unit=unit.id)
        work.put(evolve(unit, fresh_w=0, fresh_s=0))
        victory = work.scenario.victory
        if unit.id in work.board.exits:  # off the map this turn (an earlier turn's exit has no fresh hit)
            words = "counts" if victory.counts(work.units[unit.id]) else "does not count: her hits are past repair"
            work.tell(work.seats_of(unit.side), "exit_judged", f"{unit.name}, off the map, {words}.",
                      unit=unit.id, counts=victory.counts(work.units[unit.id]))


def open_turn(work: Work) -> None:
    """Everything Phase One works out before the seats declare, for turn `work.turn`."""
    scenario = work.scenario
    # The last gunfire phase's lines of fire stay until the next gunfire phase replaces them:
    # the umpire's map shows them while the next turn is ordered.
    board = evolve(work.board, starshells=(), searchlights=(), effects={}, event="",
                         marks=frozenset(m for m in work.board.marks if m[2] >= work.turn))
    work.board = board
    if work.turn == 1 and scenario.zeppelins and not board.zeppelins_rolled:
        _zeppelins(work)
    if scenario.random_events:
        _random_event(work)
    if scenario.savo_impairment:
        ranges = {}
        for unit in work.afloat():
            if unit.has_radar:
                roll = work.roll(f"impairment/{unit.id}", "impairment", [Modifier("base radar range", IMPAIRMENT_BASE)])
                ranges[unit.id] = roll.total
        work.board = evolve(work.board, radar_range=ranges)
        for who in sensing.observers(scenario):
            own = {u.id: ranges[u.id] for u in work.afloat() if u.id in ranges and sensing.belongs(scenario, u, who)}
            if own:
                text = ", ".join(f"{work.units[uid].name} {r}" for uid, r in sorted(own.items()))
                work.tell(work.seats_of(who), "radar_range", f"Radar reaches this turn: {text} hexes.", ranges=own)
    work.sense("phase_one")


def _zeppelins(work: Work) -> None:
    scenario = work.scenario
    count = int(work.roll("zeppelins", "zeppelins").outcome)
    for n in range(count):
        hex_ = scenario.zeppelin_hexes[n % len(scenario.zeppelin_hexes)]
        side = scenario.seat(scenario.zeppelin_seat).side
        work.put(Unit(id=f"L{n + 1}", name=f"Zeppelin L{n + 1}", side=side, seat=scenario.zeppelin_seat, kind=ZEPPELIN,
                      type="Z", hex=hex_, facing=scenario.zeppelin_facing, max_speed=8, defence=5, points=10))
    work.board = evolve(work.board, zeppelins_rolled=True)
    seats = [s.name for s in scenario.seats if s.side == scenario.seat(scenario.zeppelin_seat).side]
    work.tell(seats, "zeppelins", f"{count} zeppelin{'s' if count != 1 else ''} came out." if count else "No zeppelins came out.", count=count)


def _random_event(work: Work) -> None:
    """Seed 004's tactical random events, rolled before anyone moves (decisions.md)."""
    scenario, board = work.scenario, work.board
    event = work.roll("random_event", "random_event").outcome
    first, second = scenario.event_sides
    side = ""
    if event not in (FOG_LIFTS, FOG_OF_WAR, "no event", "smoke and fog"):
        side = first if work.roll("event_side", "event_side").outcome == "first" else second
    if event == "surprise":
        side, event = scenario.disadvantaged, "surprise" if work.turn == 1 else "no event"
    if event == "smoke and fog":
        event = FOG_OF_WAR if board.smoke_laid else "no event"
    visibility = board.visibility
    if event == FOG_LIFTS:
        visibility = min(board.max_visibility, visibility + 1)
    elif event == FOG_OF_WAR:
        visibility = max(1, visibility - 1)
    effects: set[str] = set()
    if event in ("shields up", "fire control difficulties", "torpedo attack", "damage control"):
        effects.add(event)
    elif event in (*CONFUSION, "surprise"):
        # Seed 004: a leader present shrugs off Confusion and Mass Confusion on 1-3, but only the
        # Fire Control Difficulties half of Surprise.
        flagship = any(u.flagship and u.afloat and u.side == side for u in work.units.values())
        ignored = flagship and work.roll("leader", "leader").outcome == "ignored"
        if event == "surprise":
            effects |= {"confusion reigns"} | (set() if ignored else {"fire control difficulties"})
            if ignored:
                event = "surprise (the flagship kept the guns in hand)"
        elif ignored:
            event = f"{event} (ignored: the flagship kept order)"
        else:
            effects |= {"confusion reigns"} | ({"fire control difficulties"} if event != "confusion reigns" else set())
    if "damage control" in effects:
        _event_repair(work, side)
    work.board = evolve(work.board, visibility=visibility, event=event,
                              effects={side: frozenset(effects)} if effects else {})
    everyone = [s.name for s in scenario.seats]
    if visibility != board.visibility or event in (FOG_LIFTS, FOG_OF_WAR):
        work.tell(everyone, "visibility", f"Random event: {event}. Visibility is now {visibility} hex{'' if visibility == 1 else 'es'}.", visibility=visibility)
    elif side and event != "no event":
        work.tell(work.seats_of(side), "random_event", f"Random event on our side: {event}.", event=event)
    else:
        work.note("random_event", f"Random event: {event}.")


def _event_repair(work: Work, side: str) -> None:
    """Event 9: the worst-damaged ship of the side mends one hit, even one past repair. Only a
    ship: a fort is not one, and a destroyed fort stays destroyed (seed 000, Gallipoli rule 4)."""
    damaged = [u for u in work.afloat() if u.side == side and (u.w or u.s) and u.kind in (CAPITAL, SCREEN)]
    if not damaged:
        return
    unit = max(damaged, key=lambda u: (u.w + u.s, u.id))
    unit = evolve(unit, w=unit.w - 1, fresh_w=max(0, unit.fresh_w - 1)) if unit.w else evolve(unit, s=unit.s - 1, fresh_s=max(0, unit.fresh_s - 1))
    work.put(unit)
    work.tell(work.seats_of(side), "repaired", f"{unit.name} mended a hit (random event: damage control).", unit=unit.id)

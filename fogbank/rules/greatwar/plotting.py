"""The orders phase resolved: each fleet's plot recorded (never shown to the enemy), the choices the
rules leave to the seats taken."""

from __future__ import annotations

from typing import Mapping

from fogbank.rules.core import GameState, Resolution
from fogbank.rules.core.copies import evolve

from .board import Fleet, reach
from .scenario import Scenario
from .turn import Turn

def orders_phase(state: GameState, scenario: Scenario, orders: Mapping[str, dict]) -> Resolution:
    t = Turn(state, scenario)
    t.board = evolve(t.board, chosen=())
    freed = _intelligence(t, orders)
    _choices_made(t, orders)
    clarified = state.board.pending is not None and state.board.pending.event == "situation clarifies"
    for fleet in t.fleets():
        plot = orders.get(fleet.seat, {}).get("fleets", {}).get(fleet.id)
        if fleet.returning:
            t.put(evolve(fleet, path=() if fleet.held else _homeward(t, fleet)))
        elif fleet.id == freed and clarified:  # this turn's plot stands; the later ones are new
            ahead = tuple(tuple(p) for p in plot["ahead"]) if plot else ()
            t.put(evolve(fleet, path=() if fleet.held else fleet.ahead[0], ahead=ahead, must_plot=1))
        elif fleet.ahead and fleet.id != freed:
            t.put(evolve(fleet, path=() if fleet.held else fleet.ahead[0], ahead=fleet.ahead[1:]))
        elif plot is None:  # it stays; bound to plot three turns, it stays three
            t.put(evolve(fleet, path=(), ahead=((),) * (fleet.must_plot - 1) if fleet.id != freed else (), must_plot=1))
        else:
            t.put(evolve(fleet, mission=plot["mission"], path=() if fleet.held else tuple(plot["path"]),
                         tactics=plot.get("tactics"), ahead=tuple(tuple(p) for p in plot.get("ahead", ())), must_plot=1,
                         escorting=plot.get("escort"), mines_at=plot.get("mines_at")))
    for fleet in t.fleets():  # an escort sails its charge's plot, as far as its own speed goes
        charge = t.board.fleet(fleet.escorting) if fleet.escorting and not fleet.returning else None
        if charge is not None and charge.zone == fleet.zone:
            t.put(evolve(fleet, path=() if fleet.held else charge.path[:reach(t.board, fleet, scenario)]))
    return t.done()


def _homeward(t: Turn, fleet) -> tuple[str, ...]:
    """The rules steer a returning fleet to its nearest base, as fast as it goes."""
    goal = t.nearest_base(fleet)
    first = t.step_towards(fleet.zone, goal)
    if first == fleet.zone:
        return ()
    if reach(t.board, fleet, t.s) == 2 and first != goal:
        return first, t.step_towards(first, goal)
    return (first,)


def ahead_from_here(t: Turn, fleet: Fleet) -> tuple[tuple[str, ...], ...]:
    """The fleet's plots ahead as it can sail them from where it is (contact may have stopped it
    short of a plot, Danger Ahead! held it a turn, damage or empty bunkers cut its reach): each
    plot as made while it leads on from where the one before ends, cut to the fleet's reach;
    otherwise the shortest way towards the zone it ends in, as far as the fleet goes. A fleet
    the rules steer home has none."""
    if fleet.returning:
        return ()
    here, most, plots = fleet.zone, reach(t.board, fleet, t.s), []
    for plot in fleet.ahead:
        plots.append(_sailable(t, here, plot, most))
        here = plots[-1][-1] if plots[-1] else here
    return tuple(plots)


def _sailable(t: Turn, here: str, plot: tuple[str, ...], most: int) -> tuple[str, ...]:
    if all(b in t.s.zones[a].adjacent for a, b in zip((here, *plot), plot)):
        return plot[:most]
    way: list[str] = []
    while len(way) < most and here != plot[-1]:
        here = t.step_towards(here, plot[-1])
        way.append(here)
    return tuple(way)


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
    why = f"named by {t.seat_title(seat)}" if seat else "none was named, so the rules chose the first by id"
    t.news(pending.side, f"{pending.event.capitalize()}: {fleet.name} takes the report ({why}).", freed)
    for other, fleet_id in named[1:]:
        t.news(pending.side, f"{t.seat_title(other)} named {t.board.fleet(fleet_id).name} too, but {t.seat_title(seat)}'s choice stands "
               "(the senior seat's); it sails on its plots.", fleet_id)
    t.board = evolve(t.board, chosen=(*t.board.chosen, f"{t.title(pending.side)}, {pending.event}: {fleet.name} ({why})"))
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
                sought = t.board.fleet(tracks[track])
                chosen.append(f"{t.seat_title(seat)}: seaplanes from {t.s.zones[base].name} seek track {track} "
                              f"({sought.name if sought else 'a fleet since sunk'})")
        for name, wish in sorted(order.get("repair", {}).items()):
            t.set_ship(evolve(t.board.ships[name], repair=wish))
            chosen.append(f"{t.seat_title(seat)}: {name} to have {'a box' if wish == 'box' else 'her speed'} mended first")
    t.board = evolve(t.board, aimed=aimed, chosen=tuple(chosen))


# -- the move phase: reports of plots, movement, fuel, mines, raiders placed ------------------

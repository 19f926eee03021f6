"""What each seat is sent: its side's fleets, its own reports and news with their dates, the
choices the rules leave to it now, and its chart."""

from __future__ import annotations

from typing import Any

import attrs

from fogbank.rules.core import GameState
from fogbank.rules.core.copies import evolve
from fogbank.rules.core.plain import to_plain

from .board import Board, Intel, density, zones_per_turn, fuel_left
from .scenario import Scenario
from .turn import is_day, seaplane_bases, seaplane_reach
from .upkeep import repair_wanted

RULE = {  # each choice's rule in one sentence, for the seat that makes it
    "this just in": "This Just In: a good intelligence report lets one of these raid or intercept fleets "
                    "change all its orders now, this turn's plot included.",
    "situation clarifies": "Situation Clarifies: a late intelligence report lets one of these raid or intercept "
                           "fleets keep this turn's plot but erase the next and plot the next two turns afresh.",
    "seaplanes": "Seaplane attack (rule 2): by day each base's seaplanes attack one enemy fleet within {reach} "
                 "zones that your side has a report of this turn; a 6 finds a ship, a second 6 hits it.",
    "repair": "Port repair (rule 9): each turn in a major port a 1-2 mends one box (the hull's before the "
              "guns') or restores one level of speed, whichever you choose.",
}


def _fleet(board: Board, scenario: Scenario, fleet) -> dict[str, Any]:
    return {
        "id": fleet.id, "name": fleet.name, "seat": fleet.seat, "zone": fleet.zone, "mission": fleet.mission,
        "leader": fleet.leader, "path": list(fleet.path), "ahead": [list(p) for p in fleet.ahead],
        "must_plot": fleet.must_plot, "held": fleet.held, "returning": fleet.returning,
        "zones_per_turn": zones_per_turn(board, fleet, scenario), "fuel": fuel_left(board, fleet, scenario),
        "escorting": fleet.escorting, "mines_at": fleet.mines_at,
        "zones_since_fuel": fleet.zones_since_fuel, "loaded": fleet.loaded, "tactics": dict(fleet.tactics or {}),
        "ships": [
            {"name": n, "kind": scenario.ships[n].kind, "guns": list(scenario.ships[n].guns),
             "guns_left": list(board.ships[n].guns(scenario.ships[n])),
             "hull": scenario.ships[n].hull, "hits": board.ships[n].hits,
             "speed": board.ships[n].speed(scenario.ships[n]),
             "fuel": scenario.ships[n].fuel - board.ships[n].fuel_used,
             "mines": 0 if board.ships[n].mines_laid else scenario.ships[n].mines}
            for n in fleet.ships
        ],
    }


def _outcome(state: GameState):
    o = state.outcome
    return None if o is None else {"results": dict(o.results), "reason": o.reason}


def seat_view(state: GameState, scenario: Scenario, seat: str, since: int | None) -> dict[str, Any]:
    board: Board = state.board
    side = scenario.side_of(seat)
    intel: Intel = state.knowledge[seat]
    first = state.turn - 1 if since is None else since
    return {
        "turn": state.turn, "phase": state.phase, "day": is_day(state.turn), "seat": seat, "side": side,
        "fleets": [_fleet(board, scenario, f) for f in board.fleets if f.side == side],
        "minefields": {
            "own": {z: n for (z, s), n in sorted(board.minefields.items()) if s == side},
            "enemy": dict(sorted(intel.minefields.items())),
        },
        "tracks": to_plain(intel.plot.tracks),
        "reports": [
            {**to_plain(r), "age": state.turn - r.turn} for r in intel.reports if r.turn >= first
        ],
        "news": [{**to_plain(n), "age": state.turn - n.turn} for n in intel.news if n.turn >= first],
        "choices": _choices(state, scenario, seat) if state.phase == "orders" else [],
        "battles": [to_plain(b) for b in intel.battles if b["turn"] >= first],
        "outcome": _outcome(state),
    }


def _choices(state: GameState, scenario: Scenario, seat: str) -> list[dict[str, Any]]:
    """What the rules leave to this seat in the orders phase: only its own side's, each with its
    rule, the options and what the rules do if it names none (`standing`)."""
    board: Board = state.board
    side = scenario.side_of(seat)
    out: list[dict[str, Any]] = []
    pending = board.pending
    if pending is not None and pending.side == side:
        fleets = [board.fleet(f) for f in pending.fleets]
        out.append({
            "kind": "intelligence", "event": pending.event, "rule": RULE[pending.event], "standing": fleets[0].id,
            "fleets": [{"id": f.id, "name": f.name, "seat": f.seat, "zone": f.zone, "mission": f.mission,
                        "ahead": [list(p) for p in f.ahead], "zones_per_turn": zones_per_turn(board, f, scenario)}
                       for f in fleets],
        })
    if is_day(state.turn):
        latest = {r.track: r for r in state.knowledge[seat].reports if r.track is not None}
        for base in seaplane_bases(scenario, side):
            reach = seaplane_reach(base)
            near = sorted(n for n, r in latest.items() if scenario.distances[base.id][r.zone] <= reach)
            out.append({"kind": "seaplanes", "base": base.id, "name": base.name, "reach": reach,
                        "rule": RULE["seaplanes"].format(reach=reach), "tracks": near,
                        "standing": "the first reported fleet in reach, by the rules' order"})
    for fleet in board.fleets:
        zone = scenario.zones[fleet.zone]
        if fleet.seat != seat or zone.base != "major" or zone.side != side:
            continue
        for name in fleet.ships:
            ship = board.ships[name]
            if ship.boxes_lost or ship.speed_lost:
                out.append({"kind": "repair", "ship": name, "fleet": fleet.id, "port": zone.name, "rule": RULE["repair"],
                            "options": ["box", "speed"], "chosen": ship.repair,
                            "standing": repair_wanted(evolve(ship, repair=None)),
                            "hits": ship.hits, "guns_lost": list(ship.guns_lost), "speed_lost": ship.speed_lost})
    return out


def umpire_view(state: GameState, scenario: Scenario) -> dict[str, Any]:
    board: Board = state.board
    return {
        "turn": state.turn, "phase": state.phase, "day": is_day(state.turn), "event": board.event,
        "fleets": [{**_fleet(board, scenario, f), "side": f.side, "passed": list(f.passed), "reveal": f.reveal}
                   for f in board.fleets],
        "minefields": [{"zone": z, "side": s, "fields": n, "words": density(n)} for (z, s), n in sorted(board.minefields.items())],
        "batteries": dict(board.batteries),
        "points": dict(board.points),
        "pending": None if board.pending is None else {
            "event": board.pending.event, "side": board.pending.side, "fleets": list(board.pending.fleets),
            "standing": board.pending.fleets[0]},
        "aimed": dict(board.aimed),
        "repair": {n: s.repair for n, s in sorted(board.ships.items()) if s.repair},
        "chosen": list(board.chosen),
        "sunk": sorted(n for n, ship in board.ships.items() if ship.sunk(scenario.ships[n])),
        "battles": [to_plain(b) for b in board.battles if b["turn"] >= state.turn - 1],
        "handed": [to_plain(e) for e in (board.waiting.engagements if board.waiting else ())],
        "outcome": _outcome(state),
    }


def chart_view(scenario: Scenario, side: str | None = None) -> dict[str, Any]:
    """The map every seat plays on: zones, bases and borders, and the ships of both navies as
    the year's naval annuals listed them (class, guns, hull, speed), never where they are; and
    the names of its own side's fleets as they sailed at the start (every side's for the umpire),
    so that an order is told in words after its fleet is gone."""
    navy = {n: scenario.side_of(f.seat) for f in scenario.fleets for n in f.ships}
    return {
        "scenario": scenario.id, "title": scenario.title, "turns": scenario.turns,
        "straits": list(scenario.straits),
        "sides": {s: dict(v) for s, v in scenario.sides.items()},
        "zones": {z.id: {**attrs.asdict(z), "adjacent": list(z.adjacent)} for z in scenario.zones.values()},
        "ships": {n: {"side": navy[n], "kind": c.kind, "guns": list(c.guns), "hull": c.hull, "speed": c.speed}
                  for n, c in sorted(scenario.ships.items())},
        "fleets": {f.id: f.name for f in scenario.fleets if side is None or scenario.side_of(f.seat) == side},
    }

"""What each seat is sent: its side's fleets, its own reports with their dates, and its chart."""

from __future__ import annotations

from typing import Any

import attrs

from fogbank.rules.core import GameState
from fogbank.rules.core.plain import to_plain

from .board import Board, Intel, density, fleet_speed, fuel_left
from .sea import Scenario
from .turn import is_day


def _fleet(board: Board, scenario: Scenario, fleet) -> dict[str, Any]:
    return {
        "id": fleet.id, "name": fleet.name, "seat": fleet.seat, "zone": fleet.zone, "mission": fleet.mission,
        "leader": fleet.leader, "path": list(fleet.path), "ahead": [list(p) for p in fleet.ahead],
        "must_plot": fleet.must_plot, "held": fleet.held, "returning": fleet.returning,
        "speed": fleet_speed(board, fleet, scenario), "fuel": fuel_left(board, fleet, scenario),
        "zones_since_fuel": fleet.zones_since_fuel, "loaded": fleet.loaded,
        "ships": [
            {"name": n, "kind": scenario.ships[n].kind, "guns": list(scenario.ships[n].guns),
             "hull": scenario.ships[n].hull, "hits": board.ships[n].hits,
             "speed": board.ships[n].speed(scenario.ships[n]),
             "fuel": scenario.ships[n].fuel - board.ships[n].fuel_used}
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
        "outcome": _outcome(state),
    }


def umpire_view(state: GameState, scenario: Scenario) -> dict[str, Any]:
    board: Board = state.board
    return {
        "turn": state.turn, "phase": state.phase, "day": is_day(state.turn), "event": board.event,
        "fleets": [{**_fleet(board, scenario, f), "side": f.side, "passed": list(f.passed), "reveal": f.reveal}
                   for f in board.fleets],
        "minefields": [{"zone": z, "side": s, "fields": n, "words": density(n)} for (z, s), n in sorted(board.minefields.items())],
        "batteries": dict(board.batteries),
        "points": dict(board.points),
        "sunk": sorted(n for n, ship in board.ships.items() if ship.sunk(scenario.ships[n])),
        "battles": [to_plain(e) for e in (board.waiting.engagements if board.waiting else ())],
        "outcome": _outcome(state),
    }


def chart_view(scenario: Scenario) -> dict[str, Any]:
    """The map every seat plays on: zones, bases and borders (nothing of the enemy)."""
    return {
        "scenario": scenario.id, "title": scenario.title, "turns": scenario.turns,
        "straits": list(scenario.straits),
        "sides": {s: dict(v) for s, v in scenario.sides.items()},
        "zones": {z.id: {**attrs.asdict(z), "adjacent": list(z.adjacent)} for z in scenario.zones.values()},
    }

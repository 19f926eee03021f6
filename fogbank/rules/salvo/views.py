"""What each seat may know (its own ships, its picture, its reports), and the umpire's truth."""

from __future__ import annotations

from typing import Any

from fogbank.rules.core import GameState

from . import checks, hexes, movement, sensing
from .board import Board, SeatLog
from .scenario import Scenario
from .tables import RADARS, SEARCH_RADARS
from .units import FORT, Unit

MARKS = {  # 12.5's special damage biting this turn, as the ship's own crew would say it
    "engineering": "no power (engineering hit): no radar, guns, torpedoes, starshells or searchlight this turn",
    "rudder": "rudder jammed: she holds course and speed this turn",
    "bridge": "bridge hit: her crew fights a level worse this turn",
    "deck": "deck fire: easier to hit at night this turn",
}


def unit_view(unit: Unit, board: Board, turn: int = 0) -> dict[str, Any]:
    return {
        "id": unit.id, "name": unit.name, "type": unit.type, "kind": unit.kind, "seat": unit.seat,
        "hex": hexes.number(unit.hex), "facing": None if unit.kind == FORT else unit.facing, "speed": unit.speed,
        "max_speed": unit.current_max_speed, "attack": unit.current_attack, "attack_factor": unit.attack,
        "secondary": unit.current_secondary,
        "defence": unit.defence, "range": unit.range, "torpedoes": unit.torpedoes, "torpedo_range": unit.torpedo_range,
        "salvoes": unit.salvoes, "radar": unit.radar if unit.has_radar else None,
        "radar_range": board.radar_range.get(unit.id) if unit.has_radar else None,
        "search": unit.search if unit.has_search else None, "radar_words": radar_words(unit, board),
        "radar_kit": radar_kit(unit, board),
        "starshells": unit.starshells, "searchlight": unit.searchlight, "crew": unit.crew, "flagship": unit.flagship,
        "w": unit.w, "s": unit.s, "fresh_w": unit.fresh_w, "fresh_s": unit.fresh_s,
        "sunk": unit.sunk, "exited": unit.exited, "turned": unit.turned,
        "hurt_now": [words for mark, words in MARKS.items() if board.marked(mark, unit.id, turn)],
        # What its path may hold this turn, for a page to measure a path by as it is plotted.
        "limits": movement.limits(unit, board.effects.get(unit.side, frozenset())) if unit.moves else None,
    }


def radar_kit(unit: Unit, board: Board) -> list[str]:
    """A ship's radar sets by name, as the ships table lists them (radar_words tells what they do)."""
    kit = []
    if unit.has_radar:
        reach = board.radar_range.get(unit.id, RADARS[unit.radar].detection)
        kit.append(f"{RADARS[unit.radar].name.replace('_', ' ').title()} radar ({reach} hexes)")
    if unit.has_search:
        kit.append(SEARCH_RADARS[unit.search].title)
    return kit


def radar_words(unit: Unit, board: Board) -> list[str]:
    """What a ship's radar sets do, in words: each set's reach, and this turn's where 12.13 cuts it."""
    words = []
    if unit.has_radar:
        set_ = RADARS[unit.radar]
        cut = board.radar_range.get(unit.id)
        today = f"; this turn it reaches {cut} hexes (the islands' clutter)" if cut is not None else ""
        if set_.quality == "axis_low":
            guns = f"guns by radar to {set_.gun} hexes at -3"
        else:
            guns = f"guns by radar to {set_.gun} hexes ({'-2' if set_.quality == 'advanced' else '-3'} beyond {set_.spotting})"
        words.append(f"{set_.name.replace('_', ' ').title()} fire control: detects {set_.detection} hexes, {guns}{today}")
    if unit.has_search:
        words.append(f"{SEARCH_RADARS[unit.search].title}: detects {SEARCH_RADARS[unit.search].detection} hexes (not its guns)")
    return words


def _common(state: GameState, scenario: Scenario) -> dict[str, Any]:
    board: Board = state.board
    outcome = state.outcome
    return {
        "turn": state.turn, "phase": state.phase, "scenario": scenario.id,
        "fog": state.options.get("fog", scenario.fog), "night": scenario.night, "wind": scenario.wind,
        "visibility": board.visibility,
        "smoke": sorted(hexes.number(h) for h in board.smoke),
        "starshells": sorted({hexes.number(h) for _, h in board.starshells}),
        "outcome": None if outcome is None else {"results": dict(outcome.results), "reason": outcome.reason},
    }


def seat_view(state: GameState, scenario: Scenario, seat: str, since: int | None) -> dict[str, Any]:
    board: Board = state.board
    log: SeatLog = state.knowledge[seat]
    side = scenario.seat(seat).side
    since = state.turn - 1 if since is None else since
    shared = scenario.shared_plot[side]
    struck = {r.facts["hex"] for r in log.reports if r.kind == "mine_struck" and "hex" in r.facts}  # found the hard way
    view = {
        **_common(state, scenario),
        "seat": seat, "side": side, "side_title": scenario.side_titles[side],
        # The night's sighting phase in which this side declares its lights (12.4's Phase One).
        "declares": ("sight_first" if side == scenario.disadvantaged else "sight_second") if scenario.night else None,
        "mines_to_lay": scenario.seat(seat).mines if state.turn == 1 and state.phase == "sight_first" and not log.mines else 0,
        "effects": sorted(board.effects.get(side, ())),
        "ships": [unit_view(u, board, state.turn) for u in board.units if u.seat == seat],
        "friends": [unit_view(u, board, state.turn) for u in board.units if shared and u.side == side and u.seat != seat],
        "contacts": [dict(c) for c in log.contacts],
        "minefields": sorted({*map(hexes.number, scenario.minefields), *log.mines, *struck}),
        "mines_struck": sorted(struck),
        "exits": sum(1 for uid in board.exits if scenario.victory.counts(board.unit(uid)))
        if scenario.victory.kind == "exit" and side == scenario.victory.side else None,
        "reports": [{"turn": r.turn, "phase": r.phase, "kind": r.kind, "text": r.text, "facts": dict(r.facts)}
                    for r in log.reports if r.turn >= since],
    }
    if state.phase == "gunfire":  # what each ship may fire, and where 12.41 blocks its line, from this view alone
        for ship in view["ships"]:
            if not ship["sunk"] and not ship["exited"]:
                ship["batteries"] = checks.batteries(ship)
                ship["reaches"] = checks.reaches(ship)
                ship["lines_blocked"] = checks.lines_blocked(view, ship)
    return view


def umpire_view(state: GameState, scenario: Scenario) -> dict[str, Any]:
    board: Board = state.board
    return {
        **_common(state, scenario),
        "max_visibility": board.max_visibility,
        "event": board.event,
        "effects": {side: sorted(e) for side, e in sorted(board.effects.items())},
        "units": [{**unit_view(u, board, state.turn), "side": u.side, "dummy": u.kind == "dummy"} for u in board.units],
        "minefields": {"fixed": sorted(map(hexes.number, scenario.minefields)),
                       "secret": sorted(map(hexes.number, board.secret_mines))},
        "searchlights": [{"unit": u, "target": t} for u, t in board.searchlights],
        "starshell_bursts": [{"unit": u, "hex": hexes.number(h)} for u, h in board.starshells],
        "radar": [{"unit": u.id, "hex": hexes.number(u.hex), "range": sensing.radar_reach(board, u, state.turn)}
                  for u in board.units if u.afloat and u.has_radar],
        "labels": {who: dict(sorted(found.items())) for who, found in sorted(board.labels.items())},
        "detected": {who: sorted(found) for who, found in sorted(board.detected.items())},
        "shots": [{"firer": s.firer, "target": s.target, "battery": s.battery, "from": s.origin, "to": s.to,
                   "outcome": s.outcome} for s in board.shots],
        "marks": sorted([{"mark": m, "unit": u, "turn": t} for m, u, t in board.marks], key=lambda m: (m["turn"], m["unit"], m["mark"])),
        "exits": list(board.exits),
        "points": dict(sorted(board.points.items())),
    }


def chart_view(scenario: Scenario) -> dict[str, Any]:
    m = scenario.map
    # A fort's hex is land to every page (the forts are listed with their hexes below).
    rows = ["".join(m.terrain[hexes.from_offset(c, r)] for c in range(1, m.columns + 1)).replace("M", "#").replace("m", "#")
            for r in range(1, m.rows + 1)]
    return {
        "name": m.name, "columns": m.columns, "rows": m.rows, "terrain": rows,
        "places": [dict(p) for p in m.places],
        "forts": [{"id": u.id, "name": u.name, "hex": hexes.number(u.hex), "type": u.type, "attack": u.attack,
                   "defence": u.defence, "range": u.range} for u in scenario.units if u.kind == FORT],
        "minefields": sorted(map(hexes.number, scenario.minefields)),
        "exit_hexes": [hexes.number(h) for h in scenario.victory.hexes],
        "exit_side": scenario.victory.side or None,
        # The shore target a side may shell for points, where the scenario has one.
        "bombardment": _bombardment(scenario),
        # What a facing letter means (a ship's course, as the rules letter the hexsides).
        "facings": dict(hexes.FACING_WORDS),
        # What a side's new dummies may do, and how far a starshell bursts and a searchlight reaches.
        "dummies_per_turn": movement.DUMMIES_PER_TURN, "dummy_limits": movement.dummy_limits(),
        "starshell_range": sensing.STARSHELL_RANGE, "searchlight_range": sensing.SEARCHLIGHT_RANGE,
    }


def _bombardment(scenario: Scenario) -> dict[str, Any] | None:
    shelling = scenario.victory.bombardment
    if shelling is None:
        return None
    return {"target": shelling.target, "side": shelling.side, "side_title": scenario.side_titles[shelling.side], "points": shelling.points,
            "hexes": sorted(map(hexes.number, shelling.hexes)), "most_speed": shelling.most_speed}

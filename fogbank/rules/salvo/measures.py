"""What the arena counts of a Salvo game: the rules the scenario offers its players, each use of
them read from the log's input records (so saved logs can be counted again), and the score."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from fogbank.rules.core import GameState, Tally

from .scenario import Scenario, for_game
from .units import CAPITAL, FORT, SCREEN

# The secret mines' places, as the arena tells them apart: where a clever minelayer might put them.
MINE_PLACES = {
    "mines_exits": ("secret mines on an exit hex", {"2201", "2301"}),
    "mines_kephez": ("secret mines in the gaps of the Kephez fields", {"2103", "2303", "2305", "2006"}),
    "mines_bay": ("secret mines elsewhere (the water below the Narrows, the channel, Eren Keui Bay)", None),
}


def rules_offered(scenario: Scenario, options: Mapping[str, Any]) -> dict[str, str]:
    offered = {"smoke": "smoke cards shown"}
    units = scenario.units
    if scenario.dummies:
        offered["dummies"] = "dummies placed"
    if scenario.night and any(u.starshells for u in units):
        offered["starshells"] = "starshells fired"
    if scenario.night and any(u.searchlight for u in units):
        offered["searchlights"] = "searchlights turned on"
    if any(u.torpedoes for u in units):
        offered["torpedoes"] = "torpedo salvoes ordered"
    if scenario.zeppelins and options.get("zeppelins", scenario.zeppelins_default):
        offered["zeppelin_attacks"] = "zeppelin attacks ordered"
    if any(u.kind == FORT for u in units) and any(scenario.map.straits(h) for h in scenario.map.terrain):
        offered["indirect"] = "fire across the peninsula with a spotter"
    if any(s.mines for s in scenario.seats):
        offered.update({key: words for key, (words, _) in MINE_PLACES.items()})
    return offered


def rules_used(record: Mapping[str, Any]) -> Iterable[str]:
    """One key per use: per ship making smoke, dummy placed, starshell, beam, torpedo salvo, zeppelin
    attack, shot across the peninsula, secret mine by place."""
    if record.get("type") != "input" or record.get("input") != "order":
        return ()
    order = record.get("order") or {}
    used: list[str] = []
    used += ["smoke"] * len(order.get("smoke") or ())
    used += ["dummies"] * len(order.get("dummies") or ())
    used += ["starshells"] * len(order.get("starshells") or {})
    used += ["searchlights"] * len(order.get("searchlights") or {})
    used += ["zeppelin_attacks"] * len(order.get("attacks") or {})
    for fire in (order.get("fire") or {}).values():
        if isinstance(fire, Mapping):
            used += ["torpedoes"] * ("torpedo" in fire) + ["indirect"] * ("spotter" in fire)
    for hex_ in order.get("mines") or ():
        used.append(next((key for key, (_, place) in MINE_PLACES.items() if place and hex_ in place), "mines_bay"))
    return used


def tally(state: GameState) -> Tally:
    """Points: victory points, or, where ships must break through, the ships through that count
    (and the ships the defender sank); lost: ships (and forts) destroyed, per side."""
    scenario = for_game(state.scenario, state.options)
    board = state.board
    lost = {side: sum(1 for u in board.units if u.side == side and (u.sunk or (u.kind == FORT and u.w >= 3))
                      and u.kind in (CAPITAL, SCREEN, FORT)) for side in scenario.sides}
    victory = scenario.victory
    if victory.kind == "exit":
        through = sum(1 for uid in board.exits if victory.counts(board.unit(uid)))
        points = {side: float(through if side == victory.side else lost[victory.side]) for side in scenario.sides}
    else:
        points = {side: float(board.points.get(side, 0)) for side in scenario.sides}
    return Tally(points=points, lost=lost)

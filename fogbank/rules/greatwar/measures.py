"""What the arena counts of a Great War game: the rules the players use, read from the log, and
the score (victory points, ships lost) from the truth.

A rule is counted where the log shows it carried out, not merely ordered: a raid's search for
shipping, a bombardment, fields laid, coal delivered (each a tagged piece of news), an escort
plotted, a fleet keeping off or breaking off, smoke and torpedoes in a battle on the board (the
umpire's record of it), a ship's port repair chosen. Battles handed to the hex game are fought
there, so the board's tactics are offered only with battles=board.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from fogbank.rules.core import GameState, Tally

from .scenario import Scenario

SORTIES = {
    "raid": "raids on enemy shipping",
    "bombard": "bases bombarded",
    "escort": "escorts sailed",
    "transport": "coal delivered",
    "lay_mines": "minefields laid",
    "repair": "port repairs chosen",
}
TACTICS = {
    "keep_off": "fleets keeping off in battle",
    "break_off": "battles broken off",
    "smoke": "smoke laid in battle",
    "torpedoes": "torpedo attacks",
}
NEWS = frozenset({"raid", "bombard", "lay_mines", "transport"})


def rules_offered(options: Mapping[str, Any]) -> dict[str, str]:
    return {**SORTIES, **(TACTICS if options.get("battles", "board") == "board" else {})}


def rules_used(record: Mapping[str, Any]) -> Iterable[str]:
    if record.get("type") == "input" and record.get("input") == "order":
        return _ordered(record.get("order") or {})
    if record.get("type") != "event":
        return ()
    if record.get("kind") == "news" and record.get("rule") in NEWS:
        return (record["rule"],)
    if record.get("kind") == "battle" and record.get("audience") == ["umpire"]:
        return _fought(record.get("report") or {})
    if record.get("kind") == "news" and "Yavuz Sultan Selim" in record.get("text", "") and " is sunk " in record.get("text", ""):
        return ("Goeben sunk",)  # a detail, not a rule: how often Souchon's flagship is lost
    return ()


def _ordered(order: Mapping[str, Any]) -> list[str]:
    used = []
    for plot in (order.get("fleets") or {}).values():
        if not isinstance(plot, Mapping):
            continue
        if plot.get("mission") == "escort" and plot.get("escort"):
            used.append("escort")
    if order.get("repair"):
        used.append("repair")
    return used


def _fought(report: Mapping[str, Any]) -> list[str]:
    """One battle on the board as the umpire's record has it: each tactic once a battle."""
    lines = [line for step in report.get("steps", ()) for line in step.get("lines", ())]
    used = []
    if report.get("broke_off"):
        used.append("break_off")
    if any("lays smoke" in line for line in lines):
        used.append("smoke")
    if any("fires torpedoes" in line for line in lines):
        used.append("torpedoes")
    if report.get("kept_off"):
        used.append("keep_off")
    return used


def tally(state: GameState, scenario: Scenario) -> Tally:
    board = state.board
    lost = {side: 0 for side in scenario.sides}
    for name, ship in board.ships.items():
        if ship.sunk(scenario.ships[name]):
            lost[ship.side] += 1
    return Tally(points={side: float(v) for side, v in board.points.items()}, lost=lost)

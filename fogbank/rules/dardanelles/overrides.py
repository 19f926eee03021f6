"""The umpire's overrides: change the truth, for a reason that goes in the record."""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from fogbank.rules.core import GameState, OverrideApplied, Refused, Resolution, fields
from fogbank.rules.core.copies import evolve

from .board import Board, BoatLog
from .chart import parse_square, square_name
from .events import SUBMARINE
from .scenario import Scenario
from .units import (
    AIR_FULL,
    AIR_PER_SURFACED_HOUR,
    BATTERY_FULL,
    BATTERY_PER_SURFACED_HOUR,
    Boat,
    Level,
    Vessel,
    VesselType,
)

KINDS = ("move_boat", "set_air", "set_battery", "set_level", "set_torpedoes", "remove_vessel", "add_vessel")
WHOLE = ("value", "number", "loaded", "spare")
TEXT = ("square", "vessel_type", "name", "level")


@attrs.frozen(kw_only=True)
class Override:
    kind: str
    square: str | None = None
    value: int | None = None
    number: int | None = None
    vessel_type: str | None = None
    name: str | None = None
    level: str | None = None
    loaded: int | None = None  # torpedoes in the tubes
    spare: int | None = None  # reloads carried


def parse_override(payload: Mapping[str, Any]) -> Override:
    kind = payload.get("kind") if isinstance(payload, Mapping) else None
    if not fields.one_of(kind, KINDS):
        raise Refused("unknown_override", f"Overrides are one of: {', '.join(KINDS)}.")
    given = {k: payload.get(k) for k in (*WHOLE, *TEXT)}
    for key in WHOLE:
        if given[key] is not None:
            fields.whole(given[key], "bad_override", f"{key!r} must be a whole number.")
    for key in TEXT:
        if given[key] is not None:
            fields.text(given[key], "bad_override", f"{key!r} must be text.")
    return Override(kind=kind, **given)


def apply_override(state: GameState, scenario: Scenario, override: Override, reason: str) -> Resolution:
    board: Board = state.board
    log: BoatLog = state.knowledge[SUBMARINE]
    boat = board.boat
    match override.kind:
        case "move_boat":
            square = _sea_square(scenario, override.square)
            board = evolve(board, boat=evolve(boat, square=square))
            what = f"boat moved from {square_name(boat.square)} to {square_name(square)}"
        case "set_air":
            value = _within(override.value, 0, AIR_FULL, "air")
            board = evolve(board, boat=evolve(boat, air=value))
            log = evolve(log, air=value)  # the crew reads its own gauges
            what = f"air set from {boat.air} to {value}" + _charging(boat, "air", AIR_PER_SURFACED_HOUR, AIR_FULL)
        case "set_battery":
            value = _within(override.value, 0, BATTERY_FULL, "battery")
            board = evolve(board, boat=evolve(boat, battery=value))
            log = evolve(log, battery=value)
            what = f"battery set from {boat.battery} to {value}" + _charging(
                boat, "battery", BATTERY_PER_SURFACED_HOUR, BATTERY_FULL
            )
        case "set_level":
            level = _level(override.level)
            if not boat.afloat:
                raise Refused("boat_lost", "The boat is lost: she has no level to set.")
            board = evolve(board, boat=evolve(boat, level=level))
            log = evolve(log, level=level)  # the crew knows how deep they are
            what = f"level set from {boat.level.value} to {level.value}"
        case "set_torpedoes":
            if override.loaded is None and override.spare is None:
                raise Refused("bad_override", "Set the torpedoes loaded, spare, or both.")
            loaded = boat.loaded if override.loaded is None else _within(override.loaded, 0, boat.tubes, "loaded")
            spare = boat.spare if override.spare is None else _within(override.spare, 0, scenario.boat.spare, "spare")
            # A reload under way goes on unless nothing is left to reload (the tubes full, or no spare).
            progress = boat.reload_progress if loaded < boat.tubes and spare > 0 else 0
            torpedoes = {"loaded": loaded, "spare": spare, "reload_progress": progress}
            board = evolve(board, boat=evolve(boat, **torpedoes))
            log = evolve(log, **torpedoes)  # the crew counts its own torpedoes
            what = f"torpedoes set from {boat.loaded} loaded, {boat.spare} spare to {loaded} loaded, {spare} spare"
        case "remove_vessel":
            vessel = board.vessel(override.number) if override.number is not None else None
            if vessel is None:
                raise Refused("unknown_vessel", f"There is no vessel number {override.number}.")
            board = evolve(board, vessels=tuple(v for v in board.vessels if v.number != vessel.number))
            what = f"vessel {vessel.number} ({vessel.type.words}) removed from {square_name(vessel.square)}"
        case _:  # add_vessel
            number = override.number
            if number is None or board.vessel(number) is not None or number < 1:
                raise Refused("bad_vessel_number", "A new vessel needs a number not already in use.")
            try:
                vessel_type = VesselType(override.vessel_type)
            except ValueError:
                raise Refused(
                    "bad_vessel_type", f"A vessel is one of: {', '.join(t.value for t in VesselType)}."
                ) from None
            square = _sea_square(scenario, override.square)
            vessel = Vessel(number=number, type=vessel_type, name=override.name, square=square)
            board = evolve(
                board, vessels=tuple(sorted((*board.vessels, vessel), key=lambda v: v.number))
            )
            what = f"vessel {number} ({vessel_type.words}) added at {square_name(square)}"
    event = OverrideApplied(turn=state.turn, what=what, reason=reason)
    state = evolve(state, board=board, knowledge={**state.knowledge, SUBMARINE: log})
    return Resolution(state, (event,))


def _charging(boat: Boat, gauge: str, per_hour: int, full: int) -> str:
    """The words that warn the umpire of the hour's charge: a surfaced boat that stays up gets
    `per_hour` more when the turn resolves, which undoes some or all of a value set now."""
    if boat.level is not Level.SURFACE or not boat.afloat:
        return ""
    return (
        f"; she is on the surface, so if she ends the hour there the charge adds {per_hour} {gauge} "
        f"(up to {full}) when the turn resolves: set it after the turn, or once she has dived, for it to hold"
    )


def _sea_square(scenario: Scenario, name: str | None):
    try:
        square = parse_square(name or "")
    except ValueError as error:
        raise Refused("bad_square", str(error)) from None
    if square not in scenario.chart.sea:
        raise Refused("not_sea", f"{square_name(square)} is not a sea square on the map.")
    return square


def _level(name: str | None) -> Level:
    try:
        return Level(name)
    except ValueError:
        raise Refused("bad_level", f"A level is one of: {', '.join(level.value for level in Level)}.") from None


def _within(value: int | None, low: int, high: int, what: str) -> int:
    if value is None or not low <= value <= high:
        raise Refused("out_of_range", f"The {what} must be from {low} to {high}.")
    return value

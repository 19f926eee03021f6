"""Plots: a seat's orders for its fleets, read from the wire and checked against what it knows;
and the choices the rules leave to the player (docs/payloads.md): the fleet a good intelligence
report reaches, each base's seaplane target, each ship's wish for port repair."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fogbank.rules.core import GameState, Refused, fields

from .board import Board, Fleet, reach
from .scenario import MISSIONS, Scenario
from .turn import seaplane_bases
from .tactical.areas import OUTGUNNED, POSTURES, TARGETS

NEEDS = {"transport": "AP", "lay mines": "ML"}
ESCORTED = ("transport", "lay mines", "bombard")  # the missions an escort may guard
TACTICS = {
    "posture": lambda v: fields.one_of(v, POSTURES),
    "smoke": lambda v: type(v) is bool,
    "break_off": lambda v: v == OUTGUNNED or (type(v) in (int, float) and 0 <= v <= 1),
    "torpedoes": lambda v: type(v) is bool,
    "target": lambda v: fields.one_of(v, TARGETS),
}


def parse_order(payload: Any) -> dict:
    bad = "An order is a map with 'fleets': fleet id to its plot."
    given = fields.keyed(payload, "bad_order", bad)
    fleets = {}
    for fleet_id, plot in fields.keyed(given.get("fleets", {}), "bad_order", bad).items():
        if not isinstance(plot, Mapping) or not fields.one_of(plot.get("mission"), MISSIONS):
            raise Refused("bad_mission", f"Fleet {fleet_id!r}: a plot names a mission, one of {', '.join(MISSIONS)}.")
        path = _zones(fleet_id, plot.get("path", []))
        later = f"Fleet {fleet_id!r}: 'ahead' is a list of later turns' paths."
        ahead = fields.listed(plot.get("ahead", []), "bad_path", later)
        fleets[fleet_id] = {"mission": plot["mission"], "path": path, "ahead": [_zones(fleet_id, p) for p in ahead],
                            **parse_tactics(fleet_id, plot.get("tactics")), **_named(fleet_id, plot)}
    return {"fleets": fleets, **_choices(given)}


def _choices(payload: Mapping) -> dict:
    """The optional choice fields, each left out when not given."""
    out: dict[str, Any] = {}
    if payload.get("intelligence") is not None:
        named = "'intelligence' names one fleet by its id."
        out["intelligence"] = fields.text(payload["intelligence"], "bad_choice", named)
    bad = "'seaplanes' maps a base's zone id to the number of a track you hold."
    seaplanes = fields.keyed(payload.get("seaplanes", {}), "bad_choice", bad)
    for track in seaplanes.values():
        fields.whole(track, "bad_choice", bad)
    if seaplanes:
        out["seaplanes"] = seaplanes
    bad = "'repair' maps a ship's name to \"box\" or \"speed\"."
    repair = fields.keyed(payload.get("repair", {}), "bad_choice", bad)
    for first in repair.values():
        fields.chosen(first, ("box", "speed"), "bad_choice", bad)
    if repair:
        out["repair"] = repair
    return out


def _named(fleet_id: str, plot: Mapping) -> dict:
    """A plot's `escort` (the fleet it escorts) and `mines_at` (the zone its fields go in), each
    left out when not given."""
    out = {}
    for key, what in (("escort", "the id of the fleet it escorts"), ("mines_at", "the id of the zone to mine")):
        if plot.get(key) is not None:
            code = "bad_path" if key == "mines_at" else "bad_escort"
            out[key] = fields.text(plot[key], code, f"Fleet {fleet_id!r}: {key!r} is {what}.")
    return out


def parse_tactics(fleet_id: str, given: Any) -> dict:
    """The optional `tactics` of a plot: how the fleet fights if it meets the enemy (tactical.areas.Tactics)."""
    if given is None:
        return {}
    tactics = fields.keyed(given, "bad_tactics", f"Fleet {fleet_id!r}: tactics is a map of {', '.join(TACTICS)}.")
    fields.only(tactics, TACTICS, "bad_tactics", f"Fleet {fleet_id!r}: tactics")
    for name, value in tactics.items():
        if not TACTICS[name](value):
            raise Refused("bad_tactics", f"Fleet {fleet_id!r}: tactics {name!r} cannot be {value!r}.")
    return {"tactics": tactics}


def _zones(fleet_id: str, path: Any) -> list[str]:
    bad = f"Fleet {fleet_id!r}: a path is a list of zone ids."
    return [fields.text(zone, "bad_path", bad) for zone in fields.listed(path, "bad_path", bad)]


def check_order(state: GameState, scenario: Scenario, seat: str, order: dict) -> None:
    board: Board = state.board
    freed = check_intelligence(board, seat, order.get("intelligence"))
    _check_seaplanes(state, scenario, seat, order.get("seaplanes", {}))
    _check_repair(board, seat, order.get("repair", {}))
    for fleet_id, plot in order["fleets"].items():
        fleet = board.fleet(fleet_id)
        if fleet is None or fleet.seat != seat:
            raise Refused("not_your_fleet", f"You command no fleet {fleet_id!r}.")
        if fleet.returning:
            raise Refused("returning", f"{fleet.name} is returning to port and takes no orders.")
        if fleet.ahead and fleet.id != freed:
            raise Refused("plotted_ahead", f"{fleet.name} sails on the plots it made earlier.")
        must_plot = fleet.must_plot
        if fleet.id == freed and board.pending.event == "situation clarifies":
            _check_clarified(fleet, plot)
            must_plot = 3
        elif fleet.id == freed:
            must_plot = 1
        _check_mission(board, scenario, fleet, plot, freed)
        if fleet.held and plot["path"]:
            raise Refused("held", f"Danger ahead: {fleet.name} cannot move this turn.")
        _check_path(board, scenario, fleet, fleet.zone, plot["path"])
        if len(plot["ahead"]) != must_plot - 1:
            raise Refused("plot_ahead", f"{fleet.name} must plot {must_plot} turns now ({must_plot - 1} ahead).")
        zone = plot["path"][-1] if plot["path"] else fleet.zone
        for later in plot["ahead"]:
            _check_path(board, scenario, fleet, zone, later)
            zone = later[-1] if later else zone


def _check_mission(board: Board, scenario: Scenario, fleet: Fleet, plot: dict, freed: str | None) -> None:
    """A mission is the sortie's: changed in one of the side's own bases, or when This Just In
    frees the fleet; a collier for transport, unspent mines and a target zone for lay mines, a
    charge for escort."""
    mission = plot["mission"]
    here = scenario.zones[fleet.zone]
    in_port = bool(here.base) and here.side == fleet.side
    if mission != fleet.mission and not in_port and not (fleet.id == freed and board.pending.event == "this just in"):
        raise Refused("mission_fixed", f"{fleet.name} sailed on a {fleet.mission} mission; a mission is changed "
                      "only in one of your bases (or by This Just In).")
    need = NEEDS.get(mission)
    if need and not any(scenario.ships[n].kind == need for n in fleet.ships):
        raise Refused("bad_mission", f"{fleet.name} has no ship for a {mission} mission.")
    if mission == "lay mines":
        _check_mines(board, scenario, fleet, plot.get("mines_at"))
    elif plot.get("mines_at") is not None:
        raise Refused("bad_mines", "Only a fleet laying mines names a zone to mine.")
    if mission == "escort":
        _check_escort(board, fleet, plot)
    elif plot.get("escort") is not None:
        raise Refused("bad_escort", "Only a fleet on an escort mission names a fleet to escort.")


def _check_mines(board: Board, scenario: Scenario, fleet: Fleet, target: str | None) -> None:
    if not any(scenario.ships[n].mines and not board.ships[n].mines_laid for n in fleet.ships):
        raise Refused("bad_mission", f"{fleet.name} has laid its mines; it takes more on in a major base of yours.")
    zone = scenario.zones.get(target) if target is not None else None
    if zone is None or zone.kind != "coastal" or (zone.base and zone.side == fleet.side):
        raise Refused("bad_mines", f"{fleet.name} lays mines: name the zone to mine (`mines_at`), a coastal zone "
                      "that is not one of your bases.")


def _check_escort(board: Board, fleet: Fleet, plot: dict) -> None:
    """An escort names its charge, a fleet of its side in its zone that carries something or
    stands to its work (transport, lay mines, bombard), and sails with it: no path of its own."""
    charge = board.fleet(plot.get("escort")) if plot.get("escort") else None
    if charge is None or charge.side != fleet.side or charge.id == fleet.id or charge.zone != fleet.zone \
            or charge.mission not in ESCORTED or charge.returning:
        raise Refused("bad_escort", f"{fleet.name} escorts: name the fleet it escorts (`escort`), one of your side's "
                      f"in its zone on a {', '.join(ESCORTED)} mission.")
    if plot["path"] or plot["ahead"]:
        raise Refused("bad_path", f"{fleet.name} sails with {charge.name}: an escort plots no path of its own.")


def check_intelligence(board: Board, seat: str, named: str | None) -> str | None:
    """This Just In and Situation Clarifies (owning player's choice): a seat may name one of its
    own fleets among those the event lets choose. Returns the fleet named, or None."""
    if named is None:
        return None
    pending = board.pending
    fleet = board.fleet(named)
    if pending is None or fleet is None or fleet.seat != seat or named not in pending.fleets:
        raise Refused("no_choice", f"No intelligence report lets you name {named!r}: only a fleet of yours "
                      "that This Just In or Situation Clarifies offers.")
    return named


def _check_clarified(fleet: Fleet, plot: dict) -> None:
    """Situation Clarifies: this turn's move stands as plotted; the next two are plotted anew."""
    if plot["path"] != list(fleet.ahead[0]) or plot["mission"] != fleet.mission:
        stands = " → ".join(fleet.ahead[0]) or "staying"
        raise Refused("plotted_ahead", f"Situation clarifies: {fleet.name} sails this turn as plotted ({fleet.mission}, "
                      f"{stands}); only its next two turns are plotted anew.")


def _check_seaplanes(state: GameState, scenario: Scenario, seat: str, seaplanes: Mapping[str, int]) -> None:
    bases = {b.id for b in seaplane_bases(scenario, scenario.side_of(seat))}
    tracks = {t.number for t in state.knowledge[seat].plot.tracks}
    for base, track in seaplanes.items():
        if base not in bases:
            raise Refused("no_choice", f"No seaplanes of yours fly from {base!r} in this game.")
        if track not in tracks:
            raise Refused("no_choice", f"You hold no track {track}.")


def _check_repair(board: Board, seat: str, repair: Mapping[str, str]) -> None:
    own = {n for f in board.fleets if f.seat == seat for n in f.ships}
    for name in repair:
        if name not in own:
            raise Refused("no_choice", f"No ship {name!r} sails in a fleet you command.")


def _check_path(board: Board, scenario: Scenario, fleet: Fleet, start: str, path: list[str]) -> None:
    limit = reach(board, fleet, scenario)
    if len(path) > limit:
        raise Refused("too_far", f"{fleet.name} can move {limit} zone{'s' if limit > 1 else ''} a turn.")
    here = start
    for zone in path:
        if zone not in scenario.zones:
            raise Refused("unknown_zone", f"There is no zone {zone!r}.")
        if zone not in scenario.zones[here].adjacent:
            raise Refused("not_adjacent", f"{scenario.zones[zone].name} does not border {scenario.zones[here].name}.")
        if zone in scenario.sides[fleet.side].get("barred", ()):
            raise Refused("barred", f"{scenario.zones[zone].name} is closed to your ships (the Straits' forts and mines).")
        here = zone

"""Reading and checking orders. Every check reads the seat's own ships and its own picture, never
the truth about anyone else: a refusal must not tell a seat what it could not know."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fogbank.rules.core import GameState, Refused

from . import hexes, movement, sensing
from .board import Board, SeatLog
from .scenario import Scenario
from .units import CAPITAL, DUMMY, FORT, SCREEN, ZEPPELIN, Unit

FIELDS = {
    "sight_first": {"mines", "starshells", "searchlights"},
    "sight_second": {"starshells", "searchlights"},
    "movement": {"moves", "dummies", "attacks"},
    "gunfire": {"fire", "smoke"},  # smoke: the ships that make smoke next move (NWS: the card, a phase ahead)
}
FIRE_FIELDS = {"target", "secondary", "torpedo", "spotter"}


def parse_order(payload: Any) -> dict[str, Any]:
    """A wire payload as an order: its shape only (what it may say depends on the phase)."""
    if not isinstance(payload, Mapping):
        raise Refused("bad_order", "An order is a map (see the ruleset's payloads document).")
    known = set().union(*FIELDS.values())
    unknown = set(payload) - known
    if unknown:
        raise Refused("bad_order", f"An order has no field {sorted(unknown)[0]!r}.")
    order: dict[str, Any] = {}
    for key in ("moves", "starshells", "searchlights", "attacks", "fire"):
        if key in payload:
            if not isinstance(payload[key], Mapping) or not all(isinstance(k, str) for k in payload[key]):
                raise Refused("bad_order", f"{key!r} maps unit ids to what each does.")
            order[key] = dict(payload[key])
    for key in ("smoke", "mines", "dummies"):
        if key in payload:
            if not isinstance(payload[key], (list, tuple)):
                raise Refused("bad_order", f"{key!r} is a list.")
            order[key] = list(payload[key])
    for uid, fire in order.get("fire", {}).items():
        if not isinstance(fire, Mapping) or set(fire) - FIRE_FIELDS:
            raise Refused("bad_fire", f"Fire for {uid} is a map of target, secondary, torpedo and spotter.")
        for key in ("target", "secondary", "torpedo"):
            if fire.get(key) is not None and (type(fire[key]) is not int):
                raise Refused("bad_target", "A target is a label (a whole number) from your picture.")
        order["fire"][uid] = {k: v for k, v in fire.items() if v is not None}
    for key in ("searchlights", "attacks"):
        for uid, label in order.get(key, {}).items():
            if type(label) is not int:
                raise Refused("bad_target", "A target is a label (a whole number) from your picture.")
    return order


def own_units(board: Board, seat: str) -> dict[str, Unit]:
    return {u.id: u for u in board.units if u.seat == seat and u.afloat}


def check_order(state: GameState, scenario: Scenario, seat: str, order: Mapping[str, Any]) -> None:
    phase = state.phase
    extra = set(order) - FIELDS.get(phase, set())
    if extra:
        raise Refused("wrong_phase_field", f"{sorted(extra)[0]!r} is not given in the {phase} phase.")
    board: Board = state.board
    mine = own_units(board, seat)
    log: SeatLog = state.knowledge[seat]
    labels = {c["label"]: c for c in log.contacts}

    def unit(uid: str, what: str) -> Unit:
        if uid not in mine:
            raise Refused("not_your_unit", f"{uid!r} is not a unit of yours afloat ({what}).")
        return mine[uid]

    def label(n: int) -> dict:
        if n not in labels:
            raise Refused("unknown_label", f"There is no label {n} in your picture.")
        return labels[n]

    if "mines" in order:
        spec = scenario.seat(seat)
        if state.turn != 1 or spec is None or not spec.mines:
            raise Refused("no_mines", "Only the scenario's minelayer mines hexes, before play.")
        if len(order["mines"]) != spec.mines or len(set(order["mines"])) != spec.mines:
            raise Refused("bad_mines", f"Name {spec.mines} different hexes to mine.")
        taken = ships_known_at_start(board, log, seat)
        for text in order["mines"]:
            where = _hex(text)
            if not scenario.map.water(where) or where in taken:
                raise Refused("bad_mines", f"Hex {text} is not open water free of ships at the start.")
    for uid, where in order.get("starshells", {}).items():
        u = unit(uid, "starshell")
        if not scenario.night or not u.starshells:
            raise Refused("no_starshells", f"{u.name} has no starshells to fire (night only).")
        if hexes.distance(u.hex, _hex(where)) > sensing.STARSHELL_RANGE:
            raise Refused("out_of_range", f"A starshell bursts at most {sensing.STARSHELL_RANGE} hexes away.")
    for uid, n in order.get("searchlights", {}).items():
        u = unit(uid, "searchlight")
        if not scenario.night or not u.searchlight:
            raise Refused("no_searchlight", f"{u.name} has no searchlight to use (night only).")
        label(n)
    effects = board.effects.get(scenario.seat(seat).side, frozenset())
    for uid, path in order.get("moves", {}).items():
        u = unit(uid, "move")
        if not u.moves:
            raise Refused("cannot_move", f"{u.name} does not move.")
        movement.check_path(scenario, u, path, effects)
    for uid in order.get("smoke", []):
        if not isinstance(uid, str) or unit(uid, "smoke").kind not in (CAPITAL, SCREEN):
            raise Refused("no_smoke", "Only ships make smoke.")
    if order.get("dummies"):
        if scenario.seat(seat).side not in scenario.dummies:
            raise Refused("no_dummies", "Your side has no dummies in this scenario.")
        if len(order["dummies"]) > movement.DUMMIES_PER_TURN:
            raise Refused("too_many_dummies", f"At most {movement.DUMMIES_PER_TURN} dummies a turn.")
        for raw in order["dummies"]:
            spec = movement.parse_dummy(raw, scenario)
            probe = Unit(id="new", name="the new dummy", side="", seat=seat, kind=DUMMY, hex=hexes.parse(spec["hex"]),
                         facing=spec["facing"], max_speed=99)
            movement.check_path(scenario, probe, spec["path"], effects)
    for uid, n in order.get("attacks", {}).items():
        if unit(uid, "attack").kind != ZEPPELIN:
            raise Refused("not_zeppelin", "Only zeppelins attack by passing over a ship.")
        label(n)
    for uid, fire in order.get("fire", {}).items():
        u = unit(uid, "fire")
        for key in ("target", "secondary", "torpedo"):
            if key in fire:
                label(fire[key])
        if "torpedo" in fire and (not u.torpedoes or u.salvoes <= 0):
            raise Refused("no_torpedoes", f"{u.name} has no torpedoes left.")
        if "spotter" in fire and fire["spotter"] not in {x.id for x in scenario.units if x.side == u.side}:
            raise Refused("bad_spotter", "A spotter is a ship of your side, by its id.")


def ships_known_at_start(board: Board, log: SeatLog, seat: str) -> set:
    """The hexes Gallipoli rule 3 keeps free of mines, as the minelayer may know them: its own
    units' and every ship or marker in its picture (a dummy it cannot tell from a ship too; one it
    has not been shown is not its to know of)."""
    own = {u.hex for u in board.units if u.seat == seat and u.afloat}
    return own | {hexes.parse(c["hex"]) for c in log.contacts if not c["friendly"] and c["kind"] != "fort"}


def _hex(text: Any):
    try:
        return hexes.parse(text)
    except ValueError as error:
        raise Refused("bad_hex", str(error)) from None

"""Reading and checking orders. Every check reads the seat's own ships and its own picture, never
the truth about anyone else: a refusal must not tell a seat what it could not know."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fogbank.rules.core import GameState, Refused, fields

from . import checks, hexes, movement, sensing, views
from .board import Board, SeatLog
from .scenario import Scenario
from .units import CAPITAL, DUMMY, SCREEN, ZEPPELIN, Unit

FIELDS = {
    "sight_first": {"mines", "starshells", "searchlights"},
    "sight_second": {"starshells", "searchlights"},
    "movement": {"moves", "dummies", "attacks"},
    "gunfire": {"fire", "smoke"},  # smoke: the ships that make smoke next move (NWS: the card, a phase ahead)
}
FIRE_FIELDS = {"target", "secondary", "torpedo", "spotter"}
DUMMY_FIELDS = {"hex", "facing", "path"}
LABEL = "A target is a label (a whole number) from your picture."
PATH = "path is a string of F (ahead), L and R (turn one hexside)."


def parse_order(payload: Any) -> dict[str, Any]:
    """A wire payload as an order: its shape only (what it may say depends on the phase), every
    field's type read here, so the checks and the turn see only what they expect."""
    order = fields.keyed(payload, "bad_order", "An order is a map (see the ruleset's payloads document).")
    fields.only(order, set().union(*FIELDS.values()), "bad_order", "An order")
    for key in ("moves", "starshells", "searchlights", "attacks", "fire"):
        if key in order:
            order[key] = fields.keyed(order[key], "bad_order", f"{key!r} maps unit ids to what each does.")
    for key in ("smoke", "mines", "dummies"):
        if key in order:
            order[key] = fields.listed(order[key], "bad_order", f"{key!r} is a list.")
    for uid, path in order.get("moves", {}).items():
        fields.text(path, "bad_path", f"{uid}: a {PATH}")
    for uid, where in order.get("starshells", {}).items():
        fields.text(where, "bad_hex", f"{uid}'s starshell bursts over a hex, by its number such as 2005.")
    for text in order.get("mines", []):
        fields.text(text, "bad_hex", "Mines go in hexes, each named by its number such as 2005.")
    for uid in order.get("smoke", []):
        fields.text(uid, "not_your_unit", "Smoke is made by your own ships, each named by its unit id.")
    for raw in order.get("dummies", []):
        _read_dummy(raw)
    for uid, fire in order.get("fire", {}).items():
        if not isinstance(fire, Mapping) or set(fire) - FIRE_FIELDS:
            raise Refused("bad_fire", f"Fire for {uid} is a map of target, secondary, torpedo and spotter.")
        for key in ("target", "secondary", "torpedo"):
            if fire.get(key) is not None:
                fields.whole(fire[key], "bad_target", LABEL)
        if fire.get("spotter") is not None:
            fields.text(fire["spotter"], "bad_spotter", "A spotter is a ship of your side, by its unit id.")
        order["fire"][uid] = {k: v for k, v in fire.items() if v is not None}
    for key in ("searchlights", "attacks"):
        for label in order.get(key, {}).values():
            fields.whole(label, "bad_target", LABEL)
    return order


def _read_dummy(raw: Any) -> None:
    """A new dummy's fields by type (where it may go is the scenario's: `movement.parse_dummy`)."""
    dummy = fields.keyed(raw, "bad_dummy", "A new dummy is {hex, facing, path}.")
    fields.only(dummy, DUMMY_FIELDS, "bad_dummy", "A new dummy")
    fields.text(dummy.get("hex"), "bad_hex", "A new dummy's hex is its number, such as 2005.")
    facing = "A facing is a hexside letter, A (north) to F, clockwise."
    fields.chosen(dummy.get("facing", "A"), hexes.FACINGS, "bad_facing", facing)
    fields.text(dummy.get("path", ""), "bad_path", f"A new dummy's {PATH}")


def own_units(board: Board, seat: str) -> dict[str, Unit]:
    return {u.id: u for u in board.units if u.seat == seat and u.afloat}


def refusals(state: GameState, scenario: Scenario, seat: str, order: Mapping[str, Any]) -> list[Refused]:
    """Every rule the order breaks, each as a `Refused`, so a player sees them all at once. Judged
    from the seat's own view (its ships, its picture, the chart) and nothing else."""
    found: list[Refused] = []
    phase = state.phase
    extra = set(order) - FIELDS.get(phase, set())
    if extra:
        return [Refused("wrong_phase_field", f"{sorted(extra)[0]!r} is not given in the {phase} phase.")]
    board: Board = state.board
    mine = own_units(board, seat)
    log: SeatLog = state.knowledge[seat]
    labels = {c["label"]: c for c in log.contacts}

    def unit(uid: str, what: str) -> Unit | None:
        if uid not in mine:
            found.append(Refused("not_your_unit", f"{uid!r} is not a unit of yours afloat ({what})."))
            return None
        return mine[uid]

    def label(n: int) -> dict | None:
        if n not in labels:
            found.append(Refused("unknown_label", f"There is no label {n} in your picture."))
            return None
        return labels[n]

    def judged(check, *given) -> Any:
        try:
            return check(*given)
        except Refused as refusal:
            found.append(refusal)
            return None

    if "mines" in order:
        judged(_check_mines, state, scenario, seat, order["mines"])
    for uid, where in order.get("starshells", {}).items():
        u = unit(uid, "starshell")
        if u is None:
            continue
        if not scenario.night or not u.starshells:
            found.append(Refused("no_starshells", f"{u.name} has no starshells to fire (night only)."))
        elif (burst := judged(_hex, where)) is not None and hexes.distance(u.hex, burst) > sensing.STARSHELL_RANGE:
            found.append(Refused("out_of_range", f"{u.name}'s starshell bursts at most {sensing.STARSHELL_RANGE} hexes away."))
    for uid, n in order.get("searchlights", {}).items():
        u = unit(uid, "searchlight")
        if u is not None and (not scenario.night or not u.searchlight):
            found.append(Refused("no_searchlight", f"{u.name} has no searchlight to use (night only)."))
        label(n)
    effects = board.effects.get(scenario.seat(seat).side, frozenset())
    for uid, path in order.get("moves", {}).items():
        u = unit(uid, "move")
        if u is not None and not u.moves:
            found.append(Refused("cannot_move", f"{u.name} does not move."))
        elif u is not None:
            judged(movement.check_path, scenario, u, path, effects)
    if order.get("dummies"):
        if scenario.seat(seat).side not in scenario.dummies:
            found.append(Refused("no_dummies", "Your side has no dummies in this scenario."))
        elif len(order["dummies"]) > movement.DUMMIES_PER_TURN:
            found.append(Refused("too_many_dummies", f"At most {movement.DUMMIES_PER_TURN} dummies a turn."))
        else:
            for raw in order["dummies"]:
                spec = judged(movement.parse_dummy, raw, scenario)
                if spec is not None:
                    probe = Unit(id="new", name="the new dummy", side="", seat=seat, kind=DUMMY, hex=hexes.parse(spec["hex"]),
                                 facing=spec["facing"], max_speed=99)
                    judged(movement.check_path, scenario, probe, spec["path"], effects)
    for uid, n in order.get("attacks", {}).items():
        u = unit(uid, "attack")
        if u is not None and u.kind != ZEPPELIN:
            found.append(Refused("not_zeppelin", "Only zeppelins attack by passing over a ship."))
        label(n)
    for uid in order.get("smoke", []):
        u = unit(uid, "smoke") if isinstance(uid, str) else None
        if u is not None and u.kind not in (CAPITAL, SCREEN):
            found.append(Refused("no_smoke", f"{u.name} cannot make smoke: only ships do."))
    if order.get("fire"):
        view, sea = views.seat_view(state, scenario, seat, state.turn), checks.Sea.of(scenario)
        ships = {u["id"]: u for u in (*view["ships"], *view["friends"])}
        for uid, fire in order["fire"].items():
            u = unit(uid, "fire")
            if u is None:
                continue
            spotter = None
            if "spotter" in fire:
                problem = checks.spotter_problem(sea, view, ships[uid], fire["spotter"])
                if problem:
                    found.append(Refused(*problem))
                else:
                    spotter = ships[fire["spotter"]]
            for key in ("target", "secondary", "torpedo"):
                if key in fire and (contact := label(fire[key])) is not None:
                    problem = checks.shot_problem(sea, view, ships[uid], key, contact, spotter)
                    if problem:
                        found.append(Refused(*problem))
    return found


def _check_mines(state: GameState, scenario: Scenario, seat: str, mines: list) -> None:
    spec = scenario.seat(seat)
    if state.turn != 1 or spec is None or not spec.mines:
        raise Refused("no_mines", "Only the scenario's minelayer mines hexes, before play.")
    if len(mines) != spec.mines or len(set(map(str, mines))) != spec.mines:
        raise Refused("bad_mines", f"Name {spec.mines} different hexes to mine.")
    taken = ships_known_at_start(state.board, state.knowledge[seat], seat)
    for text in mines:
        where = _hex(text)
        if not scenario.map.water(where) or where in taken:
            raise Refused("bad_mines", f"Hex {text} is not open water free of ships at the start.")


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

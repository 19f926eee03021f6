"""Orders on the wire and the rules they must meet: moves in 1A, fire in 2B, one map per ship.

Every check uses only what the ordering seat knows: its own ships and the ships they see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fogbank.rules.core import GameState, Refused, fields

from . import aground, moves, searchlights
from .board import Board, FireOrder, TorpedoOrder
from .fire import bearing_mounts, split_guns, working_guns
from .geometry import in_arc, relative
from .scenario import hit_table, load_scenario, ship_classes
from .ships import SECONDARIES, silenced
from .turn import writes_ahead
from .views import in_sight

SPREADS = ("narrow", "fan")
MOST_FIRE, MOST_SPREADS = 8, 4  # entries in a ship's fire plan, spreads in her torpedo order
Order = Mapping[str, Any]  # ship -> Move (1A), tuple[FireOrder, ...] (2B) or tuple[TorpedoOrder, ...] (3)


def parse(payload: Mapping[str, Any]) -> Order:
    bad = 'An order is {"ships": {ship: {"move": ...} or {"fire": [...]}}}.'
    ships = fields.keyed(fields.keyed(payload, "bad_order", bad).get("ships"), "bad_order", bad)
    order = {}
    for ship, given in ships.items():
        if not isinstance(given, Mapping) or len(given) != 1:
            raise Refused("bad_order", "Each ship's order is a map with one key, move or fire.")
        if "move" in given:
            order[ship] = moves.parse_move(given["move"])
        elif "moves" in given:
            three = f"Moves written ahead are a list of {moves.AHEAD} moves, this turn's first."
            written = fields.listed(given["moves"], "three_moves", three)
            if len(written) != moves.AHEAD:
                raise Refused("three_moves", three)
            order[ship] = moves.Ahead(tuple(moves.parse_move(m) for m in written))
        elif "fire" in given:
            order[ship] = parse_fire(given["fire"])
        elif "torpedoes" in given:
            order[ship] = parse_torpedoes(given["torpedoes"])
        elif "searchlight" in given:
            order[ship] = searchlights.parse(given["searchlight"])
        else:
            raise Refused("bad_order", "Each ship's order is a move, a fire plan or torpedoes.")
    return order


def parse_fire(given: Any) -> tuple[FireOrder, ...]:
    plan = []
    plan_is = "A fire plan is a list of {group, target, half, guns}."
    for item in fields.listed(given, "bad_fire", plan_is, most=MOST_FIRE):
        named = "Each fire order names a group of guns and a target ship."
        entry = fields.keyed(item, "bad_fire", named)
        group, target = (fields.text(entry.get(key), "bad_fire", named) for key in ("group", "target"))
        split = "half is true or false; guns a whole number of guns, 1 or more."
        half, guns = fields.flag(entry.get("half", False), "bad_fire", split), entry.get("guns")
        if guns is not None:
            fields.whole(guns, "bad_fire", split, low=1, high=20)
        plan.append(FireOrder(group, target, half, guns))
    return tuple(plan)


def parse_torpedoes(given: Any) -> tuple[TorpedoOrder, ...]:
    plan = []
    plan_is = "Torpedoes are a list of {bank, course, spread}."
    for item in fields.listed(given, "bad_torpedoes", plan_is, most=MOST_SPREADS):
        each = "Each spread names a bank, a course 0-359 and narrow or fan."
        entry = fields.keyed(item, "bad_torpedoes", each)
        bank = fields.text(entry.get("bank"), "bad_torpedoes", each)
        course = fields.whole(entry.get("course"), "bad_torpedoes", each, low=0, high=359)
        spread = fields.chosen(entry.get("spread", "narrow"), SPREADS, "bad_torpedoes", each)
        plan.append(TorpedoOrder(bank, course, spread))
    return tuple(plan)


def unparse(order: Order) -> dict[str, Any]:
    ships = {}
    for ship, value in order.items():
        if isinstance(value, moves.Move):
            ships[ship] = {"move": str(value)}
        elif isinstance(value, moves.Ahead):
            ships[ship] = {"moves": value.written()}
        elif isinstance(value, int):
            ships[ship] = {"searchlight": value}
        elif value and isinstance(value[0], TorpedoOrder):
            ships[ship] = {"torpedoes": [{"bank": t.bank, "course": t.course, "spread": t.spread} for t in value]}
        else:
            ships[ship] = {"fire": [
                {"group": f.group, "target": f.target, "half": f.half, **({"guns": f.guns} if f.guns else {})}
                for f in value
            ]}
    return {"ships": ships}


def check(state: GameState, seat: str, order: Order) -> None:
    """Refuse the order with the first rule it breaks; `refusals` lists them all."""
    found = refusals(state, seat, order)
    if found:
        raise found[0]


def refusals(state: GameState, seat: str, order: Order) -> list[Refused]:
    """Every rule the order breaks, each in words with her ship's name, so a captain checking a
    draft mends it in one go."""
    board: Board = state.board
    said: dict[tuple[str, str], None] = {}
    for name, refusal in find_problems(state, seat, order):
        title = _title(board, name)
        said[refusal.code, refusal.sentence if title in refusal.sentence else f"{title}: {refusal.sentence}"] = None
    return [Refused(code, sentence) for code, sentence in said]


def find_problems(state: GameState, seat: str, order: Order) -> list[tuple[str, Refused]]:
    """(ship, refusal) for every rule the order breaks."""
    board: Board = state.board
    own = board.seats[seat]
    found = []
    for name, value in order.items():
        if name not in own:
            return [(name, Refused("not_your_ship", f"{name!r} is not a ship of yours."))]
        ship = board.ship(name)
        if ship.sunk:
            return [(name, Refused("ship_sunk", f"{ship.title} is sunk."))]
        if state.phase == "searchlights":
            if not isinstance(value, int) or not state.options.get("night"):
                return [(name, Refused("wrong_phase", "Searchlights are burned in 2A of a night action, on a bearing."))]
            if not searchlights.can_burn(ship, state.turn):
                found.append((name, Refused("no_searchlight", f"{ship.title}'s searchlights are knocked out.")))
        elif isinstance(value, int):
            return [(name, Refused("wrong_phase", "A searchlight is burned only in the searchlight phase."))]
        elif state.phase == "write_moves":
            if not _is_move(value):
                return [(name, Refused("wrong_phase", "This is the move phase: give each ship a move."))]
            ahead = writes_ahead(state, seat)
            if ahead and name in board.ahead:
                return [(name, Refused("written_ahead", f"{ship.title}'s move this turn was written ahead: "
                                                        f"{board.ahead[name][0]}."))]
            if ahead != isinstance(value, moves.Ahead):
                return [(name, Refused("three_moves", f"At night, until her side's ships see the enemy, {ship.title} "
                                                      f'writes {moves.AHEAD} moves ahead ({{"moves": [...]}}).' if ahead else
                                                      f"{ship.title} writes one move a turn now (by day, or after contact)."))]
            value = value.moves[0] if ahead else value
            printed = first_move(state, name)
            if printed is not None and value != printed:
                found.append((name, Refused("first_move", f"Every ship's first move is printed: {ship.title} {printed}.")))
            else:
                found += [(name, r) for r in moves.problems(value, ship, ship_classes()[ship.cls], state.turn)]
            if aground.over_land(moves.execute(value, ship)[2], load_scenario(state.scenario).land):
                found.append((name, Refused("over_land", f"{ship.title}'s move runs across the land on the chart.")))
        elif state.phase == "write_fire":
            if _is_move(value) or any(isinstance(v, TorpedoOrder) for v in value):
                return [(name, Refused("wrong_phase", "This is the fire phase: give each ship a fire plan."))]
            found += [(name, r) for r in fire_problems(state, seat, name, value)]
        elif state.phase == "torpedoes":
            if _is_move(value) or any(isinstance(v, FireOrder) for v in value):
                return [(name, Refused("wrong_phase", "This is the torpedo phase: give each ship her spreads."))]
            found += [(name, r) for r in torpedo_problems(state, name, value)]
        else:
            return [(name, Refused("wrong_phase", "No orders are written in this phase."))]
    return found


def fire_problems(state: GameState, seat: str, name: str, plan: tuple[FireOrder, ...]) -> list[Refused]:
    """Every rule a ship's fire plan breaks, judged from what her seat knows: her own guns, arcs
    and ammunition, and the bearing of each ship she sees."""
    board: Board = state.board
    ship = board.ship(name)
    cls = ship_classes()[ship.cls]
    groups = cls.groups()
    seen = {c.ship: c for c in in_sight(state, seat) if name in c.seen_by}
    found = []
    for fire in plan:
        if fire.group not in groups:
            found.append(Refused("unknown_group", f"{cls.title} has no {fire.group!r} group; hers: {', '.join(groups)}."))
            continue
        battery = groups[fire.group][0].battery
        if fire.guns is not None and battery != SECONDARIES:
            found.append(Refused("bad_fire", f"The {fire.group} turrets fire whole: only secondaries split their guns."))
        contact = seen.get(fire.target)
        if contact is None:
            found.append(Refused("not_visible", f"{ship.title} does not see {_title(board, fire.target)} this turn."))
            continue
        if contact.side == ship.side:
            found.append(Refused("not_enemy", f"{contact.title} is a friend: a ship fires at enemy ships she sees (4.2)."))
            continue
        why = silenced(ship, battery, state.turn)
        on = next(s.bearing for s in contact.sightings if s.by == name)
        if why:
            found.append(Refused("cannot_fire", f"{ship.title}: {why}."))
        elif not bearing_mounts(ship, fire.group, on, state.turn):
            found.append(Refused("cannot_bear", f"No gun of {ship.title}'s {fire.group} group with ammunition left "
                                                f"bears on {contact.title}, {on:03d} degrees ({_side(on, ship.course)})."))
    for group, mounts in groups.items():
        entries = tuple(f for f in plan if f.group == group)
        if len(entries) < 2:
            continue
        working = sum(working_guns(ship, m) for m in mounts)
        if mounts[0].battery != SECONDARIES:
            found.append(Refused("group_twice", f"The {group} turrets fire at one target (4.7)."))
        elif split_guns(entries, working) is None:
            found.append(Refused("group_twice", f"The {group} secondaries ({working} guns) may take a second target in "
                                                f"local control (4.5a): split the guns between two targets, naming "
                                                f"the guns of at least one, {working} in all."))
        elif (judged := _judged_range(seen.get(entries[1].target), name)) is not None and judged > hit_table().close * 10:
            found.append(Refused("beyond_local", f"The {group} secondaries' second target is in local control, which "
                                                 f"reaches close range only ({hit_table().close} inches, 4.5a): "
                                                 f"{seen[entries[1].target].title} is judged at {_inches(judged)}."))
    return found


def _judged_range(contact, by: str) -> int | None:
    """The range (tenths) the firing ship's seat puts a contact at: measured or judged by eye."""
    return next((s.range for s in contact.sightings if s.by == by), None) if contact is not None else None


def _inches(tenths: int) -> str:
    return f"{tenths / 10:g} inches" if tenths % 10 else f"about {tenths // 10} inches"


def _title(board: Board, name: str) -> str:
    return next((s.title for s in board.ships if s.name == name), repr(name))


def _side(on: int, course: int) -> str:
    """A bearing relative to the ship's head, in words."""
    rel = relative(on, course)
    if rel <= 20 or rel >= 340:
        return "right ahead"
    if 160 <= rel <= 200:
        return "right astern"
    return f"{rel} degrees to starboard" if rel < 180 else f"{360 - rel} degrees to port"


def torpedo_problems(state: GameState, name: str, plan: tuple[TorpedoOrder, ...]) -> list[Refused]:
    ship = state.board.ship(name)
    cls = ship_classes()[ship.cls]
    banks = {b.name: b for b in cls.banks}
    found, seen = [], set()
    for t in plan:
        bank = banks.get(t.bank)
        if bank is None:
            found.append(Refused("unknown_bank", f"{cls.title} has no {t.bank!r} bank; hers: {', '.join(banks)}."))
        elif t.bank in seen or t.bank in ship.torpedoes_fired or t.bank in ship.banks_out:
            found.append(Refused("bank_empty", f"The {t.bank} bank has no torpedoes to fire."))
        elif ship.lasting("sectorp", state.turn):
            found.append(Refused("cannot_fire", f"{ship.title}: the torpedoes are out from damage this turn."))
        elif not in_arc(relative(t.course, ship.course), bank.arc):
            found.append(Refused("cannot_bear", f"The {t.bank} bank cannot train to {t.course:03d}."))
        elif ship.chasing and t.spread != "fan":
            found.append(Refused("fan_only", "A ship chasing splash fires torpedoes in a fan spread."))
        seen.add(t.bank)
    return found


def carry_out(state: GameState, seat: str, order: Order, refusal: Refused) -> tuple[Order, str]:
    """The umpire's order adjusted to meet the rules (4.4): moves cut or run on, fire that could
    not be given dropped; never another move or another target."""
    board: Board = state.board
    if any(name not in board.seats[seat] or board.ship(name).sunk for name in order):
        raise refusal
    notes, adjusted = [], {}
    for name, value in order.items():
        ship = board.ship(name)
        if state.phase == "write_moves" and first_move(state, name) is not None:
            adjusted[name] = first_move(state, name)
            notes.append(f"{ship.title} made her printed first move, {adjusted[name]}")
        elif state.phase == "write_moves" and isinstance(value, moves.Move):
            adjusted[name], said = moves.carried_out(value, ship, ship_classes()[ship.cls], state.turn)
            notes += [f"{ship.title}: {s}" for s in said]
        elif state.phase in ("write_fire", "torpedoes") and isinstance(value, tuple):  # not a move, nor a light
            kept = []
            for item in value:
                wrong = (fire_problems(state, seat, name, (*kept, item)) if isinstance(item, FireOrder)
                         else torpedo_problems(state, name, (*kept, item)))
                what = f"{item.group} at {item.target}" if isinstance(item, FireOrder) else f"the {item.bank} bank"
                if wrong:
                    notes.append(f"{ship.title}: {what} not fired ({wrong[0].sentence})")
                else:
                    kept.append(item)
            adjusted[name] = tuple(kept)
        else:
            raise refusal
    if find_problems(state, seat, adjusted):
        raise refusal
    return adjusted, "; ".join(notes) + "."


def _is_move(value: Any) -> bool:
    return isinstance(value, (moves.Move, moves.Ahead))


def first_move(state: GameState, ship: str) -> moves.Move | None:
    """The move the scenario prints for a ship's first turn (5: all ships execute it), or None."""
    if state.turn != 1:
        return None
    return moves.parse_move(next(p.first_move for p in load_scenario(state.scenario).ships if p.name == ship))


def standing(state: GameState, seat: str) -> Order:
    """Turn 1: the move printed in the scenario. Later: straight on at the speed she can keep. At
    night until contact: the moves written ahead (each carried out as the rules now allow), or
    when none are left the move above and straight on after it."""
    board: Board = state.board
    ahead = state.phase == "write_moves" and writes_ahead(state, seat)
    order = {}
    for name in board.seats[seat]:
        ship = board.ship(name)
        if ship.sunk:
            continue
        if state.phase == "searchlights":
            continue  # no light burned
        if state.phase != "write_moves":
            order[name] = ()
        elif state.turn == 1:
            order[name] = first_move(state, name)
        else:
            cls = ship_classes()[ship.cls]
            least, most = moves.speed_limits(ship, cls, state.turn, ship.backwards)
            knots = max(least, min(ship.speed, most))
            kind = "B" if ship.backwards else "A"
            legs = (moves.Leg(kind, knots * 2),) if knots else ()
            order[name], _ = moves.carried_out(moves.Move(legs), ship, cls, state.turn)  # a jammed rudder turns
        if ahead and name in board.ahead:
            kept = board.ahead[name]
            order[name] = moves.Ahead((moves.carried_out(kept[0], ship, ship_classes()[ship.cls], state.turn)[0], *kept[1:]))
        elif ahead:
            order[name] = moves.Ahead((order[name],)).straight_on()
    return order



__all__ = ["carry_out", "check", "parse", "standing", "unparse"]

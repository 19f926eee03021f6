"""Phases 2B and 2C: fire orders written, then every battery fires at once on the positions after
movement (5). Damage waits for 2D (`turn.apply_damage`).

A group of mains fires at one target (4.7); a group of secondaries may split its guns between its
director's target and one more in local control (4.5a). Each mount pays the ammunition its share
of the guns spends, and a mount short of a full salvo fires half of one if it has it (5.10).
"""

from __future__ import annotations

from typing import Mapping

from fogbank.rules.core import ByFaces, GameState, Modifier, Resolution, Roller
from fogbank.rules.core.copies import evolve

from . import gunnery, special
from .board import Board, FireOrder, Salvo
from .damage import TABLES
from .events import Fired, NotFired, UnderFire
from .geometry import bearing, in_arc, relative
from .reports import tell
from .scenario import hit_table, ship_classes
from .ships import SECONDARIES, Mount, Ship, silenced

SPECIAL = ByFaces(special.read_special)


def write_fire(state: GameState, orders: Mapping[str, Mapping[str, tuple[FireOrder, ...]]]) -> Resolution:
    written = {ship: fire for order in orders.values() for ship, fire in order.items()}
    return Resolution(evolve(state, board=evolve(state.board, fire=written)))


def working_guns(ship: Ship, mount: Mount) -> int:
    return 0 if mount.name in ship.mounts_out else mount.guns - ship.secondaries_out.get(mount.name, 0)


def left(ship: Ship, mount: Mount) -> int:
    """Quarter salvos of ammunition the mount has left."""
    return max(0, mount.salvos * 4 - ship.used.get(mount.name, 0))


def bearing_mounts(ship: Ship, group: str, on: int, turn: int) -> list[Mount]:
    """The group's working mounts with ammunition that bear on the true bearing `on` (4.4, 4.7)."""
    cls = ship_classes()[ship.cls]
    rel = relative(on, ship.course)
    return [
        m for m in cls.mounts
        if m.group == group and not silenced(ship, m.battery, turn) and working_guns(ship, m) > 0
        and left(ship, m) > 0 and in_arc(rel, m.arc)
    ]


def split_guns(entries: tuple[FireOrder, ...], working: int) -> tuple[int, ...] | None:
    """The guns each entry of one group fires, or None if they cannot be split so (4.5a).

    One entry fires the guns it names (all, if none). Two entries (secondaries only) share the
    group: each names its guns, or one leaves them out and takes the rest; two targets apart."""
    if len(entries) == 1:
        given = entries[0].guns
        return (working if given is None else min(given, working),)
    if len(entries) != 2 or entries[0].target == entries[1].target:
        return None
    a, b = (e.guns for e in entries)
    if a is None and b is None:
        return None
    a = working - b if a is None else a
    b = working - a if b is None else b
    return (a, b) if a > 0 and b > 0 and a + b <= working else None


def execute_fire(state: GameState) -> Resolution:
    """Every battery fires on the positions after movement; damage waits for 2D (5). Ammunition
    is paid first, so over-designation (5.4b) counts only the batteries that do fire; an order
    accepted in 2B that cannot fire is explained to its seat."""
    board: Board = state.board
    table, classes = hit_table(), ship_classes()
    roller = Roller(state.dice, state.turn, TABLES)
    loaded, unfired, spent = [], [], {}  # (ship, order, local, mounts, guns, short); (ship, order, why)
    for ship in (s for s in board.ships if not s.sunk):
        written = board.fire.get(ship.name, ())
        for group in dict.fromkeys(o.group for o in written):
            entries = tuple(o for o in written if o.group == group)
            working = sum(working_guns(ship, m) for m in classes[ship.cls].mounts if m.group == group)
            shares = split_guns(entries, working)
            if shares is None:  # the orders were checked: only a bug gets here
                continue
            for local, (order, ordered) in enumerate(zip(entries, shares, strict=True)):
                target = board.ship(order.target)
                mounts = bearing_mounts(ship, group, bearing(ship.at, target.at), state.turn)
                if not mounts:
                    unfired.append((ship, order, _why_silent(ship, group, state.turn)))
                    continue
                battery = mounts[0].battery
                quarters = gunnery.plan(table, table.guns[mounts[0].gun], battery, ordered, ship, target,
                                        turn=state.turn, first=_first(ship, battery, order.target),
                                        local=bool(local), half=order.half, batteries=1,
                                        target_cls=classes[target.cls]).quarters
                guns, firing, short = _pay(ship, mounts, ordered, quarters, spent.setdefault(ship.name, {}))
                if guns:
                    loaded.append((ship, order, bool(local), mounts, guns, firing, short))
                else:
                    unfired.append((ship, order, "not even half of the salvo's ammunition was left for it"))
    batteries: dict[str, set[tuple[str, str]]] = {}
    for ship, order, _, mounts, _, _, _ in loaded:
        batteries.setdefault(order.target, set()).add((ship.name, mounts[0].battery))
    salvos, events, fired = [], [], {}
    for ship, order, local, mounts, guns, firing, short in loaded:
        target = board.ship(order.target)
        battery, gun = mounts[0].battery, table.guns[mounts[0].gun]
        fire = gunnery.plan(table, gun, battery, guns, ship, target, turn=state.turn,
                            first=_first(ship, battery, order.target), local=local, half=order.half,
                            batteries=len(batteries[order.target]), target_cls=classes[target.cls])
        if short:
            fire = evolve(fire, halvings=(*fire.halvings, "ammunition for half a salvo only"))
        fired.setdefault(ship.name, {}).setdefault(battery, set()).add(order.target)
        on_her = len(batteries[order.target])
        salvo = evolve(_roll(roller, table, classes, ship, order, battery, gun, target, fire, on_her),
                       firing=firing)
        salvos.append(salvo)
        events.append(Fired(turn=state.turn, phase=state.phase, audience=frozenset({board.seat_of(ship.name)}),
                            salvo=salvo_map(salvo, ship, target)))
        # The target's seat hears of the fire (splashes, hits) and who fired if it sees her.
        seeing = any(c.ship == ship.name for c in state.knowledge[board.seat_of(target.name)].latest(state.turn))
        events.append(UnderFire(turn=state.turn, phase=state.phase, audience=frozenset({board.seat_of(target.name)}),
                                ship=target.name, title=target.title, by=ship.name if seeing else None,
                                by_title=ship.title if seeing else None, battery=battery, hits=salvo.hits))
    events += [NotFired(turn=state.turn, phase=state.phase, audience=frozenset({board.seat_of(ship.name)}),
                        ship=ship.name, title=ship.title, group=order.group, target=order.target,
                        target_title=board.ship(order.target).title, why=why)
               for ship, order, why in unfired]
    changed = [
        evolve(ship, used={**ship.used, **{m: ship.used.get(m, 0) + q for m, q in spent.get(ship.name, {}).items()}},
               locked={b: frozenset(t) for b, t in fired.get(ship.name, {}).items()})
        for ship in board.ships
    ]
    board = evolve(board.replace(*changed), fire={}, salvos=tuple(salvos))
    state = evolve(state, board=board, dice=roller.dice, knowledge=tell(state.knowledge, events))
    return Resolution(state, tuple(events), tuple(roller.rolls))


def _first(ship: Ship, battery: str, target: str) -> bool:
    """First fire (4.6): the battery did not fire at her last turn."""
    return target not in ship.locked.get(battery, frozenset())


def _pay(ship: Ship, mounts: list[Mount], ordered: int, quarters: int, paid: dict[str, int]
         ) -> tuple[int, int, bool]:
    """The guns that fire (the row), the guns of the mounts that fire as they were ordered (before
    any half salvo), and whether short of a full salvo (5.10): each mount pays its share of the
    salvo, rounded up to a quarter; a mount with half of it left fires half its guns."""
    guns, firing, short = 0, 0, False
    for m in mounts:
        working = working_guns(ship, m)
        share = min(working, ordered) if m.battery == SECONDARIES else working
        need = -(-quarters * share // working)  # its share of the salvo, rounded up to a quarter
        has = left(ship, m) - paid.get(m.name, 0)
        if has >= need:
            guns, firing, paid[m.name] = guns + share, firing + share, paid.get(m.name, 0) + need
        elif need >= 2 and has * 2 >= need:  # half a salvo left: she fires it (5.10)
            guns, firing, short = guns + (share + 1) // 2, firing + share, True
            paid[m.name] = paid.get(m.name, 0) + need // 2
    return guns, firing, short


def _why_silent(ship: Ship, group: str, turn: int) -> str:
    """Why no gun of the group bore on her, in words."""
    cls = ship_classes()[ship.cls]
    mounts = [m for m in cls.mounts if m.group == group]
    why = silenced(ship, mounts[0].battery, turn)
    if why:
        return why
    if not any(working_guns(ship, m) for m in mounts):
        return "the group's guns are knocked out"
    if not any(left(ship, m) for m in mounts):
        return "the group has no ammunition left"
    # Her gunners see where she lies; the seat is not told it closer than its own sight gave it.
    return "she lay outside the arcs of every gun of the group with ammunition left"


def _roll(roller: Roller, table, classes, ship: Ship, order: FireOrder, battery: str, gun, target: Ship,
          fire: gunnery.Fire, batteries: int) -> Salvo:
    """The fire's die, hits, points and special damage rolls (5.6)."""
    key = f"fire/{ship.name}/{order.group}/{order.target}"
    die, count, points, grade, specials = None, 0, 0, "none", []
    if fire.column is not None:
        die = roller.roll(key, "hits", read=gunnery.read_die).total
        count, boxed = gunnery.hits(table, fire, die)
        if boxed:  # the box (5.6e): its hit rolls again for a special, needing a 1, whatever the die
            earned = int(roller.roll(f"{key}/box", "box", read=read_box).outcome == "special")
        else:
            earned = gunnery.special_rolls(count, die)
        if count:
            points, grade = gunnery.point_damage(gun, fire.range_heading, table, classes[target.cls], count)
        shift = {"close": 1, "medium": 0, "long": -1}[fire.section]
        for n in range(earned):
            roll = roller.roll(f"{key}/special{n}", "special", count=2,
                               modifiers=(Modifier(f"{fire.section} range", shift),), read=SPECIAL)
            colour = special.colour(roll.dice, roll.total)
            area_grade = gunnery.area_grade(special.AREAS[colour], gun, fire.range_heading, table, classes[target.cls])
            specials.append((colour, roll.dice[1], area_grade))
    return Salvo(ship.name, order.group, battery, gun.name, target.name, fire.range_heading, fire.guns,
                 fire.shifts, die, count, points, grade, tuple(specials), batteries, fire.halvings)


def read_box(total: int) -> str:
    return "special" if total == 1 else "none"


def salvo_map(salvo: Salvo, ship: Ship, target: Ship) -> dict:
    """A salvo as the firing seat is told it: the hit sheet's working, in figures and words."""
    return {
        "firer": salvo.firer, "firer_title": ship.title, "group": salvo.group, "battery": salvo.battery,
        "target": salvo.target, "target_title": target.title, "range": salvo.heading, "guns": salvo.guns,
        "firing": salvo.firing, "half_salvos": list(salvo.halvings),
        "shifts": [{"reason": r, "columns": c} for r, c in salvo.shifts], "die": salvo.die, "hits": salvo.hits,
        "points": salvo.points, "penetration": salvo.grade, "batteries": salvo.batteries,
        "specials": [{"area": special.AREAS[c], "white": w, "penetration": g,
                      "result": special.sentence(c, w, g == "full") if g != "none" else "no effect"}
                     for c, w, g in salvo.specials],
    }


__all__ = ["bearing_mounts", "execute_fire", "read_box", "salvo_map", "split_guns", "write_fire"]

"""One phase of a Salvo turn, resolved.

1. sight_first, sight_second (Phase One): on turn 1 the random event, radar impairment and
   zeppelin rolls first (a new game holds no rolls), and secret mines; then starshells and
   searchlights, the side at a disadvantage declaring first; then detection again.
2. movement: sealed orders carried out together (mines, smoke, dummies, zeppelins), then detection.
3. gunfire: guns, then torpedoes (`gunnery.py`); smoke cards for the next move, shown in the open.
4. damage_control: the smoke lifts; repairs; victory; then the next turn's Phase One (`phase_one.py`).
"""

from __future__ import annotations

from typing import Any, Mapping

from fogbank.rules.core import GameState, Outcome, Resolution
from fogbank.rules.core.copies import evolve

from . import gunnery, hexes, movement, phase_one, sensing
from .board import Board, SeatLog
from .hexes import Hex
from .scenario import Scenario, in_play
from .tables import crt
from .units import CAPITAL, DUMMY, FORT, SCREEN, ZEPPELIN, Unit
from .work import Work

PHASES = ("sight_first", "sight_second", "movement", "gunfire", "damage_control")


def new_state(state: GameState, scenario: Scenario) -> GameState:
    """The state before turn 1: detection and each seat's picture (no dice are rolled)."""
    visibility = scenario.visibility - 1 if scenario.random_events else scenario.visibility
    units = in_play(scenario, state.options)
    dummies = sum(1 for u in units if u.kind == DUMMY)
    board = Board(units=units, visibility=visibility, max_visibility=visibility, dummy_serial=dummies)
    state = evolve(state, board=board, knowledge={s.name: SeatLog() for s in scenario.seats})
    work = Work(state, scenario)
    work.sense("set_up")
    return work.finish().state


def resolve(state: GameState, scenario: Scenario, orders: Mapping[str, Mapping[str, Any]]) -> Resolution:
    work = Work(state, scenario)
    if state.phase in ("sight_first", "sight_second"):
        if state.phase == "sight_first" and state.turn == 1:
            phase_one.open_turn(work)
        _declarations(work, orders)
        work.sense(state.phase)
    elif state.phase == "movement":
        _movement(work, orders)
    elif state.phase == "gunfire":
        gunnery.resolve(work, orders)
        _smoke_cards(work, orders)
    else:
        work.board = evolve(work.board, smoke=frozenset())  # NWS (a), (d): lifted at the turn's end only
        phase_one.damage_control(work)
        _bombardment(work)
        outcome = _outcome(work)
        if outcome is None:
            work.turn += 1
            work.phase = "phase_one"
            phase_one.open_turn(work)
        return work.finish(outcome)
    return work.finish(_outcome(work, final=False))


def _declarations(work: Work, orders: Mapping[str, Mapping[str, Any]]) -> None:
    board = work.board
    starshells, searchlights, secret = list(board.starshells), list(board.searchlights), set(board.secret_mines)
    for seat in sorted(orders):
        order = orders[seat]
        if order.get("mines"):
            laid = tuple(order["mines"])
            secret |= {hexes.parse(h) for h in laid}
            work.state = evolve(work.state, knowledge={**work.state.knowledge,
                                      seat: evolve(work.state.knowledge[seat], mines=laid)})
            work.note("mines_laid", f"{seat} mined {', '.join(laid)} in secret.", hexes=list(laid))
        who = sensing.observer(work.scenario, seat)
        by_label = {n: uid for uid, n in board.labels.get(who, {}).items()}
        for uid, where in sorted(order.get("starshells", {}).items()):
            unit = work.units.get(uid)
            if unit is not None and unit.afloat and unit.starshells and _powered(work, unit):
                starshells.append((uid, hexes.parse(where)))
        for uid, label in sorted(order.get("searchlights", {}).items()):
            unit, target = work.units.get(uid), work.units.get(by_label.get(label, ""))
            if (unit is not None and unit.afloat and _powered(work, unit) and target is not None
                    and hexes.distance(unit.hex, target.hex) <= sensing.SEARCHLIGHT_RANGE):
                searchlights.append((uid, target.id))
                work.tell(work.seats_of(who), "searchlight", f"{unit.name}'s searchlight holds contact #{label}.", unit=uid)
    if starshells != list(board.starshells):
        everyone = [s.name for s in work.scenario.seats]
        bursts = sorted({hexes.number(h) for _, h in starshells})
        work.tell(everyone, "starshells", f"Starshells burst over {', '.join(bursts)}.", hexes=bursts)
    work.board = evolve(work.board, starshells=tuple(starshells), searchlights=tuple(searchlights),
                              secret_mines=frozenset(secret))


def _powered(work: Work, unit: Unit) -> bool:
    """12.5's engineering hit: an electrical failure, no radar or weapons: no starshell (a gun's) and
    no searchlight (the power's) this turn either."""
    if work.board.without_power(unit.id, work.turn):
        work.tell(work.seats_of(sensing.observer(work.scenario, unit.seat)), "no_power",
                  f"{unit.name} has no power after her engineering hit: no starshell or searchlight this turn.", unit=unit.id)
        return False
    return True


def _movement(work: Work, orders: Mapping[str, Mapping[str, Any]]) -> None:
    scenario, board = work.scenario, work.board
    start = {u.id: u for u in work.units.values()}
    work.board = evolve(board, smoke_laid=False, smoke_cards=frozenset())
    paths: dict[str, str] = {}
    serial = board.dummy_serial
    for seat in sorted(orders):
        order, side = orders[seat], scenario.seat(seat).side
        for raw in map(lambda r: movement.parse_dummy(r, scenario), order.get("dummies", ())):
            in_play = sum(1 for u in work.units.values() if u.kind == DUMMY and u.side == side)
            placed = serial - board.dummy_serial
            if side not in scenario.dummies or in_play >= movement.DUMMIES_IN_PLAY or placed >= movement.DUMMIES_PER_TURN:
                work.tell([seat], "no_dummy", "No more dummies may be put in play this turn.")
                continue
            serial += 1
            dummy = Unit(id=f"dummy-{side}-{serial}", name="dummy", side=side, seat=seat, kind=DUMMY,
                         hex=hexes.parse(raw["hex"]), facing=raw["facing"], max_speed=99)
            work.put(dummy)
            paths[dummy.id] = raw["path"]
        paths.update(order.get("moves", {}))
    work.board = evolve(work.board, dummy_serial=serial)
    stack = movement.stacked(list(work.units.values()))  # new dummies sit where they were put
    smokers = board.smoke_cards
    attacks: list[tuple[Unit, Unit]] = []
    smoke: set[Hex] = set()
    for unit in list(work.units.values()):
        if not unit.afloat or not unit.moves:
            continue
        path = paths.get(unit.id, movement.straight(unit))
        effects = work.board.effects.get(unit.side, frozenset())
        # 12.22: a dummy suffers loss of command as a real unit would (a marker free of it is a tell).
        if "confusion reigns" in effects or work.board.marked("rudder", unit.id, work.turn):
            if path != movement.straight(unit):
                work.tell(work.seats_of(sensing.observer(scenario, unit.seat)), "held_course",
                          f"{unit.name} could only hold her course and speed.", unit=unit.id)
            path = movement.straight(unit)
        unit, laid = _steam(work, unit, path, unit.id in smokers and unit.kind != ZEPPELIN)
        smoke |= laid
        if unit.kind == ZEPPELIN and unit.afloat:
            unit = _drift(work, unit)
            target = _zeppelin_target(work, orders, unit, start)
            if target is not None:
                attacks.append((unit, target))
        work.put(unit)
    for zeppelin, target in attacks:
        roll = work.roll(f"zeppelin/{zeppelin.id}", crt("1:2").name)
        fate = work.damage(target.id, roll.outcome)
        gunnery._tell_result(work, work.units[target.id], roll.outcome, fate, [zeppelin])
    work.board = evolve(work.board, smoke=work.board.smoke | smoke, smoke_laid=bool(smoke))
    detected_before = work.board.detected
    work.sense("movement")
    if work.fog == "as_written":
        work.board = evolve(work.board, labels=movement.relabelled(work.board.labels, detected_before, stack))


def _smoke_cards(work: Work, orders: Mapping[str, Mapping[str, Any]]) -> None:
    """NWS (a): the ships that will make smoke next move show a smoke card, in the open: every
    observer is told the cards on its own side's ships and on the others it has in its picture."""
    cards = frozenset(uid for seat in sorted(orders) for uid in orders[seat].get("smoke", ())
                      if uid in work.units and work.units[uid].afloat and work.units[uid].seat == seat)
    work.board = evolve(work.board, smoke_cards=cards)
    if not cards:
        return
    for who in sensing.observers(work.scenario):
        shown = {u.id for u in sensing.shown(work.scenario, work.board, who, work.fog, work.board.detected.get(who, frozenset()))}
        named = [gunnery.label_text(work, who, work.units[uid]) for uid in sorted(cards)
                 if sensing.belongs(work.scenario, work.units[uid], who) or (uid in shown and work.label(who, uid) is not None)]
        if named:
            work.tell(work.seats_of(who), "smoke_cards", f"Smoke cards: {', '.join(named)} will make smoke next move.",
                      labels=[work.label(who, uid) for uid in sorted(cards) if uid in shown])


def _steam(work: Work, unit: Unit, path: str, smoking: bool) -> tuple[Unit, set[Hex]]:
    """Carry out a path hex by hex: mines as they are entered, smoke behind, the exit off the map."""
    scenario, board = work.scenario, work.board
    here, face, laid, made, turned = unit.hex, unit.facing, set(), 0, False
    mined = scenario.minefields | board.secret_mines
    for step, c in enumerate(path):
        if c in "LR":
            face, turned = hexes.turn(face, -1 if c == "L" else 1), True
            continue
        ahead = here.step(face)
        if not scenario.map.on_map(ahead):
            if movement.may_exit(scenario, unit, here):
                return _exit(work, evolve(unit, hex=here, facing=face, speed=made + 1, turned=turned)), laid
            break
        if unit.kind != ZEPPELIN and not scenario.map.water(ahead):
            break
        if smoking:
            laid.add(here)
        here, made = ahead, made + 1
        if unit.kind not in (ZEPPELIN, DUMMY) and here in mined:
            unit = evolve(unit, hex=here, facing=face, speed=made, turned=turned)
            work.put(unit)
            density = scenario.minefield_density if here in scenario.minefields else ""
            if work.roll(f"mine/{unit.id}/{step}", f"mine_{density}" if density else "mine").outcome == "struck":
                result = work.roll(f"underwater/{unit.id}/{step}", "underwater").outcome
                fate = work.damage(unit.id, result)
                unit = work.units[unit.id]
                work.tell(work.seats_of(sensing.observer(scenario, unit.seat)), "mine_struck",
                          f"{unit.name} struck a mine in {hexes.number(here)}: {result} ({fate}).", unit=unit.id, result=result,
                          fate=fate, hex=hexes.number(here))
                work.note("mine", f"{unit.name} struck a mine in {hexes.number(here)}.", hex=hexes.number(here))
                if not unit.afloat:
                    return unit, laid
    return evolve(unit, hex=here, facing=face, speed=made, turned=turned), laid


def _exit(work: Work, unit: Unit) -> Unit:
    victory = work.scenario.victory
    if victory.kind == "exit" and unit.side == victory.side:
        work.board = evolve(work.board, exits=(*work.board.exits, unit.id))
        fresh = " (her hits of this turn are judged after damage control)" if unit.fresh_w or unit.fresh_s else ""
        words = "counts" if victory.counts(unit) else "does not count yet" if fresh else "is too badly hurt to count"
        work.tell(work.seats_of(unit.side), "exited", f"{unit.name} steamed off the map and {words}{fresh}.",
                  unit=unit.id, counts=victory.counts(unit))
    elif unit.side == victory.side and victory.hexes:
        work.tell(work.seats_of(unit.side), "exited", f"{unit.name} steamed off the map for home.", unit=unit.id)
    else:
        work.tell(work.seats_of(unit.side), "exited", f"{unit.name} steamed off the map.", unit=unit.id)
    return evolve(unit, exited=True)


def _drift(work: Work, zeppelin: Unit) -> Unit:
    """Salvo II: after moving, a zeppelin drifts one hex downwind."""
    ahead = zeppelin.hex.step(hexes.turn(work.scenario.wind, 3))
    if not work.scenario.map.on_map(ahead):
        work.tell(work.seats_of(zeppelin.side), "exited", f"{zeppelin.name} drifted off the map.", unit=zeppelin.id)
        return evolve(zeppelin, exited=True)
    return evolve(zeppelin, hex=ahead)


def _zeppelin_target(work: Work, orders, zeppelin: Unit, start: Mapping[str, Unit]) -> Unit | None:
    """A zeppelin attacks the ship whose hex (as it stood before moving) its path passed over."""
    label = orders.get(zeppelin.seat, {}).get("attacks", {}).get(zeppelin.id)
    who = sensing.observer(work.scenario, zeppelin.seat)
    uid = next((u for u, n in work.board.labels.get(who, {}).items() if n == label), None)
    target = work.units.get(uid or "")
    if target is None or not target.afloat or target.kind not in ("capital", SCREEN):
        return None
    before = start[zeppelin.id]
    entered, _, _ = movement.trace(work.scenario, before, orders[zeppelin.seat].get("moves", {}).get(zeppelin.id, ""))
    return target if start[target.id].hex in entered else None


def _bombardment(work: Work) -> None:
    """The shore target shelled as the turn ends (a points scenario's bombardment): each ship that
    may shell it scores for her side. Her side is told which ships fired; the other side only that
    the target is under fire from the sea, and how hard (what the men ashore would know)."""
    scenario = work.scenario
    shelling = scenario.victory.bombardment
    if shelling is None:
        return
    firing = sorted((u for u in work.units.values()
                     if u.side == shelling.side and u.kind == CAPITAL and u.afloat and u.hex in shelling.hexes
                     and u.speed <= shelling.most_speed and scenario.victory.counts(u)
                     and not work.board.without_power(u.id, work.turn)), key=lambda u: u.id)
    if not firing:
        return
    scored = shelling.points * len(firing)
    points = dict(work.board.points)
    points[shelling.side] = points.get(shelling.side, 0) + scored
    work.board = evolve(work.board, points=points)
    side = scenario.side_titles[shelling.side]
    points = "a point" if scored == 1 else f"{scored} points"
    work.tell(work.seats_of(shelling.side), "bombardment",
              f"{', '.join(u.name for u in firing)} shelled {shelling.target}: {points} for {side}.",
              units=[u.id for u in firing], points=scored)
    others = [seat for other in scenario.sides if other != shelling.side for seat in work.seats_of(other)]
    guns = "one ship's guns" if len(firing) == 1 else f"{len(firing)} ships' guns"
    heard = f"{shelling.target} is shelled from the sea by {guns}: {points} for {side}."
    work.tell(others, "bombardment", heard, points=scored)


def _outcome(work: Work, final: bool = True) -> Outcome | None:
    scenario, board = work.scenario, work.board
    victory = scenario.victory
    sides = scenario.sides
    alive = {side: [u for u in work.units.values() if u.side == side and u.afloat and u.kind not in (DUMMY, FORT, ZEPPELIN)]
             for side in sides}
    if victory.kind == "exit":
        other = next(s for s in sides if s != victory.side)
        through = sum(1 for uid in board.exits if victory.counts(work.units[uid]))
        if through >= victory.ships:
            return Outcome({victory.side: "victory", other: "defeat"}, f"{through} ships broke through the Narrows.")
        lost = sum(1 for u in work.units.values() if u.side == victory.side and u.sunk and u.kind in (CAPITAL, SCREEN))
        if victory.turned_back and lost >= victory.turned_back:
            return Outcome({victory.side: "defeat", other: "victory"},
                           f"The fleet turned back with {lost} ships lost and {through} through the Narrows.")
        if not alive[victory.side] or (final and work.state.turn >= scenario.turns):
            return Outcome({victory.side: "defeat", other: "victory"},
                           f"Only {through} of the {victory.ships} ships needed got through.")
        return None
    gone = [side for side in sides if not alive[side]]
    if gone or (final and work.state.turn >= scenario.turns):
        points = {side: board.points.get(side, 0) for side in sides}
        best = max(points.values())
        winners = [s for s in sides if points[s] == best]
        if victory.ties in sides:  # level, or short of the margin: the side whose task was only to get through has done it
            lead = max(points[s] - points[victory.ties] for s in sides if s != victory.ties)
            winners = [s for s in winners if s != victory.ties] if lead >= max(victory.margin, 1) else [victory.ties]
        results = {s: ("draw" if len(winners) > 1 else ("victory" if s in winners else "defeat")) for s in sides}
        said = "Victory points: " + ", ".join(f"{scenario.side_titles[s]} {points[s]}" for s in sides) + "."
        if victory.ties in sides and results[victory.ties] == "victory" and best > points[victory.ties]:
            # More points and still beaten: say why, or the result reads as a mistake.
            said += f" Short of a lead of {max(victory.margin, 1)}, the night is {scenario.side_titles[victory.ties]}'s."
        return Outcome(results, said)
    return None

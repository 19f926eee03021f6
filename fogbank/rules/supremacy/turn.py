"""The phases of a turn (6): write moves, execute moves, searchlights, write fire, execute fire,
apply damage, torpedoes, remove smoke. Each `resolve_*` takes the state and the acting seats'
orders and gives a `Resolution`; the core moves the clock."""

from __future__ import annotations

from typing import Mapping


from fogbank.rules.core import ByFaces, GameState, Modifier, Outcome, Resolution
from fogbank.rules.core.copies import evolve

from . import aground, gunnery, moves, ramming, special
from .board import Board, Contact, FireOrder, Log, Salvo
from . import torpedoes
from .damage import Roller, apply_special, sink
from .events import Collided, Damaged, Fired, Grounded
from .reports import tell
from .geometry import NAUTICAL_MILE, bearing, in_arc, relative, within
from .scenario import hit_table, load_scenario, ship_classes
from .ships import Ship, silenced, top_speed
from .sight import sees

PHASES = ("write_moves", "execute_moves", "searchlights", "write_fire", "execute_fire", "apply_damage",
          "torpedoes", "cleanup")
SPECIAL = ByFaces(special.read_special)


def visibility(state: GameState) -> int:
    """The maximum visibility in inches: the umpire's if set, else the scenario's by day or night."""
    if state.board is not None and state.board.visibility is not None:
        return state.board.visibility
    scenario = load_scenario(state.scenario)
    return scenario.night_visibility if state.options.get("night") else scenario.visibility


def afloat(board: Board) -> tuple[Ship, ...]:
    return tuple(s for s in board.ships if not s.sunk)


def writes_ahead(state: GameState, seat: str) -> bool:
    """At night a seat writes its moves three turns ahead until its ships have seen an enemy (1A)."""
    if not state.options.get("night"):
        return False
    board: Board = state.board
    side = board.ship(board.seats[seat][0]).side
    return not any(c.side != side for c in state.knowledge[seat].contacts)


def write_moves(state: GameState, orders: Mapping[str, Mapping[str, moves.Move | moves.Ahead]]) -> Resolution:
    """This turn's moves; the later ones of moves written ahead are kept for their turns (a plain
    move, as after contact, leaves nothing kept)."""
    written, ahead = {}, {}
    for order in orders.values():
        for ship, move in order.items():
            if isinstance(move, moves.Ahead):
                written[ship] = move.moves[0]
                if move.moves[1:]:
                    ahead[ship] = move.moves[1:]
            else:
                written[ship] = move
    return Resolution(evolve(state, board=evolve(state.board, moves=written, ahead=ahead)))


def execute_moves(state: GameState) -> Resolution:
    """All ships move at once (2.1); ships aground roll to get off first, ships coming onto the
    shoals may run aground (2.10); smoke is laid along the path; sight is taken at the end."""
    board: Board = state.board
    classes, land = ship_classes(), load_scenario(state.scenario).land
    roller = Roller(state.dice, state.turn)
    moved, smoke, grounding = [], [], []
    for ship in board.ships:
        if ship.sunk:
            continue
        move = board.moves[ship.name]
        if ship.aground and not aground.refloat(ship, move.backwards, roller):
            moved.append(evolve(ship, speed=0, turned=0, chased=False, chasing=False, started_at=ship.at,
                                      path=(ship.at,)))
            grounding.append((ship.name, "stuck"))
            continue
        if ship.aground:
            grounding.append((ship.name, "off"))
        at, course, path = moves.execute(move, ship)
        straight_run = sum(leg.quarters for leg in move.legs if leg.kind in "AB")
        ship = evolve(
            ship, at=at, course=course, speed=move.knots, backwards=move.backwards and bool(move.legs),
            turned=move.turning, chased=move.chase, chasing=move.chase, started_at=ship.at, path=path,
            on_course=max(0, ship.on_course - straight_run),
            smoke_used=ship.smoke_used + move.smoke, aground=False,
        )
        ship, grounded = aground.ground(ship, classes[ship.cls], move.knots, land, roller)
        if grounded:
            grounding.append((ship.name, "aground"))
        moved.append(ship)
        if move.smoke:
            smoke.append(ship.path)
    board = board.replace(*moved)
    ships = {s.name: s for s in board.ships}
    contacts = ramming.resolve(ships, classes, roller)
    board = evolve(board, ships=tuple(ships[s.name] for s in board.ships))
    told = [
        Collided(turn=state.turn, phase=state.phase, audience=frozenset({board.seat_of(a), board.seat_of(b)}),
                 what=what, ship=a, other=b)
        for what, a, b in contacts
    ]
    # Chasing splash fails for a ship ending within 6 inches of a live friendly ship (1.3c).
    failed = [
        evolve(s, chased=False) for s in afloat(board)
        if s.chased and any(o.side == s.side and o.name != s.name and within(s.at, o.at, NAUTICAL_MILE)
                            for o in afloat(board))
    ]
    board = evolve(board.replace(*failed), moves={}, smoke=tuple(smoke))
    # 2.8: no ship ends within 6 inches of another on a collision course; the one that gives way turns off it.
    ships = {s.name: s for s in board.ships}
    reach, land = visibility(state), load_scenario(state.scenario).land
    kept = ramming.keep_clear(ships, classes, lambda a, b: sees(a, b, board.ships, classes, board.smoke, reach, land))
    board = evolve(board, ships=tuple(ships[s.name] for s in board.ships))
    told += [Collided(turn=state.turn, phase=state.phase, audience=frozenset({board.seat_of(a)}), what="kept_clear",
                      ship=a, other=b) for a, b in kept]
    state = evolve(state, board=board, dice=roller.dice, knowledge=tell(state.knowledge, told))
    resolution = torpedoes.strike(state)
    state = resolution.state
    knowledge = sight(state)
    grounded = [
        Grounded(turn=state.turn, phase=state.phase, audience=_watchers(state.board, knowledge, state.turn, name, what),
                 ship=name, title=state.board.ship(name).title, what=what)
        for name, what in grounding
    ]
    return Resolution(evolve(state, knowledge=tell(knowledge, grounded)), (*told, *resolution.events, *grounded),
                      (*roller.rolls, *resolution.rolls))


def _watchers(board: Board, knowledge: Mapping[str, Log], turn: int, ship: str, what: str) -> frozenset[str]:
    """Who is told of a grounding: her own seat, and (but for a failed roll to get off, which
    shows only as a ship not moving) the seats whose ships see her at the end of the movement."""
    own = frozenset({board.seat_of(ship)})
    if what == "stuck":
        return own
    return own | {seat for seat, log in knowledge.items() if any(c.ship == ship for c in log.latest(turn))}


def sight(state: GameState) -> dict[str, Log]:
    """Each seat's log with what its ships see now (4.3)."""
    board: Board = state.board
    scenario = load_scenario(state.scenario)
    classes, reach, day = ship_classes(), visibility(state), scenario.visibility
    knowledge = dict(state.knowledge)
    for seat, own in board.seats.items():
        found = []
        for other in afloat(board):
            if other.name in own:
                continue
            lookers = tuple(
                name for name in own
                if sees(board.ship(name), other, board.ships, classes, board.smoke,
                        day if other.name in board.lit else reach, scenario.land)
            )
            if lookers:
                found.append(Contact(state.turn, other.name, other.title, other.side, other.at, other.course, lookers))
        log: Log = knowledge[seat]
        knowledge[seat] = evolve(log, contacts=(*log.contacts, *found))
    return knowledge


def lay_torpedoes(state: GameState, orders: Mapping[str, Mapping[str, tuple]]) -> Resolution:
    """Phase 3: each bank ordered fires its whole spread from the ship's front funnel."""
    board: Board = state.board
    classes, spreads, fired, number = ship_classes(), list(board.spreads), [], board.next_spread
    for order in orders.values():
        for name, plan in order.items():
            ship = board.ship(name)
            tube = classes[ship.cls].torpedo
            for t in plan:
                spreads.append(torpedoes.Spread(number, name, t.bank, ship.at, t.course, tube.speed, tube.run * 10,
                                                tube.tubes, t.spread))
                number += 1
            if plan:
                fired.append(evolve(ship, torpedoes_fired=ship.torpedoes_fired | {t.bank for t in plan}))
    board = evolve(board.replace(*fired), spreads=tuple(spreads), next_spread=number)
    return Resolution(evolve(state, board=board))


def write_fire(state: GameState, orders: Mapping[str, Mapping[str, tuple[FireOrder, ...]]]) -> Resolution:
    written = {ship: fire for order in orders.values() for ship, fire in order.items()}
    return Resolution(evolve(state, board=evolve(state.board, fire=written)))


def bearing_mounts(ship: Ship, group: str, target: Ship, turn: int) -> list:
    """The group's working mounts with ammunition that bear on the target (4.4, 4.7)."""
    cls = ship_classes()[ship.cls]
    rel = relative(bearing(ship.at, target.at), ship.course)
    return [
        m for m in cls.mounts
        if m.group == group and not silenced(ship, m.battery, turn) and m.name not in ship.mounts_out
        and ship.used.get(m.name, 0) < m.salvos * 4
        and in_arc(rel, m.arc) and m.guns - ship.secondaries_out.get(m.name, 0) > 0
    ]


def execute_fire(state: GameState) -> Resolution:
    """Every battery fires on the positions after movement; damage waits for 2D (5)."""
    board: Board = state.board
    table, classes = hit_table(), ship_classes()
    roller = Roller(state.dice, state.turn)
    plans = []  # (ship, order, local, mounts)
    for ship in afloat(board):
        seen_groups: set[str] = set()
        for order in board.fire.get(ship.name, ()):
            target = board.ship(order.target)
            mounts = bearing_mounts(ship, order.group, target, state.turn)
            if not mounts:
                continue
            plans.append((ship, order, order.group in seen_groups, mounts))
            seen_groups.add(order.group)
    batteries: dict[str, set[tuple[str, str]]] = {}
    for ship, order, _, mounts in plans:
        batteries.setdefault(order.target, set()).add((ship.name, mounts[0].battery))
    salvos, events, used, fired = [], [], {}, {}
    for ship, order, local, mounts in plans:
        target = board.ship(order.target)
        battery, gun = mounts[0].battery, table.guns[mounts[0].gun]
        guns = sum(m.guns - ship.secondaries_out.get(m.name, 0) for m in mounts)
        if order.guns is not None:
            guns = min(guns, order.guns)
        first = order.target not in ship.locked.get(battery, frozenset())
        fire = gunnery.plan(
            table, gun, battery, guns, ship, target, turn=state.turn, first=first, local=local, half=order.half,
            batteries=len(batteries[order.target]), target_cls=classes[target.cls],
        )
        for m in mounts:
            used.setdefault(ship.name, {})[m.name] = used.get(ship.name, {}).get(m.name, 0) + fire.quarters
        fired.setdefault(ship.name, {}).setdefault(battery, set()).add(order.target)
        key = f"fire/{ship.name}/{order.group}/{order.target}"
        die, count, points, grade, specials = None, 0, 0, "none", []
        if fire.column is not None:
            die = roller.roll(key, "hits", read=gunnery.read_die).total
            count, boxed = gunnery.hits(table, fire, die)
            earned = gunnery.special_rolls(count, die)
            if boxed and earned:
                earned = int(roller.roll(f"{key}/box", "box", read=_read_box).outcome == "special")
            if count:
                points, grade = gunnery.point_damage(gun, fire.range_heading, table, classes[target.cls], count)
            shift = {"close": 1, "medium": 0, "long": -1}[fire.section]
            for n in range(earned):
                roll = roller.roll(f"{key}/special{n}", "special", count=2,
                                   modifiers=(Modifier(f"{fire.section} range", shift),), read=SPECIAL)
                colour = special.colour(roll.dice, roll.total)
                area_grade = gunnery.area_grade(special.AREAS[colour], gun, fire.range_heading, table, classes[target.cls])
                specials.append((colour, roll.dice[1], area_grade))
        salvo = Salvo(ship.name, order.group, battery, gun.name, target.name, fire.range_heading, fire.guns,
                      fire.shifts, die, count, points, grade, tuple(specials), len(batteries[order.target]))
        salvos.append(salvo)
        audience = frozenset({board.seat_of(ship.name), board.seat_of(target.name)})
        events.append(Fired(turn=state.turn, phase=state.phase, audience=audience, salvo=_salvo_map(salvo, ship, target)))
    changed = [
        evolve(
            ship,
            used={**ship.used, **{m: ship.used.get(m, 0) + q for m, q in used.get(ship.name, {}).items()}},
            locked={b: frozenset(t) for b, t in fired.get(ship.name, {}).items()},
        )
        for ship in board.ships
    ]
    board = evolve(board.replace(*changed), fire={}, salvos=tuple(salvos))
    state = evolve(state, board=board, dice=roller.dice, knowledge=tell(state.knowledge, events))
    return Resolution(state, tuple(events), tuple(roller.rolls))


def _read_box(total: int) -> str:
    return "special" if total == 1 else "none"


def _salvo_map(salvo: Salvo, ship: Ship, target: Ship) -> dict:
    return {
        "firer": salvo.firer, "firer_title": ship.title, "group": salvo.group, "battery": salvo.battery,
        "target": salvo.target, "target_title": target.title, "range": salvo.heading, "guns": salvo.guns,
        "shifts": [{"reason": r, "columns": c} for r, c in salvo.shifts], "die": salvo.die, "hits": salvo.hits,
        "points": salvo.points, "penetration": salvo.grade, "batteries": salvo.batteries,
        "specials": [{"area": special.AREAS[c], "white": w, "penetration": g,
                      "result": special.words(c, w, g == "full") if g != "none" else "no effect"}
                     for c, w, g in salvo.specials],
    }


def apply_damage(state: GameState) -> Resolution:
    """All the turn's fire lands at once (2D); specials are applied with the owner's secret rolls."""
    board: Board = state.board
    table, classes = hit_table(), ship_classes()
    roller = Roller(state.dice, state.turn)
    ships = {s.name: s for s in board.ships}
    told: dict[str, tuple[int, list[str]]] = {}
    for n, salvo in enumerate(board.salvos):
        target = ships[salvo.target]
        cls = classes[target.cls]
        points, words = salvo.points, []
        gun = table.guns[salvo.gun]
        for k, (colour, white, grade) in enumerate(salvo.specials):
            if grade == "none":
                continue
            belt, deck = gunnery.penetration(gun, salvo.heading, table)
            target, extra, said = apply_special(
                target, cls, special.entry(colour, white, grade == "full"), gun.points, roller,
                f"special/{salvo.firer}/{salvo.group}/{k}", deck >= cls.deck,
            )
            points += extra
            words.extend(said)
        target = evolve(target, damage=target.damage + points, turn_damage=target.turn_damage + points)
        ships[target.name] = target
        total, said = told.get(target.name, (0, []))
        told[target.name] = (total + points, said + words)
    board = evolve(board, ships=tuple(ships[s.name] for s in board.ships), salvos=())
    events = [
        Damaged(turn=state.turn, phase=state.phase, audience=frozenset({board.seat_of(name)}), ship=name,
                points=points, effects=tuple(words))
        for name, (points, words) in told.items()
    ]
    board, sunk = sink(board, state)
    state = evolve(state, board=board, dice=roller.dice, knowledge=tell(state.knowledge, (*events, *sunk)))
    return Resolution(evolve(state, outcome=decide(state)), (*events, *sunk), tuple(roller.rolls))


def cleanup(state: GameState) -> Resolution:
    """Smoke is removed; fires, flooding and sinking take their toll; the turn's damage is totted (8)."""
    board: Board = state.board
    roller = Roller(state.dice, state.turn)
    changed, events = [], []
    for ship in afloat(board):
        fires, points, words = dict(ship.fires), 0, []
        for fire, cost in ship.fires.items():
            result = roller.roll(f"burn/{ship.name}/{fire}", "fire").outcome
            if result == "out":
                del fires[fire]
                words.append("a fire is out")
            elif result == "spreads":
                points += cost
                words.append(f"a fire spreads ({cost} points)")
        knots, flooding = ship.knots_lost, ship.flooding
        if flooding:
            result = roller.roll(f"flood/{ship.name}", "pick").total
            if result >= 5:
                knots += flooding
                words.append(f"flooding: {flooding} knots lost")
            elif result == 1:
                flooding = 0
                words.append("the flooding is held")
        if ship.sinking:
            knots += 5
            words.append("5 more knots lost")
        ship = evolve(ship, fires=fires, knots_lost=knots, flooding=flooding, damage=ship.damage + points,
                            turn_damage=ship.turn_damage + points)
        changed.append(ship)
        if words:
            events.append(Damaged(turn=state.turn, phase=state.phase, audience=frozenset({board.seat_of(ship.name)}),
                                  ship=ship.name, points=points, effects=tuple(words)))
    board, sunk = sink(board.replace(*changed), state)
    board = evolve(board.replace(*(evolve(s, turn_damage=0) for s in board.ships)), smoke=(), lit=frozenset())
    state = evolve(state, board=board, dice=roller.dice, knowledge=tell(state.knowledge, (*events, *sunk)))
    return Resolution(evolve(state, outcome=decide(state, last=True)), (*events, *sunk), tuple(roller.rolls))


def decide(state: GameState, last: bool = False) -> Outcome | None:
    """Graf Spee sunk, or every cruiser sunk, ends the game; so does the last turn (decisions.md)."""
    board: Board = state.board
    classes = ship_classes()
    german = [s for s in board.ships if s.side == "german"]
    british = [s for s in board.ships if s.side == "british"]
    if all(s.sunk for s in german):
        return Outcome({"british": "victory", "german": "defeat"}, "Admiral Graf Spee is sunk.")
    if all(s.sunk for s in british):
        return Outcome({"german": "victory", "british": "defeat"}, "Every British cruiser is sunk.")
    if not (last and state.turn >= load_scenario(state.scenario).turn_limit):
        return None
    lost = sum(s.sunk for s in british)
    spee = german[0]
    crippled = top_speed(spee, classes[spee.cls]) * 2 <= classes[spee.cls].speed or spee.damage * 2 >= classes[spee.cls].points
    if crippled and lost < 2:
        return Outcome({"british": "marginal victory", "german": "marginal defeat"},
                       f"Time: Graf Spee is crippled and {lost} cruiser{'s' if lost != 1 else ''} lost.")
    if lost >= 2 and not crippled:
        return Outcome({"german": "marginal victory", "british": "marginal defeat"},
                       f"Time: {lost} British cruisers sunk and Graf Spee still fit to fight.")
    return Outcome({"german": "draw", "british": "draw"}, "Time: the action is broken off with neither side beaten.")

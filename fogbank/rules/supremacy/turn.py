"""The phases of a turn (6): write moves, execute moves, searchlights, write fire, execute fire,
apply damage, torpedoes, remove smoke. Each `resolve_*` takes the state and the acting seats'
orders and gives a `Resolution`; the core moves the clock."""

from __future__ import annotations

from typing import Mapping

from fogbank.rules.core import GameState, Resolution, Roller
from fogbank.rules.core.copies import evolve

from . import aground, contacts, gunnery, moves, ramming, special, torpedoes
from .board import Board
from .damage import TABLES, apply_special, sink
from .events import Collided, Damaged, Grounded
from .geometry import NAUTICAL_MILE, within
from .reports import tell
from .scenario import hit_table, load_scenario, ship_classes
from .ships import Ship
from .sight import sees, visibility, watchers
from .victory import decide

PHASES = ("write_moves", "execute_moves", "searchlights", "write_fire", "execute_fire", "apply_damage",
          "torpedoes", "cleanup")


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
    roller = Roller(state.dice, state.turn, TABLES)
    moved, made, laying, grounding = [], {}, [], []
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
        made[ship.name] = move
        if move.smoke:
            laying.append(ship.name)
    board = board.replace(*moved)
    ships = {s.name: s for s in board.ships}
    touched = ramming.resolve(ships, classes, roller, made)
    board = evolve(board, ships=tuple(ships[s.name] for s in board.ships))
    # Smoke is laid where she went (2.11): a collision may have stopped her short of her move.
    smoke = {name: board.ship(name).path for name in laying}
    told = [
        Collided(turn=state.turn, phase=state.phase, audience=frozenset({board.seat_of(a), board.seat_of(b)}),
                 what=what, ship=a, other=b, ship_title=board.ship(a).title, other_title=board.ship(b).title)
        for what, a, b in touched
    ]
    # Chasing splash fails for a ship ending within 6 inches of a live friendly ship (1.3c).
    failed = [
        evolve(s, chased=False) for s in afloat(board)
        if s.chased and any(o.side == s.side and o.name != s.name and within(s.at, o.at, NAUTICAL_MILE)
                            for o in afloat(board))
    ]
    board = evolve(board.replace(*failed), moves={}, smoke=tuple(smoke.values()), smoke_laid_by=tuple(smoke))
    # 2.8: no ship ends within 6 inches of another on a collision course; the one that gives way turns off it.
    ships = {s.name: s for s in board.ships}
    reach, land = visibility(state), load_scenario(state.scenario).land
    kept = ramming.keep_clear(ships, classes, lambda a, b: sees(a, b, board.ships, classes, board.smoke, reach, land),
                              state.turn)
    board = evolve(board, ships=tuple(ships[s.name] for s in board.ships))
    told += [Collided(turn=state.turn, phase=state.phase, audience=frozenset({board.seat_of(a)}), what="kept_clear",
                      ship=a, other=b, ship_title=board.ship(a).title, other_title=board.ship(b).title)
             for a, b in kept]
    state = evolve(state, board=board, dice=roller.dice, knowledge=tell(state.knowledge, told))
    resolution = torpedoes.strike(state)
    state = resolution.state
    knowledge, lost = contacts.take(state, lost=True)
    # A grounding is seen by the seats whose ships see her; a failed roll to get off shows only
    # as a ship that does not move, so only her own seat is told.
    grounded = [
        Grounded(turn=state.turn, phase=state.phase, ship=name, title=state.board.ship(name).title, what=what,
                 audience=frozenset({state.board.seat_of(name)}) if what == "stuck" else watchers(state, name))
        for name, what in grounding
    ]
    return Resolution(evolve(state, knowledge=tell(knowledge, (*lost, *grounded))),
                      (*told, *resolution.events, *lost, *grounded), (*roller.rolls, *resolution.rolls))


def lay_torpedoes(state: GameState, orders: Mapping[str, Mapping[str, tuple]]) -> Resolution:
    """Phase 3: each bank ordered fires its whole spread from the ship's front funnel. A seat
    numbers its own spreads 1, 2, ... (a number drawn from a count of the whole table's would
    tell it how many the others had fired)."""
    board: Board = state.board
    classes, spreads, fired = ship_classes(), list(board.spreads), []
    for seat, order in orders.items():
        number = 1 + sum(len(board.ship(n).torpedoes_fired) for n in board.seats[seat])
        for name, plan in order.items():
            ship = board.ship(name)
            tube = classes[ship.cls].torpedo
            for t in plan:
                spreads.append(torpedoes.Spread(number, name, t.bank, ship.at, t.course, tube.speed, tube.run * 10,
                                                tube.tubes, t.spread))
                number += 1
            if plan:
                fired.append(evolve(ship, torpedoes_fired=ship.torpedoes_fired | {t.bank for t in plan}))
    board = evolve(board.replace(*fired), spreads=tuple(spreads))
    return Resolution(evolve(state, board=board))


def apply_damage(state: GameState) -> Resolution:
    """All the turn's fire lands at once (2D); specials are applied with the owner's secret rolls."""
    board: Board = state.board
    table, classes = hit_table(), ship_classes()
    roller = Roller(state.dice, state.turn, TABLES)
    ships = {s.name: s for s in board.ships}
    told: dict[str, tuple[int, list[str]]] = {}
    keyed: set[tuple[str, str]] = set()
    for salvo in board.salvos:
        # A group of secondaries may split between two targets (4.5a): the second target's specials
        # are keyed by that target too, or they would roll the first's dice again. The first keeps
        # the key it always had, so every game played before verifies as it did.
        key = f"special/{salvo.firer}/{salvo.group}"
        key += f"/{salvo.target}" if (salvo.firer, salvo.group) in keyed else ""
        keyed.add((salvo.firer, salvo.group))
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
                f"{key}/{k}", deck >= cls.deck,
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
                title=board.ship(name).title, points=points, effects=tuple(words))
        for name, (points, words) in told.items()
    ]
    board, sunk = sink(board, state)
    state = evolve(state, board=board, dice=roller.dice, knowledge=tell(state.knowledge, (*events, *sunk)))
    return Resolution(evolve(state, outcome=decide(state)), (*events, *sunk), tuple(roller.rolls))


def cleanup(state: GameState) -> Resolution:
    """Smoke is removed; fires, flooding and sinking take their toll; the turn's damage is totted (8)."""
    board: Board = state.board
    roller = Roller(state.dice, state.turn, TABLES)
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
                words.append(f"flooding: {special.knots_lost(flooding)}")
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
                                  ship=ship.name, title=ship.title, points=points, effects=tuple(words)))
    board, sunk = sink(board.replace(*changed), state)
    board = evolve(board.replace(*(evolve(s, turn_damage=0) for s in board.ships)), smoke=(), smoke_laid_by=(), lit=frozenset())
    state = evolve(state, board=board, dice=roller.dice, knowledge=tell(state.knowledge, (*events, *sunk)))
    return Resolution(evolve(state, outcome=decide(state, last=True)), (*events, *sunk), tuple(roller.rolls))

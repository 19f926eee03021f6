"""What each seat is sent: its view each phase, its chart and briefing once, its answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


from fogbank.rules.core import UMPIRE, Answer, GameState, Refused, Resolution, fields

from .board import Board, Contact, Log
from .contacts import contact_map, shown_smoke
from .describe import answer_words
from .geometry import NAUTICAL_MILE, bearing, distance
from .howto import HOW
from .moves import CHASE, TURNING_RADIUS, Ahead, speed_limits
from .gunnery import hurts_within
from .scenario import hit_table, load_scenario, ship_classes
from .ships import MAINS, SECONDARIES, Ship, silenced, top_speed
from .sight import visibility
from .turn import writes_ahead

QUESTIONS = ("damage", "speed", "ammunition", "turrets", "torpedo_banks", "special", "engaged")


def clock(state: GameState) -> str:
    start = load_scenario(state.scenario).start
    minutes = int(start[11:13]) * 60 + int(start[14:16]) + 5 * (state.turn - 1)
    return f"{start[:11]}{minutes // 60 % 24:02d}:{minutes % 60:02d}"


def own_ship(ship: Ship, turn: int, printed: str | None = None) -> dict[str, Any]:
    cls = ship_classes()[ship.cls]
    least, most = speed_limits(ship, cls, turn, ship.backwards)
    return {
        "name": ship.name, "title": ship.title, "class": ship.cls, "at": list(ship.at), "course": ship.course,
        "speed": ship.speed, "backwards": ship.backwards, "aground": ship.aground, "sunk": ship.sunk, "damage": ship.damage,
        "points": cls.points, "top_speed": top_speed(ship, cls), "speed_range": [least, most],
        "turned": ship.turned / 4, "chasing": ship.chasing, "chased": ship.chased,
        "mounts": [
            {"name": m.name, "battery": m.battery, "group": m.group, "gun": m.gun,
             "guns": m.guns - ship.secondaries_out.get(m.name, 0), "out": m.name in ship.mounts_out,
             "salvos_left": (m.salvos * 4 - ship.used.get(m.name, 0)) / 4,
             # Why these guns may not fire this turn (4.2: damage, chasing splash, aground), or None.
             "silent": silenced(ship, m.battery, turn)}
            for m in cls.mounts
        ],
        "banks": [{"name": b.name, "out": b.name in ship.banks_out, "fired": b.name in ship.torpedoes_fired}
                  for b in cls.banks],
        "smoke_left": cls.smoke - ship.smoke_used, "rudder": ship.rudder, "on_course": ship.on_course / 4,
        "effects": {k: v for k, v in sorted(ship.effects.items()) if v >= turn},
        "levels_down": dict(ship.levels), "on_fire": bool(ship.fires), "flooding": bool(ship.flooding),
        "locked": {b: sorted(t) for b, t in sorted(ship.locked.items())},
        "first_move": printed,
    }


def in_sight(state: GameState, seat: str) -> tuple[Contact, ...]:
    """The ships the seat sees now: those of the last movement phase (in a turn's first phase,
    the last turn's), less any it was told sank since."""
    log: Log = state.knowledge[seat]
    sunk = log.sunk()
    latest = log.latest(state.turn - 1 if state.phase == "write_moves" else state.turn)
    return tuple(c for c in latest if c.ship not in sunk)


def seat_view(state: GameState, seat: str, since: int | None) -> dict[str, Any]:
    board: Board = state.board
    log: Log = state.knowledge[seat]
    own = [board.ship(n) for n in board.seats[seat]]
    first = state.turn if since is None else since
    outcome = state.outcome
    return {
        "turn": state.turn, "phase": state.phase, "time": clock(state),
        "write_ahead": writes_ahead(state, seat),
        "ships": [dict(own_ship(s, state.turn, _printed(state, s.name)), ahead=Ahead(board.ahead.get(s.name, ())).written())
                  for s in own],
        # A consort in sight is named with her seat: whom the phase still waits for is told from it.
        "contacts": [{**contact_map(c), "seat": board.seat_of(c.ship)} if c.side == own[0].side else contact_map(c)
                     for c in in_sight(state, seat)],
        "spreads": [{"number": t.number, "ship": t.ship, "bank": t.bank, "at": list(t.at), "course": t.course,
                     "speed": t.speed, "run_left": t.run_left, "spread": t.kind}
                    for t in board.spreads if t.ship in board.seats[seat]],
        "smoke": shown_smoke(state, seat),
        "reports": [r for r in log.reports if r["turn"] >= first],
        "answers": [{"question": dict(e.question), "answer": dict(e.answer), "text": answer_words(dict(e.question), dict(e.answer))}
                    for e in state.told.get(seat, ()) if isinstance(e, Answer) and e.turn == state.turn],
        "outcome": None if outcome is None else {"results": dict(outcome.results), "reason": outcome.reason},
    }


def _printed(state: GameState, ship: str) -> str | None:
    if state.turn != 1 or state.phase != "write_moves":
        return None
    return next(p.first_move for p in load_scenario(state.scenario).ships if p.name == ship)


def umpire_view(state: GameState) -> dict[str, Any]:
    board: Board = state.board
    return {
        "turn": state.turn, "phase": state.phase, "time": clock(state), "visibility": visibility(state) * 10,
        "ships": [dict(own_ship(s, state.turn), side=s.side, path=[list(p) for p in s.path],
                       ahead=Ahead(board.ahead.get(s.name, ())).written(),
                       length=ship_classes()[s.cls].length, funnel=ship_classes()[s.cls].funnel,
                       arcs={m.name: list(m.arc) for m in ship_classes()[s.cls].mounts})
                  for s in board.ships],
        "smoke": [[list(p) for p in line] for line in board.smoke],
        "spreads": [{"number": t.number, "ship": t.ship, "at": list(t.at), "course": t.course, "run_left": t.run_left,
                     "spread": t.kind} for t in board.spreads],
        "seats": {seat: list(ships) for seat, ships in board.seats.items()},
        "outcome": None if state.outcome is None else {"results": dict(state.outcome.results), "reason": state.outcome.reason},
    }


def chart(state: GameState, seat: str) -> dict[str, Any]:
    board: Board = state.board
    scenario = load_scenario(state.scenario)
    classes, table = ship_classes(), hit_table()
    return {
        "title": scenario.title, "scale": "1:12000", "unit": "tenths of an inch", "nautical_mile": NAUTICAL_MILE,
        "visibility": visibility(state) * 10, "turning_radius": TURNING_RADIUS // 10, "measure_within": NAUTICAL_MILE,
        "chase": CHASE / 4,  # inches chasing splash counts against her speed: the pad's preview of a move
        "land": [[list(p) for p in outline] for outline in scenario.land],
        "yours": list(board.seats.get(seat, ())) if seat != UMPIRE else [s.name for s in board.ships],
        "ships": [
            {"name": s.name, "title": s.title, "side": s.side, "class": s.cls, "type": classes[s.cls].type,
             "length": classes[s.cls].length, "funnel": classes[s.cls].funnel,
             "belt": classes[s.cls].belt / 100, "deck": classes[s.cls].deck / 100, "turret": classes[s.cls].turret / 100,
             "points": classes[s.cls].points, "speed": classes[s.cls].speed, "smoke": classes[s.cls].smoke,
             "groups": {g: [m.name for m in ms] for g, ms in classes[s.cls].groups().items()},
             "mounts": [{"name": m.name, "battery": m.battery, "group": m.group, "gun": m.gun, "guns": m.guns,
                         "salvos": m.salvos, "arc": list(m.arc)} for m in classes[s.cls].mounts],
             "banks": [{"name": b.name, "arc": list(b.arc)} for b in classes[s.cls].banks],
             "torpedo": {"speed": classes[s.cls].torpedo.speed, "run": classes[s.cls].torpedo.run,
                         "tubes": classes[s.cls].torpedo.tubes}}
            for s in board.ships
        ],
        # What hurts what (the rosters are open, 4.3): the hit table's range headings, and for each
        # gun its longest range and the longest at which a hit harms each class on the table.
        "range_headings": list(table.ranges),
        "guns": {
            gun.name: {"title": gun.title, "reach": table.ranges[gun.columns - 1],
                       "hurts": {c: hurts_within(gun, classes[c], table) for c in sorted({s.cls for s in board.ships})}}
            for gun in (table.guns[name] for name in sorted({m.gun for s in board.ships for m in classes[s.cls].mounts}))
        },
    }


def briefing(state: GameState, seat: str) -> dict[str, Any]:
    board: Board = state.board
    scenario = load_scenario(state.scenario)
    ships = board.seats.get(seat, ())
    side = board.ship(ships[0]).side if ships else None
    return {
        "title": scenario.title, "briefing": scenario.briefing, "start": scenario.start,
        "turn_limit": scenario.turn_limit, "ships": list(ships), "side": side,
        "mission": " ".join(scenario.sides[side].mission.split()) if side else "You see the whole action.",
        "reported": reported(scenario, ships[0]) if ships else [],
        "how": [{"what": what, "words": words} for what, words in HOW],
    }


def reported(scenario, ship: str) -> list[dict[str, Any]]:
    """Where the enemy was reported at the set-out, from the seat's first ship: bearing to ten
    degrees and range to ten inches, as a signal would give it (at night she is out of sight, and
    dummies stand on the table for her, set-out 5)."""
    placed = {p.name: p for p in scenario.ships}
    own = placed[ship]
    return [{"ship": p.name, "title": p.title, "bearing": (bearing(own.at, p.at) + 5) // 10 * 10 % 360,
             "range": (distance(own.at, p.at) + 50) // 100 * 100, "course": p.course}
            for p in scenario.ships if p.side != own.side]


def parse_question(payload: Mapping[str, Any]) -> tuple[str, str]:
    bad = f"Ask {{ship, ask}} with ask one of: {', '.join(QUESTIONS)}."
    question = fields.keyed(payload, "bad_question", bad)
    return fields.text(question.get("ship"), "bad_question", bad), fields.chosen(question.get("ask"), QUESTIONS, "bad_question", bad)


def answer(state: GameState, seat: str, question: tuple[str, str]) -> Resolution:
    """The open roster (4.3), from what the seat may know now: of its own ships all the roster
    says; of a ship it sees now, her roster in general terms (never her torpedoes loaded or
    fired, never a secret roll's result); of a ship it saw sink, that she sank; of any other,
    that she is not in sight. And 4.8: which ships of its side engaged a ship in the last fire."""
    board: Board = state.board
    name, ask = question
    if name not in {s.name for s in board.ships}:
        raise Refused("unknown_ship", f"There is no ship called {name!r} in this action.")
    ship = board.ship(name)
    if ask == "engaged":
        side = board.ship(board.seats[seat][0]).side
        told: dict[str, Any] = {"engaged_by": [s.name for s in board.ships if s.side == side and not s.sunk
                                               and any(name in t for t in s.locked.values())]}
    elif name in board.seats[seat] or name in {c.ship for c in in_sight(state, seat)}:
        told = roster(ship, ask, state.turn)
    elif name in state.knowledge[seat].sunk():
        told = {"sunk": True}
    else:
        told = {"in_sight": False}
    event = Answer(turn=state.turn, phase=state.phase, audience=frozenset({seat}),
                   question={"ship": name, "ask": ask}, answer=told)
    return Resolution(state, (event,))


def roster(ship: Ship, ask: str, turn: int) -> dict[str, Any]:
    """What a ship's roster shows in general terms."""
    cls = ship_classes()[ship.cls]
    if ask == "damage":
        return {"damage": ship.damage // 100 * 100, "of": cls.points, "sunk": ship.sunk}
    if ask == "speed":
        return {"top_speed": top_speed(ship, cls)}
    if ask == "ammunition":
        return {m.name: _about(ship.used.get(m.name, 0), m.salvos * 4) for m in cls.mounts}
    if ask == "turrets":
        return {
            "turrets": [m.name for m in cls.mounts if m.battery == MAINS and m.name not in ship.mounts_out],
            "secondaries": sum(m.guns - ship.secondaries_out.get(m.name, 0) for m in cls.mounts if m.battery == SECONDARIES),
        }
    if ask == "torpedo_banks":
        return {"banks": [b.name for b in cls.banks if b.name not in ship.banks_out]}
    return {"special": _specials(ship, turn)}


def _about(used: int, full: int) -> str:
    """Ammunition used, in quarters: "about a quarter"; "none" and "all" only when exactly so
    (14 of 16 quarter salvos used is about three quarters, not all)."""
    if used <= 0 or used >= full:
        return "none" if used <= 0 < full else "all"
    quarters = min(3, max(1, (8 * used + full) // (2 * full)))  # the nearest quarter, halves up
    return ("none", "about a quarter", "about half", "about three quarters", "all")[quarters]


def _specials(ship: Ship, turn: int) -> list[str]:
    """Lasting special damage in words, without the turns a secret roll gave it."""
    found = []
    if ship.rooms_lost:
        found.append(f"{ship.rooms_lost} engine room{'s' if ship.rooms_lost > 1 else ''} lost")
    if ship.knots_lost:
        found.append("speed lost")
    if ship.rudder != "working":
        found.append(f"rudder {ship.rudder}")
    if ship.fires:
        found.append("on fire")
    if ship.flooding or ship.sinking:
        found.append("flooding")
    if ship.levels or any(k.startswith("down:") and v >= turn for k, v in ship.effects.items()):
        found.append("fire control damaged")
    for effect, words in (("silent", "mains silenced"), ("cease", "guns silenced"), ("hard_over", "rudder jammed"),
                          ("lights", "searchlights out"), ("aircraft", "aircraft lost")):
        if ship.lasting(effect, turn):
            found.append(words)
    if any(k.startswith("cap") and v >= turn for k, v in ship.effects.items()):
        found.append("speed held down")
    return found


__all__ = ["answer", "briefing", "chart", "parse_question", "seat_view", "umpire_view"]

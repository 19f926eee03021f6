"""Picket: a toy ruleset that exercises the whole engine the way a new ruleset author would.

Two sides (blue, red), two captains a side, each with one ship on a strip of 20 sea areas; blue
also has a dummy marker. A turn has three phases: "move" (every afloat captain moves up to 2
areas), "fire" (every afloat captain names a track to fire at, or gives an empty fire plan),
and "damage" (nobody acts: hits are applied as the phase opens). A ship sees what is within 3
areas of it, its consorts too (so a captain is told, by name, which consorts in sight are still
to order); captains do not share a plot, even on one side. A dummy is never identified. A
captain may ask a lookout about a track (one roll, kept as an answer); an umpire's impossible
move is carried out as far as the rules allow (clamped to 2). After 6 turns, or when a side is
sunk, the side with more ships afloat wins.
"""

from __future__ import annotations

from typing import Mapping

import attrs

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.core import (
    UMPIRE, Answer, ByFaces, Dice, Event, Fidelity, GameState, Outcome, Plot, Position, Refused,
    Resolution, Roller, Ruleset, Seat, Sensor, Sighting, capped,
    fields,
)

STRIP = 20
SIGHT = 3
TURNS = 6
SEATS = (
    Seat("blue1", "blue", "HMS Alpha"),
    Seat("blue2", "blue", "HMS Bravo"),
    Seat("red1", "red", "SMS Cäsar"),
    Seat("red2", "red", "SMS Dora"),
)
START = {"blue1": 2, "blue2": 5, "red1": 14, "red2": 17, "blue3": 3}
# The "squadron" scenario gives blue a third captain: a seat of a side that one of its own side's
# private talk leaves out.
SQUADRON = (*SEATS, Seat("blue3", "blue", "HMS Charlie"))
UNITS = (*(seat.name for seat in SQUADRON), "dummy")  # what an override may move


FIRE = ByFaces(lambda faces, total: "hit" if faces[0] >= 5 else "miss")  # a 5 or 6 hits


def read_lookout(total: int) -> str:
    return "sure" if total >= 4 else "unsure"


def seats_in(scenario: str) -> tuple[Seat, ...]:
    return SQUADRON if scenario == "squadron" else SEATS


@attrs.frozen
class Unit:
    name: str  # a seat's ship, or "dummy"
    side: str
    area: int
    hits: int = 0
    dummy: bool = False

    @property
    def afloat(self) -> bool:
        return self.hits < 2


@attrs.frozen
class Board:
    units: tuple[Unit, ...]
    tracked: Mapping[str, Mapping[int, str]] = attrs.field(factory=dict)  # seat -> track -> unit name
    aimed: Mapping[str, str] = attrs.field(factory=dict)  # this turn's fire: seat -> unit name

    def unit(self, name: str) -> Unit:
        return next(u for u in self.units if u.name == name)


@attrs.frozen(kw_only=True)
class Fired(Event):
    kind = "fired"
    target: int
    hit: bool


@core.register
class Picket(Ruleset):
    name = "picket"
    title = "Picket: a toy for the engine's tests"
    phases = ("move", "fire", "damage")

    def scenarios(self):
        return ("picket", "squadron")

    def options(self, scenario):
        return {"dummy": core.Option(default=True, choices=(True, False), help="blue has a dummy marker")}

    def new_game(self, scenario, seed, options=None):
        units = [Unit(seat.name, seat.side, START[seat.name]) for seat in seats_in(scenario)]
        if (options or {}).get("dummy", True):
            units.append(Unit("dummy", "blue", 8, dummy=True))
        return GameState(
            ruleset=self.name, scenario=scenario, turn=1, dice=Dice(seed), board=Board(tuple(units)),
            knowledge={seat.name: Plot(owner=seat.name) for seat in seats_in(scenario)},
        )

    def seats(self, state):
        return seats_in(state.scenario)

    def seats_to_act(self, state):
        if state.phase == "damage":
            return frozenset()
        board: Board = state.board
        return frozenset(s.name for s in self.seats(state) if board.unit(s.name).afloat)  # own ship: known to its seat

    def parse_order(self, seat, payload):
        if not isinstance(payload, Mapping):
            raise Refused("bad_order", "An order is a map.")
        if "move" in payload:
            if type(payload["move"]) is not int:
                raise Refused("bad_order", "A move is a whole number of areas.")
            return {"move": payload["move"]}
        if "target" in payload and type(payload["target"]) is not int:
            raise Refused("bad_order", "A target is a track number.")
        return dict(payload)  # a fire plan; {} fires at nothing

    def unparse_order(self, order):
        return dict(order)

    def check_order(self, state, seat, order):
        if state.phase == "move":
            if "move" not in order:
                raise Refused("bad_order", "This is the move phase: give a move.")
            if abs(order["move"]) > 2:
                raise Refused("too_far", "A ship moves at most 2 areas a turn.")
        elif "move" in order:
            raise Refused("bad_order", "This is the fire phase: name a target or nothing.")
        elif "target" in order and state.knowledge[seat].track(order["target"]) is None:
            raise Refused("unknown_track", "There is no such track on your plot.")

    def carry_out(self, state, seat, order, refusal):
        if refusal.code != "too_far":
            raise refusal
        moved = max(-2, min(2, order["move"]))
        return {"move": moved}, f"Your ship could make only {abs(moved)} areas; it made them."

    def standing_order(self, state, seat):
        # Not {}: a seat that sent an empty fire plan must be told apart from one that sent none.
        return {"move": 0} if state.phase == "move" else {"standing": True}

    def resolve(self, state, orders):
        board: Board = state.board
        if state.phase == "move":
            units = tuple(
                attrs.evolve(u, area=max(0, min(STRIP - 1, u.area + orders[u.name]["move"])))
                if u.name in orders else u
                for u in board.units
            )
            board = attrs.evolve(board, units=units)
            return self._sense(attrs.evolve(state, board=board))
        if state.phase == "fire":
            aimed = {
                seat: board.tracked[seat][order["target"]] for seat, order in orders.items() if "target" in order
            }
            return Resolution(attrs.evolve(state, board=attrs.evolve(board, aimed=aimed)))
        return self._damage(state)

    def _sense(self, state):
        board: Board = state.board
        knowledge, tracked = dict(state.knowledge), {k: dict(v) for k, v in board.tracked.items()}
        for seat in self.seats(state):
            own = board.unit(seat.name)
            if not own.afloat:
                continue
            plot, mine = knowledge[seat.name], tracked.setdefault(seat.name, {})
            for unit in board.units:
                if unit.side == seat.side or not unit.afloat or abs(unit.area - own.area) > SIGHT:
                    continue
                close = abs(unit.area - own.area) <= 1
                sighting = capped(
                    Sighting(
                        turn=state.turn, phase=state.phase, sensor=Sensor.SIGHT,
                        fidelity=Fidelity.IDENTIFIED if close else Fidelity.CLASSIFIED,
                        position=Position(zone=str(unit.area)), kind="ship",
                        identity=unit.name if close else None,
                    ),
                    unit.dummy,
                )
                number = next((n for n, name in mine.items() if name == unit.name), None)
                plot, number = plot.report(sighting, number)
                mine[number] = unit.name
            knowledge[seat.name] = plot
        return Resolution(attrs.evolve(state, board=attrs.evolve(board, tracked=tracked), knowledge=knowledge))

    def _damage(self, state):
        board: Board = state.board
        roller, events, hits = Roller(state.dice, state.turn), [], {}
        for seat, target in sorted(board.aimed.items()):
            roll = roller.roll(f"fire/{seat}", "fire", read=FIRE)
            track = next(n for n, name in board.tracked[seat].items() if name == target)
            events.append(Fired(turn=state.turn, audience=frozenset({seat}), target=track, hit=roll.outcome == "hit"))
            if roll.outcome == "hit":
                hits[target] = hits.get(target, 0) + 1
        units = tuple(attrs.evolve(u, hits=u.hits + hits.get(u.name, 0)) for u in board.units)
        board = attrs.evolve(board, units=units, aimed={})
        afloat = {side: sum(1 for u in units if u.side == side and u.afloat and not u.dummy) for side in ("blue", "red")}
        outcome = None
        if state.turn >= TURNS or 0 in afloat.values():
            if afloat["blue"] == afloat["red"]:
                results = {"blue": "draw", "red": "draw"}
            else:
                winner = max(afloat, key=afloat.get)
                results = {side: "victory" if side == winner else "defeat" for side in afloat}
            outcome = Outcome(results, f"Ships afloat: blue {afloat['blue']}, red {afloat['red']}.")
        state = attrs.evolve(state, board=board, dice=roller.dice, outcome=outcome)
        return Resolution(state, tuple(events), tuple(roller.rolls))

    def parse_question(self, seat, payload):
        track = "Ask about a track by its number."
        return fields.whole(fields.keyed(payload, "bad_question", track).get("track"), "bad_question", track)

    def answer(self, state, seat, track):
        if state.knowledge[seat].track(track) is None:
            raise Refused("unknown_track", "There is no such track on your plot.")
        # The lookout's roll is keyed by the turn, the seat and the track, and a key is rolled
        # once a game: asked again this turn, he has answered already (asking is no re-roll).
        if any(isinstance(t, Answer) and t.turn == state.turn and t.question == {"track": track}
               for t in state.told.get(seat, ())):
            raise Refused("asked", "Your lookout has answered that this turn.")
        roller = Roller(state.dice, state.turn)
        roll = roller.roll(f"lookout/{seat}/{track}", "lookout", read=read_lookout)
        unit = state.board.unit(state.board.tracked[seat][track])
        told = {"damaged": unit.hits > 0} if roll.outcome == "sure" and not unit.dummy else {"damaged": None}
        event = Answer(turn=state.turn, phase=state.phase, audience=frozenset({seat}),
                       question={"track": track}, answer=told)
        return Resolution(attrs.evolve(state, dice=roller.dice), (event,), (roll,))

    def observe(self, state, seat, since=None):
        board: Board = state.board
        if seat == UMPIRE:
            return {"turn": state.turn, "phase": state.phase, "units": [attrs.asdict(u) for u in board.units]}
        own = board.unit(seat)
        outcome = state.outcome
        return {
            "turn": state.turn, "phase": state.phase, "area": own.area, "hits": own.hits,
            "consorts": consorts_in_sight(board, seat), "plot": to_plain(state.knowledge[seat]),
            "outcome": None if outcome is None else {"results": dict(outcome.results), "reason": outcome.reason},
        }

    def friends_to_act(self, view):
        return view["consorts"] if view["phase"] in ("move", "fire") else ()

    def chart(self, state, seat):
        return {"areas": STRIP}

    def parse_override(self, payload):
        move = "Move a unit: {unit, area}."
        override = fields.keyed(payload, "bad_override", move)
        fields.whole(override.get("area"), "bad_override", move)
        fields.chosen(override.get("unit"), UNITS, "bad_override", move)
        return override

    def apply_override(self, state, override, reason):
        board: Board = state.board
        units = tuple(attrs.evolve(u, area=override["area"]) if u.name == override["unit"] else u for u in board.units)
        event = core.OverrideApplied(turn=state.turn, what=f"{override['unit']} to {override['area']}", reason=reason)
        return Resolution(attrs.evolve(state, board=attrs.evolve(board, units=units)), (event,))

    def bot(self, scenario, seat, chart):
        return PicketBot()

    def table_reader(self, table):
        return {"fire": FIRE,
                "lookout": read_lookout}.get(table)

    def error_codes(self):
        return {"bad_order": "Not an order of this phase.", "too_far": "More than 2 areas.",
                "unknown_track": "No such track.", "bad_question": "Not a question.",
                "asked": "Answered this turn.", "bad_override": "Not an override."}


@core.register
class PassingPicket(Picket):
    """Picket whose captains with no track on their plot are passed over in the fire phase: the
    engine's pass of a seat with nothing to order, tried as a ruleset author would."""

    name = "picket_passes"

    def nothing_to_order(self, view, chart):
        return view["phase"] == "fire" and not view["plot"]["tracks"]


def consorts_in_sight(board: Board, seat: str) -> list[str]:
    """The captain's own side's ships afloat within sight of hers, by seat (none once she is sunk)."""
    own = board.unit(seat)
    return sorted(
        u.name for u in board.units
        if u.side == own.side and u.name != seat and not u.dummy and u.afloat and own.afloat
        and abs(u.area - own.area) <= SIGHT
    )


class PicketBot:
    """Closes on the nearest track and fires at the latest seen; plays from its own view only."""

    def order(self, view):
        tracks = view["plot"]["tracks"]
        if view["phase"] == "move":
            if not tracks:
                return {"move": 2 if view["area"] < STRIP // 2 else -2}
            area = int(tracks[-1]["sightings"][-1]["position"]["zone"])
            return {"move": max(-2, min(2, area - view["area"]))}
        seen = [t for t in tracks if t["sightings"][-1]["turn"] == view["turn"]]
        return {"target": seen[0]["number"]} if seen else {}

    def standing(self, view):
        return {"move": 0} if view["phase"] == "move" else {"standing": True}

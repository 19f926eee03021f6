"""The working copy of one phase's resolution: dice, reports, units changed in place, and the
new state built at the end (each seat's picture and reports). Lives only inside `resolve`."""

from __future__ import annotations

import functools
import hashlib
import hmac
from typing import Any, Iterable

from fogbank.rules.core import GameState, Modifier, Outcome, Resolution, Roll, Roller
from fogbank.rules.core.copies import evolve

from . import hexes, sensing
from .board import Board, Report, SeatLog, Told
from .scenario import Scenario
from .tables import TABLES
from .units import DUMMY, FORT, SINKING_HITS, ZEPPELIN, Unit


class Work:
    def __init__(self, state: GameState, scenario: Scenario, turn: int | None = None) -> None:
        self.state, self.scenario = state, scenario
        # Phase One is worked for the next turn: the turn moves on with the roller's.
        self.roller = Roller(state.dice, state.turn if turn is None else turn)
        self.phase = state.phase
        self.board: Board = state.board
        self.units: dict[str, Unit] = {u.id: u for u in self.board.units}
        self.events: list[Told] = []
        self.told: dict[str, list[Report]] = {}
        self.fog = state.options.get("fog", scenario.fog)

    # Dice.

    @property
    def turn(self) -> int:
        return self.roller.turn

    @turn.setter
    def turn(self, turn: int) -> None:
        self.roller.turn = turn

    @property
    def rolls(self) -> list[Roll]:
        return self.roller.rolls

    def roll(self, key: str, table: str, modifiers: Iterable[Modifier] = ()) -> Roll:
        return self.roller.roll(key, table, TABLES[table].dice, modifiers, read=TABLES[table].read)

    def outcome_of(self, key: str, table: str) -> str:
        return self.roll(key, table).outcome

    # Reports.

    def tell(self, seats: Iterable[str], what: str, text: str, **facts: Any) -> None:
        seats = frozenset(seats)
        self.events.append(Told(turn=self.turn, audience=seats, what=what, text=text, facts=facts))
        for seat in sorted(seats):
            self.told.setdefault(seat, []).append(Report(turn=self.turn, phase=self.phase, kind=what, text=text, facts=facts))

    def note(self, what: str, text: str, **facts: Any) -> None:
        """For the umpire alone."""
        self.events.append(Told(turn=self.turn, what=what, text=text, facts=facts))

    def seats_of(self, who: str) -> tuple[str, ...]:
        """The seats an observer (a side, or a seat) stands for; a side's seats by its name."""
        return tuple(s.name for s in self.scenario.seats if s.name == who or s.side == who)

    def label(self, who: str, uid: str) -> int | None:
        return self.board.labels.get(who, {}).get(uid)

    # Units.

    def put(self, unit: Unit) -> None:
        self.units[unit.id] = unit

    def afloat(self) -> list[Unit]:
        return [u for u in self.units.values() if u.afloat]

    def damage(self, uid: str, result: str) -> str:
        """Apply a CRT result ("-", W, S, WS, 2W, X); returns what became of the unit (a ship, fort
        or zeppelin: a dummy is never fired at, since fire needs a detected target and a dummy
        detected is removed)."""
        unit = self.units[uid]
        if result == "-" or not unit.afloat:
            return "unharmed"
        w = 2 if "2W" in result else result.count("W")
        s = result.count("S")
        if unit.kind == ZEPPELIN:
            if s == 0 and result != "X":
                return "unharmed"
            self.put(evolve(unit, sunk=True))
            self._score(unit)
            return "destroyed"
        if unit.kind == FORT:
            w = min(3, unit.w + (3 if result == "X" else w))  # S hits have no effect on forts
            self.put(evolve(unit, w=w, fresh_w=unit.fresh_w + w - unit.w))
            if w >= 3 and unit.w < 3:
                self._score(unit)
                return "destroyed"
            return "damaged" if w > unit.w else "unharmed"
        new = evolve(unit, w=unit.w + w, s=unit.s + s, fresh_w=unit.fresh_w + w, fresh_s=unit.fresh_s + s)
        if new.w >= 3:
            new = evolve(new, radar_lost=True)  # 12.12
        if result == "X" or new.w + new.s >= SINKING_HITS:
            new = evolve(new, sunk=True)
            self._score(new)
        self.put(new)
        return "sunk" if new.sunk else "damaged"

    def _score(self, unit: Unit) -> None:
        points = dict(self.board.points)
        for side in self.scenario.sides:
            if side != unit.side:
                points[side] = points.get(side, 0) + unit.points
        self.board = evolve(self.board, points=points)

    # Detection and pictures.

    def sense(self, stage: str) -> None:
        """Detect (12.21); dummies detected are found out and removed (12.22)."""
        board = evolve(self.board, units=tuple(self.units.values()))
        found = sensing.detect(self.scenario, board, self.turn, lambda k, t: self.outcome_of(k, t), stage)
        for who, seen in found.items():
            for uid in sorted(seen):
                unit = self.units.get(uid)
                if unit is not None and unit.kind == DUMMY:
                    label = self.label(who, uid)
                    if label is not None:
                        self.tell(self.seats_of(who), "dummy_found", f"Marker {label} was a dummy; it is taken off the map.", label=label)
                    del self.units[uid]
                    self.note("dummy_removed", f"{uid} detected and removed.", unit=uid)
        self.board = evolve(
            self.board,
            detected={who: frozenset(u for u in seen if u in self.units) for who, seen in found.items()},
            sensed={who: {u: how for u, how in seen.items() if u in self.units} for who, seen in found.items()},
        )

    def finish(self, outcome: Outcome | None = None) -> Resolution:
        board = evolve(self.board, units=tuple(self.units.values()))
        labels = {who: dict(found) for who, found in board.labels.items()}
        next_label = dict(board.next_label)
        knowledge = dict(self.state.knowledge)
        pictures: dict[str, tuple] = {}
        for who in sensing.observers(self.scenario):
            detected = board.detected.get(who, frozenset())
            units = sensing.shown(self.scenario, board, who, self.fog, detected)
            mine = labels.setdefault(who, {})
            # New labels go in hex order (the hexes are shown); units sharing a hex in an order the
            # game's secret seed shuffles, so the lower label says nothing of which is real.
            shuffle = functools.partial(_shuffled, self.roller.seed, f"label/{who}/{self.turn}/{self.phase}/")
            for unit in sorted(units, key=lambda u: (hexes.number(u.hex), shuffle(u.id))):
                if unit.id not in mine:
                    mine[unit.id] = next_label.get(who, 1)
                    next_label[who] = mine[unit.id] + 1
            side = sensing.side_of(self.scenario, who)
            sensed = board.sensed.get(who, {})
            eyes = [u.id for u in board.units if sensing.belongs(self.scenario, u, who)]
            pictures[who] = tuple(
                sensing.contact(u, mine[u.id], u.id in detected or u.kind == FORT, side, sensed.get(u.id, ""),
                                self.scenario.night and u.id in detected and sensing.lit(board, u, eyes))
                for u in sorted(units, key=lambda u: mine[u.id])
            )
        for seat in self.scenario.seats:
            log: SeatLog = knowledge[seat.name]
            knowledge[seat.name] = evolve(
                log,
                contacts=pictures[sensing.observer(self.scenario, seat.name)],
                reports=(*log.reports, *self.told.get(seat.name, ())),
            )
        board = evolve(board, labels=labels, next_label=next_label)
        state = evolve(self.state, board=board, dice=self.roller.dice, knowledge=knowledge,
                             outcome=outcome or self.state.outcome)
        return Resolution(state, tuple(self.events), tuple(self.roller.rolls))


def _shuffled(seed: bytes, context: str, uid: str) -> bytes:
    """A sort key for `uid` that only the seed's holder can predict: a seeded shuffle."""
    return hmac.new(seed, (context + uid).encode(), hashlib.sha256).digest()

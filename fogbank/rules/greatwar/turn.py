"""A turn of the campaign as the rules resolve it: the board, the seats' intel, the dice, and the
words each side is told. The phases themselves: plotting (orders), movement (move and contact,
zone by zone), missions (after the battles), upkeep (before the next orders)."""

from __future__ import annotations

from typing import Iterable

from fogbank.rules.core import Event, Fidelity, GameState, Outcome, Position, Resolution, Sensor, Sighting
from fogbank.rules.core.copies import evolve
from fogbank.rules.core.dice import Roller

from .board import Board, Fleet, Intel, Note, Report
from .events import News, Record, Sighted
from .scenario import Scenario
from .tables import READERS

FUEL_ZONES = 9  # advanced strategic rule 4: a fuel box every 9 zones
MINE_HIT = 2  # hull boxes a mine costs (designed)


def is_day(turn: int) -> bool:
    return turn % 2 == 1


def seaplane_bases(scenario: Scenario, side: str) -> list:
    """Advanced strategic rule 2: the side's bases whose seaplanes attack (1915 on, never Russian's)."""
    if scenario.year < 1915 or side == "russia":
        return []
    return sorted((z for z in scenario.zones.values() if z.aircraft and z.side == side), key=lambda z: z.id)


def seaplane_reach(base) -> int:
    return 2 if base.base == "major" else 1


class Turn:
    """One phase's resolution: the board, the seats' intel, events and rolls as they pile up."""

    def __init__(self, state: GameState, scenario: Scenario):
        self.state, self.s = state, scenario
        self.board: Board = state.board
        self.intel: dict[str, Intel] = dict(state.knowledge)
        self.roller = Roller(state.dice, state.turn, READERS)
        self.events: list[Event] = []

    # -- helpers ---------------------------------------------------------------------------

    def seats_of(self, side: str) -> frozenset[str]:
        return frozenset(name for name, s, _ in self.s.seats if s == side)

    def fleets(self, side: str | None = None) -> list[Fleet]:
        return [f for f in self.board.fleets if side is None or f.side == side]

    def put(self, fleet: Fleet) -> None:
        self.board = evolve(self.board, fleets=tuple(fleet if f.id == fleet.id else f for f in self.board.fleets))

    def news(self, side: str, text: str, fleet: str | None = None, rule: str = "") -> None:
        """Tell every seat of `side`: kept in each seat's intel (its view shows it), and logged;
        `rule` names the rule the news shows in use, for the arena's count (measures.py)."""
        seats = self.seats_of(side)
        note = Note(turn=self.state.turn, phase=self.state.phase, text=text, fleet=fleet)
        for seat in seats:
            self.intel[seat] = evolve(self.intel[seat], news=(*self.intel[seat].news, note))
        self.events.append(News(turn=self.state.turn, phase=self.state.phase, audience=seats, text=text, fleet=fleet, rule=rule))

    def record(self, text: str) -> None:
        self.events.append(Record(turn=self.state.turn, text=text))

    def tell(self, seats: Iterable[str], fleet: Fleet, source: str, zone: str, ships: bool = False,
             next_zone: str | None = None, text: str = "") -> None:
        """Report `fleet` to `seats`: on each seat's plot (its own track number) and its reports."""
        tracked = {k: dict(v) for k, v in self.board.tracked.items()}
        for seat in sorted(seats):
            intel = self.intel[seat]
            mine = tracked.setdefault(seat, {})
            sighting = Sighting(
                turn=self.state.turn, phase=self.state.phase,
                sensor={"contact": Sensor.SIGHT, "battle": Sensor.SIGHT, "aerial": Sensor.AIRCRAFT}.get(source, Sensor.REPORT),
                fidelity=Fidelity.IDENTIFIED if ships else Fidelity.LOCATED, position=Position(zone=zone),
                kind="fleet", count=len(fleet.ships) if ships else None, identity=fleet.name if ships else None,
            )
            plot, number = intel.plot.report(sighting, mine.get(fleet.id))
            mine[fleet.id] = number
            report = Report(turn=self.state.turn, phase=self.state.phase, source=source, zone=zone, track=number,
                            ships=tuple(fleet.ships) if ships else None, next_zone=next_zone, text=text)
            self.intel[seat] = evolve(intel, plot=plot, reports=(*intel.reports, report))
            self.events.append(Sighted(turn=report.turn, phase=report.phase, audience=frozenset({seat}), source=source,
                                       zone=zone, track=number, ships=report.ships, next_zone=next_zone, text=text,
                                       zone_name=self.s.zones[zone].name,
                                       next_zone_name=self.s.zones[next_zone].name if next_zone in self.s.zones else ""))
        self.board = evolve(self.board, tracked=tracked)

    def damage(self, name: str, boxes: int) -> None:
        ship, cls = self.board.ships[name], self.s.ships[name]
        hits = min(cls.hull, ship.hits + boxes)
        slowed = max(ship.speed_lost, 1 if hits * 2 >= cls.hull else 0)
        self.set_ship(evolve(ship, hits=hits, speed_lost=slowed, damaged_turn=self.state.turn))

    def set_ship(self, ship) -> None:
        self.board = evolve(self.board, ships={**self.board.ships, ship.name: ship})

    def battery(self, zone: str) -> int:
        """Advanced strategic rule 10: a port's primary guns, half a die rounded up, rolled when
        first needed (so no roll is made before play), then kept."""
        guns = self.board.batteries.get(zone)
        if guns is None:
            guns = int(self.roller.roll(f"battery/{zone}", "shore battery").outcome)
            self.board = evolve(self.board, batteries={**self.board.batteries, zone: guns})
        return guns

    def title(self, side: str) -> str:
        """A side in words (the scenario's title: "Central Powers", "Russia")."""
        return self.s.sides[side].get("title", side)

    def seat_title(self, seat: str) -> str:
        return next(title for name, _, title in self.s.seats if name == seat)

    def clear_sunk(self, cause: str) -> None:
        """Sunk ships leave their fleets; a fleet with none left is gone; points to the sinker. The
        side is told each loss and its `cause` ("by a mine", "in battle", ...)."""
        points = dict(self.board.points)
        fleets = []
        for f in self.board.fleets:
            sunk = [n for n in f.ships if self.board.ships[n].sunk(self.s.ships[n])]
            for n in sunk:
                points[self.s.enemy(f.side)] += self.s.ships[n].hull
                # Where: a seat is not told a teammate's battle, only its side's losses.
                whose = "" if f.ships == (n,) and f.name == n else f" of {f.name}"
                self.news(f.side, f"{n}{whose} is sunk {cause} in {self.s.zones[f.zone].name}.", f.id)
            if len(sunk) < len(f.ships):
                fleets.append(evolve(f, ships=tuple(n for n in f.ships if n not in sunk)))
        self.board = evolve(self.board, fleets=tuple(fleets), points=points)

    def done(self, outcome: Outcome | None = None) -> Resolution:
        state = evolve(self.state, board=self.board, knowledge=self.intel, dice=self.roller.dice,
                             outcome=outcome or self.state.outcome)
        return Resolution(state, tuple(self.events), tuple(self.roller.rolls))

    def nearest_base(self, fleet: Fleet) -> str:
        return min(self.s.bases(fleet.side), key=lambda b: (self.s.distances[fleet.zone][b.id], b.id)).id

    def step_towards(self, zone: str, goal: str) -> str:
        if zone == goal:
            return zone
        d = self.s.distances[goal]
        return min(self.s.zones[zone].adjacent, key=lambda z: (d[z], z))



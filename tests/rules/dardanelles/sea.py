"""Small made-up seas for testing the rules one at a time, and loaded dice."""

from __future__ import annotations

import re
from typing import Callable

import attrs

from fogbank.rules.core import Dice, GameState
from fogbank.rules.core import dice as dice_module
from fogbank.rules.dardanelles import turn
from fogbank.rules.dardanelles.board import Board, BoatLog
from fogbank.rules.dardanelles.chart import Chart, Course, parse_square
from fogbank.rules.dardanelles.events import SUBMARINE
from fogbank.rules.dardanelles.scenario import Scenario, Victory
from fogbank.rules.dardanelles.units import Boat, Leg, Level, Order, Vessel, VesselType

OPEN_SEA = ["." * 20] * 20  # 20 x 20 squares of open water; A1 south-west, T20 north-east


def chart(terrain=OPEN_SEA, *, tide=None, searchlight=(), batteries=(), zones=None, places=()) -> Chart:
    rows, columns = len(terrain), len(terrain[0])
    squares = {(x, rows - 1 - i): c for i, line in enumerate(terrain) for x, c in enumerate(line)}
    return Chart(
        name="test sea",
        columns=columns,
        rows=rows,
        sea=frozenset(sq for sq, c in squares.items() if c == "."),
        tide={parse_square(k): Course(v) for k, v in (tide or {}).items()},
        searchlight=frozenset(parse_square(s) for s in searchlight),
        batteries=frozenset(parse_square(s) for s in batteries),
        zones={parse_square(k): v for k, v in (zones or {}).items()},
        places=tuple(places),
    )


def scenario(
    *,
    sea: Chart | None = None,
    start: str = "1914-12-13T10:00",
    boat_at: str = "J10",
    level: Level = Level.SURFACE,
    minefields: dict[str, int] | None = None,
    vessels: dict[str, str] | None = None,  # square -> vessel type
    sink=(),
    reach="X",
    turn_limit=99,
    air=20,
    battery=36,
    tubes=2,
    spare=2,
) -> Scenario:
    sea = sea or chart()
    vessel_list = tuple(
        Vessel(number=n, type=VesselType(kind), name=None, square=parse_square(sq))
        for n, (sq, kind) in enumerate((vessels or {}).items(), 1)
    )
    return Scenario(
        id="test",
        title="test",
        briefing="",
        chart=sea,
        start=start,
        turn_limit=turn_limit,
        boat=Boat(
            name="B11",
            square=parse_square(boat_at),
            level=level,
            air=air,
            battery=battery,
            tubes=tubes,
            loaded=tubes,
            spare=spare,
        ),
        minefields={parse_square(k): v for k, v in (minefields or {}).items()},
        vessels=vessel_list,
        victory=Victory(sink=tuple(sink), reach=reach),
    )


def new_state(s: Scenario, seed: bytes = b"\x01" * 32) -> GameState:
    board = Board(boat=s.boat, vessels=s.vessels, minefields=dict(s.minefields), track=(s.boat.square,))
    return GameState(
        ruleset="dardanelles",
        scenario=s.id,
        turn=1,
        dice=Dice(seed),
        board=board,
        knowledge={SUBMARINE: BoatLog.at_start(s.boat)},
    )


def order(course="N", speed=0, level=Level.SURFACE, fire=None, *, legs=None, fix=False) -> Order:
    """An hour's order: one leg `course` and `speed`, or `legs` as (course, speed) pairs."""
    legs = tuple(Leg(Course(c), n) for c, n in (legs or [(course, speed)]))
    return Order(legs=legs, level=level, fire=fire, fix=fix)


def play(state: GameState, s: Scenario, o: Order):
    """The hour resolved, and the clock moved on as the core moves it."""
    resolution = turn.resolve(state, s, o)
    return attrs.evolve(resolution, state=attrs.evolve(resolution.state, turn=state.turn + 1))


@attrs.define
class LoadedDice:
    """Replaces the seeded dice: faces chosen by a regular expression on the roll's key."""

    rules: list[tuple[str, tuple[int, ...]]] = attrs.field(factory=list)

    def set(self, pattern: str, *faces: int) -> "LoadedDice":
        self.rules.insert(0, (pattern, faces))
        return self

    def faces(self, real: Callable) -> Callable:
        def derive(seed: bytes, key: str, count: int, sides: int) -> tuple[int, ...]:
            for pattern, faces in self.rules:
                if re.search(pattern, key):
                    assert len(faces) == count, f"{key} rolls {count} dice"
                    return faces
            return real(seed, key, count, sides)

        return derive


def load_dice(monkeypatch) -> LoadedDice:
    loaded = LoadedDice()
    monkeypatch.setattr(dice_module, "derive_faces", loaded.faces(dice_module.derive_faces))
    return loaded

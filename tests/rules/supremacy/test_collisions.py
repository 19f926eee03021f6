"""Collisions in movement (2.8c) as the ships are left by them: a ship giving way is put 6 inches
off the other even when her own path is too short to take her back so far, a ship stopped by a
collision has the speed she really made, and her smoke is laid only where she went (2.11)."""

from __future__ import annotations

import math

import attrs

from fogbank.rules.supremacy import turn
from fogbank.rules.supremacy.geometry import within
from fogbank.rules.supremacy.ramming import touching
from fogbank.rules.supremacy.scenario import ship_classes

from .test_game import RULES, start

CLASSES = ship_classes()


def moving(placed: dict, written: dict):
    """Turn 5's movement with ships placed (name -> Ship fields) and their moves written."""
    state = start().state
    board = state.board
    ships = [attrs.evolve(board.ship(n), started_at=given["at"], **given) for n, given in placed.items()]
    moves = {n: RULES.parse_order(n, {"ships": {n: {"move": m}}})[n] for n, m in written.items()}
    board = attrs.evolve(board.replace(*ships), moves=moves)
    return attrs.evolve(state, turn=5, phase="execute_moves", board=board)


def run_length(path) -> float:
    return sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))


FAR = {"graf_spee": {"at": (0, 3000), "course": 0, "speed": 14},
       "ajax": {"at": (3000, 0), "course": 0, "speed": 14}}  # well clear of the two that meet
FAR_MOVES = {"graf_spee": "A7", "ajax": "A7"}


def test_ships_that_begin_a_move_touching_are_not_frozen_where_they_stand():
    """Seed 51, game 34: Exeter (right of way, a CA) was left 0.6 inch from Achilles, bow to bow;
    from then on Achilles could not go back 6 inches along a path of her own and both were put
    back to where they began, every turn for 7 turns, Exeter counting her written 28 knots."""
    state = moving({**FAR, "achilles": {"at": (-115, 142), "course": 10, "speed": 5},
                    "exeter": {"at": (-120, 146), "course": 190, "speed": 28}},
                   {**FAR_MOVES, "achilles": "A2.5", "exeter": "A11 R3"})
    after = turn.execute_moves(state).state.board
    achilles, exeter = after.ship("achilles"), after.ship("exeter")
    assert (achilles.at, exeter.at) != ((-115, 142), (-120, 146))
    assert not within(achilles.at, (-120, 146), 60)  # Achilles is put 6 inches off Exeter
    assert not touching(achilles.model(CLASSES[achilles.cls]), exeter.model(CLASSES[exeter.cls]))
    for ship in (achilles, exeter):  # each has the speed she made: two knots an inch of her path
        assert abs(ship.speed - 2 * run_length(ship.path) / 10) <= 1.5, ship


def test_a_ship_with_right_of_way_stopped_at_the_point_of_collision_made_only_the_way_she_ran():
    """2.8c: she "is left at the point of collision": Exeter running 16 inches straight at
    Achilles, who cannot get out of her way, is stopped short and has not made 32 knots."""
    state = moving({**FAR, "achilles": {"at": (0, 100), "course": 180, "speed": 2},
                    "exeter": {"at": (0, -40), "course": 0, "speed": 32}},
                   {**FAR_MOVES, "achilles": "A1", "exeter": "A16"})
    after = turn.execute_moves(state).state.board
    exeter, achilles = after.ship("exeter"), after.ship("achilles")
    assert exeter.at[1] < -40 + 160  # short of the end of her move
    assert not touching(achilles.model(CLASSES[achilles.cls]), exeter.model(CLASSES[exeter.cls]))
    assert exeter.speed < 32 and abs(exeter.speed - 2 * run_length(exeter.path) / 10) <= 1.5
    assert exeter.path[-1] == exeter.at


def test_smoke_is_laid_only_where_a_ship_giving_way_really_went():
    """2.11: the smoke runs from her funnel where she started to her funnel where she ends.
    Achilles laying smoke gives way to Exeter head on: her smoke stops where she does, not
    along the 14 inches she had written past her."""
    state = moving({**FAR, "achilles": {"at": (0, 100), "course": 180, "speed": 28},
                    "exeter": {"at": (0, -100), "course": 0, "speed": 28}},
                   {**FAR_MOVES, "achilles": "LS A14", "exeter": "A14"})
    after = turn.execute_moves(state).state.board
    achilles = after.ship("achilles")
    (line,) = after.smoke
    assert line[0] == (0, 100) and line[-1] == achilles.at
    assert tuple(line) == tuple(achilles.path)
    assert all(p[1] >= achilles.at[1] - 1 or p[0] != 0 for p in line)  # none south of where she stopped


def test_a_ship_put_off_runs_the_rest_of_her_move_as_written():
    """2.8c: "The rest of its move is straight ahead": Achilles, touching Exeter as the move
    begins and put 6 inches off her, runs all 15 inches she wrote (a turn's chords ran short)."""
    state = moving({**FAR, "achilles": {"at": (-115, 142), "course": 10, "speed": 30},
                    "exeter": {"at": (-120, 146), "course": 190, "speed": 28}},
                   {**FAR_MOVES, "achilles": "L8 A7", "exeter": "A11 R3"})
    achilles = turn.execute_moves(state).state.board.ship("achilles")
    assert len(achilles.path) == 2 and abs(run_length(achilles.path) - 150) <= 1
    assert achilles.speed == 30

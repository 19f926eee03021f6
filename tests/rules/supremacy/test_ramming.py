"""Ramming (2.8, 2.9): enemies give way, friends may collide, and a ram's damage."""

from __future__ import annotations

import attrs

from fogbank.rules import core
from fogbank.rules.supremacy import ramming
from fogbank.rules.supremacy.damage import Roller
from fogbank.rules.supremacy.geometry import NAUTICAL_MILE, within
from fogbank.rules.supremacy.scenario import ship_classes

from .test_game import start

CLASSES = ship_classes()


def head_on(a_name, b_name):
    """Two ships steaming straight at each other: their models meet mid-move."""
    board = start().state.board
    a = attrs.evolve(board.ship(a_name), at=(0, 80), course=0, speed=30, path=((0, 0), (0, 80)))
    b = attrs.evolve(board.ship(b_name), at=(0, 20), course=180, speed=30, path=((0, 100), (0, 20)))
    return {a.name: a, b.name: b}


def test_enemies_never_ram_the_one_without_right_of_way_gives_way_6_inches_off():
    ships = head_on("graf_spee", "ajax")  # a CA has the right of way over a CL
    happened = ramming.resolve(ships, CLASSES, Roller(core.Dice(b"\0" * 32), 3))
    assert happened == [("avoided", "ajax", "graf_spee")]
    ajax, spee = ships["ajax"], ships["graf_spee"]
    assert ajax.course == 180 and ajax.damage == spee.damage == 0
    assert spee.at[1] < 80  # left short of the end of her move, where they would have met
    assert ramming.first_contact(ajax, spee, CLASSES) is None


def test_friends_without_right_of_way_who_fail_to_avoid_ram_and_lie_locked_together():
    for seed in range(30):
        ships = head_on("ajax", "achilles")
        roller = Roller(core.Dice(bytes([seed]) * 32), 3)
        happened = ramming.resolve(ships, CLASSES, roller)
        if happened == [("rammed", "achilles", "ajax")]:
            assert roller.rolls[0].table == "avoid" and roller.rolls[0].outcome == "collide"
            # closing at 60 knots: a -2 torpedo hit, a cruiser's 600 points doubled
            assert ships["ajax"].damage == ships["achilles"].damage == 1200
            assert ships["ajax"].sunk is False and ships["ajax"].effects["cap0"] > 100
            return
        (what, giver, way), = happened
        assert what == "avoided" and within(ships[giver].at, ships[way].at, NAUTICAL_MILE) is False
    raise AssertionError("no collision in 30 seeds")


def test_the_speed_differential_sets_the_torpedo_hit():
    board = start().state.board
    a = attrs.evolve(board.ship("ajax"), course=0, speed=30)
    assert ramming.speed_modifier(a, attrs.evolve(a, speed=25)) == 1
    assert ramming.speed_modifier(a, attrs.evolve(a, course=90)) == -2  # 42 knots across
    assert [ramming.ram_points(600, m) for m in (1, 0, -1, -2)] == [300, 600, 900, 1200]

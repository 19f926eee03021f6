"""Ramming (2.8, 2.9): enemies give way, friends may collide, and a ram's damage."""

from __future__ import annotations

import attrs

from fogbank.rules import core
from fogbank.rules.core import Roller
from fogbank.rules.supremacy import ramming
from fogbank.rules.supremacy.damage import TABLES
from fogbank.rules.supremacy.geometry import NAUTICAL_MILE, within
from fogbank.rules.supremacy.scenario import ship_classes

from .test_game import start

CLASSES = ship_classes()


def head_on(a_name, b_name, speed=30):
    """Two ships steaming straight at each other: their models meet mid-move."""
    board = start().state.board
    a = attrs.evolve(board.ship(a_name), at=(0, 80), course=0, speed=speed, path=((0, 0), (0, 80)))
    b = attrs.evolve(board.ship(b_name), at=(0, 20), course=180, speed=speed, path=((0, 100), (0, 20)))
    return {a.name: a, b.name: b}


def test_enemies_never_ram_the_one_without_right_of_way_gives_way_6_inches_off():
    ships = head_on("graf_spee", "ajax")  # a CA has the right of way over a CL
    happened = ramming.resolve(ships, CLASSES, Roller(core.Dice(b"\0" * 32), 3, TABLES))
    assert happened == [("avoided", "ajax", "graf_spee")]
    ajax, spee = ships["ajax"], ships["graf_spee"]
    assert ajax.course == 180 and ajax.damage == spee.damage == 0
    assert spee.at[1] < 80  # left short of the end of her move, where they would have met
    assert ramming.first_contact(ajax, spee, CLASSES) is None


def test_friends_without_right_of_way_who_fail_to_avoid_ram_and_lie_locked_together():
    for seed in range(30):
        ships = head_on("ajax", "achilles", speed=12)
        roller = Roller(core.Dice(bytes([seed]) * 32), 3, TABLES)
        happened = ramming.resolve(ships, CLASSES, roller)
        if happened == [("bow_to_bow", "achilles", "ajax")]:  # bow to bow at one speed: both ram
            assert roller.rolls[0].table == "avoid" and roller.rolls[0].outcome == "collide"
            # closing at 24 knots: a -1 torpedo hit, a cruiser's 600 points and a half
            assert ships["ajax"].damage == ships["achilles"].damage == 900
            assert ships["ajax"].sunk is False and ships["ajax"].effects["cap0"] > 100
            # locked together where they met, not each at the end of her move
            leander = CLASSES["leander"]
            assert ramming.touching(ships["ajax"].model(leander), ships["achilles"].model(leander))
            assert ships["ajax"].at[1] < 80 and ships["achilles"].at[1] > 20
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


def test_the_rammer_is_the_ship_that_strikes_with_her_bow_not_the_first_name():
    """2.9: "The ship that is ramming (contacting by the bow)". Exeter runs her bow into Ajax's
    side (the names sort Ajax first); bow to bow, the faster rams."""
    board = start().state.board
    ajax = attrs.evolve(board.ship("ajax"), at=(0, 0), course=90, speed=10)
    exeter = attrs.evolve(board.ship("exeter"), at=(-5, -18), course=0, speed=20)
    assert ramming.rammer(ajax, exeter, CLASSES).name == "exeter"
    assert ramming.rammer(exeter, ajax, CLASSES).name == "exeter"
    bow_to_bow = attrs.evolve(exeter, at=(0, -25), course=0, speed=20)  # her bow on Ajax's
    ajax_head_on = attrs.evolve(ajax, course=180)
    assert ramming.rammer(ajax_head_on, bow_to_bow, CLASSES).name == "exeter"  # the faster
    assert ramming.rammer(attrs.evolve(ajax_head_on, speed=20), bow_to_bow, CLASSES) is None  # both ram


def ajax_into_achilles(speed, damage=0):
    """Ajax runs her bow into Achilles' side (the rammer by her bow, though Achilles' name is
    first): the two ships after the first seed whose dice do not let them avoid it."""
    from fogbank.rules.supremacy.moves import parse_move

    board = start().state.board
    for seed in range(60):
        achilles = attrs.evolve(board.ship("achilles"), at=(0, 0), course=90, speed=4,
                                path=((-20, 0), (0, 0)))
        ajax = attrs.evolve(board.ship("ajax"), at=(0, 10), course=180, speed=speed, damage=damage,
                            path=((0, 10 + speed * 5), (0, 10)))
        ships = {"ajax": ajax, "achilles": achilles}
        written = {"achilles": parse_move("A2"), "ajax": parse_move(f"A{speed // 2}")}
        happened = ramming.resolve(ships, CLASSES, Roller(core.Dice(bytes([seed]) * 32), 3, TABLES), written)
        if happened and happened[0][0] == "rammed":
            assert happened == [("rammed", "ajax", "achilles")]
            return ships
    raise AssertionError("no ram in 60 seeds")


def test_a_ram_hurts_the_rammed_by_half_when_the_rammer_goes_down():
    """2.9: "If the ship which is ramming sinks due to the ram damage, the ship being rammed only
    suffers half"."""
    ships = ajax_into_achilles(20, damage=1400)
    # 20 knots across 4: a -1 torpedo hit, 900 points; Ajax goes down, Achilles takes half
    assert ships["ajax"].damage == 2300 and ships["achilles"].damage == 450
    assert "cap0" not in ships["achilles"].effects  # not locked: she finishes her move


def test_a_rammer_sunk_by_overwhelming_damage_halves_the_rammed_ships_hurt():
    """2.9 and 6: the rammer "sinks due to the ram damage" when it is 75% of her points in the turn,
    though her total is short of them (an outside referee's game: Achilles rammed Ajax at 47 knots
    across, took 1,200 of her 1,500 points and sank, yet Ajax took the full 1,200)."""
    ships = ajax_into_achilles(34)
    # 34 knots across 4: a -2 torpedo hit, 1,200 points, 75% of Ajax's 1,500: she goes down
    assert ships["ajax"].damage == 1200 and ships["achilles"].damage == 600
    assert "cap0" not in ships["achilles"].effects

"""The reconstructed hit table against the seed's worked examples (5.11) and its legible rules."""

import attrs
import pytest

from fogbank.rules.supremacy import gunnery
from fogbank.rules.supremacy.scenario import hit_table, ship_classes
from fogbank.rules.supremacy.ships import MAINS, Ship, ShipClass

TABLE = hit_table()
EIGHT = TABLE.guns["8in"]
# The examples' ships are not in the River Plate: their armour, from the examples' words.
WICHITA = attrs.evolve(ship_classes()["exeter"], belt=500, deck=350, turret=600)
HIPPER = attrs.evolve(ship_classes()["exeter"], belt=325, deck=250)
AKIGUMO = attrs.evolve(ship_classes()["exeter"], size=-2)


def ship(at, speed=30, turned=0, chased=False):
    return Ship("s", "exeter", "x", "S", at, 0, speed, turned=turned, chased=chased)


def plan(firer, target, cls, guns, first, turn_quarters=0):
    return gunnery.plan(TABLE, EIGHT, MAINS, guns, firer, target, turn=1, first=first, local=False,
                        half=False, batteries=1, target_cls=cls)


def test_hipper_locked_on_at_58_inches_expects_2_hits_and_a_1_keeps_2_with_a_special():
    fire = plan(ship((0, 0)), ship((0, 580)), WICHITA, 8, first=False)
    assert (fire.range_heading, fire.guns, fire.quarters) == (60, 8, 4)  # full salvo of ammunition
    assert gunnery.hits(TABLE, fire, 3) == (2, False)
    count, _ = gunnery.hits(TABLE, fire, 1)
    assert count == 2 and gunnery.special_rolls(count, 1) == 1


def test_hipper_8_inch_at_60_half_penetrates_wichita_for_50_points():
    assert gunnery.penetration(EIGHT, 60, TABLE) == (300, 200)
    points, grade = gunnery.point_damage(EIGHT, 60, TABLE, WICHITA, 2)
    assert grade == "half" and points == 60  # UK 8" are 60 points: Hipper's German 8" are 50, so 50 there
    assert gunnery.area_grade("turret", EIGHT, 60, TABLE, WICHITA) == "half"


def test_wichita_first_fire_at_long_range_fires_9_guns_as_5_expecting_1_hit_no_special_on_a_3():
    fire = plan(ship((0, 0)), ship((0, 580)), HIPPER, 9, first=True)
    assert (fire.guns, fire.quarters, fire.shifts) == (5, 2, ())  # half a salvo of ammunition
    count, _ = gunnery.hits(TABLE, fire, 3)
    assert count == 1 and gunnery.special_rolls(count, 3) == 0
    assert gunnery.point_damage(EIGHT, 60, TABLE, HIPPER, 1)[1] == "half"


def test_astoria_turning_6_inches_first_fire_at_a_chasing_destroyer_needs_a_1_for_one_hit():
    firer = ship((0, 0), turned=24)
    target = ship((0, 230), chased=True)
    fire = plan(firer, target, AKIGUMO, 9, first=True)
    assert fire.range_heading == 25 and fire.guns == 3 and fire.quarters == 1  # a quarter salvo
    assert dict(fire.shifts) == {"turned more than 4 inches": -3, "target chasing splash": -3, "target's size": -2}
    assert [gunnery.hits(TABLE, fire, die)[0] for die in range(1, 7)] == [1, 0, 0, 0, 0, 0]
    assert gunnery.hits(TABLE, fire, 1) == (1, True)  # in the box: the special needs a second 1


@pytest.mark.parametrize("count,die,rolls", [(6, 6, 1), (11, 5, 2), (11, 6, 1), (3, 3, 1), (3, 4, 0), (0, 1, 0)])
def test_special_rolls_one_per_six_hits_and_one_more_when_the_die_is_at_most_the_rest(count, die, rolls):
    assert gunnery.special_rolls(count, die) == rolls


def test_close_range_first_fire_is_three_columns_not_a_half_salvo():
    fire = plan(ship((0, 0)), ship((0, 150)), WICHITA, 8, first=True)
    assert fire.section == "close" and fire.guns == 8 and ("first fire", -3) in fire.shifts


def test_a_quarter_gun_does_not_fire_but_spends_ammunition():
    fire = plan(ship((0, 0), turned=20), ship((0, 300)), WICHITA, 1, first=True)
    assert fire.guns == 0 and fire.column is None and fire.quarters == 1


def test_beyond_the_guns_longest_range_no_hit_is_possible():
    fire = plan(ship((0, 0)), ship((0, 710)), WICHITA, 6, first=False)
    assert fire.range_heading is None and fire.column is None


def test_hits_fall_with_range_and_rise_with_guns_across_the_whole_table():
    for guns in range(1, 13):
        row = [(guns * p + 50) // 100 for p in TABLE.percent]
        assert row == sorted(row, reverse=True)
    for column in range(len(TABLE.percent)):
        assert [(g * TABLE.percent[column] + 50) // 100 for g in range(1, 13)] == sorted(
            (g * TABLE.percent[column] + 50) // 100 for g in range(1, 13))


def test_every_gun_reads_a_deck_figure_only_beyond_close_range():
    for gun in TABLE.guns.values():
        closes = sum(1 for r in TABLE.ranges[: gun.columns] if r <= TABLE.close)
        assert all(d == 0 for d in gun.deck[:closes]) and all(d > 0 for d in gun.deck[closes:])
        assert list(gun.belt) == sorted(gun.belt, reverse=True)


def test_the_special_chart_reads_the_hipper_example_3_3_half_as_the_seed_gives_it():
    from fogbank.rules.supremacy import special

    assert special.colour((4, 3), 6) == 3  # a 4 on the coloured die, -1 at long range
    assert special.AREAS[3] == "turret"
    assert special.words(3, 3, penetrating=False) == "dmg=2 sec=1 secdown=3:1"


def test_ship_classes_carry_the_seeds_statistics():
    classes = ship_classes()
    spee, exeter, leander = classes["graf_spee"], classes["exeter"], classes["leander"]
    assert (spee.belt, spee.deck, spee.turret, spee.points, spee.speed) == (425, 225, 550, 2370, 26)
    assert (exeter.belt, exeter.deck, exeter.turret, exeter.points, exeter.speed) == (300, 250, 200, 1815, 32)
    assert (leander.belt, leander.deck, leander.turret, leander.points, leander.speed) == (400, 150, 100, 1500, 33)
    assert sum(m.guns for m in spee.mounts if m.battery == MAINS) == 6
    assert sum(m.guns for m in exeter.mounts if m.battery == MAINS) == 6
    assert sum(m.guns for m in leander.mounts if m.battery == MAINS) == 8
    assert isinstance(spee, ShipClass)


def test_shifts_past_the_left_edge_are_summed_with_the_die_and_read_at_the_edge():
    """5.6b-c: the column shifts "are cumulative", and the die "adds a final column shift": only
    the column reached is read, the left edge standing for any beyond it. 4 guns at 5 inches on
    a target under 5 knots (+5) are 5 columns past the edge; a 6 (-2) leaves them 3 past it, 4
    hits (stopped at the edge first, the 6 would read 2 columns in: 3 hits)."""
    fire = plan(ship((0, 0)), ship((0, 50), speed=0), WICHITA, 4, first=False)
    assert fire.range_heading == 5 and dict(fire.shifts) == {"target under 5 knots": 5}
    assert [gunnery.hits(TABLE, fire, die)[0] for die in range(1, 7)] == [4, 4, 4, 4, 4, 4]
    past_by_one = plan(ship((0, 0)), ship((0, 50), speed=20), WICHITA, 4, first=False)  # +1
    assert [gunnery.hits(TABLE, past_by_one, die)[0] for die in (5, 6)] == [4, 4]  # col 0, col 1: 88% of 4


def test_every_hit_in_the_box_rolls_again_for_its_special_whatever_the_hit_die():
    """5.6e and the hit sheet ("Hits in this area must roll again for a special, needing 1"):
    in the box a hit's special is a second die of 1, whatever the first die was (the rule of the
    rest of the table, die at most the hits, is not asked there). Exeter's aft turret (2 guns) at
    45 inches, locked on: 1 hit, in the box, on a 1 to a 5."""
    from fogbank.rules import core
    from fogbank.rules.supremacy import fire as fire_
    from fogbank.rules.supremacy.board import FireOrder

    from .test_game import start

    state = start().state
    board = state.board
    exeter = attrs.evolve(board.ship("exeter"), at=(0, 0), course=0, locked={MAINS: frozenset({"graf_spee"})})
    spee = attrs.evolve(board.ship("graf_spee"), at=(-430, 0), course=0, speed=26)
    board = attrs.evolve(board.replace(exeter, spee), fire={"exeter": (FireOrder("aft", "graf_spee"),)})
    box_rolls, dice = 0, set()
    for seed in range(80):
        result = fire_.execute_fire(attrs.evolve(state, phase="execute_fire", board=board,
                                                 dice=core.Dice(bytes([seed]) * 32)))
        (salvo,) = [e.salvo for e in result.events if e.kind == "fired"]
        box = [r for r in result.rolls if r.table == "box"]
        assert salvo["range"] == 45 and salvo["guns"] == 2
        if salvo["hits"] == 1:
            dice.add(salvo["die"])
            assert len(box) == 1 and len(salvo["specials"]) == (box[0].total == 1)
            box_rolls += 1
        else:
            assert not box and not salvo["specials"]
    assert dice == {1, 2, 3, 4, 5} and box_rolls > 40

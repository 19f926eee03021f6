"""Every table reads as docs/decisions.md says, and the odds and damage points come out right."""

import pytest

from fogbank.rules.salvo.tables import RADARS, TABLES, crt, damage_points, odds_column


@pytest.mark.parametrize("table, total, outcome", [
    ("dpt", -3, "miss"), ("dpt", 1, "miss"), ("dpt", 2, "half"), ("dpt", 3, "half"), ("dpt", 4, "full"),
    ("dpt", 5, "full"), ("dpt", 6, "heavy"), ("dpt", 9, "heavy"),
    ("crt_1_2", 8, "-"), ("crt_1_2", 9, "W"), ("crt_1_2", 11, "S"), ("crt_1_2", 12, "WS"),
    ("crt_1_1", 6, "-"), ("crt_1_1", 7, "W"), ("crt_1_1", 9, "S"), ("crt_1_1", 11, "WS"), ("crt_1_1", 12, "X"),
    ("crt_2_1", 5, "-"), ("crt_2_1", 6, "W"), ("crt_2_1", 8, "S"), ("crt_2_1", 10, "WS"), ("crt_2_1", 11, "2W"), ("crt_2_1", 12, "X"),
    ("crt_3_1", 4, "-"), ("crt_3_1", 5, "W"), ("crt_3_1", 7, "S"), ("crt_3_1", 9, "WS"), ("crt_3_1", 10, "2W"), ("crt_3_1", 11, "X"),
    ("crt_4_1", 3, "-"), ("crt_4_1", 4, "W"), ("crt_4_1", 6, "S"), ("crt_4_1", 8, "WS"), ("crt_4_1", 9, "2W"), ("crt_4_1", 11, "X"),
    ("special_damage", 2, "no effect"), ("special_damage", 6, "no effect"), ("special_damage", 7, "deck hit"),
    ("special_damage", 8, "radar hit"), ("special_damage", 9, "rudder hit"), ("special_damage", 10, "bridge hit"),
    ("special_damage", 11, "engineering hit"), ("special_damage", 12, "no effect"),
    ("mine", 2, "struck"), ("mine", 3, "clear"), ("underwater", 4, "S"), ("underwater", 7, "WS"), ("underwater", 8, "X"),
    ("torpedo", 9, "miss"), ("torpedo", 10, "hit"), ("repair", 2, "repaired"), ("repair", 3, "failed"),
    ("random_event", 2, "shields up"), ("random_event", 3, "the fog lifts"), ("random_event", 4, "fire control difficulties"),
    ("random_event", 5, "the fog thickens"), ("random_event", 6, "no event"), ("random_event", 7, "surprise"),
    ("random_event", 8, "smoke and fog"), ("random_event", 9, "damage control"), ("random_event", 10, "confusion reigns"),
    ("random_event", 11, "torpedo attack"), ("random_event", 12, "mass confusion reigns"),
    ("event_side", 3, "first"), ("event_side", 4, "second"), ("leader", 3, "ignored"), ("leader", 4, "suffered"),
    ("impairment", 7, "7"), ("impairment", 12, "12"),
    ("smoke_seas", 1, "blocked"), ("smoke_seas", 2, "partial"), ("smoke_seas", 3, "partial"), ("smoke_seas", 4, "clear"),
    ("zeppelins", 1, "1"), ("zeppelins", 4, "4"), ("zeppelins", 5, "0"), ("zeppelins", 6, "0"),
])
def test_each_table_reads_its_bands(table, total, outcome):
    assert TABLES[table].read(total) == outcome


def test_dice_per_table():
    assert {name: t.dice for name, t in TABLES.items() if t.dice == 2} == {
        n: 2 for n in ("crt_1_2", "crt_1_1", "crt_2_1", "crt_3_1", "crt_4_1", "special_damage", "underwater", "torpedo", "random_event")
    }


@pytest.mark.parametrize("points, defence, column", [
    (3, 8, None), (4, 8, "1:2"), (7, 8, "1:2"), (8, 8, "1:1"), (15, 8, "1:1"), (16, 8, "2:1"),
    (24, 8, "3:1"), (32, 8, "4:1"), (90, 8, "4:1"), (0, 1, None),
])
def test_odds_columns(points, defence, column):
    assert odds_column(points, defence) == column


def test_damage_points_from_the_dpt():
    assert [damage_points(r, 9) for r in ("miss", "half", "full", "heavy")] == [0, 5, 9, 13]
    assert crt("2:1").name == "crt_2_1"


def test_the_reconstructed_radar_chart():
    assert {n: r.quality for n, r in RADARS.items()} == {
        "type_284": "allied_low", "type_284m": "advanced", "mark_3": "allied_low", "mark_8": "advanced",
        "fumo": "axis_low", "gufo_3": "axis_low", "kai_2": "axis_low",
    }
    assert all(r.spotting == 0 for r in RADARS.values() if r.quality == "axis_low")
    assert RADARS["mark_8"].gun == 25 and RADARS["mark_3"].spotting == 10

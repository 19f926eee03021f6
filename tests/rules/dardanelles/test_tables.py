"""Every threshold of every table of the umpire's notes."""

import pytest

from fogbank.rules.dardanelles import tables


@pytest.mark.parametrize(
    "table, total, outcome",
    [
        (tables.MINEFIELD_SURFACE, 1, "sunk"),  # periscope -1 on a double one
        (tables.MINEFIELD_SURFACE, 3, "sunk"),
        (tables.MINEFIELD_SURFACE, 4, "told"),
        (tables.MINEFIELD_SURFACE, 8, "told"),
        (tables.MINEFIELD_SURFACE, 9, "untold"),
        (tables.MINEFIELD_SURFACE, 12, "untold"),
        (tables.MINEFIELD_SUBMERGED, 4, "sunk"),
        (tables.MINEFIELD_SUBMERGED, 5, "told"),
        (tables.MINEFIELD_SUBMERGED, 9, "told"),
        (tables.MINEFIELD_SUBMERGED, 10, "untold"),
        (tables.MINEFIELD_SUBMERGED, 16, "untold"),  # bottom +4 on double six
        (tables.VISION, 2, "nothing"),
        (tables.VISION, 3, "seen"),
        (tables.VISION, 6, "seen"),
        (tables.HYDROPHONE, 1, "nothing"),
        (tables.HYDROPHONE, 2, "nothing"),
        (tables.HYDROPHONE, 3, "heard"),
        (tables.OBSERVERS_DAY, 2, "seen"),
        (tables.OBSERVERS_DAY, 6, "seen"),
        (tables.OBSERVERS_DAY, 7, "unseen"),
        (tables.OBSERVERS_DAY, 13, "unseen"),
        (tables.SEARCHLIGHT_NIGHT, 3, "found"),
        (tables.SEARCHLIGHT_NIGHT, 4, "sweeping"),
        (tables.SHORE_BATTERY, 8, "sunk"),
        (tables.SHORE_BATTERY, 9, "splashes"),
        (tables.SHORE_BATTERY, 15, "splashes"),
        (tables.TORPEDO, 6, "miss"),
        (tables.TORPEDO, 7, "hit"),
        (tables.TORPEDO, -1, "miss"),  # range 3: -3 on a double one
    ],
)
def test_threshold(table, total, outcome):
    assert table.read(total) == outcome


def test_table_names_are_the_ones_the_log_promises():
    assert set(tables.TABLES) == {
        "minefield_surface",
        "minefield_submerged",
        "vision",
        "hydrophone",
        "observers_day",
        "searchlight_night",
        "shore_battery",
        "torpedo",
    }


@pytest.mark.parametrize(
    "name, dice", [("vision", 1), ("hydrophone", 1), ("torpedo", 2), ("minefield_surface", 2)]
)
def test_dice_per_table(name, dice):
    assert tables.TABLES[name].dice == dice

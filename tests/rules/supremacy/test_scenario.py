"""The scenario and ship files: a misspelt key is refused, naming the file and the key, never read
as its default."""

from __future__ import annotations

from importlib import resources

import pytest

from fogbank.rules.core.scenarios import ScenarioError
from fogbank.rules.supremacy.scenario import check, load_scenario, read_scenario

FILES = resources.files("fogbank.rules.supremacy").joinpath("scenarios")
RIVER_PLATE = FILES.joinpath("river_plate.toml").read_text("utf-8")
SHIPS = FILES.joinpath("ships.toml").read_text("utf-8")


def test_a_misspelt_key_is_refused_naming_the_key_and_the_file():
    with pytest.raises(ScenarioError) as refused:
        read_scenario(RIVER_PLATE.replace('astern_of = "ajax"', 'astern = "ajax"'), "designs/plate.toml")
    assert refused.value.problems == (
        "designs/plate.toml: ships[3]: unknown key 'astern' (did you mean 'astern_of'?); "
        "expected one of: name, class, side, title, at, course, astern_of, first_move",)
    with pytest.raises(ScenarioError) as refused:
        check(SHIPS.replace("acceleration = 8", "acceleraton = 8", 1), "designs/ships.toml")
    (line, missing) = sorted(refused.value.problems)
    assert line.startswith("designs/ships.toml: classes.graf_spee: missing key 'acceleration'")
    assert missing.startswith("designs/ships.toml: classes.graf_spee: unknown key 'acceleraton' "
                              "(did you mean 'acceleration'?)")


def test_a_ship_placed_neither_at_a_point_nor_astern_of_another_is_refused():
    with pytest.raises(ScenarioError) as refused:
        read_scenario(RIVER_PLATE.replace('astern_of = "ajax"\n', ""), "designs/river_plate.toml")
    assert refused.value.problems == (
        "designs/river_plate.toml: ships[3]: give her `at` and `course`, or `astern_of` another ship",)


def test_the_shipped_file_reads_as_before():
    plate = read_scenario(RIVER_PLATE, "river_plate.toml")
    assert plate == load_scenario("river_plate")
    assert [(s.name, s.at, s.course) for s in plate.ships] == [
        ("graf_spee", (0, 0), 120), ("ajax", (400, -620), 60), ("achilles", (357, -645), 60),
        ("exeter", (314, -670), 60)]

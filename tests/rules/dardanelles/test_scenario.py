"""The scenario files: a misspelt key is refused, naming the file and the key, never read as its default."""

from __future__ import annotations

from importlib import resources

import pytest

from fogbank.rules.core.scenarios import ScenarioError
from fogbank.rules.dardanelles.scenario import load_chart, load_scenario, read_scenario

B11 = resources.files("fogbank.rules.dardanelles").joinpath("scenarios", "b11.toml").read_text("utf-8")


def test_a_misspelt_key_is_refused_naming_the_key_and_the_file():
    misspelt = B11.replace("\nbattery = 36", "\nbatery = 36")  # [boat]: a full battery, had it been read
    assert misspelt != B11
    with pytest.raises(ScenarioError) as refused:
        read_scenario(misspelt, "designs/b11.toml", load_chart)
    (line,) = refused.value.problems
    assert line.startswith("designs/b11.toml: boat: unknown key 'batery' (did you mean 'battery'?)")


def test_the_shipped_file_reads_as_before():
    assert read_scenario(B11, "b11.toml", load_chart) == load_scenario("b11")
    assert load_scenario("b11").boat.battery == 36 and load_scenario("b11").victory.sink == (9,)


def test_the_boat_and_the_mines_lie_at_sea():
    for old, new, problem in (
        ('square = "D5"', 'square = "Z1"', "boat: every square must be at sea (Z1)"),
        ("[[mine_lines]]", '[[minefields]]\nsquare = "Z2"\nrows = 1\n\n[[mine_lines]]',
         "minefield: every square must be at sea (Z2)"),
    ):
        with pytest.raises(ScenarioError) as refused:
            read_scenario(B11.replace(old, new, 1), "designs/b11.toml", load_chart)
        assert refused.value.problems == (f"designs/b11.toml: {problem}",)

"""The Black Sea map and the scenario, as the seed and history ask."""

from importlib import resources

import pytest

from fogbank.rules.core.scenarios import ScenarioError
from fogbank.rules.greatwar.board import density
from fogbank.rules.greatwar.scenario import load_scenario, read_scenario

from .table import SEA


def test_the_named_zones_are_on_the_map_with_their_bases():
    zones = SEA.zones
    assert zones["constantinople"].base == "major" and zones["constantinople"].side == "central"
    assert zones["sevastopol"].base == "major" and zones["sevastopol"].side == "russia"
    assert zones["odessa"].base == "minor" and zones["odessa"].side == "russia"
    assert {"bosporus", "dardanelles"} <= set(SEA.straits)
    assert {z.kind for z in zones.values()} == {"sea", "coastal"}
    for zone in zones.values():
        for other in zone.adjacent:
            assert zone.id in zones[other].adjacent


def test_turkish_destroyers_reach_odessa_from_constantinople_and_back_on_their_fuel():
    """Advanced strategic rule 4's note: at 9 zones a fuel box, the destroyers make the raid."""
    there = SEA.distances["constantinople"]["odessa"]
    assert there == 4  # along the Bulgarian and Romanian coasts
    assert SEA.ships["Muavenet"].fuel * 9 >= 2 * there


def test_goeben_breslau_and_the_russian_fleet_start_where_history_put_them():
    fleets = {f.id: f for f in SEA.fleets}
    assert fleets["mittelmeer"].ships == ("Yavuz Sultan Selim", "Midilli")
    assert SEA.ships["Yavuz Sultan Selim"].guns == (6, 3, 1)  # the variant's own example
    assert fleets["battle"].zone == "sevastopol" and len(fleets["battle"].ships) == 5


def test_minefields_are_told_in_the_variants_words():
    assert [density(n) for n in (1, 2, 3, 4, 5, 6, 7, 9)] == [
        "lightly mined", "lightly mined", "moderately mined", "moderately mined",
        "heavily mined", "heavily mined", "very heavily mined", "very heavily mined",
    ]


def test_a_misspelt_key_is_refused_naming_the_key_and_the_file():
    text = resources.files("fogbank.rules.greatwar").joinpath("scenarios", "black_sea.toml").read_text()
    misspelt = text.replace("aircraft = true", "aircarft = true", 1)  # Sevastopol's seaplanes
    assert misspelt != text
    with pytest.raises(ScenarioError) as refused:
        read_scenario(misspelt, "designs/black_sea.toml")
    (line,) = refused.value.problems
    assert line.startswith("designs/black_sea.toml: zones.sevastopol: unknown key 'aircarft' "
                           "(did you mean 'aircraft'?)")
    assert read_scenario(text, "black_sea.toml") == load_scenario("black_sea")

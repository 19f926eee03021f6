"""The Black Sea map and the scenario, as the seed and history ask."""

from fogbank.rules.greatwar.board import density

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

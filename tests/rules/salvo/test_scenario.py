"""The scenario files: a misspelt key is refused, naming the file and the key, never read as its default."""

from __future__ import annotations

from importlib import resources

import pytest

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.core.scenarios import ScenarioError
from fogbank.rules.salvo.bot.plans import Breakthrough, Plan, RunForHome
from fogbank.rules.salvo.scenario import _BUILT, load_map, load_scenario, read_scenario, register_built

RULES = core.find_ruleset("salvo")

GALLIPOLI = resources.files("fogbank.rules.salvo").joinpath("scenarios", "gallipoli.toml").read_text("utf-8")


def _refused(text: str) -> tuple[str, ...]:
    with pytest.raises(ScenarioError) as refused:
        read_scenario(text, "designs/gallipoli.toml", load_map)
    return refused.value.problems


def test_a_misspelt_key_is_refused_naming_the_key_and_the_file():
    # A unit's key (Suffren's own defence, over her class's) and a class's.
    suffren = GALLIPOLI.replace("attack = 6\ndefence = 8\nflagship", "attack = 6\ndefense = 8\nflagship")
    assert _refused(suffren) == (
        "designs/gallipoli.toml: units[16]: unknown key 'defense' (did you mean 'defence'?); "
        "expected one of: "
        "id, name, seat, kind, type, hex, facing, speed, max_speed, attack, secondary, defence, range, "
        "torpedoes, torpedo_range, salvoes, radar, search, radar_lost, crew, flagship, points, starshells, "
        "searchlight, w, s, class",)
    (line,) = _refused(GALLIPOLI.replace("max_speed = 5\npoints = 30", "maxspeed = 5\npoints = 30"))
    assert line.startswith("designs/gallipoli.toml: classes.queen_elizabeth: unknown key 'maxspeed' "
                           "(did you mean 'max_speed'?)")
    (line,) = _refused(GALLIPOLI.replace("forts_triple_in_hex = true", "forts_tripple_in_hex = true"))
    assert line.startswith("designs/gallipoli.toml: unknown key 'forts_tripple_in_hex' (did you mean "
                           "'forts_triple_in_hex'?)")


def test_a_unit_of_a_seat_or_class_the_file_does_not_have_is_refused():
    assert _refused(GALLIPOLI.replace('class = "french"', 'class = "frenchh"', 1)) == (
        "designs/gallipoli.toml: units[13]: no class 'frenchh' in [classes]",)
    assert _refused(GALLIPOLI.replace('seat = "forts"\nhex = "2102"', 'seat = "fort"\nhex = "2102"')) == (
        "designs/gallipoli.toml: units[17]: seat 'fort' is not one of the [[seats]]",)


def test_the_shipped_file_reads_as_before():
    assert read_scenario(GALLIPOLI, "gallipoli.toml", load_map) == load_scenario("gallipoli")
    suffren = next(u for u in load_scenario("gallipoli").units if u.name == "Suffren")
    assert (suffren.attack, suffren.defence, suffren.flagship, suffren.max_speed) == (6, 8, True, 4)


SCENARIOS = resources.files("fogbank.rules.salvo").joinpath("scenarios")
CAPE_ESPERANCE = SCENARIOS.joinpath("cape_esperance.toml").read_text("utf-8")


def test_the_bombardment_is_read_from_its_own_table_of_the_victory_and_a_misspelt_key_refused():
    shelling = read_scenario(CAPE_ESPERANCE, "cape_esperance.toml", load_map).victory.bombardment
    told = (shelling.target, shelling.side, shelling.points, shelling.most_speed)
    assert told == ("Henderson Field", "japan", 1, 2)
    assert shelling.hexes == load_scenario("cape_esperance").victory.bombardment.hexes
    assert len(shelling.hexes) == 13  # the eastern edge, rows 12 to 24
    with pytest.raises(ScenarioError) as refused:
        read_scenario(CAPE_ESPERANCE.replace("most_speed = 2", "most_sped = 2"), "designs/ce.toml", load_map)
    (problem,) = refused.value.problems
    assert problem.startswith("designs/ce.toml: victory.bombardment: unknown key 'most_sped'")
    with pytest.raises(ScenarioError) as refused:
        misnamed = CAPE_ESPERANCE.replace('side = "japan"\nedges', 'side = "jaapan"\nedges')
        read_scenario(misnamed, "designs/ce.toml", load_map)
    assert refused.value.problems == (
        "designs/ce.toml: victory.bombardment.side: 'jaapan' is not one of the [[sides]] (us, japan)",)


def test_in_a_scenario_of_a_designer_s_own_the_side_that_may_leave_the_map_makes_for_it():
    """The arena measures a new scenario with the standard captain: where the victory lets a side
    steam off the map, its captain runs for the way off (Dogger Bank's Germans' plan) rather than
    fighting where it stands, or an exit scenario would be lost by that side every game."""
    breakout = read_scenario(GALLIPOLI.replace('id = "gallipoli"', 'id = "breakout"'), "breakout.toml", load_map)
    register_built(breakout)
    try:
        game = core.start(RULES, "breakout", bytes(32))
        for seat, plan in (("de_robeck", RunForHome), ("third_line", RunForHome), ("forts", Plan)):
            captain = RULES.bot("breakout", seat, to_plain(RULES.chart(game.state, seat)))
            assert type(captain.plan) is plan, seat
    finally:
        _BUILT.pop("breakout")
    gallipoli = core.start(RULES, "gallipoli", bytes(32))
    captain = RULES.bot("gallipoli", "de_robeck", to_plain(RULES.chart(gallipoli.state, "de_robeck")))
    assert type(captain.plan) is Breakthrough  # a scenario's own plan stands


def test_a_ship_starts_at_sea_and_a_fort_on_the_shore():
    assert _refused(GALLIPOLI.replace('hex = "1808"', 'hex = "1501"', 1)) == (
        "designs/gallipoli.toml: units[1].hex: 1501 is land: a ship starts at sea",)
    assert _refused(GALLIPOLI.replace('hex = "2102"', 'hex = "1808"', 1)) == (
        "designs/gallipoli.toml: units[17].hex: 1808 is at sea: a fort stands on the shore",)
    assert _refused(GALLIPOLI.replace('hex = "0314"', 'hex = "3114"', 1)) == (
        "designs/gallipoli.toml: dummies[1].hex: 3114 is off the map: a ship starts at sea",)

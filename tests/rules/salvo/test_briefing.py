"""What a seat reads before it plays: the visibility it starts at and why, its radar sets' reach,
and how the game is played and what can sink its ships, with this scenario's own numbers."""

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain

RULES = core.find_ruleset("salvo")


def told(scenario, seat, options=None):
    game = core.start(RULES, scenario, bytes(32), options)
    return to_plain(RULES.briefing(game.state, seat)), to_plain(RULES.observe(game.state, seat))


def test_the_briefing_starts_at_the_visibility_play_starts_at_and_says_why():
    briefing, view = told("gallipoli", "de_robeck")
    assert briefing["visibility"] == view["visibility"] == 11 and briefing["set_up_visibility"] == 12
    sight = dict(briefing["how"])["Sight"]
    assert "11 hexes now" in sight and "set-up range 12 less one" in sight


def test_how_you_play_names_what_can_sink_you_here():
    gallipoli = dict(told("gallipoli", "forts")[0]["how"])
    assert {"A turn", "Hits", "Sight", "Mines", "Smoke", "Random events", "Victory"} <= set(gallipoli)
    assert "Radar" not in gallipoli and "Dummies" not in gallipoli  # the forts have neither
    assert "8-12: she sinks" in gallipoli["Mines"] and "three leave a ship dead in the water" in gallipoli["Hits"]
    us = dict(told("cape_esperance", "scott")[0]["how"])
    assert "SG surface search (Boise, Helena): detects 25 hexes" in us["Radar"]
    assert "aims the main battery beyond sight to 13 hexes" in us["Radar"]
    assert "radar alone" in us["Sight"] and "Mines" not in us
    assert "Radar" not in dict(told("cape_esperance", "goto")[0]["how"])
    dogger = dict(told("dogger_bank", "hipper")[0]["how"])
    assert "Level points are a victory for Germany" in dogger["Victory"] and "Zeppelins" not in dogger  # an option, off unless chosen
    assert "Zeppelins" in dict(told("dogger_bank", "hipper", {"zeppelins": True})[0]["how"])
    assert "at most one W and one S hit" in gallipoli["Victory"] and "lost four ships" in gallipoli["Victory"]


def test_a_ship_is_told_its_own_radar_sets_and_this_turns_reach():
    view = told("cape_esperance", "scott")[1]
    helena = next(s for s in view["ships"] if s["name"] == "Helena")
    frisco = next(s for s in view["ships"] if s["name"] == "San Francisco")
    assert helena["search"] == "sg" and len(helena["radar_words"]) == 2
    assert frisco["search"] is None and frisco["radar_words"][0].startswith("Mark 3 fire control: detects 14 hexes")


def test_the_random_event_that_cuts_visibility_is_not_named_like_the_fog_of_war_option():
    from fogbank.rules.salvo.tables import TABLES

    outcomes = {TABLES["random_event"].read(total) for total in range(2, 13)}
    assert "the fog thickens" in outcomes and "fog of war" not in outcomes


def test_an_options_help_names_its_choices_as_the_game_page_shows_them_not_as_codes():
    for scenario in RULES.scenarios():
        for name, option in RULES.options(scenario).items():
            for choice in option.choices:
                if isinstance(choice, str) and "_" in choice:
                    assert choice not in option.help, (scenario, name, choice)

"""A turn's rules as a player meets them: plots, contact, raiders placed, reports, events, fuel."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fogbank.rules.core import Refused, submit
from fogbank.rules.core.dice import ByFaces
from fogbank.rules.greatwar.battle import combined
from fogbank.rules.greatwar.tables import READERS

from .table import RULES, load_dice, moved, opened, plot, second_turn


def reports(game, seat, source=None):
    return [r for r in RULES.observe(game.state, seat, since=1)["reports"] if source in (None, r["source"])]


def news(game, seat):
    """The news a seat's view carries, the whole game's."""
    return [n["text"] for n in RULES.observe(game.state, seat, since=1)["news"]]


def test_a_natural_one_never_makes_contact_whatever_the_ships():
    read = READERS["contact by day"]
    assert isinstance(read, ByFaces)
    assert read.read_faces((1,), 1 + 5) == "no contact"
    assert read.read_faces((3,), 3 + 1) == "contact"
    assert read.read_faces((3,), 3) == "no contact"


def test_meeting_fleets_roll_a_die_with_one_added_per_four_ships_of_both_sides(monkeypatch):
    load_dice(monkeypatch, {r"/contact/": (3,), r"strategic event": (3, 3)})
    game = opened(change=moved("battle", "west_central"))
    record = []
    game = plot(game, {"mittelmeer": {"mission": "raid", "path": ["bosporus", "southwest"]},
                       "battle": {"mission": "intercept", "path": ["southwest"]}}, record=record)
    # 2 + 5 ships: +1, so a 3 makes 4, contact by day
    seen = reports(game, "eberhardt", "contact")
    assert seen and seen[0]["ships"] == ["Yavuz Sultan Selim", "Midilli"] and seen[0]["zone"] == "southwest"
    assert reports(game, "souchon", "contact")[0]["ships"][0] == "Evstafi"
    assert not reports(game, "flotilla", "contact")  # a contact report is its own seat's


def test_no_contact_leaves_both_sides_blind(monkeypatch):
    load_dice(monkeypatch, {r"/contact/": (1,), r"strategic event": (3, 3)})
    game = opened(change=moved("battle", "west_central"))
    game = plot(game, {"mittelmeer": {"mission": "raid", "path": ["bosporus", "southwest"]},
                       "battle": {"mission": "intercept", "path": ["southwest"]}})
    assert not reports(game, "eberhardt", "contact") and not reports(game, "souchon", "contact")


def test_a_raider_near_an_enemy_base_is_placed_but_its_ships_are_not_told(monkeypatch):
    load_dice(monkeypatch, {r"strategic event": (3, 3), r"/contact/": (1,)})
    game = opened()
    game = plot(game, {"kreisera": {"mission": "raid", "path": ["west_central"]}})
    placed = reports(game, "ottoman", "raider")
    assert placed and placed[-1]["zone"] == "west_central" and placed[-1]["ships"] is None
    assert reports(game, "souchon", "raider")


def test_a_fleet_ending_its_move_in_an_enemy_base_is_seen_from_the_shore_whatever_its_mission(monkeypatch):
    load_dice(monkeypatch, {r"strategic event": (3, 3), r"/contact/": (1,), r"raid/": (1,)})
    game = plot(opened(), {"battle": {"mission": "bombard", "path": ["west_central"]}})
    game = plot(game, {"battle": {"mission": "bombard", "path": ["eregli"]}})
    seen = reports(game, "ottoman", "shore")
    assert seen and seen[-1]["zone"] == "eregli" and seen[-1]["ships"] is None


def test_a_neutral_report_tells_the_fleets_ships_and_its_next_zone(monkeypatch):
    load_dice(monkeypatch, {r"^2/strategic event$": (4, 5), r"strategic event/side": (2,),
                            r"neutral report/fleet": (4,)})  # the fourth of five by id: Yavuz and Midilli
    game = second_turn()
    assert "neutral steamer" in news(game, "souchon")[-1]
    assert not reports(game, "eberhardt")
    game = plot(game, {f: {"mission": "raid", "path": ["bosporus"]} for f in ("cruisers", "mittelmeer", "torpedo")})
    told = reports(game, "eberhardt", "neutral")
    assert told and told[0]["next_zone"] == "bosporus" and told[0]["ships"] == ["Yavuz Sultan Selim", "Midilli"]


def test_danger_ahead_holds_a_fleet_in_port(monkeypatch):
    load_dice(monkeypatch, {r"^2/strategic event$": (5, 6), r"strategic event/side": (6,),
                            r"danger ahead/fleet": (1,)})
    game = second_turn()
    held = [f for f in RULES.observe(game.state, "eberhardt")["fleets"] if f["held"]]
    assert len(held) == 1
    fleet = held[0]
    with pytest.raises(Refused) as refused:
        plot = {"fleets": {fleet["id"]: {"mission": fleet["mission"], "path": ["northwest"]}}}
        submit(game, fleet["seat"], RULES.parse_order(fleet["seat"], plot))
    assert refused.value.code == "held"


def test_an_erroneous_report_makes_a_raider_plot_three_turns(monkeypatch):
    load_dice(monkeypatch, {r"^2/strategic event$": (1, 3), r"strategic event/side": (1,),
                            r"erroneous report/fleet": (2,)})
    game = second_turn()
    fleets = RULES.observe(game.state, "souchon")["fleets"] + RULES.observe(game.state, "ottoman")["fleets"]
    fleet = next(f for f in fleets if f["must_plot"] == 3)
    seat = fleet["seat"]
    with pytest.raises(Refused) as refused:
        submit(game, seat, RULES.parse_order(seat, {"fleets": {fleet["id"]: {"mission": "raid", "path": ["bosporus"]}}}))
    assert refused.value.code == "plot_ahead"
    order = {"fleets": {fleet["id"]: {"mission": "raid", "path": ["bosporus"], "ahead": [["southwest"], ["west"]]}}}
    submit(game, seat, RULES.parse_order(seat, order))


def test_all_is_lost_spares_a_fleet_with_an_admiral(monkeypatch):
    load_dice(monkeypatch, {r"^2/strategic event$": (6, 6), r"strategic event/side": (5,),
                            r"all is lost/fleet": (1,)})  # the battle fleet, first by id, has Eberhardt
    game = second_turn()
    assert not any(f["returning"] for f in RULES.observe(game.state, "eberhardt")["fleets"])


def test_a_rogue_mine_strikes_a_ship_of_the_side(monkeypatch):
    load_dice(monkeypatch, {r"^2/strategic event$": (1, 1), r"strategic event/side": (5,)})
    game = second_turn()
    ships = {s["name"]: s["hits"] for f in RULES.observe(game.state, "eberhardt")["fleets"] for s in f["ships"]}
    assert sum(ships.values()) == 2 or len(ships) == 13  # two hull boxes, or a small ship sunk


def test_fuel_is_marked_off_every_nine_zones(monkeypatch):
    load_dice(monkeypatch, {r"strategic event": (3, 3), r"/contact/": (1,), r"/mine/": (6,), r"aerial": (1,)})
    game = opened()
    route = ["bosporus", "southwest", "west", "northwest", "west_central", "crimea", "central", "eregli", "bosporus", "constantinople"]
    fuel = []
    for turn in range(5):
        game = plot(game, {"torpedo": {"mission": "raid", "path": route[2 * turn: 2 * turn + 2]}})
        fleet = next(f for f in RULES.observe(game.state, "ottoman")["fleets"] if f["id"] == "torpedo")
        fuel.append(fleet["fuel"])
    assert fuel[:4] == [2, 2, 2, 2] and fleet["zones_since_fuel"] == 0


def test_the_multiple_firers_rule_adds_as_the_variant_shows():
    assert combined([4, 5, 5]) == 9
    assert combined([3, 6, 7, 7]) == 13
    assert combined([4, 4, 5, 6]) == 11
    assert combined([1, 9]) == 5


def test_illegal_plots_are_refused_with_a_code():
    game = opened()
    for payload, code in [
        ({"fleets": {"battle": {"mission": "raid", "path": []}}}, "not_your_fleet"),
        ({"fleets": {"mittelmeer": {"mission": "sightseeing"}}}, "bad_mission"),
        ({"fleets": {"mittelmeer": {"mission": "raid", "path": ["odessa"]}}}, "not_adjacent"),
        ({"fleets": {"mittelmeer": {"mission": "raid", "path": ["bosporus", "southwest", "west"]}}}, "too_far"),
        ({"fleets": {"mittelmeer": {"mission": "transport", "path": []}}}, "bad_mission"),
        ({"fleets": {"mittelmeer": {"mission": "raid", "path": "bosporus"}}}, "bad_path"),
        ([1, 2], "bad_order"),
    ]:
        with pytest.raises(Refused) as refused:
            submit(game, "souchon", RULES.parse_order("souchon", payload))
        assert refused.value.code == code


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12) | st.sampled_from(["raid", "bosporus", "mittelmeer", "path", "ahead"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["fleets", "mittelmeer", "mission", "path", "ahead", "x"]), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_malformed_order_is_refused_with_a_code_never_a_crash(payload):
    game = opened()
    try:
        submit(game, "souchon", RULES.parse_order("souchon", payload))
    except Refused as refusal:
        assert refusal.code in RULES.error_codes()


def test_from_1915_seaplanes_attack_a_reported_fleet_near_their_base(monkeypatch):
    """Strategic rule 2: the Russian cruisers, placed in the Bosporus, are attacked from
    Constantinople; a 6 and a 6 hit a ship. In 1914 (the scenario's year) nothing flies."""
    import attrs

    from fogbank.rules.greatwar import ruleset

    load_dice(monkeypatch, {r"seaplane/[a-z_]+(/hit)?$": (6,), r"/contact/": (1,), r"strategic event": (3, 3), r"/mine/": (6,)})
    plots = {"kreisera": {"mission": "raid", "path": ["bosporus"]}}
    game = plot(opened(change=moved("kreisera", "southwest")), plots)
    assert not any("Seaplanes" in text for text in news(game, "flotilla"))

    later = attrs.evolve(ruleset.load_scenario("black_sea"), year=1915)
    monkeypatch.setattr(ruleset, "load_scenario", lambda _: later)
    game = plot(opened(change=moved("kreisera", "southwest")), plots)
    assert any("Seaplanes from Constantinople attack" in text and "a hit" in text for text in news(game, "flotilla"))
    assert any("Our seaplanes" in text for text in news(game, "souchon"))

"""What the player is given before the first turn, and what the umpire's view carries for a debrief."""

import pytest

from fogbank.rules import core
from fogbank.rules.core import find_ruleset
from fogbank.rules.core.plain import to_plain
from fogbank.rules.dardanelles.scenario import _reported, load_chart
from fogbank.rules.dardanelles.units import Level
from fogbank.rules.dardanelles.views import level_limits

RULES = find_ruleset("dardanelles")


def game(scenario):
    return core.start(RULES, scenario, b"\x04" * 32)


def test_the_players_chart_marks_the_finish_and_the_landmarks():
    b11 = to_plain(RULES.chart(game("b11").state, "submarine"))
    ((finish),) = b11["finish"]
    assert finish["label"] == "out" and "L10" not in finish["squares"] and "A1" in finish["squares"]
    marmara = to_plain(RULES.chart(game("marmara").state, "submarine"))
    assert [f["label"] for f in marmara["finish"]] == ["Marmara"] and "Z36" in marmara["finish"][0]["squares"]
    places = {p["name"]: p for p in b11["places"]}
    assert places["Kephez Point"]["landmark"] and places["Cape Helles"]["landmark"]
    assert not places["Sari Sighlar Bay"]["landmark"]  # water is no landmark
    assert "Kephez Bay" not in places  # one name for the bay: Sari Sighlar
    assert b11["overlays"] == {}


def test_the_briefing_gives_the_intelligence_and_what_each_level_risks():
    briefing = RULES.briefing(game("b11").state, "submarine")
    assert any("five" in line and "Kephez" in line for line in briefing["intelligence"])
    assert set(briefing["levels"]) == {"surface", "periscope", "submerged", "bottom"}
    assert "no movement under power" in briefing["levels"]["bottom"]


def test_the_briefing_carries_what_each_level_allows_and_no_hour_s_view_repeats_it():
    """What an hour allows depends on the level she is at alone: the briefing gives it once for
    every level, and the views (every observation) leave it out (issue 42: it was half the bytes
    of each, and a tenth of what making one cost)."""
    g = game("b11")
    briefing = RULES.briefing(g.state, "submarine")
    assert briefing["limits"] == {start.value: to_plain(level_limits(start)) for start in Level}
    assert briefing["limits"]["surface"]["submerged"] == {
        "allowance": 3, "changes": 2, "squares": 1, "battery": 2, "battery_a_square": 1, "still": False}
    g = core.submit(g, "submarine", RULES.parse_order("submarine", {"course": "E", "speed": 1, "level": "periscope"})).game
    for since in (None, 1):
        view = to_plain(RULES.observe(g.state, "submarine", since=since))
        assert view["level"] == "periscope" and "limits" not in view


def test_the_scenarios_keep_their_own_defences():
    b11, marmara = (to_plain(RULES.chart(game(s).state, core.UMPIRE))["overlays"] for s in ("b11", "marmara"))
    lights = lambda overlay: sum(line.count("S") for line in overlay["searchlight"])  # noqa: E731
    guns = lambda overlay: sum(line.count("B") for line in overlay["batteries"])  # noqa: E731
    assert lights(b11) < lights(marmara)  # fewer searchlights in December 1914
    assert guns(b11) < guns(marmara)  # the howitzers brought down in April 1915
    vessels = {v["number"]: v for v in to_plain(RULES.observe(game("marmara").state, core.UMPIRE))["vessels"]}
    assert vessels[9]["type"] == "battleship"
    assert vessels[9]["square"] in ("M15", "N15", "M17", "N17", "N18", "O19", "P20", "O12")


def test_the_umpires_view_carries_the_true_track_the_mines_and_the_vessels():
    g = game("b11")
    for _ in range(3):
        g = core.submit(g, "submarine", RULES.parse_order("submarine", {"course": "E", "speed": 2, "level": "surface"})).game
    view = to_plain(RULES.observe(g.state, core.UMPIRE))
    assert len(view["track"]) == 4 and view["track"][0] == "D5"  # one square a turn, from the start
    assert view["minefields"] and len(view["vessels"]) == 9


def test_each_turns_view_carries_the_reports_and_contacts_of_the_turns_asked_for():
    # The view reads recent reports back from the end of the crew's log: across a whole game it
    # must give what a scan of the whole log gives, for the last turn and for the whole game.
    state = game("b11").state
    bot = RULES.bot("b11", "submarine", to_plain(RULES.chart(state, "submarine")))
    played = core.start(RULES, "b11", b"\x09" * 32)
    told_something = 0
    while played.cycle is not core.Cycle.ENDED:
        state = played.state
        log = state.knowledge["submarine"]
        for since in (None, 1, state.turn):
            first = state.turn - 1 if since is None else since
            view = RULES.observe(state, "submarine", since)
            assert view.reports == tuple(r for r in log.reports if r.turn >= first)
            assert view.contacts == tuple(c for c in log.contacts if c.turn >= first)
        last_turn = RULES.observe(state, "submarine")
        told_something += bool(last_turn.reports)
        payload = bot.order(to_plain(last_turn))
        try:
            order = RULES.parse_order("submarine", payload)
            RULES.check_order(state, "submarine", order)
        except core.Refused:
            order = RULES.standing_order(state, "submarine")
        played = core.submit(played, "submarine", order).game
    assert told_something


def test_the_briefing_says_what_an_order_into_each_reported_reach_risks():
    risks = {r["reach"]: r for r in RULES.briefing(game("b11").state, "submarine")["risks"]}
    defended, mined = risks["defended"], risks["mined"]
    assert defended["rows"] == [9, 14] and defended["where"] == "end"
    assert mined["rows"] == [9, 12] and mined["where"] == "path"
    # The notes' odds: observers 2-6 on 2d6 (+1 at periscope), then the battery 8 or less (+1).
    assert "28% an hour (5 or less on 2d6)" in defended["day"]["periscope"]
    assert "7 or less on 2d6 sinks her (58%)" in defended["day"]["periscope"]
    assert set(defended["day"]) == {"surface", "periscope"}  # below, the shore cannot see her
    # Mines: 3 or less on the surface, 4 or less at periscope (-1) and submerged; the bottom's +4
    # never sinks her, so it has no line.
    assert "8% a row" in mined["day"]["surface"] and "17% a row" in mined["night"]["submerged"]
    assert "bottom" not in mined["day"]
    assert "rows 9 to 12" in mined["day"]["periscope"] and "17%" in mined["short"]["day"]["periscope"]


def test_a_reach_the_scenario_reports_must_be_one_the_rules_know():
    chart = load_chart("dardanelles")
    assert _reported({"defended": [8, 19]}, chart) == {"defended": (8, 19)}
    for bad in ({"minefield": [9, 12]}, {"mined": [12, 9]}, {"mined": [9]}, {"mined": [0, 40]}):
        with pytest.raises(ValueError):
            _reported(bad, chart)


def _after(scenario, *orders):
    g = game(scenario)
    for order in orders:
        g = core.submit(g, "submarine", RULES.parse_order("submarine", order)).game
    return to_plain(RULES.observe(g.state, "submarine"))


def test_the_view_offers_the_last_hour_s_drift_as_the_chart_prints_the_stream():
    assert _after("b11")["drift"] is None  # no hour yet
    assert _after("b11", {"course": "N", "speed": 0, "level": "surface"})["drift"] is None  # the Aegean
    # Plotted at L11 by hand, an hour on the surface: row 11's set, SW, down the channel.
    up = _after("b11", {"course": "N", "speed": 0, "level": "surface", "plot": "L11"})
    assert up["plotted"] == "L11"
    assert up["drift"] == {"stream": "the surface stream", "course": "SW", "square": "K10"}
    # The deep set runs the other way, NE up the channel; in Sari Sighlar Bay the bank holds her.
    deep = _after("b11", {"course": "N", "speed": 0, "level": "submerged", "plot": "L11"})
    assert deep["drift"] == {"stream": "the deep set", "course": "NE", "square": "M12"}
    bay = _after("b11", {"course": "N", "speed": 0, "level": "submerged", "plot": "O12"})
    assert bay["drift"] == {"stream": "the deep set", "course": None, "square": "O12"}

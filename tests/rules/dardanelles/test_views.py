"""What the player is given before the first turn, and what the umpire's view carries for a debrief."""

from fogbank.rules import core
from fogbank.rules.core import find_ruleset
from fogbank.rules.core.plain import to_plain

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


def test_the_scenarios_keep_their_own_defences():
    b11, marmara = (to_plain(RULES.chart(game(s).state, core.UMPIRE))["overlays"] for s in ("b11", "marmara"))
    lights = lambda overlay: sum(line.count("S") for line in overlay["searchlight"])  # noqa: E731
    guns = lambda overlay: sum(line.count("B") for line in overlay["batteries"])  # noqa: E731
    assert lights(b11) < lights(marmara)  # fewer searchlights in December 1914
    assert guns(b11) < guns(marmara)  # the howitzers brought down in April 1915
    vessels = {v["number"]: v for v in to_plain(RULES.observe(game("marmara").state, core.UMPIRE))["vessels"]}
    assert vessels[9]["type"] == "battleship" and vessels[9]["square"] in ("M15", "M16", "N15")


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

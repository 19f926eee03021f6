"""The arena's arithmetic: intervals on known counts, verdicts, figures and goals, and what a
player is handed (its seat's chart, briefing and views, nothing else)."""

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import players
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record import arena
from fogbank.rules.record.simulate import play_bot_game


@pytest.mark.parametrize(
    "successes, trials, low, high",
    [  # Wilson score intervals at 95%, as published (Newcombe 1998, table I; Brown, Cai, DasGupta 2001)
        (0, 10, 0.0, 0.2775),
        (1, 10, 0.0179, 0.4042),
        (5, 10, 0.2366, 0.7634),
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_intervals_match_the_published_ones(successes, trials, low, high):
    got = arena.wilson(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_an_interval_of_nothing_is_the_whole_range():
    assert arena.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("result, word", [
    ("victory", "win"), ("marginal victory", "win"), ("draw", "draw"), ("ended", "draw"), (None, "draw"),
    ("marginal defeat", "loss"), ("defeat", "loss"),
])
def test_each_result_is_a_win_a_draw_or_a_loss(result, word):
    assert arena.verdict(result) == word


def _played(number, allied, turkish, turns=10, rules=None):
    return arena.Played(number, {"allied": allied, "turkish": turkish}, "r", turns, {"allied": 1.0, "turkish": 2.0},
                        {"allied": number % 2, "turkish": 0}, rules or {})


def test_figures_count_wins_draws_and_losses_with_their_intervals():
    games = [_played(0, "victory", "defeat"), _played(1, "draw", "draw", rules={"smoke": 2}),
             _played(2, "marginal defeat", "marginal victory"), _played(3, "defeat", "victory")]
    run = arena.summarize("gallipoli", "s", {}, {}, games)
    allied = run["sides"]["allied"]
    assert (allied["wins"]["count"], allied["draws"]["count"], allied["losses"]["count"]) == (1, 1, 2)
    assert allied["wins"]["interval"] == [round(v, 4) for v in arena.wilson(1, 4)]
    assert run["draws"]["count"] == 1
    assert allied["lost"]["mean"] == 0.5 and run["length"]["histogram"] == {"10": 4}
    assert run["policies"] == {"allied": "standard", "turkish": "standard"}


def test_what_a_ruleset_counts_beyond_its_rules_is_shown_as_details(monkeypatch):
    ruleset, _ = core.find_scenario("b11")
    monkeypatch.setattr(type(ruleset), "rules_used", lambda self, record: (
        ["torpedoes", f"level {record['order']['level']}"] if record.get("input") == "order" else []))
    run = arena.summarize("b11", "d", {}, {}, [arena.play("b11", "d", n, max_turns=2) for n in range(2)])
    assert run["rules"]["torpedoes"]["games"]["count"] == 2 and "level surface" not in run["rules"]
    assert sum(d["games"] for d in run["details"].values()) >= 2 and all(k.startswith("level ") for k in run["details"])


def test_goals_judge_draws_wins_and_every_rule_offered():
    run = {"draws": arena.share(50, 100), "rules": {"smoke": {"words": "smoke laid", "games": arena.share(5, 100)}},
           "sides": {"a": {"wins": arena.share(30, 100)}, "b": {"wins": arena.share(20, 100)}}}
    met = {g["goal"]: g["met"] for g in arena.goals(run)}
    assert met == {"draws at most 40%": False, "a wins at least 20%": True, "b wins at least 20%": True,
                   "smoke laid in at least 10% of games": False}


def test_an_edge_is_a_plan_s_wins_over_the_standard_player_s_against_the_same_opponent():
    def run(a, b, wins):
        return {"policies": {"a": a, "b": b}, "sides": {"a": {"wins": arena.share(wins, 100)},
                                                         "b": {"wins": arena.share(0, 100)}}}
    edges = arena.edges([run("standard", "standard", 30), run("rush", "standard", 50), run("rush", "other", 90)])
    assert [(e["policy"], e["edge"], e["met"]) for e in edges] == [("rush", 0.2, False)]


def test_random_orders_are_the_yardstick_the_standard_player_must_outscore_by_thirty_points():
    # A side's score is its wins and half its draws, as a match is scored.
    def run(policy, wins, draws):
        a = {"wins": arena.share(wins, 100), "draws": arena.share(draws, 100)}
        return {"policies": {"a": policy, "b": "standard"}, "sides": {"a": a, "b": a}}
    close = arena.edges([run("standard", 20, 40), run(players.RANDOM, 0, 22)])  # 40 against 11
    clear = arena.edges([run("standard", 20, 40), run(players.RANDOM, 0, 20)])  # 40 against 10
    assert [(e["edge"], e["score_edge"], e["met"]) for e in close] == [(-0.2, -0.29, False)]
    assert [(e["policy"], e["score_edge"], e["met"]) for e in clear] == [("random", -0.3, True)]
    scripted = arena.edges([run("standard", 20, 40), run("rush", 30, 0)])
    assert "score_edge" not in scripted[0] and scripted[0]["met"]  # a plan is held to its wins


def test_a_plan_is_held_to_the_standard_run_of_its_own_scenario_and_options():
    # Runs of several scenarios in one report (`--all`) whose sides share a name: each plan is held
    # to its own scenario's standard run with the same options, not to whichever came last.
    def run(scenario, options, policy, wins):
        return {"scenario": scenario, "options": options, "policies": {"british": policy},
                "sides": {"british": {"wins": arena.share(wins, 100)}}}
    edges = arena.edges([
        run("b11", {"setup": "drawn"}, "standard", 80), run("b11", {"setup": "umpire"}, "standard", 10),
        run("b11", {"setup": "drawn"}, "dash_in", 50), run("river_plate", {}, "standard", 50),
    ])
    assert [(e["scenario"], e["policy"], e["edge"]) for e in edges] == [("b11", "dash_in", -0.3)]


def test_one_seat_against_the_rules_must_lose_often_enough_to_be_a_contest():
    run = {"draws": arena.share(0, 100), "rules": {},
           "sides": {"british": {"wins": arena.share(99, 100), "losses": arena.share(1, 100)}}}
    met = {g["goal"]: g["met"] for g in arena.goals(run)}
    assert met == {"draws at most 40%": True, "british wins at least 20%": True,
                   "british loses at least 20% (the rules' side wins)": False}


def test_a_standard_game_of_the_arena_is_simulate_s_game_of_the_same_number():
    played = arena.play("b11", "same", 3)
    end = list(play_bot_game("b11", arena.game_seed("same", 3)))[-1]
    phases = core.find_ruleset("dardanelles").phases
    assert played.results == end["results"]
    assert played.turns == core.turns_played(phases, end["turn"], end["phase"])


# What a player is handed: a spy policy on the toy-free real scenario b11 and River Plate.

@pytest.mark.parametrize("scenario", ["b11", "river_plate"])
def test_a_player_is_handed_its_seat_s_chart_briefing_and_views_alone(scenario, monkeypatch):
    ruleset, name = core.find_scenario(scenario)
    seatings, seen, observed = [], {}, {}
    real_observe = type(ruleset).observe

    def observe(self, state, seat, since=None):
        view = real_observe(self, state, seat, since)
        observed.setdefault(seat, []).append(to_plain(view))
        return view

    class Spy:
        def __init__(self, seating, inner):
            self.seating, self.inner = seating, inner

        def questions(self, view):
            seen.setdefault(self.seating.seat, []).append(view)
            return []

        def order(self, view):
            seen.setdefault(self.seating.seat, []).append(view)
            return self.inner.order(view)

        def standing(self, view):
            return self.inner.standing(view)

    def make(seating):
        seatings.append(seating)
        return Spy(seating, players.policies(ruleset.name, name)["standard"].make(seating))

    monkeypatch.setattr(type(ruleset), "observe", observe)
    players.policy(ruleset.name, "spy", "Watches what it is handed.")(make)
    try:
        sides = {s.side for s in ruleset.seats(core.start(ruleset, name, b"x" * 32).state)}
        game = arena.play(scenario, "spy", 0, policies={side: "spy" for side in sides}, max_turns=3)
    finally:
        players._POLICIES.pop((ruleset.name, "spy"))
    assert game.turns >= 1 and seatings
    start = core.start(ruleset, name, arena.game_seed("spy", 0)).state
    for seating in seatings:
        assert {f.name for f in attrs.fields(players.Seating)} == {
            "ruleset", "scenario", "seat", "side", "chart", "briefing", "options", "luck"}
        assert seating.chart == to_plain(ruleset.chart(start, seating.seat))
        assert seating.briefing == to_plain(ruleset.briefing(start, seating.seat))
        assert seating.options == to_plain(start.options)
        assert seating.luck != int.from_bytes(start.dice.seed[:8], "big")
    for seat, views in seen.items():
        assert views and all(view in observed[seat] for view in views)
        others = [v for s, vs in observed.items() if s != seat for v in vs]
        assert not any(view in others and view not in observed[seat] for view in views)


# Refused orders: a plan whose orders the rules refuse holds still instead, and the arena says so.

class _TooFast:
    """Orders eight squares an hour (the rules allow six on the surface) every other turn."""

    def __init__(self, inner):
        self.inner = inner

    def order(self, view):
        order = self.inner.order(view)
        return {"course": "N", "speed": 8, "level": "surface"} if view["turn"] % 2 else order

    def standing(self, view):
        return self.inner.standing(view)


@pytest.fixture
def too_fast():
    ruleset, name = core.find_scenario("b11")
    make = players.policies(ruleset.name, name)["standard"].make
    players.policy(ruleset.name, "too_fast", "Orders more squares than the rules allow.")(
        lambda seating: _TooFast(make(seating)))
    yield
    players._POLICIES.pop((ruleset.name, "too_fast"))


def test_each_refused_order_is_counted_by_side_and_code(too_fast):
    game = arena.play("b11", "refusing", 0, policies={"british": "too_fast"}, max_turns=4)
    assert game.refused == {"british": {"speed_too_high": 2}}  # turns 1 and 3
    plain = arena.Played.from_plain(game.to_plain())
    assert plain.refused == game.refused


def test_a_run_shows_its_refused_orders_per_side_and_per_game(too_fast):
    games = [arena.play("b11", "refusing", n, policies={"british": "too_fast"}, max_turns=4)
             for n in range(2)]
    games.append(arena.play("b11", "refusing", 2, max_turns=4))  # the standard player: none refused
    run = arena.summarize("b11", "refusing", {}, {"british": "too_fast"}, games)
    refused = run["sides"]["british"]["refused"]
    assert refused["orders"] == 4 and refused["games"]["count"] == 2
    assert refused["per_game"] == pytest.approx(4 / 3, abs=1e-4)
    assert refused["codes"] == {"speed_too_high": 4} and run["refused"] == 4
    clean = arena.summarize("b11", "refusing", {}, {}, games[2:])
    assert clean["refused"] == 0 and clean["sides"]["british"]["refused"]["games"]["count"] == 0


def _every_scenario():
    """Every shipped ruleset's scenarios (a test's toy ruleset, registered by an earlier test module, is no
    ruleset a club plays)."""
    shipped = [r for _, r in sorted(core.rulesets().items()) if type(r).__module__.startswith("fogbank.")]
    return [(r.name, s) for r in shipped for s in r.scenarios()]


@pytest.mark.parametrize("ruleset, scenario", _every_scenario())
def test_every_side_of_every_scenario_has_a_random_player_whose_orders_the_rules_take(ruleset, scenario):
    rules = core.find_ruleset(ruleset)
    sides = set(core.sides(rules.seats(core.start(rules, scenario, bytes(32)).state)))
    assert all(players.RANDOM in players.policies(ruleset, scenario, side) for side in sides)
    for number in range(2):
        played = arena.play(f"{ruleset}/{scenario}", "random", number, policies=dict.fromkeys(sides, players.RANDOM),
                            max_turns=4)
        assert played.refused == {}, played

"""`fogbank arena` as a designer runs it: stable figures for a seed, logs that verify, a page that
stands alone, and one-line mistakes."""

import argparse
import json
import stat
import subprocess
import sys

import pytest


def fogbank(*args):
    return subprocess.run([sys.executable, "-m", "fogbank.cli.main", *args], capture_output=True, text=True)


@pytest.fixture(scope="module")
def b11(tmp_path_factory):
    folder = tmp_path_factory.mktemp("arena")
    run = fogbank("arena", "b11", "--games", "6", "--seed", "A", "--jobs", "2", "--json", "--logs", str(folder / "logs"),
                  "--html", str(folder / "page.html"), "--markdown", str(folder / "balance.md"))
    assert run.returncode == 0, run.stderr
    return folder, run.stdout


def test_the_figures_are_the_same_for_a_seed_however_many_processes_play(b11):
    _, spread = b11
    alone = fogbank("arena", "b11", "--games", "6", "--seed", "A", "--jobs", "1", "--json")
    assert alone.returncode == 0 and alone.stdout == spread
    report = json.loads(spread)
    (run,) = report["runs"]
    british = run["sides"]["british"]
    assert british["wins"]["count"] + british["draws"]["count"] + british["losses"]["count"] == 6
    assert {"periscope", "torpedoes"} <= run["rules"].keys() and run["goals"]


def test_every_game_s_log_verifies_and_is_its_owner_s_alone(b11):
    folder, _ = b11
    logs = sorted((folder / "logs").iterdir())
    assert len(logs) == 6
    for log in logs:
        assert stat.S_IMODE(log.stat().st_mode) == 0o600
        checked = fogbank("verify", str(log))
        assert checked.returncode == 0, checked.stderr


def test_the_page_stands_alone_and_the_markdown_names_its_command(b11):
    folder, _ = b11
    page = (folder / "page.html").read_text()
    assert "<svg" in page and "http" not in page and "<script" not in page
    assert "fogbank arena b11 --games 6 --seed A" in (folder / "balance.md").read_text()


def test_vs_plans_every_policy_of_each_side_against_every_other():
    from fogbank.cli.arena import plan
    from fogbank.rules.core import players

    asked = argparse.Namespace(scenario="river_plate", all=False, policy=[], option=[], vs=True)
    pairs = [tuple(sorted(r.policies.items())) for r in plan(asked)]
    each = {side: set(players.policies("supremacy", "river_plate", side)) for side in ("british", "german")}
    assert set(pairs) == {(("british", b), ("german", g)) for b in each["british"] for g in each["german"]}
    assert len(pairs) == len(set(pairs)) == 30


def test_vs_with_one_side_named_plays_the_other_side_s_every_policy_against_it():
    # Thirty games of the whole matrix took over three minutes of CI: the plan is checked above.
    run = fogbank("arena", "river_plate", "--games", "1", "--vs", "--policy", "german=standard", "--json", "--jobs", "1")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    pairs = {tuple(sorted(r["policies"].items())) for r in report["runs"]}
    assert len(pairs) == len(report["runs"]) == 6
    assert {dict(p)["german"] for p in pairs} == {"standard"}


@pytest.mark.parametrize("args, words", [
    (["river_plate", "--policy", "nobody=standard"], "no side called 'nobody'"),
    (["river_plate", "--policy", "german=nonesuch"], "no policy called 'nonesuch'"),
    (["river_plate", "--policy", "german"], "a policy is SIDE=NAME"),
    (["river_plate", "--option", "night=maybe"], "night"),
    (["atlantis"], "no scenario called 'atlantis'"),
    ([], "name a scenario, or --all"),
])
def test_a_mistake_is_one_line_and_exit_2(args, words):
    run = fogbank("arena", *args, "--games", "1")
    assert run.returncode == 2 and words in run.stderr and run.stderr.count("\n") == 1 and not run.stdout


def test_all_with_a_scenario_measures_it_again_and_replaces_only_its_section(tmp_path):
    table = tmp_path / "balance.md"
    kept = "## river_plate\n\n| options | players |\n|---|---|\n| - | british standard |\n\nGoals: all met.\n\n"
    table.write_text("# Balance: what the arena measured\n\nMade by `fogbank arena --all ...`.\n\n"
                     "## b11\n\nold figures\n\n" + kept)
    run = fogbank("arena", "b11", "--all", "--games", "2", "--seed", "A", "--jobs", "1", "--markdown", str(table))
    assert run.returncode == 0, run.stderr
    text = table.read_text()
    assert text.startswith("# Balance: what the arena measured\n\nMade by `fogbank arena --all ...`.")
    assert "old figures" not in text and text.endswith(kept.rstrip("\n") + "\n")  # the other's section, untouched
    assert "\n\n## river_plate\n" in text  # a blank line before the next heading
    b11 = text.split("## b11\n", 1)[1].split("## river_plate", 1)[0]
    assert "Made by `fogbank arena b11 --all --games 2 --seed A --markdown" in b11
    assert "british dash_in" in b11 and "setup=umpire" in b11  # what --all shows of it: options and plans


def test_a_run_whose_orders_were_refused_is_marked_in_every_form():
    from fogbank.cli import arena_page
    from fogbank.rules.record import arena

    def played(number, refused):
        return arena.Played(number, {"british": "draw"}, "r", 5, {"british": 0.0}, {"british": 0}, {},
                            refused={"british": refused} if refused else {})
    broken = arena.summarize("b11", "A", {}, {"british": "dash_in"},
                             [played(0, {"speed_too_high": 3, "not_loaded": 1}), played(1, {})])
    clean = arena.summarize("b11", "A", {}, {}, [played(0, {}), played(1, {})])
    report = {"seed": "A", "games": 2, "runs": [clean, broken], "edges": []}
    table = arena_page.markdown(report, "fogbank arena b11").split("\n")
    rows = [line for line in table if line.startswith("| setup")]
    assert rows[0].endswith("| none |") and "⚠" not in rows[0]
    assert "dash_in ⚠" in rows[1]
    assert "british 4 in 50% of games (2.0 a game: not_loaded 1, speed_too_high 3)" in rows[1]
    words = arena_page.text(report).split("\n")
    assert sum("REFUSED ORDERS" in line for line in words) == 1
    page = arena_page.html(report)
    assert page.count("Refused orders") == 1 and "(dash_in) ⚠" in page and "(standard) ⚠" not in page


def test_the_markdown_says_where_the_standard_player_adds_too_little_over_random_orders():
    from fogbank.cli import arena_page
    from fogbank.rules.record import arena

    def run(policy, wins):
        games = [arena.Played(n, {"british": "victory" if n < wins else "defeat"}, "r", 5, {"british": 0.0},
                              {"british": 0}, {}) for n in range(10)]
        return arena.summarize("b11", "A", {}, {"british": policy}, games)
    runs = [run("standard", 5), run("random", 3), run("dash_in", 1)]
    report = {"seed": "A", "games": 10, "runs": runs, "edges": arena.edges(runs)}
    table = arena_page.markdown(report, "fogbank arena b11")
    assert "- plan `random` (british): -20 points, -20 of score (wins and half the draws: 30% against 50%)" \
           " against the standard player (wins 30% [11-60] against 50%)" \
           " (the standard player adds too little over random orders)" in table
    assert "- plan `dash_in` (british): -40 points against the standard player (wins 10% [2-40] against 50%)\n" in table
    assert "LESS THAN 30 UNDER" in arena_page.text(report)


def test_the_goals_line_counts_the_plans_goals_too():
    """A plan more than 15 points over the standard player, or random orders less than 30 under it,
    is a goal not met: the Goals line says so, not only the plan's own line."""
    from fogbank.cli import arena_page
    from fogbank.rules.record import arena

    def run(policy, wins):
        games = [arena.Played(n, {"british": "victory" if n < wins else "defeat"}, "r", 5, {"british": 0.0},
                              {"british": 0}, {}) for n in range(10)]
        figures = arena.summarize("b11", "A", {}, {"british": policy}, games)
        if policy == "standard":
            figures["goals"] = arena.goals({**figures, "rules": {}})  # the rules' goals are not this test's
        return figures

    def goals_line(*runs):
        report = {"seed": "A", "games": 10, "runs": list(runs), "edges": arena.edges(runs)}
        return next(line for line in arena_page.markdown(report, "fogbank arena b11").split("\n") if line.startswith("Goals:"))
    assert goals_line(run("standard", 5), run("random", 1)) == "Goals: all met."
    assert goals_line(run("standard", 5), run("random", 3)) == \
        "Goals: not met: british standard player at least 30 points of score over random orders (20)."
    assert goals_line(run("standard", 5), run("random", 0), run("dash_in", 7)) == \
        "Goals: not met: plan `dash_in` (british) at most 15 points over the standard player (+20)."

"""`fogbank bench` judges issue 14's goals from its own figures, and says when a run cannot."""

from __future__ import annotations

import argparse

from fogbank.bench.load.main import _goal
from fogbank.bench.load.report import speed_goals

HOST = {"game_end_cpu_ms": 0.9, "kib_per_seat_after_20_turns": 50.0, "kib_per_seat_after_100_turns": 52.0}


def paced(**given) -> argparse.Namespace:
    return argparse.Namespace(**{"max": False, **given})


def test_cpu_a_turn_is_judged_only_paced_at_3000_seats_or_more():
    judged = speed_goals(paced(), 3000, 0.31, 0.10, HOST)
    assert judged["server_cpu_ms_per_turn"]["reached"] is False
    assert judged["server_cpu_ms_per_turn"]["this_run"] == 0.31
    assert judged["cpu_echo_ratio"] == {**judged["cpu_echo_ratio"], "this_run": 3.1, "reached": False}
    assert speed_goals(paced(), 3000, 0.19, 0.15, HOST)["cpu_echo_ratio"]["reached"] is True
    assert speed_goals(paced(), 3000, 0.19, 0.15, HOST)["server_cpu_ms_per_turn"]["reached"] is True
    for seats, args in ((200, paced()), (3000, paced(max=True))):
        goals = speed_goals(args, seats, 0.19, 0.15, HOST)
        assert goals["server_cpu_ms_per_turn"]["reached"] is None
        assert goals["cpu_echo_ratio"]["reached"] is None


def test_the_game_end_and_flat_memory_are_judged_from_the_host_figures():
    goals = speed_goals(paced(), 200, 0.5, 0.1, HOST)
    assert goals["game_end_cpu_ms"]["reached"] is True
    assert goals["memory_growth_20_to_100_turns"] == {**goals["memory_growth_20_to_100_turns"], "this_run": 1.04, "reached": True}
    grown = speed_goals(paced(), 200, 0.5, 0.1, {**HOST, "game_end_cpu_ms": 1.1, "kib_per_seat_after_100_turns": 200.0})
    assert grown["game_end_cpu_ms"]["reached"] is False
    assert grown["memory_growth_20_to_100_turns"]["reached"] is False
    unjudged = speed_goals(paced(), 200, 0.5, 0.1, None)
    assert unjudged["game_end_cpu_ms"]["reached"] is None
    assert unjudged["memory_growth_20_to_100_turns"]["reached"] is None


def test_each_goal_reads_as_a_line_with_its_figure_and_verdict():
    goals = speed_goals(paced(), 200, 0.5, 0.1, HOST)
    assert _goal(goals["game_end_cpu_ms"]) == "1: this run 0.9, reached"
    assert _goal(goals["server_cpu_ms_per_turn"]) == "0.2: this run 0.5, not judged (paced, 3,000 seats or more)"
    assert _goal({"goal": 25.0, "reached": False}) == "25: not reached"

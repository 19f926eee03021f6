"""`python -m fogbank.bench.versus` gives fogbank's CPU a turn over each other server's round by
round, and prints each figure with its spread."""

from __future__ import annotations

from fogbank.bench.versus.main import _ratios, text


def one(cpu: float, p99: float = 40.0) -> dict:
    return {"cpu_ms_per_turn": cpu, "p99_ms": p99, "rss_per_connection_kib": 20.0, "rss_per_seat_kib": 60.0,
            "turns_per_s": 1000.0, "load_average": 9.5}  # fmt: skip


def test_the_ratios_pair_the_runs_of_one_round():
    runs = {"boardgame.io": [one(0.40), one(0.30)], "fogbank": [one(0.36), one(0.33)],
            "fogbank@dcc26fb": [one(0.30), one(0.33)]}
    assert _ratios(runs) == {"fogbank/boardgame.io": [0.9, 1.1], "fogbank/fogbank@dcc26fb": [1.2, 1.0]}


def test_the_text_gives_the_median_and_the_spread_of_every_figure():
    runs = {"boardgame.io": [one(0.40), one(0.30)], "fogbank": [one(0.36, 30.0), one(0.33, 50.0)]}
    result = {"rate": 1.0, "seconds": 25.0, "codec": "msgpack", "workers": 1, "baselines": {},
              "sizes": [{"seats": 1000, "runs": runs, "ratios": _ratios(runs)}]}  # fmt: skip
    printed = text(result)
    assert "0.345 (0.33-0.36)" in printed and "40 (30-50)" in printed
    assert "CPU a turn, fogbank/boardgame.io: 1 (0.9-1.1)" in printed

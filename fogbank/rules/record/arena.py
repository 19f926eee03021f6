"""The arena's arithmetic: one game played by named policies, and many games summed into figures.

A game of the arena is a `simulate` game (same seeds, same loop, same log) whose seats are played by
the policies named for their sides. What a designer reads off many of them: each side's wins, draws
and losses with Wilson 95% intervals, the game's length, victory points and losses, and how often
each rule the scenario offers was used. Pure: the command (`fogbank.cli.arena`) runs the games in
processes and prints; everything it prints is computed here, so the figures are the same whoever
runs them and however many processes share the work.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence

import attrs

from fogbank.rules import core
from fogbank.rules.core import players

from .simulate import game_seed, play_out

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval

# The goals a scenario should meet with standard players on both sides (issue: the arena).
MOST_DRAWS = 0.40
LEAST_WINS = 0.20
LEAST_RULE_USE = 0.10
MOST_EDGE = 0.15  # a scripted plan may beat the standard player's own win rate by at most this
LEAST_OVER_RANDOM = 0.30  # the standard player's score must beat random orders' by at least this

WIN, DRAW, LOSS = "win", "draw", "loss"


def verdict(result: str | None) -> str:
    """A side's result in the arena's three words: victories (marginal too) win, defeats lose, and
    a draw or a game stopped before its end counts as a draw."""
    if result in ("victory", "marginal victory"):
        return WIN
    if result in ("defeat", "marginal defeat"):
        return LOSS
    return DRAW


@attrs.frozen
class Played:
    """What one game of the arena came to."""

    number: int
    results: Mapping[str, str]  # side -> the game's own result words
    reason: str
    turns: int
    points: Mapping[str, float]
    lost: Mapping[str, int]
    rules: Mapping[str, int]  # rule key -> uses
    details: Mapping[str, int] = attrs.field(factory=dict)  # other things counted (a mine's hex, ...)
    # side -> refusal code -> orders of that side's player the rules refused (each replaced by the
    # seat's standing order): a plan whose orders are refused is not playing the game it names.
    refused: Mapping[str, Mapping[str, int]] = attrs.field(factory=dict)

    def to_plain(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_plain(cls, plain: Mapping[str, Any]) -> Played:
        return cls(**plain)


def play(
    scenario: str,
    seed: str,
    number: int,
    options: Mapping[str, Any] | None = None,
    policies: Mapping[str, str] | None = None,
    max_turns: int = 500,
    log: Callable[[dict[str, Any]], None] | None = None,
) -> Played:
    """Game `number` of the run seeded `seed`: `fogbank simulate`'s game of the same number when
    every side plays its standard player. `log` is handed every log record as it is made."""
    ruleset, scenario = core.find_scenario(scenario)
    game = core.start(ruleset, scenario, game_seed(seed, number), options or None)
    rules: Counter[str] = Counter()
    details: Counter[str] = Counter()
    offered = ruleset.rules_offered(scenario, game.state.options)
    side_of = {seat.name: seat.side for seat in ruleset.seats(game.state)}
    refused: dict[str, Counter[str]] = {}

    def count_refusal(seat: str, refusal: core.Refused) -> None:
        refused.setdefault(side_of.get(seat, seat), Counter())[refusal.code] += 1

    played = play_out(game, max_turns, policies or {}, refused=count_refusal)
    while True:
        try:
            record = next(played)
        except StopIteration as stop:
            game = stop.value
            break
        if record["type"] in ("input", "event"):
            for key in ruleset.rules_used(record):
                (rules if key in offered else details)[key] += 1
        if log is not None:
            log(record)
    tally = ruleset.tally(game.state)
    outcome = game.state.outcome
    return Played(
        number=number,
        results=dict(outcome.results) if outcome else {},
        reason=outcome.reason if outcome else "",
        turns=core.turns_played(ruleset.phases, game.state.turn, game.state.phase),
        points={side: float(v) for side, v in tally.points.items()},
        lost={side: int(v) for side, v in tally.lost.items()},
        rules=dict(sorted(rules.items())),
        details=dict(sorted(details.items())),
        refused={side: dict(sorted(codes.items())) for side, codes in sorted(refused.items())},
    )


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: (low, high); (0, 1) when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


def spread(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation (of the sample), least and most."""
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "max": 0.0}
    return {
        "mean": _round(statistics.fmean(values)),
        "sd": _round(statistics.stdev(values)) if len(values) > 1 else 0.0,
        "min": _round(min(values)),
        "max": _round(max(values)),
    }


def share(count: int, trials: int) -> dict[str, Any]:
    low, high = wilson(count, trials)
    return {"count": count, "rate": _round(count / trials if trials else 0.0), "interval": [_round(low), _round(high)]}


def summarize(
    scenario: str,
    seed: str,
    options: Mapping[str, Any],
    policies: Mapping[str, str],
    games: Iterable[Played],
) -> dict[str, Any]:
    """The figures of one run (one pair of policies), plain and stable: the same games give the
    same bytes of JSON."""
    ruleset, scenario = core.find_scenario(scenario)
    state = core.start(ruleset, scenario, game_seed(seed, 0), dict(options) or None).state
    side_names = list(core.sides(ruleset.seats(state)))
    offered = ruleset.rules_offered(scenario, state.options)
    games = sorted(games, key=lambda g: g.number)
    n = len(games)
    sides = {}
    for side in side_names:
        verdicts = Counter(verdict(g.results.get(side)) for g in games)
        sides[side] = {
            "policy": policies.get(side, players.STANDARD),
            "wins": share(verdicts[WIN], n),
            "draws": share(verdicts[DRAW], n),
            "losses": share(verdicts[LOSS], n),
            "results": dict(sorted(Counter(g.results.get(side, "ended") for g in games).items())),
            "points": spread([g.points.get(side, 0.0) for g in games]),
            "lost": spread([float(g.lost.get(side, 0)) for g in games]),
            "refused": _refused(games, side),
        }
    decisive = Counter(any(verdict(r) != DRAW for r in g.results.values()) for g in games)
    rules = {
        key: {
            "words": words,
            "games": share(sum(1 for g in games if g.rules.get(key)), n),
            "per_game": _round(sum(g.rules.get(key, 0) for g in games) / n if n else 0.0),
        }
        for key, words in sorted(offered.items())
    }
    return {
        "scenario": scenario,
        "ruleset": ruleset.name,
        "seed": seed,
        "games": n,
        "options": dict(sorted(state.options.items())),
        "policies": {side: policies.get(side, players.STANDARD) for side in side_names},
        "sides": sides,
        "draws": share(decisive[False], n),
        "length": {**spread([float(g.turns) for g in games]), "histogram": _histogram(g.turns for g in games)},
        "rules": rules,
        "details": _details(games),
        "reasons": dict(Counter(g.reason for g in games).most_common(8)),
        "refused": sum(f["refused"]["orders"] for f in sides.values()),
    }


def goals(run: Mapping[str, Any]) -> list[dict[str, Any]]:
    """How a run of standard players meets the arena's goals: each goal, its figure and whether
    it is met (judged on the rate itself; the interval says how sure)."""
    found = [{
        "goal": f"draws at most {MOST_DRAWS:.0%}",
        "figure": run["draws"]["rate"], "interval": run["draws"]["interval"],
        "met": run["draws"]["rate"] <= MOST_DRAWS,
    }]
    for side, figures in run["sides"].items():
        found.append({
            "goal": f"{side} wins at least {LEAST_WINS:.0%}",
            "figure": figures["wins"]["rate"], "interval": figures["wins"]["interval"],
            "met": figures["wins"]["rate"] >= LEAST_WINS,
        })
    if len(run["sides"]) == 1:  # one seat against the rules: the rules' side is the other party
        (side, figures), = run["sides"].items()
        found.append({
            "goal": f"{side} loses at least {LEAST_WINS:.0%} (the rules' side wins)",
            "figure": figures["losses"]["rate"], "interval": figures["losses"]["interval"],
            "met": figures["losses"]["rate"] >= LEAST_WINS,
        })
    for _key, rule in run["rules"].items():
        found.append({
            "goal": f"{rule['words']} in at least {LEAST_RULE_USE:.0%} of games",
            "figure": rule["games"]["rate"], "interval": rule["games"]["interval"],
            "met": rule["games"]["rate"] >= LEAST_RULE_USE,
        })
    return found


def edges(runs: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """For each scripted policy played against the other side's standard player: how much better
    it wins than the standard player itself does against that same opponent, in the same scenario
    with the same options (at most MOST_EDGE). Random orders are held to their score instead (wins
    and half the draws, `score_edge`): at least LEAST_OVER_RANDOM below the standard player's. Runs
    of several scenarios may be given together: each plan is held to the standard run of its own
    scenario and options only."""
    def standard_against(run: Mapping[str, Any], side: str) -> bool:
        return all(p == players.STANDARD for s, p in run["policies"].items() if s != side)

    def setting(run: Mapping[str, Any]) -> tuple:
        return run.get("scenario"), tuple(sorted(run.get("options", {}).items()))

    base = {setting(run): dict(run["sides"])
            for run in runs if all(p == players.STANDARD for p in run["policies"].values())}
    found = []
    for run in runs:
        standard = base.get(setting(run), {})
        for side, name in run["policies"].items():
            if name == players.STANDARD or not standard_against(run, side) or side not in standard:
                continue
            figures = run["sides"][side]
            edge = _round(figures["wins"]["rate"] - standard[side]["wins"]["rate"])
            found.append({
                "scenario": run.get("scenario"), "side": side, "policy": name, "wins": figures["wins"],
                "standard": standard[side]["wins"]["rate"], "edge": edge, "met": edge <= MOST_EDGE,
            })
            if name == players.RANDOM:  # the yardstick: the standard player must beat it by a margin
                scores = score(figures), score(standard[side])
                found[-1].update(score=scores[0], standard_score=scores[1], score_edge=_round(scores[0] - scores[1]),
                                 met=scores[0] - scores[1] <= -LEAST_OVER_RANDOM + 1e-9)
    return found


def score(figures: Mapping[str, Any]) -> float:
    """A side's score, as a match is scored: its wins and half its draws, a share of its games."""
    return _round(figures["wins"]["rate"] + figures["draws"]["rate"] / 2)


def _refused(games: Sequence[Played], side: str) -> dict[str, Any]:
    """The orders of `side`'s player the rules refused: how many, in how many games, how many a
    game, and by refusal code."""
    per_game = [sum(g.refused.get(side, {}).values()) for g in games]
    codes: Counter[str] = Counter()
    for g in games:
        codes.update(g.refused.get(side, {}))
    n = len(games)
    return {
        "orders": sum(per_game),
        "games": share(sum(1 for count in per_game if count), n),
        "per_game": _round(sum(per_game) / n if n else 0.0),
        "codes": dict(sorted(codes.items())),
    }


def _details(games: Sequence[Played]) -> dict[str, Any]:
    """Whatever else a ruleset counts (where the mines went, say): in how many games, how often."""
    keys = sorted({key for g in games for key in g.details})
    n = len(games)
    return {key: {"games": sum(1 for g in games if g.details.get(key)),
                  "per_game": _round(sum(g.details.get(key, 0) for g in games) / n)} for key in keys}


def _histogram(turns: Iterable[int]) -> dict[str, int]:
    counts = Counter(turns)
    return {str(t): counts[t] for t in sorted(counts)}


def _round(value: float) -> float:
    return round(value, 4)


__all__ = ["Played", "edges", "goals", "play", "score", "share", "spread", "summarize", "verdict", "wilson"]

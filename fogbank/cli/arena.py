"""`fogbank arena`: many games of a scenario with named plans on each side, and what they came to.

The games are spread over processes; each is `fogbank simulate`'s game of the same number and seed,
its seats played by the policies named for their sides. The figures are computed by
`fogbank.rules.record.arena` and printed as text, JSON (stable for a seed), a page of charts or the
Markdown of docs/balance.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

import attrs

from fogbank.rules import core
from fogbank.rules.core import players
from fogbank.rules.core.game import check_options
from fogbank.rules.record import arena
from fogbank.server.app import parse_options

from . import arena_page
from .private import private_writer

BALANCE_GAMES = 200  # games a run for docs/balance.md


@attrs.frozen
class Run:
    """One pair (or set) of policies on one scenario with its options."""

    scenario: str
    options: Mapping[str, Any]
    policies: Mapping[str, str]  # side -> policy name (every side named)


def run(args: argparse.Namespace) -> int:
    try:
        runs = plan(args)
    except (ValueError, LookupError, core.Refused) as error:
        print(f"fogbank arena: {_words(error)}", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        results = play_runs(runs, args.games, args.seed, args.jobs, args.logs, progress=sys.stderr.isatty())
    except OSError as error:
        print(f"fogbank arena: cannot write the logs in {args.logs}: {error.strerror}", file=sys.stderr)
        return 2
    seconds = time.monotonic() - started
    report = {"seed": args.seed, "games": args.games, "runs": results, "edges": arena.edges(results)}
    for run_figures in results:
        if all(p == players.STANDARD for p in run_figures["policies"].values()):
            run_figures["goals"] = arena.goals(run_figures)
    try:
        if args.html:
            _write(args.html, arena_page.html(report))
        if args.markdown:
            text = arena_page.markdown(report, command=_command(args))
            if args.all and args.scenario and args.markdown.exists():
                # One scenario measured again: its section of the table is replaced, the rest kept.
                kept = args.markdown.read_text()
                text = arena_page.merged(kept, text, command=_command(args), report=report)
            _write(args.markdown, text)
    except OSError as error:
        print(f"fogbank arena: cannot write {error.filename}: {error.strerror}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(arena_page.text(report))
        total = args.games * len(runs)
        print(f"{total} games in {seconds:.1f} s over {args.jobs} processes"
              f" ({seconds / total * 200:.0f} s for 200 games of one run).")
    return 0


def plan(args: argparse.Namespace) -> list[Run]:
    """The runs the command line asks for: one, a matrix (--vs), or what docs/balance.md shows of
    every scenario (--all), or of the one named (--all with a scenario)."""
    if args.all and args.scenario:
        ruleset, scenario = core.find_scenario(args.scenario)
        return balance_runs(f"{ruleset.name}/{scenario}")
    if args.all:
        return [r for ruleset in sorted(core.rulesets().values(), key=lambda r: r.name)
                for scenario in ruleset.scenarios() for r in balance_runs(f"{ruleset.name}/{scenario}")]
    if not args.scenario:
        raise ValueError("name a scenario, or --all")
    ruleset, scenario = core.find_scenario(args.scenario)
    options = check_options(ruleset, scenario, parse_options(args.option))
    sides = _sides(ruleset, scenario, options)
    chosen = {}
    for item in args.policy:
        side, equals, name = item.partition("=")
        if not equals:
            raise ValueError(f"a policy is SIDE=NAME, not {item!r}")
        if side not in sides:
            raise ValueError(f"{scenario} has no side called {side!r}; its sides: {', '.join(sides)}")
        players.find_policy(ruleset.name, scenario, side, name)
        chosen[side] = name
    if args.vs:
        names = [[chosen[s]] if s in chosen else list(players.policies(ruleset.name, scenario, s)) for s in sides]
        return [Run(f"{ruleset.name}/{scenario}", options, dict(zip(sides, pick))) for pick in itertools.product(*names)]
    return [Run(f"{ruleset.name}/{scenario}", options, {s: chosen.get(s, players.STANDARD) for s in sides})]


def balance_runs(scenario: str) -> list[Run]:
    """What docs/balance.md shows of a scenario: standard players with the default options and
    with each other choice of each option in turn, and every scripted plan against the other
    side's standard player (default options)."""
    ruleset, name = core.find_scenario(scenario)
    defaults = {key: option.default for key, option in ruleset.options(name).items()}
    variants = [defaults] + [
        {**defaults, key: choice}
        for key, option in sorted(ruleset.options(name).items()) for choice in option.choices if choice != option.default
    ]
    sides = _sides(ruleset, name, defaults)
    standard = {side: players.STANDARD for side in sides}
    found = [Run(scenario, options, standard) for options in variants]
    for side in sides:
        for policy in players.policies(ruleset.name, name, side):
            if policy != players.STANDARD:
                found.append(Run(scenario, defaults, {**standard, side: policy}))
    return found


def play_runs(
    runs: Sequence[Run], games: int, seed: str, jobs: int, logs: Path | None = None, progress: bool = False
) -> list[dict[str, Any]]:
    """Every game of every run, spread over `jobs` processes; the figures of each run, in order."""
    tasks = [(i, run, number) for i, run in enumerate(runs) for number in range(games)]
    if logs is not None:
        logs.mkdir(parents=True, exist_ok=True)
    played: list[list[arena.Played]] = [[] for _ in runs]
    for done, (index, game) in enumerate(_each(tasks, seed, jobs, logs), 1):
        played[index].append(game)
        if progress:
            _bar(done, len(tasks))
    if progress:
        print(file=sys.stderr)
    return [arena.summarize(r.scenario, seed, r.options, r.policies, p) for r, p in zip(runs, played)]


def _each(tasks: list, seed: str, jobs: int, logs: Path | None) -> Iterator[tuple[int, arena.Played]]:
    work = [(index, run.scenario, seed, number, dict(run.options), dict(run.policies), logs)
            for index, run, number in tasks]
    if jobs <= 1 or len(work) <= 1:
        yield from map(_play_one, work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_one, work, chunksize=max(1, min(8, len(work) // (jobs * 8))))


def _play_one(task: tuple) -> tuple[int, arena.Played]:
    index, scenario, seed, number, options, policies, logs = task
    if logs is None:
        return index, arena.play(scenario, seed, number, options, policies)
    tag = "-".join(f"{side}={name}" for side, name in sorted(policies.items()))
    path = logs / f"{scenario.replace('/', '-')}-{tag}-{seed}-{number}.jsonl"
    # The log holds the seed and every hidden thing: readable by its owner alone, like the store.
    with private_writer(path) as out:
        return index, arena.play(
            scenario, seed, number, options, policies,
            log=lambda record: out.write(json.dumps(record, separators=(",", ":")) + "\n"),
        )


def _sides(ruleset: core.Ruleset, scenario: str, options: Mapping[str, Any]) -> list[str]:
    state = core.start(ruleset, scenario, b"\0" * 32, dict(options) or None).state
    return list(core.sides(ruleset.seats(state)))


def _bar(done: int, total: int, width: int = 40) -> None:
    filled = width * done // total
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games", end="", file=sys.stderr, flush=True)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def _command(args: argparse.Namespace) -> str:
    words = ["fogbank", "arena", *([args.scenario] if args.scenario else []), *(["--all"] if args.all else [])]
    words += ["--games", str(args.games), "--seed", args.seed]
    words += [f"--policy {p}" for p in args.policy] + [f"--option {o}" for o in args.option]
    return " ".join(words + (["--vs"] if args.vs else []) + ["--markdown", str(args.markdown)])


def _words(error: BaseException) -> str:
    return getattr(error, "sentence", None) or (error.args[0] if error.args else str(error))

"""`fogbank scenario check FILE`: a scenario file read as a game of its ruleset would read it."""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path

from fogbank.rules.core import Ruleset, find_ruleset, find_scenario, rulesets
from fogbank.rules.core.scenarios import Checked, ScenarioError
from fogbank.rules.core.scenarios import check as check_text


def check(args: argparse.Namespace) -> int:
    """OK and what the file sets up (exit 0), or a line a problem (exit 1); a mistake on the
    command line, or a file that cannot be read, is one line (exit 2)."""
    try:
        ruleset, path, text = _file(args.file, args.ruleset)
    except LookupError as error:
        print(f"fogbank scenario check: {error.args[0]}", file=sys.stderr)
        return 2
    try:
        checked = check_text(ruleset, text, str(path), lambda name: _beside(path, name))
    except ScenarioError as error:
        for line in error.problems:
            print(line, file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 - a file the reader did not foresee: a line, not a trace
        print(f"{path}: cannot be read as a {ruleset.name} scenario ({type(error).__name__}: {error})",
              file=sys.stderr)
        return 1
    print("\n".join(summary(checked, ruleset, path)))
    return 0


def summary(checked: Checked, ruleset: Ruleset, path: Path) -> list[str]:
    if checked.kind != "scenario":
        return [f"OK: {path} is a {ruleset.name} {checked.kind}, {checked.title!r}",
                *(f"  {n}" for n in checked.notes)]
    sides: dict[str, list[str]] = {}
    for seat in checked.seats:
        sides.setdefault(seat.side, []).append(seat.name)
    lines = [f"OK: {path} is a {ruleset.name} scenario, {checked.title!r}",
             f"  {checked.turns} turns; {len(sides)} side{'s' * (len(sides) != 1)}, "
             f"{len(checked.seats)} seat{'s' * (len(checked.seats) != 1)}:"]
    lines += [f"    {checked.side_titles.get(side, side)} ({side}): {', '.join(seats)}"
              for side, seats in sides.items()]
    return lines + [f"  {n}" for n in checked.notes]


def _file(given: str, named: str | None) -> tuple[Ruleset, Path, str]:
    """The ruleset, the file and its text: a file, or the id of a scenario a ruleset ships."""
    path = Path(given)
    if not path.exists() and not given.endswith(".toml"):  # a scenario's id
        ruleset, scenario = find_scenario(f"{named}/{given}" if named and "/" not in given else given)
        path = Path(str(resources.files(_package(ruleset)).joinpath("scenarios", f"{scenario}.toml")))
    elif not path.exists():
        raise LookupError(f"no file {path}")
    else:
        ruleset = find_ruleset(named) if named else _ruleset_of(path)
    try:
        return ruleset, path, path.read_text("utf-8")
    except UnicodeDecodeError:
        raise LookupError(f"{path} is not a scenario file: it is not text") from None
    except OSError as error:
        raise LookupError(f"cannot read {path}: {error.strerror}") from None


def _ruleset_of(path: Path) -> Ruleset:
    """The ruleset whose `scenarios` folder the file lies in."""
    folder = path.resolve().parent
    known = rulesets()
    if folder.name == "scenarios" and folder.parent.name in known:
        return known[folder.parent.name]
    raise LookupError(f"which rules is {path} for? Give --ruleset ({', '.join(sorted(known))}), "
                      "or put the file in a ruleset's scenarios folder")


def _package(ruleset: Ruleset) -> str:
    return type(ruleset).__module__.rpartition(".")[0]


def _beside(path: Path, name: str) -> str | None:
    """A file the scenario names (its map), from the scenario's own folder, if it is there."""
    found = path.parent / f"{name}.toml"
    try:
        return found.read_text("utf-8") if found.is_file() else None
    except (OSError, UnicodeDecodeError):
        return None

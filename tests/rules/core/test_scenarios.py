"""The scenario reader: a file's keys are the classes' fields, and nothing else is taken quietly.

Every ruleset's shipped files are also read here with each key misspelt, left out and given a
value of the wrong kind: each must be refused as problems naming the file (never a traceback, never
a default taken in the key's place)."""

from __future__ import annotations

import re
from importlib import resources
from typing import Literal, Mapping

import attrs
import pytest

from fogbank.rules.core import rulesets
from fogbank.rules.core.scenarios import ScenarioError, check, given, read, setting


@attrs.frozen(kw_only=True)
class Boat:
    name: str
    tubes: int
    level: Literal["surface", "periscope"] = "surface"
    class_: str = ""


@attrs.frozen(kw_only=True)
class Plan:
    id: str
    boat: Boat
    vessels: tuple[Boat, ...] = ()
    classes: Mapping[str, Boat] = attrs.field(factory=dict)
    belt: float = 1.0


def problems(text: str, cls: type = Plan) -> tuple[str, ...]:
    with pytest.raises(ScenarioError) as refused:
        read(text, cls, "plans/x.toml")
    return refused.value.problems


def test_a_file_is_read_into_its_classes_with_the_defaults_it_leaves_out():
    text = 'id = "a"\nbelt = 4\n[boat]\nname = "B11"\ntubes = 2\nclass = "B"\n[[vessels]]\nname = "v"\n'
    text += "tubes = 0"
    assert read(text, Plan, "x.toml") == Plan(
        id="a", boat=Boat(name="B11", tubes=2, class_="B"), vessels=(Boat(name="v", tubes=0),), belt=4.0)


def test_a_misspelt_key_is_refused_naming_the_file_the_table_the_key_and_what_was_expected():
    found = problems('id = "a"\n[boat]\nname = "B11"\ntubes = 2\nlevle = "periscope"')
    assert found == ("plans/x.toml: boat: unknown key 'levle' (did you mean 'level'?); "
                     "expected one of: name, tubes, level, class",)


def test_every_problem_is_a_line_of_its_own():
    found = problems('id = 3\nfoo = 1\n[boat]\nname = "x"\nlevel = "deep"\n[[vessels]]\nname = "a"\n'
                     'tubes = "2"\n[classes.q]\nname = "q"\ntubes = 2\nzz = true')
    assert set(found) == {
        "plans/x.toml: id: 3 is not text",
        "plans/x.toml: unknown key 'foo'; expected one of: id, boat, vessels, classes, belt",
        "plans/x.toml: boat: missing key 'tubes' (a whole number)",
        "plans/x.toml: boat.level: 'deep' is not one of 'surface', 'periscope'",
        "plans/x.toml: vessels[1].tubes: '2' is not a whole number",  # TOML's kinds: "2" is text
        "plans/x.toml: classes.q: unknown key 'zz'; expected one of: name, tubes, level, class",
    }


def test_a_file_that_is_not_toml_is_one_line():
    (line,) = problems('id = "a"\n[boat')
    assert line.startswith("plans/x.toml: not TOML: ")


def test_a_setting_table_leaves_out_what_the_class_defaults_and_refuses_what_it_does_not_have():
    table = setting(Boat, "BoatSetting", leave_out={"class_"}, written={"tubes": Literal[1, 2]})
    assert given(read('name = "B11"\ntubes = 2', table, "x")) == {"name": "B11", "tubes": 2}
    assert problems("tubes = 3", table) == (
        "plans/x.toml: missing key 'name' (text)", "plans/x.toml: tubes: 3 is not one of 1, 2")
    assert "unknown key 'class'" in problems('name = "x"\ntubes = 1\nclass = "B"', table)[0]


# -- every ruleset's own files, mutated ---------------------------------------------------------------

DATA = {"tables", "hit_table"}  # the rules' tables, not a designer's: read by the rules as they are
KEY = re.compile(r"^(\s*)([a-z_]+)(\s*=\s*)(.*)$")


def shipped() -> list[tuple[str, str]]:
    found = []
    for name, ruleset in sorted(rulesets().items()):
        folder = resources.files(type(ruleset).__module__.rpartition(".")[0]).joinpath("scenarios")
        if not folder.is_dir():  # a test's toy
            continue
        found += [(name, item.name) for item in sorted(folder.iterdir(), key=lambda i: i.name)
                  if item.name.endswith(".toml") and item.name.removesuffix(".toml") not in DATA]
    return found


def _each_key_once(lines: list[str]) -> list[int]:
    """The lines of the file's keys, each key of each kind of table once (the first unit's `hex`
    stands for every unit's): a few hundred checks a file is more than the suite can spend."""
    seen, found, table = set(), [], ""
    for n, line in enumerate(lines):
        if line.startswith("["):  # [[units]], [classes.lion] -> "classes", [victory.readings] -> "victory"
            table = line.strip("[] ").split("#")[0].rsplit(".", 1)[0]
        elif KEY.match(line) and (table, KEY.match(line)[2]) not in seen:
            seen.add((table, KEY.match(line)[2]))
            found.append(n)
    return found


def _check(ruleset: str, text: str) -> None:
    check(rulesets()[ruleset], text, "designs/x.toml", lambda name: None)


@pytest.mark.parametrize("ruleset, file", shipped())
def test_every_key_of_a_shipped_file_misspelt_left_out_or_of_the_wrong_kind_is_refused(ruleset, file):
    package = type(rulesets()[ruleset]).__module__.rpartition(".")[0]
    lines = resources.files(package).joinpath("scenarios", file).read_text("utf-8").splitlines()
    _check(ruleset, "\n".join(lines))  # as shipped: it reads
    keyed = _each_key_once(lines)
    assert keyed
    for n in keyed:
        indent, key, equals, value = KEY.match(lines[n]).groups()
        for changed, words in ((f"{indent}{key}x{equals}{value}", f"unknown key '{key}x'"),
                               (f"{indent}{key}{equals}{{ wrong = 1 }}", key),
                               ("", None)):
            text = "\n".join([*lines[:n], changed, *lines[n + 1:]])
            try:
                _check(ruleset, text)
            except ScenarioError as refused:
                assert refused.problems and all(p.startswith("designs/x.toml: ") for p in refused.problems)
                told = words is None or any(words in p or "not TOML" in p for p in refused.problems)
                assert told, (lines[n], refused.problems)  # (a key of a value of many lines: not TOML)
            else:  # only a key that may be left out may go
                assert not changed, f"{file}: {changed!r} read without a problem"

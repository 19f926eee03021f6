"""Everything under fogbank/rules and the wire schema do no I/O: no event loops, sockets, files or clocks."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FORBIDDEN_MODULES = {
    "asyncio",
    "socket",
    "selectors",
    "ssl",
    "threading",
    "multiprocessing",
    "subprocess",
    "os",
    "io",
    "pathlib",
    "shutil",
    "tempfile",
    "time",
    "sqlite3",
    "websockets",
    "aiomqtt",
    "secrets",
    "urllib",
    "http",
    "logging",
    "signal",
}
FORBIDDEN_CALLS = {"open", "print", "input", "now", "utcnow", "today", "time", "perf_counter", "monotonic"}
# The one module allowed to read files: a ruleset's loader of its own package data.
# Each ruleset's `scenario.py` is its loader; `core/plugins.py` lists the rulesets' folders.
DATA_LOADERS = {*ROOT.glob("fogbank/rules/*/scenario.py"), ROOT / "fogbank/rules/core/plugins.py"}

PURE = sorted(
    p for folder in ("fogbank/rules", "fogbank/protocols") for p in (ROOT / folder).rglob("*.py")
)


def _random_uses(tree: ast.AST) -> list[str]:
    """Draws on the process's own generator (random.random(), random.choice(), SystemRandom, an
    unseeded Random()): not the game's to use. A built-in player may draw from a `random.Random`
    seeded by its luck, which replays; `random.Random` as a type is only a name."""
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            bad.append("from random import ...")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            func = node.func
            if isinstance(func.value, ast.Name) and func.value.id == "random":
                if not (func.attr == "Random" and len(node.args) == 1):
                    bad.append(f"random.{func.attr}")
    return bad


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(ROOT)))
def test_module_does_no_io(path):
    tree = ast.parse(path.read_text())
    assert not _random_uses(tree), f"{path.name} draws on the process's random generator: {_random_uses(tree)}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            names = []
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
        if isinstance(node, ast.Call):
            func = node.func
            called = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if path not in DATA_LOADERS:
                assert called not in FORBIDDEN_CALLS, f"{path.name} calls {called}()"


def test_only_a_seeded_generator_may_be_drawn_on():
    assert not _random_uses(ast.parse("import random\nr = random.Random(luck)\nr.random()"))
    assert _random_uses(ast.parse("import random\nrandom.random()")) == ["random.random"]
    assert _random_uses(ast.parse("import random\nrandom.Random()")) == ["random.Random"]
    assert _random_uses(ast.parse("from random import choice"))


def test_the_list_of_pure_modules_is_not_empty():
    assert len(PURE) > 15

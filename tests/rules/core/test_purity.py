"""Everything under fogbank/rules and the wire schema do no I/O: no event loops, sockets, files or clocks.

A ruleset's terminal client (`fogbank/rules/<ruleset>/terminal/`) is the one exception: it is a shell
(Textual, a websocket, the player's files), not rules. It lives in its game's folder so that a
newcomer finds everything about a game there (STYLE.md), and the rules stay pure all the same: no
module of the rules imports it (it is started by name, `Ruleset.terminal_client`), which the last
tests here check."""

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

# The rulesets' terminal clients: shells kept in their game's folder, never imported by the rules.
TERMINALS = sorted(p for p in ROOT.glob("fogbank/rules/*/terminal/**/*.py"))
PURE = sorted(
    p for folder in ("fogbank/rules", "fogbank/protocols") for p in (ROOT / folder).rglob("*.py")
    if p not in TERMINALS
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



def imported(source: str, path: Path) -> set[str]:
    """Every module `source` (the text of `path`) imports: relative imports resolved, and
    `from a import b` counted as a.b too (b may be a module)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    package = parts if path.name == "__init__.py" else parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = ".".join(package[: len(package) - node.level + 1])
                base = f"{up}.{base}" if base else up
            found |= {base} | {f"{base}.{alias.name}" for alias in node.names}
    return found


def is_terminal(module: str) -> bool:
    """Whether `module` is (in) a ruleset's terminal client, fogbank.rules.<ruleset>.terminal."""
    parts = module.split(".")
    return len(parts) >= 4 and parts[:2] == ["fogbank", "rules"] and parts[3] == "terminal"


def test_no_module_of_the_rules_imports_a_terminal_client():
    assert TERMINALS, "the Dardanelles terminal client is expected in fogbank/rules/dardanelles/terminal/"
    offenders = [
        (str(path.relative_to(ROOT)), module)
        for path in PURE
        for module in imported(path.read_text(), path)
        if is_terminal(module)
    ]
    assert offenders == []


def test_every_way_of_importing_a_terminal_client_is_seen():
    ruleset = ROOT / "fogbank/rules/dardanelles/ruleset.py"
    for source in ("from .terminal import app", "from . import terminal", "from .terminal.app import SubApp",
                   "import fogbank.rules.salvo.terminal"):  # fmt: skip
        assert any(is_terminal(m) for m in imported(source, ruleset)), source
    others = imported("from .chart import Course\nfrom . import terminus", ruleset)
    assert not any(is_terminal(m) for m in others)

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[2] / "fogbank" / "protocols"
FORBIDDEN = {
    "asyncio",
    "socket",
    "websockets",
    "sqlite3",
    "os",
    "pathlib",
    "time",
    "threading",
    "io",
    "subprocess",
}


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            names.add("__import__")
    return names


MODULES = sorted(PACKAGE.glob("*.py"))


def test_the_package_has_modules():
    assert len(MODULES) >= 5


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_io_imports(path):
    assert imported_modules(path) & (FORBIDDEN | {"__import__"}) == set()

"""Clients never import the server: a client is what anyone may run against any fogbank server.
The clients are fogbank/clients/ and each ruleset's terminal client (fogbank/rules/<ruleset>/terminal/)."""

import ast
from pathlib import Path

import fogbank

PACKAGE = Path(fogbank.__file__).resolve().parent
CLIENTS = PACKAGE / "clients"
TERMINALS = sorted(PACKAGE.glob("rules/*/terminal"))
SERVER = "fogbank.server"


def package_of(path: Path) -> str:
    """The dotted package a file's relative imports start from."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts if path.name == "__init__.py" else parts[:-1])


def imported_modules(source: str, package: str) -> list[tuple[int, str]]:
    """Every module `source` imports, by line, relative imports resolved against `package`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            # `from fogbank import server` imports fogbank.server too: count each name as a module.
            found += [(node.lineno, base)] + [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def reaches_the_server(module: str) -> bool:
    return module == SERVER or module.startswith(SERVER + ".")


def test_no_client_module_imports_the_server():
    files = sorted(p for folder in (CLIENTS, *TERMINALS) for p in folder.rglob("*.py"))
    assert TERMINALS and files, "no client modules found"
    offenders = [
        f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}"
        for path in files
        for line, module in imported_modules(path.read_text(), package_of(path))
        if reaches_the_server(module)
    ]
    assert offenders == []


def test_relative_and_from_imports_that_reach_the_server_are_seen():
    source = (
        "from ....server import app\n"  # from fogbank/rules/dardanelles/terminal/: up to fogbank, then server
        "from .... import server\n"
        "import fogbank.server.host as h\n"
        "from ...clients import bot\n"  # fogbank.rules.clients.bot, were there one: fine
    )
    package = package_of(PACKAGE / "rules" / "dardanelles" / "terminal" / "app.py")
    assert package == "fogbank.rules.dardanelles.terminal"
    modules = [module for _, module in imported_modules(source, package)]
    assert [m for m in modules if reaches_the_server(m)] == [
        "fogbank.server",
        "fogbank.server.app",
        "fogbank.server",
        "fogbank.server.host",
    ]
    assert "fogbank.rules.clients.bot" in modules

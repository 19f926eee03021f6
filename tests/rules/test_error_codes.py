"""Every refusal code the rules raise is listed for client authors: the engine's in the protocol's
ENGINE_ERRORS, each ruleset's in its own `error_codes()`."""

import ast
from pathlib import Path

import pytest

from fogbank.protocols import ENGINE_ERRORS, ERROR_CODES
from fogbank.rules.core import rulesets

RULES = Path(__file__).resolve().parents[2] / "fogbank" / "rules"


def refusal_codes(folder: Path) -> set[str]:
    codes = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refused" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes.add(first.value)
    return codes


def test_the_engine_codes_are_listed():
    found = refusal_codes(RULES / "core")
    assert found and found <= set(ERROR_CODES), found - set(ERROR_CODES)


@pytest.mark.parametrize("name", sorted(rulesets()))
def test_each_rulesets_codes_are_listed_by_the_ruleset(name):
    folder = RULES / name
    listed = set(rulesets()[name].error_codes()) | set(ENGINE_ERRORS) | set(ERROR_CODES)
    assert refusal_codes(folder) <= listed, refusal_codes(folder) - listed

"""Every refusal code the rules can send is listed for client authors: the engine's in the
protocol's ENGINE_ERRORS (and its README), each ruleset's in its own `error_codes()` and its
docs/payloads.md.

The codes are found by reading the source, wherever a code is written down: `Refused("code", ...)`;
a code handed to a helper that refuses with it (any function with a parameter named `code`: the
shared field readers of `fogbank.rules.core.fields`, a ruleset's own); and the `(code, sentence)`
pairs a function annotated `-> tuple[str, str]` returns for a refusal to be made of (Salvo's
gunnery checks, raised as `Refused(*problem)`). A code that is not a literal is passed through
from one of these."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from fogbank.protocols import ENGINE_ERRORS, ERROR_CODES
from fogbank.rules.core import rulesets

RULES = Path(__file__).resolve().parents[2] / "fogbank" / "rules"
README = RULES.parent / "protocols" / "README.md"


def code_parameters(folder: Path) -> dict[str, int]:
    """Each function under `folder` (and the core's) that takes a `code`: its name and the
    position of that parameter."""
    found = {}
    for path in {*folder.rglob("*.py"), *(RULES / "core").rglob("*.py")}:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
                if "code" in names:
                    found[node.name] = names.index("code")
    return found


def refusal_codes(folder: Path) -> dict[str, str]:
    """code -> where, for every code written down under `folder`."""
    helpers = code_parameters(folder)
    codes: dict[str, str] = {}
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            given = []
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                if name == "Refused" and node.args:
                    given.append(node.args[0])
                elif name in helpers and len(node.args) > helpers[name]:
                    given.append(node.args[helpers[name]])
                given += [k.value for k in node.keywords if k.arg == "code"]
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
                if "tuple[str, str]" in ast.unparse(node.returns):
                    pairs = (r.value for r in ast.walk(node) if isinstance(r, ast.Return))
                    given += [p.elts[0] for p in pairs if isinstance(p, ast.Tuple) and len(p.elts) == 2]
            for code in given:
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    codes.setdefault(code.value, f"{path.relative_to(RULES)}:{code.lineno}")
    return codes


def documented(payloads: str) -> set[str]:
    """The codes a payloads document lists: the words of its refusal codes' part, to the next
    heading (a table of `code`s, or a list of them in a sentence)."""
    part = payloads.partition("Refusal codes")[2].partition("\n## ")[0]
    return set(re.findall(r"[a-z]+(?:_[a-z]+)*", part))


def test_the_scan_sees_codes_in_each_way_they_are_written():
    salvo = refusal_codes(RULES / "salvo")
    assert {"bad_order", "line_blocked", "land_in_the_way", "out_of_sight", "bad_facing"} <= set(salvo)
    assert {"bad_course", "bad_speed", "bad_direction"} <= set(refusal_codes(RULES / "dardanelles"))


def test_the_engine_codes_are_listed():
    found = refusal_codes(RULES / "core")
    assert found and set(found) <= set(ERROR_CODES), {c: w for c, w in found.items() if c not in ERROR_CODES}


@pytest.mark.parametrize("name", sorted(rulesets()))
def test_each_rulesets_codes_are_listed_by_the_ruleset(name):
    listed = set(rulesets()[name].error_codes()) | set(ENGINE_ERRORS) | set(ERROR_CODES)
    unlisted = {code: where for code, where in refusal_codes(RULES / name).items() if code not in listed}
    assert not unlisted, f"codes the {name} rules refuse with but do not list in error_codes(): {unlisted}"


@pytest.mark.parametrize("name", sorted(rulesets()))
def test_each_rulesets_listed_codes_are_in_its_payloads_document(name):
    payloads = RULES / name / "docs" / "payloads.md"
    if not payloads.exists():  # a ruleset registered by a test (the toy) has no documents
        pytest.skip(f"{name} has no payloads document")
    words = documented(payloads.read_text())
    assert not sorted(set(rulesets()[name].error_codes()) - words)


def test_the_engine_codes_are_in_the_protocol_readme():
    words = set(re.findall(r"`([a-z_]+)`", README.read_text().partition("## Error codes")[2]))
    assert not sorted(set(ENGINE_ERRORS) - words)

"""Every error code the server's own code can send is listed in `protocols/errors.py` and
documented in the protocol's README: found by reading the source (every `Refused("code", ...)`,
`ServerFault("code", ...)`, `ProtocolError("code", ...)`, `error(ref, "code", ...)` and bus answer
`{"refused": "code"}`) of the server, the protocol and the engine. Each ruleset's own codes are
its `error_codes()`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import fogbank
from fogbank.protocols import ERROR_CODES

ROOT = Path(fogbank.__file__).parent
SENDERS = [ROOT / "server", ROOT / "protocols", ROOT / "rules" / "core", ROOT / "rules" / "record"]
README = ROOT / "protocols" / "README.md"


def codes_in(path: Path) -> set[tuple[str, str]]:
    """(code, where) for every error code a module's source hands to the wire."""
    found = set()
    tree = ast.parse(path.read_text(), str(path))
    declined = ("Refused", "Fault")  # a refusal or a server's fault of its own: super().__init__(code, ...)
    refusals = [c for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and any(
        getattr(base, "id", getattr(base, "attr", "")).endswith(declined) for base in c.bases)]  # fmt: skip
    for node in (n for c in refusals for n in ast.walk(c)):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "__init__" and node.args:
            if isinstance(node.args[0], ast.Constant):
                found.add((node.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}"))
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            args = node.args
            if name.endswith(declined) or name == "ProtocolError":
                code = args[0] if args else None
            elif name == "error" and len(args) >= 2:
                code = args[1]
            else:
                code = next((k.value for k in node.keywords if k.arg == "code"), None) if name == "Error" else None
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                found.add((code.value, where))
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value in ("refused", "code") and isinstance(value, ast.Constant):
                    found.add((value.value, where))
    return found


def test_every_code_the_server_can_send_is_listed_and_documented():
    sent = {pair for folder in SENDERS for path in folder.rglob("*.py") for pair in codes_in(path)}
    codes = {code for code, _ in sent}
    assert {"storage_full", "rate_limited", "out_of_range", "bad_token", "wrong_phase"} <= codes  # the scan sees
    documented = set(re.findall(r"`([a-z_]+)`", README.read_text().partition("## Error codes")[2]))
    missing = sorted(f"{code} ({where})" for code, where in sent if code not in ERROR_CODES or code not in documented)
    assert not missing, f"codes sent but not listed in errors.py and documented in README.md: {missing}"


def test_every_listed_code_is_documented():
    documented = set(re.findall(r"`([a-z_]+)`", README.read_text().partition("## Error codes")[2]))
    assert not sorted(set(ERROR_CODES) - documented)

"""The page kit (fogbank/web/, served at /web/) is the one way to the shared modules: a ruleset's
page module imports the kit from /web/, its own page's files by ./, and what its console and seat
modules share from its own kit at /web/rulesets/<ruleset>/ (its folder web/), never a shell's
URL (/umpire/, /play/) nor another ruleset's files; the kit itself knows no page and no ruleset."""

import re
from pathlib import Path

import pytest

FOGBANK = Path(__file__).resolve().parents[2] / "fogbank"
IMPORT = re.compile(r"""(?:^|\n)\s*import\s[^;]*?from\s+"([^"]+)"|import\(\s*[`"]([^`"]+)[`"]""")
RULESETS = sorted(p.parent.name for p in (FOGBANK / "rules").glob("*/ruleset.py"))


def imports(path: Path) -> list[str]:
    return [a or b for a, b in IMPORT.findall(path.read_text(encoding="utf-8"))]


def test_the_rulesets_have_page_modules_to_check():
    assert {"dardanelles", "salvo", "supremacy", "greatwar"} <= set(RULESETS)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_rulesets_page_modules_import_the_kit_and_their_own_files_only(ruleset):
    own = re.compile(rf"^(\./[\w-]+\.js|/web/rulesets/{ruleset}/[\w-]+\.js|/web/(maps/)?[\w-]+\.js)$")
    strays = [
        (str(path.relative_to(FOGBANK)), target)
        for folder in ("client", "console", "web")
        for path in sorted((FOGBANK / "rules" / ruleset / folder).glob("*.js"))
        for target in imports(path)
        if not own.match(target)
    ]
    assert strays == []


def test_the_shells_take_the_kit_from_web():
    strays = [
        (str(path.relative_to(FOGBANK)), target)
        for shell in ("seat", "console", "games")
        for path in sorted((FOGBANK / "server" / shell).glob("*.js"))
        for target in imports(path)
        if target.startswith("./") and not (path.parent / target).exists()
        or target.startswith("/") and not re.match(r"^/(web|umpire|play|games)/", target)
    ]
    assert strays == []


def test_the_kit_knows_no_page_and_no_ruleset():
    for path in sorted(FOGBANK.joinpath("web").rglob("*.js")):
        for target in imports(path):
            assert target.startswith(("./", "../")) or "${page}/rulesets/" in target or target.startswith("/web/"), (
                path,
                target,
            )
        text = path.read_text(encoding="utf-8")
        assert not any(re.search(rf"\b{name}\b", text) for name in RULESETS), path

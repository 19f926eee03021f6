"""docs/scenarios.md, the designer's guide: every example file it shows reads as it says, with
`fogbank scenario check`, under the ruleset of the section it is in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fogbank.cli.main import main

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "scenarios.md"
SECTIONS = {"Salvo": "salvo", "Dardanelles": "dardanelles", "Supremacy": "supremacy", "Great War": "greatwar"}


def examples() -> list[tuple[str, str, str]]:
    """(ruleset, file name, text) of each ```toml block whose first line is `# file: NAME`."""
    found, ruleset = [], None
    for part in re.split(r"^(## .*)$", GUIDE.read_text("utf-8"), flags=re.M):
        if part.startswith("## "):
            ruleset = next((name for words, name in SECTIONS.items() if part[3:].startswith(words)), None)
            continue
        for block in re.findall(r"```toml\n(.*?)```", part, flags=re.S):
            named = re.match(r"# file: (\S+)\n", block)
            if named:
                assert ruleset, f"{named[1]} is outside a ruleset's section"
                found.append((ruleset, named[1], block))
    return found


def test_the_guide_has_an_example_for_every_ruleset():
    assert {ruleset for ruleset, _, _ in examples()} == set(SECTIONS.values())


@pytest.mark.parametrize("ruleset, name, text", examples(), ids=[name for _, name, _ in examples()])
def test_every_example_in_the_guide_reads(tmp_path, capsys, ruleset, name, text):
    folder = tmp_path / "designs"
    folder.mkdir()
    for other_ruleset, other, other_text in examples():  # a map beside the scenario that names it
        if other_ruleset == ruleset:
            (folder / other).write_text(other_text, "utf-8")
    assert main(["scenario", "check", str(folder / name), "--ruleset", ruleset]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.startswith(f"OK: {folder / name} is a {ruleset} ")

"""`fogbank scenario check FILE`: OK and what the file sets up, or a line a problem and exit 1; a
mistake on the command line is one line and exit 2."""

from __future__ import annotations

from importlib import resources

import pytest

from fogbank.cli.main import main

from .test_cli import fogbank
from .test_cli_mistakes import assert_one_line

SALVO = resources.files("fogbank.rules.salvo").joinpath("scenarios")


def test_a_shipped_scenario_by_its_id(capsys):
    assert main(["scenario", "check", "gallipoli"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("OK: ") and out[0].endswith(
        "gallipoli.toml is a salvo scenario, 'Gallipoli, 18 March 1915 (scenario 10.10)'")
    assert out[1:] == ["  24 turns; 2 sides, 4 seats:",
                       "    the Allies (allied): de_robeck, guepratte, third_line",
                       "    the Turks (turkish): forts"]


def test_a_file_in_a_ruleset_s_scenarios_folder_is_read_by_it_with_the_map_beside_it(tmp_path, capsys):
    folder = tmp_path / "salvo" / "scenarios"
    folder.mkdir(parents=True)
    text = SALVO.joinpath("cape_esperance.toml").read_text("utf-8")
    text = text.replace('map = "cape_esperance_map"', 'map = "savo"')
    (folder / "night.toml").write_text(text.replace("turns = 12", "turns = 9"))
    (folder / "savo.toml").write_text(SALVO.joinpath("cape_esperance_map.toml").read_text("utf-8"))
    assert main(["scenario", "check", str(folder / "night.toml")]) == 0
    assert "9 turns; 2 sides, 4 seats" in capsys.readouterr().out
    assert main(["scenario", "check", str(folder / "savo.toml")]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"OK: {folder / 'savo.toml'} is a salvo map, 'Savo Island and Cape Esperance'",
        "  30 columns by 24 rows"]


def test_a_file_with_problems_gets_a_line_for_each_and_exit_1(tmp_path, capsys):
    text = SALVO.joinpath("gallipoli.toml").read_text("utf-8")
    path = tmp_path / "gallipoli.toml"
    path.write_text(text.replace("visibility = 12", "visiblity = 12").replace("ships = 4", 'ships = "four"'))
    assert main(["scenario", "check", str(path), "--ruleset", "salvo"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    missing, misspelt, wrong = sorted(captured.err.splitlines())
    assert missing == f"{path}: missing key 'visibility' (a whole number)"
    assert misspelt.startswith(f"{path}: unknown key 'visiblity' (did you mean 'visibility'?); expected")
    assert wrong == f"{path}: victory.ships: 'four' is not a whole number"


def test_a_file_the_rules_do_not_read_at_all_is_a_line_not_a_traceback(tmp_path, capsys):
    path = tmp_path / "x.toml"
    path.write_text("this is = not [toml")
    assert main(["scenario", "check", str(path), "--ruleset", "greatwar"]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"{path}: not TOML: ")


@pytest.mark.parametrize("arguments, words", [
    (["nosuch"], ["no scenario called 'nosuch'"]),
    (["/nowhere/x.toml"], ["no file /nowhere/x.toml"]),
    (["b11", "--ruleset", "chess"], ["no ruleset called 'chess'"]),
    ([], ["the following arguments are required: file"]),
], ids=["no such scenario", "no such file", "no such ruleset", "no file named"])
def test_a_mistake_on_the_command_line_is_one_line(arguments, words):
    assert_one_line(fogbank("scenario", "check", *arguments), *words)


def test_a_file_outside_a_ruleset_s_folder_needs_its_ruleset_named(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text('id = "x"\n')
    assert_one_line(fogbank("scenario", "check", str(path)), f"which rules is {path} for? Give --ruleset")
    path.write_bytes(bytes(range(256)))
    assert_one_line(fogbank("scenario", "check", str(path), "--ruleset", "salvo"), "not text")

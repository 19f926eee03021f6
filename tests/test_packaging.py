"""A wheel of fogbank holds every package and data file a user needs, not just an editable checkout."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_carries_every_package_the_scenarios_the_console_and_the_stylesheet(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("fogbank-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    packages = {str(p.relative_to(ROOT)) for p in (ROOT / "fogbank").rglob("__init__.py")}
    assert packages - names == set(), "a package folder is missing from the wheel"
    assert "fogbank/rules/dardanelles/scenarios/b11.toml" in names
    assert "fogbank/server/console/index.html" in names
    assert "fogbank/server/seat/index.html" in names and "fogbank/web/maps/squares.js" in names
    assert "fogbank/rules/dardanelles/client/module.js" in names
    assert "fogbank/rules/dardanelles/web/layers.js" in names  # what its console and seat modules share
    assert "fogbank/protocols/README.md" in names
    assert "fogbank/rules/dardanelles/terminal/sub.tcss" in names  # the terminal client's stylesheet


def test_nothing_is_left_outside_the_one_package_folder():
    stray = [p for p in ROOT.glob("*/__init__.py") if p.parent.name not in ("fogbank", "tests")]
    assert stray == []

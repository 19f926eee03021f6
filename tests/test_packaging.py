"""A wheel of fogbank holds every package and data file a user needs, not just an editable checkout."""

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {
    "server": "fogbank.server",
    "clients": "fogbank.clients",
    "protocols": "fogbank.protocols",
    "bench": "fogbank.bench",
}


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join([FOLDERS[init.relative_to(ROOT).parts[0]], *init.relative_to(ROOT).parts[1:-1]])
        for folder in FOLDERS
        for init in (ROOT / folder).rglob("__init__.py")
    }
    assert found == listed


def test_the_wheel_carries_the_scenarios_the_console_and_the_stylesheet(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("fogbank-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "fogbank/server/rulesets/dardanelles/scenarios/b11.toml" in names
    assert "fogbank/server/console/index.html" in names
    assert any(n.startswith("fogbank/clients/sub/") and n.endswith(".tcss") for n in names)
    assert "fogbank/server/core/__init__.py" in names

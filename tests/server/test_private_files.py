"""What a server leaves on disk is its owner's alone: the store holds every running game's seed,
admin.key opens /admin/new. And a server with an empty admin key does not start."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from fogbank.server.app import Server


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


async def test_the_data_folder_the_store_and_the_admin_key_are_the_owners_alone(tmp_path):
    data = tmp_path / "data"
    old = os.umask(0o022)  # a usual umask: files would be world-readable by default
    try:
        server = await Server.start(port=0, data=data)
        try:
            await server.create_game("b11")  # a write: the WAL file exists now
        finally:
            await server.close()
    finally:
        os.umask(old)
    assert mode(data) == 0o700
    files = [p for p in data.iterdir() if p.name.startswith("fogbank.sqlite3") or p.name == "admin.key"]
    assert {p.name for p in files} >= {"fogbank.sqlite3", "admin.key"}
    for path in files:
        assert mode(path) == 0o600, f"{path.name} is {oct(mode(path))}"


async def test_a_loose_data_folder_made_before_is_tightened(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    data.chmod(0o755)
    server = await Server.start(port=0, data=data)
    await server.close()
    assert mode(data) == 0o700


@pytest.mark.parametrize("key", ["", "   ", "\n"])
async def test_an_empty_admin_key_is_refused_at_start(tmp_path, key):
    with pytest.raises(ValueError, match="admin key is empty"):
        await Server.start(port=0, data=tmp_path, admin_key=key)


def test_serve_with_an_empty_admin_key_file_says_so_in_one_line(tmp_path):
    empty = tmp_path / "key"
    empty.write_text("  \n")
    done = subprocess.run(
        [sys.executable, "-m", "fogbank.cli", "serve", "--port", "0", "--data", str(tmp_path / "d"),
         "--admin-key-file", str(empty)],
        capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "admin key is empty" in done.stderr

"""A damaged store is refused at start with one line naming the file and what is wrong, and a
non-zero exit: never a traceback, never a server with its games gone. A store another process
has open is refused too. A WAL whose last write a crash cut short is read before SQLite drops
that write, and the games it held are named with the turn they went back to."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys

import pytest

from fogbank.rules.record import gamelog
from fogbank.server.app import Server
from fogbank.server.store import FILENAME, Store, StoreInUse

from .test_store import HOLD, new_game

STILL = {"course": "N", "speed": 0, "level": "surface"}


def serve(data) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(data)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


async def made(data) -> None:
    """A store with a few games in it, closed cleanly (no WAL left)."""
    server = await Server.start(port=0, data=data)
    for _ in range(30):
        await server.create_game("b11")
    await server.close()
    assert not (data / f"{FILENAME}-wal").exists()


def garbage_header(db):
    with open(db, "r+b") as file:
        file.write(b"this is not a database, it is a shopping list.\n" * 2)


def truncated(db):
    os.truncate(db, db.stat().st_size // 2)


def emptied(db):
    os.truncate(db, 0)


@pytest.mark.parametrize("damage", [garbage_header, truncated, emptied])
async def test_a_damaged_store_is_refused_in_one_line(tmp_path, damage):
    await made(tmp_path)
    db = tmp_path / FILENAME
    damage(db)
    run = serve(tmp_path)
    assert run.returncode == 1
    said = run.stderr.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"fogbank serve: the store {db} is damaged ("), run.stderr
    assert "restore it from a backup" in said[0] and "fogbank serving" not in run.stdout


async def test_a_store_open_elsewhere_is_refused(tmp_path):
    store = await Store.open(tmp_path)
    try:
        with pytest.raises(StoreInUse, match=f"in use by another fogbank process \\(pid {os.getpid()}\\)"):
            await Store.open(tmp_path)
        run = serve(tmp_path)
        assert run.returncode == 1
        assert run.stderr.strip().splitlines() == [
            f"fogbank serve: {tmp_path} is in use by another fogbank process (pid {os.getpid()}): stop it first"
        ]
    finally:
        await store.close()
    await (await Store.open(tmp_path)).close()  # let go with the store: open again


async def test_a_torn_wal_tail_names_the_games_that_went_back_and_to_which_turn(tmp_path, caplog):
    live, copy = tmp_path / "live", tmp_path / "copy"
    store = await Store.open(live)
    try:
        for game_id in ("aaaaaaaaaaaa", "bbbbbbbbbbbb"):
            await new_game(store, game_id)
            for turn in (1, 2, 3):  # each order resolves a turn, each in a commit of its own
                record = gamelog.input_record("order", turn, seat="submarine", order=STILL, phase="orders")
                assert await store.append(game_id, record) == turn - 1
        # The last commit, of game b's third order, cut short: its commit frame never written.
        copy.mkdir()
        for name in (FILENAME, f"{FILENAME}-wal"):
            shutil.copy(live / name, copy / name)
    finally:
        await store.close()
    wal_file = copy / f"{FILENAME}-wal"
    page_size = int.from_bytes(wal_file.read_bytes()[8:12], "big")
    os.truncate(wal_file, wal_file.stat().st_size - (24 + page_size))
    caplog.set_level(logging.WARNING)
    server = await Server.start(port=0, data=copy)
    try:
        assert server.store.torn == {"bbbbbbbbbbbb": 2}
        assert [r.n for r in await server.store.load_log("bbbbbbbbbbbb")] == [0, 1]
        assert server.host.rooms["bbbbbbbbbbbb"].game.state.turn == 3
        assert server.host.rooms["aaaaaaaaaaaa"].game.state.turn == 4
    finally:
        await server.close()
    assert "game bbbbbbbbbbbb went back to turn 3, orders phase: its inputs from 2 on" in caplog.text
    assert "aaaaaaaaaaaa went back" not in caplog.text


async def test_a_wal_whose_every_write_was_committed_names_nothing(tmp_path, caplog):
    live, copy = tmp_path / "live", tmp_path / "copy"
    store = await Store.open(live)
    await new_game(store)
    await store.append("g1", HOLD)
    copy.mkdir()
    for name in (FILENAME, f"{FILENAME}-wal"):
        shutil.copy(live / name, copy / name)
    await store.close()
    caplog.set_level(logging.WARNING)
    again = await Store.open(copy)
    assert again.torn == {} and "unfinished write" not in caplog.text
    assert [r.n for r in await again.load_log("g1")] == [0]
    await again.close()

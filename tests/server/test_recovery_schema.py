"""Recovery reads each stored input by the log's schema: a game whose stored input is of a kind the
log does not have, or is missing a field, is set aside with a sentence saying so (one line in the
operator's log, never a traceback), and the server starts with every other game. A store records
the version of the log's schema each game is written in; a game in a later version is set aside
as one this fogbank cannot read, and a store made before versions were kept is version 1."""

from __future__ import annotations

import json
import logging
import sqlite3

import pytest

from fogbank.rules.record import schema
from fogbank.server.host import Host
from fogbank.server.store import FILENAME, Store

ORDER = {"legs": [{"course": "E", "speed": 1}], "level": "surface"}


async def two_games(folder) -> tuple[str, str]:
    """Two b11 games, each a turn in (one order logged)."""
    store = await Store.open(folder)
    host = Host(store)
    games = [await host.create_game("b11") for _ in range(2)]
    for created in games:
        room = host.rooms[created["game"]]
        await host.order(room, "submarine", 1, ORDER)
    await store.close()
    return games[0]["game"], games[1]["game"]


def spoil_first_input(folder, game_id: str, spoil) -> None:
    with sqlite3.connect(folder / FILENAME) as db:
        (text,) = db.execute("SELECT record FROM log WHERE game_id = ? AND n = 0", (game_id,)).fetchone()
        record = json.loads(text)
        spoil(record)
        db.execute("UPDATE log SET record = ? WHERE game_id = ? AND n = 0", (json.dumps(record), game_id))


async def recovered(folder) -> Host:
    store = await Store.open(folder)
    host = Host(store)
    await host.recover()
    await host.close()
    await store.close()
    return host


@pytest.mark.parametrize(
    "spoil, words",
    [
        (lambda record: record.update(input="scuttle"), "of a kind the log does not have ('scuttle'"),
        (lambda record: record.pop("seat"), "the order input has no 'seat'"),
        (lambda record: record.update(order="E"), "has 'order' of the wrong type: it must be a map"),
    ],
)
async def test_a_game_whose_stored_input_does_not_fit_is_set_aside_in_words(tmp_path, caplog, spoil, words):
    spoiled, sound = await two_games(tmp_path)
    spoil_first_input(tmp_path, spoiled, spoil)
    with caplog.at_level(logging.ERROR, logger="fogbank.server"):
        host = await recovered(tmp_path)
    assert set(host.rooms) == {sound}
    assert "input 0" in host.set_aside[spoiled] and words in host.set_aside[spoiled]
    said = [record for record in caplog.records if spoiled in record.getMessage()]
    assert len(said) == 1 and said[0].exc_info is None and words in said[0].getMessage()


async def test_a_game_in_a_later_version_of_the_log_is_set_aside_as_unreadable(tmp_path, caplog):
    later, sound = await two_games(tmp_path)
    with sqlite3.connect(tmp_path / FILENAME) as db:
        kept = db.execute("SELECT log_schema FROM games WHERE id = ?", (sound,)).fetchone()
        assert kept == (schema.VERSION,)
        db.execute("UPDATE games SET log_schema = ? WHERE id = ?", (schema.VERSION + 1, later))
    with caplog.at_level(logging.ERROR, logger="fogbank.server"):
        host = await recovered(tmp_path)
    assert set(host.rooms) == {sound}
    assert f"written in version {schema.VERSION + 1} of the log's schema" in host.set_aside[later]
    said = [record for record in caplog.records if later in record.getMessage()]
    assert len(said) == 1 and said[0].exc_info is None


async def test_a_store_made_before_it_kept_the_logs_version_is_version_1(tmp_path):
    first, second = await two_games(tmp_path)
    with sqlite3.connect(tmp_path / FILENAME) as db:
        db.execute("ALTER TABLE games DROP COLUMN log_schema")
    host = await recovered(tmp_path)
    assert set(host.rooms) == {first, second} and not host.set_aside
    with sqlite3.connect(tmp_path / FILENAME) as db:
        assert db.execute("SELECT DISTINCT log_schema FROM games").fetchall() == [(1,)]

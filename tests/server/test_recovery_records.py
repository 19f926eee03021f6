"""Recovery checks each input's rolls and events against those stored with it; a game whose record
no longer replays is set aside, and the server starts with every other game."""

import asyncio
import sqlite3

import msgpack
import pytest

from fogbank.clients import Client, JoinRefused
from fogbank.protocols import Hold, Narrate, Release, Snapshot
from fogbank.server.app import Server
from fogbank.server.host import Host
from fogbank.server.store import FILENAME, Store

ORDER = {"course": "NE", "speed": 1, "level": "surface"}


async def two_games_one_forged(folder) -> tuple[dict, dict]:
    """Two b11 games two turns in; the first's stored records then claim a report replay will not
    make (as a rules change under a game in play would)."""
    store = await Store.open(folder)
    host = Host(store)
    games = [await host.create_game("b11") for _ in range(2)]
    for created in games:
        room = host.rooms[created["game"]]
        for _ in range(2):
            await host.order(room, "submarine", room.game.state.turn, ORDER)
    await store.close()
    with sqlite3.connect(folder / FILENAME) as db:
        forged = msgpack.packb([{"type": "event", "text": "forged"}])
        db.execute("UPDATE log SET records = ? WHERE game_id = ? AND n = 1", (forged, games[0]["game"]))
    return games[0], games[1]


async def test_a_game_whose_stored_events_differ_from_its_replay_is_set_aside(tmp_path):
    forged, sound = await two_games_one_forged(tmp_path)
    store = await Store.open(tmp_path)
    try:
        host = Host(store)
        assert await host.recover() == 1
        assert set(host.rooms) == {sound["game"]}
        assert "input 1" in host.set_aside[forged["game"]]
    finally:
        await store.close()


async def test_the_server_starts_with_the_rest_and_a_set_aside_games_seats_are_told_why(tmp_path):
    forged, sound = await two_games_one_forged(tmp_path)
    server = await Server.start(port=0, data=tmp_path)
    where = f"ws://127.0.0.1:{server.port}/"
    try:
        async with asyncio.timeout(15):
            for token in (forged["seats"]["submarine"], forged["umpire_token"]):
                with pytest.raises(JoinRefused) as refused:
                    await Client.connect(where, token, proxy=None)
                assert refused.value.code == "game_set_aside"
                assert "record is kept" in str(refused.value)
            playing = await Client.connect(where, sound["seats"]["submarine"], proxy=None)
            assert isinstance(await playing.next_observation(), Snapshot) and playing.turn == 3
            await playing.close()
    finally:
        await server.close()
    # Untouched: the forged game's record is all still in the store.
    with sqlite3.connect(tmp_path / FILENAME) as db:
        kept = db.execute("SELECT COUNT(*) FROM log WHERE game_id = ?", (forged["game"],)).fetchone()[0]
    assert kept == 2


async def assert_restored(folder, game_id: str) -> None:
    """A server started on the store restores the game, and sets nothing aside."""
    store = await Store.open(folder)
    try:
        host = Host(store)
        assert await host.recover() == 1
        assert game_id in host.rooms and not host.set_aside
    finally:
        await store.close()


async def test_a_game_begun_before_the_log_had_the_umpires_words_is_restored_not_set_aside(tmp_path):
    """Its stored narrative reads as Supremacy's describe logged it then ("narrative"); replay now
    gives the umpire's words. Same game, older words: it plays on."""
    store = await Store.open(tmp_path)
    host = Host(store)
    created = await host.create_game("river_plate")
    room = host.rooms[created["game"]]
    await host.umpire(room, "umpire", Narrate(ref=1, seat="ajax", text="Cumberland is on her way."))
    await store.close()
    with sqlite3.connect(tmp_path / FILENAME) as db:
        (packed,) = db.execute("SELECT records FROM log WHERE game_id = ? AND n = 0", (created["game"],)).fetchone()
        records = msgpack.unpackb(packed)
        narrative = next(record for record in records if record.get("kind") == "narrative")
        assert narrative["text"] == "Cumberland is on her way."
        narrative["text"] = "narrative"
        db.execute("UPDATE log SET records = ? WHERE game_id = ? AND n = 0", (msgpack.packb(records), created["game"]))
    await assert_restored(tmp_path, created["game"])


async def test_a_game_whose_log_named_a_released_phase_by_its_id_is_restored_not_set_aside(tmp_path):
    """Its stored standing-order report reads "the write_moves phase", as the engine wrote it
    before phases had titles; replay now says "the write moves phase". Same game: it plays on."""
    store = await Store.open(tmp_path)
    host = Host(store)
    created = await host.create_game("river_plate")
    room = host.rooms[created["game"]]
    await host.umpire(room, "umpire", Hold(ref=1, held=True))
    await host.umpire(room, "umpire", Release(ref=2))
    await store.close()
    changed = 0
    with sqlite3.connect(tmp_path / FILENAME) as db:
        for n, packed in db.execute("SELECT n, records FROM log WHERE game_id = ?", (created["game"],)).fetchall():
            records = msgpack.unpackb(packed)
            for record in records:
                if record.get("kind") == "standing_order" and "the write moves phase" in record["text"]:
                    record["text"] = record["text"].replace("the write moves phase", "the write_moves phase")
                    changed += 1
            db.execute("UPDATE log SET records = ? WHERE game_id = ? AND n = ?", (msgpack.packb(records), created["game"], n))
    assert changed
    await assert_restored(tmp_path, created["game"])

"""Recovery checks each input's rolls and events against those stored with it."""

import sqlite3

import msgpack

import pytest

from fogbank.server.store import FILENAME, RecoveryError, Store
from fogbank.server.host import Host


async def test_a_game_whose_stored_events_differ_from_its_replay_is_not_recovered(tmp_path):
    store = await Store.open(tmp_path)
    host = Host(store)
    created = await host.create_game("b11")
    room = host.rooms[created["game"]]
    order = {"course": "NE", "speed": 1, "level": "surface"}
    for _ in range(2):
        await host.order(room, "submarine", room.game.state.turn, order)
    await store.close()
    with sqlite3.connect(tmp_path / FILENAME) as db:  # a report that replay will not make
        forged = msgpack.packb([{"type": "event", "text": "forged"}])
        db.execute("UPDATE log SET records = ? WHERE n = 1", (forged,))
    store = await Store.open(tmp_path)
    try:
        with pytest.raises(RecoveryError) as failure:
            await Host(store).recover()
        assert failure.value.n == 1
    finally:
        await store.close()

"""A game's end sends the log as the store keeps it, spliced into each seat's `game_over` frame
unparsed: the frames must be byte for byte those a whole decode and encode would make, the log
the one replay gives, and each seat's record its own inputs and what it alone was told."""

from __future__ import annotations

import sqlite3

import attrs
import msgpack
import pytest

from fogbank import protocols as wire
from fogbank.protocols.packed import PackedLog
from fogbank.rules import core
from fogbank.rules.core import UMPIRE
from fogbank.rules.record.replay import full_record
from fogbank.server import filter as seen_by
from fogbank.server.host import Host
from fogbank.server.store import FILENAME, Store
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

CODECS = (wire.codec_for(wire.MSGPACK), wire.codec_for(wire.JSON))


@pytest.fixture
async def host(tmp_path):
    store = await Store.open(tmp_path)
    yield Host(store)
    await store.close()


async def new_game(host: Host, scenario: str):
    """A new game of `scenario`, and what each of its seats is sent from now on."""
    room = host.rooms[(await host.create_game(scenario))["game"]]
    return room, listen(room)


def listen(room) -> dict[str, list]:
    heard: dict[str, list] = {}
    for seat in room.seats:
        room.streams[seat].listen(heard.setdefault(seat, []).append)
    return heard


async def replayed(store: Store, room) -> list[dict]:
    """The whole log as replay makes it from the seed and the logged inputs."""
    state = room.game.state
    start = core.start(room.game.ruleset, state.scenario, state.dice.seed, dict(state.options) or None)
    return full_record(start, [entry.record for entry in await store.load_log(room.id)])


def assert_same_as_whole(over: wire.GameOver, log: list[dict], seat: str) -> None:
    assert type(over.log) is PackedLog
    assert type(over.record) is PackedLog
    assert over.log == log
    assert over.record == seen_by.seat_record(seat, log[:-1])
    whole = attrs.evolve(over, log=list(log), record=list(over.record))
    for codec in CODECS:
        assert codec.encode_server(over) == codec.encode_server(whole)
        assert codec.decode_server(codec.encode_server(over)) == codec.decode_server(codec.encode_server(whole))


async def test_a_played_out_game_sends_the_stored_log_as_replay_makes_it(host):
    room, heard = await new_game(host, "b11")
    bot = room.game.ruleset.bot("b11", "submarine", host.chart(room, "submarine"))
    while room.game.cycle is not core.Cycle.ENDED:
        view = seen_by.view(room.game, "submarine")
        try:
            await host.order(room, "submarine", room.game.state.turn, bot.order(view))
        except core.Refused:
            await host.order(room, "submarine", room.game.state.turn, dict(bot.standing(view)))
    over = heard["submarine"][-1]
    assert isinstance(over, wire.GameOver)
    log = await replayed(host.store, room)
    assert sum(1 for r in log if r["type"] == "roll") > 10  # a real game: rolls and reports
    assert_same_as_whole(over, log, "submarine")


async def test_each_side_s_record_holds_what_it_was_told_and_not_the_other_side_s_talk(host):
    room, heard = await new_game(host, "picket")
    await host.talk(room, "blue1", "Smoke bearing 090.")
    await host.talk(room, "red1", "Nothing in sight.")
    await host.umpire(room, UMPIRE, wire.EndGame(ref=1, reason="called off"))
    log = await replayed(host.store, room)
    for seat in room.seats:
        over = heard[seat][-1]
        assert_same_as_whole(over, log, seat)
        talk = [r["text"] for r in over.record if r.get("kind") == "talk"]
        assert talk == (["blue1: Smoke bearing 090."] if seat.startswith("blue") else ["red1: Nothing in sight."])


async def ended_in_an_old_store(tmp_path, make_old) -> tuple[dict[str, wire.GameOver], list[dict]]:
    """A Picket game with talk on both sides, its store made as an older one was (`make_old(db)`),
    recovered and ended by the umpire: each seat's game_over, and the log replay makes."""
    store = await Store.open(tmp_path)
    host = Host(store)
    room_id = (await host.create_game("picket"))["game"]
    await host.talk(host.rooms[room_id], "blue1", "Smoke bearing 090.")
    await host.talk(host.rooms[room_id], "red1", "Nothing in sight.")
    await store.close()
    with sqlite3.connect(tmp_path / FILENAME) as db:
        make_old(db)
    store = await Store.open(tmp_path)
    try:
        host = Host(store)
        await host.recover()
        room = host.rooms[room_id]
        heard = listen(room)
        await host.umpire(room, UMPIRE, wire.EndGame(ref=1, reason="called off"))
        return {seat: heard[seat][-1] for seat in room.seats}, await replayed(store, room)
    finally:
        await store.close()


@pytest.mark.parametrize("kept", ["told", "nothing"])
async def test_a_store_made_before_each_seat_s_share_was_kept_still_gives_each_seat_its_record(tmp_path, kept):
    def make_old(db):
        if kept == "told":  # as the store before this one wrote its rows: the events told to a seat
            for rowid, made in db.execute("SELECT rowid, records FROM log").fetchall():
                told = [r for r in msgpack.unpackb(made) if r["type"] == "event" and set(r["audience"]) - {UMPIRE}]
                db.execute("UPDATE log SET told = ? WHERE rowid = ?", (msgpack.packb(told), rowid))
        db.execute("UPDATE log SET seat_records = NULL")

    overs, log = await ended_in_an_old_store(tmp_path, make_old)
    for seat, over in overs.items():
        assert_same_as_whole(over, log, seat)


async def test_a_store_made_before_records_were_kept_replays_the_log_and_gives_each_seat_its_record(tmp_path):
    overs, log = await ended_in_an_old_store(
        tmp_path, lambda db: db.execute("UPDATE log SET records = NULL, seat_records = NULL")
    )
    for seat, over in overs.items():
        assert list(over.log) == log
        assert list(over.record) == seen_by.seat_record(seat, log[:-1])
        assert any(r.get("kind") == "talk" for r in over.record)

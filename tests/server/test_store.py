"""The store: what is acknowledged is on disk, once, in order, and replays to the same game."""

import asyncio
import hashlib
import random
import sqlite3
import subprocess
import sys

import pytest

from fogbank.rules import core
from fogbank.rules.record import gamelog
from fogbank.rules.core import UMPIRE, find_ruleset
from fogbank.server.store import FILENAME, RecoveryError, StorageFull, Store, StoreError, recover, state_fingerprint

SEED = bytes(range(32))
SURFACE_NE = {"course": "NE", "speed": 1, "level": "surface"}


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


async def new_game(store, game_id="g1", seed=SEED):
    await store.create_game(
        game_id,
        "dardanelles",
        "b11",
        seed,
        core.commitment(seed),
        {"submarine": token_hash(f"{game_id}-sub"), UMPIRE: token_hash(f"{game_id}-ump")},
    )
    return core.start(find_ruleset("dardanelles"), "b11", seed)


async def play(store, game_id, game, orders):
    """Submit and log each order the way the server will; return the game after them."""
    ruleset = game.ruleset
    for payload in orders:
        step = core.submit(game, "submarine", ruleset.parse_order("submarine", payload))
        record = gamelog.input_record("order", game.state.turn, seat="submarine", order=payload)
        await store.append(game_id, record, state_fingerprint(step.game) if step.resolved else None)
        game = step.game
    return game


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path)
    yield store
    await store.close()


async def test_a_game_comes_back_from_its_log_after_a_restart(tmp_path):
    store = await Store.open(tmp_path)
    game = await play(store, "g1", await new_game(store), [SURFACE_NE] * 3)
    await store.set_spectator_delay("g1", 2)
    await store.close()

    store = await Store.open(tmp_path)
    row = await store.game("g1")
    assert (row.ruleset, row.scenario, row.seed, row.status, row.spectator_delay) == (
        "dardanelles", "b11", SEED, "running", 2
    )
    assert SEED.hex() not in repr(row)  # the seed stays out of logs and tracebacks
    log = await store.load_log("g1")
    assert [entry.n for entry in log] == [0, 1, 2]
    assert log[0].record == gamelog.input_record("order", 1, seat="submarine", order=SURFACE_NE)
    assert all(entry.fingerprint for entry in log)  # one order a turn: each resolved one
    recovered = await recover(store)
    assert recovered.keys() == {"g1"}
    assert recovered["g1"].state == game.state
    assert await store.append("g1", gamelog.input_record("hold", 4, held=True)) == 3
    await store.close()


async def test_ended_games_are_not_recovered(store):
    game = await new_game(store)
    await store.append("g1", gamelog.input_record("end", game.state.turn, reason="Over."))
    await store.mark_ended("g1")
    await new_game(store, "g2")
    assert [row.id for row in await store.unfinished_games()] == ["g2"]
    assert (await recover(store)).keys() == {"g2"}


async def test_a_replay_that_parts_from_its_fingerprint_is_named(store):
    game = await new_game(store)
    await play(store, "g1", game, [SURFACE_NE])
    # Claim the second turn ended in some other state.
    step = core.submit(game, "submarine", game.ruleset.parse_order("submarine", SURFACE_NE))
    record = gamelog.input_record("order", 2, seat="submarine", order=SURFACE_NE)
    await store.append("g1", record, "0" * 64)
    with pytest.raises(RecoveryError) as caught:
        await recover(store)
    assert (caught.value.game_id, caught.value.n, caught.value.expected) == ("g1", 1, "0" * 64)
    assert caught.value.got != "0" * 64
    assert step.resolved


async def test_a_logged_input_the_rules_refuse_stops_recovery(store):
    await new_game(store)
    await store.append("g1", gamelog.input_record("narrate", 1, seat="nobody", text="Hello."))
    with pytest.raises(RecoveryError) as caught:
        await recover(store)
    assert caught.value.n == 0 and "unknown_seat" in caught.value.got


async def test_two_hundred_concurrent_appends_are_all_durable_in_call_order(tmp_path):
    store = await Store.open(tmp_path)
    await new_game(store)

    async def one(i):
        return await store.append("g1", gamelog.input_record("narrate", 1, seat=UMPIRE, text=str(i)))

    numbers = await asyncio.gather(*(one(i) for i in range(200)))
    assert numbers == list(range(200))
    await store.close()
    store = await Store.open(tmp_path)
    log = await store.load_log("g1")
    assert [(entry.n, entry.record["text"]) for entry in log] == [(i, str(i)) for i in range(200)]
    await store.close()


HOLD = gamelog.input_record("hold", 1, held=True)
DISK_FULL = sqlite3.OperationalError("database or disk is full")


def fail_commits(store, times: int) -> list:
    """Make the store's next `times` commits fail as a full disk does; the games told of it."""
    real, failed, told = store._commit, [], []

    def commit(connection, batch):
        if len(failed) < times:
            failed.append(batch)
            raise DISK_FULL
        real(connection, batch)

    store._commit = commit
    store.on_failure.append(told.append)
    return told


async def test_a_failed_commit_fails_its_writes_and_the_next_write_is_tried_afresh(store):
    await new_game(store)
    assert await store.append("g1", HOLD) == 0
    told = fail_commits(store, 1)
    waiting = [store.append("g1", HOLD) for _ in range(3)]  # numbers 1-3, in one commit
    for future in waiting:
        with pytest.raises(StorageFull):
            await future
    assert store.failing == "OperationalError: database or disk is full" and told == [{"g1"}]
    # Space again: the numbers went back to the last one committed, so the log has no gap.
    assert await store.append("g1", HOLD) == 1
    assert store.failing is None
    assert [entry.n for entry in await store.load_log("g1")] == [0, 1]


async def test_writes_numbered_behind_a_failed_commit_fail_too_and_a_failed_game_is_not_claimed(tmp_path):
    store = await Store.open(tmp_path, max_batch=1)  # one commit a write: those behind wait their turn
    try:
        await new_game(store)
        fail_commits(store, 1)
        behind = [store.append("g1", HOLD) for _ in range(3)]  # 0 fails; 1 and 2 follow a lost number
        for future in behind:
            with pytest.raises(StorageFull):
                await future
        assert await store.append("g1", HOLD) == 0
        fail_commits(store, 1)
        with pytest.raises(StorageFull):
            await new_game(store, "g2")
        assert store.find_token(token_hash("g2-sub")) is None and "g2" not in store.game_ids()
        await new_game(store, "g2")  # the id and its tokens are free again
        assert await store.append("g2", HOLD) == 0
    finally:
        await store.close()
    reopened = await Store.open(tmp_path)
    assert [entry.n for entry in await reopened.load_log("g1")] == [0]
    await reopened.close()


async def test_tokens_open_their_seat_and_nothing_else(tmp_path):
    store = await Store.open(tmp_path)
    await new_game(store)
    assert store.find_token(token_hash("g1-sub")) == ("g1", "submarine")
    assert store.find_token(token_hash("g1-ump")) == ("g1", UMPIRE)
    assert store.find_token(token_hash("g1-guess")) is None
    with pytest.raises(ValueError):
        await new_game(store, "g1")
    with pytest.raises(ValueError):  # a taken token hash
        await store.create_game("g9", "dardanelles", "b11", SEED, "c", {"submarine": token_hash("g1-sub")})
    await store.close()
    store = await Store.open(tmp_path)  # loaded back from disk
    assert store.find_token(token_hash("g1-ump")) == ("g1", UMPIRE)
    tokens = await store._read("SELECT hash FROM tokens", ())
    assert all(len(h) == 32 for (h,) in tokens)  # hashes only, never the tokens
    await store.close()


async def test_misuse_is_refused_at_once(store):
    await new_game(store)
    with pytest.raises(KeyError):
        store.append("nope", gamelog.input_record("hold", 1, held=True))
    with pytest.raises(ValueError):  # events and rolls are not inputs: they are replayed, not logged
        store.append("g1", {"type": "event", "kind": "x"})
    with pytest.raises(TypeError):  # not JSON: refused before it takes a number
        store.append("g1", gamelog.input_record("hold", 1, held=object()))
    assert await store.append("g1", gamelog.input_record("hold", 1, held=True)) == 0
    await store.close()
    with pytest.raises(StoreError):
        store.append("g1", gamelog.input_record("hold", 1, held=True))


CHILD = """
import asyncio, sys
from pathlib import Path
from fogbank.rules.record import gamelog
from fogbank.server.store import Store

async def main():
    store = await Store.open(Path(sys.argv[1]))
    if store.find_token(bytes(32)) is None:
        await store.create_game("g", "dardanelles", "b11", bytes(32), "c", {"umpire": bytes(32)})
    start = len(await store.load_log("g"))

    async def one(k):
        n = await store.append("g", gamelog.input_record("narrate", 1, seat="umpire", text=str(k)))
        print(n, k, flush=True)

    k = start
    while True:  # waves of concurrent appends, so kills land inside group commits
        await asyncio.gather(*(one(k + i) for i in range(16)))
        k += 16

asyncio.run(main())
"""


async def test_every_acknowledged_append_survives_sigkill_once_and_without_gaps(tmp_path):
    rng = random.Random()
    acknowledged: dict[int, int] = {}
    for _ in range(5):
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-c", CHILD, str(tmp_path), stdout=subprocess.PIPE
        )
        first = await asyncio.wait_for(child.stdout.readline(), 10)
        assert first, "the child acknowledged nothing"
        await asyncio.sleep(rng.uniform(0, 0.3))
        child.kill()  # SIGKILL: no cleanup, mid-transaction or mid-fsync
        rest = await child.stdout.read()
        await child.wait()
        for line in (first + rest).decode().splitlines(keepends=True):
            if line.endswith("\n"):  # a line cut off by the kill was never fully acknowledged
                n, k = map(int, line.split())
                acknowledged[n] = k

        store = await Store.open(tmp_path)
        log = await store.load_log("g")
        await store.close()
        assert [entry.n for entry in log] == list(range(len(log)))  # no gaps
        texts = [entry.record["text"] for entry in log]
        assert texts == [str(n) for n in range(len(log))]  # each input once, in order
        assert all(texts[n] == str(k) for n, k in acknowledged.items())  # every ack is there
    assert len(acknowledged) > 100
    assert (tmp_path / FILENAME).exists()


async def test_the_records_an_input_made_are_read_back_with_it(store):
    game = await new_game(store)
    step = core.submit(game, "submarine", game.ruleset.parse_order("submarine", SURFACE_NE))
    made = list(gamelog.step_records(step))
    record = gamelog.input_record("order", 1, seat="submarine", order=SURFACE_NE)
    await store.append("g1", record, None, made)
    await store.append("g1", gamelog.input_record("hold", 1, held=True))
    first, second = await store.load_log("g1")
    assert first.made == made and made  # the turn's rolls and events, as the game made them
    assert second.made is None  # not kept: whoever reads it replays


async def test_a_store_made_before_records_were_kept_takes_them_after_opening(tmp_path):
    old = sqlite3.connect(tmp_path / FILENAME)
    old.executescript(
        "CREATE TABLE games (id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, scenario TEXT NOT NULL,"
        " seed BLOB NOT NULL, commitment TEXT NOT NULL, created TEXT NOT NULL, status TEXT NOT NULL,"
        " spectator_delay INTEGER, options TEXT NOT NULL DEFAULT '{}');"
        "CREATE TABLE log (game_id TEXT NOT NULL, n INTEGER NOT NULL, record TEXT NOT NULL,"
        " fingerprint TEXT, PRIMARY KEY (game_id, n)) WITHOUT ROWID;"
    )
    old.close()
    store = await Store.open(tmp_path)
    try:
        await new_game(store)
        await store.append("g1", gamelog.input_record("hold", 1, held=True), None, [{"type": "event"}])
        assert [entry.made for entry in await store.load_log("g1")] == [[{"type": "event"}]]
    finally:
        await store.close()


async def test_the_input_that_ends_a_game_marks_it_ended_in_the_same_commit(store):
    await new_game(store)
    await store.append("g1", gamelog.input_record("end", 1, reason="done"), None, [], ends=True)
    assert [row.id for row in await store.unfinished_games()] == []


def bytes_on_disk(folder) -> bytes:
    """The store's file and its write-ahead log, as a backup would copy them."""
    return b"".join(path.read_bytes() for path in sorted(folder.glob(f"{FILENAME}*")) if path.is_file())


async def test_a_store_that_kept_tokens_in_clear_keeps_only_their_hashes_once_opened(tmp_path):
    """Stores made before kept each seat's token in clear in `seats`, for the umpire's pages: the
    copies are dropped when the store opens (none left in the file), and the tokens still open
    their seats by their hashes."""
    store = await Store.open(tmp_path)
    await new_game(store)
    await store.close()
    secret = "g1-sub-a-secret-the-old-store-kept-in-clear"
    old = sqlite3.connect(tmp_path / FILENAME)
    old.execute("ALTER TABLE seats ADD COLUMN token TEXT NOT NULL DEFAULT ''")
    old.execute("UPDATE seats SET token = ? WHERE seat = 'submarine'", (secret,))
    old.execute("UPDATE tokens SET hash = ? WHERE seat = 'submarine'", (token_hash(secret),))
    old.commit()
    old.close()
    assert secret.encode() in bytes_on_disk(tmp_path)
    store = await Store.open(tmp_path)
    try:
        assert store.find_token(token_hash(secret)) == ("g1", "submarine")
        assert [seat.seat for seat in await store.seats("g1")] == ["submarine", UMPIRE]
    finally:
        await store.close()
    assert secret.encode() not in bytes_on_disk(tmp_path)
    columns = [row[1] for row in sqlite3.connect(tmp_path / FILENAME).execute("PRAGMA table_info(seats)")]
    assert "token" not in columns


async def test_no_token_is_kept_in_clear(tmp_path):
    from fogbank.server.app import Server

    server = await Server.start(port=0, data=tmp_path)
    try:
        created = await server.create_game("b11")
        room = server.host.rooms[created["game"]]
        reissued = await server.host.reissue(room, "submarine")
        tokens = [*created["seats"].values(), created["umpire_token"], created["spectator_token"], reissued]
    finally:
        await server.close()
    on_disk = bytes_on_disk(tmp_path)
    assert not [token for token in tokens if token.rpartition(".")[2].encode() in on_disk]

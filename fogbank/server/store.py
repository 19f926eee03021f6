"""The durable store: every game's accepted inputs, on disk before anyone is told they happened.

One SQLite file in WAL mode, `DIR/fogbank.sqlite3`, holding the games, the seats' token hashes and
an append-only log of inputs per game (as the log's schema writes them, `schema.plain`), each
input that resolved a turn with the state fingerprint after it. The core is deterministic, so the
inputs are the game: `recover` replays them and checks the fingerprints on the way.

Durability without a throughput cap (group commit): one writer thread owns the only write
connection. The event loop numbers and queues each write at call time; the writer takes everything
queued, writes it in one transaction, commits once (one fsync) and settles every waiting future.

A commit that fails (a full disk, an I/O error) fails its whole batch with `StorageFull`, and every
write numbered before the loop heard of it (those numbers follow the lost ones): the numbers go
back to the last ones committed, `failing` says why, `on_failure` tells the host which games lost
inputs, and the next write is tried afresh. The first commit that succeeds clears `failing`.

This shell stays a single module on purpose: `pyproject.toml` lists packages one by one, so a
`server/store/` package would need a packaging change as well.
"""

from __future__ import annotations

import asyncio
import datetime
import fcntl
import functools
import hashlib
import json
import logging
import os
import queue
import sqlite3
import threading
from pathlib import Path
from typing import Any, Callable, Mapping

import attrs
import msgpack
from fogbank.errors import FogbankError
from fogbank.rules import core
from fogbank.rules.core import Game
from fogbank.rules.core.plain import fingerprint
from fogbank.rules.record import schema as log_schema
from fogbank.rules.record.replay import apply_input

from . import wal

FILENAME = "fogbank.sqlite3"
LOCKFILE = "fogbank.lock"  # held while a process has the store open (its pid inside)
log = logging.getLogger("fogbank.store")

# Built once: json.dumps with options builds an encoder every call, a fair share of an append.
_compact = json.JSONEncoder(separators=(",", ":"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    scenario TEXT NOT NULL,
    seed BLOB NOT NULL,              -- secret until the game ends: never sent by the store's callers
    commitment TEXT NOT NULL,        -- SHA-256 of the seed, public from the start
    created TEXT NOT NULL,           -- ISO 8601, UTC; the shell's clock, the core has none
    status TEXT NOT NULL CHECK (status IN ('running', 'ended')),
    spectator_delay INTEGER,         -- turns spectators lag behind; NULL: no spectators
    options TEXT NOT NULL DEFAULT '{}', -- the game's options as chosen at creation, JSON
    log_schema INTEGER NOT NULL DEFAULT 1, -- the version of the log's schema its inputs are in
                                     -- (`fogbank.rules.record.schema`); 1 in stores made before
    deadlines TEXT NOT NULL DEFAULT '{}', -- the umpire's time limits, JSON {every, phases}: seconds
    due TEXT,                        -- JSON {turn, phase, at}: the phase now open's deadline (epoch
                                     -- seconds), so a restart keeps it; NULL: none
    webhook TEXT NOT NULL DEFAULT '', -- where the game's nudges are posted ('': nowhere)
    archived INTEGER NOT NULL DEFAULT 0, -- a finished game the umpire put away (hidden from his list)
    active TEXT,                     -- ISO 8601, UTC: the last input the game took, as last written
    name TEXT NOT NULL DEFAULT '',   -- the umpire's name for the game ('': none), shown to its seats
    result TEXT                      -- JSON {results, reason} once it is over, for the games page
);
CREATE TABLE IF NOT EXISTS tokens (
    hash BLOB PRIMARY KEY,           -- SHA-256 of the token; the token itself is never stored
    game_id TEXT NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL               -- a ruleset seat, or 'umpire'
);
-- A table with rowids, its rows in the order they were logged: each commit appends to the same
-- few last pages, where a table clustered by (game_id, n) wrote a page (and an overflow page, for
-- rows this size) for every game in the batch: about 60 us of CPU an insert against 20. Stores
-- made before keep their WITHOUT ROWID table; the same statements serve both.
CREATE TABLE IF NOT EXISTS log (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,              -- 0, 1, 2, ... per game, no gaps
    record TEXT NOT NULL,            -- the input, as JSON
    fingerprint TEXT,                -- state fingerprint after an input that resolved a turn
    records BLOB,                    -- the rolls and events the input made, a msgpack list (NULL
                                     -- in stores made before they were kept: replay makes them)
    told BLOB,                       -- no longer written: the events told to some seat, kept by
                                     -- stores made before seat_records (a game's end ignores it)
    seat_records BLOB,               -- each seat's share of the input and its records, for the
                                     -- seat's own record at the game's end: a msgpack map, seat
                                     -- -> a msgpack list's bytes, written into game_over as they are
    PRIMARY KEY (game_id, n)
);
-- Each seat's club settings, for the umpire's pages. Its token is not here: `tokens` above holds
-- its hash alone (stores made before kept it here in clear too; it is dropped when they open).
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,              -- a player's seat, 'umpire' or 'spectator'
    keeper TEXT NOT NULL DEFAULT 'player' CHECK (keeper IN ('player', 'bot')), -- bot: a built-in player
    address TEXT NOT NULL DEFAULT '', -- where its e-mail nudges go ('': none)
    missed INTEGER NOT NULL DEFAULT 0, -- deadlines that passed without its order
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS links (
    parent TEXT NOT NULL REFERENCES games(id),
    engagement TEXT NOT NULL,        -- the parent's id for the battle
    child TEXT REFERENCES games(id), -- the game fighting it; NULL if it could not be made
    tokens TEXT NOT NULL,            -- JSON seat -> token in the child, in clear: each is re-sent to
                                     -- its parent seat after a restart (the store is 0600, seeds too)
    status TEXT NOT NULL CHECK (status IN ('fighting', 'settled', 'failed')),
    error TEXT NOT NULL DEFAULT '',  -- why the link failed: a code and a sentence, JSON
    PRIMARY KEY (parent, engagement)
);
"""


class StoreError(FogbankError):
    """The store cannot take writes: it is closed, or a commit failed (`StorageFull`)."""


class StoreDamaged(StoreError):
    """The store's file cannot be read as a store: refused at start, never served without its games."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(
            f"the store {path} is damaged ({problem}): restore it from a backup,"
            " or move it aside to start with no games"
        )


class StoreInUse(StoreError):
    """Another process has the store open (a server still running, a worker left behind)."""


class StorageFull(StoreError):
    """A write was not kept: its commit failed (the disk is full, or failing), or it was numbered
    after one that did. Nothing of it is on disk; the store takes writes again at once."""


class RecoveryError(StoreError):
    """Replaying a game's log did not give the game that was logged."""

    def __init__(self, game_id: str, n: int, expected: str, got: str) -> None:
        super().__init__(f"game {game_id!r}, input {n}: expected {expected}, got {got}")
        self.game_id = game_id
        self.n = n  # the log entry where replay parted from the record
        self.expected = expected  # what the log says (a fingerprint, or what should have happened)
        self.got = got  # what replay gave


@attrs.frozen
class GameRow:
    id: str
    ruleset: str
    scenario: str
    seed: bytes = attrs.field(repr=False)  # kept out of reprs, tracebacks and logs
    commitment: str
    created: str
    status: str  # 'running' | 'ended'
    spectator_delay: int | None
    options: dict[str, Any] = attrs.field(converter=lambda text: json.loads(text) if isinstance(text, str) else text)
    deadlines: dict[str, Any] = attrs.field(default="{}", converter=lambda text: json.loads(text) if isinstance(text, str) else text)
    due: dict[str, Any] | None = attrs.field(default=None, converter=lambda text: json.loads(text) if isinstance(text, str) else text)
    webhook: str = ""
    archived: bool = attrs.field(default=False, converter=bool)
    active: str | None = None
    name: str = ""
    result: dict[str, Any] | None = attrs.field(  # {results, reason} once over, else None
        default=None, converter=lambda text: json.loads(text) if isinstance(text, str) else text
    )
    log_schema: int = 1  # the version of the log's schema its inputs are written in


@attrs.frozen
class SeatRow:
    """A seat's keeper, e-mail address and missed deadlines, as the umpire's pages show them."""

    seat: str
    keeper: str  # 'player' or 'bot'
    address: str
    missed: int


@attrs.frozen
class Link:
    """A battle one game (`parent`) handed to another (`child`), and the child's seat tokens."""

    parent: str
    engagement: str
    child: str | None
    tokens: dict[str, str]  # seat -> the seat's token in the child (umpire's included)
    status: str  # fighting, settled, failed
    error: dict[str, str] = attrs.field(factory=dict)  # code, sentence: why it failed


@attrs.frozen
class LogRow:
    n: int
    record: dict[str, Any]
    fingerprint: str | None
    made: list[dict[str, Any]] | None = None  # the roll and event records it made, if kept


def state_fingerprint(game: Game) -> str:
    """The fingerprint the server stores with an input that resolved a turn, and recovery checks."""
    return fingerprint(game.state)


@attrs.frozen
class StoredInput:
    """One logged input as stored: its JSON text, the msgpack list of the records it made, and
    the msgpack map of each seat's share of them (None in stores made before they were kept)."""

    record: str
    made: bytes | None
    seat_records: bytes | None


@attrs.define
class _Write:
    """Statements to run in the writer's next transaction, and who is waiting for them;
    `read_back`, run on the writer's connection once they are committed, gives the result."""

    statements: list[tuple[str, tuple[Any, ...]]]
    future: asyncio.Future[Any]
    result: Any = None
    read_back: Callable[[sqlite3.Connection], Any] | None = None
    logged: tuple[str, int] | None = None  # (game, n) of the input it logs, or the game it makes (n -1)
    undo: Callable[[], None] | None = None  # what the loop takes back if it is not kept


_CLOSE = object()  # queued by close(): the writer finishes what is ahead of it, then stops
_RESUME = object()  # queued once the loop has taken back a failed commit's numbers: try writes again
_STALE = object()  # a batch failed untried: numbered after a commit that failed


class Store:
    """The open store. Bound to the event loop that opened it; use it from that loop only."""

    def __init__(self, path: Path, loop: asyncio.AbstractEventLoop, max_batch: int | None) -> None:
        # Use `Store.open`. The dicts below are touched from the loop thread only.
        self.path = path  # the database file, DIR/fogbank.sqlite3
        self._loop = loop
        self._max_batch = max_batch
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()  # lists of writes, then _CLOSE
        self._handful: list[_Write] = []  # writes asked for in this turn of the loop, not yet queued
        self._next_n: dict[str, int] = {}  # every game's next log number
        self._committed_n: dict[str, int] = {}  # ... and the next after the last one committed
        self._status: dict[str, str] = {}
        self._tokens: dict[bytes, tuple[str, str]] = {}
        self._hash_of: dict[tuple[str, str], bytes] = {}  # (game, seat) -> its token's hash
        self._reader = _connect(path)
        self._read_lock = threading.Lock()  # sqlite3 connections are not for two threads at once
        self._writer = threading.Thread(target=self._write_loop, name="fogbank-store", daemon=True)
        self._closed = False
        self._failed: BaseException | None = None  # the writer could not open its connection
        self._lock: int | None = None  # the lock file's descriptor, held while open
        # Games whose last inputs were in a transaction a crash tore from the WAL's tail (never
        # committed, so never acknowledged): game -> the number of the first one lost.
        self.torn: dict[str, int] = {}
        self._refusing = False  # the writer's: a commit failed; fail what is queued until _RESUME
        self.failing: str | None = None  # why the last commit failed, until one succeeds
        self.on_failure: list[Callable[[set[str]], None]] = []  # told the games whose inputs were lost

    @classmethod
    async def open(cls, path: Path, *, max_batch: int | None = None) -> Store:
        """Open (creating if need be) the store in data directory `path` and start its writer.

        `max_batch` caps the writes per transaction; None means everything queued. 1 turns group
        commit off (one commit per write), which only the bench wants.
        """
        path = Path(path)
        await asyncio.to_thread(private_folder, path)
        db = path / FILENAME
        lock = await asyncio.to_thread(lock_folder, path)
        try:
            torn = await asyncio.to_thread(_prepare, db)
            store = await asyncio.to_thread(cls, db, asyncio.get_running_loop(), max_batch)
            store._lock = lock
            try:
                await asyncio.to_thread(store._load)
            except sqlite3.DatabaseError as error:
                raise StoreDamaged(db, str(error)) from None
        except BaseException:
            os.close(lock)
            raise
        if torn is not None:
            store._tell_torn(torn)
        store._writer.start()
        return store

    def _tell_torn(self, pages: list[bytes]) -> None:
        for game_id, n in sorted(wal.logged_inputs(pages)):
            if n >= self._next_n.get(game_id, n + 1):
                self.torn[game_id] = min(n, self.torn.get(game_id, n))
        log.warning(
            "the store's write-ahead log ended in an unfinished write (the server was killed in a commit, which"
            " was never acknowledged): %d pages dropped, holding inputs of %s",
            len(pages), ", ".join(f"game {g} from input {n}" for g, n in sorted(self.torn.items())) or "no game",
        )

    def _load(self) -> None:
        reader = self._reader
        for game_id, status, count in reader.execute(
            "SELECT id, status, (SELECT count(*) FROM log WHERE game_id = games.id) FROM games"
        ):
            self._status[game_id] = status
            self._next_n[game_id] = self._committed_n[game_id] = count
        for token_hash, game_id, seat in reader.execute("SELECT hash, game_id, seat FROM tokens"):
            self._tokens[bytes(token_hash)] = (game_id, seat)
            self._hash_of[(game_id, seat)] = bytes(token_hash)

    async def close(self) -> None:
        """Write everything already queued, stop the writer thread and close the file.

        Writes asked for after close() raise `StoreError`. Not closing is like a crash: whatever
        was acknowledged is on disk, what was queued but unacknowledged may not be.
        """
        if self._closed:
            return
        self._closed = True
        self._hand_over()
        self._queue.put(_CLOSE)
        await asyncio.to_thread(self._writer.join)
        with self._read_lock:
            self._reader.close()
        if self._lock is not None:
            os.close(self._lock)  # the lock goes with it
            self._lock = None

    # Writes. Each checks and numbers its input on the loop thread, at call time, so inputs are
    # logged in the order they were asked for; the returned future settles once they are on disk.

    def append(
        self, game_id: str, record: Mapping[str, Any], fingerprint: str | None = None,
        made: list[Mapping[str, Any]] | None = None, ends: bool = False,
        seat_records: Mapping[str, list[Mapping[str, Any]]] | None = None,
    ) -> asyncio.Future[int]:  # fmt: skip
        """Log one accepted input of a game; await the result for its number `n`, once durable.

        `record` is an input as the log's schema writes it (`schema.plain`); `fingerprint` is
        `state_fingerprint(game)` after an input that resolved a turn, else None; `made`, the roll
        and event records the input made (`gamelog.step_records`), kept so a game's whole log is
        read back, not replayed, at its end;
        `seat_records`, each seat's share of the input and those records (`filter.records_by_seat`),
        kept so each seat's own record at the end is written from the bytes stored, not decoded;
        `ends`: the input ends the game, which is marked ended in the same commit. The number is given when append() is called, so
        call it in the order the game took its inputs. Refused inputs must never be appended:
        recovery replays every logged input and expects it to be accepted again.
        Raises KeyError for an unknown game, ValueError for a record that is not an input,
        StoreError when closed or failed (also through the future, if a commit fails).
        """
        n, statements, undo = self._log_statements(game_id, record, fingerprint, made, ends, seat_records)
        return self._submit(statements, result=n, logged=(game_id, n), undo=undo)

    def end(
        self, game_id: str, record: Mapping[str, Any], fingerprint: str | None = None,
        made: list[Mapping[str, Any]] | None = None, seat_records: Mapping[str, list[Mapping[str, Any]]] | None = None,
    ) -> asyncio.Future[list[StoredInput]]:  # fmt: skip
        """Log the input that ends a game, as `append(..., ends=True)`; the future gives the
        game's whole log as stored, read on the writer's own connection right after the commit
        (no further trip to a reading thread, and the pages just written are in its cache)."""
        n, statements, undo = self._log_statements(game_id, record, fingerprint, made, True, seat_records)
        read_back = lambda connection: _stored_log(connection, game_id)  # noqa: E731
        return self._submit(statements, read_back=read_back, logged=(game_id, n), undo=undo)

    def _log_statements(
        self, game_id: str, record: Mapping[str, Any], fingerprint: str | None,
        made: list[Mapping[str, Any]] | None, ends: bool, seat_records: Mapping[str, list[Mapping[str, Any]]] | None,
    ) -> tuple[int, list[tuple[str, tuple[Any, ...]]], Callable[[], None] | None]:  # fmt: skip
        """The input's number, the statements that log it (see `append`) and what to take back
        if they are not kept."""
        if record.get("type") != "input":
            raise ValueError(f"the log takes inputs only, not {record.get('type')!r} records")
        self._check_game(game_id)
        text = _compact.encode(record)  # raises here, before a number is taken
        # msgpack, not JSON: a game's end reads them all back, and msgpack parses several times faster.
        records = msgpack.packb(made) if made is not None else None
        shares = None
        if made is not None and seat_records is not None:
            shares = msgpack.packb({seat: msgpack.packb(share) for seat, share in seat_records.items()})
        n = self._next_n[game_id]
        self._next_n[game_id] = n + 1
        insert = "INSERT INTO log (game_id, n, record, fingerprint, records, seat_records) VALUES (?, ?, ?, ?, ?, ?)"
        statements = [(insert, (game_id, n, text, fingerprint, records, shares))]
        undo = None
        if ends:
            self._status[game_id] = "ended"
            statements.append(("UPDATE games SET status = 'ended' WHERE id = ?", (game_id,)))
            undo = functools.partial(self._status.__setitem__, game_id, "running")
        return n, statements, undo

    async def create_game(
        self,
        game_id: str,
        ruleset: str,
        scenario: str,
        seed: bytes,
        commitment: str,
        tokens: Mapping[str, bytes],
        options: Mapping[str, Any] | None = None,
        name: str = "",
    ) -> None:
        """Record a new running game and its seats' token hashes (seat -> SHA-256 digest of the
        token; 'umpire' for the umpire's), each seat with its club settings, and `name`, the
        umpire's name for it. The tokens themselves are never stored. Durable when it returns.
        Raises ValueError if the game id or a token hash is already taken or a hash is not 32 bytes."""
        self._check_writable()
        if game_id in self._status:
            raise ValueError(f"game {game_id!r} exists")
        for seat, token_hash in tokens.items():
            if len(token_hash) != hashlib.sha256().digest_size:
                raise ValueError(f"the token hash for {seat!r} is not a SHA-256 digest")
            if token_hash in self._tokens:
                raise ValueError(f"the token hash for {seat!r} is taken")
        if len(set(tokens.values())) != len(tokens):
            raise ValueError("two seats share a token hash")
        created = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        statements = [
            (
                "INSERT INTO games (id, ruleset, scenario, seed, commitment, created, status, options, name,"
                " log_schema) VALUES (?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)",
                (game_id, ruleset, scenario, seed, commitment, created, json.dumps(dict(options or {})),
                 name, log_schema.VERSION),
            ),
            *(
                ("INSERT INTO tokens VALUES (?, ?, ?)", (token_hash, game_id, seat))
                for seat, token_hash in tokens.items()
            ),
            *(("INSERT INTO seats (game_id, seat) VALUES (?, ?)", (game_id, seat)) for seat in tokens),
        ]
        # Claimed now so a second create_game for the same id or token fails at once; appends
        # queued behind this write land after it in the same or a later transaction.
        self._status[game_id] = "running"
        self._next_n[game_id] = 0
        self._tokens.update({token_hash: (game_id, seat) for seat, token_hash in tokens.items()})
        self._hash_of.update({(game_id, seat): token_hash for seat, token_hash in tokens.items()})

        def undo() -> None:
            for claimed in (self._status, self._next_n, self._committed_n):
                claimed.pop(game_id, None)
            for seat, token_hash in tokens.items():
                self._tokens.pop(token_hash, None)
                self._hash_of.pop((game_id, seat), None)

        await self._submit(statements, logged=(game_id, -1), undo=undo)

    async def mark_ended(self, game_id: str) -> None:
        """Mark a game ended (after its `end` input is appended); it is then not recovered."""
        self._check_game(game_id)
        was, self._status[game_id] = self._status[game_id], "ended"
        undo = functools.partial(self._status.__setitem__, game_id, was)
        await self._submit([("UPDATE games SET status = 'ended' WHERE id = ?", (game_id,))], undo=undo)

    async def set_spectator_delay(self, game_id: str, turns: int | None) -> None:
        """Let spectators watch `turns` turns behind the game, or (None) not at all."""
        self._check_game(game_id)
        if turns is not None and turns < 0:
            raise ValueError("a spectator delay is zero turns or more")
        await self._submit([("UPDATE games SET spectator_delay = ? WHERE id = ?", (turns, game_id))])

    async def put_link(self, link: "Link") -> None:
        """Record (or update) a battle handed from one game to another. Durable when it returns."""
        self._check_writable()
        await self._submit([(
            "INSERT OR REPLACE INTO links (parent, engagement, child, tokens, status, error) VALUES (?, ?, ?, ?, ?, ?)",
            (link.parent, link.engagement, link.child, json.dumps(link.tokens), link.status, json.dumps(link.error)),
        )])

    async def links(self) -> list["Link"]:
        """Every battle handed from one game to another, in the order they were made."""
        rows = await self._read("SELECT parent, engagement, child, tokens, status, error FROM links ORDER BY rowid", ())
        return [Link(p, e, c, json.loads(t), s, json.loads(x) if x else {}) for p, e, c, t, s, x in rows]

    # The club's settings: links, keepers, deadlines, nudges. Each write is durable when it returns.

    async def reissue(self, game_id: str, seat: str, new_hash: bytes) -> None:
        """Give `seat` a token with a new hash: the old one opens nothing from this call on
        (before the write is on disk: a join in between must not get in), the new one once it is."""
        self._check_game(game_id)
        if new_hash in self._tokens:
            raise ValueError("the new token hash is taken")
        old_hash = self._hash_of.pop((game_id, seat), None)
        if old_hash is not None:
            self._tokens.pop(old_hash, None)
        await self._submit([
            ("DELETE FROM tokens WHERE game_id = ? AND seat = ?", (game_id, seat)),
            ("INSERT INTO tokens VALUES (?, ?, ?)", (new_hash, game_id, seat)),
            ("INSERT OR IGNORE INTO seats (game_id, seat) VALUES (?, ?)", (game_id, seat)),
        ])
        self._tokens[new_hash] = (game_id, seat)
        self._hash_of[(game_id, seat)] = new_hash

    def set_seat(self, game_id: str, seat: str, *, keeper: str | None = None, address: str | None = None,
                 missed: int | None = None) -> asyncio.Future[None]:  # fmt: skip
        """Change what is kept of a seat (a seat of a game made before links were kept has no row:
        then nothing is written). Queued at call time, like an append; await it to know it is on disk."""
        self._check_game(game_id)
        changes = {name: value for name, value in (("keeper", keeper), ("address", address), ("missed", missed))
                   if value is not None}  # fmt: skip
        sets = ", ".join(f"{name} = ?" for name in changes) or "seat = seat"
        return self._submit([(f"UPDATE seats SET {sets} WHERE game_id = ? AND seat = ?", (*changes.values(), game_id, seat))])

    def set_club(self, game_id: str, **settings: Any) -> asyncio.Future[None]:
        """Change a game's settings: any of deadlines, due, webhook, archived, active, name, result. Queued at
        call time, like an append; await it to know it is on disk."""
        self._check_game(game_id)
        unknown = settings.keys() - _CLUB_COLUMNS.keys()
        if unknown:
            raise ValueError(f"no setting {sorted(unknown)[0]!r}")
        sets = ", ".join(f"{name} = ?" for name in settings) or "id = id"
        values = tuple(_CLUB_COLUMNS[name](value) for name, value in settings.items())
        return self._submit([(f"UPDATE games SET {sets} WHERE id = ?", (*values, game_id))])

    async def seats(self, game_id: str) -> list[SeatRow]:
        """The seats' club settings kept for a game, umpire and spectators included (none for a
        game made before they were kept)."""
        rows = await self._read("SELECT seat, keeper, address, missed FROM seats WHERE game_id = ?"
                                " ORDER BY rowid", (game_id,))  # fmt: skip
        return [SeatRow(*row) for row in rows]

    async def games(self) -> list[GameRow]:
        """Every game in the store, newest first."""
        rows = await self._read(f"{_GAME_SELECT} ORDER BY created DESC, id", ())
        return [GameRow(*row) for row in rows]

    # Reads.

    def game_ids(self) -> list[str]:
        """Every game in the store, running or ended (from memory)."""
        return list(self._status)

    def find_token(self, token_hash: bytes) -> tuple[str, str] | None:
        """The (game_id, seat) a token hash opens, or None. From memory: tokens never change.

        Looking up by hash in a dict is not constant time, and need not be: the key is the SHA-256
        of a random token of 128 bits or more, so what timing can reveal is how a stored *hash*
        starts, which brings no one closer to a token with that hash (SHA-256 preimages), and
        guessing the token outright is a 2**128 search.
        """
        return self._tokens.get(bytes(token_hash))

    async def game(self, game_id: str) -> GameRow | None:
        """The game's row, seed included (the caller keeps the seed to itself until the end)."""
        rows = await self._read(f"{_GAME_SELECT} WHERE id = ?", (game_id,))
        return GameRow(*rows[0]) if rows else None

    async def unfinished_games(self) -> list[GameRow]:
        """Every game still running, oldest first."""
        rows = await self._read(f"{_GAME_SELECT} WHERE status = 'running' ORDER BY created, id", ())
        return [GameRow(*row) for row in rows]

    async def load_log(self, game_id: str) -> list[LogRow]:
        """The game's logged inputs in order (n = 0, 1, ...), each with its fingerprint or None
        and the records it made (None where the store did not keep them)."""
        rows = await self._read(
            "SELECT n, record, fingerprint, records FROM log WHERE game_id = ? ORDER BY n", (game_id,)
        )
        return [
            LogRow(n, json.loads(record), fingerprint, None if made is None else msgpack.unpackb(made))
            for n, record, fingerprint, made in rows
        ]

    async def load_records(self, game_id: str) -> list[dict[str, Any]] | None:
        """The game's log after its header: each input followed by the rolls and events it made,
        in order; None if some input's records were not kept (replay the inputs instead)."""
        rows = await self._read("SELECT record, records FROM log WHERE game_id = ? ORDER BY n", (game_id,))
        if any(made is None for _, made in rows):
            return None
        inputs = json.loads(f"[{','.join(record for record, _ in rows)}]")  # one parse, not one a row
        log = []
        for record, (_, made) in zip(inputs, rows):
            log.append(record)
            log += msgpack.unpackb(made)
        return log

    async def _read(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        # A separate connection: in WAL mode it reads the last commit without waiting for the writer.
        def read() -> list[tuple[Any, ...]]:
            with self._read_lock:
                return self._reader.execute(sql, params).fetchall()

        return await asyncio.to_thread(read)

    # The writer side.

    def _check_writable(self) -> None:
        if self._closed:
            raise StoreError("the store is closed")
        if self._failed is not None:
            raise StoreError("the store could not open its file for writing") from self._failed

    def _check_game(self, game_id: str) -> None:
        self._check_writable()
        if game_id not in self._status:
            raise KeyError(game_id)

    def _submit(
        self, statements: list[tuple[str, tuple[Any, ...]]], result: Any = None,
        read_back: Callable[[sqlite3.Connection], Any] | None = None,
        logged: tuple[str, int] | None = None, undo: Callable[[], None] | None = None,
    ) -> asyncio.Future[Any]:  # fmt: skip
        future = self._loop.create_future()
        self._handful.append(_Write(statements, future, result, read_back, logged, undo))
        if self._max_batch is not None:
            self._hand_over()
        elif len(self._handful) == 1:
            self._loop.call_soon(self._hand_over)
        return future

    def _hand_over(self) -> None:
        # Once per turn of the event loop, not once per write: each hand-over wakes the writer
        # thread, and a woken writer takes the interpreter lock from the loop. Many seats' orders
        # read in one turn of the loop go over together (and commit together anyway).
        if self._handful:
            handful, self._handful = self._handful, []
            self._queue.put(handful)

    def _write_loop(self) -> None:
        # The only thread that writes. isolation_level=None: we say BEGIN and COMMIT ourselves.
        connection: sqlite3.Connection | None = None
        try:
            connection = _connect(self.path)
        except BaseException as exc:  # fail every write (below) rather than leave its waiter hanging
            self._failed = exc
        while True:
            batch, closing = self._take_batch()
            if batch:
                self._write_batch(connection, batch)
            if closing:
                break
        if connection is not None:
            try:
                connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # a tidy file after a clean stop
            except sqlite3.Error:  # a full disk: the WAL stays, and is read back at the next start
                pass
            connection.close()

    def _take_batch(self) -> tuple[list[_Write], bool]:
        """Wait for some writes, then take everything else already queued (up to max_batch:
        with it, each hand-over is one write)."""
        batch: list[_Write] = []
        item = self._queue.get()
        while True:
            if item is _CLOSE:
                return batch, True
            if item is _RESUME:
                if batch:  # numbered before the loop took the numbers back: fail them first
                    self._write_batch(None, batch)
                    batch = []
                self._refusing = False
            else:
                batch += item
            if self._max_batch is not None and len(batch) >= self._max_batch:
                return batch, False
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return batch, False

    def _write_batch(self, connection: sqlite3.Connection | None, batch: list[_Write]) -> None:
        error: Any = self._failed
        if self._refusing or connection is None:
            error = error or _STALE
        else:
            try:
                self._commit(connection, batch)
            except Exception as exc:  # disk full, I/O error, a bug: nothing of the batch is kept
                try:
                    if connection.in_transaction:
                        connection.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                # Numbers after this batch's are handed out already: writes queued behind it fail
                # too, until the loop has taken the numbers back and queued _RESUME.
                self._refusing = True
                error = exc
        for write in batch if error is None else ():
            if write.read_back is not None:
                try:
                    write.result = write.read_back(connection)
                except sqlite3.Error:  # the writes stand; their caller reads again its own way
                    write.result = None
        try:
            self._loop.call_soon_threadsafe(self._settle, batch, error)
        except RuntimeError:  # the loop is closed: nobody is waiting any more
            pass

    def _commit(self, connection: sqlite3.Connection, batch: list[_Write]) -> None:
        """Write a batch in one transaction (raises if it is not kept)."""
        connection.execute("BEGIN IMMEDIATE")
        for write in batch:
            for sql, params in write.statements:
                connection.execute(sql, params)
        connection.execute("COMMIT")

    def _settle(self, batch: list[_Write], error: Any) -> None:
        """On the loop: tell each write's waiter; after a failure take back what it claimed."""
        if error is None:
            self.failing = None
            for write in batch:
                if write.logged is not None:
                    game_id, n = write.logged
                    self._committed_n[game_id] = n + 1
            _settle(batch, None)
            return
        for write in reversed(batch):
            if write.undo is not None:
                write.undo()
        if error is not _STALE:
            self.failing = f"{type(error).__name__}: {error}"
            # The numbers go back to the last committed; writes numbered meanwhile (handed to the
            # writer before _RESUME, with this one's) fail as stale.
            for game_id in self._next_n:
                self._next_n[game_id] = self._committed_n.get(game_id, 0)
            self._hand_over()
            self._queue.put(_RESUME)
        _settle(batch, error if error is not _STALE else StorageFull("numbered after a write that failed"))
        games = {write.logged[0] for write in batch if write.logged is not None}
        for listener in self.on_failure:
            listener(games)


def _stored_log(connection: sqlite3.Connection, game_id: str) -> list[StoredInput]:
    rows = connection.execute("SELECT record, records, seat_records FROM log WHERE game_id = ? ORDER BY n", (game_id,))
    return [StoredInput(*row) for row in rows]


def _settle(batch: list[_Write], error: BaseException | None) -> None:
    for write in batch:
        if write.future.done():  # the waiter was cancelled; the write itself stands
            continue
        if error is None:
            write.future.set_result(write.result)
        else:
            failure = StorageFull(f"the store could not write: {error}")
            failure.__cause__ = error
            write.future.set_exception(failure)


_GAME_SELECT = (
    "SELECT id, ruleset, scenario, seed, commitment, created, status, spectator_delay, options,"
    " deadlines, due, webhook, archived, active, name, result, log_schema FROM games"
)
# The club's settings a game row keeps, each written whole: JSON for the maps.
_CLUB_COLUMNS = {"deadlines": json.dumps, "due": lambda due: None if due is None else json.dumps(due),
                 "webhook": str, "archived": int, "active": str, "name": str, "result": json.dumps}


def private_folder(path: Path) -> None:
    """The data folder, readable by its owner only: it holds every running game's seed."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.chmod(0o700)  # a folder made before, or made under a loose umask, is tightened too


def private_file(path: Path) -> None:
    """A file created readable by its owner only from its first moment (not chmod-ed after: in
    between, another user could open it). SQLite gives its -wal and -shm files the database
    file's permissions, so creating the database this way covers them."""
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    path.chmod(0o600)


def _connect(db: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if mode != "wal":
        raise StoreError(f"{db} cannot use WAL mode (got {mode!r})")
    # FULL, not NORMAL: in WAL mode NORMAL skips the fsync at commit, so a commit survives a killed
    # process but not a power cut. An acknowledged order must survive both; group commit pays for
    # the fsync once per transaction rather than once per order.
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("PRAGMA busy_timeout = 5000")  # a checkpoint may briefly hold the reader
    return connection


def lock_folder(folder: Path) -> int:
    """Hold the store's lock file (its descriptor), or raise StoreInUse naming who holds it. The
    kernel lets go of it when the process dies, however it dies."""
    path = folder / LOCKFILE
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 32).decode(errors="replace").strip() or "?"
        os.close(fd)
        raise StoreInUse(f"{folder} is in use by another fogbank process (pid {holder}): stop it first") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


def _prepare(db: Path) -> list[bytes] | None:
    """Make a new store, or check an old one before it is served: its file readable as a store,
    its schema brought up to date. The pages of its WAL's torn tail, if it has one (`wal`)."""
    if not db.exists():
        # Made under another name and moved into place once whole: a store file that is empty or
        # part-made is then always damage, never a first start cut short.
        new = db.with_name(db.name + ".new")
        for leftover in (new, *(new.with_name(new.name + end) for end in ("-wal", "-shm", "-journal"))):
            leftover.unlink(missing_ok=True)
        private_file(new)
        _create_schema(new)
        os.replace(new, db)
        return None
    db.chmod(0o600)  # a store made before, or under a loose umask, is tightened too
    wal_file = db.with_name(db.name + "-wal")
    if db.stat().st_size == 0 and not (wal_file.exists() and wal_file.stat().st_size):
        raise StoreDamaged(db, "it is empty: the games it held are gone")
    torn = wal.torn_tail(wal_file)
    try:
        _create_schema(db)
        connection = _connect(db)
        try:
            problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise StoreDamaged(db, str(error)) from None
    if problems != ["ok"]:
        raise StoreDamaged(db, problems[0])
    return torn


def _create_schema(db: Path) -> None:
    connection = _connect(db)
    try:
        connection.executescript(SCHEMA)
        columns = {row[1] for row in connection.execute("PRAGMA table_info(games)")}
        if "options" not in columns:  # a store made before games had options
            connection.execute("ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}'")
        log_columns = {row[1] for row in connection.execute("PRAGMA table_info(log)")}
        if "records" not in log_columns:
            connection.execute("ALTER TABLE log ADD COLUMN records BLOB")  # a store made before they were kept
        if "told" not in log_columns:
            connection.execute("ALTER TABLE log ADD COLUMN told BLOB")
        if "seat_records" not in log_columns:
            connection.execute("ALTER TABLE log ADD COLUMN seat_records BLOB")
        for column, kind in (("deadlines", "TEXT NOT NULL DEFAULT '{}'"), ("due", "TEXT"),
                             ("webhook", "TEXT NOT NULL DEFAULT ''"), ("archived", "INTEGER NOT NULL DEFAULT 0"),
                             ("active", "TEXT"), ("name", "TEXT NOT NULL DEFAULT ''"),
                             ("result", "TEXT"), ("log_schema", "INTEGER NOT NULL DEFAULT 1")):  # fmt: skip
            if column not in columns:  # a store made before the club's settings were kept
                connection.execute(f"ALTER TABLE games ADD COLUMN {column} {kind}")
        if "token" in {row[1] for row in connection.execute("PRAGMA table_info(seats)")}:
            _drop_clear_tokens(connection)
    finally:
        connection.close()


def _drop_clear_tokens(connection: sqlite3.Connection) -> None:
    """A store made when the seats' tokens were kept in clear (for the umpire's pages to show a
    link again): the column goes, its pages overwritten with zeros as they are freed (secure_delete)
    and the write-ahead log emptied, so no copy is left in the file for a backup to carry."""
    connection.execute("PRAGMA secure_delete = ON")
    connection.execute("ALTER TABLE seats DROP COLUMN token")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    log.info("the seats' tokens kept in clear by an older store were dropped: only their hashes are kept")


async def recover(store: Store) -> dict[str, Game]:
    """Rebuild every unfinished game by replaying its logged inputs from its seed.

    Checks every stored fingerprint and raises `RecoveryError` at the first input where replay
    differs from the log (or where a logged input is refused or malformed, or the numbering has a
    gap), `LaterVersion` for a game logged in a later version of the log's schema. A game
    whose log ends it but that was never marked ended (a crash between the two) comes back ended:
    `game.state.ended` is true, and the server should finish ending it.
    """
    games: dict[str, Game] = {}
    for row in await store.unfinished_games():
        log_schema.check_version(row.log_schema)
        game = core.start(core.find_ruleset(row.ruleset), row.scenario, row.seed, row.options or None)
        for index, entry in enumerate(await store.load_log(row.id)):
            if entry.n != index:
                raise RecoveryError(row.id, index, f"input {index}", f"input {entry.n}")
            try:
                step = apply_input(game, entry.record)
            except log_schema.Malformed as malformed:
                expected = "an input as the log's schema writes it"
                raise RecoveryError(row.id, entry.n, expected, malformed.sentence) from None
            except core.Refused as refusal:
                got = f"refused ({refusal})"
                raise RecoveryError(row.id, entry.n, "the input accepted", got) from refusal
            game = step.game
            if entry.fingerprint is not None:
                got = state_fingerprint(game)
                if got != entry.fingerprint:
                    raise RecoveryError(row.id, entry.n, entry.fingerprint, got)
        games[row.id] = game
    return games

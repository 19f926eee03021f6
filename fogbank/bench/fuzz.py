"""A fuzz of one live `fogbank serve`: frames of every kind a hostile or careless peer sends.

    python -m fogbank.bench.fuzz [--frames 1000000] [--per-game 3] [--seed 1] [--batch 40]

It starts `fogbank serve` on loopback (a data folder of its own, its log to a file), makes a game
of each of b11, Gallipoli, River Plate and the Black Sea (and a new one when one ends), and joins
seats and the umpire to each, half over msgpack and half over JSON. Each connection sends batches
of frames, each batch closed by a ping whose pong says the server has handled it:

- the ruleset's payloads with random JSON values in random fields: orders (from its docs'
  examples and from its built-in player's order for the seat's view now, so every phase's fields
  come), draft checks and questions from seats; amendments, overrides, releases (the games go on
  through their phases), holds, deadlines and the other umpire commands from the umpire;
- protocol messages with fields of the wrong type, or fields the schema lacks;
- garbled frames: random bytes, a valid frame with bytes flipped, cut or inserted, text on
  msgpack and bytes on JSON, nesting past the limit, msgpack lengths declared past the limits;
  now and then a frame over 64 KiB (the connection is closed with 1009, and joins again).

Printed as JSON: frames sent by kind, the answers by code, `internal_error` (with the first frames
that got one), close codes with the frame that preceded each close, the tracebacks in the
server's log, and /healthz at the end. Not part of the tests; run it niced, it takes a while.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import msgpack
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.rules.core.plain import to_plain

SCENARIOS = ("b11", "gallipoli", "river_plate", "black_sea")
RULESETS = {"b11": "dardanelles", "gallipoli": "salvo", "river_plate": "supremacy", "black_sea": "greatwar"}
# Each ruleset's payloads as its docs/payloads.md shows them: every field of every kind, to be
# mutated (the built-in player's orders add what the phase now open takes, from the seat's view).
EXAMPLES: dict[str, dict[str, list[dict[str, Any]]]] = {
    "dardanelles": {
        "orders": [
            {"course": "NE", "speed": 3, "level": "periscope", "fix": True, "plot": "K7",
             "fire": {"target": 3, "direction": "NE", "torpedoes": 1}},
            {"legs": [{"course": "E", "speed": 2}, {"course": "N", "speed": 1}], "level": "surface"},
        ],
        "overrides": [
            {"kind": "move_boat", "square": "K7"}, {"kind": "set_air", "value": 5},
            {"kind": "set_level", "level": "surface"}, {"kind": "set_torpedoes", "loaded": 1, "spare": 1},
            {"kind": "add_vessel", "number": 9, "vessel_type": "destroyer", "name": "M", "square": "K7"},
            {"kind": "remove_vessel", "number": 1}, {"kind": "lay_mine_line", "square": "K10"},
            {"kind": "place_vessel", "square": "K10", "number": 1},
        ],
        "questions": [{"about": "battery"}],
    },
    "salvo": {
        "orders": [
            {"mines": ["2306", "1805"], "starshells": {"CL1": "1507"}, "searchlights": {"DD3": 4}},
            {"moves": {"BB17": "FRF", "B1": "FF"}, "attacks": {"L1": 5},
             "dummies": [{"hex": "1808", "facing": "B", "path": "LFF"}]},
            {"fire": {"BB17": {"target": 3, "secondary": 7}, "DD2": {"torpedo": 5},
                      "B3": {"target": 2, "spotter": "B1"}}, "smoke": ["DD1"]},
        ],
        "overrides": [
            {"kind": "move_unit", "unit": "B13", "hex": "2106", "facing": "C"},
            {"kind": "set_damage", "unit": "B13", "w": 1, "s": 2}, {"kind": "remove_unit", "unit": "F1"},
            {"kind": "set_visibility", "value": 8},
        ],
        "questions": [{"ship": "B13"}],
    },
    "supremacy": {
        "orders": [
            {"ships": {"exeter": {"move": "A10 L6"}}},
            {"ships": {"ajax": {"moves": ["A16", "A16", "L2 A14"]}}},
            {"ships": {"ajax": {"fire": [
                {"group": "fore", "target": "graf_spee"},
                {"group": "port", "target": "graf_spee", "guns": 2, "half": True}]}}},
            {"ships": {"achilles": {"torpedoes": [
                {"bank": "starboard", "course": 300, "spread": "narrow"}]}}},
            {"ships": {"ajax": {"searchlight": 315}}},
        ],
        "overrides": [
            {"kind": "move_ship", "ship": "ajax", "at": [100, 200], "course": 90, "speed": 20},
            {"kind": "set_damage", "ship": "ajax", "damage": 2}, {"kind": "remove_ship", "ship": "exeter"},
            {"kind": "set_visibility", "inches": 40},
        ],
        "questions": [{"ship": "graf_spee", "ask": "damage"}, {"ship": "ajax", "ask": "engaged"}],
    },
    "greatwar": {
        "orders": [
            {"fleets": {"mittelmeer": {"mission": "raid", "path": ["bosporus", "southwest"],
                                       "tactics": {"posture": "close", "smoke": True, "break_off": 0.5,
                                                   "torpedoes": True, "target": "biggest"}},
                        "torpedo": {"mission": "escort", "path": [], "escort": "mittelmeer",
                                    "ahead": [["varna"], ["danube"]], "mines_at": "varna"}},
             "intelligence": "torpedo", "seaplanes": {"constantinople": 2},
             "repair": {"Yavuz Sultan Selim": "speed"}},
        ],
        "overrides": [
            {"kind": "report", "seat": "souchon", "fleet": "battle", "zone": "sevastopol",
             "next_zone": "crimea"},
            {"kind": "move", "fleet": "battle", "zone": "crimea"},
        ],
        "questions": [{"fleet": "battle"}],
    },
}  # fmt: skip
SETTLE = {"settle": "battle-1", "result": {
    "ships": [{"name": "Goeben", "lost": 1, "sunk": False, "guns_lost": [0, 1, 0]}],
    "left": ["central"], "summary": "."}}
# msgpack past the limits within a few bytes (or 17 KB): lengths declared of 2**32 - 1 items, 65,536
# entries, 1,025 items, 16,640 bytes of text; a bin and an extension value, which no field is.
DECLARED = (b"\xdd\xff\xff\xff\xff", b"\xdf\x00\x01\x00\x00", b"\xdc\x04\x01" + b"\xc0" * 1025,
            b"\x81\xa4type\xda\x41\x00" + b"a" * 0x4100, b"\xc4\x03abc", b"\xd4\x01\x00")
KEYS: dict[str, list[str]] = {}  # each ruleset's field names, from its examples
WORDS = ("A", "F", "L", "NE", "K7", "2005", "0314", "fore", "port", "raid", "surface", "B13", "ajax")
TYPES = ("order", "check", "ask", "talk", "observe", "hold", "override", "amend", "end", "reissue",
         "stand_in", "nudges", "told", "join", "fly")
UMPIRE_ONLY = ("hold", "release", "override", "amend", "narrate", "spectate", "deadlines", "extend", "games",
               "history", "seat_log")
NAMES = ("type", "ref", "turn", "phase", "order", "seat", "question", "text", "to", "held", "phases",
         "override", "reason", "tell", "results", "turns", "every", "seconds", "before", "token", "last_seq",
         "x")


class Values:
    """Random JSON values within the protocol's limits, some past them."""

    def __init__(self, rng: random.Random, keys: list[str]) -> None:
        self.rng, self.keys = rng, keys

    def scalar(self) -> Any:
        r = self.rng
        return r.choice((
            None, True, False, 0, 1, -1, r.randint(-10, 400), r.randint(-(2**63), 2**64 - 1),
            r.uniform(-1e6, 1e6), 0.5, "", r.choice(WORDS), "x" * r.randint(20, 4096),
            "".join(r.choice("ABCDEFLRN0123456789 ._-éß\u2028") for _ in range(r.randint(1, 12))),
        ))  # fmt: skip

    def value(self, depth: int = 0) -> Any:
        r = self.rng
        roll = r.random()
        if depth > 3 or roll < 0.6:
            return self.scalar()
        if roll < 0.8:
            return [self.value(depth + 1) for _ in range(r.randint(0, 4))]
        return {self.key(): self.value(depth + 1) for _ in range(r.randint(0, 4))}

    def key(self) -> str:
        return self.rng.choice(self.keys) if self.keys and self.rng.random() < 0.8 else str(self.scalar())[:8]

    def mutated(self, payload: Any) -> Any:
        """The payload with one to three places given random values (or a map a field more)."""
        for _ in range(self.rng.randint(1, 3)):
            at = self.rng.choice(list(places(payload)))
            node = value_at(payload, at)
            if isinstance(node, dict) and self.rng.random() < 0.3:
                payload = replaced(payload, at, {**node, self.key(): self.value()})
            elif isinstance(node, (dict, list)) and node and self.rng.random() < 0.2:
                inner = self.rng.choice(list(node) if isinstance(node, dict) else range(len(node)))
                kept = {k: v for k, v in node.items() if k != inner} if isinstance(node, dict) else \
                    [v for i, v in enumerate(node) if i != inner]
                payload = replaced(payload, at, kept)
            else:
                payload = replaced(payload, at, self.value())
        return payload


def _map(payload: Any) -> dict[str, Any]:
    """A payload as the schema lets it through (a map), whatever the mutation made of it."""
    return payload if isinstance(payload, dict) else {"payload": payload}


def places(node: Any, at: tuple = ()):
    """Every place in a payload, as the keys and indices that lead to it: the whole, each map's
    values and each list's items."""
    yield at
    if isinstance(node, dict):
        for key, value in node.items():
            yield from places(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from places(value, (*at, i))


def value_at(node: Any, at: tuple) -> Any:
    for step in at:
        node = node[step]
    return node


def replaced(node: Any, at: tuple, value: Any) -> Any:
    """A copy of the payload with `value` at the place `at`."""
    if not at:
        return value
    head, rest = at[0], at[1:]
    if isinstance(node, dict):
        return {**node, head: replaced(node[head], rest, value)}
    return [replaced(v, rest, value) if i == head else v for i, v in enumerate(node)]


class Served:
    """`fogbank serve` in a process of its own, its log in a file."""

    def __init__(self) -> None:
        self.data = Path(tempfile.mkdtemp(prefix="fogbank-fuzz-"))
        self.log = self.data / "serve.log"
        store = str(self.data / "store")
        command = [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", store]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log.open("w"), text=True)
        line = self.process.stdout.readline()
        if not line.startswith("fogbank serving on ws://"):
            raise RuntimeError(f"the server did not start: {line!r} {self.log.read_text()[-500:]}")
        self.port = int(line.split("ws://", 1)[1].split("/", 1)[0].rpartition(":")[2])
        self.url = f"ws://127.0.0.1:{self.port}/"

    def http(self, path: str, method: str = "GET") -> tuple[int, str]:
        key = (self.data / "store" / "admin.key").read_text().strip()
        url = f"http://127.0.0.1:{self.port}{path}"
        request = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"}, method=method)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def new_game(self, scenario: str) -> dict[str, Any]:
        status, body = self.http(f"/admin/new?scenario={scenario}", "POST")
        if status != 200:
            raise RuntimeError(f"no new {scenario} game: {status} {body[:200]}")
        return json.loads(body)

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime

    def stop(self) -> int:
        self.process.terminate()
        try:
            return self.process.wait(60)
        finally:
            self.process.kill()


class Tally:
    def __init__(self) -> None:
        self.sent: Counter[str] = Counter()
        self.answers: Counter[str] = Counter()
        self.closes: Counter[str] = Counter()
        self.internal: list[dict[str, Any]] = []
        self.games = Counter()
        self.bot_failures = 0
        self.told = 0  # frames at the last progress line

    def progress(self) -> None:
        """A line on stderr each 50,000 frames: a long run shows it is going, and how well."""
        frames = sum(self.sent.values())
        if frames - self.told >= 50_000:
            self.told = frames
            internal = self.answers["internal_error"]
            print(f"{frames} frames, {internal} internal_error", file=sys.stderr, flush=True)


class Slot:
    """One scenario's game now, made again when it ends."""

    def __init__(self, served: Served, scenario: str, tally: Tally) -> None:
        self.served, self.scenario, self.tally = served, scenario, tally
        self.game = served.new_game(scenario)
        self.lock = asyncio.Lock()
        tally.games[scenario] += 1

    async def ended(self, game_id: str) -> None:
        async with self.lock:
            if self.game["game"] == game_id:
                self.game = await asyncio.to_thread(self.served.new_game, self.scenario)
                self.tally.games[self.scenario] += 1


class Peer:
    """One connection, playing one role in its slot's game: a seat (by its index) or the umpire."""

    def __init__(self, slot: Slot, role: int | None, codec: str, rng: random.Random, tally: Tally,
                 batch: int) -> None:
        self.slot, self.role, self.codec, self.rng = slot, role, codec, rng
        self.tally, self.batch = tally, batch
        self.ref = 0
        self.welcome: dict[str, Any] = {}
        self.view: dict[str, Any] | None = None
        self.turn, self.phase = 1, None
        self.bot: Any = None
        self.bot_order: tuple[Any, Any] = (None, None)
        self.waiting: dict[int, tuple[str, Any]] = {}
        self.pong = asyncio.Event()
        self.joined = asyncio.Event()
        self.oversize = False  # a frame over 64 KiB was sent since this connection opened

    @property
    def token(self) -> str:
        game = self.slot.game
        if self.role is None:
            return game["umpire_token"]
        return list(game["seats"].values())[self.role % len(game["seats"])]

    def encode(self, message: Any) -> bytes | str:
        return msgpack.packb(message) if self.codec == wire.MSGPACK else json.dumps(message)

    def decode(self, frame: bytes | str) -> dict[str, Any]:
        return msgpack.unpackb(frame, strict_map_key=False) if isinstance(frame, bytes) else json.loads(frame)

    async def run(self, until: int) -> None:
        while sum(self.tally.sent.values()) < until:
            game_id = self.slot.game["game"]
            try:
                async with connect(self.slot.served.url, subprotocols=[self.codec], max_size=None,
                                   open_timeout=60, close_timeout=10) as websocket:  # fmt: skip
                    await self.session(websocket, until)
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else "none"
                self.tally.closes[f"{code} ({'after' if self.oversize else 'no'} frame over 64 KiB)"] += 1
            except (OSError, WebSocketException, TimeoutError) as problem:
                self.tally.closes[f"{type(problem).__name__}"] += 1
                await asyncio.sleep(0.2)
            if self.slot.game["game"] == game_id and self.welcome.get("over"):
                await self.slot.ended(game_id)

    async def session(self, websocket: Any, until: int) -> None:
        self.welcome, self.view, self.oversize = {}, None, False
        self.joined.clear()
        await websocket.send(self.encode({"type": "join", "token": self.token}))
        reader = asyncio.create_task(self.read(websocket))
        try:
            await asyncio.wait_for(self.joined.wait(), 60)
            if not self.welcome:
                return  # refused: the game went away under it
            while sum(self.tally.sent.values()) < until and not self.welcome.get("over"):
                for _ in range(self.batch):
                    kind, frame = self.frame()
                    self.oversize |= kind == "oversize"
                    self.tally.sent[kind] += 1
                    await websocket.send(frame)
                self.pong.clear()
                self.ref += 1
                self.waiting[self.ref] = ("ping", None)
                await websocket.send(self.encode({"type": "ping", "ref": self.ref}))
                self.tally.sent["ping"] += 1
                await asyncio.wait_for(self.pong.wait(), 120)
                self.tally.progress()
        finally:
            reader.cancel()
            if reader.done() and not reader.cancelled() and reader.exception():
                raise reader.exception()

    async def read(self, websocket: Any) -> None:
        async for frame in websocket:
            message = self.decode(frame)
            kind = message.get("type")
            if kind == "welcome":
                self.welcome = message
                self.joined.set()
                if self.role is not None:
                    ruleset = core.find_ruleset(message["ruleset"])
                    self.bot = ruleset.bot(message["scenario"], message["seat"], message["chart"])
            elif kind in ("observation", "snapshot"):
                view = message["view"]
                self.view = view
                self.turn = message.get("turn") or (view.get("turn", 1) if isinstance(view, dict) else 1)
                self.phase = message.get("phase") or (view.get("phase") if isinstance(view, dict) else None)
            elif kind == "game_over":
                self.welcome["over"] = True
            ref = message.get("ref")
            if kind in ("error", "ack", "checked", "pong", "games", "history", "seat_log", "told"):
                code = message.get("code", kind)
                self.tally.answers[code] += 1
                asked = self.waiting.pop(ref, None) if isinstance(ref, int) else None
                if code == "internal_error" and len(self.tally.internal) < 20:
                    sent = repr(asked[1])[:600] if asked else "?"
                    self.tally.internal.append({"kind": asked[0] if asked else "?", "sent": sent})
                if code in ("game_over", "bad_token", "game_set_aside"):
                    self.welcome["over"] = True
                if not self.joined.is_set():
                    self.joined.set()  # the join refused: no welcome
                if kind == "pong":
                    self.waiting.clear()  # every request before it is answered
                    self.pong.set()

    # What to send ---------------------------------------------------------------------------

    def frame(self) -> tuple[str, bytes | str]:
        r = self.rng.random()
        if r < 0.0005:
            return "oversize", self.encode({"type": "ping", "ref": 0, "pad": "x" * (wire.MAX_FRAME + 10)})
        if r < 0.12:
            return "garbled", self.garbled()
        if r < 0.2:
            return "wrong_types", self.encode(self.wrong_types())
        kind, message = self.umpire_message() if self.role is None else self.seat_message()
        self.ref += 1
        message["ref"] = self.ref
        self.waiting[self.ref] = (kind, message)
        return kind, self.encode(message)

    def ruleset(self) -> str:
        return self.welcome.get("ruleset") or RULESETS[self.slot.scenario]

    def values(self) -> Values:
        name = self.ruleset()
        if name not in KEYS:
            KEYS[name] = sorted({key for kind in EXAMPLES[name].values() for payload in kind
                                 for at in places(payload) if isinstance(value_at(payload, at), dict)
                                 for key in value_at(payload, at)})
        return Values(self.rng, KEYS[name])

    def an_order(self) -> Any:
        """A payload to mutate: the built-in player's order for the view now (every field the
        phase takes), or one of the docs' examples."""
        if self.bot is not None and self.view is not None and self.rng.random() < 0.6:
            if self.bot_order[0] is not self.view:
                try:
                    self.bot_order = (self.view, to_plain(self.bot.order(self.view)))
                except Exception:  # noqa: BLE001 - a bot's trouble with a view is not the server's
                    self.tally.bot_failures += 1
                    self.bot_order = (self.view, {})
            return self.bot_order[1]
        return self.rng.choice(EXAMPLES[self.ruleset()]["orders"])

    def seat_message(self) -> tuple[str, dict[str, Any]]:
        values, r = self.values(), self.rng.random()
        order = values.mutated(self.an_order()) if self.rng.random() < 0.9 else self.an_order()
        if r < 0.55:
            return "order", {"type": "order", "turn": self.turn, "phase": self.phase, "order": order}
        if r < 0.7:
            return "check", {"type": "check", "turn": self.turn, "phase": self.phase, "order": order}
        if r < 0.8:
            question = values.mutated(self.rng.choice(EXAMPLES[self.ruleset()]["questions"]))
            return "ask", {"type": "ask", "question": _map(question)}
        if r < 0.85:
            return "talk", {"type": "talk", "text": str(values.scalar()) or "."}
        if r < 0.9:
            return "observe", {"type": "observe", "seat": None}
        if r < 0.95:
            return "told", {"type": "told", "before": self.rng.randint(-5, 200)}
        return "umpire_only", {"type": self.rng.choice(UMPIRE_ONLY)}

    def umpire_message(self) -> tuple[str, dict[str, Any]]:
        values, r = self.values(), self.rng.random()
        seats = list(self.slot.game["seats"])
        seat = self.rng.choice([*seats, "umpire", "nobody"] if self.rng.random() < 0.1 else seats)
        examples = EXAMPLES[self.ruleset()]
        if r < 0.3:
            order = values.mutated(self.rng.choice(examples["orders"]))
            return "amend", {"type": "amend", "seat": seat, "order": _map(order), "reason": "fuzz"}
        if r < 0.55:
            override = values.mutated(self.rng.choice([*examples["overrides"], SETTLE]))
            return "override", {"type": "override", "override": _map(override), "reason": "fuzz",
                                "tell": self.rng.random() < 0.5}
        if r < 0.62:
            order = values.mutated(self.rng.choice(examples["orders"]))
            return "check", {"type": "check", "turn": self.turn, "order": _map(order), "seat": seat}
        if r < 0.75:
            return "release", {"type": "release"}
        if r < 0.8:
            return "hold", {"type": "hold", "held": self.rng.random() < 0.3,
                            "phases": self.rng.choice([None, [self.phase or "orders"], ["nope"]])}
        if r < 0.84:
            return "deadlines", {"type": "deadlines", "every": self.rng.choice([None, 3600, 0, -1, 10**9]),
                                 "phases": {self.phase or "orders": self.rng.choice([None, 60, 10**12])}}
        if r < 0.87:
            return "extend", {"type": "extend", "seconds": self.rng.choice([1, 3600, 0, 10**10])}
        if r < 0.9:
            return "spectate", {"type": "spectate", "turns": self.rng.choice([None, 0, 3, 24, 25, -1])}
        if r < 0.93:
            return "narrate", {"type": "narrate", "seat": seat, "text": str(values.scalar()) or "."}
        if r < 0.96:
            return "observe", {"type": "observe", "seat": seat}
        kind = self.rng.choice(("games", "history", "seat_log"))
        return kind, {"type": kind, **({"seat": seat} if self.rng.random() < 0.5 else {})}

    def wrong_types(self) -> dict[str, Any]:
        """A known message with a field of the wrong type, one missing, or one the schema lacks."""
        values = Values(self.rng, list(NAMES))
        message = {"type": self.rng.choice(TYPES), "ref": self.rng.randint(1, 10**6)}
        for _ in range(self.rng.randint(0, 4)):
            message[self.rng.choice(NAMES)] = values.value()
        if message["type"] in ("end", "reissue", "stand_in", "nudges"):  # only ever malformed: never acted on
            message["ref"] = str(message["ref"])
        return message

    def garbled(self) -> bytes | str:
        r, rng = self.rng.random(), self.rng
        if r < 0.25:
            return bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 300)))
        if r < 0.5:  # a valid frame with bytes flipped, cut or inserted
            raw = msgpack.packb({"type": "order", "ref": 1, "turn": self.turn, "order": self.an_order()})
            at = rng.randint(0, len(raw))
            junk = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 3)))
            raw = raw[:at] + junk + raw[at + rng.randint(0, 3):]
            return raw if self.codec == wire.MSGPACK else raw.decode("utf-8", "replace")
        if r < 0.6:  # the other frame kind
            return "{}" if self.codec == wire.MSGPACK else b"\x80"
        if r < 0.7:  # nested past the limit
            depth = rng.randint(17, 200)
            return (b"\x91" * depth + b"\xc0") if self.codec == wire.MSGPACK else "[" * depth + "]" * depth
        if r < 0.85 and self.codec == wire.MSGPACK:  # lengths declared past the limits
            return rng.choice(DECLARED)
        if r < 0.85:
            return json.dumps({"type": "order", "ref": 1, "turn": 1, "order": {"x": [0] * 1100}})
        text = json.dumps({"type": "ping", "ref": 1})
        return text[: rng.randint(0, len(text))] if self.codec == wire.JSON else msgpack.packb([1, 2])


async def fuzz(args: argparse.Namespace) -> dict[str, Any]:
    served = Served()
    tally = Tally()
    rng = random.Random(args.seed)
    started = time.monotonic()
    try:
        slots = [Slot(served, scenario, tally) for scenario in SCENARIOS]
        peers = []
        for slot in slots:
            for n in range(args.per_game):
                role = None if n == 0 else n - 1
                codec = wire.MSGPACK if (len(peers) % 2 == 0) else wire.JSON
                peers.append(Peer(slot, role, codec, random.Random(rng.random()), tally, args.batch))
        await asyncio.gather(*(peer.run(args.frames) for peer in peers))
        health = served.http("/healthz")
        cpu = served.cpu_seconds()
    finally:
        stopped = served.stop()
    log = served.log.read_text(errors="replace")
    return {
        "frames": sum(tally.sent.values()), "seconds": round(time.monotonic() - started, 1),
        "server_cpu_seconds": round(cpu, 1),
        "sent": dict(tally.sent.most_common()), "answers": dict(tally.answers.most_common()),
        "internal_error": tally.answers["internal_error"], "internal_error_examples": tally.internal,
        "closes": dict(tally.closes.most_common()), "games": dict(tally.games),
        "tracebacks_in_log": log.count("Traceback"), "log_errors": len(re.findall(r" ERROR ", log)),
        "first_traceback": log[max(0, log.find("Traceback") - 300):][:2300] if "Traceback" in log else None,
        "healthz": health, "exit_on_sigterm": stopped, "bot_failures": tally.bot_failures,
        "log": str(served.log),
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fogbank.bench.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1_000_000, help="frames to send in all, pings included")
    parser.add_argument("--per-game", type=int, default=3, help="connections to a game: umpire, then seats")
    parser.add_argument("--batch", type=int, default=40, help="frames a connection sends before its ping")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    figures = asyncio.run(fuzz(args))
    print(json.dumps(figures, indent=1))
    return 0 if figures["internal_error"] == 0 and figures["tracebacks_in_log"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

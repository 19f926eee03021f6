"""The soak's passes for what one umpire or one address could stall; `fogbank.bench.soak` runs them
after its own (`--skip nudges`, `idle`, `resends` to leave one out), and so does this module alone:

    python -m fogbank.bench.soak_stalls [--seconds 25] [--skip nudges|idle|resends]

3. Nudges: games whose webhooks drip their answer a byte at a time, never answer, or whose mail
   server drips its greeting, beside a game whose webhook is healthy, every game playing a turn a
   second (b11, one seat) in one server. Figures: the healthy webhook's nudges received of those
   made and how late (p50, p99), and what became of the stuck games' nudges (sent, failed,
   dropped, the last failure's code), as their umpires are told.
4. Idle sockets: `fogbank serve --behind-proxy` at a descriptor limit of 1,024; one address
   opens idle websockets until refused, then many addresses do (up to the limit), and players at
   other addresses join and give an order meanwhile. Figures: sockets held and refused, each
   player's join-to-ack time, and how many idle sockets were closed by the deadline to join.
5. Resends: multi-seat games (River Plate, Gallipoli) played by built-in players over the client
   library while the server drops every connection again and again (as a restarting proxy
   would), so orders are sent again after reconnects. Figures: orders acknowledged, orders
   reported refused although the store holds them (must be 0), orders lost (0), reconnects.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from fogbank import protocols as wire
from fogbank.clients import Client, OrderRefused, TurnPassed
from fogbank.protocols import Observation, Snapshot
from fogbank.rules import core
from fogbank.server import doors
from fogbank.server.app import Server
from fogbank.server.nudges import Smtp

from .soak import _percentiles

HOLD_STILL = {"course": "N", "speed": 0, "level": "surface"}
CODEC = wire.codec_for(wire.MSGPACK)


# 3. Nudges -----------------------------------------------------------------------------------


async def _drip(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """A webhook that reads the request and answers a byte every two seconds, for ever."""
    with contextlib.suppress(Exception, asyncio.CancelledError):  # cut off: its end
        await reader.readuntil(b"\r\n\r\n")
        while True:
            writer.write(b"H")
            await writer.drain()
            await asyncio.sleep(2)


async def _hang(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(Exception, asyncio.CancelledError):  # cut off: its end
        await asyncio.Event().wait()


async def _drip_greeting(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(Exception, asyncio.CancelledError):  # cut off: its end
        while True:
            writer.write(b"2")
            await writer.drain()
            await asyncio.sleep(2)


class _Healthy:
    """A webhook that answers 200 at once: when each nudge arrived, by the text's game and turn."""

    def __init__(self) -> None:
        self.arrived: dict[str, float] = {}

    async def take(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.lower().split(b"\r\n")
        length = int(next(line.split(b":")[1] for line in lines if line.startswith(b"content-length")))
        body = json.loads(await reader.readexactly(length))
        self.arrived[body["text"]] = time.monotonic()
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        await writer.drain()
        writer.close()


async def nudge_pass(seconds: float) -> dict[str, Any]:
    healthy = _Healthy()
    handlers = (_drip, _hang, _drip_greeting, healthy.take)
    stubs = [await asyncio.start_server(handler, "127.0.0.1", 0) for handler in handlers]
    drip, hang, greeting, good = (stub.sockets[0].getsockname()[1] for stub in stubs)
    data = Path(tempfile.mkdtemp(prefix="fogbank-nudges-"))
    smtp = Smtp("127.0.0.1", greeting, sender="club@example.org")
    server = await Server.start(port=0, data=data, allow_private_nudges=True, smtp=smtp)
    host = server.host
    try:
        games = {name: await server.create_game("b11") for name in ("drip", "hang", "mail", "healthy")}
        rooms = {name: host.rooms[game["game"]] for name, game in games.items()}
        await host.set_nudges(rooms["drip"], f"http://127.0.0.1:{drip}/hook?key=k", {})
        await host.set_nudges(rooms["hang"], f"http://127.0.0.1:{hang}/hook?key=k", {})
        await host.set_nudges(rooms["mail"], None, {"submarine": "captain@example.org"})
        await host.set_nudges(rooms["healthy"], f"http://127.0.0.1:{good}/hook", {})
        made: dict[str, float] = {}  # the healthy game's nudges: text -> when its turn opened
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            for name, room in rooms.items():
                if room.game.state.ended:
                    continue
                await host.order(room, "submarine", room.game.state.turn, HOLD_STILL)
                if name == "healthy" and not room.game.state.ended:
                    made[_opened(room)] = time.monotonic()
            await asyncio.sleep(1.0)
        await asyncio.sleep(2.0)  # a healthy nudge's last chance to arrive
        late = [healthy.arrived[text] - at for text, at in made.items() if text in healthy.arrived]
        figures = {
            "seconds": seconds, "healthy_nudges_made": len(made), "healthy_nudges_received": len(late),
            "healthy_ms": _percentiles(late),
        }  # fmt: skip
        for name in ("drip", "hang", "mail"):
            [told] = host.nudges.report(rooms[name].id) or [{}]
            figures[f"{name}_nudges"] = {key: told.get(key) for key in ("sent", "failed", "dropped")}
            figures[f"{name}_last_code"] = (told.get("last") or {}).get("code")
        return figures
    finally:
        await server.close()
        for stub in stubs:
            stub.close()


def _opened(room: Any) -> str:
    """The text of the nudge the healthy game's turn now open posts (`turn_opened`, as `Nudges.phase_opened` words it)."""
    from fogbank.server.nudges import _name

    state = room.game.state
    return f"{_name(room)}: turn {state.turn}, {state.phase.replace('_', ' ')} is open."


# 4. Idle sockets -----------------------------------------------------------------------------


def _served(data: Path, limit: int) -> tuple[subprocess.Popen, int]:
    """`fogbank serve --behind-proxy` at a descriptor limit of `limit` (soft and hard)."""
    with open(data.parent / f"{data.name}.log", "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(data),
             "--behind-proxy"],
            stdout=subprocess.PIPE, stderr=log, text=True,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit)),
        )  # fmt: skip
    line = process.stdout.readline()
    return process, int(line.split("ws://", 1)[1].split("/", 1)[0].rpartition(":")[2])


async def _websocket(port: int, address: str) -> Any:
    return await connect(f"ws://127.0.0.1:{port}/", subprotocols=[wire.MSGPACK], ping_interval=None,
                         open_timeout=None, additional_headers={"X-Forwarded-For": address})  # fmt: skip


async def _flood(port: int, addresses: list[str], each: int) -> tuple[list, dict[int, int]]:
    held: list = []
    refused: dict[int, int] = {}
    for address in addresses:
        for _ in range(each):
            try:
                held.append(await _websocket(port, address))
            except InvalidStatus as status:
                refused[status.response.status_code] = refused.get(status.response.status_code, 0) + 1
    return held, refused


PATIENCE = 30.0  # seconds a player tries to get in before it counts as locked out


async def _join_and_order(port: int, token: str, address: str) -> dict[str, Any]:
    """Seconds from the first try to open a websocket to the ack of an order, and the tries
    refused before (a page tries again, as this does)."""
    began, refused = time.monotonic(), 0
    while True:
        try:
            ws = await _websocket(port, address)
            break
        except InvalidStatus:
            refused += 1
            if time.monotonic() - began > PATIENCE:
                return {"seconds": None, "refused_first": refused}  # locked out
            await asyncio.sleep(0.1)
    await ws.send(CODEC.encode_client(wire.Join(token=token, folded_ack=True)))
    welcome = CODEC.decode_server(await ws.recv())
    await ws.send(CODEC.encode_client(wire.SubmitOrder(ref=1, turn=welcome.turn, order=HOLD_STILL)))
    while True:  # the ack, or the turn's observation carrying it
        reply = CODEC.decode_server(await ws.recv())
        if getattr(reply, "ref", None) == 1 or getattr(reply, "ack", None) == 1:
            break
    ws.transport.abort()
    return {"seconds": round(time.monotonic() - began, 3), "refused_first": refused}


async def idle_pass(limit: int = 1024) -> dict[str, Any]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2 * limit:  # this process holds the other end of every socket the server holds
        wanted = hard if hard != resource.RLIM_INFINITY else 4 * limit
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    data = Path(tempfile.mkdtemp(prefix="fogbank-idle-"))
    process, port = _served(data, limit)
    held: list = []
    try:
        key = (data / "admin.key").read_text().strip()
        games = [await asyncio.to_thread(_new_game, port, key) for _ in range(3)]
        one, one_refused = await _flood(port, ["203.0.113.9"], limit)
        held += one
        first = await _join_and_order(port, games[0]["seats"]["submarine"], "198.51.100.7")
        addresses = [f"192.0.2.{n}" for n in range(1, 81)]  # 80 of them, each its 16: past the limit
        many, many_refused = await _flood(port, addresses, doors.UNJOINED_PER_ADDRESS)
        held += many
        await asyncio.sleep(doors.IDLE)  # the flood's sockets have waited long enough to be shed
        second = await _join_and_order(port, games[1]["seats"]["submarine"], "198.51.100.8")
        closed_by = time.monotonic() + doors.JOIN_WITHIN + 5
        while time.monotonic() < closed_by and any(ws.close_code is None for ws in held):
            await asyncio.sleep(0.2)
        third = await _join_and_order(port, games[2]["seats"]["submarine"], "198.51.100.9")
        return {
            "descriptor_limit": limit, "one_address_held": len(one), "one_address_refused": one_refused,
            "player_join_to_ack_s_beside_one_address": first,
            "many_addresses_held": len(many), "many_addresses_refused": many_refused,
            "player_join_to_ack_s_at_the_limit": second,
            "idle_closed_by_the_deadline": sum(ws.close_code == 1008 for ws in held),
            "idle_cut_off_for_newcomers": sum(ws.close_code not in (None, 1008) for ws in held),
            "idle_still_open": sum(ws.close_code is None for ws in held),
            "player_join_to_ack_s_after": third,
        }  # fmt: skip
    finally:
        for ws in held:
            ws.transport.abort()
        process.terminate()
        try:
            process.wait(30)
        finally:
            process.kill()


def _new_game(port: int, key: str) -> dict[str, Any]:
    import urllib.request

    request = urllib.request.Request(f"http://127.0.0.1:{port}/admin/new?scenario=b11",
                                     headers={"Authorization": f"Bearer {key}"}, method="POST")  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


# 5. Resends ----------------------------------------------------------------------------------


class _Seat:
    """A seat's built-in player over the client library, keeping every order acknowledged and
    every order refused because the game had moved on (the ones a reconnect may send again)."""

    def __init__(self, url: str, game: str, seat: str, token: str) -> None:
        self.url, self.game, self.seat, self.token = url, game, seat, token
        self.acked: list[tuple[int, str]] = []
        self.refused: list[tuple[int, str, dict]] = []
        self.passed = self.reconnects = 0

    async def play(self) -> None:
        client = await Client.connect(self.url, self.token, reconnect_attempts=60, backoff=(0.05, 1.0))
        client.on_state(self._count)
        welcome = client.welcome
        bot = core.find_ruleset(welcome.ruleset).bot(welcome.scenario, welcome.seat, welcome.chart)
        async with client:
            async for message in client.stream():
                view = getattr(message, "view", None)
                due = isinstance(message, (Observation, Snapshot)) and message.must_act
                if due and not view.get("outcome"):
                    await self._order(client, message, dict(bot.order(view)), dict(bot.standing(view)))

    def _count(self, state: str) -> None:
        self.reconnects += state == "reconnecting"

    async def _order(self, client: Client, message: Any, order: dict, standing: dict) -> None:
        for given in (order, standing):  # the bot's order; its standing order if the rules refuse it
            try:
                await client.submit(given, message.turn)
            except TurnPassed:
                self.passed += 1
            except OrderRefused as refusal:
                if refusal.code not in ("wrong_turn", "wrong_phase", "not_your_turn", "game_over"):
                    continue
                self.refused.append((message.turn, message.phase, given))
            else:
                self.acked.append((message.turn, message.phase))
            return


async def resend_pass(seconds: float, games: int = 2) -> dict[str, Any]:
    data = Path(tempfile.mkdtemp(prefix="fogbank-resends-"))
    server = await Server.start(port=0, data=data)
    url = f"ws://127.0.0.1:{server.port}/"
    try:
        created = [await server.create_game(s) for s in ("river_plate", "gallipoli") for _ in range(games)]
        players = [_Seat(url, g["game"], seat, token) for g in created for seat, token in g["seats"].items()]
        tasks = [asyncio.create_task(p.play()) for p in players]
        drops, started = 0, time.monotonic()
        while time.monotonic() - started < seconds and not all(task.done() for task in tasks):
            await asyncio.sleep(random.uniform(0.1, 0.6))
            for connection in list(server.websockets.connections):  # as a proxy restarting would
                if random.random() < 0.5:
                    connection.transport.abort()
                    drops += 1
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        held: set[tuple[str, str, int, str, str]] = set()
        for game in created:
            for entry in await server.store.load_log(game["game"]):
                record = entry.record
                if record["input"] == "order":
                    order = json.dumps(record["order"], sort_keys=True)
                    held.add((game["game"], record["seat"], record["turn"], record["phase"], order))
        refused_held = sum((p.game, p.seat, turn, phase, json.dumps(order, sort_keys=True)) in held
                           for p in players for turn, phase, order in p.refused)  # fmt: skip
        taken = {h[:4] for h in held}
        acked_lost = sum((p.game, p.seat, *acked) not in taken for p in players for acked in p.acked)
        return {
            "seconds": round(time.monotonic() - started, 1), "games": len(created), "seats": len(players),
            "connections_dropped": drops, "reconnects": sum(p.reconnects for p in players),
            "orders_acked": sum(len(p.acked) for p in players), "orders_lost": acked_lost,
            "orders_refused_as_moved_on": sum(len(p.refused) for p in players),
            "orders_refused_but_held_by_the_store": refused_held,
            "turns_passed": sum(p.passed for p in players),
        }  # fmt: skip
    finally:
        await server.close()


PASSES = ("nudges", "idle", "resends")


def run(args: argparse.Namespace) -> None:
    """The passes not skipped, each a line of JSON."""
    if "nudges" not in args.skip:
        print(json.dumps({"nudge_pass": asyncio.run(nudge_pass(args.stall_seconds))}), flush=True)
    if "idle" not in args.skip:
        print(json.dumps({"idle_socket_pass": asyncio.run(idle_pass())}), flush=True)
    if "resends" not in args.skip:
        print(json.dumps({"resend_pass": asyncio.run(resend_pass(args.stall_seconds))}), flush=True)


def main(argv: list[str] | None = None) -> int:
    first_line = __doc__.split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m fogbank.bench.soak_stalls", description=first_line)
    parser.add_argument("--stall-seconds", type=float, default=25.0, help="each stall pass's length")
    parser.add_argument("--skip", choices=PASSES, action="append", default=[])
    run(parser.parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())

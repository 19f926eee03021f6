"""Near its file-descriptor limit the server refuses new websockets cleanly (HTTP 503), still
answers /healthz, says so in its log once, and takes connections again once some close. It
raises its soft limit to the hard one at start."""

from __future__ import annotations

import asyncio
import json
import resource
import socket
import subprocess
import sys
import urllib.request

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from fogbank import protocols as wire
from fogbank.server.sockets import RESERVE

HARD = 320


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (200, HARD))


async def websocket(url: str, token: str):
    """A websocket joined with `token` (one that never joined would be shed near the limit, and
    closed after the deadline to join). No deadline of its own: a connection neither taken nor
    refused hangs, and the suite's timeout fails the test (a deadline here would fail it on a busy
    machine too)."""
    ws = await connect(url, subprotocols=[wire.MSGPACK], ping_interval=None, open_timeout=None)
    codec = wire.codec_for(wire.MSGPACK)
    await ws.send(codec.encode_client(wire.Join(token=token)))
    assert isinstance(codec.decode_server(await ws.recv()), wire.Welcome)
    return ws


def new_game(url: str, data) -> dict:
    """A new b11 game's tokens, from the server's admin page."""
    key = (data / "admin.key").read_text().strip()
    request = urllib.request.Request(url.replace("ws:", "http:") + "admin/new?scenario=b11",
                                      headers={"Authorization": f"Bearer {key}"}, method="POST")  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def serve_limited(data, *flags: str) -> tuple[subprocess.Popen, str]:
    """`fogbank serve` at a soft descriptor limit of 200 (hard HARD, which it raises to), and its url."""
    process = subprocess.Popen(
        [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(data), *flags],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limited,
    )  # fmt: skip
    line = process.stdout.readline()
    if not line.startswith("fogbank serving on ws://"):
        process.kill()
        raise AssertionError(line + process.stderr.read())
    return process, line.split(" ")[3]


async def stop(process: subprocess.Popen, sockets: list) -> None:
    for ws in sockets:
        ws.transport.abort()
    await asyncio.sleep(0)  # the aborts close their sockets on the loop's next turn
    process.terminate()
    try:
        process.wait(30)
    finally:
        process.kill()


def soft_limit(pid: int) -> int:
    with open(f"/proc/{pid}/limits") as limits:
        line = next(line for line in limits if line.startswith("Max open files"))
    return int(line.split()[3])


async def test_near_the_descriptor_limit_new_websockets_are_refused_and_healthz_answers(tmp_path):
    process, url = serve_limited(tmp_path)
    opened = []
    try:
        port = int(url.rstrip("/").rpartition(":")[2])
        assert soft_limit(process.pid) == HARD
        umpire = (await asyncio.to_thread(new_game, url, tmp_path))["umpire_token"]
        refused = 0
        for _ in range(HARD):
            try:
                opened.append(await websocket(url, umpire))
            except InvalidStatus as status:
                assert status.response.status_code == 503
                refused += 1
                if refused == 5:
                    break
        assert refused == 5 and 5 < len(opened) < HARD - RESERVE
        with urllib.request.urlopen(url.replace("ws:", "http:") + "healthz") as health:
            assert health.status == 200
        # A burst of sockets at once, more than asyncio accepts in one go (and, on a busy machine,
        # three goes of it before the first is looked at): answered 503 and closed (or left to
        # their handshake's deadline), never past the limit.
        burst = [socket.create_connection(("127.0.0.1", port)) for _ in range(300)]
        for sock in burst:
            sock.close()
        for ws in opened[:10]:
            await ws.close()
        # The server lets their sockets go as it reads their closes, when it comes to them: a
        # connection is refused until then, and taken after (if never, the suite's timeout fails it).
        while True:
            try:
                opened.append(await websocket(url, umpire))
                break
            except InvalidStatus as status:
                assert status.response.status_code == 503
                await asyncio.sleep(0.05)
    finally:
        await stop(process, opened)
    log = process.stderr.read()
    assert log.count("refusing new connections") == 1, log
    assert "Too many open files" not in log

"""`fogbank serve` stops as cleanly on SIGTERM (systemd's stop signal) as on ^C: every client is
sent a close frame with 1001 (going away), the store is checkpointed (no WAL left) and the
process exits 0."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import urllib.request

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from fogbank import protocols as wire


def start(data) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(data)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    line = process.stdout.readline()
    assert line.startswith("fogbank serving on ws://"), line + process.stderr.read()
    return process, int(line.split("ws://", 1)[1].split("/", 1)[0].rpartition(":")[2])


def new_game(data, port: int) -> dict:
    key = (data / "admin.key").read_text().strip()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/admin/new?scenario=b11", headers={"Authorization": f"Bearer {key}"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_signal_closes_every_connection_with_1001_and_checkpoints(tmp_path, signum):
    process, port = start(tmp_path)
    try:
        game = new_game(tmp_path, port)
        codec = wire.codec_for(wire.MSGPACK)
        async with connect(f"ws://127.0.0.1:{port}/", subprotocols=[wire.MSGPACK]) as ws:
            await ws.send(codec.encode_client(wire.Join(token=game["seats"]["submarine"])))
            await ws.recv()  # welcome
            order = wire.SubmitOrder(ref=1, turn=1, order={"course": "N", "speed": 0, "level": "surface"})
            await ws.send(codec.encode_client(order))
            while not isinstance(codec.decode_server(await ws.recv()), (wire.Ack, wire.Observation)):
                pass
            assert (tmp_path / "fogbank.sqlite3-wal").exists()  # written, not yet checkpointed
            process.send_signal(signum)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(ws.recv(), 30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
        assert process.wait(30) == 0
    finally:
        process.kill()
    assert "Traceback" not in process.stderr.read()
    wal = tmp_path / "fogbank.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0

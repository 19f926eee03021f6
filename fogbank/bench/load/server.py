"""The server under load in a process of its own, and the HTTP client that creates its games."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any


class ServerProcess:
    """`fogbank serve` in a process of its own (or `workers` of them) on a free port, its store in `data`."""

    def __init__(self, data: Path, bus: str | None = None, workers: int = 1) -> None:
        command = [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(data)]
        if bus is not None:
            command += ["--bus", bus, "--role", "both"]
        if workers > 1:
            command += ["--workers", str(workers)]
        self.log_path = data.parent / f"{data.name}.log"
        with open(self.log_path, "wb") as log:
            # SIGINT stops it below: heard even when the bench runs as a background job, whose
            # children start with ^C ignored.
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True,
                                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        line = self.process.stdout.readline()  # "fogbank serving on ws://127.0.0.1:PORT/ (...)"
        if not line.startswith("fogbank serving on"):
            self.process.kill()
            raise SystemExit(f"fogbank.bench.load: the server did not start: {line}{self.log_path.read_text()[-2000:]}")
        self.port = int(line.split("ws://", 1)[1].split("/", 1)[0].rpartition(":")[2])
        self.admin_key = (data / "admin.key").read_text().strip()
        self.pid = self.process.pid

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)  # serve closes its store cleanly on ^C
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class AdminClient:
    """Creates games on a running server over HTTP (`/admin/new`), as `fogbank new` does."""

    def __init__(self, port: int, admin_key: str) -> None:
        self.port, self.admin_key = port, admin_key

    async def create_game(self, scenario: str) -> dict[str, Any]:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        try:
            writer.write(
                f"POST /admin/new?scenario={scenario} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                f"Authorization: Bearer {self.admin_key}\r\nContent-Length: 0\r\n\r\n".encode()
            )
            head = await reader.readuntil(b"\r\n\r\n")
            status = head.split(b" ", 2)[1]
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            body = await reader.readexactly(length)
            if status != b"200":
                raise RuntimeError(f"/admin/new: {status.decode()} {body.decode().strip()}")
            return json.loads(body)
        finally:
            writer.close()

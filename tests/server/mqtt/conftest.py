"""A real Mosquitto on 127.0.0.1 (deploy/mosquitto's config, a free port), game hosts and gateways."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from fogbank.server.app import Server
from fogbank.server.mqtt.address import BrokerAddress
from fogbank.server.mqtt.mosquitto import Mosquitto
from tests.conftest import needs

needs_mosquitto = needs("mosquitto", also="/usr/sbin/mosquitto")


@pytest.fixture
async def broker(tmp_path):
    async with Mosquitto(tmp_path / "broker") as broker:
        yield broker


class Stack:
    """Hosts and gateways on one broker, each a `Server` in this process, closed at the end."""

    def __init__(self, broker: Mosquitto, folder: Path) -> None:
        self.broker, self.folder = broker, folder
        self.servers: list[Server] = []

    async def host(
        self, name: str, ended_grace: float | None = None, address: BrokerAddress | None = None
    ) -> Server:
        """A game host; it deletes an ended game's broker credentials after `ended_grace` seconds
        (default: the server's, which no test waits for)."""
        server = await Server.start(
            port=0, data=self.folder / name, bus=address or self.broker.address("host"), role="host",
            host_id=name, ended_grace=ended_grace,
        )  # fmt: skip
        self.servers.append(server)
        return server

    async def gateway(self, address: BrokerAddress | None = None) -> Server:
        server = await Server.start(
            host="127.0.0.1", port=0, data=None, bus=address or self.broker.address("gateway"),
            role="gateway", admin_key="test-admin-key",
        )  # fmt: skip
        self.servers.append(server)
        return server

    async def stop(self, server: Server) -> None:
        self.servers.remove(server)
        await server.close()

    async def close(self) -> None:
        for server in reversed(self.servers):
            await server.close()


@pytest.fixture
async def stack(broker, tmp_path):
    stack = Stack(broker, tmp_path)
    yield stack
    await stack.close()


def url(gateway: Server) -> str:
    return f"ws://127.0.0.1:{gateway.port}/"


class HostProcess:
    """`fogbank serve --role host` as a child process, to kill with SIGKILL and start again."""

    def __init__(self, broker: Mosquitto, data: Path, host_id: str) -> None:
        self.broker, self.data, self.host_id = broker, data, host_id
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, deadline: float = 20.0) -> None:
        address = self.broker.address("host")
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "fogbank.cli.main", "serve", "--bus",
            f"mqtt://{address.username}@127.0.0.1:{address.port}", "--role", "host",
            "--data", str(self.data), "--host-id", self.host_id,
            env={**os.environ, "FOGBANK_MQTT_PASSWORD": address.password},
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )  # fmt: skip
        async with asyncio.timeout(deadline):
            while True:
                line = await self.process.stdout.readline()
                if not line:
                    raise RuntimeError("the host process exited before it was on the bus")
                if b"on the bus" in line:
                    break
        self._drain = asyncio.ensure_future(self.process.stdout.read())

    async def kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)
            await self.process.wait()
            await self._drain


@pytest.fixture
async def host_processes(broker, tmp_path):
    made: list[HostProcess] = []

    async def make(host_id: str) -> HostProcess:
        process = HostProcess(broker, tmp_path / host_id, host_id)
        await process.start()
        made.append(process)
        return process

    yield make
    for process in made:
        await process.kill()

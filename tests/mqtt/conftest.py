"""A real Mosquitto on 127.0.0.1 (deploy/mosquitto's config, a free port), game hosts and gateways."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fogbank.server.app import Server
from fogbank.server.mqtt_broker import Mosquitto

needs_mosquitto = pytest.mark.skipif(
    shutil.which("mosquitto") is None and not Path("/usr/sbin/mosquitto").exists(),
    reason="mosquitto is not installed (bash deploy/system-deps.sh)",
)


@pytest.fixture
async def broker(tmp_path):
    async with Mosquitto(tmp_path / "broker") as broker:
        yield broker


class Stack:
    """Hosts and gateways on one broker, each a `Server` in this process, closed at the end."""

    def __init__(self, broker: Mosquitto, folder: Path) -> None:
        self.broker, self.folder = broker, folder
        self.servers: list[Server] = []

    async def host(self, name: str) -> Server:
        server = await Server.start(
            port=0, data=self.folder / name, bus=self.broker.address("host").url(), role="host", host_id=name
        )
        self.servers.append(server)
        return server

    async def gateway(self) -> Server:
        server = await Server.start(
            host="127.0.0.1", port=0, data=None, bus=self.broker.address("gateway").url(), role="gateway",
            admin_key="test-admin-key",
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

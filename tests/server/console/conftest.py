"""The server the console's tests open the console on: embedded, on 127.0.0.1, with a known seed."""

from __future__ import annotations

import pytest

from fogbank.server import host as host_module
from fogbank.server.app import Server

SEED = bytes([1]) * 32  # a seed under which the bot's B11 lives past turn 3


@pytest.fixture
async def server(tmp_path, monkeypatch):
    real = host_module.secrets.token_bytes
    monkeypatch.setattr(host_module.secrets, "token_bytes", lambda n=None: SEED if n == 32 else real(n))
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()

"""A host's full disk over the bus: the seat is told `storage_full` in the host's words, and the
games page's new game is answered 503 as on a single server (the host marks a fault as the
server's, so the gateway never takes it for a refusal, 400)."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request

from fogbank.clients import Client, OrderRefused
from fogbank.server.host import STORAGE_FULL

from ..test_store import fail_commits
from .conftest import needs_mosquitto, url

pytestmark = needs_mosquitto


async def test_a_hosts_full_disk_reaches_the_seat_and_the_games_page_as_the_servers_fault(stack):
    host = await stack.host("h1")
    gateway = await stack.gateway()
    game = await gateway.create_game("b11")
    async with asyncio.timeout(20):
        player = await Client.connect(url(gateway), game["seats"]["submarine"], proxy=None)
        fail_commits(host.store, 2)
        try:
            await player.submit({"course": "N", "speed": 0, "level": "surface"}, 1)
        except OrderRefused as refusal:
            assert (refusal.code, refusal.message) == ("storage_full", STORAGE_FULL)
        else:
            raise AssertionError("the order was taken though the store could not keep it")
        await player.close()

        def create() -> tuple[int, str]:
            request = urllib.request.Request(
                f"http://127.0.0.1:{gateway.port}/admin/new?scenario=b11",
                headers={"Authorization": "Bearer test-admin-key"}, method="POST",
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return response.status, response.read().decode()
            except urllib.error.HTTPError as error:
                return error.code, error.read().decode()

        assert await asyncio.to_thread(create) == (503, STORAGE_FULL + "\n")

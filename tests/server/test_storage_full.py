"""A store that cannot write (a full disk, injected): the seat is refused with `storage_full`, the
game does not move on past its store (a rejoin sees the turn the store has), /healthz and
/admin/new say so, and everything works again as soon as a write succeeds."""

from __future__ import annotations

import asyncio
import json
import resource
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from fogbank import protocols as wire
from fogbank.clients import Client, OrderRefused
from fogbank.server.app import Server

from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_end_to_end import JSON, open_peer
from .test_store import fail_commits

STILL = {"course": "N", "speed": 0, "level": "surface"}


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


async def get(server: Server, path: str, key: str | None = None, method: str = "GET") -> tuple[int, str]:
    def fetch() -> tuple[int, str]:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        address = f"http://127.0.0.1:{server.port}{path}"
        request = urllib.request.Request(address, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    return await asyncio.to_thread(fetch)


async def test_a_full_disk_refuses_the_order_keeps_the_game_where_its_store_is_and_recovers(server, tmp_path):
    game = await server.create_game("b11")
    sub = await open_peer(server, game["seats"]["submarine"], codec=JSON)
    await sub.recv()  # the join's snapshot
    fail_commits(server.store, 2)

    seq = sub.welcome.seq
    refused = await sub.request(lambda ref: wire.SubmitOrder(ref=ref, turn=1, order=STILL))
    assert (refused.code, refused.seq) == ("storage_full", seq)
    assert await get(server, "/healthz") == (503, "storage_full: OperationalError: database or disk is full\n")
    key = server.admin_key
    status, said = await get(server, "/admin/new?scenario=b11", key, "POST")
    assert status == 503 and "could not save" in said
    again = await open_peer(server, game["seats"]["submarine"], codec=JSON)
    assert (again.welcome.turn, again.welcome.order_in, again.welcome.seq) == (1, False, seq)
    with pytest.raises(TimeoutError):  # nobody was told of the order the store did not keep
        await asyncio.wait_for(sub.recv(), 0.2)

    # Space again: the same order goes through, and the server says it is well.
    assert isinstance(await sub.request(lambda ref: wire.SubmitOrder(ref=ref, turn=1, order=STILL)), wire.Ack)
    assert (await sub.until(wire.Observation)).turn == 2
    assert await get(server, "/healthz") == (200, "ok\n")
    assert (await get(server, "/admin/new?scenario=b11", key, "POST"))[0] == 200
    orders = [e.record for e in await server.store.load_log(game["game"]) if e.record["input"] == "order"]
    assert [o["turn"] for o in orders] == [1]
    await server.close()
    restarted = await Server.start(port=0, data=tmp_path)
    try:
        back = await open_peer(restarted, game["seats"]["submarine"], codec=JSON)
        assert (back.welcome.turn, back.welcome.seq) == (2, seq + 1)
    finally:
        await restarted.close()


async def test_orders_in_flight_together_are_all_taken_back_and_the_turn_resolves_when_sent_again(server):
    game = await server.create_game("picket")
    room = server.host.rooms[game["game"]]
    peers = {seat: await open_peer(server, token, codec=JSON) for seat, token in game["seats"].items()}
    first, *others = sorted(peers)
    assert isinstance(await peers[first].request(lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={"move": 1})), wire.Ack)
    fail_commits(server.store, 1)
    # The rest are sent at once: read in one turn of the loop, computed one on another, one commit.
    for n, seat in enumerate(others, 1):
        await peers[seat].send(wire.SubmitOrder(ref=n, turn=1, order={"move": 1}))
    for seat in others:
        reply = await peers[seat].until(wire.Error)
        assert reply.code == "storage_full"
    assert room.tip is room.game and set(room.game.orders) == {first}
    for seat in others:
        assert isinstance(await peers[seat].request(lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={"move": 1})), wire.Ack)
    assert (room.game.state.turn, room.game.state.phase) == (1, "fire")
    inputs = [e.record for e in await server.store.load_log(game["game"])]
    assert sorted(r["seat"] for r in inputs if r["input"] == "order") == sorted(peers)


async def test_a_server_whose_writes_really_fail_refuses_and_comes_back_when_they_succeed(tmp_path):
    """The same with a real failing write: the server's files may not grow (RLIMIT_FSIZE), as
    on a full disk, then may again."""
    process = subprocess.Popen(
        [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        line = process.stdout.readline()
        url = line.split(" ")[3]
        key = (tmp_path / "admin.key").read_text().strip()
        request = urllib.request.Request(url.replace("ws:", "http:") + "admin/new?scenario=b11",
                                         headers={"Authorization": f"Bearer {key}"},
                                         method="POST")  # fmt: skip
        with urllib.request.urlopen(request, timeout=10) as response:
            game = json.loads(response.read())
        async with await Client.connect(url, game["seats"]["submarine"]) as client:
            await client.next_observation()
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))
            with pytest.raises(OrderRefused) as refused:
                await client.submit(STILL, turn=1)
            assert refused.value.code == "storage_full"
            async with await Client.connect(url, game["seats"]["submarine"]) as again:
                assert again.welcome.turn == 1
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
            await client.submit(STILL, turn=1)
            assert (await client.next_observation()).turn == 2
    finally:
        process.terminate()
        assert process.wait(30) == 0

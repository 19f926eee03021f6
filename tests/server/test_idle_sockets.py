"""Idle websockets cannot lock players out: a websocket that does not join in time is closed, one
address may hold only so many waiting to join (counted, behind a proxy, by the address it
forwards), and near the descriptor limit a socket that never joined gives its room to a newcomer.

The flood of one address is played against a real `fogbank serve --behind-proxy` at a low
descriptor limit, as it was found: one address opens idle sockets until it is refused, and
another still joins and plays."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from fogbank import protocols as wire
from fogbank.server import doors, sockets
from fogbank.server.app import Server
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_descriptors import HARD, new_game, serve_limited, stop
from .test_end_to_end import MSGPACK, Peer

FLOODER, PLAYER = "203.0.113.9", "198.51.100.7"


async def websocket(url: str, forwarded: str):
    """A websocket opened as if through a proxy, for the client at `forwarded`."""
    return await connect(url, subprotocols=[MSGPACK], ping_interval=None, open_timeout=None,
                         additional_headers={"X-Forwarded-For": forwarded})  # fmt: skip


async def play(url: str, token: str, forwarded: str, order: dict | None = None) -> wire.Ack:
    """Join from `forwarded` and give an order (the toy's by default): the ack, or the error."""
    peer = Peer(await websocket(url, forwarded), MSGPACK)
    await peer.send(wire.Join(token=token, folded_ack=True))
    welcome = await peer.recv()
    assert isinstance(welcome, wire.Welcome), welcome
    order = order or {"move": 1}
    phase = welcome.phase
    reply = await peer.request(lambda ref: wire.SubmitOrder(ref=ref, turn=1, order=order, phase=phase))
    await peer.ws.close()
    return reply


async def flood(url: str, forwarded: str, count: int) -> tuple[list, int]:
    """Open `count` websockets from one address and never join: those held, and how many refused."""
    held, refused = [], 0
    for _ in range(count):
        try:
            held.append(await websocket(url, forwarded))
        except InvalidStatus as status:
            assert status.response.status_code in (429, 503), status.response.status_code
            refused += 1
    return held, refused


async def test_a_websocket_that_does_not_join_in_time_is_closed(tmp_path, monkeypatch):
    monkeypatch.setattr(doors, "JOIN_WITHIN", 0.3)
    server = await Server.start(port=0, data=tmp_path)
    try:
        created = await server.create_game("picket")
        url = f"ws://127.0.0.1:{server.port}/"
        idle = await websocket(url, FLOODER)
        joined = Peer(await websocket(url, PLAYER), MSGPACK)
        await joined.send(wire.Join(token=created["seats"]["blue1"]))
        assert isinstance(await joined.recv(), wire.Welcome)
        with pytest.raises(ConnectionClosed) as closed:
            async with asyncio.timeout(30):  # a deadline missed: closed at once, never left open
                await idle.recv()
        assert closed.value.rcvd.code == 1008 and "join within" in closed.value.rcvd.reason
        pong = await joined.request(lambda ref: wire.Ping(ref=ref))  # the one that joined stays
        assert isinstance(pong, wire.Pong)
        assert server.doors.waiting == {}
    finally:
        await server.close()


async def test_a_join_that_takes_longer_than_the_deadline_is_not_cut_off(tmp_path, monkeypatch):
    """The deadline is for the join to come: one being done (a finished game read back from the
    store, say, on a loaded server) is not cut off; one refused waits again with a deadline."""
    monkeypatch.setattr(doors, "JOIN_WITHIN", 0.3)
    server = await Server.start(port=0, data=tmp_path)
    real_join, slow = server.bus.join, asyncio.Event()

    async def slow_join(join, deliver):
        slow_join.called = True
        await slow.wait()  # released once the deadline has long passed
        return await real_join(join, deliver)

    slow_join.called = False
    monkeypatch.setattr(server.bus, "join", slow_join)
    try:
        created = await server.create_game("picket")
        url = f"ws://127.0.0.1:{server.port}/"
        peer = Peer(await websocket(url, PLAYER), MSGPACK)
        await peer.send(wire.Join(token=created["seats"]["blue1"]))
        async with asyncio.timeout(30):
            while not slow_join.called:  # its join has come
                await asyncio.sleep(0.01)
        refused = Peer(await websocket(url, FLOODER), MSGPACK)
        await refused.send(wire.Join(token="not.a-token"))
        witness = await websocket(url, "192.0.2.1")  # never joins: closed at its deadline...
        with pytest.raises(ConnectionClosed):
            async with asyncio.timeout(30):
                await witness.recv()
        slow.set()  # ...which the slow joins have long passed
        assert isinstance(await peer.recv(), wire.Welcome)  # joined, not cut off
        assert (await refused.recv()).code == "bad_token"
        with pytest.raises(ConnectionClosed):  # refused, it waits again: closed at its new deadline
            async with asyncio.timeout(30):
                await refused.recv()
    finally:
        slow.set()
        await server.close()


async def test_an_address_holds_only_so_many_waiting_and_behind_a_proxy_its_own_count(tmp_path):
    server = await Server.start(port=0, data=tmp_path, behind_proxy=True)
    try:
        created = await server.create_game("picket")
        url = f"ws://127.0.0.1:{server.port}/"
        held, refused = await flood(url, FLOODER, doors.UNJOINED_PER_ADDRESS + 5)
        assert (len(held), refused) == (doors.UNJOINED_PER_ADDRESS, 5)
        v6 = [await websocket(url, f"2001:db8:1:2::{n}") for n in range(1, doors.UNJOINED_PER_ADDRESS + 1)]
        with pytest.raises(InvalidStatus) as same_64:  # one host, one /64: counted together
            await websocket(url, "2001:db8:1:2:ffff::1")
        assert same_64.value.response.status_code == 429
        assert isinstance(await play(url, created["seats"]["blue1"], PLAYER), wire.Ack)  # another joins
        for ws in [*held, *v6]:
            ws.transport.abort()
    finally:
        await server.close()


async def test_near_the_descriptor_limit_a_socket_that_never_joined_makes_room(tmp_path, monkeypatch):
    """Idle sockets from many addresses, each within its own limit, fill the process to its
    descriptor limit: a player is still let in, an idle socket shed for it."""
    monkeypatch.setattr(doors, "JOIN_WITHIN", 600.0)  # the shedding, not the deadline, makes room
    monkeypatch.setattr(doors, "IDLE", 0.2)
    server = await Server.start(port=0, data=tmp_path, behind_proxy=True)
    probe = __import__("socket").socket()
    in_use = probe.fileno()
    probe.close()
    # Upgrades past 30 more descriptors are near the limit (client and server ends are both ours).
    monkeypatch.setattr(sockets, "fd_limit", lambda: in_use + 30 + sockets.RESERVE)
    held = []
    try:
        created = await server.create_game("picket")
        url = f"ws://127.0.0.1:{server.port}/"
        refused = 0
        for n in range(10):
            more, out = await flood(url, f"192.0.2.{n + 1}", 6)
            held += more
            refused += out
        assert refused or server.doors.shed, "the flood never filled the process"
        for _ in range(200):  # a player tries as a browser would, until let in
            try:
                reply = await play(url, created["seats"]["blue1"], PLAYER)
                break
            except InvalidStatus as status:
                assert status.response.status_code == 503
                await asyncio.sleep(0.05)
        else:
            raise AssertionError("the player was never let in")
        assert isinstance(reply, wire.Ack)
    finally:
        for ws in held:
            ws.transport.abort()
        await server.close()


async def test_one_address_flooding_idle_sockets_does_not_lock_out_another_player(tmp_path):
    """As found: a server at a descriptor limit of 1,024 locked every player out once one address
    held 755 sockets that never joined. Here the limit is 320 (so 64 websockets at most)."""
    process, url = serve_limited(tmp_path, "--behind-proxy")
    held = []
    try:
        created = await asyncio.to_thread(new_game, url, tmp_path)
        held, refused = await flood(url, FLOODER, HARD)
        hold_still = {"course": "N", "speed": 0, "level": "surface"}
        assert isinstance(await play(url, created["seats"]["submarine"], PLAYER, hold_still), wire.Ack)
        assert len(held) <= doors.UNJOINED_PER_ADDRESS and refused
    finally:
        await stop(process, held)

"""The client library against a real embedded server on 127.0.0.1: join, orders, refusals,
umpire requests, resume after a dropped socket, and a bot playing a whole game."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

import pytest

from fogbank.rules.core import RESULTS
from fogbank.clients import (
    CONNECTED,
    RECONNECTING,
    Client,
    ConnectionLost,
    JoinRefused,
    OrderRefused,
    RequestRefused,
    TurnPassed,
)
from fogbank.clients.bot import run_bot
from fogbank.clients.client import _Pending, _Resync
from fogbank.protocols import (
    JSON, MSGPACK, Ack, GameOver, NarrativeMessage, Observation, Snapshot, SubmitOrder,
)
from fogbank.server.app import Server

from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

HOLD_STILL = {"course": "N", "speed": 0, "level": "surface"}


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(host="127.0.0.1", port=0, data=tmp_path)
    yield server
    await server.close()


@pytest.fixture
async def game(server) -> dict[str, Any]:
    return await server.create_game("b11")


def url(server: Server) -> str:
    return f"ws://127.0.0.1:{server.port}/"


async def connect(server: Server, token: str, **options: Any) -> Client:
    return await Client.connect(url(server), token, proxy=None, **options)


async def drop(server: Server, client: Client) -> None:
    """Close the client's socket from the server's end, as a restarting proxy would."""
    assert client._ws is not None
    ours = client._ws.local_address
    for connection in list(server.websockets.connections):
        if connection.remote_address == ours:
            connection.transport.abort()
            return
    raise AssertionError("no server connection for this client")


async def until(condition, timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


@pytest.mark.parametrize("codec", [MSGPACK, JSON])
async def test_join_submit_and_observe(server, game, codec):
    async with await connect(server, game["seats"]["submarine"], codec=codec) as client:
        assert client.connected
        assert client.welcome.seat == "submarine"
        assert client.welcome.scenario == "b11"
        assert client.welcome.commitment == game["commitment"]
        assert client.welcome.turn == 1

        first = await client.next_observation()
        assert isinstance(first, Snapshot)
        assert first.view["turn"] == 1

        ack = await client.submit(HOLD_STILL)
        assert ack.ref > 0
        observation = await client.next_observation()
        assert isinstance(observation, Observation)
        assert observation.turn == 2
        assert observation.view["turn"] == 2
        assert client.turn == 2
        assert client.seq == observation.seq


@pytest.mark.parametrize("codec", [MSGPACK, JSON])
async def test_an_order_answered_by_its_observation_returns_its_ack(server, game, codec):
    async with await connect(server, game["seats"]["submarine"], codec=codec) as client:
        taken = []
        take = client._take
        client._take = lambda message: (taken.append(message), take(message))
        await client.next_observation()  # the join snapshot
        ack = await asyncio.wait_for(client.submit(HOLD_STILL), 5)
        observation = await client.next_observation()
        assert isinstance(ack, Ack) and (ack.seq, ack.ref) == (observation.seq, observation.ack)
        assert observation.turn == client.turn == 2
        assert not any(isinstance(message, Ack) for message in taken)  # one frame: no ack of its own
        assert client._pending == {}


async def test_an_observation_acking_an_order_answers_it_even_over_a_gap():
    client = Client("ws://127.0.0.1:1/", "token", last_seq=1)
    order = SubmitOrder(ref=3, turn=1, order=HOLD_STILL)
    client._pending[3] = _Pending(order, asyncio.get_running_loop().create_future())
    with pytest.raises(_Resync):  # seq 2 was missed: the client resumes after 1...
        client._take(Observation(seq=3, turn=2, view={}, ack=3))
    assert client._pending[3].future.result() == Ack(seq=3, ref=3)  # ...but the order is in


async def test_refused_orders_raise_with_the_code(server, game):
    async with await connect(server, game["seats"]["submarine"]) as client:
        with pytest.raises(OrderRefused) as refused:
            await client.submit({"course": "N", "speed": 9, "level": "submerged"})
        assert refused.value.code in ("speed_too_high", "bad_speed")
        assert refused.value.message

        with pytest.raises(OrderRefused) as refused:
            await client.submit(HOLD_STILL, turn=7)
        assert refused.value.code == "wrong_turn"

        # A refusal leaves the seat free to order again.
        await client.submit(HOLD_STILL)
        assert (await client.next_observation()).turn == 1  # the join snapshot
        assert (await client.next_observation()).turn == 2


async def test_a_bad_token_is_refused(server, game):
    with pytest.raises(JoinRefused) as refused:
        await connect(server, "not-a-token")
    assert refused.value.code == "bad_token"


async def test_umpire_requests(server, game):
    async with (
        await connect(server, game["umpire_token"]) as umpire,
        await connect(server, game["seats"]["submarine"]) as seat,
    ):
        assert umpire.welcome.seat == "umpire"
        listed = await umpire.games()
        assert [g["game"] for g in listed.games] == [game["game"]]

        await umpire.narrate("submarine", "A faint echo to the north.")
        async for message in seat.stream():
            if isinstance(message, NarrativeMessage):
                assert message.text == "A faint echo to the north."
                break

        with pytest.raises(RequestRefused) as refused:
            await seat.hold(True)
        assert refused.value.code == "forbidden"

        await umpire.hold(True)
        await seat.submit(HOLD_STILL)
        await umpire.release()
        assert (await seat.next_observation()).turn == 2

        await umpire.end("Time is up for tonight.")
        over = await seat.next_observation()
        assert isinstance(over, GameOver)
        assert over.result == "ended"
        assert hashlib.sha256(bytes.fromhex(over.seed)).hexdigest() == game["commitment"]


async def test_resume_after_the_server_drops_the_socket(server, game):
    """Messages sent while the seat is away arrive after the resume, none twice, none missing."""
    states: list[str] = []
    async with (
        await connect(server, game["umpire_token"]) as umpire,
        await connect(server, game["seats"]["submarine"], backoff=(0.3, 1.0)) as seat,
    ):
        seat.on_state(states.append)
        await seat.submit(HOLD_STILL)
        seqs: list[int] = []
        async for message in seat.stream():
            seqs.append(message.seq)
            if isinstance(message, Observation):
                break

        await drop(server, seat)
        await until(lambda: seat.state == RECONNECTING)
        for n in range(3):
            await umpire.narrate("submarine", f"Message {n} while you were away.")
        # An order given while the socket is down waits for the reconnect and is sent then.
        ack = await asyncio.wait_for(seat.submit(HOLD_STILL), 5)
        assert ack.ref > 0
        assert seat.connected
        assert states[:2] == [RECONNECTING, CONNECTED]

        texts = []
        async for message in seat.stream():
            seqs.append(message.seq)
            if isinstance(message, NarrativeMessage):
                texts.append(message.text)
            if isinstance(message, Observation) and message.turn == 3:
                break
        assert texts == [f"Message {n} while you were away." for n in range(3)]
        # The join snapshot carries the seq it starts from; after it, every seq once, in order.
        assert seqs[1:] == list(range(seqs[0] + 1, seqs[0] + len(seqs)))


async def test_an_order_in_flight_is_sent_again_after_a_drop(server, game, monkeypatch):
    """The order reached the server but its answer was lost: sent again, it is acknowledged."""
    real_order = server.host.order
    arrived = asyncio.Event()
    gate = asyncio.Event()
    calls = 0

    async def slow_order(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:  # the first copy stalls until its socket is gone
            arrived.set()
            await gate.wait()
        return await real_order(*args, **kwargs)

    monkeypatch.setattr(server.host, "order", slow_order)
    async with await connect(server, game["seats"]["submarine"]) as seat:
        submitted = asyncio.create_task(seat.submit(HOLD_STILL))
        await asyncio.wait_for(arrived.wait(), 5)
        await drop(server, seat)
        ack = await asyncio.wait_for(submitted, 5)
        gate.set()
        assert ack.ref > 0
        assert calls == 2
        seqs = []
        async for message in seat.stream():
            seqs.append(message.seq)
            if isinstance(message, Observation):
                break
        assert message.turn == 2
        assert seqs == sorted(set(seqs))


async def test_an_order_taken_before_the_drop_is_acknowledged_once_its_phase_has_resolved(server, monkeypatch):
    """The order was taken and resolved its phase, but its answer was lost with the socket: the
    welcome after the reconnect says so (the phase moved on, the seat was told of no standing
    order), and the order is answered as acknowledged, not sent again to be refused."""
    game = await server.create_game("picket")
    real_order = server.host.order
    arrived, gate = asyncio.Event(), asyncio.Event()

    async def taken_then_lost(room: Any, seat: str, *args: Any, **kwargs: Any) -> None:
        await real_order(room, seat, *args, **kwargs)
        if seat == "blue1":
            arrived.set()
            await gate.wait()  # taken; its answer waits until the socket is gone

    monkeypatch.setattr(server.host, "order", taken_then_lost)
    others = [await connect(server, token) for seat, token in game["seats"].items() if seat != "blue1"]
    try:
        for other in others:
            await other.submit({"move": 1})
        async with await connect(server, game["seats"]["blue1"]) as seat:
            submitted = asyncio.create_task(seat.submit({"move": 1}))
            await asyncio.wait_for(arrived.wait(), 5)
            await drop(server, seat)
            ack = await asyncio.wait_for(submitted, 5)
            gate.set()
            assert isinstance(ack, Ack) and seat.welcome.phase == "fire"
    finally:
        for other in others:
            await other.close()


async def test_an_order_taken_whose_phase_resolves_while_it_is_sent_again_is_acknowledged(server, monkeypatch):  # noqa: E501
    """The race of the multi-seat soak: the order was taken but its answer lost; the welcome after
    the reconnect finds its phase still open (the others had not ordered), so it is sent again;
    and before the copy arrives the others' orders resolve the phase. The copy is the order the
    game took: it is answered as acknowledged, never refused as for another phase."""
    game = await server.create_game("picket")
    real_order = server.host.order
    arrived, gate = asyncio.Event(), asyncio.Event()

    async def taken_then_lost(room: Any, seat: str, *args: Any, **kwargs: Any) -> None:
        await real_order(room, seat, *args, **kwargs)
        if seat == "blue1" and not arrived.is_set():
            arrived.set()
            await gate.wait()  # taken; its answer waits until the socket is gone

    monkeypatch.setattr(server.host, "order", taken_then_lost)
    others = [await connect(server, token) for seat, token in game["seats"].items() if seat != "blue1"]
    try:
        async with await connect(server, game["seats"]["blue1"]) as seat:
            real_resend = seat._resend

            async def the_others_order_first() -> None:  # between the welcome and the copy
                assert seat.welcome.phase == "move" and seat.welcome.order_in
                for other in others:
                    await other.submit({"move": 1})
                await real_resend()

            seat._resend = the_others_order_first
            submitted = asyncio.create_task(seat.submit({"move": 1}))
            await asyncio.wait_for(arrived.wait(), 5)
            await drop(server, seat)
            try:
                ack = await asyncio.wait_for(submitted, 5)
            finally:
                gate.set()
            assert isinstance(ack, Ack)
            room = server.host.rooms[game["game"]]
            assert room.game.state.phase == "fire"
            logged = await server.store.load_log(game["game"])
            orders = [e.record for e in logged if e.record["input"] == "order"]
            assert [o["seat"] for o in orders].count("blue1") == 1  # applied once, the copy answered by it
    finally:
        for other in others:
            await other.close()


async def test_an_order_its_phase_was_released_without_is_reported_passed(server, monkeypatch):
    game = await server.create_game("picket")
    real_order = server.host.order
    arrived, gate = asyncio.Event(), asyncio.Event()

    async def stalled(room: Any, seat: str, *args: Any, **kwargs: Any) -> None:
        if seat == "blue1":
            arrived.set()
            await gate.wait()  # not yet taken when the umpire releases the phase
        await real_order(room, seat, *args, **kwargs)

    monkeypatch.setattr(server.host, "order", stalled)
    async with await connect(server, game["umpire_token"]) as umpire, await connect(server, game["seats"]["blue1"]) as seat:
        submitted = asyncio.create_task(seat.submit({"move": 1}))
        await asyncio.wait_for(arrived.wait(), 5)
        await umpire.release()
        await drop(server, seat)
        with pytest.raises(TurnPassed):
            await asyncio.wait_for(submitted, 5)
        gate.set()
        assert [t["kind"] for t in seat.welcome.told] == ["standing_order"]


async def test_requests_fail_when_reconnecting_fails(server, game):
    seat = await connect(server, game["seats"]["submarine"], reconnect_attempts=2, backoff=(0.05, 0.1))
    await server.close()  # stops listening and closes every connection
    with pytest.raises(ConnectionLost):
        await asyncio.wait_for(seat.submit(HOLD_STILL), 5)
    assert seat.state == "closed"
    with pytest.raises(ConnectionLost):
        async for _ in seat.stream():
            pass
    await seat.close()


async def test_a_bot_plays_b11_to_the_end(server, game):
    result = await asyncio.wait_for(run_bot(url(server), game["seats"]["submarine"], proxy=None), 60)
    assert result["outcome"] in RESULTS  # graded: a marginal result too
    assert 1 <= result["turns"] <= 30
    assert len(result["seed"]) == 64
    assert result["commitment_ok"]

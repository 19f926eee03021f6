"""One frame a turn: an order that resolves the turn is answered by the turn's observation itself,
carrying `ack`, over real sockets. Any other answer is sent as it always was."""

from __future__ import annotations

import asyncio
import json

import attrs
import msgpack
import pytest
from websockets.protocol import State

from fogbank import protocols as wire
from fogbank.rules.core import Refused
from fogbank.server.app import Server
from fogbank.server.gateway import Connection
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_end_to_end import JSON, MSGPACK, open_peer

HOLD_STILL = {"course": "N", "speed": 0, "level": "surface"}


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


async def frames_until_pong(peer, ref: int = 99) -> list:
    """Every message the peer is sent before the reply to a ping: what its last request got, all
    of it (replies and stream are sent in order, so nothing of the request's comes after)."""
    await peer.send(wire.Ping(ref=ref))
    got = []
    while not isinstance(message := await peer.recv(), wire.Pong):
        got.append(message)
    return got


@pytest.mark.parametrize("codec", [MSGPACK, JSON])
async def test_an_order_that_resolves_the_turn_gets_one_frame_its_observation_acking_it(server, codec):
    game = await server.create_game("b11")  # one seat: its order resolves the turn
    peer = await open_peer(server, game["seats"]["submarine"], codec)
    snapshot = await peer.recv()
    await peer.send(wire.SubmitOrder(ref=5, turn=1, order=HOLD_STILL))
    raw = await asyncio.wait_for(peer.ws.recv(), 10)
    observation = peer.codec.decode_server(raw)
    assert isinstance(observation, wire.Observation)
    assert (observation.ack, observation.turn, observation.seq) == (5, 2, snapshot.seq + 1)
    plain = json.loads(raw) if codec == JSON else msgpack.unpackb(raw)
    assert plain["ack"] == 5
    assert await frames_until_pong(peer) == []  # no ack of its own after it


async def test_a_client_that_did_not_ask_for_folding_gets_the_ack_on_its_own(server):
    game = await server.create_game("b11")
    peer = await open_peer(server, game["seats"]["submarine"], JSON, folded_ack=False)
    await peer.recv()
    await peer.send(wire.SubmitOrder(ref=5, turn=1, order=HOLD_STILL))
    got = await frames_until_pong(peer)
    assert [type(m) for m in got] == [wire.Observation, wire.Ack]
    assert got[0].ack is None and got[1].ref == 5 and got[1].seq == got[0].seq


async def test_an_order_that_leaves_the_turn_open_gets_its_own_ack(server):
    game = await server.create_game("picket")  # four captains: one order resolves nothing
    peer = await open_peer(server, game["seats"]["blue1"], JSON)
    await peer.recv()  # the join's snapshot
    await peer.send(wire.SubmitOrder(ref=3, turn=1, order={"move": 1}))
    got = await frames_until_pong(peer)
    assert isinstance(got[-1], wire.Ack) and got[-1].ref == 3
    assert not any(isinstance(m, wire.Observation) for m in got)
    assert all(m.seq <= got[-1].seq for m in got[:-1])  # the stream first, then the ack, as ever


async def test_a_refused_order_gets_its_error_with_the_ref(server):
    game = await server.create_game("b11")
    peer = await open_peer(server, game["seats"]["submarine"])
    await peer.recv()
    await peer.send(wire.SubmitOrder(ref=4, turn=1, order={"course": "N", "speed": 9, "level": "surface"}))
    got = await frames_until_pong(peer)
    assert len(got) == 1 and isinstance(got[0], wire.Error)
    assert got[0].ref == 4 and got[0].code in ("speed_too_high", "bad_speed")
    await peer.send(wire.SubmitOrder(ref=6, turn=2, order=HOLD_STILL))  # the wrong turn: refused too
    got = await frames_until_pong(peer)
    assert [(type(m), m.ref, m.code) for m in got] == [(wire.Error, 6, "wrong_turn")]


async def test_only_the_ordering_connection_sees_the_ack_and_a_resume_never_does(server):
    game = await server.create_game("b11")
    token = game["seats"]["submarine"]
    ordering = await open_peer(server, token, JSON)
    watching = await open_peer(server, token, JSON)
    await ordering.recv()
    await watching.recv()
    await ordering.send(wire.SubmitOrder(ref=1, turn=1, order=HOLD_STILL))
    acking = await ordering.recv()
    raw = await asyncio.wait_for(watching.ws.recv(), 10)
    assert "ack" not in json.loads(raw)  # not on its wire at all
    seen = watching.codec.decode_server(raw)
    assert isinstance(seen, wire.Observation) and seen.ack is None
    assert acking.ack == 1 and seen == attrs.evolve(acking, ack=None)
    resumed = await open_peer(server, token, JSON, last_seq=acking.seq - 1)
    assert await resumed.recv() == seen  # the stream kept its own message, without the ack


class _Socket:
    """Enough of a server websocket for `Connection` to write to: the frames it wrote, decoded."""

    def __init__(self):
        self.remote_address, self.subprotocol, self.paused = ("127.0.0.1", 1), JSON, False
        self.protocol = self  # its `state` and `send_text`
        self.transport = self  # its `is_closing`
        self.state = State.OPEN
        self.sent = []

    def is_closing(self):
        return False

    def send_text(self, frame):
        self.sent.append(wire.codec_for(JSON).decode_server(frame.decode()))

    def send_data(self):
        pass


class _Seat:
    """A session whose order request delivers `pushed` to the stream, then answers or raises."""

    def __init__(self, pushed, answer):
        self.pushed, self.answer = pushed, answer

    async def request(self, message):
        for stream_message in self.pushed:
            self.deliver(stream_message)
        await asyncio.sleep(0)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


@pytest.mark.parametrize(
    "failure, code",
    [(Refused("wrong_turn", "Not this turn."), "wrong_turn"), (RuntimeError("our bug"), "internal_error")],
)
async def test_what_was_held_goes_out_before_the_error_of_an_order_that_failed(failure, code):
    socket = _Socket()
    connection = Connection(socket, bus=None)
    connection.folds = True
    observation = wire.Observation(seq=4, turn=2, view={})
    connection.session = seat = _Seat([observation], failure)
    seat.deliver = connection.send
    await connection._receive(wire.codec_for(JSON).encode_client(wire.SubmitOrder(ref=8, turn=1, order={})))
    assert [type(m) for m in socket.sent] == [wire.Observation, wire.Error]
    error = socket.sent[1]
    assert socket.sent[0].ack is None and (error.ref, error.code, error.seq) == (8, code, 4)
    assert connection.held is None  # holding no more: the next message goes out at once
    connection.send(wire.NarrativeMessage(seq=5, turn=2, text="Gulls."))
    assert len(socket.sent) == 3


async def test_an_ack_not_of_the_last_message_is_not_folded():
    socket = _Socket()
    connection = Connection(socket, bus=None)
    connection.folds = True
    observation = wire.Observation(seq=4, turn=2, view={})
    told = wire.NarrativeMessage(seq=5, turn=2, text="Standing order used.")
    connection.session = seat = _Seat([observation, told], [wire.Ack(seq=5, ref=8)])
    seat.deliver = connection.send
    await connection._handle(wire.SubmitOrder(ref=8, turn=1, order={}))
    assert socket.sent == [observation, told, wire.Ack(seq=5, ref=8)]

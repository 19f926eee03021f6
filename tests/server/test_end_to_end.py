"""The server over real sockets on 127.0.0.1: join, play, refuse, resume, reveal and verify."""

from __future__ import annotations

import asyncio
import json

import pytest
from fogbank.rules.core import RESULTS
from fogbank import protocols as wire
from fogbank.server.app import Server
from fogbank.rules.dardanelles.bot import BotSubmarine
from fogbank.rules.record.verify import verify_records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

JSON, MSGPACK = "fogbank.v1.json", "fogbank.v1.msgpack"


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


class Peer:
    """A raw protocol peer; messages passed over while waiting for a reply are kept, in order."""

    def __init__(self, websocket, codec):
        self.ws, self.codec = websocket, wire.codec_for(codec)
        self.ref = 0
        self.kept = []

    async def send(self, message):
        await self.ws.send(self.codec.encode_client(message))

    async def recv(self):
        if self.kept:
            return self.kept.pop(0)
        return self.codec.decode_server(await asyncio.wait_for(self.ws.recv(), 10))

    async def until(self, kind):
        while True:
            message = await self.recv()
            if isinstance(message, kind):
                return message

    async def request(self, make):
        """The reply to the request `make(ref)`; an observation answering it (`ack`) is kept, as
        the stream message it is, and its ack returned, as a client takes it."""
        self.ref += 1
        await self.send(make(self.ref))
        while True:
            message = self.codec.decode_server(await asyncio.wait_for(self.ws.recv(), 10))
            if getattr(message, "ref", None) == self.ref:
                return message
            self.kept.append(message)
            if isinstance(message, wire.Observation) and message.ack == self.ref:
                return wire.Ack(seq=message.seq, ref=message.ack)


async def open_peer(server, token, codec=MSGPACK, last_seq=None, folded_ack=True):
    websocket = await connect(
        f"ws://127.0.0.1:{server.port}/", subprotocols=[codec], max_size=wire.MAX_SERVER_FRAME
    )
    peer = Peer(websocket, codec)
    await peer.send(wire.Join(token=token, last_seq=last_seq, folded_ack=folded_ack))
    peer.welcome = await peer.recv()
    return peer


async def test_a_bot_plays_b11_to_the_end_and_verifies_the_dice_from_its_own_copy(server):
    game = await server.create_game("b11")
    peer = await open_peer(server, game["seats"]["submarine"])
    assert isinstance(peer.welcome, wire.Welcome) and peer.welcome.commitment == game["commitment"]
    snapshot = await peer.recv()
    bot = BotSubmarine.for_scenario(peer.welcome.chart, "b11")
    view, seqs = snapshot.view, []
    while True:
        reply = await peer.request(
            lambda ref, view=view: wire.SubmitOrder(ref=ref, turn=view["turn"], order=bot.order(view))
        )
        assert isinstance(reply, wire.Ack), reply
        message = await peer.until((wire.Observation, wire.GameOver))
        seqs.append(message.seq)
        if isinstance(message, wire.Observation) and message.view["outcome"] is None:
            view = message.view
            continue
        over = message if isinstance(message, wire.GameOver) else await peer.until(wire.GameOver)
        break
    assert seqs == sorted(seqs)
    assert over.result in RESULTS  # graded: a marginal result too
    assert verify_records(over.log) >= 1  # from the client's copy, against the commitment it was given
    assert over.log[0]["commitment"] == peer.welcome.commitment
    await peer.ws.close()


async def test_wrong_token_and_orders_before_joining(server):
    await server.create_game("b11")
    websocket = await connect(f"ws://127.0.0.1:{server.port}/", subprotocols=[JSON])
    peer = Peer(websocket, JSON)
    reply = await peer.request(lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={}))
    assert (reply.code, reply.ref) == ("not_joined", 1)
    await peer.send(wire.Join(token="not-a-token"))
    error = await peer.recv()
    assert error.code == "bad_token" and "token" in error.message
    await websocket.close()


async def test_a_seat_cannot_ask_for_another_seats_view_but_the_umpire_can(server):
    game = await server.create_game("b11")
    seat = await open_peer(server, game["seats"]["submarine"])
    reply = await seat.request(lambda ref: wire.Observe(ref=ref, seat="umpire"))
    assert reply.code == "forbidden"
    reply = await seat.request(lambda ref: wire.Release(ref=ref))
    assert reply.code == "forbidden"
    umpire = await open_peer(server, game["umpire_token"])
    await umpire.recv()  # its snapshot: the truth
    await umpire.send(wire.Observe(ref=5, seat="submarine"))
    snapshot = await umpire.recv()
    assert isinstance(snapshot, wire.Snapshot) and "plotted" in snapshot.view and "boat" not in snapshot.view


async def test_malformed_frames_get_errors_then_the_peer_is_closed(server):
    game = await server.create_game("b11")
    peer = await open_peer(server, game["seats"]["submarine"], JSON)
    await peer.recv()
    for frame in ["{", "[]", '{"type":"fly"}', '{"type":"order","ref":true,"turn":1,"order":{}}']:
        await peer.ws.send(frame)
        error = await peer.recv()
        assert isinstance(error, wire.Error) and error.code in wire.ERROR_CODES and error.message
    reply = await peer.request(lambda ref: wire.Ping(ref=ref))  # still up, the count starts again
    assert isinstance(reply, wire.Pong)
    for _ in range(wire.MAX_BAD_FRAMES + 1):
        await peer.ws.send(b"\xc1")
    with pytest.raises(ConnectionClosed):
        while True:
            await peer.recv()
    assert peer.ws.close_code == wire.CLOSE_POLICY_VIOLATION


async def test_an_oversize_frame_closes_with_1009_and_the_game_goes_on(server):
    game = await server.create_game("b11")
    peer = await open_peer(server, game["seats"]["submarine"], JSON)
    await peer.ws.send("x" * (wire.MAX_FRAME + 1))
    with pytest.raises(ConnectionClosed):
        while True:
            await peer.recv()
    assert peer.ws.close_code == wire.CLOSE_TOO_BIG
    again = await open_peer(server, game["seats"]["submarine"])
    assert isinstance(await again.recv(), wire.Snapshot)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(frames=st.lists(st.one_of(st.binary(max_size=200), st.text(max_size=200)), min_size=1, max_size=8))
def test_no_frame_crashes_the_server(tmp_path_factory, frames):
    async def run():
        server = await Server.start(port=0, data=tmp_path_factory.mktemp("fuzz"))
        try:
            game = await server.create_game("b11")
            peer = await open_peer(server, game["seats"]["submarine"], MSGPACK)
            await peer.recv()
            for frame in frames:
                await peer.ws.send(frame)
                reply = await peer.recv()
                assert isinstance(
                    reply,
                    (
                        wire.Error,
                        wire.Pong,
                        wire.Ack,
                        wire.Snapshot,
                        wire.Observation,
                        wire.Status,
                        wire.GameList,
                        wire.UmpireUpdate,
                    ),
                )
            other = await open_peer(server, game["seats"]["submarine"], JSON)
            assert isinstance(await other.recv(), wire.Snapshot)
        finally:
            await server.close()

    asyncio.run(run())


async def test_reconnect_with_resume_gets_exactly_what_was_missed(server):
    game = await server.create_game("b11")
    token = game["seats"]["submarine"]
    peer = await open_peer(server, token)
    await peer.recv()
    umpire = await open_peer(server, game["umpire_token"])
    await peer.ws.close()
    for _turn in (1, 2, 3):
        assert isinstance(await umpire.request(lambda ref: wire.Release(ref=ref)), wire.Ack)
    resumed = await open_peer(server, token, last_seq=0)
    # Each release without its order: told its standing order was used, then the turn's view.
    messages = [await resumed.recv() for _ in range(6)]
    assert [m.seq for m in messages] == [1, 2, 3, 4, 5, 6]
    assert [type(m).__name__ for m in messages] == ["NarrativeMessage", "Observation"] * 3
    assert [m.turn for m in messages[1::2]] == [2, 3, 4]
    far = await open_peer(server, token, last_seq=99)  # not a seq it was ever sent: a snapshot
    assert isinstance(await far.recv(), wire.Snapshot)


async def test_hold_release_override_and_narrative(server):
    game = await server.create_game("b11")
    seat = await open_peer(server, game["seats"]["submarine"])
    await seat.recv()
    umpire = await open_peer(server, game["umpire_token"])
    await umpire.recv()
    assert isinstance(await umpire.request(lambda ref: wire.Hold(ref=ref, held=True)), wire.Ack)
    ack = await seat.request(
        lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={"course": "E", "speed": 1, "level": "surface"})
    )
    assert isinstance(ack, wire.Ack)
    update = await umpire.until(wire.UmpireUpdate)
    assert update.turn == 1  # held: not resolved
    await umpire.request(
        lambda ref: wire.Override(ref=ref, override={"kind": "set_air", "value": 11}, reason="test")
    )
    await umpire.request(lambda ref: wire.Narrate(ref=ref, seat="submarine", text="Gulls overhead."))
    await umpire.request(lambda ref: wire.Release(ref=ref))
    narrative = await seat.until(wire.NarrativeMessage)
    assert narrative.text == "Gulls overhead."
    observation = await seat.until(wire.Observation)
    assert observation.turn == 2 and observation.view["air"] == 16  # 11, then an hour on the surface
    games = await umpire.request(lambda ref: wire.ListGames(ref=ref))
    assert games.games[0]["seats"][0]["connected"] == 1


async def test_restart_recovers_the_game_and_the_stream(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    game = await server.create_game("b11")
    peer = await open_peer(server, game["seats"]["submarine"])
    await peer.recv()
    for turn in (1, 2):
        await peer.request(
            lambda ref, turn=turn: wire.SubmitOrder(
                ref=ref, turn=turn, order={"course": "E", "speed": 1, "level": "surface"}
            )
        )
    last = await peer.until(wire.Observation)
    await server.close()
    server = await Server.start(port=0, data=tmp_path)
    try:
        again = await open_peer(server, game["seats"]["submarine"], last_seq=last.seq - 1)
        message = await again.recv()
        assert message.seq == last.seq and message.view == last.view
    finally:
        await server.close()


async def test_what_a_seat_is_sent_does_not_change_with_hidden_vessels(tmp_path):
    """Non-interference on the wire: the submarine's bytes, errors included, are the same whether
    a vessel far from its track exists or not."""
    import attrs
    from fogbank.rules.dardanelles.chart import parse_square
    from fogbank.rules.dardanelles.units import Vessel, VesselType

    orders = [
        {"course": "E", "speed": 1, "level": "surface"},
        {"course": "E", "speed": 9, "level": "surface"},
        {"course": "N", "speed": 0, "level": "surface"},
    ]

    async def frames(extra_vessel: bool):
        server = await Server.start(port=0, data=tmp_path / str(extra_vessel))
        try:
            game = await server.create_game("b11")
            room = server.host.rooms[game["game"]]
            if extra_vessel:
                board = room.game.state.board
                far = Vessel(number=10, type=VesselType.TRANSPORT, name=None, square=parse_square("X34"))
                room.game = attrs.evolve(
                    room.game,
                    state=attrs.evolve(
                        room.game.state, board=attrs.evolve(board, vessels=(*board.vessels, far))
                    ),
                )
            websocket = await connect(f"ws://127.0.0.1:{server.port}/", subprotocols=[MSGPACK])
            codec = wire.codec_for(MSGPACK)
            got = []
            await websocket.send(codec.encode_client(wire.Join(token=game["seats"]["submarine"])))
            got += [await websocket.recv(), await websocket.recv()]
            for ref, order in enumerate(orders, 1):
                await websocket.send(
                    codec.encode_client(
                        wire.SubmitOrder(
                            ref=ref,
                            turn=len([g for g in got if codec.decode_server(g).__class__ is wire.Observation])
                            + 1,
                            order=order,
                        )
                    )
                )
                reply = await websocket.recv()
                got.append(reply)
                answered = codec.decode_server(reply)  # an error, or the turn's observation acking it
                if not isinstance(answered, wire.Error) and getattr(answered, "ack", None) != ref:
                    got.append(await websocket.recv())
            await websocket.close()
            return [_without_ids(codec, frame) for frame in got]
        finally:
            await server.close()

    assert await frames(False) == await frames(True)


def _without_ids(codec, frame):
    """The game id and commitment differ between two servers by design; everything else must not."""
    message = codec.decode_server(frame)
    if isinstance(message, wire.Welcome):
        import attrs

        return json.dumps({**attrs.asdict(message), "game": None, "commitment": None}, sort_keys=True)
    return frame


async def test_spectators_see_the_umpire_view_late_and_only_when_the_umpire_allows(server):
    game = await server.create_game("b11")
    websocket = await connect(f"ws://127.0.0.1:{server.port}/", subprotocols=[JSON])
    early = Peer(websocket, JSON)
    await early.send(wire.Join(token=game["spectator_token"]))
    assert (await early.recv()).code == "forbidden"
    umpire = await open_peer(server, game["umpire_token"])
    assert isinstance(await umpire.request(lambda ref: wire.SetSpectatorDelay(ref=ref, turns=1)), wire.Ack)
    spectator = await open_peer(server, game["spectator_token"])
    assert spectator.welcome.seat == "spectator" and "overlays" in spectator.welcome.chart
    for _ in range(3):
        await umpire.request(lambda ref: wire.Release(ref=ref))
    seen = [await spectator.until(wire.Observation) for _ in range(3)]
    # Each turn as it opened, one behind: turn 4 is being played, the spectators see turn 3.
    assert [m.turn for m in seen] == [1, 2, 3]
    assert "boat" in seen[0].view  # the umpire's truth, late
    late = await open_peer(server, game["spectator_token"])  # joining now: shown turn 3 at once
    snapshot = await late.recv()
    assert isinstance(snapshot, wire.Snapshot) and snapshot.turn == 3 and snapshot.view == seen[2].view
    reply = await spectator.request(lambda ref: wire.Release(ref=ref))
    assert reply.code == "forbidden"


async def test_a_finished_game_leaves_memory_when_nobody_has_it_open_and_comes_back_on_demand(server):
    server.host.ended_keep = 0.05
    looks, evict = [], server.host._evict

    def looked(room):  # each time the host looks whether the game may go
        looks.append(room.id)
        evict(room)

    server.host._evict = looked
    game = await server.create_game("b11")
    umpire = await open_peer(server, game["umpire_token"])
    await umpire.recv()
    await umpire.request(lambda ref: wire.EndGame(ref=ref, reason="Fog."))
    over = await umpire.until(wire.GameOver)
    async with asyncio.timeout(30):
        while len(looks) < 3:  # looked at again and again...
            await asyncio.sleep(0.01)
    assert game["game"] in server.host.rooms  # ...and kept: the umpire still has it open
    await umpire.ws.close()
    async with asyncio.timeout(30):
        while game["game"] in server.host.rooms:
            await asyncio.sleep(0.01)
    again = await open_peer(server, game["seats"]["submarine"])
    assert isinstance(await again.recv(), wire.Snapshot)
    assert (await again.until(wire.GameOver)).seed == over.seed

"""A seat talking to the broker itself, with its own credentials, cannot knock the umpire's session
(or the gateway, or the game's host) off: the host answers only on the requesting seat's own reply
topics, and fogbank's broker client ids are random, not names a seat can read or count."""

from __future__ import annotations

import asyncio

import aiomqtt
import attrs
import pytest
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from fogbank.clients import Client
from fogbank.server.mqtt import topics
from fogbank.server.mqtt.address import BrokerAddress
from fogbank.server.mqtt.host import client_id, pack, unpack

from .conftest import needs_mosquitto, url

pytestmark = needs_mosquitto
HOLD_STILL = {"course": "N", "speed": 0, "level": "surface"}


def seat_client(broker, game: dict, seat: str, identifier: str | None = None) -> aiomqtt.Client:
    """The seat's own broker connection, made with its token as a player could make it."""
    return aiomqtt.Client(
        "127.0.0.1", broker.port, username=topics.seat_user(game["game"], seat), password=game["seats"][seat],
        identifier=identifier, protocol=aiomqtt.ProtocolVersion.V5,
    )  # fmt: skip


def asking(reply_to: str, correlation: bytes = b"\0" * 8) -> Properties:
    properties = Properties(PacketTypes.PUBLISH)
    properties.ResponseTopic = reply_to
    properties.CorrelationData = correlation
    return properties


@pytest.fixture
async def watched(stack):
    """A game whose umpire is connected through a gateway, with every state change of its client
    recorded, and whose player is connected too."""
    await stack.host("h1")
    gateway = await stack.gateway()
    game = await gateway.create_game("b11")
    states: list[str] = []
    async with asyncio.timeout(15):
        umpire = await Client.connect(url(gateway), game["umpire_token"], proxy=None)
        umpire.on_state(states.append)
        player = await Client.connect(url(gateway), game["seats"]["submarine"], proxy=None)
    yield game, umpire, player, states
    await player.close()
    await umpire.close()


async def still_playing(umpire: Client, player: Client, states: list[str], turn: int = 2) -> None:
    """The umpire's session was never dropped, and the game goes on for both to `turn`."""
    async with asyncio.timeout(15):
        await player.submit(HOLD_STILL)
        while (await player.next_observation()).turn < turn:
            pass
        await umpire.games()
    assert "reconnecting" not in states, states


async def test_a_seat_cannot_point_the_hosts_reply_at_the_umpires_stream(broker, watched):
    game, umpire, player, states = watched
    mine = topics.seat_reply(game["game"], "submarine", "mine")
    request = pack({"op": "join", "token": game["seats"]["submarine"], "conn": "mine", "last_seq": None})
    async with asyncio.timeout(15), seat_client(broker, game, "submarine") as attacker:
        await attacker.subscribe(f"{topics.PREFIX}/seat/{topics.seat_user(game['game'], 'submarine')}/reply/#")
        for target in (topics.seat_stream(game["game"], "umpire"), topics.seat_state(game["game"], "umpire"),
                       topics.seat_reply(game["game"], "umpire", "x"), topics.gateway_reply("fogbank-gateway")):
            await attacker.publish(topics.game_requests(game["game"]), request, qos=1, properties=asking(target))
        # The same request asked on the seat's own reply topic is answered there.
        await attacker.publish(topics.game_requests(game["game"]), request, qos=1, properties=asking(mine))
        async for message in attacker.messages:
            assert message.topic.value == mine and "frames" in unpack(message.payload)
            break
    await still_playing(umpire, player, states)


async def test_a_seat_cannot_take_the_client_id_of_a_gateway_session_or_host(broker, watched):
    """Everything a seat's own topics show it (its sessions' connection names, the host's id in a
    join's answer) names no broker client id of fogbank's."""
    game, umpire, player, states = watched
    user = topics.seat_user(game["game"], "submarine")
    async with asyncio.timeout(15), seat_client(broker, game, "submarine") as spy:
        await spy.subscribe(f"{topics.PREFIX}/seat/{user}/reply/+")
        await player.submit(HOLD_STILL)  # its gateway session asks, and the answer comes on a reply topic
        async for message in spy.messages:
            connection = message.topic.value.rsplit("/", 1)[1]
            host = unpack(message.payload).get("host")
            break
        while (await player.next_observation()).turn < 2:
            pass
    gateway_id, _, number = connection.rpartition("-")
    guesses = [f"fogbank-host-{host}", f"fogbank-gw-{gateway_id}", f"fogbank-gw-{connection}"]
    # Counted connections (a small number): the umpire's came just before. A random name may be
    # all digits by chance (about 1 in 300), which is no count to guess from.
    if number.isdigit() and len(number) < 6:
        guesses += [f"fogbank-gw-{gateway_id}-{n}" for n in range(1, int(number) + 3)]
    for guess in guesses:
        async with seat_client(broker, game, "submarine", identifier=guess):
            await asyncio.sleep(0.2)
    await still_playing(umpire, player, states, turn=3)


def test_a_hosts_client_id_is_stable_and_keyed_by_its_secret(tmp_path):
    address = BrokerAddress("127.0.0.1", 1883, "fogbank-host", "a password")
    same = client_id(address, "h1")
    assert same == client_id(address, "h1")  # its persistent session survives a restart
    assert same.startswith("fogbank-host-h1-") and len(same) > len("fogbank-host-h1-") + 20
    assert client_id(attrs.evolve(address, password="another"), "h1") != same
    pem = tmp_path / "client.pem"  # a certificate file holding its key: the key is the secret
    pem.write_text("-----BEGIN PRIVATE KEY-----\nnot a real one\n")
    assert client_id(attrs.evolve(address, password=None, cert=pem), "h1").startswith("fogbank-host-h1-")
    with pytest.raises(ValueError):
        client_id(attrs.evolve(address, password=None), "h1")

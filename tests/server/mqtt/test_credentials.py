"""Broker credentials over a game's life and per gateway: an ended game's seats lose theirs after
the grace period (at once here), also when the host was away when it ended; each gateway reads
only its own replies to `new`, which carry tokens."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys

import msgpack
import pytest

from fogbank.clients import Client, JoinRefused
from fogbank.protocols import GameOver
from fogbank.server.host import SET_ASIDE
from fogbank.server.mqtt import topics
from fogbank.server.mqtt.address import BrokerAddress
from fogbank.server.mqtt.credentials import add_gateway
from fogbank.server.store import FILENAME

from .conftest import needs_mosquitto, url
from .test_broker_secrecy import sub, subscribed

pytestmark = needs_mosquitto


def credentials(broker) -> str:
    return (broker.directory / "dynamic-security.json").read_text()


async def end_game(gateway, game) -> None:
    """The umpire ends the game; the submarine's client sees the game_over."""
    async with asyncio.timeout(15):
        umpire = await Client.connect(url(gateway), game["umpire_token"], proxy=None)
        player = await Client.connect(url(gateway), game["seats"]["submarine"], proxy=None)
        await umpire.end("test over")
        while not isinstance(await player.next_observation(), GameOver):
            pass
        await umpire.close()
        await player.close()


def refused(err: str) -> bool:
    return "not authori" in err.lower()


async def test_an_ended_games_credentials_are_deleted(broker, stack):
    # Not quite 0: the clients this test connects get the game_over before the broker drops them.
    server = await stack.host("h1", ended_grace=0.3)
    gateway = await stack.gateway()
    game, other = await gateway.create_game("b11"), await gateway.create_game("b11")
    assert f'"{game["game"]}.submarine"' in credentials(broker)
    await end_game(gateway, game)
    async with asyncio.timeout(10):
        await server.mqtt_host.forgotten.wait()
    assert game["game"] not in credentials(broker)  # clients and roles, umpire and spectator too
    out, err = await sub(broker, f"{game['game']}.submarine", game["seats"]["submarine"],
                         topics.seat_state(game["game"], "submarine"), wait=1)  # fmt: skip
    assert out == "" and refused(err)
    host = broker.address("host")
    state = topics.seat_state(game["game"], "submarine")
    out, _ = await sub(broker, host.username, host.password, state, wait=1)
    assert out == ""  # the retained view is cleared too
    # The game that goes on keeps its seats.
    out, err = await sub(broker, f"{other['game']}.submarine", other["seats"]["submarine"],
                         topics.seat_state(other["game"], "submarine"), wait=2)  # fmt: skip
    assert out.strip() == topics.seat_state(other["game"], "submarine"), err


async def test_credentials_last_the_grace_and_a_restarted_host_deletes_them(broker, stack):
    server = await stack.host("h1", ended_grace=3600)
    gateway = await stack.gateway()
    game = await gateway.create_game("b11")
    await end_game(gateway, game)
    # In the grace period the player can come back for the end.
    async with asyncio.timeout(10):
        again = await Client.connect(url(gateway), game["seats"]["submarine"], proxy=None)
        while not isinstance(await again.next_observation(), GameOver):
            pass
        await again.close()
    assert game["game"] in credentials(broker)
    await stack.stop(server)
    # Back with no grace: the store says the game ended, so its credentials go at start-up.
    server = await stack.host("h1", ended_grace=0)
    async with asyncio.timeout(10):
        await server.mqtt_host.forgotten.wait()
    assert game["game"] not in credentials(broker)
    assert '"fogbank-gateway"' in credentials(broker)  # only seats' credentials are deleted


async def test_each_gateway_reads_only_its_own_replies(broker, stack):
    await stack.host("h1")
    admin = broker.address("admin")
    # One gateway added with the command line, the other with the function it calls.
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "fogbank.cli.main", "broker-gateway", "gw-a",
         "--bus", f"mqtt://{admin.username}@127.0.0.1:{broker.port}"],
        env={**os.environ, "FOGBANK_MQTT_PASSWORD": admin.password}, capture_output=True, timeout=20,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    a = json.loads(done.stdout)
    assert a["username"] == "gw-a"
    b = {"username": "gw-b", "password": await add_gateway(admin, "gw-b")}
    address = {
        n: BrokerAddress("127.0.0.1", broker.port, g["username"], g["password"])
        for n, g in zip("ab", (a, b), strict=True)
    }
    gateway_b = await stack.gateway(address["b"])
    gateway_a = await stack.gateway(address["a"])
    # A listens on B's reply topic, and on every gateway's, while B makes a game.
    listening = [  # each subscribed (or refused) before B makes its game
        await subscribed(broker, "gw-a", a["password"], topic, wait=3)
        for topic in (topics.gateway_reply("gw-b"), f"{topics.PREFIX}/gateway/+/reply", f"{topics.PREFIX}/#")
    ]
    made_by_b = await gateway_b.create_game("b11")
    made_by_a = await gateway_a.create_game("b11")  # and A still gets its own answers
    assert made_by_b["game"] != made_by_a["game"]
    for process in listening:
        out, err = (text.decode(errors="replace") for text in await process.communicate())
        assert made_by_b["game"] not in out and "denied" in (out + err).lower(), (out, err)
    # B's own credentials do read B's replies.
    out, err = await sub(broker, "gw-b", b["password"], topics.gateway_reply("gw-b"), wait=1)
    assert "denied" not in err.lower()


async def test_a_set_aside_game_keeps_its_credentials_while_ended_ones_go(broker, stack):
    # A game whose record no longer replays is not ended: its seats must still reach the host,
    # to be told why it cannot be played.
    server = await stack.host("h1", ended_grace=3600)
    gateway = await stack.gateway()
    ended, forged = await gateway.create_game("b11"), await gateway.create_game("b11")
    await end_game(gateway, ended)
    async with asyncio.timeout(15):
        player = await Client.connect(url(gateway), forged["seats"]["submarine"], proxy=None)
        for turn in (1, 2):
            await player.submit({"course": "NE", "speed": 1, "level": "surface"}, turn)
        await player.close()
    await stack.stop(server)
    with sqlite3.connect(stack.folder / "h1" / FILENAME) as db:
        fake = msgpack.packb([{"type": "event", "text": "forged"}])
        db.execute("UPDATE log SET records = ? WHERE game_id = ? AND n = 1", (fake, forged["game"]))
    server = await stack.host("h1", ended_grace=0)
    async with asyncio.timeout(10):
        await server.mqtt_host.forgotten.wait()
    assert ended["game"] not in credentials(broker) and forged["game"] in credentials(broker)
    with pytest.raises(JoinRefused) as refusal:
        await Client.connect(url(gateway), forged["seats"]["submarine"], proxy=None)
    assert refusal.value.code == "game_set_aside"
    assert refusal.value.message == SET_ASIDE  # a server's fault, marked so over the bus, in the same words

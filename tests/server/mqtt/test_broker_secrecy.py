"""Per-seat secrecy on the broker itself: `mosquitto_sub` with one seat's credentials reads its own
stream and nothing of another seat's or the umpire's; names that would widen a filter are refused."""

from __future__ import annotations

import asyncio
import subprocess

import pytest

from fogbank.clients import Client
from fogbank.protocols import MSGPACK, Observation, Snapshot, codec_for
from fogbank.server.mqtt import topics
from fogbank.server.mqtt.topics import UnsafeName, safe_name, seat_commands, token_route

from .conftest import needs_mosquitto, url

pytestmark = needs_mosquitto
HOLD_STILL = {"course": "N", "speed": 0, "level": "surface"}


def mosquitto_sub(broker, username, password, topic, *, client_id=None, count=1, wait=2, format="%t"):
    """(stdout, stderr) of one mosquitto_sub run: at most `count` messages, at most `wait` seconds."""
    command = ["mosquitto_sub", "-V", "5", "-h", "127.0.0.1", "-p", str(broker.port), "-u", username,
               "-P", password, "-t", topic, "-C", str(count), "-W", str(wait), "-F", format]  # fmt: skip
    if client_id is not None:
        command += ["-i", client_id]
    done = subprocess.run(command, capture_output=True, timeout=wait + 5)
    return done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")


async def sub(broker, *args, **options):
    return await asyncio.to_thread(mosquitto_sub, broker, *args, **options)


async def subscribed(broker, username, password, topic, *, wait=15):
    """`mosquitto_sub` for one message on `topic`, returned once the broker has acknowledged its
    subscription (its debug output says so), so nothing published after is missed."""
    process = await asyncio.create_subprocess_exec(
        "stdbuf", "-oL",  # its lines as they come, not when it exits
        "mosquitto_sub", "-V", "5", "-h", "127.0.0.1", "-p", str(broker.port), "-u", username, "-P", password,
        "-t", topic, "-C", "1", "-W", str(wait), "-F", "%t %x", "-d",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    async with asyncio.timeout(wait):
        while b"received SUBACK" not in await process.stdout.readline():
            if process.stdout.at_eof():
                raise AssertionError((await process.stderr.read()).decode(errors="replace"))
    return process


async def received(process, topic) -> str:
    """The line `mosquitto_sub` printed for the message on `topic` (its debug lines passed over)."""
    async with asyncio.timeout(30):
        while line := (await process.stdout.readline()).decode(errors="replace"):
            if line.startswith(f"{topic} "):
                await process.wait()
                return line
    raise AssertionError((await process.stderr.read()).decode(errors="replace"))


@pytest.fixture
async def played(stack):
    """A game with one turn played through a gateway, so every seat's topic has had messages; and
    a second game, so there is another game's seat to try."""
    await stack.host("h1")
    gateway = await stack.gateway()
    game, other = await gateway.create_game("b11"), await gateway.create_game("b11")
    async with asyncio.timeout(15):
        umpire = await Client.connect(url(gateway), game["umpire_token"], proxy=None)
        player = await Client.connect(url(gateway), game["seats"]["submarine"], proxy=None)
        await player.submit(HOLD_STILL)
        while not isinstance(await player.next_observation(), Observation):
            pass
    yield game, other, player, umpire
    await player.close()
    await umpire.close()


async def test_a_seat_reads_its_own_stream_on_the_broker(broker, played):
    game, _, player, _ = played
    token = game["seats"]["submarine"]
    mine = topics.seat_stream(game["game"], "submarine")
    listening = await subscribed(broker, f"{game['game']}.submarine", token, mine)
    await player.submit(HOLD_STILL)
    topic, payload = (await received(listening, mine)).split()
    assert topic == mine
    # The payload is the stream message exactly as the websocket carries it.
    message = codec_for(MSGPACK).decode_server(bytes.fromhex(payload))
    assert isinstance(message, Observation) and message.turn == 3


async def test_a_late_subscriber_gets_the_seats_latest_view_at_once(broker, played):
    """Retained per seat: the last observation, or the first snapshot of a game not yet played."""
    game, other, _, _ = played
    codec = codec_for(MSGPACK)
    for made, kind, turn in ((game, Observation, 2), (other, Snapshot, 1)):
        state = topics.seat_state(made["game"], "submarine")
        out, err = await sub(broker, f"{made['game']}.submarine", made["seats"]["submarine"], state,
                             wait=2, format="%t %r %x")  # fmt: skip
        topic, retained, payload = out.split()
        assert (topic, retained) == (state, "1"), err
        message = codec.decode_server(bytes.fromhex(payload))
        assert isinstance(message, kind) and message.turn == turn


@pytest.mark.parametrize("who", ["umpire", "other game's submarine", "gateway"])
async def test_a_seats_latest_view_is_denied_to_other_credentials(broker, played, who):
    game, other, _, _ = played
    gateway = broker.address("gateway")
    username, password = {
        "umpire": (f"{game['game']}.umpire", game["umpire_token"]),
        "other game's submarine": (f"{other['game']}.submarine", other["seats"]["submarine"]),
        "gateway": (gateway.username, gateway.password),
    }[who]
    for topic in (topics.seat_state(game["game"], "submarine"), f"{topics.PREFIX}/seat/+/state"):
        out, err = await sub(broker, username, password, topic, wait=1)
        assert out == "" and "denied" in err.lower(), (topic, err)


@pytest.mark.parametrize("target", ["umpire", "spectator", "other game", "wildcard", "everything"])
async def test_a_seat_is_denied_every_other_topic(broker, played, target):
    game, other, _, _ = played
    token = game["seats"]["submarine"]
    topic = {
        "umpire": topics.seat_stream(game["game"], "umpire"),
        "spectator": topics.seat_stream(game["game"], "spectator"),
        "other game": topics.seat_stream(other["game"], "submarine"),
        "wildcard": f"{topics.PREFIX}/seat/+/stream",
        "everything": "#",
    }[target]
    out, err = await sub(broker, f"{game['game']}.submarine", token, topic, wait=1)
    assert out == "" and "denied" in err.lower()


async def test_wrong_passwords_and_wildcard_names_do_not_connect(broker, played):
    game, other, _, _ = played
    umpire_stream = topics.seat_stream(game["game"], "umpire")
    # Another seat's token is not this seat's password; a username is no wildcard.
    for username, password in [
        (f"{game['game']}.umpire", game["seats"]["submarine"]),
        (f"{game['game']}.umpire", other["umpire_token"]),
        ("#", game["umpire_token"]),
        ("+", game["umpire_token"]),
        (f"{game['game']}.+", game["umpire_token"]),
    ]:
        out, err = await sub(broker, username, password, umpire_stream, wait=1)
        assert out == "" and "not authorised" in err.lower().replace("authorized", "authorised"), (username, err)


async def test_a_wildcard_client_id_widens_nothing(broker, played):
    """ACLs here are per user and literal, never %c patterns: a client id of '#' or '+' gets no more."""
    game, _, _, _ = played
    token = game["seats"]["submarine"]
    for client_id in ("#", "+", "a/b"):
        out, err = await sub(broker, f"{game['game']}.submarine", token, f"{topics.PREFIX}/seat/#",
                             client_id=client_id, wait=1)  # fmt: skip
        assert out == "", (client_id, err)


def test_fogbank_refuses_to_make_credentials_with_wildcards():
    for bad in ("a+b", "#", "a/b", "", "$SYS", "x y"):
        with pytest.raises(UnsafeName):
            safe_name(bad)
        with pytest.raises(UnsafeName):
            seat_commands(bad, "submarine", "t")
        with pytest.raises(UnsafeName):
            seat_commands("g1", bad, "t")
    assert token_route("g1.sub+marine.secret") is None and token_route("nodots") is None
    assert token_route("0123456789ab.submarine.x-Y_z") == ("0123456789ab", "submarine")


async def test_gateway_credentials_read_no_seat(broker, played):
    game, _, _, _ = played
    gateway = broker.address("gateway")
    out, err = await sub(broker, gateway.username, gateway.password,
                         topics.seat_stream(game["game"], "submarine"), wait=1)  # fmt: skip
    assert out == "" and "denied" in err.lower()

"""Failures mid-game: the broker restarts, a game host is killed and started again, a gateway is
stopped. The players' clients reconnect and resume; no acknowledged order is lost."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.exceptions import ConnectionClosed

from fogbank.clients import Client, OrderRefused, TurnPassed
from fogbank.protocols import GameOver, Observation, Snapshot
from fogbank.rules.dardanelles.bot import BotSubmarine
from fogbank.server.mqtt import bus as mqtt_bus

from .conftest import needs_mosquitto, url

pytestmark = needs_mosquitto


class Player:
    """A bot on a `Client` that keeps every order the server acknowledged."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.acked: list[tuple[int, dict]] = []
        self.turns = 0
        self.over: GameOver | None = None
        self.bot = BotSubmarine.for_scenario(client.welcome.chart, "b11")

    async def play(self, turns: int | None = None) -> None:
        """Play until the game ends, or `turns` more turns have resolved."""
        stop_at = None if turns is None else self.turns + turns
        async for message in self.client.stream():
            if isinstance(message, GameOver):
                self.over = message
                return
            if isinstance(message, Observation):
                self.turns += 1
            if isinstance(message, (Snapshot, Observation)) and message.view["outcome"] is None:
                await self.order(message.view, message.turn)
                if stop_at is not None and self.turns >= stop_at:
                    return  # with this turn's order in: the next play() waits for its observation

    async def order(self, view: dict, turn: int) -> None:
        order = self.bot.order(view)
        try:
            await self.client.submit(order, turn)
        except TurnPassed:
            return
        except OrderRefused as refusal:
            if refusal.code in ("wrong_turn", "game_over"):
                return
            order = {"course": "N", "speed": 0, "level": view["level"]}
            await self.client.submit(order, turn)
        self.acked.append((turn, order))


def assert_no_acknowledged_order_lost(player: Player) -> None:
    assert player.over is not None
    logged = {(r["turn"], json.dumps(r["order"], sort_keys=True))
              for r in player.over.log if r.get("type") == "input" and r.get("input") == "order"}  # fmt: skip
    acked = {(turn, json.dumps(order, sort_keys=True)) for turn, order in player.acked}
    assert acked and acked <= logged


async def connect(gateway, token: str) -> Client:
    return await Client.connect(url(gateway), token, proxy=None, reconnect_attempts=30, backoff=(0.05, 0.5))


async def test_broker_restart_mid_game(broker, stack):
    await stack.host("h1")
    gateway = await stack.gateway()
    game = await gateway.create_game("b11")
    async with asyncio.timeout(40):
        player = Player(await connect(gateway, game["seats"]["submarine"]))
        await player.play(turns=4)
        playing = asyncio.ensure_future(player.play())
        await broker.stop()
        await asyncio.sleep(0.3)
        await broker.start()
        await playing
    assert_no_acknowledged_order_lost(player)
    assert player.turns > 4
    await player.client.close()


async def test_broker_killed_mid_game(broker, stack):
    await stack.host("h1")
    gateway = await stack.gateway()
    game = await gateway.create_game("b11")
    async with asyncio.timeout(40):
        player = Player(await connect(gateway, game["seats"]["submarine"]))
        await player.play(turns=3)
        playing = asyncio.ensure_future(player.play())
        await asyncio.sleep(0.05)
        await broker.stop(kill=True)
        await broker.start()
        await playing
    assert_no_acknowledged_order_lost(player)
    await player.client.close()


async def test_host_killed_and_restarted_mid_game(broker, stack, host_processes):
    host = await host_processes("h1")
    gateways = [await stack.gateway(), await stack.gateway()]
    game = await gateways[0].create_game("b11")
    async with asyncio.timeout(50):
        player = Player(await connect(gateways[1], game["seats"]["submarine"]))
        umpire = await connect(gateways[0], game["umpire_token"])
        await player.play(turns=3)
        playing = asyncio.ensure_future(player.play())
        await asyncio.sleep(0.05)  # orders in flight as the host dies
        await host.kill()
        await host.start()
        await playing
        # The umpire's client resumed too and its stream ends with the same game_over.
        async for message in umpire.stream():
            if isinstance(message, GameOver):
                assert message.seed == player.over.seed
                break
    assert_no_acknowledged_order_lost(player)
    await player.client.close()
    await umpire.close()


async def test_a_stopped_gateway_leaves_the_game_to_the_other(stack):
    await stack.host("h1")
    gateways = [await stack.gateway(), await stack.gateway()]
    game = await gateways[0].create_game("b11")
    async with asyncio.timeout(30):
        first = Player(await connect(gateways[0], game["seats"]["submarine"]))
        await first.play(turns=3)
        await stack.stop(gateways[0])  # its clients lose their sockets; this one joins the other
        second = Player(await connect(gateways[1], game["seats"]["submarine"]))
        second.acked = first.acked
        await second.play()
    assert_no_acknowledged_order_lost(second)
    await first.client.close()
    await second.client.close()


async def test_a_lost_session_tells_the_host_its_seat_left(stack):
    # Lost to a host's restart or a gap, a session's broker connection closes cleanly, so no last
    # will says it left: it must say so itself, or the host counts the seat present for ever (and
    # never lets the game go from memory once it is over).
    host = await stack.host("h1")
    gateway = await stack.gateway()
    game = await gateway.create_game("b11")
    presence = host.host.rooms[game["game"]].presence["umpire"]
    async with asyncio.timeout(20):
        umpire = await connect(gateway, game["umpire_token"])
        assert presence["connected"] == 1
        [lost] = gateway.bus.sessions
        lost.lose("a test")
        while not (umpire.connected and gateway.bus.sessions and lost not in gateway.bus.sessions):
            await asyncio.sleep(0.02)
        await umpire.ping()  # answered by the host after the new session's join
        # The lost session's own leave taken (it names only its own connection, so nothing after
        # it can count the seat down again), and the new one's join: one.
        present = host.mqtt_host._present[(game["game"], "umpire")]  # noqa: SLF001
        while lost.connection in present or len(present) != 1:
            await asyncio.sleep(0.02)
    assert presence["connected"] == 1
    await umpire.close()


async def test_a_join_answered_too_late_is_left_again(stack, monkeypatch):
    host = await stack.host("h1")
    gateway = await stack.gateway()
    game = await gateway.create_game("b11")
    presence = host.host.rooms[game["game"]].presence["umpire"]
    monkeypatch.setattr(mqtt_bus, "REQUEST_DEADLINE", 0.0)  # the gateway gives up before any answer
    async with asyncio.timeout(20):
        with pytest.raises(ConnectionClosed):
            await Client.connect(url(gateway), game["umpire_token"], proxy=None, reconnect_attempts=0)
        while (game["game"], "umpire") not in host.mqtt_host._present:  # noqa: SLF001
            await asyncio.sleep(0.02)  # the host took the join...
        while host.mqtt_host._present[(game["game"], "umpire")]:  # noqa: SLF001
            await asyncio.sleep(0.02)  # ...and the leave the gateway sent when it gave up on it
    assert presence["connected"] == 0

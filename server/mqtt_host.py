"""The game host's side of the MQTT bus: serve the requests of the games this host owns.

One `MqttHost` per host process, over one broker connection that keeps a persistent session
(clean start off, a session expiry): the broker keeps the host's subscriptions to its games'
request topics and queues the requests that come while it is down, so a restarted host answers
them. Each game has exactly one owner, the host whose store holds it; a new game goes to the one
host of the `$share/hosts` group that the broker picks.

Every request carries the seat's token and is checked here as on a websocket (`open_seat`): the
host trusts no gateway. Every message of a player's stream is published to the seat's stream topic
(QoS 1), encoded exactly as on the websocket; the umpire's and the spectators' streams, built only
while someone listens, are published while a gateway holds them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any

import aiomqtt
import msgpack
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from fogbank import protocols as wire
from fogbank.server.core import UMPIRE, Refused

from . import mqtt_broker as topics
from .bus import catch_up, handle, open_seat
from .host import SPECTATOR, Forbidden, Host, Room
from .mqtt_broker import BrokerAddress, safe_name

log = logging.getLogger("fogbank.mqtt_host")
SESSION_EXPIRY = 24 * 3600  # seconds the broker keeps a host's session (and its queued requests)
LAZY_STREAMS = (UMPIRE, SPECTATOR)  # published only while a gateway holds them
RETRY = (0.1, 2.0)  # reconnect backoff, first and longest wait (seconds)


def pack(value: Any) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def unpack(payload: bytes) -> Any:
    return msgpack.unpackb(payload, raw=False)


def reply_properties(correlation: bytes | None) -> Properties:
    properties = Properties(PacketTypes.PUBLISH)
    if correlation is not None:
        properties.CorrelationData = correlation
    return properties


class MqttHost:
    """Serve `host`'s games over the broker at `address` as host `host_id` (stable across restarts:
    it names the persistent session). `start` after `host.recover()`; `close` before the store."""

    def __init__(self, host: Host, address: BrokerAddress, host_id: str) -> None:
        self.host = host
        self.address = address
        self.host_id = safe_name(host_id)
        self.boot = secrets.token_hex(4)  # gateways see a restart as a new boot id
        self.codec = wire.codec_for(wire.MSGPACK)
        self.ready = asyncio.Event()  # connected and subscribed
        self._client: aiomqtt.Client | None = None
        self._hooked: dict[str, dict[str, Any]] = {}  # game -> seat -> stop listening
        self._present: dict[tuple[str, str], set[str]] = {}  # (game, seat) -> gateway connections
        self._dynsec: dict[str, asyncio.Future] = {}  # correlation -> the broker's answer
        self._tasks: set[asyncio.Task] = set()
        self._runner: asyncio.Task | None = None
        self._closing = False

    # Running ---------------------------------------------------------------------------------

    async def start(self, deadline: float = 10.0) -> None:
        for room in self.host.rooms.values():
            self._hook(room)
        self._runner = asyncio.create_task(self._run(), name=f"fogbank mqtt host {self.host_id}")
        async with asyncio.timeout(deadline):
            await self.ready.wait()

    async def close(self) -> None:
        self._closing = True
        client = self._client
        if client is not None and not client._disconnected.done():  # noqa: SLF001
            # Offline by our own word: a clean disconnect sends no last will.
            self._publish(topics.host_status(self.host_id), self._status("offline"), retain=True)
        if self._runner is not None:
            self._runner.cancel()
            await asyncio.gather(self._runner, return_exceptions=True)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _status(self, state: str) -> bytes:
        return json.dumps({"state": state, "boot": self.boot}).encode()

    async def _run(self) -> None:
        delay = RETRY[0]
        connect = Properties(PacketTypes.CONNECT)
        connect.SessionExpiryInterval = SESSION_EXPIRY
        while not self._closing:
            client = aiomqtt.Client(
                self.address.hostname, self.address.port,
                username=self.address.username, password=self.address.password,
                identifier=f"fogbank-host-{self.host_id}", protocol=aiomqtt.ProtocolVersion.V5, socket_options=topics.NO_DELAY,
                clean_start=False, properties=connect, max_queued_outgoing_messages=0,
                will=aiomqtt.Will(topics.host_status(self.host_id), json.dumps(
                    {"state": "offline", "boot": self.boot}).encode(), qos=1, retain=True),
            )  # fmt: skip
            client.pending_calls_threshold = 1 << 16
            try:
                async with client:
                    self._client = client
                    await self._subscribe_all(client)
                    await client.publish(topics.host_status(self.host_id), self._status("online"), 1, True)
                    self.ready.set()
                    delay = RETRY[0]
                    log.info("host %s on the bus (%d games)", self.host_id, len(self.host.store.game_ids()))
                    async for message in client.messages:
                        self._dispatch(message)
            except aiomqtt.MqttError as error:
                if self._closing:
                    return
                log.warning("host %s lost the broker (%s); reconnecting", self.host_id, error)
            finally:
                self.ready.clear()
                self._client = None
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY[1])

    async def _subscribe_all(self, client: aiomqtt.Client) -> None:
        # The persistent session may have them already; after a broker that lost it, it has not.
        wanted = [(topics.DYNSEC_RESPONSE, 1), (topics.SHARED_NEW, 1)]
        wanted += [(topics.game_requests(game), 1) for game in self.host.store.game_ids()]
        for start in range(0, len(wanted), 200):
            await client.subscribe(wanted[start : start + 200])
        for game in self.host.store.game_ids():
            self._publish(topics.game_owner(game), self.host_id.encode(), retain=True)

    def _publish(self, topic: str, payload: bytes, retain: bool = False, properties: Any = None) -> None:
        """Queue a QoS 1 publish now, in call order (no await: stream order is publish order)."""
        client = self._client
        if client is None:
            return  # the broker is away: a gateway sees the gap, or the restart, and resumes
        client._client.publish(topic, payload, 1, retain, properties)  # noqa: SLF001  (aiomqtt's paho client)

    def _dispatch(self, message: aiomqtt.Message) -> None:
        # A task a request, started in arrival order: each runs its synchronous part (the core,
        # numbering the input in the store) before the next starts, so a seat's inputs keep their
        # order, while their commits group.
        topic = message.topic.value
        if topic == topics.DYNSEC_RESPONSE:
            self._dynsec_answer(message.payload)
            return
        task = asyncio.ensure_future(self._serve(message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _serve(self, message: aiomqtt.Message) -> None:
        properties = message.properties
        reply_to = getattr(properties, "ResponseTopic", None)
        correlation = getattr(properties, "CorrelationData", None)
        try:
            if message.topic.value == topics.NEW:
                answer = await self._new_game(unpack(message.payload)["scenario"])
            else:
                game = message.topic.value.split("/")[3]
                answer = await self._request(game, unpack(message.payload))
        except Refused as refusal:
            answer = {"refused": refusal.code, "sentence": refusal.sentence}
        except Forbidden as forbidden:
            answer = {"forbidden": forbidden.sentence}
        except wire.ProtocolError as problem:
            answer = {"refused": problem.code, "sentence": problem.sentence}
        except (ValueError, TypeError, KeyError) as error:  # not a bus request: msgpack or shape
            answer = {"refused": "malformed_frame", "sentence": f"Not a bus request: {error!r}."}
        except LookupError as error:  # no such scenario
            answer = {"not_found": str(error.args[0])}
        except Exception:  # our bug: answer, so the gateway's client is not left waiting
            log.exception("request on %s failed", message.topic.value)
            answer = {"internal": True}
        if reply_to:
            self._publish(reply_to, pack(answer), properties=reply_properties(correlation))

    # Requests --------------------------------------------------------------------------------

    async def _request(self, game: str, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict) or not isinstance(body.get("token"), str):
            raise Refused("malformed_frame", "A bus request is a map with the seat's token.")
        room, seat = await open_seat(self.host, body["token"])
        if room.id != game:
            raise Refused("bad_token", "That token opens no seat of this game.")
        self._hook(room)
        connection = body.get("conn") or ""
        op = body["op"]
        if op == "join":
            # Catch up and (for a lazy stream) start publishing with no await between.
            messages = catch_up(self.host, room, seat, body.get("last_seq"))
            self._arrive(room, seat, connection)
            return self._frames(messages)
        if op == "leave":
            self._leave(room, seat, connection)
            return {"frames": []}
        if op == "request":
            return self._frames(await handle(self.host, room, seat, self.codec.decode_client(body["frame"])))
        raise Refused("unknown_message", f"No such bus request: {op!r}.")

    def _frames(self, messages: list[Any]) -> dict[str, Any]:
        return {"frames": [self.codec.encode_server(m) for m in messages], "host": self.host_id, "boot": self.boot}

    async def _new_game(self, scenario: str) -> dict[str, Any]:
        created = await self.host.create_game(scenario)
        game = created["game"]
        tokens = {UMPIRE: created["umpire_token"], SPECTATOR: created["spectator_token"], **created["seats"]}
        commands = [c for seat, token in tokens.items() for c in topics.seat_commands(game, seat, token)]
        await self._dynsec_call(commands)
        client = self._client
        if client is None:
            raise ConnectionError("lost the broker while making the game")
        await client.subscribe(topics.game_requests(game), qos=1)
        self._publish(topics.game_owner(game), self.host_id.encode(), retain=True)
        self._hook(self.host.rooms[game])
        return {"created": created}

    async def _dynsec_call(self, commands: list[dict[str, Any]], deadline: float = 10.0) -> None:
        """Run dynamic-security commands; raises if the broker refused any of them."""
        correlation = secrets.token_hex(8)
        for n, command in enumerate(commands):
            command["correlationData"] = f"{correlation}.{n}"
        answer = asyncio.get_running_loop().create_future()
        self._dynsec[correlation] = answer
        try:
            self._publish(topics.DYNSEC, json.dumps({"commands": commands}).encode())
            async with asyncio.timeout(deadline):
                responses = await answer
        finally:
            self._dynsec.pop(correlation, None)
        failed = [r for r in responses if r.get("error")]
        if failed:
            raise RuntimeError(f"the broker refused the seats' credentials: {failed}")

    def _dynsec_answer(self, payload: bytes) -> None:
        responses = json.loads(payload).get("responses", [])
        for response in responses[:1]:
            correlation = str(response.get("correlationData", "")).partition(".")[0]
            waiting = self._dynsec.get(correlation)
            if waiting is not None and not waiting.done():
                waiting.set_result(responses)

    # Streams and presence --------------------------------------------------------------------

    def _hook(self, room: Room) -> None:
        """Publish every player seat's stream from now on (once per room)."""
        if room.id in self._hooked:
            return
        stops = self._hooked[room.id] = {}
        for seat in room.streams:
            if seat not in LAZY_STREAMS:
                stops[seat] = room.streams[seat].listen(self._publisher(room.id, seat))

    def _publisher(self, game: str, seat: str) -> Any:
        topic, encode = topics.seat_stream(game, seat), self.codec.encode_server
        return lambda message: self._publish(topic, encode(message))

    def _arrive(self, room: Room, seat: str, connection: str) -> None:
        present = self._present.setdefault((room.id, seat), set())
        if connection in present:
            return  # the same gateway connection joining again (after a broker restart)
        present.add(connection)
        self.host.seen(room, seat, +1)
        stops = self._hooked[room.id]
        if seat in LAZY_STREAMS and seat not in stops:
            stops[seat] = room.streams[seat].listen(self._publisher(room.id, seat))

    def _leave(self, room: Room, seat: str, connection: str) -> None:
        present = self._present.get((room.id, seat), set())
        if connection not in present:
            return
        present.discard(connection)
        self.host.seen(room, seat, -1)
        if not present and seat in LAZY_STREAMS:
            stop = self._hooked[room.id].pop(seat, None)
            if stop is not None:
                stop()

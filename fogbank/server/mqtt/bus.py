"""The gateway's side of the MQTT bus: `MqttBus`, a `Bus` across a broker.

A joined seat is one broker connection made with that seat's own credentials (username
`{game}.{seat}`, password its token), so the broker, not this process, decides what it may read:
its own stream and replies, nothing of another seat's. The gateway routes by the game id that
prefixes every token; the owning host checks the whole token on every request.

The gateway's own connection (its role's credentials) asks for new games on the shared topic and
watches the hosts' status: when a game's host goes offline or comes back as a new boot, that
game's sessions are lost, and so is a session whose broker connection drops or whose stream shows
a gap. A lost session hands `LOST` to the gateway, which closes the websocket, and tells the
host it left (letting go of the broker cleanly sends no last will); the client reconnects and
resumes with its last seq, and re-sends the requests it is allowed to.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import secrets
from typing import Any

import aiomqtt
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from fogbank import protocols as wire
from fogbank.errors import ServerFault
from fogbank.rules.core import Refused

from ..bus import LOST, Bus, Deliver, Session, Unavailable
from ..host import Forbidden
from . import topics
from .address import BrokerAddress
from .topics import safe_name
from .host import pack, unpack

log = logging.getLogger("fogbank.mqtt.bus")
REQUEST_DEADLINE = 10.0  # seconds for a host to answer (it may be restarting)
JOIN_RETRY = 0.5  # seconds between join requests: one sent before a restarted broker has the host's
# subscription again is dropped, and a join only reads, so it is safe to ask again
CONNECT_DEADLINE = 5.0
BAD_CREDENTIALS = (134, 135)  # CONNACK: bad user name or password, not authorized


def _request_properties(reply_to: str, correlation: bytes) -> Properties:
    properties = Properties(PacketTypes.PUBLISH)
    properties.ResponseTopic = reply_to
    properties.CorrelationData = correlation
    return properties


def _answer(answer: dict[str, Any]) -> Any:
    """The host's answer, or its refusal raised as the gateway raises it."""
    if "refused" in answer:
        raise (ServerFault if answer.get("fault") else Refused)(answer["refused"], answer["sentence"])
    if "forbidden" in answer:
        raise Forbidden(answer["forbidden"])
    if "not_found" in answer:
        raise LookupError(answer["not_found"])
    if answer.get("internal"):
        raise RuntimeError("the game's host failed to handle the request (see its log)")
    return answer


class MqttSession(Session):
    """One joined seat: its own broker connection, its stream in seq order, its requests."""

    def __init__(self, bus: MqttBus, game: str, seat: str, token: str, deliver: Deliver) -> None:
        self.bus, self.game, self.seat, self.token, self.deliver = bus, game, seat, token, deliver
        # Random, and the client id apart from it: a seat reads its connections' names in its reply
        # topics, and whoever connects with a client id in use drops the one that held it.
        self.connection = f"{bus.gateway_id}-{secrets.token_hex(6)}"
        self.owner: str | None = None  # the host answering for the game
        self.reply_to = topics.seat_reply(game, seat, self.connection)
        self.stream = topics.seat_stream(game, seat)
        self.requests = topics.game_requests(game)
        self.last = -1  # the last stream seq delivered; -1 until the join is answered
        self.early: list[Any] = []  # stream messages that came before the join's answer
        self._calls: dict[bytes, asyncio.Future] = {}
        self._ids = itertools.count(1)
        self._client: aiomqtt.Client | None = None
        self._reader: asyncio.Task | None = None
        self._lost = False
        self._closed: asyncio.Future | None = None

    async def open(self, last_seq: int | None) -> None:
        will = pack({"op": "leave", "token": self.token, "conn": self.connection})
        options = self.bus.address.client_options()
        options.update(username=topics.seat_user(self.game, self.seat), password=self.token)
        client = aiomqtt.Client(
            **options, identifier=f"fogbank-gw-{secrets.token_hex(16)}", protocol=aiomqtt.ProtocolVersion.V5,
            clean_start=True, timeout=CONNECT_DEADLINE, max_queued_outgoing_messages=0,
            will=aiomqtt.Will(self.requests, will, qos=1),
        )  # fmt: skip
        try:
            await client.__aenter__()
        except aiomqtt.MqttCodeError as refused:  # a CONNACK refusal
            if getattr(refused.rc, "value", refused.rc) in BAD_CREDENTIALS:
                raise Refused("bad_token", "That token opens no seat on this server.") from None
            raise Unavailable(f"the broker refused the connection: {refused}") from None
        except aiomqtt.MqttError as error:
            raise Unavailable(f"cannot reach the broker: {error}") from None
        self._client = client
        self.bus.sessions.add(self)
        try:
            await client.subscribe([(self.stream, 1), (self.reply_to, 1)], timeout=CONNECT_DEADLINE)
            self._reader = asyncio.create_task(self._read(client), name=f"fogbank session {self.connection}")
            answer = await self._call({"op": "join", "last_seq": last_seq}, retry=JOIN_RETRY)
        except asyncio.CancelledError:
            await self._shut()
            raise
        except Exception:
            await self.close()  # a host that takes the join late must not count the seat present
            raise
        self.owner = answer.get("host")
        for message in map(self.bus.codec.decode_server, answer["frames"]):
            self.deliver(message)
            self.last = max(self.last, message.seq)
        early, self.early = self.early, []
        for message in early:
            self._take(message)

    async def request(self, message: Any) -> list[Any]:
        answer = await self._call({"op": "request", "frame": self.bus.codec.encode_client(message)})
        return [self.bus.codec.decode_server(frame) for frame in answer["frames"]]

    async def close(self) -> None:
        """Tell the host the seat's connection has gone, then let go of it (once: the gateway and
        a closing bus may both ask)."""
        if self._closed is None:
            self._closed = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closed)

    async def _close(self) -> None:
        if self._client is not None:
            try:
                await self._client.publish(self.requests, pack(
                    {"op": "leave", "token": self.token, "conn": self.connection}), qos=1, timeout=2)  # fmt: skip
            except (aiomqtt.MqttError, TimeoutError):
                pass  # the broker is away; the will tells the host instead
        await self._shut()

    async def _shut(self) -> None:
        self.bus.sessions.discard(self)
        self._lost = True
        if self._reader is not None:
            self._reader.cancel()
        if self._client is not None:
            try:
                await self._client.__aexit__(None, None, None)
            except (aiomqtt.MqttError, TimeoutError):
                pass
        self._fail(Unavailable("the session is closed"))

    def lose(self, why: str) -> None:
        """The session can no longer be trusted to deliver the stream: let the client resume."""
        if self._lost:
            return
        log.info("session %s (%s.%s) lost: %s", self.connection, self.game, self.seat, why)
        self._lost = True
        self.bus.sessions.discard(self)
        self._fail(Unavailable(why))
        self.deliver(LOST)
        # Said, not left to the will: letting go of the broker cleanly sends none, and a host that
        # took the join would count the seat present for ever.
        task = asyncio.ensure_future(self.close())
        self.bus._tasks.add(task)
        task.add_done_callback(self.bus._tasks.discard)

    def _fail(self, error: Exception) -> None:
        for future in self._calls.values():
            if not future.done():
                future.set_exception(error)
        self._calls.clear()

    async def _call(self, body: dict[str, Any], retry: float | None = None) -> dict[str, Any]:
        """Send one request to the game's host and wait for its answer; with `retry`, send it
        again every `retry` seconds until answered (for requests that only read)."""
        if self._lost or self._client is None:
            raise Unavailable("the session is lost")
        correlation = next(self._ids).to_bytes(8, "big")
        future = asyncio.get_running_loop().create_future()
        self._calls[correlation] = future
        body["token"], body["conn"] = self.token, self.connection
        payload, properties = pack(body), _request_properties(self.reply_to, correlation)
        try:
            async with asyncio.timeout(REQUEST_DEADLINE):
                while True:
                    # The paho client queues at once: requests leave in the order they were asked.
                    info = self._client._client.publish(self.requests, payload, 1, False, properties)  # noqa: SLF001
                    if info.rc != 0:
                        raise Unavailable("the broker connection is down")
                    try:
                        return _answer(await asyncio.wait_for(asyncio.shield(future), retry))
                    except TimeoutError:
                        if future.done():
                            raise
        except TimeoutError:
            raise Unavailable("the game's host did not answer in time") from None
        finally:
            self._calls.pop(correlation, None)

    async def _read(self, client: aiomqtt.Client) -> None:
        try:
            async for message in client.messages:
                if message.topic.value == self.stream:
                    self._take(self.bus.codec.decode_server(message.payload))
                else:
                    correlation = getattr(message.properties, "CorrelationData", None)
                    future = self._calls.get(correlation)
                    if future is not None and not future.done():
                        future.set_result(unpack(message.payload))
        except aiomqtt.MqttError as error:
            self.lose(f"the broker connection dropped ({error})")
        except wire.ProtocolError as problem:  # a host's bug, or not a host: start clean
            self.lose(f"unreadable stream message: {problem}")

    def _take(self, message: Any) -> None:
        if self.last < 0:
            self.early.append(message)
        elif message.seq <= self.last:
            return  # in the join's catch-up already
        elif message.seq == self.last + 1:
            self.last = message.seq
            self.deliver(message)
        else:
            self.lose(f"gap in the stream after seq {self.last} (got {message.seq})")


class MqttBus(Bus):
    """The gateway's bus over the broker at `address` (a gateway's own credentials: hosts answer
    its `new` on the reply topic named by its username, which only its role may read)."""

    def __init__(self, address: BrokerAddress, gateway_id: str | None = None) -> None:
        self.address = address
        self.gateway_id = safe_name(gateway_id or secrets.token_hex(4))
        self.reply_to = topics.gateway_reply(address.username or self.gateway_id)
        # Processes sharing one gateway's credentials share its reply topic: each takes only
        # answers bearing its own prefix.
        self._correlation = secrets.token_bytes(8)
        self.codec = wire.codec_for(wire.MSGPACK)
        self.sessions: set[MqttSession] = set()
        self.hosts: dict[str, dict[str, Any]] = {}  # host id -> its last status
        self.ready = asyncio.Event()
        self._client: aiomqtt.Client | None = None
        self._calls: dict[bytes, asyncio.Future] = {}
        self._ids = itertools.count(1)
        self._tasks: set[asyncio.Task] = set()
        self._runner: asyncio.Task | None = None
        self._closing = False

    async def start(self, deadline: float = 10.0) -> None:
        self._runner = asyncio.create_task(self._run(), name=f"fogbank gateway {self.gateway_id}")
        async with asyncio.timeout(deadline):
            await self.ready.wait()

    async def join(self, join: wire.Join, deliver: Deliver) -> Session:
        route = topics.token_route(join.token)
        if route is None:
            raise Refused("bad_token", "That token opens no seat on this server.")
        session = MqttSession(self, *route, join.token, deliver)
        await session.open(join.last_seq)
        return session

    async def create_game(
        self, scenario: str, options: dict[str, Any] | None = None, name: str = ""
    ) -> dict[str, Any]:
        client = self._client
        if client is None or not self.ready.is_set():
            raise Unavailable("the gateway is not connected to the broker")
        correlation = self._correlation + next(self._ids).to_bytes(8, "big")
        future = asyncio.get_running_loop().create_future()
        self._calls[correlation] = future
        properties = _request_properties(self.reply_to, correlation)
        try:
            # The name only when given: a host older than names reads the request it always did.
            request = {"scenario": scenario, "options": options or {}, **({"name": name} if name else {})}
            await client.publish(topics.NEW, pack(request), 1, False, properties)
            async with asyncio.timeout(REQUEST_DEADLINE):
                return _answer(await future)["created"]
        except TimeoutError:
            raise Unavailable("no game host answered") from None
        except aiomqtt.MqttError as error:
            raise Unavailable(f"the broker connection is down: {error}") from None
        finally:
            self._calls.pop(correlation, None)

    async def close(self) -> None:
        self._closing = True
        for session in list(self.sessions):
            await session.close()
        client = self._client
        if client is not None:
            try:
                await client.publish(topics.gateway_status(self.gateway_id), b'{"state": "offline"}', 1, True)
            except aiomqtt.MqttError:
                pass
        if self._runner is not None:
            self._runner.cancel()
            await asyncio.gather(self._runner, return_exceptions=True)

    async def _run(self) -> None:
        delay = 0.1
        status = topics.gateway_status(self.gateway_id)
        while not self._closing:
            client = aiomqtt.Client(
                **self.address.client_options(),
                identifier=f"fogbank-gw-{secrets.token_hex(16)}", protocol=aiomqtt.ProtocolVersion.V5,
                will=aiomqtt.Will(status, b'{"state": "offline"}', qos=1, retain=True),
            )  # fmt: skip
            client.pending_calls_threshold = 1 << 16  # many games made at once is no cause for a warning
            try:
                async with client:
                    hosts = f"{topics.PREFIX}/host/+/status"
                    granted = await client.subscribe([(self.reply_to, 1), (hosts, 1)])
                    if getattr(granted[0], "value", granted[0]) >= 0x80:  # a SUBACK refusal
                        log.error("the broker denies %s to %s: give this gateway its own role (fogbank"
                                  " broker-gateway)", self.reply_to, self.address.username)  # fmt: skip
                    await client.publish(status, b'{"state": "online"}', 1, True)
                    self._client = client
                    self.ready.set()
                    delay = 0.1
                    async for message in client.messages:
                        self._take(message)
            except aiomqtt.MqttError as error:
                if self._closing:
                    return
                log.warning("gateway %s lost the broker (%s); reconnecting", self.gateway_id, error)
            finally:
                self.ready.clear()
                self._client = None
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)

    def _take(self, message: aiomqtt.Message) -> None:
        topic = message.topic.value
        if topic.endswith("/status"):
            host_id = topic.split("/")[3]
            try:
                status = json.loads(message.payload)
            except ValueError:
                return
            before = self.hosts.get(host_id)
            self.hosts[host_id] = status
            if before is not None and before != status:
                # Offline, or back as a new boot that may not have published what the last one
                # took: its games' sessions resume from what the restarted host recovered.
                for session in [s for s in self.sessions if s.owner == safe_name(host_id)]:
                    session.lose(f"host {host_id} is {status.get('state')} (boot {status.get('boot')})")
            return
        correlation = getattr(message.properties, "CorrelationData", None)
        future = self._calls.get(correlation)
        if future is not None and not future.done():
            future.set_result(unpack(message.payload))

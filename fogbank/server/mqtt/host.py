"""The game host's side of the MQTT bus: serve the requests of the games this host owns.

One `MqttHost` per host process, over one broker connection that keeps a persistent session
(clean start off, a session expiry): the broker keeps the host's subscriptions to its games'
request topics and queues the requests that come while it is down, so a restarted host answers
them. Each game has exactly one owner, the host whose store holds it; a new game goes to the one
host of the `$share/hosts` group that the broker picks.

Every request carries the seat's token and is checked here as on a websocket (`open_seat`): the
host trusts no gateway. Every message of a player's stream is published to the seat's stream topic
(QoS 1), encoded exactly as on the websocket, and its latest view is kept retained on the seat's
state topic; the umpire's and the spectators' streams, built only while someone listens, are
published while a gateway holds them.

When a game is over its seats' broker credentials are deleted after a grace period (so its
players can still come back for the game_over), and so are those of games the store says ended
when the host starts: the dynamic-security plugin rewrites its whole file on every change, so
credentials left behind would slow every game made after them.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

import aiomqtt
import msgpack
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from fogbank import protocols as wire
from fogbank.errors import Declined, ServerFault
from fogbank.rules.core import UMPIRE, Refused

from ..bus import catch_up, handle, open_seat
from ..host import SPECTATOR, Forbidden, Host, Room, SetAside
from . import topics
from .address import BrokerAddress
from .topics import safe_name

log = logging.getLogger("fogbank.mqtt.host")
SESSION_EXPIRY = 24 * 3600  # seconds the broker keeps a host's session (and its queued requests)
LAZY_STREAMS = (UMPIRE, SPECTATOR)  # published only while a gateway holds them
ENDED_GRACE = 600.0  # seconds an ended game's seats keep their broker credentials
DYNSEC_BATCH = 200  # commands per $CONTROL message (the plugin saves its file after each command anyway)
RETRY = (0.1, 2.0)  # reconnect backoff, first and longest wait (seconds)


def pack(value: Any) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def unpack(payload: bytes) -> Any:
    return msgpack.unpackb(payload, raw=False)


def client_id(address: BrokerAddress, host_id: str) -> str:
    """The host's broker client id: stable across restarts (it names the persistent session) but
    not to be guessed from its host id, which a seat may read in a join's answer (the broker drops
    whoever held a client id when another connects with it). Keyed by the host's own secret: its
    broker password, else its TLS client key."""
    # The key may be inside the certificate's file (--bus-key is then left out).
    key = address.key or address.cert
    secret = (address.password or "").encode() or (key.read_bytes() if key else b"")
    if not secret:
        raise ValueError("a game host on the bus needs a password or a TLS client key")
    digest = hashlib.sha256(b"fogbank host client id\0" + secret + b"\0" + host_id.encode()).hexdigest()
    return f"fogbank-host-{host_id}-{digest[:24]}"


def reply_properties(correlation: bytes | None) -> Properties:
    properties = Properties(PacketTypes.PUBLISH)
    if correlation is not None:
        properties.CorrelationData = correlation
    return properties


class MqttHost:
    """Serve `host`'s games over the broker at `address` as host `host_id` (stable across restarts:
    it names the persistent session). `start` after `host.recover()`; `close` before the store."""

    def __init__(
        self, host: Host, address: BrokerAddress, host_id: str, ended_grace: float = ENDED_GRACE
    ) -> None:
        self.host = host
        host.links.on_created.append(self._open_game)  # a linked game is opened on the broker too
        host.on_reissued.append(self._reissued)  # a seat's new token is its new broker password
        self.ended_grace = ended_grace
        self.address = address
        self.host_id = safe_name(host_id)
        self.client_id = client_id(address, self.host_id)
        self.boot = secrets.token_hex(4)  # gateways see a restart as a new boot id
        self.codec = wire.codec_for(wire.MSGPACK)
        self.ready = asyncio.Event()  # connected and subscribed
        self._client: aiomqtt.Client | None = None
        self._hooked: dict[str, dict[str, Any]] = {}  # game -> seat -> stop listening
        host.on_evict.append(lambda game: self._hooked.pop(game, None))  # rebuilt rooms hook anew
        self._present: dict[tuple[str, str], set[str]] = {}  # (game, seat) -> gateway connections
        self._dynsec: dict[str, asyncio.Future] = {}  # correlation -> the broker's answer
        self._ending: set[str] = set()  # games whose credentials are to be deleted
        self.forgotten = asyncio.Event()  # set each time an ended game's credentials are deleted
        self._tasks: set[asyncio.Task] = set()
        self._runner: asyncio.Task | None = None
        self._closing = False

    # Running ---------------------------------------------------------------------------------

    async def start(self, deadline: float = 10.0) -> None:
        for room in self.host.rooms.values():
            self._hook(room)
        self._runner = asyncio.create_task(self._run(), name=f"fogbank mqtt host {self.host_id}")
        # Ended: in the store but not recovered (or recovered as ended). Taken now, before any
        # await: a game made from here on is in the store before its first commit.
        rooms = self.host.rooms
        ended = {g for g in self.host.store.game_ids()
                 if g not in self.host.set_aside and (g not in rooms or rooms[g].game.state.ended)}
        async with asyncio.timeout(deadline):
            await self.ready.wait()
        self._spawn(self._forget_ended_games(ended))

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
                **self.address.client_options(),
                identifier=self.client_id, protocol=aiomqtt.ProtocolVersion.V5,
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
        self._spawn(self._serve(message))

    async def _serve(self, message: aiomqtt.Message) -> None:
        properties = message.properties
        reply_to = getattr(properties, "ResponseTopic", None)
        correlation = getattr(properties, "CorrelationData", None)
        # A request names its own response topic: answer only where its asker may read, a
        # gateway's reply topic for `new`, the reply topics of the seat its token opened for the
        # rest (never, say, the umpire's stream, whose session an answer there would break).
        answers_to: Callable[[str], bool] = lambda topic: False
        try:
            if message.topic.value == topics.NEW:
                answers_to = topics.is_gateway_reply
                request = unpack(message.payload)
                name = request.get("name") or ""
                answer = await self._new_game(request["scenario"], request.get("options"), name)
            else:
                game = message.topic.value.split("/")[3]
                body = unpack(message.payload)
                try:
                    room, seat = await self._open(game, body)
                except SetAside as aside:  # a true token: its seat is told why it cannot play
                    if aside.game_id == game:
                        answers_to = functools.partial(topics.is_seat_reply, game=game, seat=aside.seat)
                    raise
                answers_to = functools.partial(topics.is_seat_reply, game=game, seat=seat)
                answer = await self._request(room, seat, body)
        except Declined as refusal:
            answer = {"refused": refusal.code, "sentence": refusal.sentence}
            if isinstance(refusal, ServerFault):  # so the gateway raises it as the server's fault too
                answer["fault"] = True
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
        if isinstance(reply_to, str) and answers_to(reply_to):
            self._publish(reply_to, pack(answer), properties=reply_properties(correlation))
        elif reply_to:
            log.info("request on %s not answered on %r: not its asker's reply topic", message.topic.value, reply_to)

    # Requests --------------------------------------------------------------------------------

    async def _open(self, game: str, body: Any) -> tuple[Room, str]:
        """The room and seat the request's token opens, in `game` only."""
        if not isinstance(body, dict) or not isinstance(body.get("token"), str):
            raise Refused("malformed_frame", "A bus request is a map with the seat's token.")
        room, seat = await open_seat(self.host, body["token"])
        if room.id != game:
            raise Refused("bad_token", "That token opens no seat of this game.")
        return room, seat

    async def _request(self, room: Room, seat: str, body: dict[str, Any]) -> dict[str, Any]:
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

    async def _new_game(
        self, scenario: str, options: dict[str, Any] | None = None, name: str = ""
    ) -> dict[str, Any]:
        created = await self.host.create_game(scenario, options, name)
        await self._open_game(created)
        return {"created": created}

    async def _open_game(self, created: dict[str, Any]) -> None:
        """A game just made on this host (asked for, or linked to fight another's battle): its
        seats' broker credentials, its requests subscribed, its owner and seats' state published."""
        game = created["game"]
        tokens = {UMPIRE: created["umpire_token"], SPECTATOR: created["spectator_token"], **created["seats"]}
        commands = [c for seat, token in tokens.items() for c in topics.seat_commands(game, seat, token)]
        failed = [r for r in await self._dynsec_call(commands) if r.get("error")]
        if failed:
            raise RuntimeError(f"the broker refused the seats' credentials: {failed}")
        client = self._client
        if client is None:
            raise ConnectionError("lost the broker while making the game")
        await client.subscribe(topics.game_requests(game), qos=1)
        self._publish(topics.game_owner(game), self.host_id.encode(), retain=True)
        room = self.host.rooms[game]
        self._hook(room)
        for seat in room.streams:  # a late subscriber to a seat's state finds its view at once
            if seat not in LAZY_STREAMS:
                snapshot = self.host.snapshot(room, seat, None, room.streams[seat].seq)
                self._publish(topics.seat_state(game, seat), self.codec.encode_server(snapshot), retain=True)

    async def _reissued(self, room: Room, seat: str, token: str) -> None:
        """A seat's link was re-issued: its broker client is made again with the new token as
        its password. Deleting the client first disconnects every gateway connection that holds
        the seat with the old one, and the old token then opens nothing on the bus."""
        commands = [*topics.forget_seat_commands(topics.seat_user(room.id, seat))[:1],
                    *topics.seat_commands(room.id, seat, token)[1:]]  # fmt: skip
        failed = [r for r in await self._dynsec_call(commands) if r.get("error")]
        if failed:
            raise RuntimeError(f"the broker refused the seat's new credentials: {failed}")

    # Ended games -----------------------------------------------------------------------------

    def _ended(self, game: str, users: list[str]) -> None:
        """The game is over: delete its seats' credentials once the grace period is past."""
        if game in self._ending:
            return
        self._ending.add(game)
        self._spawn(self._forget_later(game, users))

    async def _forget_later(self, game: str, users: list[str]) -> None:
        await asyncio.sleep(self.ended_grace)
        await self._forget({game: users})

    async def _forget_ended_games(self, ended: set[str]) -> None:
        """At start-up: delete the broker credentials left for games the store says ended (their
        grace counted from now), found by listing the broker's clients."""
        ended -= self._ending
        if not ended:
            return
        self._ending |= ended
        await asyncio.sleep(self.ended_grace)
        try:
            listing = {"command": "listClients", "verbose": False, "count": -1, "offset": 0}
            listed = await self._dynsec_call([listing])
            names = listed[0].get("data", {}).get("clients", [])
        except (TimeoutError, ConnectionError, KeyError, IndexError, AttributeError) as error:
            log.warning("host %s could not list the broker's clients (%r)", self.host_id, error)
            return
        users: dict[str, list[str]] = {}
        for name in names:
            game = name.partition(".")[0] if isinstance(name, str) else None
            if game in ended:
                users.setdefault(game, []).append(name)
        if users:
            await self._forget(users)

    async def _forget(self, users: dict[str, list[str]]) -> None:
        """Delete these games' seat clients and roles (`{game}.{seat}`), clear the seats' retained
        state and stop taking the games' requests. A client or role already gone is no error."""
        names = [name for seats in users.values() for name in seats]
        commands = [command for name in names for command in topics.forget_seat_commands(name)]
        try:
            async with asyncio.timeout(30):
                await self.ready.wait()
            for start in range(0, len(commands), DYNSEC_BATCH):
                responses = await self._dynsec_call(commands[start : start + DYNSEC_BATCH])
                failed = [r for r in responses if r.get("error") and "not found" not in r["error"]]
                if failed:
                    log.warning("host %s: the broker kept credentials: %s", self.host_id, failed[:3])
        except (TimeoutError, ConnectionError) as error:
            log.warning("host %s kept ended games' credentials (%r) to its next start", self.host_id, error)
            return
        for game, names in users.items():
            for name in names:
                self._publish(f"{topics.PREFIX}/seat/{name}/state", b"", retain=True)  # empty: unretained
            client = self._client
            if client is not None:
                with contextlib.suppress(aiomqtt.MqttError):
                    await client.unsubscribe(topics.game_requests(game))
        log.info("host %s deleted the broker credentials of %d ended games", self.host_id, len(users))
        self.forgotten.set()

    # The dynamic-security plugin -------------------------------------------------------------

    async def _dynsec_call(self, commands: list[dict[str, Any]], deadline: float = 10.0) -> list[dict]:
        """Run dynamic-security commands in one message; their responses, in order."""
        if self._client is None:
            raise ConnectionError("the broker is away")
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
        return responses

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
                stops[seat] = room.streams[seat].listen(self._publisher(room, seat))

    def _publisher(self, room: Room, seat: str) -> Any:
        topic, encode = topics.seat_stream(room.id, seat), self.codec.encode_server
        if seat in LAZY_STREAMS:
            return lambda message: self._publish(topic, encode(message))
        state = topics.seat_state(room.id, seat)

        def publish(message: Any) -> None:
            frame = encode(message)
            self._publish(topic, frame)
            if isinstance(message, wire.Observation):
                self._publish(state, frame, retain=True)  # the seat's latest view, for late subscribers
            elif isinstance(message, wire.GameOver):
                self._ended(room.id, [topics.seat_user(room.id, s) for s in room.streams])

        return publish

    def _arrive(self, room: Room, seat: str, connection: str) -> None:
        present = self._present.setdefault((room.id, seat), set())
        if connection in present:
            return  # the same gateway connection joining again (after a broker restart)
        present.add(connection)
        self.host.seen(room, seat, +1)
        stops = self._hooked[room.id]
        if seat in LAZY_STREAMS and seat not in stops:
            stops[seat] = room.streams[seat].listen(self._publisher(room, seat))

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

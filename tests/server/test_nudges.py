"""Nudges that cannot stall the server or reach inside its network.

Misbehaving destinations on 127.0.0.1 (a webhook that drips its answer a byte at a time, one that
never answers, an SMTP server that drips its greeting) beside a healthy webhook: each attempt is
cut off, retried and given up, each game's umpire is told in words, and the healthy game's nudges
all arrive meanwhile. Webhooks at private addresses are refused unless the server allows them,
at the time they are set and again at each nudge, and a redirect is not followed."""

from __future__ import annotations

import asyncio
import logging
import socket

import pytest

from fogbank import protocols as wire
from fogbank.server import delivery
from fogbank.server.app import Server
from fogbank.server.nudges import Smtp
from fogbank.server.outbound import public
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_club import Webhook, ask
from .test_end_to_end import open_peer


class Misbehaving:
    """A server on 127.0.0.1 that takes connections and then `behave(reader, writer)`s."""

    def __init__(self, behave) -> None:
        self.behave = behave
        self.connections = 0

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._take, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _take(self, reader, writer) -> None:
        self.connections += 1
        try:
            await self.behave(reader, writer)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.transport.abort()

    def close(self) -> None:
        self.server.close()


async def drip(reader, writer) -> None:
    """Reads the request, then answers a byte every 50 ms, never finishing its status line."""
    await reader.readuntil(b"\r\n\r\n")
    while True:
        writer.write(b"H")
        await writer.drain()
        await asyncio.sleep(0.05)


async def hang(reader, writer) -> None:
    """Takes the connection and never says a word."""
    await asyncio.Event().wait()


async def drip_greeting(reader, writer) -> None:
    """An SMTP server that sends its greeting a byte every 50 ms, for ever."""
    while True:
        writer.write(b"2")
        await writer.drain()
        await asyncio.sleep(0.05)


async def redirect(reader, writer) -> None:
    await reader.readuntil(b"\r\n\r\n")
    writer.write(b"HTTP/1.1 307 Temporary Redirect\r\nLocation: http://127.0.0.1:9/inside\r\n"
                 b"Content-Length: 0\r\n\r\n")
    await writer.drain()


@pytest.fixture
def quick(monkeypatch):
    """Attempts cut off after half a second, tried again after a tenth: a test's time, not a club's."""
    monkeypatch.setattr(delivery, "ATTEMPT", 0.5)
    monkeypatch.setattr(delivery, "RETRY_AFTER", (0.1, 0.1))


async def first_phase(server, room) -> None:
    """The phase now open ordered in the toy game (every seat orders): the next opens, in a turn
    the chat has not been told of (the game's first phase opened as it was made, before anyone
    was nudged; a fire phase's next is the next turn's move phase): the chat's nudge."""
    state = room.tip.state
    for seat in ("blue1", "blue2", "red1", "red2"):
        await server.host.order(room, seat, state.turn, {"move": 0} if state.phase == "move" else {})


async def turns(server, room, count: int) -> None:
    """`count` turns opened in the toy game (every seat orders in each phase): the chat's nudge
    each (one a turn, whatever its phases)."""
    for _ in range(count):
        turn = room.tip.state.turn
        while room.tip.state.turn == turn:
            state = room.tip.state
            for seat in ("blue1", "blue2", "red1", "red2"):
                await server.host.order(room, seat, state.turn, {"move": 0} if state.phase == "move" else {})


def ended(server, room) -> bool:
    """Whether an attempt at one of the game's nudges has ended."""
    return any(told["last"] for told in server.host.nudges.report(room.id))


async def until(condition, what: str, seconds: float = 60.0) -> None:
    """Wait for `condition()`; a generous limit, so a loaded machine passes and a stall fails."""
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.02)


async def test_a_slow_or_hanging_destination_delays_no_other_games_nudges(tmp_path, quick, caplog):
    dripper, hanger, dripping_mail = Misbehaving(drip), Misbehaving(hang), Misbehaving(drip_greeting)
    ports = [await dripper.start(), await hanger.start(), await dripping_mail.start()]
    healthy = Webhook()
    server = await Server.start(port=0, data=tmp_path, allow_private_nudges=True,
                                smtp=Smtp("127.0.0.1", ports[2], sender="club@example.org"))  # fmt: skip
    caplog.set_level(logging.WARNING, logger="fogbank.nudges")
    try:
        games = [await server.create_game("picket") for _ in range(4)]
        rooms = [server.host.rooms[g["game"]] for g in games]
        umpires = [await open_peer(server, g["umpire_token"]) for g in games]
        stuck = [f"http://127.0.0.1:{ports[0]}/drip?key=sekrit", f"http://127.0.0.1:{ports[1]}/hang?key=sekrit"]
        await ask(umpires[0], lambda ref: wire.SetNudges(ref=ref, webhook=stuck[0]))
        await ask(umpires[1], lambda ref: wire.SetNudges(ref=ref, webhook=stuck[1]))
        await ask(umpires[2], lambda ref: wire.SetNudges(ref=ref, addresses={"blue1": "bravo@example.org"}))
        await ask(umpires[3], lambda ref: wire.SetNudges(ref=ref, webhook=healthy.url))
        for room in rooms[:3]:  # the stuck destinations get theirs first: more than their queues hold
            for turn in range(delivery.QUEUED + 6):
                server.host.nudges.turn_told.clear()  # a turn's nudge each time, as if turns went by
                server.host.nudges.due_told.clear()
                server.host.nudges.phase_opened(room, None, frozenset({"blue1"}))
        await turns(server, rooms[3], 5)
        await until(lambda: len(healthy.posts) == 5, "the healthy game's nudges")
        assert all(post["fogbank"]["game"] == games[3]["game"] for post in healthy.posts)

        # Each stuck game's umpire is told, in words, what became of its nudges.
        def outcome(index):
            nudged = server.host.games(rooms[index], "umpire")[0]["nudged"]
            return nudged[0] if nudged and nudged[0]["failed"] else None

        for index in range(3):
            await until(lambda index=index: outcome(index) is not None, f"game {index}'s failure")
            told = outcome(index)
            assert told["last"]["ok"] is False and told["last"]["code"] == "nudge_timeout", told
            assert "over 0.5 seconds" in told["last"]["message"]
            assert told["dropped"] >= 4 and told["sent"] == 0
        listed = await ask(umpires[0], lambda ref: wire.ListGames(ref=ref))
        assert listed.games[0]["nudged"][0]["to"] == f"http://127.0.0.1:{ports[0]}/…"
        assert dripper.connections >= 3  # tried again after the first attempt was cut off
        logged = "\n".join(record.getMessage() for record in caplog.records)
        assert "nudge_timeout" in logged and "sekrit" not in logged and "/drip" not in logged
        for token in (t for g in games for t in (*g["seats"].values(), g["umpire_token"])):
            assert token.rpartition(".")[2] not in logged
    finally:
        await server.close()
        healthy.close()
        for stub in (dripper, hanger, dripping_mail):
            stub.close()


async def test_a_webhook_at_a_private_address_is_refused_unless_the_server_allows_it(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    try:
        created = await server.create_game("picket")
        umpire = await open_peer(server, created["umpire_token"])
        for url in ("http://127.0.0.1:8080/hook", "http://localhost/hook", "https://[::1]/hook",
                    "http://[::ffff:10.0.0.1]/", "http://169.254.169.254/latest/meta-data", "http://0.0.0.0/"):
            refused = await umpire.request(lambda ref, url=url: wire.SetNudges(ref=ref, webhook=url))
            assert isinstance(refused, wire.Error) and refused.code == "private_address", (url, refused)
            assert "public addresses only" in refused.message
        refused = await umpire.request(lambda ref: wire.SetNudges(ref=ref, webhook="http://user:pw@example.org/"))
        assert refused.code == "bad_address"
        games = await ask(umpire, lambda ref: wire.ListGames(ref=ref))
        assert games.games[0]["webhook"] is None
    finally:
        await server.close()


async def test_a_name_looked_up_again_at_each_nudge_and_connected_to_as_checked(tmp_path, quick, monkeypatch):
    """Set while its name gives a public address, the webhook's name later gives the loopback (DNS
    rebinding): the nudge is refused at once, untried, and the umpire told why. The connection,
    when there is one, goes to the address looked up (no second look-up of its own)."""
    hook = Webhook()
    looked_up: list[str] = []
    answers = iter(["93.184.216.34", "127.0.0.1"])

    async def getaddrinfo(host, port, *args, **kwargs):
        looked_up.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), port))]

    server = await Server.start(port=0, data=tmp_path)
    try:
        monkeypatch.setattr(asyncio.get_running_loop(), "getaddrinfo", getaddrinfo)
        created = await server.create_game("picket")
        room = server.host.rooms[created["game"]]
        umpire = await open_peer(server, created["umpire_token"])
        await ask(umpire, lambda ref: wire.SetNudges(ref=ref, webhook=f"http://hooks.test:{hook.http.server_port}/h"))
        await first_phase(server, room)
        await until(lambda: ended(server, room), "the nudge's end")
        [told] = server.host.nudges.report(room.id)
        assert told["last"]["code"] == "private_address" and told["failed"] == 1
        assert looked_up == ["hooks.test", "hooks.test"]  # once when set, once to send
        assert hook.posts == []  # never tried
    finally:
        await server.close()
    server = await Server.start(port=0, data=tmp_path, allow_private_nudges=True)  # the LAN allowed
    try:
        answers = iter(["127.0.0.1"] * 2)
        looked_up.clear()
        room = server.host.rooms[created["game"]]
        await first_phase(server, room)
        await until(lambda: hook.posts, "the nudge")
        assert looked_up == ["hooks.test"]  # connected to the address it checked, not looked up twice
        assert hook.headers[-1]["Host"] == f"hooks.test:{hook.http.server_port}"
    finally:
        await server.close()
        hook.close()


async def test_a_redirect_is_not_followed(tmp_path, quick):
    redirecting = Misbehaving(redirect)
    port = await redirecting.start()
    server = await Server.start(port=0, data=tmp_path, allow_private_nudges=True)
    try:
        created = await server.create_game("picket")
        room = server.host.rooms[created["game"]]
        await server.host.set_nudges(room, f"http://127.0.0.1:{port}/hook", {})
        await first_phase(server, room)
        await until(lambda: ended(server, room), "the nudge's end")
        [told] = server.host.nudges.report(room.id)
        assert told["last"]["code"] == "redirected" and "not followed" in told["last"]["message"]
        assert redirecting.connections == 1  # not tried again: a redirect will not pass
    finally:
        await server.close()
        redirecting.close()


@pytest.mark.parametrize(
    "address, judged",
    [("8.8.8.8", True), ("2606:4700::1111", True), ("::ffff:8.8.8.8", True),
     ("127.0.0.1", False), ("10.1.2.3", False), ("172.16.0.1", False), ("192.168.1.1", False),
     ("169.254.169.254", False), ("100.64.0.1", False), ("0.0.0.0", False), ("224.0.0.1", False),
     ("240.0.0.1", False), ("255.255.255.255", False), ("192.0.0.8", False), ("198.18.0.1", False),
     ("203.0.113.5", False), ("::1", False), ("::", False), ("fe80::1", False), ("fe80::1%eth0", False),
     ("fc00::1", False), ("ff02::1", False), ("2001:db8::1", False), ("::ffff:127.0.0.1", False),
     ("64:ff9b::7f00:1", False), ("2002:7f00:1::1", False), ("2001:0:4136:e378:8000:63bf:3fff:fdd2", False),
     ("not an address", False)],
)  # fmt: skip
def test_only_public_addresses_are_public(address, judged):
    assert public(address) is judged


def test_a_destination_is_shown_without_its_key():
    assert delivery.shown("https://hooks.slack.com/services/T0/B0/SECRET?x=1") == "https://hooks.slack.com/…"
    assert delivery.shown("https://u:p@chat.example.org:8443/hook") == "https://chat.example.org:8443/…"
    assert delivery.shown("bravo@example.org") == "bravo@example.org"



async def test_a_finished_games_destinations_are_let_go_once_their_nudges_are_done():
    sent, hold = [], asyncio.Event()

    async def send(destination, nudge):
        if destination == "slow@example.org":
            await hold.wait()
        sent.append(nudge)

    post = delivery.Delivery(send)
    post.put("g1", "https://chat.example.org/hook", "opened")
    post.put("g1", "slow@example.org", "over")
    await until(lambda: sent == ["opened"], "the first nudge")
    post.let_go("g1")
    assert [told["to"] for told in post.report("g1")] == ["slow@example.org"]  # still on its way
    hold.set()

    def let_go() -> bool:
        post.let_go("g1")
        return post.report("g1") == []

    await until(let_go, "the destination let go once its nudge went")
    assert len(sent) == 2

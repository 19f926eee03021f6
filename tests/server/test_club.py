"""A club's game over real websockets: links re-issued, a seat handed to a built-in player and
taken back, whom a phase waits for, deadlines that pass (and survive a restart, and verify), and
the game's nudges posted to a webhook without a secret in them."""

from __future__ import annotations

import asyncio
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from fogbank import protocols as wire
from fogbank.rules.record.verify import verify_records
from fogbank.server.app import Server
from websockets.exceptions import ConnectionClosed

from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_end_to_end import MSGPACK, open_peer, server  # noqa: F401  (server: a fixture)


class Clock:
    """The deadlines' clock, moved on by the test instead of waited out."""

    def __init__(self, at: float = 1_750_000_000.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


class Webhook:
    """A chat service's webhook on 127.0.0.1: every JSON body posted to it, in order."""

    def __init__(self) -> None:
        self.posts: list[dict] = []
        self.headers: list[dict] = []
        self.arrived = threading.Event()
        hook = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802  (http.server's name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                hook.headers.append(dict(self.headers))
                hook.posts.append(json.loads(body))
                hook.arrived.set()
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_port}/hooks/club?key=abc"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    async def until(self, event: str) -> dict:
        for _ in range(500):
            found = [post for post in self.posts if post["fogbank"]["event"] == event]
            if found:
                return found[-1]
            await asyncio.sleep(0.02)
        raise AssertionError(f"no {event} posted: {self.posts}")

    def close(self) -> None:
        self.http.shutdown()


async def until(peer, kind, test):
    """The first message of `kind` on the peer's stream for which `test` holds."""
    while True:
        message = await peer.until(kind)
        if test(message):
            return message


async def ask(peer, make):
    reply = await peer.request(make)
    assert not isinstance(reply, wire.Error), reply
    return reply


async def test_a_reissued_link_shuts_the_old_one_out_and_the_seat_goes_on(server):
    created = await server.create_game("picket")
    old = created["seats"]["blue1"]
    umpire = await open_peer(server, created["umpire_token"])
    blue1 = await open_peer(server, old)
    await blue1.recv()  # the snapshot
    await ask(blue1, lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={"move": 1}))
    seq = blue1.welcome.seq

    reissued = await ask(umpire, lambda ref: wire.Reissue(ref=ref, seat="blue1"))
    assert isinstance(reissued, wire.Reissued) and reissued.token != old and reissued.token.startswith(created["game"])
    with pytest.raises(ConnectionClosed) as closed:  # its connection is closed at once
        while True:
            await blue1.recv()
    assert closed.value.rcvd.code == 1008
    again = await open_peer(server, old)
    assert isinstance(again.welcome, wire.Error) and again.welcome.code == "bad_token"

    fresh = await open_peer(server, reissued.token, last_seq=seq)  # the same stream, resumed
    assert fresh.welcome.seat == "blue1" and fresh.welcome.order_in  # its order is still in
    games = await ask(umpire, lambda ref: wire.ListGames(ref=ref))
    secret = reissued.token.rpartition(".")[2]
    assert secret not in json.dumps(games.games)  # a link is shown when it is made, never again
    assert server.store.find_token(__import__("hashlib").sha256(old.encode()).digest()) is None


async def test_closing_the_game_to_spectators_shuts_out_those_watching(server):
    created = await server.create_game("picket")
    umpire = await open_peer(server, created["umpire_token"])
    await ask(umpire, lambda ref: wire.SetSpectatorDelay(ref=ref, turns=0))
    watcher = await open_peer(server, created["spectator_token"])
    assert isinstance(watcher.welcome, wire.Welcome)
    await ask(umpire, lambda ref: wire.SetSpectatorDelay(ref=ref, turns=None))
    with pytest.raises(ConnectionClosed) as closed:  # closed at once, not left watching a frozen turn
        while True:
            await watcher.recv()
    assert closed.value.rcvd.code == 1008
    again = await open_peer(server, created["spectator_token"])
    assert isinstance(again.welcome, wire.Error) and again.welcome.code == "forbidden"


async def test_a_seat_handed_to_a_built_in_player_is_played_from_its_own_view_and_taken_back(server):
    created = await server.create_game("picket")
    room = server.host.rooms[created["game"]]
    umpire = await open_peer(server, created["umpire_token"])
    red2 = await open_peer(server, created["seats"]["red2"])
    await red2.recv()
    await ask(umpire, lambda ref: wire.StandIn(ref=ref, seat="red2", bot=True))
    for _ in range(200):  # the stand-in gives its order for the phase now open
        if "red2" in room.game.orders:
            break
        await asyncio.sleep(0.01)
    assert "red2" in room.game.orders
    refused = await red2.request(lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={"move": 1}))
    assert refused.code == "held_by_bot"
    for seat in ("blue1", "blue2", "red1"):  # the others order: the phase resolves, and the next...
        await server.host.order(room, seat, 1, {"move": 0})
    for _ in range(200):  # ...is ordered by the stand-in too
        if room.game.state.phase == "fire" and "red2" in room.game.orders:
            break
        await asyncio.sleep(0.01)
    assert room.game.state.phase == "fire" and "red2" in room.game.orders
    games = await ask(umpire, lambda ref: wire.ListGames(ref=ref))
    assert [s["bot"] for s in games.games[0]["seats"]] == [False, False, False, True]
    await ask(umpire, lambda ref: wire.StandIn(ref=ref, seat="red2", bot=False))
    for seat in ("blue1", "blue2", "red1"):
        await server.host.order(room, seat, 1, {})
    assert room.game.state.turn == 2 and "red2" not in room.game.orders  # nobody stands in now
    assert isinstance(await red2.request(lambda ref: wire.SubmitOrder(ref=ref, turn=2, order={"move": 1})), wire.Ack)


async def test_a_seat_is_told_the_consorts_it_sees_by_name_and_nothing_of_the_enemy(server):
    created = await server.create_game("picket")
    blue1 = await open_peer(server, created["seats"]["blue1"])
    assert blue1.welcome.waiting == {"seats": ["blue2"]}  # in sight: 2 and 5
    await blue1.recv()
    red1 = await open_peer(server, created["seats"]["red1"])
    await ask(red1, lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={"move": -1}))
    await ask(blue1, lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={"move": 1}))
    status = await blue1.until(wire.Status)  # the enemy's order sent it nothing; its own, this
    assert status.order_in and status.waiting == {"seats": ["blue2"]}
    blue2 = await open_peer(server, created["seats"]["blue2"])
    await ask(blue2, lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={"move": 0}))
    status = await blue1.until(wire.Status)
    assert status.order_in and status.waiting is None


async def test_a_deadline_passes_the_missing_order_sails_standing_and_the_log_verifies(tmp_path):
    clock = Clock()
    server = await Server.start(port=0, data=tmp_path, clock=clock)
    try:
        created = await server.create_game("picket")
        game_id = created["game"]
        umpire = await open_peer(server, created["umpire_token"])
        await ask(umpire, lambda ref: wire.SetDeadlines(ref=ref, every=3600, phases={"fire": 600}))
        blue2 = await open_peer(server, created["seats"]["blue2"])
        assert blue2.welcome.deadline == "2025-06-15T16:06:40Z"  # an hour from the clock's now
        room = server.host.rooms[game_id]
        for seat in ("blue1", "red1", "red2"):
            await server.host.order(room, seat, 1, {"move": 1 if seat == "blue1" else -1})
        clock.at += 1800
        await ask(umpire, lambda ref: wire.Extend(ref=ref, seconds=3600))  # an hour later: 17:06:40
        await until(blue2, wire.Status, lambda status: status.deadline == "2025-06-15T17:06:40Z")
    finally:
        await server.close()

    # A restart: the deadline comes back from the store, and passes on the clock as it now reads.
    server = await Server.start(port=0, data=tmp_path, clock=clock)
    try:
        room = server.host.rooms[game_id]
        assert server.host.deadlines.due_iso(room) == "2025-06-15T17:06:40Z"
        blue2 = await open_peer(server, created["seats"]["blue2"])
        await blue2.recv()
        clock.at = 1_750_000_000 + 7201  # a second past the deadline
        server.host.deadlines.wake()
        told = await blue2.until(wire.NarrativeMessage)
        assert told.text == "The deadline passed before your order came in: you sail under your standing order."
        observation = await blue2.until(wire.Observation)
        assert observation.phase == "fire" and observation.deadline == "2025-06-15T17:16:41Z"  # the fire phase's own
        assert observation.waiting == {"seats": ["blue1"]}
        umpire = await open_peer(server, created["umpire_token"])
        games = await ask(umpire, lambda ref: wire.ListGames(ref=ref))
        assert {s["seat"]: s["missed"] for s in games.games[0]["seats"]} == {"blue1": 0, "blue2": 1, "red1": 0, "red2": 0}
        log = [entry.record for entry in await server.store.load_log(game_id)]
        assert log[-1] == {"type": "input", "input": "deadline", "turn": 1, "phase": "move", "due": "2025-06-15T17:06:40Z"}
        await ask(umpire, lambda ref: wire.EndGame(ref=ref, reason="Enough."))
        over = await blue2.until(wire.GameOver)
        assert any(r.get("input") == "deadline" for r in over.log)
        verify_records(over.log)  # replays every input, the deadline's too, and checks every event
    finally:
        await server.close()


@pytest.fixture
async def lan(tmp_path):
    """A server that lets webhooks be on the loopback, as a club's own LAN would."""
    served = await Server.start(port=0, data=tmp_path, allow_private_nudges=True)
    yield served
    await served.close()


async def test_nudges_go_to_the_webhook_with_the_game_and_no_secret(lan):
    hook = Webhook()
    try:
        created = await lan.create_game("picket")
        room = lan.host.rooms[created["game"]]
        umpire = await open_peer(lan, created["umpire_token"])
        refused = await umpire.request(lambda ref: wire.SetNudges(ref=ref, webhook="ftp://example.org/x"))
        assert refused.code == "bad_address"
        await ask(umpire, lambda ref: wire.SetNudges(ref=ref, webhook=hook.url))
        for seat in ("blue1", "blue2", "red1", "red2"):
            await lan.host.order(room, seat, 1, {"move": 0})
        opened = await hook.until("turn_opened")
        assert opened["text"] == opened["content"] == f"picket (game {created['game']}): turn 1, fire is open."
        await ask(umpire, lambda ref: wire.EndGame(ref=ref, reason="The fog came down."))
        over = await hook.until("game_over")
        assert over["text"] == f"picket (game {created['game']}): the game is over. Blue: ended; Red: ended. The fog came down."
        secrets = [*created["seats"].values(), created["umpire_token"], created["spectator_token"]]
        posted = json.dumps(hook.posts)
        assert not any(token in posted or token.rpartition(".")[2] in posted for token in secrets)
    finally:
        hook.close()


async def test_a_player_is_nudged_once_a_turn_where_they_choose_and_the_chat_once_a_turn(lan):
    """Issue 37: 2 phases a turn used to post 2 nudges a turn to the chat, and only the umpire
    could say where a player's went. Now the chat hears each turn once and the result at the end;
    a player sets a webhook of their own from their seat (and turns it off), hears once a turn
    that their orders are due, with the consorts their own view shows still to order."""
    chat, own = Webhook(), Webhook()
    try:
        created = await lan.create_game("picket")
        room = lan.host.rooms[created["game"]]
        umpire = await open_peer(lan, created["umpire_token"])
        blue1 = await open_peer(lan, created["seats"]["blue1"])
        assert blue1.welcome.nudge_to == ""
        for to, code in (("blue1@example.org", "no_mail"), ("ftp://example.org/", "bad_address")):
            assert (await blue1.request(lambda ref, to=to: wire.NudgeMe(ref=ref, to=to))).code == code
        assert (await umpire.request(lambda ref: wire.NudgeMe(ref=ref, to=own.url))).code == "forbidden"
        await ask(blue1, lambda ref: wire.NudgeMe(ref=ref, to=own.url))
        assert (await open_peer(lan, created["seats"]["blue1"])).welcome.nudge_to == own.url
        assert (await open_peer(lan, created["seats"]["blue2"])).welcome.nudge_to == ""  # her own, no one else's
        listed = await umpire.request(lambda ref: wire.ListGames(ref=ref))
        assert next(s for s in listed.games[0]["seats"] if s["seat"] == "blue1")["address"] == own.url
        await ask(umpire, lambda ref: wire.SetNudges(ref=ref, webhook=chat.url))
        for _ in range(3):  # three turns of two phases each, blue2 (her consort, in sight) last
            turn = room.tip.state.turn
            while room.tip.state.turn == turn:
                state = room.tip.state
                for seat in ("blue1", "red1", "red2", "blue2"):
                    await lan.host.order(room, seat, state.turn, {"move": 0} if state.phase == "move" else {})
                await settled(lan.host)  # the phase opened is nudged before the players order in it
        await until_posted(chat, 4)  # turns 1 (from its fire phase), 2, 3 and 4
        await until_posted(own, 4)
        assert [p["fogbank"]["event"] for p in chat.posts] == ["turn_opened"] * 4
        assert [p["text"].partition(": ")[2] for p in chat.posts] == [
            "turn 1, fire is open.", "turn 2, move is open.", "turn 3, move is open.", "turn 4, move is open."]
        assert [(p["fogbank"]["event"], p["fogbank"]["seat"]) for p in own.posts] == [("your_turn", "blue1")] * 4
        assert own.posts[1]["text"] == "HMS Alpha: your orders are due for turn 2, move. Also to order: HMS Bravo."
        assert "HMS Bravo" not in json.dumps(chat.posts)  # the chat, every side's, names nobody awaited
        await ask(blue1, lambda ref: wire.NudgeMe(ref=ref, to=None))  # off
        assert (await open_peer(lan, created["seats"]["blue1"])).welcome.nudge_to == ""
        await ask(umpire, lambda ref: wire.EndGame(ref=ref, reason="The fog came down.",
                                                   results={"blue": "victory", "red": "defeat"}))
        over = await chat.until("game_over")
        assert over["text"].endswith("the game is over. Blue: victory; Red: defeat. The fog came down.")
        assert len(own.posts) == 4  # turned off: not told the end
    finally:
        chat.close()
        own.close()


async def settled(host) -> None:
    from .noninterference import settled as host_settled

    await host_settled(host)


async def until_posted(hook, count: int) -> None:
    for _ in range(500):
        if len(hook.posts) >= count:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{len(hook.posts)} posts, not {count}: {hook.posts}")


async def test_the_umpires_controls_refuse_what_they_cannot_do_in_words(server):
    created = await server.create_game("picket")
    umpire = await open_peer(server, created["umpire_token"])
    seat = await open_peer(server, created["seats"]["blue1"], codec=MSGPACK)
    for make, code in [
        (lambda ref: wire.Reissue(ref=ref, seat="umpire"), "unknown_seat"),
        (lambda ref: wire.StandIn(ref=ref, seat="nobody", bot=True), "unknown_seat"),
        (lambda ref: wire.SetDeadlines(ref=ref, every=0), "out_of_range"),
        (lambda ref: wire.SetDeadlines(ref=ref, phases={"lunch": 60}), "unknown_phase"),
        (lambda ref: wire.Extend(ref=ref, seconds=60), "no_deadline"),
        (lambda ref: wire.SetNudges(ref=ref, addresses={"blue1": "not an address"}), "bad_address"),
    ]:
        reply = await umpire.request(make)
        assert isinstance(reply, wire.Error) and reply.code == code and reply.message, (code, reply)
    for make in (lambda ref: wire.Reissue(ref=ref, seat="blue2"), lambda ref: wire.Extend(ref=ref, seconds=60)):
        assert (await seat.request(make)).code == "forbidden"


def test_behind_a_proxy_wrong_tokens_count_against_the_address_it_forwards():
    """`--behind-proxy`: a connection from the loopback (the proxy) is the client's whose address
    the proxy added last to X-Forwarded-For; from elsewhere, or without the flag, the peer's own."""
    from types import SimpleNamespace

    from fogbank.server.gateway import client_address
    from websockets.datastructures import Headers

    def peer(address, forwarded):
        return SimpleNamespace(remote_address=(address, 5000),
                               request=SimpleNamespace(headers=Headers({"X-Forwarded-For": forwarded})))

    assert client_address(peer("127.0.0.1", "203.0.113.9, 198.51.100.7"), proxied=True) == "198.51.100.7"
    assert client_address(peer("127.0.0.1", "198.51.100.7"), proxied=False) == "127.0.0.1"
    assert client_address(peer("192.0.2.1", "198.51.100.7"), proxied=True) == "192.0.2.1"
    assert client_address(peer("::1", ""), proxied=True) == "::1"


async def test_a_stand_in_whose_order_resolves_the_phase_orders_in_the_next_one_too(server):
    created = await server.create_game("picket")
    room = server.host.rooms[created["game"]]
    for seat in ("blue1", "blue2", "red1"):
        await server.host.order(room, seat, 1, {"move": 0})
    await server.host.stand_ins.hand(room, "red2")  # its order is the last of the move phase
    for _ in range(300):
        if room.game.state.phase == "fire" and "red2" in room.game.orders:
            break
        await asyncio.sleep(0.01)
    assert (room.game.state.phase, sorted(room.game.orders)) == ("fire", ["red2"])


class MailServer:
    """Just enough SMTP on 127.0.0.1 to take mail from smtplib: each message's envelope and text."""

    def __init__(self) -> None:
        self.mail: list[dict] = []

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._talk, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _talk(self, reader, writer) -> None:
        envelope: dict = {"to": []}
        writer.write(b"220 localhost ready\r\n")
        while line := (await reader.readline()).decode():
            verb = line[:4].upper()
            if verb in ("EHLO", "HELO"):
                writer.write(b"250 localhost\r\n")
            elif verb == "MAIL":
                envelope = {"from": line.strip(), "to": []}
                writer.write(b"250 OK\r\n")
            elif verb == "RCPT":
                envelope["to"].append(line.strip().partition(":")[2].strip("<>"))
                writer.write(b"250 OK\r\n")
            elif verb == "DATA":
                writer.write(b"354 go on\r\n")
                await writer.drain()
                text = (await reader.readuntil(b"\r\n.\r\n")).decode()
                self.mail.append({**envelope, "text": text})
                writer.write(b"250 OK\r\n")
            elif verb == "QUIT":
                writer.write(b"221 bye\r\n")
                await writer.drain()
                break
            else:
                writer.write(b"250 OK\r\n")
            await writer.drain()
        writer.close()

    async def until(self, count: int) -> list[dict]:
        for _ in range(500):
            if len(self.mail) >= count:
                return self.mail
            await asyncio.sleep(0.02)
        raise AssertionError(f"{len(self.mail)} messages, not {count}")


async def test_a_seat_with_an_address_is_mailed_its_own_news_and_no_secret(tmp_path):
    from fogbank.server.nudges import Smtp

    mail = MailServer()
    port = await mail.start()
    clock = Clock()
    server = await Server.start(port=0, data=tmp_path, clock=clock,
                                smtp=Smtp("127.0.0.1", port, sender="club@example.org"))  # fmt: skip
    try:
        created = await server.create_game("picket")
        room = server.host.rooms[created["game"]]
        umpire = await open_peer(server, created["umpire_token"])
        await ask(umpire, lambda ref: wire.SetNudges(ref=ref, addresses={"blue2": "bravo@example.org"}))
        await ask(umpire, lambda ref: wire.SetDeadlines(ref=ref, every=3600))
        for seat in ("blue1", "red1", "red2"):
            await server.host.order(room, seat, 1, {"move": 0})
        clock.at += 3000
        server.host.deadlines.wake()  # within the last quarter of its hour: the deadline is near
        [near] = await mail.until(1)
        assert near["to"] == ["bravo@example.org"] and "Subject: Your orders are due soon: picket" in near["text"]
        assert "HMS Bravo: your orders for turn 1, move are not in" in near["text"]
        clock.at += 601
        server.host.deadlines.wake()  # passed: the fire phase opens, and blue2 must act in it
        due = (await mail.until(2))[1]
        assert "Subject: Your orders are due: picket" in due["text"] and "turn 1, fire" in due["text"]
        text = json.dumps(mail.mail)
        assert not any(token.rpartition(".")[2] in text for token in [*created["seats"].values(), created["umpire_token"]])
        assert all(message["to"] == ["bravo@example.org"] for message in mail.mail)  # nobody else has an address
    finally:
        await server.close()
        mail.server.close()


def admin_call(running):
    """A blocking call of the games page's requests (/admin/...) to a running server: (status,
    JSON or the sentence)."""
    import urllib.error
    import urllib.request

    base = f"http://127.0.0.1:{running.port}"

    def call(path, method="GET", key=running.admin_key):
        request = urllib.request.Request(f"{base}{path}", method=method, headers={"Authorization": f"Bearer {key}"})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    return call


async def test_the_games_page_lists_every_game_and_archives_a_finished_one(server):
    """/admin/scenarios, /admin/games and /admin/archive, with the admin key and without."""
    call = admin_call(server)
    assert (await asyncio.to_thread(call, "/admin/games", key="wrong"))[0] == 401
    status, listed = await asyncio.to_thread(call, "/admin/scenarios")
    river = next(s for s in listed["scenarios"] if s["scenario"] == "river_plate")
    assert river["options"]["seats"] == {"default": "ship", "choices": ["ship", "side"],
                                         "help": "one seat per ship, or one per side commanding all its ships"}
    first, second = await server.create_game("picket"), await server.create_game("b11")
    await server.host.order(server.host.rooms[first["game"]], "red1", 1, {"move": 1})
    status, games = await asyncio.to_thread(call, "/admin/games")
    entry = next(g for g in games["games"] if g["game"] == first["game"])
    assert (entry["turn"], entry["phase"], entry["status"]) == (1, "move", "running")
    assert entry["waiting"] == ["HMS Alpha", "HMS Bravo", "SMS Dora"]  # the umpire's page: every seat by title
    assert entry["active"] and first["umpire_token"].rpartition(".")[2] not in json.dumps(games)
    status, refused = await asyncio.to_thread(call, f"/admin/archive?game={second['game']}", "POST")
    assert status == 409 and "Only a finished game" in refused
    umpire = await open_peer(server, second["umpire_token"])
    await ask(umpire, lambda ref: wire.EndGame(ref=ref, reason="Done."))
    status, _ = await asyncio.to_thread(call, f"/admin/archive?game={second['game']}", "POST")
    assert status == 200
    status, games = await asyncio.to_thread(call, "/admin/games")
    assert [g["game"] for g in games["games"]] == [first["game"]]
    status, games = await asyncio.to_thread(call, "/admin/games?archived=1")
    assert {g["game"]: g["archived"] for g in games["games"]} == {first["game"]: False, second["game"]: True}

    # A lost umpire's link is not shown again (the server keeps none): a new one cuts it off.
    console = await open_peer(server, first["umpire_token"])
    reissue = f"/admin/reissue?game={first['game']}&seat="
    status, reissued = await asyncio.to_thread(call, reissue + "umpire", "POST")
    assert status == 200 and reissued["link"].startswith(f"http://127.0.0.1:{server.port}/umpire#token={first['game']}.umpire.")
    with pytest.raises(ConnectionClosed):  # the console open with the old link is shut out
        while True:
            await console.recv()
    assert (await open_peer(server, first["umpire_token"])).welcome.code == "bad_token"
    again = await open_peer(server, reissued["link"].partition("#token=")[2])
    assert again.welcome.seat == "umpire"
    assert (await asyncio.to_thread(call, "/admin/reissue?game=nope&seat=umpire", "POST"))[0] == 404
    assert (await asyncio.to_thread(call, reissue + "nobody", "POST"))[0] == 400

async def test_a_game_is_made_by_a_post_and_a_get_is_answered_405_making_none(server):  # noqa: F811
    """What changes the server is a POST: a GET (a browser's history, a proxy, a link checker)
    makes no game and archives nothing; it is told why. The admin key is still asked first."""
    call = admin_call(server)
    assert (await asyncio.to_thread(call, "/admin/new?scenario=b11", key="wrong"))[0] == 401
    status, said = await asyncio.to_thread(call, "/admin/new?scenario=b11")
    assert (status, said) == (405, "/admin/new changes the server: send it as a POST, not a GET.\n")
    assert server.host.rooms == {}
    assert await asyncio.to_thread(_allowed, server, "/admin/new?scenario=b11") == "POST"
    for path in ("/admin/archive?game=x", "/admin/rename?game=x&name=y", "/admin/reissue?game=x&seat=umpire"):
        assert (await asyncio.to_thread(call, path))[0] == 405
    status, created = await asyncio.to_thread(call, "/admin/new?scenario=b11", "POST")
    assert status == 200 and list(server.host.rooms) == [created["game"]]


def _allowed(running, path):
    """The Allow header of a GET of `path` that is answered 405."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(
        f"http://127.0.0.1:{running.port}{path}", headers={"Authorization": f"Bearer {running.admin_key}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 405
    return refused.value.headers["Allow"]


async def test_a_request_with_a_field_of_the_wrong_type_is_answered_by_its_ref(server):
    """`deadlines` with "phases": null had no reply at all: its error carried no ref, and a page
    waiting on the ref waited for ever. Every request gets a reply or a coded error, as itself."""
    from websockets.asyncio.client import connect

    created = await server.create_game("picket")
    async with connect(f"ws://127.0.0.1:{server.port}/", subprotocols=[wire.JSON]) as websocket:
        await websocket.send(json.dumps({"type": "join", "token": created["umpire_token"]}))
        await websocket.recv()
        for frame in ({"type": "deadlines", "ref": 7, "every": 60, "phases": None},
                      {"type": "hold", "ref": 8, "held": "yes"},
                      {"type": "extend", "ref": 9, "seconds": "soon"}):
            await websocket.send(json.dumps(frame))
            while True:
                reply = json.loads(await asyncio.wait_for(websocket.recv(), 10))
                if reply["type"] == "error":
                    break
            assert reply["ref"] == frame["ref"] and reply["code"] == "bad_field" and reply["message"], reply

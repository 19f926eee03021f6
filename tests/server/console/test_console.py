"""The umpire's console in a real headless Chromium, against an embedded server on 127.0.0.1.

A bot commands the submarine over the wire while the test reads the console as the umpire would:
the shell loads the game's ruleset module (Dardanelles) and draws its truth and map layers; the
record sheet gains a row a turn from the stream alone, and the dice log fills; an override goes
in the record with its reason; the view as the submarine sees it holds none of the truth; ending
the game, with a result per side, reveals the seed.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from websockets.asyncio.client import connect as ws_connect

from fogbank import protocols as wire
from fogbank.clients import Client
from fogbank.rules.dardanelles.bot import BotSubmarine
from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect, open_page  # noqa: F401  (browser: a fixture)
from .conftest import SEED

SUBPROTOCOL = "fogbank.v1.json"
ARTIFACTS = Path(__file__).parent / "artifacts"
TURNS = 3
ORDER_WORDS = re.compile(r"^(N|NE|E|SE|S|SW|W|NW) \d, \w+")  # the Dardanelles module's words for an order

pytestmark = needs(CHROMIUM)


@pytest.fixture
async def page(browser):
    errors: list[str] = []
    yield await open_page(browser, 1440, 1000, errors)
    assert not errors, errors


async def requests_sent(page) -> dict[str, int]:
    """The requests the console has sent, by type (it counts them on `window.fogbankConsole`)."""
    return await page.evaluate("window.fogbankConsole.requests")


async def sheet_cells(page) -> list[list[str]]:
    """The record sheet's cells, a list a row, all but the seats' orders."""
    cells = "[...row.cells].filter(c => !c.dataset.column.startsWith('order-')).map(c => c.innerText)"
    return await page.locator("#pane-sheet .sheet tbody tr").evaluate_all(f"rows => rows.map(row => {cells})")


async def play_turns(client: Client, bot: BotSubmarine, turns: int, seen: list) -> None:
    """The bot orders `turns` turns; every stream message the seat gets is kept in `seen`."""
    played = 0
    async for message in client.stream():
        if not isinstance(message, wire.Snapshot):  # the join's snapshot is a reply, not the stream's
            seen.append(message)
        if isinstance(message, (wire.Snapshot, wire.Observation)):
            if played == turns:
                return
            await client.submit(bot.order(message.view), message.turn)
            played += 1


async def test_the_umpire_runs_a_game_from_the_browser(server, page):
    created = await server.create_game("b11")
    game_id = created["game"]
    url = f"http://127.0.0.1:{server.port}"

    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    await page.goto(f"{url}/umpire#token={created['umpire_token']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    await page.wait_for_selector("#chart .boat-true")

    # The shell knows no ruleset: it loaded the Dardanelles module and its map geometry, and they
    # drew the truth panel and the layers.
    assert f"{url}/umpire/rulesets/dardanelles/module.js" in fetched
    assert f"{url}/web/maps/squares.js" in fetched
    truth_panel = page.locator("#truth")
    assert "B11, the truth" in await truth_panel.inner_text()
    roster = truth_panel.locator(".vessels-list tbody tr")
    assert await roster.count() == len(server.host.rooms[game_id].game.state.board.vessels)
    messudieh = roster.filter(has_text="Messudieh")
    assert "battleship" in await messudieh.inner_text() and "afloat" in await messudieh.inner_text()
    assert await truth_panel.locator(".minefields-list li").count() > 0
    assert await page.locator('#layers input[data-layer="minefields"]').is_checked()

    # The token stays in the browser: out of the address bar, in the tab's sessionStorage and
    # in the browser's list of its games (localStorage), never in a cookie.
    assert page.url == f"{url}/umpire"
    stored = await page.evaluate("[sessionStorage.getItem('fogbank.umpire.token'),"
                                 " localStorage.getItem('fogbank.kept'), document.cookie]")
    assert stored[0] == created["umpire_token"] and stored[2] == ""
    kept = [(k["page"], k["seat"], k["token"]) for k in json.loads(stored[1])]
    assert kept == [("umpire", "umpire", created["umpire_token"])]

    # The umpire's map at the start: the chart's overlays and the truth.
    chart = page.locator("#chart")
    assert await chart.locator(".land rect").count() > 0
    for layer in ("tidal", "searchlight", "batteries"):
        assert await chart.locator(f'[data-layer="{layer}"]').count() == 1
    assert await chart.locator(".drift").count() > 10
    assert await chart.locator('[data-layer="minefields"] .minefield').count() > 0
    assert await chart.locator(".vessel").count() > 0
    assert await chart.locator(".grid-labels text", has_text=re.compile("^A$")).count() == 2
    assert await chart.locator(".boat-true").get_attribute("data-square") == "D5"

    # A bot commands the submarine for a few turns; the console follows.
    seat_messages: list = []
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["submarine"]) as sub:
        # Straight up the Straits, not hunting: it dives on the second turn, so the crew hears
        # vessels within the first turns (the hunter would wait for dark on the surface).
        bot = BotSubmarine(sub.welcome.chart, ["Sari Sighlar Bay"], hunt=None)
        await play_turns(sub, bot, TURNS, seat_messages)

        truth = server.host.rooms[game_id].game.state.board.boat
        sheet = page.locator("#pane-sheet .sheet tbody")
        await sheet.locator(f'tr[data-turn="{TURNS}"]:not(.current)').wait_for()
        assert await sheet.locator("tr:not(.current)").count() == TURNS
        last = sheet.locator(f'tr[data-turn="{TURNS}"]:not(.current)')
        true_square = await last.locator('td[data-column="square"]').inner_text()
        await page.wait_for_selector(f'#chart .boat-true[data-square="{true_square}"]')
        assert await chart.locator(".true-track circle").count() == TURNS + 1
        assert await chart.locator(".plotted-track circle").count() == TURNS + 1
        assert (await last.locator('td[data-column="air"]').inner_text()) == str(truth.air)
        assert "heard" in (await sheet.inner_text()) or "seen" in (await sheet.inner_text())
        # Each row came from the stream: `history` was asked for once, on joining, and no more.
        assert (await requests_sent(page)).get("history") == 1
        # The turns' hours, one after another, from the start of the scenario.
        hours = await sheet.locator('tr:not(.current) td[data-column="time"]').all_inner_texts()
        assert hours == ["04:00", "05:00", "06:00"][:TURNS]

        # The dice log: every roll, and filtered by table.
        await page.click('[role=tab][data-pane="dice"]')
        dice = page.locator("#dice .dice tbody tr")
        all_rolls = await dice.count()
        assert all_rolls > TURNS
        await page.select_option("#dice-filter", "hydrophone")
        hydrophone = await dice.count()
        # A boat lying at the bottom only listens: every roll may be a hydrophone's, so the
        # filter is judged by what it shows (only hydrophone rows) rather than by what it hides.
        assert 0 < hydrophone <= all_rolls
        assert set(await dice.evaluate_all("rows => rows.map(r => r.dataset.table)")) == {"hydrophone"}

        # An override needs a reason, and goes in the record with it.
        await page.select_option("#override-kind", "set_air")
        await page.fill("#override-value", "7")
        assert await page.locator("#override-apply").is_disabled()
        await page.fill("#override-reason", "A leaking air bottle, found on inspection")
        await page.click("#override-apply")
        await page.click('[role=tab][data-pane="log"]')
        override_row = page.locator("#pane-log tr.kind-override")
        await override_row.wait_for()
        assert "air set from" in await override_row.inner_text()
        assert "A leaking air bottle" in await override_row.inner_text()
        await expect(page.locator("#truth")).to_contain_text(" 7 h")
        assert server.host.rooms[game_id].game.state.board.boat.air == 7
        assert "A leaking air bottle" in await page.locator("#pane-sheet .sheet tr.current").text_content()

        # Holding turns for release, and letting go.
        await page.check("#hold")
        await page.wait_for_selector("#games .game-head:has-text('held')")
        assert server.host.rooms[game_id].game.held
        await page.uncheck("#hold")
        await page.wait_for_selector("#games .game-head:not(:has-text('held'))")

        # A narrative to the seat; the seat's client gets it.
        await page.fill("#narrate-text", "The first lieutenant reports a smell of chlorine.")
        await page.click("#narrate-send")
        async for message in sub.stream():  # the override's ruling told first, in words
            seat_messages.append(message)
            if isinstance(message, wire.NarrativeMessage) and "chlorine" in message.text:
                break
        ruling = [m.text for m in seat_messages if isinstance(m, wire.NarrativeMessage)][0]
        assert ruling == "The umpire's ruling has changed your picture of the game: see your map."
        try:  # and the status that follows it, from a server that sends one after a narrative
            seat_messages.append(await asyncio.wait_for(anext(sub.stream()), 1.0))
        except TimeoutError:
            pass

        # A reload draws from `history` the same sheet the stream built row by row, the orders
        # too (which an older server's updates do not carry).
        await page.click('[role=tab][data-pane="sheet"]')
        await page.wait_for_selector("#pane-sheet .sheet tr.current:has-text('chlorine')")
        built = await sheet_cells(page)
        await page.reload()
        await page.wait_for_selector("#pane-sheet .sheet tr.current:has-text('chlorine')")
        assert await sheet_cells(page) == built
        orders = await sheet.locator('tr.resolved td[data-column="order-submarine"]').all_inner_texts()
        assert len(orders) == TURNS and all(ORDER_WORDS.match(o) for o in orders), orders
        assert (await requests_sent(page)).get("history") == 1
        await page.locator("#notice").evaluate("box => box.hidden = true")
        ARTIFACTS.mkdir(exist_ok=True)  # docs/umpire-console.png is a copy of this picture
        await page.screenshot(path=str(ARTIFACTS / "umpire-console-playing.png"), full_page=True)

        # As the submarine sees it: exactly the messages it was sent, and none of the truth.
        await page.click('#view-as button[data-seat="submarine"]')
        await page.wait_for_selector('#chart[data-mode="seat"]')
        items = page.locator("#pane-seat .seat-message")
        await expect(items).to_have_count(len(seat_messages))
        shown = sorted(int(s) for s in await items.evaluate_all("items => items.map(i => i.dataset.seq)"))
        assert shown == [m.seq for m in seat_messages]
        assert "chlorine" in await page.locator("#pane-seat").inner_text()
        assert await chart.locator(".boat-true").count() == 0
        assert await chart.locator(".vessel").count() == 0
        assert await chart.locator(".minefield").count() == 0
        assert await chart.locator('[data-layer="tidal"], [data-layer="searchlight"], .true-track').count() == 0
        assert await chart.locator(".plotted-track").count() == 1
        assert await page.locator("#truth").is_hidden()
        seen_text = await page.locator("body").inner_text()
        assert "Contact 1 is vessel" not in seen_text and "Minefield entered" not in seen_text
        assert not re.search(r"\bvessel \d+ \(", seen_text)
        ARTIFACTS.mkdir(exist_ok=True)
        await page.screenshot(path=str(ARTIFACTS / "seat-view.png"), full_page=True)

        # Back to the umpire; end the game; everyone learns the seed.
        await page.click('#view-as button[data-seat="umpire"]')
        await page.wait_for_selector('#chart[data-mode="umpire"]')
        await page.click('[role=tab][data-pane="sheet"]')

        # A result for each side. The server is learning to send `sides` in its welcome (another
        # change, under way); until it does, the form has no selects and `end` carries a reason only.
        sides = await page.evaluate("window.fogbankConsole.game.welcome.sides ?? null")
        selects = page.locator("#end-results select[data-side]")
        if sides is None:
            assert await selects.count() == 0
        else:
            assert await selects.count() == len(sides)
            await page.select_option(f'#end-results select[data-side="{sides[0]}"]', "draw")
        await page.fill("#end-reason", "Time is up for tonight.")
        await page.click("#end-game")
        await page.click("#end-now")
        seed = await page.locator("#seed").inner_text()
        assert seed == SEED.hex()
        await page.wait_for_selector("#result .check.ok")
        async for message in sub.stream():
            if isinstance(message, wire.GameOver):
                assert message.seed == seed
                break

    await page.wait_for_selector("#pane-log tr.end", state="attached")
    ended_in = page.locator("#pane-sheet .sheet tr.current")
    assert "A leaking air bottle" in await ended_in.inner_text() and "not resolved" in await ended_in.inner_text()
    await page.locator("#notice").evaluate("box => box.hidden = true")
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "umpire-console.png"), full_page=True)
    assert (await requests_sent(page)).get("history") == 1


async def test_a_console_opened_mid_game_takes_the_record_once(server, page):
    """Opened after two turns, the console draws them from `history` (orders and all), then adds
    the third from the stream without asking again."""
    created = await server.create_game("b11")
    seen: list = []
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["submarine"]) as sub:
        bot = BotSubmarine(sub.welcome.chart, ["Sari Sighlar Bay"], hunt=None)
        await play_turns(sub, bot, 2, seen)
        await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['umpire_token']}")
        sheet = page.locator("#pane-sheet .sheet tbody")
        await sheet.locator('tr.resolved[data-turn="2"]').wait_for()
        orders = await sheet.locator('tr.resolved td[data-column="order-submarine"]').all_inner_texts()
        assert len(orders) == 2 and all(ORDER_WORDS.match(o) for o in orders), orders
        hours = await sheet.locator('tr.resolved td[data-column="time"]').all_inner_texts()
        assert hours == ["04:00", "05:00"]
        await page.click('[role=tab][data-pane="log"]')
        assert await page.locator("#pane-log tr.input-order").count() == 2

        last = seen[-1]  # the view after the second turn: the bot orders the third
        await sub.submit(bot.order(last.view), last.turn)
        await sheet.locator('tr.resolved[data-turn="3"]').wait_for(state="attached")
        assert await sheet.locator("tr.resolved").count() == 3
        assert (await requests_sent(page)).get("history") == 1


async def test_the_console_fits_a_small_screen(server, browser):
    """At 1024x768 the map and the umpire's hand sit side by side, the page no wider than the window."""
    created = await server.create_game("b11")
    errors: list[str] = []
    page = await open_page(browser, 1024, 768, errors)
    await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['umpire_token']}")
    await page.wait_for_selector("#chart .boat-true")
    await page.wait_for_selector("#pane-sheet .sheet")
    assert await page.evaluate("document.documentElement.scrollWidth") <= 1024
    map_box = await page.locator(".map-wrap").bounding_box()
    side_box = await page.locator(".side").bounding_box()
    assert map_box["x"] + map_box["width"] <= side_box["x"] and map_box["width"] >= 460
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "umpire-console-1024.png"), full_page=True)
    assert not errors, errors


async def test_a_token_that_opens_nothing_asks_again(server, page):
    await page.goto(f"http://127.0.0.1:{server.port}/umpire#token=not-a-token")
    await page.wait_for_selector("#login:not([hidden])")
    assert await page.evaluate("sessionStorage.getItem('fogbank.umpire.token')") is None


async def umpire_join(server, token: str) -> tuple[dict, dict]:
    """The welcome and the first snapshot the server sends the umpire, as JSON maps."""
    async with ws_connect(f"ws://127.0.0.1:{server.port}/", subprotocols=[SUBPROTOCOL]) as socket:
        await socket.send(json.dumps({"type": "join", "token": token, "last_seq": None}))
        return json.loads(await socket.recv()), json.loads(await socket.recv())


class ScriptedServer:
    """The websocket end of the page's connection, played by the test: it answers the console's
    requests as the server will once it sends phases, sides, cycles and the orders in, and keeps
    every request the console sent."""

    def __init__(self, welcome: dict, snapshot: dict) -> None:
        self.welcome = welcome
        self.snapshot = snapshot
        self.sent: list[dict] = []  # what the console sent
        self.socket = None
        self.seq = 0
        self.refusals: dict[str, dict] = {}  # request type -> the error to answer it with

    def route(self, socket) -> None:
        self.socket = socket
        socket.on_message(self.receive)

    def push(self, message: dict) -> None:
        if message["type"] not in ("welcome", "snapshot") and "ref" not in message:
            self.seq += 1
        self.socket.send(json.dumps({"seq": self.seq, **message}))

    def receive(self, text: str) -> None:
        request = json.loads(text)
        self.sent.append(request)
        kind, ref = request["type"], request.get("ref")
        if kind == "join":
            self.push(self.welcome)
            self.push(self.snapshot)
        elif kind in self.refusals:
            self.push({"type": "error", "ref": ref, **self.refusals[kind]})
        elif kind == "history":
            header = {"type": "game", "ruleset": "dardanelles"}
            self.push({"type": "history", "ref": ref, "turns": [], "log": [header]})
        elif kind == "games":
            self.push({"type": "games", "ref": ref, "games": []})
        else:
            self.push({"type": "ack", "ref": ref})

    def requests(self, kind: str) -> list[dict]:
        return [r for r in self.sent if r["type"] == kind]


async def test_the_console_reads_the_new_wire(server, page):
    """Seats on sides, named phases held one by one, the orders in, rows per phase, a result per
    side and the amend request: the wire as the server is changing to send it (scripted here)."""
    created = await server.create_game("b11")
    welcome, snapshot = await umpire_join(server, created["umpire_token"])
    welcome |= {
        "seats": [{"name": "submarine", "side": "british", "title": "the submarine's captain"}],
        "sides": ["british", "turkish"],
        "phases": ["move", "fire"],
        "phase": "move",
        "cycle": "orders",
    }
    scripted = ScriptedServer(welcome, snapshot)
    await page.route_web_socket(f"ws://127.0.0.1:{server.port}/", scripted.route)
    await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['umpire_token']}")
    await page.wait_for_selector("#chart .boat-true")
    await page.wait_for_selector("#pane-sheet .sheet")
    view = snapshot["view"]

    # Where play stands, with the phase by name; a hold box for each phase.
    assert "move (1 of 2)" in await page.locator("#turn-where").inner_text()
    assert await page.locator("#hold-phases input").count() == 2
    await page.check('#hold-phases input[data-phase="move"]')
    await expect(page.locator("#notice")).to_contain_text("move: held")
    hold = scripted.requests("hold")[-1]
    assert (hold["held"], hold["phases"]) == (True, ["move"])

    # The submarine's order is in and the phase is held: the umpire sees the order.
    order = {"course": "E", "speed": 2, "level": "periscope", "fire": None}
    update = {
        "type": "umpire_update", "turn": 1, "phase": "move", "cycle": "ready", "view": view, "events": [],
        "rolls": [], "waiting_for": [], "held_phases": ["move"], "orders_in": {"submarine": order},
    }  # fmt: skip
    scripted.push(update)
    await page.wait_for_selector('#turn-status[data-cycle="ready"]')
    assert "the submarine's captain: E 2, periscope" in await page.locator("#orders-in").inner_text()
    assert await page.is_checked('#hold-phases input[data-phase="move"]')

    # Released: the move phase resolves (a row with the order), then the fire phase (nobody fired).
    event = {
        "type": "event", "kind": "heard", "turn": 1, "phase": "move", "audience": ["submarine", "umpire"],
        "text": "A vessel can be heard.",
    }  # fmt: skip
    roll = {
        "type": "roll", "audience": ["umpire"], "index": 0, "turn": 1, "key": "1/hydrophone/1",
        "table": "hydrophone", "sides": 6, "dice": [5], "modifiers": [], "total": 5, "outcome": "heard",
    }  # fmt: skip
    waiting = {"cycle": "orders", "orders_in": {}, "waiting_for": ["submarine"]}
    scripted.push(update | waiting | {"phase": "fire", "events": [event], "rolls": [roll]})
    scripted.push(update | waiting | {"turn": 2, "phase": "move"})
    sheet = page.locator("#pane-sheet .sheet tbody")
    await sheet.locator('tr.resolved[data-turn="1"][data-phase="fire"]').wait_for()
    moved = sheet.locator('tr.resolved[data-turn="1"][data-phase="move"]')
    assert await moved.locator('td[data-column="order-submarine"]').inner_text() == "E 2, periscope"
    assert "A vessel can be heard." in await moved.inner_text()
    assert await sheet.locator("tr.resolved").count() == 2
    assert len(scripted.requests("history")) == 1
    assert "Waiting for orders from the submarine's captain." in await page.locator("#turn-status").inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "new-wire.png"), full_page=True)

    # The rows of the phases an update resolved, as the server sends them: orders and all (the
    # order that resolves an unheld phase is never among the orders in).
    rows = [{"turn": 2, "phase": "move", "orders": {"submarine": order | {"course": "NE"}}, "view": view}]
    scripted.push(update | waiting | {"turn": 2, "phase": "fire", "rows": rows})
    moved = sheet.locator('tr.resolved[data-turn="2"][data-phase="move"]')
    await moved.wait_for()
    assert await moved.locator('td[data-column="order-submarine"]').inner_text() == "NE 2, periscope"

    # An amendment, written on the submarine's own pad, that the server refuses: the umpire reads
    # the refusal in the server's words.
    refusal = "The boat cannot make that."
    scripted.refusals["amend"] = {"code": "speed_too_high", "message": refusal}
    pad = page.locator("#amend-fields")
    await pad.locator('.rose button[data-course="E"]').click()
    await pad.locator("#order-speed").fill("1")
    await pad.locator('input[data-level="surface"]').check()
    await page.fill("#amend-reason", "The signal was garbled")
    await page.click("#amend-send")
    await page.wait_for_selector("#notice[data-kind=error]:has-text('The boat cannot make that.')")
    amended = scripted.requests("amend")[-1]
    assert (amended["order"]["course"], amended["order"]["speed"], amended["order"]["level"]) == ("E", 1, "surface")
    assert amended["seat"] == "submarine"

    # A result for each side.
    assert await page.locator("#end-results select[data-side]").count() == 2
    await page.select_option('#end-results select[data-side="british"]', "victory")
    await page.fill("#end-reason", "The Messudieh is sunk.")
    await page.click("#end-game")
    await page.click("#end-now")
    await expect(page.locator("#notice")).to_contain_text("Game ended")
    end = scripted.requests("end")[-1]
    assert end["results"] == {"british": "victory", "turkish": "ended"}
    assert end["reason"] == "The Messudieh is sunk."
    scripted.push({
        "type": "game_over", "result": "victory", "results": {"british": "victory", "turkish": "defeat"},
        "reason": "The Messudieh is sunk.", "seed": SEED.hex(), "log": [], "record": [],
    })  # fmt: skip
    await page.wait_for_selector("#result:has-text('british: victory; turkish: defeat')")
    assert len(scripted.requests("history")) == 1

"""The umpire's console in a real headless Chromium, against an embedded server on 127.0.0.1.

A bot commands the submarine over the wire while the test reads the console as the umpire would:
the map, the record sheet and dice log update; an override goes in the record with its reason;
the view as the submarine sees it holds none of the truth; ending the game reveals the seed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fogbank import protocols as wire
from fogbank.clients import Client
from fogbank.server import host as host_module
from fogbank.server.app import Server
from fogbank.rules.dardanelles.bot import BotSubmarine

from tests.conftest import needs

playwright_api = pytest.importorskip("playwright.async_api")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
SEED = bytes([1]) * 32  # a seed under which the bot's B11 lives past turn 3
TURNS = 3

pytestmark = needs(CHROMIUM)


@pytest.fixture
async def server(tmp_path, monkeypatch):
    real = host_module.secrets.token_bytes
    monkeypatch.setattr(host_module.secrets, "token_bytes", lambda n=None: SEED if n == 32 else real(n))
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


@pytest.fixture
async def page():
    async with playwright_api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1440, "height": 1000})
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(10_000)
        yield page
        await browser.close()
        assert not errors, errors


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

    await page.goto(f"{url}/umpire#token={created['umpire_token']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    await page.wait_for_selector("#chart .boat-true")

    # The token stays in the tab: out of the address bar, in sessionStorage, nowhere else.
    assert page.url == f"{url}/umpire"
    stored = await page.evaluate("[sessionStorage.getItem('fogbank.umpire.token'), localStorage.length, document.cookie]")
    assert stored == [created["umpire_token"], 0, ""]

    # The umpire's map at the start: the chart's overlays and the truth.
    chart = page.locator("#chart")
    assert await chart.locator(".land rect").count() > 0
    for layer in ("tidal", "searchlight", "batteries"):
        assert await chart.locator(f'[data-layer="{layer}"]').count() == 1
    assert await chart.locator(".drift").count() > 10
    assert await chart.locator(".minefield").count() > 0
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
        true_square = await last.locator(".true-square").inner_text()
        await page.wait_for_selector(f'#chart .boat-true[data-square="{true_square}"]')
        assert await chart.locator(".true-track circle").count() == TURNS + 1
        assert await chart.locator(".plotted-track circle").count() == TURNS + 1
        assert (await last.locator("td").nth(8).inner_text()) == str(truth.air)
        assert "heard" in (await sheet.inner_text()) or "seen" in (await sheet.inner_text())

        # The dice log: every roll, and filtered by table.
        await page.click('[role=tab][data-pane="dice"]')
        dice = page.locator("#dice .dice tbody tr")
        all_rolls = await dice.count()
        assert all_rolls > TURNS
        await page.select_option("#dice-filter", "hydrophone")
        hydrophone = await dice.count()
        assert 0 < hydrophone < all_rolls
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
        await page.wait_for_function("document.querySelector('#truth').innerText.includes(' 7 h')")
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
        async for message in sub.stream():
            seat_messages.append(message)
            if isinstance(message, wire.NarrativeMessage):
                break
        seat_messages.append(await anext(sub.stream()))  # and the status that follows it

        # As the submarine sees it: exactly the messages it was sent, and none of the truth.
        await page.click('#view-as button[data-seat="submarine"]')
        await page.wait_for_selector('#chart[data-mode="seat"]')
        items = page.locator("#pane-seat .seat-message")
        await page.wait_for_function(
            f"document.querySelectorAll('#pane-seat .seat-message').length === {len(seat_messages)}"
        )
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


async def test_a_token_that_opens_nothing_asks_again(server, page):
    await page.goto(f"http://127.0.0.1:{server.port}/umpire#token=not-a-token")
    await page.wait_for_selector("#login:not([hidden])")
    assert await page.evaluate("sessionStorage.getItem('fogbank.umpire.token')") is None

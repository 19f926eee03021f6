"""The umpire's hand and map in Chromium: a release before the orders are in only when confirmed
(and the seat is told), the orders in while a turn is held, the vessel roster, the overrides of
level and torpedoes, place names that never overlap, and the battery's reach on the map."""

from __future__ import annotations

import asyncio

from fogbank import protocols as wire
from fogbank.clients import Client
from fogbank.rules.dardanelles.bot import BotSubmarine
from tests.conftest import needs

from .test_console import ARTIFACTS, CHROMIUM, browser, expect, page, play_turns  # noqa: F401  (fixtures)

pytestmark = needs(CHROMIUM)
HOLD_STILL = {"course": "N", "speed": 0, "level": "surface"}


async def open_console(server, page, created) -> None:
    await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['umpire_token']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    await page.wait_for_selector("#chart .boat-true")


async def test_release_waits_for_the_umpires_word_and_the_seat_is_told(server, page):
    created = await server.create_game("b11")
    await open_console(server, page, created)
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["submarine"]) as sub:
        # Waiting for the submarine's order: release is off until the umpire says so.
        await expect(page.locator("#turn-status")).to_contain_text("Waiting for orders from the submarine's captain")
        assert await page.locator("#release").is_disabled()
        confirm = page.locator("#release-anyway-label")
        await expect(confirm).to_be_visible()
        assert "standing orders" in await confirm.inner_text()
        await page.check("#release-anyway")
        await page.click("#release")
        await expect(page.locator("#notice")).to_contain_text("Released without the submarine's captain's order")
        # The seat is told its own fact, and the umpire's log has it.
        async for message in sub.stream():
            if isinstance(message, wire.NarrativeMessage):
                assert "standing order" in message.text
                break
        await page.click('[role=tab][data-pane="log"]')
        row = page.locator("#pane-log tr.kind-standing_order")
        await expect(row).to_contain_text("your standing order")
        await expect(row).to_contain_text("submarine")
        # Next turn: the confirmation asked anew, not remembered.
        await expect(page.locator("#release-anyway")).not_to_be_checked()
        assert await page.locator("#release").is_disabled()

        # Held: the order in is shown, and release needs no confirmation.
        await page.check("#hold")
        await page.wait_for_selector("#games .game-head:has-text('held')")
        await sub.submit(HOLD_STILL)
        held = page.locator('#orders-in li[data-seat="submarine"]')
        await expect(held).to_contain_text("N 0, surface")
        await expect(page.locator("#orders-in")).to_contain_text("held for you")
        await expect(confirm).to_be_hidden()
        assert await page.locator("#release").is_enabled()
        await page.click("#release")
        await expect(page.locator("#notice")).to_have_text("Released.")


async def test_roster_overrides_places_and_battery_on_the_map(server, page):
    created = await server.create_game("b11")
    game = server.host.rooms[created["game"]].game
    await open_console(server, page, created)

    roster = page.locator("#truth .vessels-list tbody tr")
    assert await roster.count() == len(game.state.board.vessels)
    assert "afloat" in await roster.first.inner_text()

    # Level and torpedoes, each with a reason, in the truth and the record.
    await page.select_option("#override-kind", "set_level")
    await page.select_option("#override-level", "periscope")
    await page.fill("#override-reason", "Blown to the surface by a near miss")
    await page.click("#override-apply")
    await expect(page.locator("#truth")).to_contain_text("periscope")
    await page.select_option("#override-kind", "set_torpedoes")
    await page.fill("#override-loaded", "1")
    await page.fill("#override-reason", "A misfire in the port tube")
    await page.click("#override-apply")
    await expect(page.locator("#truth")).to_contain_text("1/2 loaded, 2 spare")
    boat = server.host.rooms[created["game"]].game.state.board.boat
    assert (boat.level.value, boat.loaded, boat.spare) == ("periscope", 1, 2)

    # The battery's reach: with no charge left, the boat's own square only.
    reach = page.locator('#chart [data-layer="battery"] .area-fill')
    squares_now = (await reach.get_attribute("d")).count("M")
    assert squares_now > 30
    await page.select_option("#override-kind", "set_battery")
    await page.fill("#override-value", "0")
    await page.fill("#override-reason", "Flat")
    await page.click("#override-apply")
    await expect(page.locator("#truth")).to_contain_text("Battery")
    async with asyncio.timeout(10):  # polled from here: the page's CSP allows no evaluated string
        while (await reach.get_attribute("d")).count("M") != 1:
            await asyncio.sleep(0.05)

    # Place names: each written once, none over another, or a dot that names it.
    await page.check('#layers input[data-layer="places"]')
    names = page.locator('#chart [data-layer="places"] text')
    boxes = await names.evaluate_all(
        "texts => texts.map(t => { const b = t.getBBox(); return [t.textContent, b.x, b.y, b.width, b.height]; })"
    )
    overlapping = [
        (a[0], b[0]) for i, a in enumerate(boxes) for b in boxes[i + 1 :]
        if a[1] < b[1] + b[3] and b[1] < a[1] + a[3] and a[2] < b[2] + b[4] and b[2] < a[2] + a[4]
    ]  # fmt: skip
    assert boxes and not overlapping, overlapping
    dots = await page.locator('#chart [data-layer="places"] .place-dot').all_text_contents()
    written = {box[0] for box in boxes}
    places = {place["name"] for place in (await page.evaluate("window.fogbankConsole.game.welcome.chart.places"))}
    assert written | set(dots) == places
    ARTIFACTS.mkdir(exist_ok=True)
    await page.locator(".map-wrap").screenshot(path=str(ARTIFACTS / "umpire-map-places.png"))


async def test_the_scrubber_steps_the_map_through_the_record_and_the_log_reads_in_words(server, page):
    created = await server.create_game("b11")
    await open_console(server, page, created)
    assert await page.locator("#scrubber").is_hidden()  # nothing resolved yet: nothing to step through
    seen: list = []
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["submarine"]) as sub:
        bot = BotSubmarine(sub.welcome.chart, ["Sari Sighlar Bay"], hunt=None)
        await play_turns(sub, bot, 3, seen)
        sheet = page.locator("#pane-sheet .sheet tbody")
        await sheet.locator('tr.resolved[data-turn="3"]').wait_for()
        trues = await sheet.locator('tr.resolved td[data-column="square"]').all_inner_texts()
        boat = page.locator("#chart .boat-true")
        await expect(boat).to_have_attribute("data-square", trues[-1])

        # A turn back at a time: the map and the truth as each turn left them, its row marked.
        for turn in (3, 2, 1):
            await page.click("#scrub-back")
            await expect(page.locator("#scrub-words")).to_contain_text(f"after turn {turn}")
            await expect(boat).to_have_attribute("data-square", trues[turn - 1])
            await expect(page.locator("#truth .truth-mark").first).to_have_text(trues[turn - 1])
            await expect(sheet.locator(f'tr.scrubbed[data-turn="{turn}"]')).to_have_count(1)
        assert await page.locator("#scrub-back").is_disabled()
        await page.locator("#notice").evaluate("box => box.hidden = true")
        ARTIFACTS.mkdir(exist_ok=True)
        await page.screenshot(path=str(ARTIFACTS / "umpire-console-scrubbed.png"), full_page=True)
        await page.click("#scrub-on")
        await expect(boat).to_have_attribute("data-square", trues[1])
        await page.click("#scrub-now")
        await expect(page.locator("#scrub-words")).to_have_text("Now")
        await expect(boat).to_have_attribute("data-square", trues[-1])
        await expect(sheet.locator("tr.scrubbed")).to_have_count(0)

        # The game log grew from the stream alone, inputs and all, in words.
        await page.click('[role=tab][data-pane="log"]')
        orders = page.locator("#pane-log tr.input-order")
        await expect(orders).to_have_count(3)
        assert (await orders.first.locator("td.from").inner_text()) == "the submarine's captain"
        assert "Order from the submarine's captain:" in await orders.first.inner_text()
        log_text = await page.locator("#pane-log").inner_text()
        assert "{" not in log_text and "umpire only" in log_text

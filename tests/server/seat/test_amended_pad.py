"""The umpire's amendment on the player's own pad, in every ruleset's seat page: after the player
sent an order, the umpire amends it; the pad is filled with the order as amended and locked, the
chart draws it, both are marked "amended by the umpire" with his reason (and what the rules
changed to carry it out), and "These are the orders you sent" is gone. It holds across a dropped
connection and a reload (the welcome's `told` carries the amendment)."""

from __future__ import annotations

from pathlib import Path

from fogbank.clients import Client
from tests.conftest import needs

from ..chromium import CHROMIUM, expect
from .test_dardanelles_seat import drop_connections, set_order
from .test_hex_map import release_until

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


async def seat_page(server, page, created: dict, seat: str) -> None:
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats'][seat]}")
    await page.wait_for_selector('#connection[data-state="connected"]')


async def sent(page) -> None:
    await page.click("#send-order")
    await expect(page.locator("#checked")).to_have_text("These are the orders you sent.")


async def amend(server, created: dict, seat: str, order: dict, reason: str) -> None:
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        await umpire.amend(seat, order, reason)


async def marked(page, reason: str, note: str | None = None) -> None:
    """The pad and the chart say the umpire amended the order, and why; the pad is his now."""
    await expect(page.locator("#amended")).to_be_visible()
    await expect(page.locator("#amended-reason")).to_have_text(reason)
    if note:
        await expect(page.locator("#amended-note")).to_contain_text(note)
    await expect(page.locator("#checked")).to_be_hidden()  # not "These are the orders you sent"
    await expect(page.locator("#chart-note")).to_contain_text(f"amended by the umpire: {reason}")
    await expect(page.locator("#duty")).to_contain_text("Orders amended by the umpire · ")
    await expect(page.locator("#send-order")).to_be_disabled()
    assert await page.evaluate("document.getElementById('order-fields').inert")


async def again(server, page, check) -> None:
    """The same after a dropped connection, and after a reload."""
    await drop_connections(server)
    await page.wait_for_selector('#connection[data-state="connected"]')
    await check()
    await page.reload()
    await page.wait_for_selector('#connection[data-state="connected"]')
    await check()


async def test_dardanelles(server, page):
    created = await server.create_game("b11")
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        await umpire.hold(True)  # the boat's order alone would resolve the turn
    await seat_page(server, page, created, "submarine")
    await set_order(page, "NE", 2, "surface")
    await sent(page)
    await expect(page.locator("#chart .draft-move title")).to_contain_text(["NE 2 squares"])
    reason = "The boat is ordered to dive and run east."
    await amend(server, created, "submarine", {"course": "E", "speed": 2, "level": "periscope"}, reason)

    async def check():
        await marked(page, reason)
        await expect(page.locator('.rose button[aria-pressed="true"]')).to_have_text("E")
        await expect(page.locator("#order-speed")).to_have_value("2")
        await expect(page.locator('input[name="level"]:checked')).to_have_attribute("value", "periscope")
        drawn = ["Your draft: E 2 squares, periscope (before the stream)"]
        await expect(page.locator("#chart .draft-move title")).to_have_text(drawn)
        await expect(page.locator("#amended-order")).to_contain_text("You sail under: E 2, periscope")

    await check()
    await page.screenshot(path=str(ARTIFACTS / "amended-dardanelles.png"))
    await again(server, page, check)


async def test_salvo(server, page):
    created = await server.create_game("gallipoli")
    await release_until(server, created["umpire_token"], "movement")
    await seat_page(server, page, created, "de_robeck")
    await page.wait_for_selector("#chart .counter.own")
    await page.locator('.unit-pick[data-unit="B1"]').click()
    for _ in range(2):
        await page.locator("#plot-ahead").click()
    await sent(page)
    reason = "The signal to advance was misread."
    await amend(server, created, "de_robeck", {"moves": {"B1": "F", "B2": "RF"}}, reason)

    async def check():
        await marked(page, reason)
        await expect(page.locator("#amended-note")).to_have_count(0)  # legal as given: nothing changed
        await expect(page.locator("#plan li")).to_have_text(["Lord Nelson F", "Agamemnon RF"])
        await expect(page.locator("#chart .plotted-path")).to_have_count(2)  # the amended paths, drawn
        await expect(page.locator('#chart .plotted-path[data-unit="B2"]')).to_have_count(1)

    await check()
    await page.screenshot(path=str(ARTIFACTS / "amended-salvo.png"))
    await again(server, page, check)


async def test_supremacy(server, page):
    created = await server.create_game("river_plate")
    await release_until(server, created["umpire_token"], "write_moves", 2)
    await seat_page(server, page, created, "ajax")
    await page.wait_for_selector("#move-ajax")
    await page.fill("#move-ajax", "A10 L4")
    await sent(page)
    turning = await page.locator("#chart .draft-move").get_attribute("points")
    assert len(turning.split()) > 2  # the turn, drawn in chords
    # Straight on, faster than she can make: carried out as far as the rules allow, and she is
    # told what changed.
    reason = "Ajax holds her course to keep the range."
    await amend(server, created, "ajax", {"ships": {"ajax": {"move": "A30"}}}, reason)

    async def check():
        await marked(page, reason, note="What the rules changed to carry it out: ")
        move = await page.input_value("#move-ajax")
        assert move.startswith("A") and move != "A30", move
        # She is the seat: not named again.
        await expect(page.locator("#amended-order")).to_contain_text(f"You sail under: {move}.")
        straight = await page.locator("#chart .draft-move").get_attribute("points")
        assert len(straight.split()) == 2, straight  # straight on, as amended

    await check()
    await page.screenshot(path=str(ARTIFACTS / "amended-supremacy.png"))
    await again(server, page, check)


async def test_greatwar(server, page):
    created = await server.create_game("black_sea")
    await seat_page(server, page, created, "eberhardt")
    await page.click('#chart g.zone[data-zone="west_central"] circle')
    await sent(page)
    reason = "The battle fleet stays off the Crimea."
    plot = {"mission": "intercept", "path": ["crimea"]}
    await amend(server, created, "eberhardt", {"fleets": {"battle": plot}}, reason)

    async def check():
        await marked(page, reason)
        await expect(page.locator('input.path[data-fleet="battle"]')).to_have_value("South Crimea (Yalta)")
        await expect(page.locator("#chart .zone-path title")).to_contain_text(["Battle fleet: South Crimea"])
        await expect(page.locator("#amended-order")).to_contain_text("intercept via South Crimea (Yalta)")

    await check()
    await page.screenshot(path=str(ARTIFACTS / "amended-greatwar.png"))
    await again(server, page, check)

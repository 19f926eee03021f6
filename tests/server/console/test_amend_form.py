"""The umpire's hand in real Chromium: the override's unit list is full as the console opens; an
amendment is written on the seat's own order pad, prefilled with its order and checked with the
rules as it is written, never typed as JSON; a ship moved by override is explained to its seat in
words; on a hex game the controls sit beside the map, and River Plate's table takes the page's
width."""

from __future__ import annotations

from fogbank import protocols as wire
from fogbank.clients import Client
from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect  # noqa: F401  (browser: a fixture)
from ..seat.test_hex_map import release_until
from .test_console import page  # noqa: F401  (a fixture: a Chromium page whose script errors fail the test)

pytestmark = needs(CHROMIUM)


async def test_the_umpire_amends_on_the_seats_own_pad_and_overrides_with_the_units_listed(server, page):
    created = await server.create_game("gallipoli")
    url = f"http://127.0.0.1:{server.port}"
    await release_until(server, created["umpire_token"], "movement")
    await page.set_viewport_size({"width": 1024, "height": 768})
    await page.goto(f"{url}/umpire#token={created['umpire_token']}")
    await page.wait_for_selector("#chart .counter")
    # The override's units are listed as the console opens, before anyone opens the list.
    assert await page.locator("#override-unit option").count() >= 24
    assert await page.locator("#amend-order").count() == 0  # no JSON to type

    # De Robeck's order, on his own pad: Lord Nelson (B1) ahead six hexes is more than she can make.
    await page.select_option("#amend-seat", "de_robeck")
    pad = page.locator("#amend-fields")
    await expect(page.locator("#amend-given")).to_contain_text("Vice-Admiral de Robeck has given no order for this phase yet")
    await pad.locator('.unit-pick[data-unit="B1"]').click()
    for _ in range(6):
        await pad.locator("#plot-ahead").click()
    checked = page.locator("#amend-checked")
    await expect(checked).to_have_attribute("data-state", "refused")
    await expect(checked).to_contain_text("carried out as far as they allow")
    await expect(checked.locator("li")).to_contain_text(["can make at most"])
    for _ in range(5):
        await pad.locator("#plot-undo").click()
    await expect(checked).to_have_text("The rules take this order as it stands.")

    ws = f"ws://127.0.0.1:{server.port}/"
    async with await Client.connect(ws, created["seats"]["de_robeck"]) as seat:
        await page.fill("#amend-reason", "The signal to advance was misread.")
        await page.click("#amend-send")
        await expect(page.locator("#notice")).to_have_text("Vice-Admiral de Robeck's order amended.")
        amended = await anext(m async for m in seat.stream() if isinstance(m, wire.AmendedMessage))
        assert amended.order == {"moves": {"B1": "F"}} and amended.reason == "The signal to advance was misread."
        # The pad now starts from the order he sails under.
        await page.select_option("#amend-seat", "forts")
        await page.select_option("#amend-seat", "de_robeck")
        await expect(page.locator("#amend-given")).to_have_text(
            "Vice-Admiral de Robeck's order as given: Lord Nelson F, the rest hold course and speed.")

        # A ship moved by override: her seat is told in words, in the umpire's voice.
        await page.select_option("#override-kind", "move_unit")
        await page.select_option("#override-unit", "B1")
        await page.fill("#override-hex", "1709")
        await page.fill("#override-reason", "Placed where the chart says she was.")
        await page.click("#override-apply")
        told = await anext(m async for m in seat.stream() if isinstance(m, wire.NarrativeMessage))
        assert "umpire's ruling" in told.text


async def test_on_a_hex_game_the_controls_sit_beside_the_map(server, page):
    created = await server.create_game("cape_esperance")
    await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['umpire_token']}")
    await page.wait_for_selector("#chart .counter")
    # At 1024 the turn and the override beside it; at 1440 the amendment too.
    for width, height, panels in ((1024, 768, 2), (1440, 900, 3)):
        await page.set_viewport_size({"width": width, "height": height})
        chart = await page.locator("#chart").bounding_box()
        for panel in ("#turn-panel", "#override-panel", "#amend-panel")[:panels]:
            box = await page.locator(panel).bounding_box()
            assert box["x"] >= chart["x"] + chart["width"], (panel, width)  # to the right of the map
            assert box["y"] < chart["y"] + chart["height"], (panel, width)  # beside it, not below the truth
        assert (await page.locator("#truth").bounding_box())["y"] > (await page.locator("#turn-panel").bounding_box())["y"]


async def test_river_plates_table_takes_the_page_width(server, page):
    created = await server.create_game("river_plate")
    await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['umpire_token']}")
    await page.wait_for_selector("#truth svg")
    for width, height in ((1024, 768), (1440, 900)):
        await page.set_viewport_size({"width": width, "height": height})
        table = await page.locator("#truth svg").first.bounding_box()
        assert table["width"] > 0.5 * width, width  # the map's place is the table's
        assert await page.evaluate("document.documentElement.scrollWidth") <= width
        await page.screenshot(path=f"tests/server/console/artifacts/river-plate-console-{width}.png", full_page=True)

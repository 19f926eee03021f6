"""Every seat page on a phone, 390x844 (issue 37), in real headless Chromium emulating one: the
page is no wider than the screen, the chart is at the top, the order pad right under it, and the
dock at the foot of the screen goes from one to the other and back without losing the order being
written, one ruleset at a time (Dardanelles' chart of squares, a Salvo hex map, Supremacy's table,
the Great War's zones), each to its orders sent. And at 1024x768 the hex seat keeps the order pad
in sight while the page scrolls past the map."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect  # noqa: F401  (browser: a fixture)
from .test_dardanelles_seat import form_order, set_order
from .test_salvo_seat import click_hex

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 390, "height": 844}

pytestmark = needs(CHROMIUM)


@pytest.fixture
async def phone(browser):  # noqa: F811
    """A page as a phone shows it: 390x844, touch, its viewport as the page's meta tag asks."""
    errors: list[str] = []
    context = await browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = await context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.set_default_timeout(15_000)
    yield page
    await context.close()
    assert not errors, errors


async def seated(page, server, scenario: str, seat: str) -> None:
    created = await server.create_game(scenario)
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats'][seat]}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    await expect(page.locator("#duty")).to_have_text("Your orders are due")
    # Nothing is wider than the screen, the chart included; the chart comes first.
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    chart = await page.locator("#chart").bounding_box()
    assert 0 <= chart["x"] and chart["x"] + chart["width"] <= PHONE["width"]
    assert chart["y"] < PHONE["height"] / 3


async def in_sight(page, selector: str) -> None:
    """`selector`'s top is on the screen, under the bar and above the dock."""
    box = await page.locator(selector).bounding_box()
    bar = await page.locator("body > .bar").bounding_box()
    dock = await page.locator("#dock").bounding_box()
    assert bar["height"] - 1 <= box["y"] < dock["y"], (selector, box, bar, dock)


async def go(page, part: str, selector: str) -> None:
    """The dock's button for a part of the seat: it comes into sight."""
    await page.click(f'#dock [data-go="{part}"]')
    await in_sight_soon(page, selector)


async def in_sight_soon(page, selector: str) -> None:
    """As `in_sight`, once a smooth scroll has come to rest."""
    for _ in range(100):
        try:
            return await in_sight(page, selector)
        except AssertionError:
            await page.wait_for_timeout(50)
    await in_sight(page, selector)


async def test_dardanelles_on_a_phone(server, phone):
    await seated(phone, server, "b11", "submarine")
    await go(phone, "orders-panel", "#orders-panel")
    await set_order(phone, "SE", 2, "periscope")  # half an order: then a look at the chart
    drafted = await form_order(phone)
    await go(phone, "chart-area", "#chart-area")
    await go(phone, "orders-panel", "#orders-panel")
    assert await form_order(phone) == drafted
    await phone.click("#send-order")
    await expect(phone.locator("#clock")).to_have_text("Turn 2 · orders")  # the boat alone: the turn resolves
    ARTIFACTS.mkdir(exist_ok=True)
    await phone.screenshot(path=str(ARTIFACTS / "seat-dardanelles-390.png"))


async def test_a_salvo_hex_map_on_a_phone(server, phone):
    await seated(phone, server, "gallipoli", "forts")
    await phone.wait_for_selector("#chart .counter")
    await phone.get_by_role("button", name="Whole map").click()  # every hex in sight
    await click_hex(phone, "2006")  # a secret mine, laid by pointing at the map
    await go(phone, "orders-panel", "#orders-panel")
    await expect(phone.locator("#mines-chosen")).to_contain_text("(1 of 2)")
    await go(phone, "chart-area", "#chart-area")
    await click_hex(phone, "2107")  # and the second: the first is still on the pad
    await go(phone, "orders-panel", "#orders-panel")
    await expect(phone.locator("#mines-chosen")).to_contain_text("Mines: 2006 2107 (2 of 2)")
    await phone.click("#send-order")
    await expect(phone.locator("#clock")).to_have_text("Turn 1 · movement")
    ARTIFACTS.mkdir(exist_ok=True)
    await phone.screenshot(path=str(ARTIFACTS / "seat-gallipoli-390.png"))


async def test_the_river_plate_table_on_a_phone(server, phone):
    await seated(phone, server, "river_plate", "ajax")
    await go(phone, "orders-panel", "#orders-panel")
    move = phone.locator("input.notation").first
    await expect(move).to_have_value("A16")  # turn 1's printed move
    await go(phone, "chart-area", "#chart-area")
    await phone.click("#table-zoom")  # a close look at the table
    await expect(phone.locator("#table-zoom")).to_have_text("Whole table")
    await go(phone, "orders-panel", "#orders-panel")
    await expect(move).to_have_value("A16")
    await phone.click("#send-order")
    await expect(phone.locator("#duty")).to_have_text("Orders in · waiting for the turn")
    ARTIFACTS.mkdir(exist_ok=True)
    await phone.screenshot(path=str(ARTIFACTS / "seat-river-plate-390.png"))


async def test_the_black_sea_zones_on_a_phone(server, phone):
    await seated(phone, server, "black_sea", "eberhardt")
    await phone.click('#chart g.zone[data-zone="west_central"] circle')  # the battle fleet's plot
    await go(phone, "orders-panel", "#orders-panel")
    await expect(phone.locator('input.path[data-fleet="battle"]')).to_have_value("West central Black Sea")
    await go(phone, "chart-area", "#chart-area")
    await go(phone, "papers", "#papers")  # the reports and messages, and back to the pad
    await go(phone, "orders-panel", "#orders-panel")
    await expect(phone.locator('input.path[data-fleet="battle"]')).to_have_value("West central Black Sea")
    await phone.click("#send-order")
    await expect(phone.locator("#duty")).to_have_text("Orders in · waiting for the turn")
    ARTIFACTS.mkdir(exist_ok=True)
    await phone.screenshot(path=str(ARTIFACTS / "seat-greatwar-390.png"))


async def test_at_1024_the_hex_seat_keeps_the_pad_in_sight_while_the_page_scrolls(server, page):
    created = await server.create_game("gallipoli")
    room = server.host.rooms[created["game"]]
    await server.host.order(room, "forts", 1, {"mines": ["2006", "2107"]})  # on to the movement phase
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['de_robeck']}")
    await page.wait_for_selector("#chart .counter")
    await expect(page.locator("#clock")).to_have_text("Turn 1 · movement")
    # Whom the phase waits for, by the short names a bar has room for, not the squadrons' lists.
    others = "Rear-Admiral Guepratte and The British third line"
    await expect(page.locator("#waiting")).to_have_text(f"Also waiting for {others}")
    assert (await page.locator("body > .bar").bounding_box())["height"] < 120
    send = page.locator("#send-order")
    await expect(send).to_be_in_viewport()  # the chart fits the window under the bar, the pad beside it
    chart = await page.locator("#chart").bounding_box()
    assert chart["y"] + chart["height"] <= 768
    await click_hex(page, "1908")  # a ship picked on the map, her plot on the pad
    for scrolled in (400, 2000):  # down the page, to the reports and messages under the map
        await page.evaluate(f"window.scrollTo(0, {scrolled})")
        await expect(send).to_be_in_viewport()
        box = await send.bounding_box()
        assert box["y"] + box["height"] <= 768

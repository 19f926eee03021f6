"""Cape Esperance at night in real Chromium pages: Goto's seat page offers the night's starshells
and searchlights and draws his contacts and the bombardment line; a starshell is declared by pointing; the umpire's
console draws the American radar reach. No page raises a script error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect, open_page  # noqa: F401  (browser: a fixture)
from .test_salvo_seat import click_hex, step

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


@pytest.fixture
async def pages(browser):
    errors: list[str] = []
    yield [await open_page(browser, 1024, 768, errors) for _ in range(2)]
    assert not errors, errors


async def test_a_night_seat_declares_a_starshell_and_the_umpire_sees_the_radar_reach(server, pages):
    created = await server.create_game("cape_esperance")
    url = f"http://127.0.0.1:{server.port}"
    seat, console = pages
    await seat.goto(f"{url}/play#token={created['seats']['goto']}")
    await seat.wait_for_selector('#connection[data-state="connected"]')
    await seat.wait_for_selector("#chart .counter")
    await expect(seat.locator("#clock")).to_have_text("Turn 1 · first sighting")
    await expect(seat.locator("#duty")).to_have_text("Your orders are due")
    await expect(seat.locator("#gauge-sight")).to_contain_text("night")
    assert await seat.evaluate("document.documentElement.scrollWidth") <= 1024  # nothing pushes the page wider
    # Goto's three cruisers, and his consort's two destroyers as identified (friendly) contacts.
    await expect(seat.locator("#chart .counter.own")).to_have_count(3)
    await expect(seat.locator("#chart .counter.contact.fidelity-identified")).to_have_count(2)
    await expect(seat.locator("#contacts tbody tr, .contacts tbody tr").first).to_contain_text("Hatsuyuki")
    # Goto's mission on his chart: the bombardment line, 3012-3024, titled in words (no side code).
    line = seat.locator("#chart .bombardment-hex")
    await expect(line).to_have_count(13)
    title = await seat.locator('#chart .bombardment-hex[data-hex="3016"] title').text_content()
    assert title == ("Bombardment line 3016: a heavy ship of Japan that ends a turn here, having steamed 2 hexes "
                     "or less, shells Henderson Field"), title

    # The night's declarations: a starshell from Aoba, fired by pointing at a hex three off.
    await expect(seat.get_by_role("radiogroup", name="Declare")).to_be_visible()
    await seat.click('.unit-pick[data-unit="JCA1"]')
    await seat.check('input[name="declare"][value="starshell"]')
    target = "0604"
    for _ in range(3):
        target = await step(seat, target, 1)
    await click_hex(seat, target)
    await expect(seat.locator("#plan")).to_have_text(f"Aoba starshell over {target}")
    await expect(seat.locator("#chart .starshell-aim")).to_have_count(1)
    ARTIFACTS.mkdir(exist_ok=True)
    await seat.screenshot(path=str(ARTIFACTS / "cape-esperance-seat.png"), full_page=True)

    # The umpire's console: the American radar reach, one area for each of Scott's four ships.
    await console.set_viewport_size({"width": 1440, "height": 900})
    await console.goto(f"{url}/umpire#token={created['umpire_token']}")
    await console.wait_for_selector("#chart .counter")
    await expect(console.locator("#chart .radar")).to_have_count(4)
    assert {await r.get_attribute("data-unit") for r in await console.locator("#chart .radar").all()} == {
        "CA1", "CL1", "CA2", "CL2"}
    await expect(console.locator('#layers input[data-layer="radar"]')).to_be_checked()
    await expect(console.locator("#chart .bombardment-hex")).to_have_count(13)
    await expect(console.locator('#layers input[data-layer="starshells"]')).to_be_attached()
    await console.screenshot(path=str(ARTIFACTS / "cape-esperance-console.png"))


async def test_scotts_ships_table_names_each_radar_set_in_words(server, pages):
    created = await server.create_game("cape_esperance")
    seat = pages[0]
    await seat.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['scott']}")
    await seat.wait_for_selector("#chart .counter")
    helena = seat.locator('#gauges-panel tr[data-unit="CL2"] .kit')
    await expect(helena).to_contain_text("Mark 3 radar (")
    await expect(helena).to_contain_text("SG surface search")
    assert "mark_3" not in await seat.locator("#gauges-panel").inner_text()
    await expect(seat.locator("#gauges-panel")).to_contain_text("the United States")  # the side, not its code "us"
    assert "Mark 3 fire control: detects 14 hexes" in await helena.get_attribute("title")

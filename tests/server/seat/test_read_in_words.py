"""What a player reads, asked of the rules rather than restated by the page: a gun the rules have
silenced is not offered as a firer (a Salvo fort at 3W, a River Plate cruiser chasing splash, each
from its view); a Salvo course letter is glossed from the chart ("E (SW)"), and the wind; and a
game over does not read "Turn 25 · write moves" in the header: the core moved its clock past the
last turn played."""

from __future__ import annotations

import re

from fogbank.clients import Client
from tests.conftest import needs

from ..chromium import CHROMIUM, expect, open_page
from .test_hex_map import release_until

pytestmark = needs(CHROMIUM)


async def seat_page(server, page, created: dict, seat: str) -> None:
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats'][seat]}")
    await page.wait_for_selector('#connection[data-state="connected"]')


async def test_a_silenced_fort_is_not_offered_as_a_firer(server, page):
    created = await server.create_game("gallipoli")
    await release_until(server, created["umpire_token"], "gunfire")
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        silenced = {"kind": "set_damage", "unit": "F1", "w": 3, "s": 0}
        await umpire.override(silenced, "Kilid Bahr's guns are knocked out.")
    await seat_page(server, page, created, "forts")
    await expect(page.locator("#clock")).to_contain_text("gunfire")
    picks = page.locator(".unit-pick")
    await expect(picks.first).to_be_visible()
    assert await page.locator('.unit-pick[data-unit="F1"]').count() == 0  # silenced: no firer
    assert await page.locator('.unit-pick[data-unit="F2"]').count() == 1
    # A fort has a main battery only: the pad offers no secondaries or torpedoes for it.
    await page.click('.unit-pick[data-unit="F2"]')
    await expect(page.locator('input[data-battery="secondary"]')).to_be_disabled()
    await expect(page.locator('input[data-battery="torpedo"]')).to_be_disabled()
    await expect(page.locator('input[data-battery="target"]')).to_be_enabled()


async def test_a_cruiser_chasing_splash_offers_no_guns_to_fire(server, page):
    created = await server.create_game("river_plate")
    await release_until(server, created["umpire_token"], "write_moves", 2)
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["ajax"]) as ajax:
        await ajax.submit({"ships": {"ajax": {"move": "A10 CS"}}}, 2)
    await release_until(server, created["umpire_token"], "write_fire", 2)
    await seat_page(server, page, created, "ajax")
    await expect(page.locator("#clock")).to_contain_text("2B write fire")
    pad = page.locator('fieldset.ship-order[data-ship="ajax"]')
    silent = pad.locator(".fire-group.silent")
    await expect(silent.first).to_contain_text("cannot fire: a ship chasing splash may not fire her guns")
    chart = await page.evaluate("window.fogbankSeat.seat.welcome.chart")
    groups = next(ship["groups"] for ship in chart["ships"] if ship["name"] == "ajax")
    await expect(silent).to_have_count(len(groups))  # every group of hers, fore, aft and the secondaries
    assert await pad.locator("select").count() == 0  # no target to pick for guns that may not fire


async def test_salvo_courses_and_the_wind_are_glossed_from_the_chart(server, page):
    created = await server.create_game("cape_esperance")
    await seat_page(server, page, created, "scott")
    course = page.locator("#gauges-panel > table.ships tbody tr td:nth-child(3)")
    await expect(course.first).to_be_visible()
    for text in await course.all_inner_texts():
        assert re.fullmatch(r"[A-F] \((N|NE|SE|S|SW|NW)\) \d+(/\d+)?", text), text
    await expect(page.locator("#gauge-sight")).to_contain_text(re.compile(r"wind from the [a-z-]+ \([A-F]\)"))
    # The rules' own words for the letters, as the chart sends them: E is south-west.
    assert (await page.evaluate("window.fogbankSeat.seat.welcome.chart.facings"))["E"] == "south-west"


async def test_a_game_over_says_the_last_turn_played_not_the_next(server, page):
    created = await server.create_game("river_plate")
    # Turn 1 played: the clock on turn 2's first phase, as at the end of a game's last turn.
    await release_until(server, created["umpire_token"], "write_moves", 2)
    await seat_page(server, page, created, "exeter")
    url = f"http://127.0.0.1:{server.port}"
    umpire = await open_page(page.context.browser, 1024, 768, [])
    await umpire.goto(f"{url}/umpire#token={created['umpire_token']}")
    await umpire.wait_for_selector('#connection[data-state="connected"]')
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as client:
        await client.end("The light fails.", {"german": "draw", "british": "draw"})
    for shown in (page, umpire):
        await expect(shown.locator("#clock")).to_have_text("Game over after turn 1")
    await umpire.close()

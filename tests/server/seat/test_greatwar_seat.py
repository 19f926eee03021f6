"""Great War at Sea in a real headless Chromium: Admiral Eberhardt's seat draws the Black Sea as a
zone schematic with his side's fleets only, plots a move by clicking zones, sees it refused in the
server's words when it is illegal, and sends one that the turn resolves; the umpire's console
draws every fleet of both sides on the same schematic."""

from __future__ import annotations

from pathlib import Path


from tests.conftest import needs

from ..chromium import CHROMIUM, expect, open_page

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


async def test_an_admiral_plots_on_the_zone_map_and_the_umpire_sees_the_whole_sea(server, page):
    created = await server.create_game("black_sea")
    url = f"http://127.0.0.1:{server.port}"
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    await page.goto(f"{url}/play#token={created['seats']['eberhardt']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    assert await page.locator("#question-panel").is_hidden()  # the operational game takes no questions
    await expect(page.locator("#duty")).to_have_text("Your orders are due")
    assert f"{url}/play/maps/zones.js" in fetched and f"{url}/play/rulesets/greatwar/module.js" in fetched
    # The schematic: every zone a node; his side's fleets, none of the enemy's.
    await expect(page.locator('#chart g.zone[data-zone="sevastopol"]')).to_have_count(1)
    await expect(page.locator("#chart g.zone")).to_have_count(23)
    await expect(page.locator("#chart g.fleet")).to_have_count(5)
    await expect(page.locator("#fleet-list li")).to_have_count(5)
    drawn = await page.inner_html("#chart") + await page.inner_html("#fleet-list")
    assert "Evstafi" in drawn and "Yavuz" not in drawn and "Midilli" not in drawn

    # A plot too far for the battle fleet (speed 1): refused in the server's words.
    await page.click('#chart g.zone[data-zone="west_central"] circle')
    await page.click('#chart g.zone[data-zone="central"] circle')
    await expect(page.locator('input.path[data-fleet="battle"]')).to_have_value("west_central central")
    await expect(page.locator("#chart .zone-path")).to_have_count(1)  # the draft, drawn
    await page.click("#send-order")
    await expect(page.locator("#refusal code")).to_have_text("too_far")
    await page.fill('input.path[data-fleet="battle"]', "west_central")
    await page.click("#send-order")
    await expect(page.locator("#duty")).to_have_text("Orders in · waiting for the turn")
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-1024.png"), full_page=True)

    umpire = await open_page(page.context.browser, 1280, 900, [])
    await umpire.goto(f"{url}/umpire#token={created['umpire_token']}")
    await expect(umpire.locator("#chart g.zone")).to_have_count(23)
    await expect(umpire.locator("#chart g.fleet")).to_have_count(10)
    await expect(umpire.locator("#points")).to_contain_text("central 0")
    await umpire.screenshot(path=str(ARTIFACTS / "umpire-greatwar.png"), full_page=True)

"""Great War at Sea in a real headless Chromium: Admiral Eberhardt's seat draws the Black Sea as a
zone schematic with his side's fleets only, plots a move by clicking zones, sees it refused in the
server's words when it is illegal, and sends one that the turn resolves; the umpire's console
draws every fleet of both sides on the same schematic."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import needs

from ..chromium import CHROMIUM, expect, open_page
from .test_greatwar_choices import _order

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
    assert f"{url}/web/maps/zones.js" in fetched and f"{url}/play/rulesets/greatwar/module.js" in fetched
    # The schematic: every zone a node; his side's fleets, none of the enemy's.
    await expect(page.locator('#chart g.zone[data-zone="sevastopol"]')).to_have_count(1)
    await expect(page.locator("#chart g.zone")).to_have_count(23)
    await expect(page.locator("#chart g.fleet")).to_have_count(5)
    await expect(page.locator("#fleet-list li")).to_have_count(5)
    drawn = await page.inner_html("#chart") + await page.inner_html("#fleet-list")
    assert "Evstafi" in drawn and "Yavuz" not in drawn and "Midilli" not in drawn
    # A fleet's move is told in zones a turn (a ship's speed is a class): never "speed undefined".
    await expect(page.locator('#fleet-list li[data-fleet="battle"]')).to_contain_text("1 zone a turn")
    assert "undefined" not in await page.inner_text("body")

    # The zones the fleet being plotted may enter are ringed on the map; none once its move is full.
    await expect(page.locator('#chart circle.reach[data-zone="west_central"]')).to_have_count(1)
    await expect(page.locator("#chart circle.reach")).to_have_count(3)
    await expect(page.locator('#chart g.fleet.plotting[data-fleet="battle"]')).to_have_count(1)
    # Pointing at a zone names it and tells the enemy's fields there in words.
    await page.hover('#chart g.zone[data-zone="bosporus"] circle')
    await expect(page.locator("#hover")).to_have_text(
        "The Bosporus · enemy fields: moderately mined · click to add it to Battle fleet's plot")
    # A plot too far for the battle fleet (speed 1): refused in the server's words.
    await page.click('#chart g.zone[data-zone="west_central"] circle')
    await expect(page.locator("#chart circle.reach")).to_have_count(0)
    await page.click('#chart g.zone[data-zone="central"] circle')
    # The plot in words: the zones' names, never their ids.
    await expect(page.locator('input.path[data-fleet="battle"]')).to_have_value("West central Black Sea → Central Black Sea")
    await expect(page.locator("#chart .zone-path")).to_have_count(1)  # the draft, drawn
    await page.click("#send-order")
    await expect(page.locator("#refusal")).to_have_attribute("data-code", "too_far")
    await page.fill('input.path[data-fleet="battle"]', "West central Black Sea")  # typed as the map names it
    await page.click("#send-order")
    await expect(page.locator("#duty")).to_have_text("Orders in · waiting for the turn")
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-1024.png"), full_page=True)

    umpire = await open_page(page.context.browser, 1280, 900, [])
    await umpire.goto(f"{url}/umpire#token={created['umpire_token']}")
    await expect(umpire.locator("#chart g.zone")).to_have_count(23)
    await expect(umpire.locator("#chart g.fleet")).to_have_count(10)
    await expect(umpire.locator("#points")).to_contain_text("Central Powers 0")
    await umpire.screenshot(path=str(ARTIFACTS / "umpire-greatwar.png"), full_page=True)


async def test_an_admiral_sets_how_each_fleet_fights_and_the_turn_carries_it(server, page):
    created = await server.create_game("black_sea")
    room = server.host.rooms[created["game"]]
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['souchon']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    # Every plot row has its tactics, showing the rules' default for the fleet's mission.
    raid = page.locator('details.tactics[data-fleet="mittelmeer"]')
    await expect(raid.locator("summary")).to_contain_text(
        "close in, guns at the biggest ships, breaks off at ½ of its hull left, no smoke (the raid default)")
    await raid.locator("summary").click()
    await expect(raid.locator(".tactic-says")).to_have_count(4)  # posture, target, break-off, smoke: a sentence each
    await expect(page.locator('details.tactics[data-fleet="minelayer"] summary')).to_contain_text("stand")
    await expect(page.locator('select.tactic.torpedoes, input.tactic.torpedoes')).to_have_count(0)  # no torpedo craft of his
    # A mission's defaults follow the mission until the player changes one.
    await expect(page.locator('.plot-row[data-fleet="mittelmeer"] .mission-says')).to_contain_text("Sinks the enemy's steamers")
    await page.select_option('select.mission[data-fleet="mittelmeer"]', "transport")
    await expect(page.locator('.plot-row[data-fleet="mittelmeer"] .mission-says')).to_contain_text("Colliers load coal")
    await expect(raid.locator("select.posture")).to_have_value("keep_off")
    await expect(raid.locator("input.smoke")).to_be_checked()
    await page.select_option('select.mission[data-fleet="mittelmeer"]', "raid")
    await raid.locator("select.posture").select_option("keep_off")
    await raid.locator("select.break_off").select_option("0.75")
    await expect(raid.locator("summary")).to_contain_text("keep off")
    await expect(raid.locator("summary")).to_contain_text("(2 changed from the raid default)")
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-tactics-1024.png"), full_page=True)
    # Nilufer's zone to mine lists long zone names: its select keeps within the pad, the page within the window.
    await expect(page.locator('select.mines-at[data-fleet="minelayer"]')).to_be_visible()
    assert await page.evaluate("document.documentElement.scrollWidth") <= 1024
    await page.click("#send-order")
    await expect(page.locator("#duty")).to_have_text("Orders in · waiting for the turn")
    # What was sent: only what differs from the default (the fleet stays, so only its tactics made it go).
    for seat in ("ottoman", "eberhardt", "flotilla"):
        await _order(server, created["seats"][seat], 1, {"fleets": {}})
    await expect(page.locator("#clock")).to_contain_text("Turn 2")
    assert room.game.state.board.fleet("mittelmeer").tactics == {"posture": "keep_off", "break_off": 0.75}
    # The next turn's pad starts from the tactics the fleet now has.
    await expect(page.locator('details.tactics[data-fleet="mittelmeer"] select.posture')).to_have_value("keep_off")
    await expect(page.locator('details.tactics[data-fleet="mittelmeer"] summary')).to_contain_text("(2 changed from the raid default)")
    await page.set_viewport_size({"width": 1440, "height": 900})
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-tactics-1440.png"), full_page=True)

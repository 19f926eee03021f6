"""A player sets where their own nudges go from the seat page, and turns them off (issue 37): the
server checks it as it checks the umpire's (a refusal's sentence is shown), keeps it, and the page
says it after a reload; the umpire sees it among the seats' addresses."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import needs

from ..chromium import CHROMIUM, expect

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


async def test_a_player_sets_and_stops_their_own_nudges_from_the_seat_page(server, page):
    created = await server.create_game("river_plate")
    room = server.host.rooms[created["game"]]
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['ajax']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    await page.click("#nudge-panel summary")
    await expect(page.locator("#nudge-state")).to_have_text("· off")
    await expect(page.locator("#nudge-off")).to_be_hidden()
    await page.fill("#nudge-to", "not an address")
    await page.click("#nudge-save")
    await expect(page.locator("#notice")).to_contain_text("is not an e-mail address")
    # A server with no SMTP server takes a webhook, not an e-mail address: it says so.
    await page.fill("#nudge-to", "ajax@example.org")
    await page.click("#nudge-save")
    await expect(page.locator("#notice")).to_contain_text("This server sends no e-mail")
    server.host.nudges.smtp = object()  # as `fogbank serve --smtp` would have it (nothing is sent here)
    await page.click("#nudge-save")
    await expect(page.locator("#notice")).to_have_text("Your nudges go to ajax@example.org from now on.")
    await expect(page.locator("#nudge-state")).to_have_text("· on")
    assert server.host.nudges.addresses[room.id] == {"ajax": "ajax@example.org"}
    seats = server.host.games(room, "umpire")[0]["seats"]
    assert next(s["address"] for s in seats if s["seat"] == "ajax") == "ajax@example.org"
    await page.reload()
    await page.wait_for_selector('#connection[data-state="connected"]')
    await page.click("#nudge-panel summary")
    await expect(page.locator("#nudge-now")).to_contain_text("to ajax@example.org")
    await expect(page.locator("#nudge-to")).to_have_value("ajax@example.org")
    await page.locator("#nudge-panel").screenshot(path=str(ARTIFACTS / "nudge-me.png"))
    await page.click("#nudge-off")
    await expect(page.locator("#notice")).to_contain_text("No more nudges")
    await expect(page.locator("#nudge-state")).to_have_text("· off")
    assert server.host.nudges.addresses[room.id] == {}

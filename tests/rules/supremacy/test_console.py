"""The umpire's console on a River Plate game, in a real headless Chromium: the ruleset's module
draws the table as it truly stands (every ship's model, arcs, last moves), the ranges between
enemies, and the ships' damage, from the umpire's view alone; and its override form changes the truth."""

from __future__ import annotations

import asyncio

import pytest

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.server.app import Server
from tests.conftest import needs

playwright_api = pytest.importorskip("playwright.async_api")
expect = playwright_api.expect
CHROMIUM = "/usr/bin/chromium"
pytestmark = needs(CHROMIUM)
RULES = core.find_ruleset("supremacy")


async def play(server, room, turns):
    """The bots play every seat through the host, as the seats' clients would."""
    bots = {seat: RULES.bot("river_plate", seat, to_plain(RULES.chart(room.game.state, seat)))
            for seat in RULES.seat_names(room.game.state)}
    while room.game.state.turn <= turns:
        seat = sorted(room.game.waiting_for())[0]
        view = to_plain(RULES.observe(room.game.state, seat))
        try:
            await server.host.order(room, seat, room.game.state.turn, dict(bots[seat].order(view)))
        except core.Refused:
            await server.host.order(room, seat, room.game.state.turn, {"ships": {}})


async def override(page, kind, ship, fields, reason, applied):
    """The umpire fills the override form and applies it; then the truth shows it. (The notice
    alone is no sign: a second override's notice reads as the first's, still on the page.)"""
    await page.select_option("#override-kind", kind)
    await page.select_option("#override-ship", ship)
    for field, value in fields.items():
        await page.fill(f"#override-{field}", value)
    await page.fill("#override-reason", reason)
    await page.click("#override-apply")
    await expect(page.locator("#notice")).to_have_text("Override applied and recorded.")
    for _ in range(600):
        if applied():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"the {kind} override of {ship} did not reach the truth in a minute")


async def test_the_console_draws_the_true_table_and_the_ranges(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    try:
        created = await server.create_game("river_plate")
        room = server.host.rooms[created["game"]]
        await play(server, room, 2)
        errors: list[str] = []
        async with playwright_api.async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
            page = await browser.new_page(viewport={"width": 1440, "height": 1000})
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda message: message.type == "error" and errors.append(message.text))
            await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['umpire_token']}")
            await page.wait_for_selector('#connection[data-state="connected"]')
            table = page.locator("#truth svg.table")
            await table.wait_for()
            # The console may draw from the welcome and again once the history is in: wait for the
            # table as the game stands (under load the second drawing comes late).
            await expect(table.locator(".ship")).to_have_count(4)
            truth = to_plain(RULES.observe(room.game.state, core.UMPIRE))
            in_action = [m for ship in truth["ships"] if not ship["sunk"] for m in ship["mounts"]
                         if m["battery"] == "mains" and not m["out"]]
            assert in_action
            await expect(table.locator(".arc")).to_have_count(len(in_action))  # each main turret in action
            await expect(table.locator(".path")).to_have_count(4)
            await expect(page.locator("#truth table.ranges tr")).to_have_count(3)
            rows = await page.locator("#truth table.ranges tr").all_inner_texts()
            assert all("Admiral Graf Spee" in row and "nm" in row for row in rows)
            assert "The table, the truth" in await page.locator("#truth").inner_text()

            # The umpire's hand: set Exeter's damage, then move Graf Spee, each with a reason.
            def ship(name):
                return room.game.state.board.ship(name)

            await override(page, "set_damage", "exeter", {"damage": "300"}, "An 11-inch hit the table missed",
                           lambda: ship("exeter").damage == 300)
            await override(page, "move_ship", "graf_spee", {"x": "12.5", "y": "-3", "course": "270"},
                           "The model was knocked off the table",
                           lambda: (ship("graf_spee").at, ship("graf_spee").course) == ((125, -30), 270))
            await browser.close()
        assert not errors, errors
    finally:
        await server.close()

"""The umpire's console on a Gallipoli game, in a real headless Chromium: the shell loads the Salvo
module and the shared hex renderer; the map shows every unit, a dummy told apart, the lines of
the last gunfire, the minefields fixed and secret; the truth and the record sheet follow the
game; each Salvo override is made from the console's controls, a hex picked on the map."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fogbank.rules.salvo.hexes import number
from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect  # noqa: F401  (browser: a fixture)
from ..seat.test_salvo_seat import SECRET_MINES, captain, click_hex
from .test_console import page  # noqa: F401  (a fixture: a Chromium page whose script errors fail the test)

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


def adjusted(view, order):
    """The forts mine the test's hexes."""
    return {**order, "mines": SECRET_MINES} if view["mines_to_lay"] else order


async def override(page, reason: str) -> None:
    await page.fill("#override-reason", reason)
    await page.click("#override-apply")
    await expect(page.locator("#notice")).to_have_text("Override applied and recorded.")


async def test_the_umpire_watches_and_overrides_gallipoli(server, page):
    created = await server.create_game("gallipoli")
    url = f"http://127.0.0.1:{server.port}"
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    await page.set_viewport_size({"width": 1440, "height": 900})
    await page.goto(f"{url}/umpire#token={created['umpire_token']}")
    await page.wait_for_selector("#chart .counter")
    assert f"{url}/web/maps/hexes.js" in fetched and f"{url}/umpire/rulesets/salvo/module.js" in fetched
    chart = page.locator("#chart")
    await expect(chart.locator(".minefield.fixed")).to_have_count(7)
    await expect(chart.locator(".counter.kind-fort")).to_have_count(8)

    # Every seat's captain plays turn 1 over the wire; the console follows the stream.
    ws = f"ws://127.0.0.1:{server.port}/"
    seats = created["seats"]
    await asyncio.wait_for(asyncio.gather(*(captain(ws, seats[s], s, 2, adjusted) for s in seats)), 60)
    await expect(page.locator("#clock")).to_contain_text("Turn 2 · movement")
    # The Allies' two dummies, set up out in the Aegean, are drawn where the truth has them.
    dummies = chart.locator(".counter.dummy")
    await expect(dummies).to_have_count(2)
    assert {await d.get_attribute("data-unit") for d in await dummies.all()} == {"dummy-allied-1", "dummy-allied-2"}
    truth = server.host.rooms[created["game"]].game.state.board
    steamed = {number(unit.hex) for unit in truth.units if unit.kind == "dummy"}  # where the captain sent them
    assert {await d.get_attribute("data-hex") for d in await dummies.all()} == steamed
    await expect(page.locator("#truth tr.dummy")).to_have_count(2)
    assert "/99" not in await page.locator("#truth tr.dummy").first.inner_text()  # no made-up top speed
    await expect(chart.locator(".minefield.secret")).to_have_count(2)
    assert sorted([await m.get_attribute("data-hex") for m in await chart.locator(".minefield.secret").all()]) == SECRET_MINES
    await expect(page.locator("#truth .secret-mines")).to_have_text(" ".join(SECRET_MINES))
    assert await chart.locator(".shot").count() > 8  # turn 1's lines of fire, shown while turn 2 is ordered
    assert await chart.locator('.counter.unit[data-side="allied"]').count() + await chart.locator(".counter.sunk").count() >= 16
    sheet = page.locator("#pane-sheet .sheet tbody")
    gunfire = sheet.locator('tr[data-turn="1"][data-phase="gunfire"]')
    await expect(gunfire).to_have_count(1)
    assert int(await gunfire.locator('td[data-column="shots"]').inner_text()) > 8
    await page.check('#layers input[data-layer="labels"]')
    assert await chart.locator(".unit-labels").count() > 5
    await page.evaluate("window.scrollTo(0, 0)")
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "umpire-console-hex.png"))  # docs/umpire-console-hex.png is a copy of it
    await page.set_viewport_size({"width": 1024, "height": 768})
    await page.screenshot(path=str(ARTIFACTS / "salvo-console-1024.png"), full_page=True)
    await page.set_viewport_size({"width": 1440, "height": 900})

    # Overrides from the console's controls: a unit moved to a hex picked on the map and turned.
    await page.select_option("#override-kind", "move_unit")
    await page.select_option("#override-unit", "B4")
    await click_hex(page, "1510", "window.fogbankConsole.game.map")
    await expect(page.locator("#override-hex")).to_have_value("1510")
    await page.select_option("#override-facing", "D")
    await override(page, "Counter knocked off the table")
    await expect(chart.locator('.counter[data-unit="B4"]')).to_have_attribute("data-hex", "1510")
    await expect(page.locator('#truth tr[data-unit="B4"]')).to_contain_text("1510")
    await expect(page.locator('#truth tr[data-unit="B4"]')).to_contain_text("D ")

    await page.select_option("#override-kind", "set_damage")
    await page.select_option("#override-unit", "B5")
    await page.fill("#override-w", "2")
    await page.fill("#override-s", "1")
    await override(page, "A hit the table missed")
    await expect(page.locator('#truth tr[data-unit="B5"]')).to_contain_text("2W 1S")

    await page.select_option("#override-kind", "remove_unit")
    await page.select_option("#override-unit", "B9")
    await override(page, "Ocean withdrawn")
    await expect(page.locator('#truth tr[data-unit="B9"]')).to_have_class("struck")

    await page.select_option("#override-kind", "set_visibility")
    await page.fill("#override-value", "6")
    await override(page, "A squall")
    await expect(page.locator("#clock")).to_contain_text("visibility 6")
    await page.click('[role=tab][data-pane="log"]')
    await expect(page.locator("#pane-log tr.kind-override")).to_have_count(4)

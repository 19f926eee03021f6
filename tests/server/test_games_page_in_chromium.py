"""The games page names games (issue 37), in real headless Chromium: the umpire gives a new game a
name, the list shows it (and a renamed game's new one), the players' pages carry it in their
titles, and once the game is over the list shows its result, each side by its title."""

from __future__ import annotations

import pytest

from fogbank import protocols as wire
from tests.conftest import needs

from .chromium import CHROMIUM, browser, expect, open_page  # noqa: F401  (browser: a fixture)
from .test_club import ask
from .test_end_to_end import open_peer, server  # noqa: F401  (server: a fixture)

pytestmark = needs(CHROMIUM)


@pytest.fixture
async def page(browser):  # noqa: F811
    errors: list[str] = []
    opened = await open_page(browser, 1280, 860, errors)
    answer = "Thursday's River Plate"  # the name a prompt is given
    opened.on("dialog", lambda dialog: dialog.accept(answer) if dialog.type == "prompt" else dialog.accept())
    yield opened
    assert not errors, errors


async def test_the_umpire_names_a_game_and_the_list_shows_it_and_its_result(server, browser, page):  # noqa: F811
    base = f"http://127.0.0.1:{server.port}"
    await page.goto(f"{base}/games")
    await page.fill("#token", server.admin_key)
    await page.press("#token", "Enter")
    await page.select_option("#scenario", "supremacy/river_plate")
    await page.fill("#name", "Tuesday club: River Plate")
    await page.click("#create")
    await expect(page.locator("#created h3")).to_have_text("Tuesday club: River Plate: its links")
    game = next(iter(server.host.rooms))
    row = page.locator(f'#games tr[data-game="{game}"]')
    await expect(row.locator(".name")).to_have_text("Tuesday club: River Plate")

    await page.click(f'[data-rename="{game}"]')  # the prompt answers "Thursday's River Plate"
    await expect(row.locator(".name")).to_have_text("Thursday's River Plate")
    seat = await browser.new_page()
    room = server.host.rooms[game]  # the server keeps no link: new ones, for the test's own use
    await seat.goto(f"{base}/play#token={await server.host.reissue(room, 'ajax')}")
    await expect(seat).to_have_title("(!) fogbank · Thursday's River Plate · Ajax")
    await seat.close()

    umpire = await open_peer(server, await server.host.reissue(room, "umpire", umpire_too=True))
    ending = {"reason": "Graf Spee scuttled.", "results": {"british": "victory"}}
    await ask(umpire, lambda ref: wire.EndGame(ref=ref, **ending))
    await page.check("#show-archived")  # the list asked again
    said = "Kriegsmarine: ended; Royal Navy, Force G: victory. Graf Spee scuttled."
    await expect(row.locator(".result-words")).to_have_text(said)

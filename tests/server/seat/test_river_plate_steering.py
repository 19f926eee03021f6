"""River Plate with a seat per side: a click on the table steers the ship whose move was last
touched, not always the first of the side's ships (the click takes the focus from her move
field), and the pointer's words say which ship the click will steer."""

from __future__ import annotations

from fogbank.clients import Client

from tests.conftest import needs

from ..noninterference import settled
from ..chromium import CHROMIUM, expect

pytestmark = needs(CHROMIUM)


async def test_a_click_on_the_table_steers_the_ship_whose_move_was_touched(server, page):
    created = await server.create_game("river_plate", {"seats": "side"})
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        while (await umpire.games()).games[0]["turn"] < 2:
            await umpire.release()  # turn 1's printed moves, and no fire, under standing orders
            await settled(server.host)  # the seats passed over after it, before the game is read again
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['british']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    await expect(page.locator("#clock")).to_have_text("Turn 2 · 1A write moves")
    ajax, achilles = page.locator("#move-ajax"), page.locator("#move-achilles")
    straight = await ajax.input_value(), await achilles.input_value()
    await achilles.focus()
    table = page.locator("svg#chart")
    await table.hover(position={"x": 20, "y": 20})
    await expect(page.locator("#hover")).to_contain_text("click to steer Achilles for it")
    await table.click(position={"x": 20, "y": 20})
    await expect(achilles).not_to_have_value(straight[1])
    await expect(ajax).to_have_value(straight[0])

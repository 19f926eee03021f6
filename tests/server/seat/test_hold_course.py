"""A ship's plot undone back to nothing holds course and speed, and the page says so: an empty
path would stop her dead (Cape Esperance, night turn 1, San Francisco)."""

from __future__ import annotations

from fogbank.clients import Client

from tests.conftest import needs

from ..noninterference import settled
from ..chromium import CHROMIUM, expect
from .test_salvo_seat import click_hex, step

pytestmark = needs(CHROMIUM)


async def test_a_plot_undone_to_nothing_holds_course_and_the_order_says_nothing_of_her(server, page):
    created = await server.create_game("cape_esperance")
    url = f"http://127.0.0.1:{server.port}"
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        while (await umpire.games()).games[0]["phase"] != "movement":
            await umpire.release()  # the night's declarations, each seat under its standing order
            await settled(server.host)  # the seats passed over after it, before the game is read again
    await page.goto(f"{url}/play#token={created['seats']['scott']}")
    await page.wait_for_selector("#chart .counter")
    await expect(page.locator("#clock")).to_contain_text("Turn 1")
    await page.click('.unit-pick[data-unit="CA1"]')
    await expect(page.locator("#plot-path")).to_have_text("(holds course)")
    ahead = await step(page, await page.evaluate("window.fogbankSeat.seat.view.ships.find((s) => s.id === 'CA1').hex"), 0)
    await click_hex(page, ahead)
    await expect(page.locator("#plot-path")).not_to_have_text("(holds course)")
    path = await page.locator("#plot-path").text_content()
    for _ in path:
        await page.click("#plot-undo")
    await expect(page.locator("#plot-path")).to_have_text("(holds course)")
    await expect(page.locator("#plot-judged")).to_have_text("holds course and speed")
    assert await page.evaluate("window.fogbankSeat.seat.pad.read()") == {}
    await expect(page.locator("#checked")).to_have_text("The rules take these orders as they stand.")
    # Stopping her is said in as many words.
    await page.click("#plot-stop")
    await expect(page.locator("#plan")).to_contain_text("San Francisco stops dead in the water")


async def test_an_order_that_plots_no_ship_is_said_to_hold_every_ship_on_course(server, page):
    created = await server.create_game("cape_esperance")
    url = f"http://127.0.0.1:{server.port}"
    ws = f"ws://127.0.0.1:{server.port}/"
    async with await Client.connect(ws, created["umpire_token"]) as umpire:
        while (await umpire.games()).games[0]["phase"] != "movement":
            await umpire.release()
            await settled(server.host)  # the seats passed over after it, before the game is read again
        await page.goto(f"{url}/play#token={created['seats']['scott']}")
        await page.wait_for_selector("#chart .counter")
        await expect(page.locator("#clock")).to_contain_text("movement")
        await page.click("#send-order")  # nothing plotted: every ship holds course and speed
        await expect(page.locator("#duty")).to_contain_text("Orders in")
        await umpire.end("The umpire calls the night.", {"us": "draw", "japan": "draw"})
    await expect(page.locator("#own-record")).to_contain_text("You ordered: all ships hold course and speed")
    await expect(page.locator("#own-record")).not_to_contain_text("You ordered: nothing")


async def test_orders_name_the_ships_by_their_names_and_say_what_each_fires(server, page):
    created = await server.create_game("cape_esperance")
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['scott']}")
    await page.wait_for_selector("#chart .counter")
    said = await page.evaluate("""async () => (await import('/web/rulesets/salvo/words.js')).orderWords(
        {fire: {CA1: {target: 3, secondary: 2, torpedo: 4}, CL1: {target: 5, spotter: "CA1"}}, smoke: ["CA1"]}, "scott", "gunfire")""")
    assert said == "smoke from San Francisco; San Francisco: guns at #3, secondaries at #2, torpedoes at #4; Boise: guns at #5, spotted by San Francisco"

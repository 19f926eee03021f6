"""The hex map on a seat's page (fogbank/web/maps/hexes.js and zoom.js), in real Chromium, as
de Robeck at Gallipoli: it opens on his own ships and follows them when they steam out of sight;
zoom and move are buttons and words; a drag moves the map and selects no hex number; a contact
is aimed at from the contacts table; no place name covers a stack of counters."""

from __future__ import annotations

from fogbank.clients import Client

from tests.conftest import needs

from ..noninterference import settled
from ..chromium import CHROMIUM, expect

pytestmark = needs(CHROMIUM)

VIEWBOX = "document.getElementById('chart').getAttribute('viewBox').split(' ').map(Number)"
OWN_IN_SIGHT = """() => {
    const [x, y, w, h] = %s;
    const map = window.fogbankSeat.seat.map;
    return window.fogbankSeat.seat.view.ships.filter((s) => !s.sunk).every((s) => {
        const [cx, cy] = map.centre(s.hex);
        return cx >= x && cx <= x + w && cy >= y && cy <= y + h;
    });
}""" % VIEWBOX
# Every place name shown, against every counter: their boxes on the screen never meet.
NAMES_ON_STACKS = """() => {
    const boxes = (selector) => [...document.querySelectorAll(selector)].map((e) => [e, e.getBoundingClientRect()]);
    const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const names = boxes('#chart [data-layer="places"] text.place:not([display="none"])');
    const stacks = boxes("#chart .counter");
    return names.flatMap(([n, a]) => stacks.filter(([, b]) => meet(a, b)).map(([c]) => `${n.textContent} on ${c.dataset.hex}`));
}"""


async def release_until(server, token: str, phase: str, turn: int = 1) -> None:
    """The umpire releases phases (each seat under its standing order) until `phase` of `turn` is open."""
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", token) as umpire:
        while (listing := (await umpire.games()).games[0])["phase"] != phase or listing["turn"] != turn:
            await umpire.release()
            await settled(server.host)  # the seats passed over after it, before the game is read again


async def test_the_map_opens_on_the_own_ships_follows_them_and_says_how_to_zoom_and_move(server, page):
    created = await server.create_game("gallipoli")
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['de_robeck']}")
    await page.wait_for_selector("#chart .counter.own")
    whole = await page.evaluate("[0, 0, window.fogbankSeat.seat.map.width, window.fogbankSeat.seat.map.height].map((n) => Number(n.toFixed(1)))")
    opened = await page.evaluate(VIEWBOX)
    assert opened[2] < whole[2] and await page.evaluate(OWN_IN_SIGHT)  # closer in, on his own ships

    await expect(page.locator(".map-help")).to_contain_text("Zoom: the wheel or + −. Move: drag, or the arrows.")
    await page.click("#map-in")
    closer = await page.evaluate(VIEWBOX)
    assert closer[2] < opened[2]
    await page.click("#map-out")
    await page.click("#map-out")
    assert (await page.evaluate(VIEWBOX))[2] > closer[2]
    await page.click("#map-whole")
    assert await page.evaluate(VIEWBOX) == whole
    await page.click("#map-home")
    assert await page.evaluate(OWN_IN_SIGHT)
    for _ in range(3):
        await page.click("#map-in")
    for _ in range(6):
        await page.click("#map-east")
    assert not await page.evaluate(OWN_IN_SIGHT)  # the player looked away: the map leaves him be

    # A drag moves the map and selects nothing written on it, even one begun on the map's edge.
    box = await page.locator("#chart").bounding_box()
    before = await page.evaluate(VIEWBOX)
    for start in (box["x"] + box["width"] * 0.7, box["x"] - 3):
        await page.mouse.move(start, box["y"] + box["height"] * 0.5)
        await page.mouse.down()
        await page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.6, steps=8)
        await page.mouse.up()
        assert await page.evaluate("window.getSelection().toString()") == ""
    assert await page.evaluate(VIEWBOX) != before

    # The turn goes by with his ships under their standing orders: they moved, and the map follows.
    hexes = await page.evaluate("window.fogbankSeat.seat.view.ships.map((s) => s.hex)")
    await release_until(server, created["umpire_token"], "movement", 2)
    await expect(page.locator("#clock")).to_contain_text("Turn 2")
    assert await page.evaluate("window.fogbankSeat.seat.view.ships.map((s) => s.hex)") != hexes
    assert await page.evaluate(OWN_IN_SIGHT)
    assert await page.evaluate(NAMES_ON_STACKS) == []


async def test_a_contact_is_aimed_at_from_the_contacts_table_and_no_name_covers_a_stack(server, page):
    created = await server.create_game("gallipoli")
    await release_until(server, created["umpire_token"], "gunfire")
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['de_robeck']}")
    await page.wait_for_selector("#chart .counter.own")
    await expect(page.locator("#clock")).to_contain_text("gunfire")
    await page.click('.unit-pick[data-unit="B1"]')
    row = page.locator('#contacts tr[data-label="3"]')
    await row.click()
    await expect(page.locator("#plan")).to_have_text("Lord Nelson guns at #3")
    await page.locator('#contacts tr[data-label="4"]').focus()
    await page.keyboard.press("Enter")
    await expect(page.locator("#plan")).to_have_text("Lord Nelson guns at #4")
    await expect(page.locator("#checked")).to_be_visible()  # and the rules were asked of it
    assert await page.evaluate(NAMES_ON_STACKS) == []

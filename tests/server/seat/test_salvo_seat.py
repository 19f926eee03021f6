"""Gallipoli in two real Chromium pages: the Turkish forts and Vice-Admiral de Robeck, of opposite
sides, play a whole first turn by pointing at the hex map (the secret mines, movement with a path
plotted hex by hex and a dummy placed, gunfire at contacts clicked, damage control), the other two
Allied seats played by built-in captains over the wire. A short minefield is refused in the
server's words. Nothing served to either page, over HTTP or the websocket, holds the other side's
hidden data: the dummy's id, the secret mines, an undetected unit's identity."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from fogbank import protocols as wire
from fogbank.clients import Client
from fogbank.rules.core import find_ruleset

from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect, open_page, playwright_api  # noqa: F401  (browser: a fixture)
from .test_two_sides import Seat as ServedTo

ARTIFACTS = Path(__file__).parent / "artifacts"
SECRET_MINES = ["2006", "2107"]  # open inner water, free of ships at the start
DUMMY_HEX = "1609"

pytestmark = needs(CHROMIUM)


class Seat(ServedTo):
    """A seat's page and all it was served; it may be reloaded (a page reloaded is served every
    file again, and the bodies from before the reload are no longer to be had)."""

    def __init__(self, page):
        super().__init__(page)
        self.bodies: list[str] = []
        page.on("response", lambda response: self.keep(response))

    def keep(self, response) -> None:
        if response.status == 200:
            asyncio.ensure_future(self.read(response))

    async def read(self, response) -> None:
        try:
            self.bodies.append(await response.text())
        except playwright_api.Error:
            pass  # navigated away from before it was read: the reload fetched it again

    async def served(self) -> str:
        self.responses = []
        return "\n".join([*self.bodies, await super().served()])


@pytest.fixture
async def pages(browser):
    errors: list[str] = []
    yield [await open_page(browser, 1024, 768, errors) for _ in range(2)]
    assert not errors, errors


async def click_hex(page, name: str, map_of: str = "window.fogbankSeat.seat.map") -> None:
    """Click the centre of a hex of the page's map (`map_of` finds it), as a player would, the
    map scrolled into sight."""
    point = await page.evaluate(
        f"""name => {{
            window.scrollTo(0, 0);
            const [x, y] = {map_of}.centre(name);
            const at = new DOMPoint(x, y).matrixTransform(document.getElementById("chart").getScreenCTM());
            return [at.x, at.y];
        }}""",
        name,
    )
    await page.mouse.click(*point)


async def step(page, name: str, side: int) -> str:
    return await page.evaluate("([name, side]) => window.fogbankSeat.seat.map.step(name, side)", [name, side])


async def aim_where_taken(page, unit: str) -> bool:
    """Pick `unit` and aim its guns at each contact in the table in turn until the rules would take
    the order (the page checks the draft with the server as it is written); hold fire if none."""
    await page.click(f'.unit-pick[data-unit="{unit}"]')
    for row in await page.locator("#contacts tr[data-label]").all():
        await row.click()  # aimed from the contacts table
        await expect(page.locator("#checked")).to_have_attribute("data-state", re.compile("taken|refused"))
        if await page.locator("#checked").get_attribute("data-state") == "taken":
            return True
    await page.click("#fire-clear")
    return False


async def captain(url: str, token: str, seat: str, until_turn: int, adjust=None) -> None:
    """A built-in captain in a seat, ordering whenever it must until `until_turn` opens;
    `adjust(view, order)`, if given, changes its orders first."""
    rules = find_ruleset("salvo")
    async with await Client.connect(url, token) as client:
        bot = rules.bot("gallipoli", seat, client.welcome.chart)
        async for message in client.stream():
            if isinstance(message, (wire.Snapshot, wire.Observation)):
                if message.turn >= until_turn:
                    return
                if message.must_act:
                    order = bot.order(message.view)
                    await client.submit(adjust(message.view, order) if adjust else order, message.turn)


async def test_two_sides_play_a_gallipoli_turn_by_pointing(server, pages):
    created = await server.create_game("gallipoli")
    tokens = created["seats"]
    url = f"http://127.0.0.1:{server.port}"
    forts, admiral = Seat(pages[0]), Seat(pages[1])
    fetched: list[str] = []
    admiral.page.on("request", lambda request: fetched.append(request.url))
    await forts.page.goto(f"{url}/play#token={tokens['forts']}")
    await admiral.page.goto(f"{url}/play#token={tokens['de_robeck']}")
    for seat in (forts, admiral):
        await seat.page.wait_for_selector('#connection[data-state="connected"]')
        await seat.page.wait_for_selector("#chart .counter")
    assert f"{url}/web/maps/hexes.js" in fetched and f"{url}/play/rulesets/salvo/module.js" in fetched
    bots = [asyncio.create_task(captain(f"ws://127.0.0.1:{server.port}/", tokens[s], s, 2)) for s in ("third_line", "guepratte")]

    # Phase One of turn 1: the forts lay their secret mines; nobody else acts.
    await expect(forts.page.locator("#clock")).to_have_text("Turn 1 · first sighting")
    await expect(forts.page.locator("#duty")).to_have_text("Your orders are due")
    await expect(admiral.page.locator("#duty")).to_have_text("Nothing to order in the first sighting phase")
    await click_hex(forts.page, SECRET_MINES[0])
    await expect(forts.page.locator("#mines-chosen")).to_contain_text("(1 of 2)")
    await expect(forts.page.locator("#order-cost")).to_have_attribute("data-over", "true")
    await forts.page.click("#send-order")  # one mine short: refused, in the server's words
    await expect(forts.page.locator("#refusal")).to_contain_text("Name 2 different hexes to mine.")
    await expect(forts.page.locator("#refusal")).to_have_attribute("data-code", "bad_mines")
    await click_hex(forts.page, SECRET_MINES[1])
    await expect(forts.page.locator("#mines-chosen")).to_contain_text(f"Mines: {' '.join(SECRET_MINES)} (2 of 2)")
    assert await forts.page.locator("#chart .minefield.secret").count() == 2
    await forts.page.click("#send-order")

    # Movement: the admiral plots Queen Elizabeth's path hex by hex, and another ship's by one
    # click further off; a dummy is placed and steamed. The forts do not move.
    for seat in (forts, admiral):
        await expect(seat.page.locator("#clock")).to_have_text("Turn 1 · movement")
    await expect(forts.page.locator("#duty")).to_have_text("Nothing to order in the movement phase")
    await expect(forts.page.locator("#chart .minefield.secret")).to_have_count(2)  # the forts' own mines, on their map
    page = admiral.page
    await expect(page.locator("#duty")).to_have_text("Your orders are due")
    await page.click('.unit-pick[data-unit="BB17"]')
    ahead = await step(page, "1808", 1)  # facing B, north-east
    await click_hex(page, ahead)
    await click_hex(page, await step(page, ahead, 1))
    await expect(page.locator("#plot-path")).to_have_text("FF")
    await expect(page.locator("#plot-judged")).to_have_text("speed 2 of 5 · turns 0 of 2")
    await page.click("#plot-right")
    for _ in range(4):
        await page.click("#plot-ahead")  # a sixth hex: more than Queen Elizabeth can make, and ashore
    # Past her limits as the view gives them, and refused in the rules' words as it is written.
    await expect(page.locator("#plot-judged")).to_have_text("speed 6 of 5 · turns 1 of 2")
    await expect(page.locator("#order-cost")).to_have_attribute("data-over", "true")
    await expect(page.locator('#checked li[data-code="too_fast"]')).to_have_text(
        "Queen Elizabeth can make at most 5 hexes this turn.")
    for _ in range(3):
        await page.click("#plot-undo")
    await expect(page.locator("#plot-path")).to_have_text("FFRF")
    await expect(page.locator('#chart .plotted-path[data-unit="BB17"] circle')).to_have_count(4)
    await page.click('.unit-pick[data-unit="B3"]')
    # Two hexes off, not straight ahead, in one click: plotted a hex at a time, turning once.
    await click_hex(page, await step(page, await step(page, "1708", 1), 2))
    await expect(page.locator("#plot-path")).to_have_text("FRF")
    await expect(page.locator("#plot-judged")).to_have_text("speed 2 of 3 · turns 1 of 2")
    # By keyboard too: the cursor starts on the picked ship; up one hex, Enter plots it.
    await page.click('.unit-pick[data-unit="B6"]')
    await page.focus("#chart")
    await page.keyboard.press("ArrowUp")
    await expect(page.locator("#hover")).to_contain_text("1909 · sea")
    await page.keyboard.press("Enter")
    await expect(page.locator("#plot-path")).to_have_text("LF")
    await page.click("#dummy-new")
    await click_hex(page, DUMMY_HEX)
    await page.click("#plot-ahead")
    await expect(page.locator("#plan")).to_contain_text(f"new dummy 1 at {DUMMY_HEX}, facing A (north): F")
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "gallipoli-movement-1024.png"), full_page=True)
    # The ship table fits the side panel at 1024 (it once ran 28 px past it).
    assert await page.evaluate("""() => { const t = document.querySelector('table.ships');
        return t.getBoundingClientRect().right <= t.parentElement.getBoundingClientRect().right + 1; }""")
    # The draft outlives a reload: every path and the dummy are still on the pad.
    await page.reload()
    await page.wait_for_selector('#connection[data-state="connected"]')
    await expect(page.locator("#plan")).to_have_text(f"Queen Elizabeth FFRFPrince George FRFTriumph LFnew dummy 1 at {DUMMY_HEX}, facing A (north): F")
    await expect(page.locator("#chart .plotted-path")).to_have_count(4)
    await page.click("#send-order")
    await expect(page.locator("#duty")).to_have_text(re.compile("Orders in|Your orders are due"))

    # Gunfire: each side picks a unit, clicks a contact, and gives every gun the same target.
    for seat in (forts, admiral):
        await expect(seat.page.locator("#clock")).to_have_text("Turn 1 · gunfire")
        await expect(seat.page.locator("#duty")).to_have_text("Your orders are due")
    await page.click('.unit-pick[data-unit="BB17"]')
    await expect(page.locator("#chart line.sight").first).to_be_attached()  # its line of sight to what it sees
    await click_hex(page, "1905")  # Yildiz
    await expect(page.locator(".plot li").first).to_contain_text("main at #")
    await page.click("#fire-all")
    await expect(page.locator("#order-cost")).to_have_text(re.compile(r"^(\d) of \1 given targets$"))
    armed = int((await page.locator("#order-cost").inner_text()).split()[0])
    await page.check("#plot-smoke")  # NWS: the smoke card is shown a phase ahead of the move that lays it
    await expect(page.locator("#plan")).to_contain_text("smoke next move: Queen Elizabeth")
    assert armed >= 4  # the admiral's six ships, less any the mines took
    await expect(page.locator("#chart .aim")).to_have_count(armed)
    await page.set_viewport_size({"width": 1440, "height": 900})
    await page.evaluate("window.scrollTo(0, 0)")
    await page.screenshot(path=str(ARTIFACTS / "gallipoli-gunfire-1440.png"))
    await page.screenshot(path=str(ARTIFACTS / "play-gallipoli.png"))  # docs/play-gallipoli.png is a copy of it
    await page.set_viewport_size({"width": 1024, "height": 768})
    # The rules check the draft as it is written: the same target for every ship is more than the
    # rules allow from where they stand (a line blocked, a fort out of reach), and says so in words.
    await expect(page.locator("#checked")).to_have_attribute("data-state", "refused")
    assert await page.locator("#checked li").count() >= 1
    for unit in await page.locator(".unit-pick").all():
        await unit.click()
        if await page.locator("#fire-clear").count():
            await page.click("#fire-clear")
    aimed = await aim_where_taken(page, "BB17")
    await page.click("#send-order")
    await aim_where_taken(forts.page, "F5")
    await forts.page.click("#send-order")

    # Damage control resolves by itself, and by day Phase One too: turn 2's movement opens.
    for seat in (forts, admiral):
        clock = seat.page.locator("#clock")
        await expect(clock).to_have_text("Turn 2 · movement", timeout=90_000)  # slow on a loaded machine
    if aimed:
        await expect(admiral.page.locator("#report-list")).to_contain_text("fired at")
    await expect(forts.page.locator("#report-list")).to_contain_text("under fire")
    await forts.page.screenshot(path=str(ARTIFACTS / "gallipoli-forts-1024.png"), full_page=True)
    await asyncio.wait_for(asyncio.gather(*bots), 30)

    # What each page was served, HTTP and websocket alike, holds none of the other side's secrets.
    truth = server.host.rooms[created["game"]].game.state.board
    assert sorted(str(mine) for mine in truth.secret_mines) == sorted(SECRET_MINES)
    # The Allies' dummies (set up in the Aegean, and the admiral's if two were not in play
    # already) have the rules' ids.
    assert truth.dummy_serial >= 2
    dummies = [f"dummy-allied-{n}" for n in range(1, truth.dummy_serial + 1)]
    served_to_forts = await forts.served()
    assert not any(dummy in served_to_forts for dummy in dummies)
    frames_to_forts = "\n".join(forts.frames)
    assert not re.search(r'"dummy":\s*true|"kind":\s*"dummy"', frames_to_forts)
    for message in forts.messages():
        for contact in (message.get("view") or {}).get("contacts", []):
            if not contact["detected"] and contact["kind"] != "fort":
                assert contact["identity"] is None and contact["kind"] in ("marker", "screen", "zeppelin")
    assert not re.search(r'mines_laid|"secret"', "\n".join(admiral.frames))
    for message in admiral.messages():  # a secret mine is on the admiral's map only once his side struck it
        view = message.get("view") or {}
        assert set(SECRET_MINES) & set(view.get("minefields", [])) <= set(view.get("mines_struck", []))
    for seat, mine in ((forts, "forts"), (admiral, "de_robeck")):
        others = [token for name, token in tokens.items() if name != mine]
        served = await seat.served()
        assert not any(token in served for token in [*others, created["umpire_token"], created["spectator_token"]])
    assert json.dumps(SECRET_MINES[0]) in served_to_forts  # the layer's own mines reach it

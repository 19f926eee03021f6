"""A submarine captain plays B11 in a real headless Chromium, at 1024x768, against an embedded
server: the seat page loads the Dardanelles seat module from the ruleset's own folder and draws
the crew's chart and gauges; the order pad shows an order's cost before it is sent; a refused
order is explained in the server's words; a draft survives a dropped connection and a reload;
a whole turn resolves; the umpire's narrative is highlighted and an amendment shown."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from fogbank.clients import Client
from fogbank.rules.dardanelles.bot import BotSubmarine
from fogbank.server import filter as seen_by

from tests.conftest import needs

from ..chromium import CHROMIUM, expect

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


async def drop_connections(server) -> None:
    """Close every websocket the server holds, as a dropped network would."""
    await asyncio.gather(*(connection.close() for connection in list(server.websockets.connections)))


async def set_order(page, course: str, speed: int, level: str) -> None:
    await page.click(f'.rose button[data-course="{course}"]')
    await page.fill("#order-speed", str(speed))
    await page.check(f'input[data-level="{level}"]')


async def form_order(page) -> list:
    return [
        await page.locator('.rose button[aria-pressed="true"]').get_attribute("data-course"),
        await page.input_value("#order-speed"),
        await page.locator('input[name="level"]:checked').get_attribute("value"),
    ]


async def test_a_captain_plays_a_turn_of_b11_in_the_browser(server, page):
    created = await server.create_game("b11")
    room = server.host.rooms[created["game"]]
    url = f"http://127.0.0.1:{server.port}"
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    await page.goto(f"{url}/play#token={created['seats']['submarine']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    await expect(page.locator("#duty")).to_have_text("Your orders are due")

    # The shell loaded the ruleset's seat module from its folder, and the shared map geometry.
    assert f"{url}/play/rulesets/dardanelles/module.js" in fetched
    assert f"{url}/web/maps/squares.js" in fetched
    # The token stays in the browser: out of the address bar, in the tab's sessionStorage and
    # in the browser's list of its games (localStorage), never in a cookie.
    assert page.url == f"{url}/play"
    stored = await page.evaluate(
        "[sessionStorage.getItem('fogbank.seat.token'), Object.keys(localStorage), document.cookie]")
    assert stored == [created["seats"]["submarine"], ["fogbank.kept"], ""]
    kept = json.loads(await page.evaluate("localStorage.getItem('fogbank.kept')"))
    assert [(k["page"], k["game"], k["seat"], k["token"], k["commitment"]) for k in kept] == [
        ("play", created["game"], "submarine", created["seats"]["submarine"], created["commitment"])]

    # The crew's chart and gauges: their plotted position, level and battery.
    view = seen_by.view(room.game, "submarine")
    await expect(page.locator("#gauge-plotted")).to_have_text(view["plotted"])
    await expect(page.locator("#gauge-level")).to_have_text(view["level"])
    assert await page.locator("#chart .land rect").count() > 0
    assert await page.locator("#chart .boat-plotted").count() == 1
    assert "The boat" not in await page.locator("#gauges-panel h2").inner_text()  # her name, from the briefing
    assert await page.locator("#question-panel").is_hidden()  # the Dardanelles takes no questions

    # Steering by keyboard: the cursor starts where the crew believe they are; Enter steers for it.
    await page.focus("#chart")
    for _ in range(2):
        await page.keyboard.press("ArrowRight")
    await expect(page.locator("#hover")).to_contain_text("· sea")
    await page.keyboard.press("Enter")
    await expect(page.locator('.rose button[aria-pressed="true"]')).to_have_text("E")
    assert await page.input_value("#order-speed") == "2"
    assert await page.locator("#chart .cursor").count() == 1

    # The seabed: the pad says before sending, in the rules' words, that a boat at the bottom only drifts.
    await set_order(page, "NE", 2, "bottom")
    await expect(page.locator("#order-cost")).to_have_attribute("data-over", "true")
    await expect(page.locator('#checked li[data-code="bottom_still"]')).to_contain_text(
        "A boat at the bottom lies on the seabed: it drifts with the current but cannot move under power.")

    # An order too much for the hour: the pad says so before it is sent, and the server refuses it.
    await set_order(page, "NE", 3, "submerged")
    await expect(page.locator("#order-cost")).to_have_attribute("data-over", "true")
    assert await page.locator("#chart .draft-move").count() == 1  # the drafted move, on the chart
    await page.click("#send-order")
    refusal = page.locator("#refusal")
    await expect(refusal).to_contain_text("At most 3 squares an hour")
    await expect(refusal).to_have_attribute("data-code", "speed_too_high")
    await expect(page.locator("#duty")).to_have_text("Your orders are due")

    # A draft for the bot's own first order, kept across a dropped connection and a reload.
    bot = BotSubmarine(server.host.chart(room, "submarine"), ["Sari Sighlar Bay"], hunt=None)
    order = bot.order(view)
    await set_order(page, order["course"], order["speed"], order["level"])
    await expect(page.locator("#order-cost")).to_have_attribute("data-over", "false")
    drafted = await form_order(page)
    await drop_connections(server)
    await page.wait_for_selector('#connection[data-state="connected"]')
    assert await form_order(page) == drafted
    await page.reload()
    await page.wait_for_selector('#connection[data-state="connected"]')
    await page.wait_for_selector(f'.rose button[data-course="{drafted[0]}"][aria-pressed="true"]')
    assert await form_order(page) == drafted

    # Sent: the seat's order is in; the turn resolves; the next turn's orders are due.
    await page.keyboard.press("Control+Enter")
    await expect(page.locator("#duty")).to_have_text("Your orders are due")
    await expect(page.locator("#clock")).to_have_text("Turn 2 · orders")
    assert room.game.state.turn == 2
    await expect(page.locator("#gauge-time")).to_contain_text("05:00")
    assert await page.locator("#chart .plotted-track circle").count() == 2

    # The captain's second connection (a bot at another desk) orders two more hours, up the
    # Straits: the page follows every turn, its reports and the contacts heard.
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["submarine"]) as desk:
        for _ in range(2):
            observation = await desk.next_observation()
            await desk.submit(bot.order(observation.view), observation.turn)
        await desk.next_observation()
    await expect(page.locator("#clock")).to_have_text("Turn 4 · orders")
    view = seen_by.view(room.game, "submarine")
    assert await page.locator("#chart .plotted-track circle").count() == len(view["track"])
    # Each new hour the pad starts at the level the boat is at now.
    assert await page.locator('input[name="level"]:checked').get_attribute("value") == view["level"]
    heard = [report["text"] for report in view["reports"] if report["kind"] == "heard"]
    assert heard and await page.locator("#report-list li").count() == len(view["reports"])
    await expect(page.locator("#report-list")).to_contain_text(heard[0])
    # A tracked vessel keeps its number from report to report: one row a number.
    numbers = {contact["number"] for contact in seen_by.view(room.game, "submarine", whole=True)["contacts"]}
    assert await page.locator("#contacts tr[data-contact]").count() == len(numbers)

    # The umpire speaks, and amends: both shown, the narrative highlighted.
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        await umpire.narrate("submarine", "The first lieutenant reports a smell of chlorine.")
        await umpire.amend("submarine", {"course": "E", "speed": 1, "level": "periscope"}, "Too close to the nets.")
    narrative = page.locator("#messages li.narrative")
    await expect(narrative).to_contain_text("smell of chlorine")
    await expect(page.locator("#messages li.amended")).to_contain_text("Too close to the nets.")
    await expect(page.locator("#messages li.amended")).to_contain_text("E 1, periscope")

    await page.locator("#notice").evaluate("box => box.hidden = true")
    ARTIFACTS.mkdir(exist_ok=True)  # docs/seat-dardanelles.png is a copy of this picture
    await page.screenshot(path=str(ARTIFACTS / "seat-dardanelles-1024.png"), full_page=True)

    # The umpire ends the game: the debrief. The captain's own record, then the truth a phase
    # at a time, drawn by the ruleset's console module: the boat where she truly was.
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        await umpire.end("Time is up for tonight.", {"british": "draw"})
    await expect(page.locator("#debrief")).to_be_visible()
    await expect(page.locator("#my-result")).to_have_text("draw")
    await page.wait_for_selector("#result .check.ok")
    await expect(page.locator("#own-record")).to_contain_text("You ordered:")
    await expect(page.locator("#own-record")).to_contain_text("smell of chlorine")
    rows, _ = await server.host.history(server.host.rooms[created["game"]], "umpire")
    await expect(page.locator("#replay-where")).to_have_text(f"Turn 1 · orders (1 of {len(rows)})")
    first_square = rows[0]["view"]["boat"]["square"]
    await page.wait_for_selector(f'#truth-chart .boat-true[data-square="{first_square}"]')
    assert await page.locator("#truth-chart .minefield").count() > 0
    await expect(page.locator("#replay-truth")).to_contain_text("B11, the truth")
    await page.keyboard.press("ArrowRight")
    await expect(page.locator("#replay-where")).to_have_text(f"Turn 2 · orders (2 of {len(rows)})")
    await page.wait_for_selector(f'#truth-chart .boat-true[data-square="{rows[1]["view"]["boat"]["square"]}"]')
    await page.locator("#notice").evaluate("box => box.hidden = true")
    await page.screenshot(path=str(ARTIFACTS / "seat-dardanelles-debrief.png"), full_page=True)


async def test_a_token_that_opens_nothing_asks_for_one(server, page):
    await page.goto(f"http://127.0.0.1:{server.port}/play#token=not-a-token")
    await page.wait_for_selector("#login:not([hidden])")
    await expect(page.locator("#connection")).to_have_attribute("data-state", "refused")
    assert await page.evaluate("sessionStorage.getItem('fogbank.seat.token')") is None
    assert page.url == f"http://127.0.0.1:{server.port}/play"


async def test_a_captain_in_the_browser_orders_two_legs_and_a_fix(server, page):
    created = await server.create_game("b11")
    room = server.host.rooms[created["game"]]
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['submarine']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    await set_order(page, "E", 1, "surface")
    await page.select_option("#order-course2", "NE")
    await page.fill("#order-speed2", "2")
    await page.check("#order-fix")
    # Both legs count in the hour's movement, and both are drawn on the chart.
    await expect(page.locator("#order-cost")).to_contain_text("Movement 3 of 6 (3 sq")
    assert await page.locator("#chart .draft-move").count() == 2
    # A fix goes with the order; at 0400 it is night, and the rules refuse it in their words.
    await page.click("#send-order")
    await expect(page.locator("#refusal")).to_have_attribute("data-code", "fix_at_night")
    await page.uncheck("#order-fix")
    await page.click("#send-order")
    await expect(page.locator("#clock")).to_have_text("Turn 2 · orders")
    _, log = await server.host.history(room, "umpire")
    given = [r["order"] for r in log if r.get("type") == "input" and r.get("input") == "order"]
    assert given == [{"legs": [{"course": "E", "speed": 1}, {"course": "NE", "speed": 2}], "level": "surface",
                      "fire": None, "fix": False}]  # fmt: skip


async def test_ae2_s_captain_is_told_the_hour_the_battleship_must_be_sunk_by_and_how_long_is_left(server, page):
    created = await server.create_game("marmara")
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['submarine']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    # The game starts at 0200 on the 25th: twenty hours to 2200, the hour the briefing sets.
    await expect(page.locator("#gauge-deadline")).to_have_text("before 2200 on 25 April: 20 h left")
    briefing = page.locator("#briefing")
    await expect(briefing).to_contain_text("A target counts only if sunk before 2200 on 25 April.")
    await expect(briefing).to_contain_text("Starts 0200 on 25 April")
    # Intelligence and the levels read as sentences, not as JSON.
    assert await briefing.locator("ul li").count() >= 5
    text = await briefing.inner_text()
    assert '["' not in text and '{"' not in text and '":' not in text
    await page.set_viewport_size({"width": 1024, "height": 768})
    await page.screenshot(path=str(ARTIFACTS / "marmara-deadline.png"), full_page=True)

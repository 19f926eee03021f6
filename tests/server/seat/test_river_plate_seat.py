"""The River Plate in two real headless Chromium pages: Graf Spee's captain (1440x900) and Ajax's
(1024x768), the built-in players in Achilles and Exeter. A whole turn through every phase: the
printed first moves (a wrong one refused in the server's words), fire by clicking a ship on the
table, torpedoes held, the reports of the salvos; a question to the open rosters answered; talk
heard by the enemy. Nothing served to one side's page holds the other side's hidden data: its
ships in full (damage, ammunition, torpedoes loaded or fired), the dice, or a ship it cannot see."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from fogbank.clients import Client
from fogbank.clients.bot import run_bot

from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect, open_page  # noqa: F401  (browser: a fixture)
from .test_two_sides import Seat

ARTIFACTS = Path(__file__).parent / "artifacts"
GERMAN_WORDS = "Graf Spee to all: I see three cruisers."

pytestmark = needs(CHROMIUM)


@pytest.fixture
async def pages(browser):
    errors: list[str] = []
    yield [await open_page(browser, 1440, 900, errors), await open_page(browser, 1024, 768, errors)]
    assert not errors, errors


def views(seat: Seat) -> list[dict]:
    """Every view the seat's page was sent before the game's end."""
    found = []
    for message in seat.messages():
        if message["type"] == "game_over":
            break
        if message["type"] in ("snapshot", "observation"):
            found.append(message["view"])
    return found


def pairs(value) -> set[tuple]:
    """Every [x, y] pair of numbers anywhere in a message."""
    if isinstance(value, dict):
        return set().union(*(pairs(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        here = {tuple(value)} if len(value) == 2 and all(type(v) is int for v in value) else set()
        return here.union(*(pairs(v) for v in value)) if value else here
    return set()


async def send(page):
    """Send the pad's orders: they are in, or they were the last and the phase has moved on."""
    before = await page.locator("#clock").inner_text()
    await page.click("#send-order")
    await expect(page.locator("#refusal")).to_be_hidden()
    for _ in range(100):
        if await page.locator("#duty").inner_text() != "Your orders are due" or await page.locator("#clock").inner_text() != before:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"orders not taken in {before}: {await page.locator('#refusal').inner_text()}")


async def test_a_turn_of_the_river_plate_in_two_pages(server, pages):
    created = await server.create_game("river_plate")
    room = server.host.rooms[created["game"]]
    tokens = created["seats"]
    url = f"http://127.0.0.1:{server.port}"
    bots = [asyncio.create_task(run_bot(f"ws://127.0.0.1:{server.port}/", tokens[s])) for s in ("achilles", "exeter")]
    spee, ajax = Seat(pages[0]), Seat(pages[1])
    unseen = set()  # Exeter's true places while Ajax cannot see her (Achilles's model blocks the line)

    def watch():
        if "exeter" not in {c.ship for c in room.game.state.knowledge["ajax"].contacts}:
            unseen.add(tuple(room.game.state.board.ship("exeter").at))

    try:
        await spee.page.goto(f"{url}/play#token={tokens['graf_spee']}")
        await ajax.page.goto(f"{url}/play#token={tokens['ajax']}")
        for seat in (spee, ajax):
            await seat.page.wait_for_selector('#connection[data-state="connected"]')
            await expect(seat.page.locator("#clock")).to_have_text("Turn 1 · 1A write moves")
            await expect(seat.page.locator("#duty")).to_have_text("Your orders are due")
            await expect(seat.page.locator("#talk-audience")).to_contain_text("the enemy too")
        # 4.2: before the first move a side may plan in secret (Ajax with her consorts; Graf Spee has none).
        await expect(spee.page.locator("#talk-to")).to_be_hidden()
        await expect(ajax.page.locator("#talk-to option")).to_have_count(3)
        await expect(spee.page.locator("svg#chart .contact")).to_have_count(3)
        await expect(ajax.page.locator("svg#chart .contact")).to_have_count(2)  # Exeter is behind Achilles
        await expect(ajax.page.locator('svg#chart .contact[data-ship="exeter"]')).to_have_count(0)
        await expect(spee.page.locator(".ship-card .banks")).to_have_text("port: loaded · starboard: loaded")
        watch()

        # 1A: a move other than the printed one is refused in the server's words; the pad shows
        # what the move makes before it is sent, the turning circles and the draft on the table,
        # and what the rules say to it as it is written, in their words (the `check`).
        page = spee.page
        await page.fill("#move-graf_spee", "R4 A10")
        await expect(page.locator("#order-cost")).to_contain_text("R4 A10 = 14 in, 28 kn (may make 13–26)")
        await expect(page.locator('#checked li[data-code="first_move"]')).to_have_text(
            "Every ship's first move is printed: Admiral Graf Spee A13.")
        await page.fill("#move-graf_spee", "R4 A1O")  # a slip of the keys: the rules say what they read
        await expect(page.locator('#checked li[data-code="bad_move"]')).to_contain_text("'A1O' is not a leg")
        await expect(page.locator("#order-cost")).to_contain_text("R4 A1O is not read as a move")
        await page.fill("#move-graf_spee", "R4 A10")
        await expect(page.locator("svg#chart .turning-circle")).to_have_count(2)
        await expect(page.locator("svg#chart .draft-move")).to_have_count(1)
        await page.click("#send-order")
        await expect(page.locator("#refusal")).to_contain_text("Every ship's first move is printed: Admiral Graf Spee A13.")
        await expect(page.locator("#refusal")).to_have_attribute("data-code", "first_move")
        await page.fill("#move-graf_spee", "A13")
        await expect(page.locator("#order-cost")).to_contain_text("A13 = 13 in, 26 kn (may make 13–26) · turns 0 in · ends on 120°")
        await send(page)
        await expect(page.locator("#refusal")).to_be_hidden()
        await send(ajax.page)  # her printed move, already on the pad

        # 2B: Graf Spee writes fire (the cruisers are within her 11-inch guns' reach); Ajax is passed
        # over, told so: Graf Spee is beyond her 6-inch guns (issue 37). A click on Ajax's model on
        # the table aims Graf Spee's fore group.
        for seat in (spee, ajax):
            await expect(seat.page.locator("#clock")).to_have_text("Turn 1 · 2B write fire")
        await expect(page.locator("#duty")).to_have_text("Your orders are due")
        await expect(ajax.page.locator("#duty")).to_have_text("Orders in · waiting for the turn")
        await expect(ajax.page.locator("#messages")).to_contain_text("You have nothing to order in the write fire phase")
        watch()
        await expect(page.locator("svg#chart .arc")).to_have_count(2)  # the main turrets' arcs
        # The cruisers are fine on her starboard bow: a draft with the aft turret and the port
        # secondaries at Ajax is checked before it is sent, both arcs told at once, in words.
        await page.select_option("#fire-graf_spee-aft", "ajax")
        await page.select_option("#fire-graf_spee-port", "ajax")
        checked = page.locator("#checked")
        await expect(checked).to_have_attribute("data-state", "refused")
        await expect(checked.locator("li")).to_have_count(2)
        await expect(checked.locator("li").nth(0)).to_have_text(re.compile(r"^No gun of Admiral Graf Spee's aft group .* bears on Ajax"))
        await expect(checked.locator("li").nth(1)).to_have_text(re.compile(r"^No gun of Admiral Graf Spee's port group .* bears on Ajax"))
        await expect(checked).not_to_contain_text("cannot_bear")
        await page.screenshot(path=str(ARTIFACTS / "river-plate-checked-1440.png"))
        await page.select_option("#fire-graf_spee-aft", "")
        await page.select_option("#fire-graf_spee-port", "")
        await expect(checked).to_have_attribute("data-state", "taken")
        await page.locator('svg#chart .contact[data-ship="ajax"]').click()
        await expect(page.locator("#fire-graf_spee-fore")).to_have_value("ajax")
        await expect(page.locator("svg#chart .line-of-fire")).to_have_count(1)
        await send(page)

        # 3: nobody's torpedoes reach an enemy (some 60 inches apart): every seat is passed over,
        # and turn 2 opens with the salvos in the reports of the firer and of the ship fired at.
        for seat in (spee, ajax):
            await expect(seat.page.locator("#clock")).to_have_text("Turn 2 · 1A write moves")
            await expect(seat.page.locator("#duty")).to_have_text("Your orders are due")
        watch()
        await expect(page.locator("#reports")).to_contain_text("Admiral Graf Spee's fore guns fire at Ajax")
        await expect(ajax.page.locator("#reports")).to_contain_text("Ajax is under fire from Admiral Graf Spee's main guns")

        # A question to the open rosters (4.3), answered in Ajax's messages.
        await ajax.page.select_option("#ask-ship", "graf_spee")
        await ajax.page.select_option("#ask-what", "damage")
        await ajax.page.click("#send-question")
        await expect(ajax.page.locator("#messages li.answer")).to_contain_text("Admiral Graf Spee's roster: about ")

        # Talk in the open (4.2): Graf Spee's words reach Ajax, marked as the enemy's.
        await page.fill("#talk-text", GERMAN_WORDS)
        await page.press("#talk-text", "Enter")
        await expect(ajax.page.locator("#messages li.talk.enemy")).to_contain_text(GERMAN_WORDS)
        await expect(page.locator("#messages li.talk")).to_contain_text(GERMAN_WORDS)

        # The umpire gives Ajax a move too long for her (4.4): carried out as far as the rules
        # allow, and her page told how, in the server's words and the game's notation.
        async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
            await umpire.amend("ajax", {"ships": {"ajax": {"move": "A20"}}}, "Your signal was garbled.")
        amended = ajax.page.locator("#messages li.amended")
        await expect(amended).to_contain_text("Your signal was garbled.")
        await expect(amended).to_contain_text("so the move was cut short at 16.5 inches")
        await expect(amended).to_contain_text("You now sail under: A16.5.")  # she is the seat: not named again

        # A draft move on the table, for the pictures.
        await page.fill("#move-graf_spee", "R3 A8")
        await expect(page.locator("#order-cost")).to_contain_text("R3 A8 = 11 in, 22 kn")
        await page.click("#table-zoom")  # close up on her own ship: the circles and the move to read
        await expect(page.locator("#table-zoom")).to_have_text("Whole table")
        await page.screenshot(path=str(ARTIFACTS / "river-plate-close-up-1440.png"))
        await page.click("#table-zoom")
        await page.reload()  # the draft is kept in the tab across a reload
        await page.wait_for_selector('#connection[data-state="connected"]')
        await expect(page.locator("#move-graf_spee")).to_have_value("R3 A8")
        await expect(page.locator("svg#chart .draft-move")).to_have_count(1)
        await page.locator("svg#chart").hover(position={"x": 700, "y": 500})
        await expect(page.locator("#hover")).to_have_text("More than a nautical mile from your ships: judge it by eye · click to steer for it")
        await page.locator("svg#chart").hover(position={"x": 300, "y": 150})
        await expect(page.locator("#hover")).to_contain_text("from Admiral Graf Spee, bearing")  # within her mile
        await expect(page.locator("#notice")).to_be_hidden(timeout=8000)
        ARTIFACTS.mkdir(exist_ok=True)
        await page.screenshot(path=str(ARTIFACTS / "river-plate-graf-spee-1440.png"))
        await page.screenshot(path=str(ARTIFACTS / "play-river-plate.png"))  # docs/play-river-plate.png is a copy of it
        await ajax.page.screenshot(path=str(ARTIFACTS / "river-plate-ajax-1024.png"), full_page=True)
    finally:
        for bot in bots:
            bot.cancel()
        await asyncio.gather(*bots, return_exceptions=True)

    # Secrecy: each page's views hold only its own ships in full, and only ships it saw.
    for seat, name in ((spee, "graf_spee"), (ajax, "ajax")):
        sent = views(seat)
        assert len(sent) >= 4  # joined, 2B, 3, turn 2
        seen_ever = {c.ship for c in room.game.state.knowledge[name].contacts}
        for view in sent:
            assert [ship["name"] for ship in view["ships"]] == [name]  # damage, ammunition, banks: her own only
            assert {c["ship"] for c in view["contacts"]} <= seen_ever
            assert all(spread["ship"] == name for spread in view["spreads"])
        frames = [m for m in seat.messages() if m["type"] != "game_over"]
        text = json.dumps(frames)
        assert '"roll"' not in text and '"seed"' not in text and '"dice"' not in text  # no secret roll reaches a page
        served = await seat.served()
        others = [token for seat_name, token in tokens.items() if seat_name != name]
        assert not any(token in served for token in [*others, created["umpire_token"]])
    assert "exeter" not in {c["ship"] for c in views(ajax)[0]["contacts"]}
    assert unseen and not unseen & set().union(*(pairs(m) for m in ajax.messages()))


async def test_a_night_turn_by_sides_with_searchlights(server, pages):
    """At night (15 inches' sight) and one seat a side: the British seat writes for three ships;
    Graf Spee burns her searchlight on a bearing taken by a click on the table, and the light gives
    her away; until then the British page is sent nothing of her, nor where she set out."""
    created = await server.create_game("river_plate", {"night": True, "seats": "side"})
    room = server.host.rooms[created["game"]]
    url = f"http://127.0.0.1:{server.port}"
    spee, british = Seat(pages[0]), Seat(pages[1])
    hidden = {tuple(room.game.state.board.ship("graf_spee").at)}
    await spee.page.goto(f"{url}/play#token={created['seats']['graf_spee']}")
    await british.page.goto(f"{url}/play#token={created['seats']['british']}")
    for seat in (spee, british):
        await seat.page.wait_for_selector('#connection[data-state="connected"]')
        await expect(seat.page.locator("#clock")).to_have_text("Turn 1 · 1A write moves")
        await expect(seat.page.locator("svg#chart .contact")).to_have_count(0)  # 15 inches' sight: nobody
        await expect(seat.page.locator("svg#chart .ship.own")).to_have_count(1 if seat is spee else 3)
    await expect(british.page.locator("#supremacy-pad fieldset.ship-order")).to_have_count(3)
    await expect(british.page.locator(".ship-card")).to_have_count(3)
    # Night, before contact: each ship's moves are written three turns ahead, straight on unless changed.
    await expect(spee.page.locator("#move-graf_spee-2")).to_have_attribute("placeholder", "straight on")
    await spee.page.fill("#move-graf_spee-3", "A12")
    for seat in (spee, british):
        await send(seat.page)

    for seat in (spee, british):
        await expect(seat.page.locator("#clock")).to_have_text("Turn 1 · 2A searchlights")
        await expect(seat.page.locator("#duty")).to_have_text("Your orders are due")
    page = spee.page
    await page.locator("svg#chart").click(position={"x": 900, "y": 800})  # down and to the right: south-east
    await expect(page.locator("#light-graf_spee")).to_be_checked()
    bearing = int(await page.input_value("#light-bearing-graf_spee"))
    assert 90 < bearing < 180
    await send(page)
    await send(british.page)  # no light burned

    # 2B: Graf Spee sees no enemy, so she has nothing to fire at: passed over, told so (issue 37).
    # Her light caught nobody, but gave her away: a ship burning a searchlight is seen as by day.
    await expect(british.page.locator('svg#chart .contact[data-ship="graf_spee"]')).to_have_count(1)
    await expect(page.locator("#messages")).to_contain_text("You have nothing to order in the write fire phase")
    for seat in (spee, british):
        await expect(seat.page.locator("#clock")).not_to_have_text("Turn 1 · 2A searchlights")
    # The British see her light within their guns' reach: they write their fire (none, here).
    await expect(british.page.locator("#clock")).to_have_text("Turn 1 · 2B write fire")
    await expect(british.page.locator("#duty")).to_have_text("Your orders are due")
    await send(british.page)
    for seat in (spee, british):
        await expect(seat.page.locator("#clock")).to_have_text("Turn 2 · 1A write moves")
    # Graf Spee has seen nobody: her move is written; the British saw her light and write a move a turn.
    await expect(spee.page.locator("#supremacy-pad fieldset.written-ahead")).to_have_text(
        "Admiral Graf SpeeWritten ahead: A13 this turn, then A12.")
    await expect(british.page.locator("#supremacy-pad fieldset.written-ahead")).to_have_count(0)
    await expect(british.page.locator("#move-ajax-2")).to_have_count(0)
    await spee.page.screenshot(path="/tmp/gaps13_night_pad.png")

    for view in views(british):
        assert {ship["name"] for ship in view["ships"]} == {"ajax", "achilles", "exeter"}
        if view["turn"] == 1 and view["phase"] in ("write_moves", "searchlights"):
            assert "graf_spee" not in {c["ship"] for c in view["contacts"]}  # before her light, unseen
    assert not hidden & set().union(*(pairs(m) for m in british.messages()))
    assert all({ship["name"] for ship in view["ships"]} == {"graf_spee"} for view in views(spee))

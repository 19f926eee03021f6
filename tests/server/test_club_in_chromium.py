"""A club's River Plate over real websockets, in Chromium: the umpire makes the game on the games
page and copies three links; three players join in browser contexts of their own; the fourth
seat, Exeter, is handed to the built-in player; a deadline passes with Achilles's orders missing,
and she sails under her standing orders (and is told so); Ajax's link is re-issued and the old one
refused; a spectator joins two turns behind; the game's webhook (a local server) is posted the
phase opening, the deadline near and the end, with no link in any of it. The deadlines' clock is
the test's, moved on rather than waited out (from the time the test starts, so the pages'
countdowns, on the browser's own clock, agree with it at first)."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import pytest
from fogbank.server.app import Server
from fogbank.server.deadlines import iso

from tests.conftest import needs

from .chromium import CHROMIUM, CHROMIUM_ARGS, expect, playwright_api
from .test_club import Clock, Webhook

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


@pytest.fixture
async def club(tmp_path):
    clock = Clock(int(time.time()))
    # The webhook is on the loopback: private addresses allowed, as on a club's LAN.
    server = await Server.start(port=0, data=tmp_path, clock=clock, allow_private_nudges=True)
    hook = Webhook()
    async with playwright_api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        errors: list[str] = []
        try:
            yield server, clock, hook, browser, errors
        finally:
            await browser.close()
            hook.close()
            await server.close()
    assert not [e for e in errors if "1008" not in e], errors  # a re-issued link's socket closes with 1008


async def new_page(browser, errors, **options):
    context = await browser.new_context(viewport={"width": 1280, "height": 860}, **options)
    page = await context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.set_default_timeout(15_000)
    return page


async def joined(page, link: str) -> None:
    await page.goto(link)
    await page.wait_for_selector('#connection[data-state="connected"]')


async def time_is_up(server, clock, at: float) -> None:
    """The deadlines' clock moved on to `at`, and every timer looked at again."""
    clock.at = at
    server.host.deadlines.wake()


async def test_a_club_plays_the_river_plate_over_the_internet(club):
    server, clock, hook, browser, errors = club
    base = f"http://127.0.0.1:{server.port}"
    ARTIFACTS.mkdir(exist_ok=True)

    # The games page: the scenario and its options, each with its help; the game made; three links copied.
    umpire = await new_page(browser, errors, permissions=["clipboard-read", "clipboard-write"])
    await umpire.goto(f"{base}/games")  # it asks for the server's admin key, and keeps it in the tab
    await umpire.fill("#token", server.admin_key)
    await umpire.press("#token", "Enter")
    await umpire.select_option("#scenario", "supremacy/river_plate")
    await expect(umpire.locator("#options")).to_contain_text("one seat per ship, or one per side commanding all its ships")
    await expect(umpire.locator("#scenario-seats")).to_contain_text("Admiral Graf Spee (german), Ajax (british)")
    await umpire.click("#create")
    await expect(umpire.locator("#created-links tr")).to_have_count(6)
    links = {}
    for seat in ("graf_spee", "ajax", "achilles"):
        await umpire.click(f'#created-links button[data-copy="{seat}"]')
        links[seat] = await umpire.evaluate("navigator.clipboard.readText()")
        assert re.fullmatch(rf"{base}/play#token=\w+\.{seat}\.[\w-]+", links[seat])
    await expect(umpire.locator("#games tbody tr")).to_have_count(1)
    await expect(umpire.locator("#games tbody tr td.waiting")).to_contain_text("Achilles, Ajax, Exeter, Admiral Graf Spee")
    await umpire.screenshot(path=str(ARTIFACTS / "club-games-page.png"), full_page=True)
    game_id = (await umpire.locator("#games tbody tr").get_attribute("data-game"))
    room = server.host.rooms[game_id]
    console_link = await umpire.locator('#created-links tr[data-seat="umpire"] input').input_value()
    spectators = await umpire.locator('#created-links tr[data-seat="spectator"] input').input_value()

    # Three players, each in a browser context of their own.
    players = {seat: await new_page(browser, errors, permissions=["notifications"]) for seat in links}
    for seat, page in players.items():
        await joined(page, links[seat])
        await expect(page.locator("#duty")).to_have_text("Your orders are due")
        await expect(page).to_have_title(re.compile(r"^\(!\) fogbank · "))
    await expect(players["ajax"].locator("#waiting")).to_have_text("Also waiting for Achilles")  # in sight; Exeter is not, the enemy is never told

    # The umpire's console: Exeter to the built-in player, an hour a phase, spectators two turns behind, the webhook.
    await joined(umpire, console_link)
    await expect(umpire.locator("#games .game-head strong")).to_have_text("The River Plate, 13 December 1939")
    await expect(umpire.locator("#clock")).to_have_text("Turn 1 · 06:15 · 1A write moves")  # the phase named once
    await expect(umpire.locator('#games tr[data-seat="graf_spee"] td').first).to_have_text("Admiral Graf Spee")
    exeter = umpire.locator('#games tr[data-seat="exeter"]')
    await exeter.locator("button[data-stand-in]").click()
    await expect(exeter).to_have_attribute("data-bot", "true")
    await umpire.fill("#deadline-every", "1")
    await umpire.click("#deadline-set")
    an_hour = re.compile(r"(1 h 0 min|59 min \d+ s) left")
    await expect(umpire.locator("#deadline-now")).to_contain_text(an_hour)
    await umpire.select_option("#spectate-delay", "2")
    await umpire.click("#spectate-set")
    await expect(umpire.locator("#games .spectators")).to_contain_text("open, 2 turns behind")
    await umpire.fill("#webhook", hook.url)
    await umpire.click("#nudges-save")
    await expect(umpire.locator("#notice")).to_have_text("Nudges saved.")
    for page in players.values():
        await expect(page.locator("#deadline")).to_contain_text(an_hour)
    overview = await new_page(browser, errors)  # the games page lists the deadline in the browser's time
    await overview.goto(f"{base}/games")
    await overview.fill("#token", server.admin_key)
    await overview.press("#token", "Enter")
    await expect(overview.locator("#games tbody tr")).to_contain_text(re.compile(r"orders due .+ \((1 h 0 min|59 min \d+ s) left\)"))
    await overview.close()

    # Graf Spee and Ajax send the printed moves on their pads; Exeter's stand-in has ordered; Achilles has not.
    for seat in ("graf_spee", "ajax"):
        await players[seat].click("#send-order")
        await expect(players[seat].locator("#duty")).to_have_text("Orders in · waiting for the turn")
        await expect(players[seat]).to_have_title(re.compile(r"^fogbank · "))
    await expect(players["ajax"].locator("#waiting")).to_have_text("Waiting for Achilles")
    await expect(players["graf_spee"].locator("#waiting")).to_be_hidden()  # nothing of the enemy's orders
    await players["ajax"].screenshot(path=str(ARTIFACTS / "club-ajax-waiting.png"))

    # The deadline draws near (the webhook is told), then passes: Achilles sails under her standing orders.
    due = clock.at + 3600
    await time_is_up(server, clock, due - 600)
    near = await hook.until("deadline_near")
    assert f"orders for turn 1, write moves are due by {words(due)}" in near["text"]
    achilles = players["achilles"]
    await achilles.evaluate("Object.defineProperty(document, 'hidden', {value: true, configurable: true})")  # tab out of sight
    await time_is_up(server, clock, due + 1)
    missed = "The deadline passed before your order came in: you sail under your standing order."
    await expect(achilles.locator("#messages li.narrative", has_text=missed)).to_have_count(1)
    await expect(achilles.locator("#clock")).to_have_text("Turn 1 · 2B write fire")
    assert await achilles.evaluate("window.fogbankSeat.seat.nudged") == 1  # her orders fell due: a notification
    await expect(umpire.locator('#games tr[data-seat="achilles"]')).to_contain_text("1 deadline")
    await expect(umpire.locator('#games tr[data-seat="exeter"]')).not_to_contain_text("deadline")  # its stand-in ordered
    opened = await hook.until("turn_opened")
    assert f"turn 1, write fire is open; orders are due by {words(due + 1 + 3600)}" in opened["text"]
    sent = f"To http://127.0.0.1:{hook.http.server_port}/…: the last nudge went"
    await expect(umpire.locator("#nudged")).to_contain_text(sent)
    await achilles.screenshot(path=str(ARTIFACTS / "club-achilles-deadline.png"))

    # Ajax's link is re-issued (the console asks first): her page is shut out, the old link
    # refused, the new one opens her seat. The server keeps no link: the console shows it once made.
    ajax = players["ajax"]
    await expect(umpire.locator('#games tr[data-seat="ajax"]')).to_contain_text("given when made")
    await umpire.locator('#games tr[data-seat="ajax"] button[data-reissue]').click()
    await umpire.locator('#games tr[data-seat="ajax"] button[data-reissue-cancel]').click()  # not yet
    await expect(ajax.locator("#connection")).to_have_attribute("data-state", "connected")
    await umpire.locator('#games tr[data-seat="ajax"] button[data-reissue]').click()
    await expect(umpire.locator('#games tr[data-seat="ajax"]')).to_contain_text("cut off at once")
    await umpire.locator('#games tr[data-seat="ajax"] button[data-reissue-confirm]').click()
    await expect(ajax.locator("#connection")).to_have_attribute("data-state", "refused")
    await expect(ajax.locator("#login")).to_be_visible()
    await expect(ajax.locator("#login")).to_contain_text("ask the umpire for the new link")
    await expect(ajax.locator("#duty")).to_have_text("—")  # the bar no longer speaks for a seat it cannot play
    await expect(ajax.locator("#deadline")).to_be_hidden()
    await expect(ajax).to_have_title("fogbank · seat")
    await ajax.goto(links["ajax"])
    await expect(ajax.locator("#connection")).to_have_attribute("data-state", "refused")
    new_link = await umpire.locator('#games tr[data-seat="ajax"] input').input_value()
    assert new_link != links["ajax"] and new_link.startswith(f"{base}/play#token=")
    await joined(ajax, new_link)
    await expect(ajax.locator("#clock")).to_have_text("Turn 1 · 2B write fire")
    await expect(ajax.locator("#messages")).not_to_contain_text("deadline passed")  # Achilles's words are hers

    # Two more turns go by on the clock; a spectator joins and is shown turn 1, the umpire's truth.
    while room.game.state.turn < 3:
        before = (room.game.state.turn, room.game.state.phase)
        await stand_in_ordered(room, "exeter")
        await time_is_up(server, clock, clock.at + 3601)
        await moved_on(room, before)
    watcher = await new_page(browser, errors)
    await joined(watcher, spectators)
    await expect(watcher.locator("#game-title")).to_contain_text("as a spectator, 2 turns behind")
    await expect(watcher.locator("#clock")).to_contain_text("Turn 1")
    await expect(watcher.locator("#truth")).to_be_visible()
    await expect(watcher.locator("#club-panel")).to_be_hidden()
    await watcher.screenshot(path=str(ARTIFACTS / "club-spectator.png"))
    await umpire.screenshot(path=str(ARTIFACTS / "club-console.png"), full_page=True)
    await umpire.locator("#club-area").screenshot(path=str(ARTIFACTS / "club-console-seats.png"))

    # The end: the webhook is told. Nothing posted holds a link or a token.
    await umpire.fill("#end-reason", "Graf Spee made for Montevideo.")
    await umpire.click("#end-game")
    await umpire.click("#end-now")
    over = await hook.until("game_over")
    assert over["text"].endswith("the game is over. Kriegsmarine: ended; Royal Navy, Force G: ended. Graf Spee made for Montevideo.")
    posted = json.dumps(hook.posts)
    tokens = [link.partition("#token=")[2] for link in [*links.values(), new_link, console_link, spectators]]
    assert "token" not in posted and not any(token.rpartition(".")[2] in posted for token in tokens)
    events = [post["fogbank"]["event"] for post in hook.posts]
    assert events[0] == "deadline_near" and "turn_opened" in events and events[-1] == "game_over"
    await expect(players["graf_spee"].locator("#debrief")).to_be_visible()

    # The games page in another tab never had the umpire's link: it makes a new one (asking
    # first), and the console open with the old one is shut out.
    overview = await new_page(browser, errors)
    await overview.goto(f"{base}/games")
    await overview.fill("#token", server.admin_key)
    await overview.press("#token", "Enter")
    row = overview.locator(f'#games tr[data-game="{game_id}"]')
    await expect(row.locator("a[data-open]")).to_have_count(0)
    await row.locator("button[data-reissue]").click()
    await expect(row).to_contain_text("stops working")
    await row.locator("button[data-reissue-confirm]").click()
    fresh = await row.locator("a[data-open]").get_attribute("href")
    assert fresh.startswith(f"{base}/umpire#token={game_id}.umpire.") and fresh != console_link
    await expect(umpire.locator("#connection")).to_have_attribute("data-state", "refused")


def words(seconds: float) -> str:
    """A time as a nudge gives it."""
    return iso(seconds).replace("T", " ").replace("Z", " UTC")


async def stand_in_ordered(room, seat: str) -> None:
    """Once the built-in player holding `seat` has given its order for the phase now open (if it
    owes one), so the clock is not moved past a deadline it had no time to meet."""
    for _ in range(1500):
        if seat in room.game.orders or seat not in room.game.to_act():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{seat}'s built-in player gave no order in {room.game.state.phase}")


async def moved_on(room, before: tuple[int, str]) -> None:
    """Once the game has left the phase it was in (its deadline passed)."""
    for _ in range(1500):
        if (room.game.state.turn, room.game.state.phase) != before:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the game stayed in {before}")

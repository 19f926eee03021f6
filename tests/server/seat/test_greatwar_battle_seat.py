"""A Great War battle report in a real headless Chromium: the seat of the Russian cruisers steps
through the battle board of a fight at the Bosporus, seeing its own groups throughout and the
Ottoman cruisers only while they are in sight."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from fogbank.clients import Client
from tests.conftest import needs
from tests.rules.greatwar.table import load_dice, moved, opened, plot

from ..chromium import CHROMIUM, expect, open_page
from .test_greatwar_choices import _order

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


async def test_a_seat_steps_through_its_battle_on_the_area_board(server, page, monkeypatch):
    created = await server.create_game("black_sea")
    room = server.host.rooms[created["game"]]
    load_dice(monkeypatch, {r"/contact/": (6,), r"strategic event": (3, 3)})
    fought = plot(opened(change=moved("kreisera", "bosporus")),
                  {"cruisers": {"mission": "raid", "path": ["bosporus", "southwest"]},
                   "kreisera": {"mission": "raid", "path": []}})
    room.game = attrs.evolve(room.game, state=fought.state)  # the turn played out, battle and all
    url = f"http://127.0.0.1:{server.port}"
    await page.goto(f"{url}/play#token={created['seats']['flotilla']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    board = page.locator("section.battle").first
    # Where, when and who led; what became of it; what the marks mean.
    await expect(board.locator(".battle-title")).to_have_text("Battle in The Bosporus")
    await expect(board.locator(".battle-when")).to_have_text("Turn 1 · by day · we have the initiative")
    await expect(board.locator(".battle-result")).to_contain_text("Outcome: ")
    await expect(board.locator(".battle-legend")).to_contain_text("the enemy, while in sight")
    await expect(board.locator(".battle-legend")).to_contain_text("dashed: laying smoke")
    await expect(board.locator("svg.battle-board rect.area")).to_have_count(33)
    await expect(board.locator(".battle-step")).to_contain_text("end of battle")
    await board.locator(".battle-controls input[type=range]").fill("0")
    await expect(board.locator(".battle-step")).to_contain_text("Set-up")
    await expect(board.locator("g.group.own")).to_have_count(1)
    await expect(board.locator("g.group.enemy")).to_have_count(0)  # four areas off: out of sight
    for _ in range(3):
        await board.locator("button.battle-on").click()
    await expect(board.locator("g.group.enemy")).not_to_have_count(0)
    drawn = await board.inner_html()
    assert "Hamidiye" in drawn and "Yavuz" not in drawn
    ARTIFACTS.mkdir(exist_ok=True)
    await expect(board.locator(".battle-step")).to_contain_text("Round 1 · ")
    # Drawn again, as every update the page gets draws it, the board stays at the step chosen.
    again = await page.evaluate("""async () => {
        const { battleBoards } = await import('/web/rulesets/greatwar/battle.js');
        return battleBoards(window.fogbankSeat.seat.view)[0].querySelector('.battle-step').textContent; }""")
    assert again == await board.locator(".battle-step").text_content()
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-battle.png"), full_page=True)
    await page.set_viewport_size({"width": 1440, "height": 900})
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-battle-1440.png"), full_page=True)

    # The umpire's console: the whole record, the enemy's groups there from set-up on.
    umpire = await open_page(page.context.browser, 1280, 900, [])
    await umpire.goto(f"{url}/umpire#token={created['umpire_token']}")
    record = umpire.locator("section.battle").first
    await record.locator(".battle-controls input[type=range]").fill("0")
    await expect(record.locator("g.group")).to_have_count(2)
    await record.locator(".battle-controls input[type=range]").fill("1")
    await expect(record.locator(".battle-step")).to_have_text(re.compile(r"^Round 1 · (Central Powers|Russia) moves"))  # both named
    await umpire.screenshot(path=str(ARTIFACTS / "umpire-greatwar-battle.png"), full_page=True)


async def test_at_the_end_a_seat_sees_the_outcome_and_the_whole_sea_as_it_ended(server, page, monkeypatch):
    created = await server.create_game("black_sea")
    room = server.host.rooms[created["game"]]
    load_dice(monkeypatch, {r"/contact/": (6,), r"strategic event": (3, 3)})
    for seat in sorted(created["seats"]):  # a turn resolved, so the record has phases to replay
        await _order(server, created["seats"][seat], 1, {"fleets": {}})
    url = f"http://127.0.0.1:{server.port}"
    await page.goto(f"{url}/play#token={created['seats']['souchon']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        await umpire.end("The Admiralty calls it a day.", {"central": "draw", "russia": "draw"})
    await expect(page.locator("#debrief")).to_be_visible()
    await expect(page.locator("#my-result")).to_contain_text("draw")
    await expect(page.locator("#result")).to_contain_text("The Admiralty calls it a day.")
    rows, _ = await server.host.history(room, "umpire")
    # The replay opens on the sea as the game ended: every fleet of both sides, named zones.
    await expect(page.locator("#replay-where")).to_contain_text(f"({len(rows)} of {len(rows)})")
    sea = page.locator("#replay-truth .whole-sea")
    await expect(sea).to_have_count(2)
    await expect(page.locator('#replay-truth .whole-sea[data-side="russia"]')).to_contain_text("Battle fleet · Sevastopol")
    await expect(page.locator('#replay-truth .whole-sea[data-side="central"]')).to_contain_text("Yavuz Sultan Selim unhurt")
    await expect(page.locator("#truth-chart g.fleet")).to_have_count(10)
    await expect(page.locator('#truth-chart text.place[data-zone="sevastopol"]')).to_have_text("Sevastopol")
    await page.locator("#notice").evaluate("box => box.hidden = true")
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-debrief-1024.png"), full_page=True)
    await page.set_viewport_size({"width": 1440, "height": 900})
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-debrief-1440.png"), full_page=True)

"""Great War at Sea's choices in a real headless Chromium: This Just In strikes the Central Powers
while two of their fleets sail on old plots; Souchon's page shows the choice beside his plots with
its rule, he names his fleet and replots it, and after the turn his news says so; Eberhardt's page
offers port repair for a damaged battleship and draws a report's next zone as an arrow; the
umpire's console shows what is open and what was chosen. Screenshots at 1024x768 and 1440x900."""

from __future__ import annotations

from pathlib import Path

import attrs

from fogbank import protocols as wire
from fogbank.rules.greatwar import ruleset as greatwar
from tests.conftest import needs
from tests.rules.greatwar.table import load_dice

from ..chromium import CHROMIUM, expect, open_page
from ..test_end_to_end import open_peer

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


def _bound_and_damaged(state):
    """Yavuz and Midilli (Souchon's) and the Ottoman destroyers sail on three turns plotted ahead,
    staying in port; Evstafi lies in Sevastopol with two boxes lost and a level of speed."""
    fleets = tuple(attrs.evolve(f, ahead=((), (), ())) if f.id in ("mittelmeer", "torpedo") else f for f in state.board.fleets)
    evstafi = attrs.evolve(state.board.ships["Evstafi"], hits=2, speed_lost=1)
    board = attrs.evolve(state.board, fleets=fleets, ships={**state.board.ships, "Evstafi": evstafi})
    return attrs.evolve(state, board=board)


async def _order(server, token, turn, order):
    peer = await open_peer(server, token)
    reply = await peer.request(lambda ref: wire.SubmitOrder(ref=ref, turn=turn, order=order))
    assert isinstance(reply, wire.Ack), reply
    await peer.ws.close()


async def test_a_seat_makes_the_choices_the_rules_leave_it_and_the_umpire_sees_them(server, page, monkeypatch):
    real = greatwar.GreatWar.new_game
    monkeypatch.setattr(greatwar.GreatWar, "new_game", lambda self, *a, **k: _bound_and_damaged(real(self, *a, **k)))
    load_dice(monkeypatch, {r"^2/strategic event$": (5, 5), r"^2/strategic event/side$": (1,), r"strategic event": (3, 3),
                            r"port repair": (6,), r"/contact/": (1,), r"aerial": (1,)})
    created = await server.create_game("black_sea")
    seats = created["seats"]
    for seat in sorted(seats):  # turn 1: every fleet stays; This Just In strikes the Central Powers
        await _order(server, seats[seat], 1, {"fleets": {}})
    url = f"http://127.0.0.1:{server.port}"
    ARTIFACTS.mkdir(exist_ok=True)

    await page.goto(f"{url}/play#token={seats['souchon']}")
    await expect(page.locator("#duty")).to_have_text("Your orders are due")
    choice = page.locator('fieldset[data-choice="intelligence"]')
    await expect(choice.locator("legend")).to_have_text("This Just In")
    await expect(choice.locator(".rule")).to_contain_text("change all its orders now, this turn's plot included")
    assert await page.locator('input[name="intelligence"][value="torpedo"]').is_disabled()  # the Ottoman seat's to name
    await expect(page.locator('.plot-row[data-fleet="mittelmeer"]')).to_be_hidden()
    await page.check('input[name="intelligence"][value="mittelmeer"]')
    await expect(page.locator('.plot-row[data-fleet="mittelmeer"]')).to_be_visible()
    await page.click('.plot-row[data-fleet="mittelmeer"] input[name="pick-fleet"]')
    await page.click('#chart g.zone[data-zone="bosporus"] circle')
    await expect(page.locator('input.path[data-fleet="mittelmeer"]')).to_have_value("bosporus")
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-choice-1024.png"), full_page=True)
    await page.click("#send-order")
    await expect(page.locator("#duty")).to_have_text("Orders in · waiting for the turn")

    wide = await open_page(page.context.browser, 1440, 900, [])
    await wide.goto(f"{url}/play#token={seats['eberhardt']}")
    repair = wide.locator('fieldset[data-choice="repair"]')
    await expect(repair.locator("legend")).to_have_text("Port repair: Evstafi at Sevastopol")
    await expect(repair.locator("select")).to_have_value("")
    await expect(repair.locator("select option").first).to_have_text("the rules' choice: restore a level of speed")
    await expect(wide.locator('fieldset[data-choice="intelligence"]')).to_have_count(0)  # the other side's choice
    await wide.select_option('select[data-ship="Evstafi"]', "box")
    await wide.click("#send-order")
    await expect(wide.locator("#duty")).to_have_text("Orders in · waiting for the turn")

    umpire = await open_page(page.context.browser, 1280, 900, [])
    await umpire.goto(f"{url}/umpire#token={created['umpire_token']}")
    await expect(umpire.locator("#choices")).to_contain_text("Open for central: this just in, one of mittelmeer, torpedo")
    # the orders in, in words: what each seat chose so far
    await expect(umpire.locator("body")).to_contain_text("chosen: the intelligence report to mittelmeer")
    await expect(umpire.locator("body")).to_contain_text("chosen: Evstafi to have its box mended first")
    # the umpire tells Eberhardt where Yavuz is bound: the report's next zone, drawn as an arrow
    await umpire.select_option("#gw-kind", "report")
    await umpire.fill("#gw-seat", "eberhardt")
    await umpire.fill("#gw-fleet", "mittelmeer")
    await umpire.fill("#gw-zone", "bosporus")
    await umpire.fill("#gw-next", "southwest")
    await umpire.fill("#override-reason", "a steamer's word")
    await umpire.click("#override-apply")
    await expect(wide.locator("#chart polyline.next-zone[marker-end]")).to_have_count(1)
    await expect(wide.locator("#report-list li")).to_contain_text("Turn 2 (this turn) · umpire · track 1 in bosporus")
    await wide.screenshot(path=str(ARTIFACTS / "seat-greatwar-choice-1440.png"), full_page=True)

    for seat in ("flotilla", "ottoman"):
        await _order(server, seats[seat], 2, {"fleets": {}})
    await expect(page.locator("#news-list")).to_contain_text("This just in: Yavuz and Midilli takes the report (named by souchon).")
    await expect(umpire.locator("#choices")).to_contain_text("Chosen: central, this just in: Yavuz and Midilli (named by souchon)")
    await expect(umpire.locator("#choices")).to_contain_text("Evstafi: port repair mends its box first")
    await umpire.screenshot(path=str(ARTIFACTS / "umpire-greatwar-choices.png"), full_page=True)
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-news-1024.png"), full_page=True)

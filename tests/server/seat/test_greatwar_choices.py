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
    staying in port; Evstafi lies in Sevastopol with two boxes lost, a primary gun knocked out and a
    level of speed lost."""
    fleets = tuple(attrs.evolve(f, ahead=((), (), ())) if f.id in ("mittelmeer", "torpedo") else f for f in state.board.fleets)
    evstafi = attrs.evolve(state.board.ships["Evstafi"], hits=2, speed_lost=1, guns_lost=(1, 0, 0))
    board = attrs.evolve(state.board, fleets=fleets, ships={**state.board.ships, "Evstafi": evstafi})
    return attrs.evolve(state, board=board)


async def _order(server, token, turn, order):
    peer = await open_peer(server, token)
    reply = await peer.request(lambda ref: wire.SubmitOrder(ref=ref, turn=turn, order=order))
    assert isinstance(reply, wire.Ack), reply
    await peer.ws.close()


async def _game(server, monkeypatch, event=(3, 3), turns=1):
    """A Black Sea game whose turn 2 random event is `event` (2d6), striking the Central Powers,
    played through `turns` turns of every fleet staying; its seats' tokens and the umpire's."""
    real = greatwar.GreatWar.new_game
    monkeypatch.setattr(greatwar.GreatWar, "new_game", lambda self, *a, **k: _bound_and_damaged(real(self, *a, **k)))
    load_dice(monkeypatch, {r"^2/strategic event$": event, r"^2/strategic event/side$": (1,), r"strategic event": (3, 3),
                            r"port repair": (6,), r"/contact/": (1,), r"aerial": (1,)})
    created = await server.create_game("black_sea")
    for turn in range(1, turns + 1):
        for seat in sorted(created["seats"]):
            await _order(server, created["seats"][seat], turn, {"fleets": {}})
    ARTIFACTS.mkdir(exist_ok=True)
    return created


async def test_a_seat_makes_the_choices_the_rules_leave_it_and_the_umpire_sees_them(server, page, monkeypatch):
    created = await _game(server, monkeypatch, event=(5, 5))  # This Just In
    seats = created["seats"]
    url = f"http://127.0.0.1:{server.port}"

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
    await expect(page.locator('input.path[data-fleet="mittelmeer"]')).to_have_value("The Bosporus")
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-choice-1024.png"), full_page=True)
    await page.click("#send-order")
    await expect(page.locator("#duty")).to_have_text("Orders in · waiting for the turn")

    wide = await open_page(page.context.browser, 1440, 900, [])
    await wide.goto(f"{url}/play#token={seats['eberhardt']}")
    repair = wide.locator('fieldset[data-choice="repair"]')
    await expect(repair.locator("legend")).to_have_text("Port repair: Evstafi at Sevastopol")
    await expect(repair.locator("select")).to_have_value("")
    await expect(repair).to_contain_text("2 hull boxes and 1 gun box (mended after the hull) lost, 1 level of speed.")
    await expect(wide.locator("body")).to_contain_text("Evstafi 2/6 boxes lost, speed class 1s, guns 3-2-1 of 4-2-1")
    await expect(repair.locator("select option").first).to_have_text("the rules' choice: restore a level of speed")
    await expect(wide.locator('fieldset[data-choice="intelligence"]')).to_have_count(0)  # the other side's choice
    await wide.select_option('select[data-ship="Evstafi"]', "box")
    await wide.click("#send-order")
    await expect(wide.locator("#duty")).to_have_text("Orders in · waiting for the turn")

    umpire = await open_page(page.context.browser, 1280, 900, [])
    await umpire.goto(f"{url}/umpire#token={created['umpire_token']}")
    await expect(umpire.locator("#choices")).to_contain_text(
        "Open for Central Powers: this just in, one of Yavuz and Midilli, Ottoman destroyers")
    # the orders in, in words: what each seat chose so far
    await expect(umpire.locator("body")).to_contain_text("chosen: the intelligence report to Yavuz and Midilli")
    await expect(umpire.locator("body")).to_contain_text("chosen: Evstafi to have a box mended first")
    await expect(umpire.locator("body")).to_contain_text("Evstafi 2/6 boxes lost, guns 3-2-1 of 4-2-1")
    # the umpire tells Eberhardt where Yavuz is bound: the report's next zone, drawn as an arrow
    await umpire.select_option("#gw-kind", "report")
    await umpire.select_option("#gw-fleet", "mittelmeer")
    await umpire.select_option("#gw-seat", "eberhardt")
    await umpire.select_option("#gw-zone", "bosporus")
    await umpire.select_option("#gw-next", "southwest")
    await umpire.fill("#override-reason", "a steamer's word")
    await umpire.click("#override-apply")
    await expect(wide.locator("#chart polyline.next-zone[marker-end]")).to_have_count(1)
    await expect(wide.locator("#report-list li")).to_contain_text("Turn 2 (this turn) · track 1 in The Bosporus · reported")
    await wide.screenshot(path=str(ARTIFACTS / "seat-greatwar-choice-1440.png"), full_page=True)

    for seat in ("flotilla", "ottoman"):
        await _order(server, seats[seat], 2, {"fleets": {}})
    await expect(page.locator("#news-list")).to_contain_text(
        "This just in: Yavuz and Midilli takes the report (named by Admiral Souchon, Mittelmeerdivision).")
    await expect(umpire.locator("#choices")).to_contain_text(
        "Chosen: Central Powers, this just in: Yavuz and Midilli (named by Admiral Souchon, Mittelmeerdivision)")
    await expect(umpire.locator("#choices")).to_contain_text("Evstafi: port repair mends its box first")
    await umpire.screenshot(path=str(ARTIFACTS / "umpire-greatwar-choices.png"), full_page=True)
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-news-1024.png"), full_page=True)


async def test_situation_clarifies_keeps_this_turns_move_and_takes_the_next_two(server, page, monkeypatch):
    created = await _game(server, monkeypatch, event=(2, 3))
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['souchon']}")
    await expect(page.locator('fieldset[data-choice="intelligence"] legend')).to_have_text("Situation Clarifies")
    await page.check('input[name="intelligence"][value="mittelmeer"]')
    row = page.locator('.plot-row[data-fleet="mittelmeer"]')
    await expect(row.locator("input.path")).not_to_be_editable()  # this turn's move stands (it stays)
    await row.locator("input.ahead").fill("The Bosporus; Off the Bosporus")
    await page.click("#send-order")
    await expect(page.locator("#duty")).to_have_text("Orders in · waiting for the turn")
    for seat in ("ottoman", "eberhardt", "flotilla"):
        await _order(server, created["seats"][seat], 2, {"fleets": {}})
    await expect(page.locator('#fleet-list li[data-fleet="mittelmeer"]')).to_contain_text("plotted ahead: The Bosporus; Off the Bosporus")


async def test_from_1915_a_seat_aims_its_seaplanes_at_a_track_the_umpire_reported_in_reach(server, page, monkeypatch):
    later = attrs.evolve(greatwar.load_scenario("black_sea"), year=1915)
    monkeypatch.setattr(greatwar, "load_scenario", lambda _: later)
    created = await _game(server, monkeypatch, turns=0)
    url = f"http://127.0.0.1:{server.port}"
    await page.goto(f"{url}/play#token={created['seats']['souchon']}")
    planes = page.locator('fieldset[data-choice="seaplanes"]')
    await expect(planes.locator("legend")).to_have_text("Seaplanes from Constantinople")
    await expect(planes).to_contain_text("No track of yours was last seen within 2 zones.")
    await page.select_option('select.mission[data-fleet="minelayer"]', "intercept")  # written before the report: kept after it

    umpire = await open_page(page.context.browser, 1280, 900, [])
    await umpire.goto(f"{url}/umpire#token={created['umpire_token']}")
    for field, value in [("#gw-fleet", "kreisera"), ("#gw-seat", "souchon"), ("#gw-zone", "southwest")]:
        await umpire.select_option(field, value)
    await umpire.fill("#override-reason", "a fisherman's word")
    await umpire.click("#override-apply")

    await expect(planes.locator("select option")).to_have_text(["the rules' choice: the first in reach", "track 1"])
    await expect(page.locator('select.mission[data-fleet="minelayer"]')).to_have_value("intercept")
    await page.select_option('select[data-base="constantinople"]', "1")
    await page.click("#send-order")
    await expect(page.locator("#duty")).to_have_text("Orders in · waiting for the turn")
    await expect(umpire.locator("body")).to_contain_text("chosen: seaplanes from Constantinople at track 1")
    await page.screenshot(path=str(ARTIFACTS / "seat-greatwar-seaplanes-1024.png"))
    assert await page.evaluate("document.documentElement.scrollWidth") <= 1024  # nothing wider than the window

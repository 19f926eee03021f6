"""The umpire's forms pick from lists in words, never ids typed: the Black Sea's report and move
overrides (seats, fleets, zones), the Dardanelles' vessel to remove, Salvo's units each where it
is now (not where the console first drew it); a message goes to several seats or a whole side at
once; and "New link" asks before it cuts a player off."""

from __future__ import annotations

import re

import pytest

from fogbank.rules.core import Narrative
from fogbank.rules.salvo import hexes
from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect, open_page  # noqa: F401  (browser: a fixture)
from ..seat.test_hex_map import release_until
from .test_console import requests_sent

pytestmark = needs(CHROMIUM)


@pytest.fixture
async def page(browser):  # noqa: F811
    errors: list[str] = []
    yield await open_page(browser, 1440, 1000, errors)
    assert not errors, errors


async def console(server, page, created: dict) -> None:
    await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['umpire_token']}")
    await page.wait_for_selector('#connection[data-state="connected"]')


async def options(page, select: str) -> list[tuple[str, str]]:
    listed = await page.locator(f"{select} option").evaluate_all("all => all.map((o) => [o.value, o.text])")
    return [tuple(option) for option in listed]


async def overridden(page, picked: dict[str, str], reason: str) -> None:
    """The umpire picks each list's choice, gives a reason and applies the override."""
    for select, value in picked.items():
        await page.select_option(select, value)
    await page.fill("#override-reason", reason)
    await page.click("#override-apply")


async def test_the_black_seas_overrides_pick_seats_fleets_and_zones_by_name(server, page):
    created = await server.create_game("black_sea")
    await console(server, page, created)
    await page.select_option("#gw-kind", "report")
    fleets = await options(page, "#gw-fleet")
    room = server.host.rooms[created["game"]]
    every = {f.id for f in room.game.state.board.fleets}
    assert {value for value, _ in fleets} == every  # every fleet, none typed
    assert ("mittelmeer", "Yavuz and Midilli (Constantinople)") in fleets
    # A report of a Central fleet goes to a Russian seat: only those are offered, by title.
    await page.select_option("#gw-fleet", "mittelmeer")
    russians = ["Admiral Eberhardt, the battle fleet", "Cruisers and the destroyer flotilla"]
    await expect(page.locator("#gw-seat option")).to_have_text(russians)
    zones = await options(page, "#gw-zone")
    assert ("bosporus", "The Bosporus") in zones and len(zones) == 23
    assert ("", "none told") in await options(page, "#gw-next")
    # A zone clicked on the map is the zone of the report.
    await page.click('#chart g.zone[data-zone="southwest"] circle')
    await expect(page.locator("#gw-zone")).to_have_value("southwest")
    await overridden(page, {"#gw-seat": "flotilla", "#gw-next": "bosporus"}, "a neutral steamer's word")
    await expect(page.locator("#notice")).to_have_text("Override applied and recorded.")
    report = room.game.state.knowledge["flotilla"].reports[-1]
    assert (report.zone, report.next_zone) == ("southwest", "bosporus")
    # Move a fleet: the same lists.
    await page.select_option("#gw-kind", "move")
    await expect(page.locator("#gw-seat")).to_be_hidden()
    await overridden(page, {"#gw-fleet": "battle", "#gw-zone": "crimea"}, "placed where the plot had her")
    await expect(page.locator('#truth li[data-fleet="battle"]')).to_contain_text("South Crimea (Yalta)")
    assert room.game.state.board.fleet("battle").zone == "crimea"


async def test_the_dardanelles_vessel_to_remove_is_picked_from_the_roster(server, page):
    created = await server.create_game("b11")
    await console(server, page, created)
    await page.select_option("#override-kind", "remove_vessel")
    room = server.host.rooms[created["game"]]
    afloat = [v for v in room.game.state.board.vessels if not v.sunk]
    listed = await options(page, "#override-vessel")
    assert [int(value) for value, _ in listed] == [v.number for v in afloat]
    assert all("_" not in words and " at " in words for _, words in listed), listed
    await overridden(page, {"#override-vessel": str(afloat[-1].number)}, "she went home")
    await expect(page.locator("#notice")).to_have_text("Override applied and recorded.")
    assert afloat[-1].number not in {v.number for v in room.game.state.board.vessels if not v.sunk}


async def test_salvos_unit_list_says_where_each_unit_is_now(server, page):
    created = await server.create_game("gallipoli")
    await console(server, page, created)
    await page.wait_for_selector("#chart .counter")
    room = server.host.rooms[created["game"]]

    def where(uid: str) -> str:
        return hexes.number(room.game.state.board.unit(uid).hex)

    before = where("B1")
    listed = page.locator('#override-unit option[value="B1"]')
    await expect(listed).to_have_text(f"Lord Nelson (B1) at {before}")
    await release_until(server, created["umpire_token"], "movement", 3)  # two turns steaming on
    assert where("B1") != before
    await expect(listed).to_have_text(f"Lord Nelson (B1) at {where('B1')}")
    dummies = [text for value, text in await options(page, "#override-unit") if value.startswith("dummy")]
    assert dummies and all(text.startswith("a dummy of the Allies at ") for text in dummies), dummies


async def test_the_umpire_tells_several_seats_or_a_side_at_once(server, page):
    created = await server.create_game("cape_esperance")
    await console(server, page, created)
    to = page.locator("#narrate-to")
    await expect(to.locator("input[data-seat]")).to_have_count(4)
    await expect(to.locator("input[data-seat]:checked")).to_have_count(0)  # nobody until the umpire says
    await to.locator('input[data-side-all="japan"]').check()
    await expect(to.locator('input[data-seat="goto"]')).to_be_checked()
    await expect(to.locator('input[data-seat="desdiv11"]')).to_be_checked()
    await to.locator('input[data-seat="scott"]').check()
    await expect(to.locator('input[data-side-all="us"]')).not_to_be_checked()
    await page.fill("#narrate-text", "A rain squall sweeps the channel.")
    await page.click("#narrate-send")
    sent = "Sent to Rear-Admiral Scott, Rear-Admiral Goto and Destroyer Division 11."
    await expect(page.locator("#notice")).to_have_text(sent)
    told = server.host.rooms[created["game"]].game.state.told
    squall = (Narrative, "A rain squall sweeps the channel.")
    heard = {seat for seat, events in told.items()
             if any((type(e), getattr(e, "text", None)) == squall for e in events)}
    assert heard == {"scott", "goto", "desdiv11"}
    # Everyone at once.
    await to.locator("input[data-everyone]").check()
    await expect(to.locator("input[data-seat]:checked")).to_have_count(4)


async def test_a_new_link_asks_before_it_cuts_the_player_off(server, page):
    created = await server.create_game("river_plate")
    await console(server, page, created)
    row = page.locator('#games tr[data-seat="ajax"]')
    await expect(row).to_contain_text("given when made")  # the server keeps no link to show
    await row.locator("button[data-reissue]").click()
    asked = page.locator('#games [data-reissue-asked="ajax"]')
    await expect(asked).to_contain_text("A new link for Ajax: whoever plays by the old link is cut off at once")  # noqa: E501
    assert "reissue" not in await requests_sent(page)
    await page.wait_for_timeout(0)
    await asked.locator("button[data-reissue-cancel]").click()
    await expect(asked).to_have_count(0)
    assert await row.locator("input").count() == 0 and "reissue" not in await requests_sent(page)
    await row.locator("button[data-reissue]").click()
    await page.locator('#games button[data-reissue-confirm="ajax"]').click()
    renewed = "Ajax: a new link. The old one opens nothing now; send this one on."
    await expect(page.locator("#notice")).to_have_text(renewed)
    await expect(row.locator("input")).to_have_value(re.compile(r"/play#token="))

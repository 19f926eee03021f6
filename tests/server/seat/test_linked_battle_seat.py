"""A battle handed to a linked game, as the seats see it in Chromium: the admiral whose fleet
fights finds a link to his seat in the battle's game among his messages, and it opens the Salvo
battle on an open-sea map; the umpire's console lists the linked game with its console."""

from __future__ import annotations

import asyncio

import pytest

from fogbank.server.app import Server
from tests.conftest import needs

from ..chromium import CHROMIUM, expect, open_page
from ..test_engagements import bots_until

pytestmark = needs(CHROMIUM)


@pytest.fixture
async def server(tmp_path):
    """A server drawing each game's seed as a real one does: a turn's battles each become a game of
    their own, and a battle's game is built from its seed (one seed, one battle)."""
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


async def test_the_seats_that_fight_follow_their_link_to_the_battle(server, page):
    created = await server.create_game("black_sea", {"battles": "hex"})
    links = server.host.links
    url = f"http://127.0.0.1:{server.port}"
    await bots_until(server, created["seats"].values(), lambda: links.by_parent.get(created["game"]))
    link = min(links.by_parent[created["game"]].values(), key=lambda x: x.engagement)  # a turn may have several
    seat = next(s for s in link.tokens if s != "umpire")
    theirs = [x for x in links.by_parent[created["game"]].values() if seat in x.tokens]
    await page.goto(f"{url}/play#token={created['seats'][seat]}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    await expect(page.locator("#messages li.link a")).to_have_count(len(theirs))
    battle = page.locator(f'#messages li.link a[href="/play#token={link.tokens[seat]}"]')
    await expect(battle).to_have_count(1)
    async with page.context.expect_page() as opened:  # a tab of its own
        await battle.click()
    tab = await opened.value
    await expect(tab.locator("#connection")).to_have_attribute("data-state", "connected")
    await expect(tab.locator("header")).to_contain_text("The battle in")
    umpire = await open_page(page.context.browser, 1280, 900, [])
    await umpire.goto(f"{url}/umpire#token={created['umpire_token']}")
    await expect(umpire.locator(f'#games .game.linked[data-game="{link.child}"] a')).to_have_text("its umpire's console")


async def test_the_umpire_settles_an_abandoned_battle_from_his_console(server, page):
    created = await server.create_game("black_sea", {"battles": "hex"})
    links = server.host.links
    await bots_until(server, created["seats"].values(),
                     lambda: any(link.status == "fighting" for link in links.by_parent.get(created["game"], {}).values()))
    fighting = sorted((x for x in links.by_parent[created["game"]].values() if x.status == "fighting"), key=lambda x: x.engagement)
    parent = server.host.rooms[created["game"]]
    await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['umpire_token']}")
    for link in fighting:  # a turn may have several battles: each settled in turn
        await page.select_option("#gw-kind", "settle")
        await page.focus("#gw-battle")
        await expect(page.locator("#gw-battle")).to_have_value(link.engagement)  # the first battle waiting, filled in
        await page.fill("#gw-text", "The squadrons lost each other in the dark.")
        await page.fill("#override-reason", "the battle's game was abandoned")
        await page.click("#override-apply")
        # Settled once the battle's game has ended (on disk): waited for as long as the machine
        # takes (the suite's timeout fails it if never).
        while links.by_parent[created["game"]][link.engagement].status != "settled":
            await asyncio.sleep(0.05)
        assert server.host.rooms[link.child].game.cycle.value == "ended"
    assert not parent.game.awaiting and parent.game.state.phase == "orders"

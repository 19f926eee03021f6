"""Back to your seat from any tab (issue 37), in real headless Chromium: a player who opened their
seats' links once comes back in a fresh tab of the same browser to /play, finds "Your games" (each
game's name, scenario, seat, turn and phase, whether their orders are due and by when), and enters
one with a click; a game forgotten there is gone from every new tab; a link the umpire replaced
says so; the umpire finds his games at /umpire the same way. The pages keep the tokens in the
browser's localStorage, never in a cookie; every line comes from a `glance` (tests/server/test_glance.py)."""

from __future__ import annotations

import json
import re

import pytest

from fogbank import protocols as wire
from tests.conftest import needs

from ..chromium import CHROMIUM, CHROMIUM_ARGS, expect, playwright_api
from ..test_club import ask
from ..test_end_to_end import open_peer
from .test_dardanelles_seat import form_order, set_order

pytestmark = needs(CHROMIUM)
NAME = "Tuesday club: River Plate"
TITLE = "The River Plate, 13 December 1939"


@pytest.fixture
async def context():
    """One browser, one context (one person's browser): tabs opened and closed in it."""
    async with playwright_api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = await browser.new_context(viewport={"width": 1024, "height": 768})
        errors: list[str] = []
        context.errors = errors
        yield context
        await browser.close()
    assert not [e for e in errors if "1008" not in e], errors  # a replaced link's socket closes with 1008


async def tab(context, path: str = ""):
    page = await context.new_page()
    page.on("pageerror", lambda error: context.errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and context.errors.append(message.text))
    page.on("dialog", lambda dialog: dialog.accept())  # "Forget ...?": yes
    page.set_default_timeout(15_000)
    if path:
        await page.goto(path)
    return page


async def opened_once(context, link: str) -> None:
    """A seat's link opened in a tab, and the tab closed."""
    page = await tab(context, link)
    await page.wait_for_selector('#connection[data-state="connected"]')
    await page.close()


async def test_a_fresh_tab_comes_back_through_play_and_enters_with_one_click(server, context):
    base = f"http://127.0.0.1:{server.port}"
    river = await server.create_game("river_plate", name=NAME)
    b11 = await server.create_game("b11")
    umpire = await open_peer(server, river["umpire_token"])
    await ask(umpire, lambda ref: wire.SetDeadlines(ref=ref, every=3 * 3600))
    await opened_once(context, f"{base}/play#token={river['seats']['ajax']}")
    await opened_once(context, f"{base}/play#token={b11['seats']['submarine']}")

    page = await tab(context, f"{base}/play")  # a fresh tab: nothing in its sessionStorage
    line = page.locator(f'.your-game[data-game="{river["game"]}"]')
    await expect(line).to_contain_text("Turn 1 · 1A write moves")
    said = " ".join((await line.inner_text()).split())
    assert said.startswith(f"{NAME} {TITLE} Ajax Turn 1 · 1A write moves · Your orders are due by ")
    assert re.search(r"\((2 h 59 min|3 h 0 min) left\)", said), said
    assert await line.get_attribute("data-due") == "true"
    submarine = page.locator(f'.your-game[data-game="{b11["game"]}"]')
    await expect(submarine).to_contain_text("the submarine's captain")
    assert await page.locator("#login").is_visible()  # a new link can still be pasted below

    await page.click(f'[data-enter="{river["game"]}"]')  # one click
    await page.wait_for_selector('#connection[data-state="connected"]')
    await expect(page.locator("#duty")).to_have_text("Your orders are due")
    await expect(page.locator("#game-title")).to_have_text(f"{NAME} · {TITLE} · Ajax")
    await expect(page).to_have_title(f"(!) fogbank · {NAME} · Ajax")
    assert await page.locator("#yours").is_hidden() and page.url == f"{base}/play"
    # The browser keeps its seats in localStorage, for every tab; never a cookie.
    assert await page.evaluate("document.cookie") == ""
    kept = json.loads(await page.evaluate("localStorage.getItem('fogbank.kept')"))
    assert {k["token"] for k in kept} == {river["seats"]["ajax"], b11["seats"]["submarine"]}


async def test_a_draft_outlives_its_tab_and_a_game_forgotten_is_gone_from_every_new_tab(server, context):
    base = f"http://127.0.0.1:{server.port}"
    first, second = await server.create_game("b11"), await server.create_game("river_plate")
    page = await tab(context, f"{base}/play#token={first['seats']['submarine']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    await set_order(page, "SE", 2, "periscope")  # half an order written on the pad, and the tab closed
    drafted = await form_order(page)
    await page.close()
    await opened_once(context, f"{base}/play#token={second['seats']['exeter']}")
    page = await tab(context, f"{base}/play")
    await page.click(f'[data-enter="{first["game"]}"]')
    await page.wait_for_selector('.rose button[data-course="SE"][aria-pressed="true"]')
    assert await form_order(page) == drafted
    await page.close()

    page = await tab(context, f"{base}/play")
    await expect(page.locator(".your-game")).to_have_count(2)
    await page.click(f'[data-forget="{first["game"]}"]')
    await expect(page.locator(".your-game")).to_have_count(1)
    kept = await page.evaluate("JSON.stringify(localStorage)")
    assert first["seats"]["submarine"] not in kept and second["seats"]["exeter"] in kept
    assert f"fogbank.seat.draft.{first['game']}" not in kept  # its draft forgotten with it
    again = await tab(context, f"{base}/play")
    await expect(again.locator(".your-game")).to_have_count(1)
    await expect(again.locator(".your-game")).to_contain_text("Exeter")
    await again.click(f'[data-forget="{second["game"]}"]')
    await expect(again.locator("#yours")).to_be_hidden()  # nothing kept: the form for a link alone


async def test_a_replaced_link_says_so_in_the_list(server, context):
    base = f"http://127.0.0.1:{server.port}"
    created = await server.create_game("river_plate")
    await opened_once(context, f"{base}/play#token={created['seats']['achilles']}")
    umpire = await open_peer(server, created["umpire_token"])
    await ask(umpire, lambda ref: wire.Reissue(ref=ref, seat="achilles"))
    page = await tab(context, f"{base}/play")
    line = page.locator(f'.your-game[data-game="{created["game"]}"]')
    await expect(line).to_contain_text("This link no longer opens the seat")
    assert await line.get_attribute("data-refused") == "true"
    assert await page.locator(f'[data-enter="{created["game"]}"]').is_disabled()


async def test_the_umpire_finds_his_games_at_umpire(server, context):
    base = f"http://127.0.0.1:{server.port}"
    created = await server.create_game("river_plate", name=NAME)
    await server.host.order(server.host.rooms[created["game"]], "exeter", 1, {"ships": {}})
    await opened_once(context, f"{base}/umpire#token={created['umpire_token']}")
    page = await tab(context, f"{base}/umpire")
    line = page.locator(f'.your-game[data-game="{created["game"]}"]')
    await expect(line).to_contain_text("waiting for Admiral Graf Spee, Ajax, Achilles")
    said = " ".join((await line.inner_text()).split())
    assert said.startswith(f"{NAME} {TITLE} Umpire Turn 1 · 1A write moves")
    # The seats' own lists are not the umpire's.
    assert await (await tab(context, f"{base}/play")).locator(".your-game").count() == 0
    await page.click(f'[data-enter="{created["game"]}"]')
    await page.wait_for_selector('#connection[data-state="connected"]')
    await expect(page.locator("#game-title")).to_contain_text(NAME)
    await expect(page).to_have_title(f"fogbank · {NAME} · umpire")

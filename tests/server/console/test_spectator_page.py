"""The spectators' page says how many turns behind the game it is shown, as the umpire set it."""

from __future__ import annotations

from fogbank.clients import Client

from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect, open_page  # noqa: F401  (browser: a fixture)

pytestmark = needs(CHROMIUM)


async def test_a_spectator_is_told_how_many_turns_behind_it_watches(server, browser):  # noqa: F811
    created = await server.create_game("b11")
    errors: list[str] = []
    page = await open_page(browser, 1024, 768, errors)
    url = f"http://127.0.0.1:{server.port}/umpire#token={created['spectator_token']}"
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        for turns, words in ((3, "as a spectator, 3 turns behind"), (1, "as a spectator, 1 turn behind")):
            await umpire.spectate(turns)
            await page.goto("about:blank")
            await page.goto(url)
            await expect(page.locator("#game-title")).to_contain_text(words)
        await expect(page.locator("#game-title")).not_to_contain_text("some")
    assert not errors, errors

"""The spectators' page says how many turns behind the game it is shown, as the umpire set it;
once the game is over, spectators are shown how it ended, not a table turns behind it."""

from __future__ import annotations

from fogbank import protocols as wire
from fogbank.clients import Client
from fogbank.rules.core import UMPIRE
from fogbank.rules.core.plain import to_plain
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


async def test_a_spectator_watching_is_told_at_once_when_the_umpire_changes_the_delay(server, browser):  # noqa: F811
    created = await server.create_game("b11")
    errors: list[str] = []
    page = await open_page(browser, 1024, 768, errors)
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        await umpire.spectate(3)
        await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['spectator_token']}")
        await expect(page.locator("#game-title")).to_contain_text("as a spectator, 3 turns behind")
        await umpire.spectate(1)  # no reload: the page is let go and comes back to the new delay
        await expect(page.locator("#game-title")).to_contain_text("as a spectator, 1 turn behind")
        await expect(page.locator("#connection")).to_have_attribute("data-state", "connected")
    assert not [e for e in errors if "WebSocket" not in e], errors


async def test_spectators_see_how_the_game_ended_not_turns_behind_it(server):
    created = await server.create_game("b11")
    ws = f"ws://127.0.0.1:{server.port}/"
    room = server.host.rooms[created["game"]]
    async with await Client.connect(ws, created["umpire_token"]) as umpire:
        await umpire.spectate(2)
        async with await Client.connect(ws, created["spectator_token"]) as watching:
            for _ in range(3):
                await umpire.release()
            await umpire.end("The umpire calls it a day.", {"british": "draw"})
            last = None
            async for message in watching.stream():
                if isinstance(message, wire.GameOver):
                    break
                if isinstance(message, (wire.Observation, wire.Snapshot)):
                    last = message
            truth = to_plain(room.game.ruleset.observe(room.game.state, UMPIRE))
            assert last is not None and last.turn == room.game.state.turn == 4 and last.view == truth
        # One who comes to watch after the end is shown the end too.
        async with await Client.connect(ws, created["spectator_token"]) as late:
            first = await anext(m async for m in late.stream() if isinstance(m, (wire.Observation, wire.Snapshot)))
            assert first.turn == 4 and first.view == truth


async def test_the_spectators_page_after_the_end_shows_the_table_as_it_ended(server, browser):  # noqa: F811
    created = await server.create_game("b11")
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        await umpire.spectate(2)
        await umpire.release()
        await umpire.end("The umpire calls it a day.", {"british": "draw"})
    errors: list[str] = []
    page = await open_page(browser, 1024, 768, errors)
    await page.goto(f"http://127.0.0.1:{server.port}/umpire#token={created['spectator_token']}")
    await expect(page.locator("#game-title")).to_contain_text("as a spectator, the game as it ended")
    await expect(page.locator("#clock")).to_have_text("Game over after turn 1")  # turn 2 had only opened
    await expect(page.locator("#truth")).to_be_visible()
    assert not errors, errors

"""Sides are named by the titles their rulesets give them, never by their ids: the welcome carries
each side's title, and the debrief at the end of a game names every side's result by it."""

from __future__ import annotations

from fogbank.clients import Client
from fogbank.rules.core.ruleset import rulesets
from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect, open_page  # noqa: F401  (browser: a fixture)


def test_every_scenario_gives_every_side_a_title_of_its_own():
    for ruleset in rulesets().values():
        if not type(ruleset).__module__.startswith("fogbank."):
            continue  # the tests' toys: their titles are the default
        for scenario in ruleset.scenarios():
            kwargs = {"options": {}} if ruleset.options(scenario) else {}
            state = ruleset.new_game(scenario, bytes(32), **kwargs)
            titles = ruleset.side_titles(state)
            for seat in ruleset.seats(state):
                assert titles.get(seat.side), (scenario, seat.side)


async def test_the_welcome_names_each_side_by_its_title(server):
    created = await server.create_game("cape_esperance")
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["goto"]) as goto:
        assert goto.welcome.side_titles == {"us": "the United States", "japan": "Japan"}


@needs(CHROMIUM)
async def test_the_debrief_names_every_side_by_its_title(server, browser):
    created = await server.create_game("cape_esperance")
    url = f"http://127.0.0.1:{server.port}"
    errors: list[str] = []
    seat, console = await open_page(browser, 1024, 768, errors), await open_page(browser, 1440, 900, errors)
    await seat.goto(f"{url}/play#token={created['seats']['goto']}")
    await seat.wait_for_selector('#connection[data-state="connected"]')
    await console.goto(f"{url}/umpire#token={created['umpire_token']}")
    await console.wait_for_selector("#chart .counter")
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        await umpire.end("The umpire calls the night.", {"us": "defeat", "japan": "victory"})
    await expect(seat.locator("#my-result")).to_have_text("victory (the United States: defeat; Japan: victory)")
    await expect(console.locator("#result")).to_contain_text("Game over: the United States: defeat; Japan: victory.")
    assert not errors, errors


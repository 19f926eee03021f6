"""The seat page's tests open it on the same embedded server as the console's (a known seed)."""

import asyncio

import pytest

from ..chromium import browser, open_page  # noqa: F401  (browser: a fixture)
from ..console.conftest import SEED, server  # noqa: F401  (server: a fixture)


@pytest.fixture
async def page(browser):  # noqa: F811
    """One seat's page at 1024x768 (the smallest screen it is made for); any error it logs fails the test."""
    errors: list[str] = []
    yield await open_page(browser, 1024, 768, errors)
    assert not errors, errors


async def released_to_turn(server, umpire, turn: int) -> None:  # noqa: F811
    """The umpire releases phases (each seat under its standing order) until `turn` opens. The
    host's background work (seats passed over in a phase that opened) is done before each look:
    else passes that finish between a look and the next release let that release release the new
    turn's first phase too."""
    while True:
        while server.host._tasks:
            await asyncio.gather(*list(server.host._tasks), return_exceptions=True)
        if (await umpire.games()).games[0]["turn"] >= turn:
            return
        await umpire.release()

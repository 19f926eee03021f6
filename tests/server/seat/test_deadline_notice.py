"""The umpire's change to the open phase's deadline is said on the seat's page, not only counted
down: a deadline set, then put later."""

from __future__ import annotations

from fogbank import protocols as wire
from tests.conftest import needs
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from ..chromium import CHROMIUM, expect
from ..test_club import ask
from ..test_end_to_end import open_peer

pytestmark = needs(CHROMIUM)


async def test_a_deadline_set_and_put_later_is_told_on_the_page(server, page):
    created = await server.create_game("picket")
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['blue1']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    umpire = await open_peer(server, created["umpire_token"])
    await ask(umpire, lambda ref: wire.SetDeadlines(ref=ref, every=3600, phases={}))
    await expect(page.locator("#notice")).to_contain_text("The umpire set a deadline: orders due ")
    await expect(page.locator("#deadline")).to_contain_text(" left")
    await ask(umpire, lambda ref: wire.Extend(ref=ref, seconds=86400))
    await expect(page.locator("#notice")).to_contain_text("The umpire put the deadline later: orders due ")
    await expect(page.locator("#notice")).to_contain_text("(1 d ")

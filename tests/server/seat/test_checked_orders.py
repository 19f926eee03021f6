"""The seat page checks each draft order with the server as the player writes it (`check`), and
shows every refusal the rules would give at once, in words; a refused re-send says which order
stands. In the toy ruleset Picket, whose pad is the shell's JSON pad."""

from __future__ import annotations

from fogbank.rules.core import Refused
from tests.conftest import needs
from tests.rules.toy import picket

from ..chromium import CHROMIUM, expect
from .test_two_sides import blue1_and_red1, pages  # noqa: F401  (pages: a fixture)

pytestmark = needs(CHROMIUM)


async def test_the_draft_is_checked_as_it_is_written_and_a_refused_resend_says_which_order_stands(server, pages):  # noqa: F811
    created, blue, _ = await blue1_and_red1(server, pages, "picket")
    page = blue.page
    checked = page.locator("#checked")

    await page.fill("#order-json", '{"move": 5}')
    await expect(checked).to_have_attribute("data-state", "refused")
    await expect(checked.locator("li")).to_have_text(["A ship moves at most 2 areas a turn."])
    await expect(checked).not_to_contain_text("too_far")  # words, not codes
    await page.fill("#order-json", '{"move": 2}')
    await expect(checked).to_have_attribute("data-state", "taken")
    await expect(checked).to_have_text("The rules take these orders as they stand.")
    await page.fill("#order-json", '{"move": 2')
    await expect(checked.locator("li")).to_have_text(["Your order is not valid JSON."])
    assert (await blue.served()).count('"type":"checked"') >= 2  # the rules' answers came from the server

    # Sent, then a re-send the rules refuse: the page says the order sent before stands, in words.
    await page.fill("#order-json", '{"move": 2}')
    await page.click("#send-order")
    await expect(page.locator("#duty")).to_have_text("Orders in · waiting for the turn")
    await expect(checked).to_have_text("These are the orders you sent.")
    await page.fill("#order-json", '{"move": -7}')
    await expect(page.locator("#draft-note")).to_have_text("Not sent yet: the order you sent before stands until you send this one.")
    await page.click("#send-order")
    await expect(page.locator("#refusal")).to_contain_text("Not taken: A ship moves at most 2 areas a turn.")
    await expect(page.locator("#order-stands")).to_have_text("The order you sent before stands: move 2.")
    await expect(page.locator("#duty")).to_have_text("Your orders sent before stand · waiting for the turn")
    # A reload keeps it: the tab knows which order it sent.
    await page.reload()
    await page.wait_for_selector('#connection[data-state="connected"]')
    await page.click("#send-order")
    await expect(page.locator("#order-stands")).to_have_text("The order you sent before stands: move 2.")


async def test_every_refusal_the_ruleset_lists_is_shown_at_once(server, pages, monkeypatch):  # noqa: F811
    def every_rule_broken(self, state, seat, order):
        if abs(order.get("move", 0)) <= 2:
            return ()
        return (Refused("too_far", "A ship moves at most 2 areas a turn."), Refused("aground", "She would run aground."))

    monkeypatch.setattr(picket.Picket, "order_refusals", every_rule_broken, raising=False)
    _, blue, _ = await blue1_and_red1(server, pages, "picket")
    await blue.page.fill("#order-json", '{"move": 9}')
    checked = blue.page.locator("#checked")
    await expect(checked.locator("li")).to_have_text(["A ship moves at most 2 areas a turn.", "She would run aground."])
    await expect(checked).to_contain_text("The rules would refuse this, on 2 counts:")

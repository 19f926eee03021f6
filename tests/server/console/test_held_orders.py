"""The umpire's view of a Dardanelles order in Chromium: a two-leg order as the player gave it
(held orders, record sheet, game log, the amendment's words and its pad), still there when the page
is opened afresh during the hold; and an override of a surfaced boat's battery that the hour's charge would undo."""

from __future__ import annotations

from fogbank import protocols as wire
from fogbank.clients import Client
from tests.conftest import needs

from .test_console import ARTIFACTS, CHROMIUM, browser, expect, page  # noqa: F401  (fixtures)
from .test_umpire_hand import open_console

pytestmark = needs(CHROMIUM)
TWO_LEGS = {"legs": [{"course": "E", "speed": 1}, {"course": "NE", "speed": 2}], "level": "surface",
            "fire": None, "fix": False}  # fmt: skip
WORDS = "E 1 then NE 2, surface"


async def pad_order(page) -> list[str]:
    """The amendment pad's legs and level, as the umpire reads them off it."""
    fields = page.locator("#amend-fields")
    return [
        await fields.locator('.rose button[aria-pressed="true"]').get_attribute("data-course"),
        await fields.locator("#order-speed").input_value(),
        await fields.locator("#order-course2").input_value(),
        await fields.locator("#order-speed2").input_value(),
        await fields.locator('input[name="level"]:checked').get_attribute("value"),
    ]


async def test_a_held_two_leg_order_is_shown_whole_after_a_fresh_page_load(server, page):
    created = await server.create_game("b11")
    await open_console(server, page, created)
    await page.check("#hold")
    await page.wait_for_selector("#games .game-head:has-text('held')")
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["submarine"]) as sub:
        await sub.submit(TWO_LEGS)
        await expect(page.locator('#orders-in li[data-seat="submarine"]')).to_contain_text(WORDS)

        # The umpire opens the console afresh while the turn is held: no update has come since.
        for _attempt in range(3):  # the race was in the page's loading: try it more than once
            await page.reload()
            await page.wait_for_selector('#connection[data-state="connected"]')
            held = page.locator('#orders-in li[data-seat="submarine"]')
            await expect(held).to_contain_text(WORDS)
            await expect(page.locator("#orders-in")).to_contain_text("held for you")
            current = page.locator("#pane-sheet .sheet tbody tr.current")
            await expect(current).to_contain_text("held for release")
            await expect(current.locator('[data-column="order-submarine"]')).to_have_text(WORDS)
            # The amendment's pad starts from what the player ordered this turn, both legs of it.
            await expect(page.locator("#amend-given")).to_have_text(f"The submarine's captain's order as given: {WORDS}.")
            await page.click("#amend-fill")
            assert await pad_order(page) == ["E", "1", "NE", "2", "surface"]
        ARTIFACTS.mkdir(exist_ok=True)
        await page.screenshot(path=str(ARTIFACTS / "umpire-held-after-reload.png"), full_page=True)

        # The umpire amends it to another two-leg order on that pad: its words, and the log's, give both legs.
        fields = page.locator("#amend-fields")
        await fields.locator('.rose button[data-course="N"]').click()
        await fields.locator("#order-speed").fill("1")
        await fields.locator("#order-course2").select_option("NW")
        await fields.locator("#order-speed2").fill("1")
        await expect(page.locator("#amend-checked")).to_have_text("The rules take this order as it stands.")
        await page.fill("#amend-reason", "The bank off Kephez")
        await page.click("#amend-send")
        amended = {"legs": [{"course": "N", "speed": 1}, {"course": "NW", "speed": 1}], "level": "surface"}
        async for message in sub.stream():
            if isinstance(message, wire.AmendedMessage):
                assert message.order == amended
                break
        await expect(page.locator('#orders-in li[data-seat="submarine"]')).to_contain_text("N 1 then NW 1, surface")
        await page.click('[role=tab][data-pane="log"]')
        log = page.locator("#pane-log")
        await expect(log).to_contain_text(f"Order from the submarine's captain: {WORDS}")
        await expect(log).to_contain_text("amends the submarine's captain's order to N 1 then NW 1, surface")
        await page.click("#release")
        await page.click('[role=tab][data-pane="sheet"]')
        resolved = page.locator('#pane-sheet .sheet tbody tr.resolved[data-turn="1"]')
        await expect(resolved.locator('[data-column="order-submarine"]')).to_have_text("N 1 then NW 1, surface")


async def test_an_override_of_a_surfaced_boats_battery_says_the_charge_will_add_to_it(server, page):
    created = await server.create_game("b11")
    await open_console(server, page, created)
    await page.select_option("#override-kind", "set_battery")
    note = page.locator("#override-charge")
    await expect(note).to_be_visible()
    await expect(note).to_contain_text("the charge adds 6 battery")
    await page.fill("#override-value", "10")
    await page.fill("#override-reason", "A cell cracked")
    await page.click("#override-apply")
    await page.click('[role=tab][data-pane="log"]')
    await expect(page.locator("#pane-log")).to_contain_text("if she ends the hour there the charge adds 6 battery")
    await page.select_option("#override-kind", "set_level")
    await expect(note).to_be_hidden()

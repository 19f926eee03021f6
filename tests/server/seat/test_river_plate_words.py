"""River Plate's seat page in words, not codes: the contacts table names the ships that see a
contact by their titles from the first view (it said "graf_spee" until the table was drawn)."""

from __future__ import annotations

from tests.conftest import needs

from ..chromium import CHROMIUM, expect

pytestmark = needs(CHROMIUM)


async def test_the_contacts_say_which_ships_see_them_by_name(server, page):
    created = await server.create_game("river_plate", {"seats": "side"})
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['graf_spee']}")
    await expect(page.locator("#contacts tbody tr")).to_have_count(3)
    await expect(page.locator("#contacts tbody")).to_contain_text("Admiral Graf Spee")
    await expect(page.locator("#contacts tbody")).not_to_contain_text("graf_spee")
    label = await page.locator('svg#chart .contact[data-ship="ajax"]').first.text_content()
    assert label is not None and "graf_spee" not in label

"""River Plate's seat page as a new player meets it: the contacts table names the ships that see a
contact by their titles from the first view (it said "graf_spee" until the table was drawn), and
the briefing (the mission, how you play, what sinks you) is open before the first move, and the
debrief names every side and ship in words, opening on the truth as the action ended."""

from __future__ import annotations

import re

from fogbank.clients import Client

from tests.conftest import needs

from ..noninterference import settled
from ..chromium import CHROMIUM, expect

pytestmark = needs(CHROMIUM)


async def test_the_contacts_say_which_ships_see_them_by_name(server, page):
    created = await server.create_game("river_plate", {"seats": "side"})
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['graf_spee']}")
    await expect(page.locator("#contacts tbody tr")).to_have_count(3)
    await expect(page.locator("#contacts tbody")).to_contain_text("Admiral Graf Spee")
    await expect(page.locator("#contacts tbody")).not_to_contain_text("graf_spee")
    # What sinks her, on her card: her points, or three quarters of them in one turn (5.9).
    await expect(page.locator('.ship-card[data-ship="graf_spee"] .sinks')).to_have_text("sinks at 2370, or 1778 taken in one turn")
    label = await page.locator('svg#chart .contact[data-ship="ajax"]').first.text_content()
    assert label is not None and "graf_spee" not in label


async def test_the_briefing_is_open_before_the_first_move_and_folded_after(server, page):
    created = await server.create_game("river_plate", {"seats": "side"})
    url = f"http://127.0.0.1:{server.port}/play#token={created['seats']['british']}"
    await page.goto(url)
    await page.wait_for_selector('#connection[data-state="connected"]')
    briefing = page.locator("#briefing")
    await expect(briefing).to_be_visible()
    await expect(briefing).to_contain_text("What sinks you")
    await page.click("#send-order")  # the printed first moves
    await expect(page.locator("#duty")).to_contain_text("Orders in")
    await page.goto("about:blank")
    await page.goto(url)
    await page.wait_for_selector('#connection[data-state="connected"]')
    await expect(briefing).to_be_hidden()  # folded once the first orders are in


async def test_the_debriefs_truth_names_the_ships_in_every_order(server, page):
    created = await server.create_game("river_plate", {"seats": "side"})
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['british']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        while (await umpire.games()).games[0]["turn"] < 2:
            await umpire.release()
            await settled(server.host)  # the seats passed over after it, before the game is read again
        await umpire.end("The umpire breaks off the action.", {"german": "draw", "british": "draw"})
    await expect(page.locator("#my-result")).to_have_text("draw (Kriegsmarine: draw; Royal Navy, Force G: draw)")
    # The truth opens as the action ended, the enemy's true damage shown; then back to the start.
    await expect(page.locator("#replay-where")).to_have_text(re.compile(r"\((\d+) of \1\)$"))
    await page.focus("#replay-at")
    await page.keyboard.press("Home")
    await expect(page.locator("#replay-where")).to_contain_text("Turn 1 · 1A write moves (1 of")
    # The ships' names on the truth's table cover none of each other (Ajax and Achilles in line ahead).
    overlaps = await page.evaluate("""() => {
        const boxes = [...document.querySelectorAll('#replay-truth svg.table g.ship text')].map((t) => t.getBBox());
        return boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) =>
            a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)).length;
    }""")
    assert await page.locator("#replay-truth svg.table g.ship text").count() == 4
    assert overlaps == 0
    orders = page.locator("#replay-orders")
    await expect(orders).to_contain_text("Admiral Graf Spee: A13")
    await expect(orders).to_contain_text("Exeter: A10 L6")
    await expect(orders).not_to_contain_text("graf_spee")
    await expect(orders).not_to_contain_text("exeter:")
    await expect(orders).not_to_contain_text("Admiral Graf Spee: Admiral Graf Spee")  # a one-ship seat named once


async def test_the_question_form_leaves_out_the_ships_seen_to_sink(server, page):
    """A roster question about a ship the seat saw go down only gets "sunk" back: the form lists
    the ships still afloat as far as the seat knows (its own sunk ones too are left out)."""
    created = await server.create_game("river_plate")
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['graf_spee']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    listed = await page.evaluate("""async () => {
        const module = await import('/play/rulesets/supremacy/module.js');
        const seen = (reports) => ({ turn: 2, ships: [{ name: "graf_spee", title: "Admiral Graf Spee", sunk: false }],
            contacts: [{ ship: "exeter", title: "Exeter", side: "british", course: 0, sightings: [] },
                       { ship: "ajax", title: "Ajax", side: "british", course: 0, sightings: [] }], reports });
        const form = module.question({ view: () => seen([]) });
        const names = () => [...form.fields.querySelectorAll("#ask-ship option")].map((o) => o.textContent);
        module.contacts(seen([]));
        const before = names();
        module.contacts(seen([{ turn: 2, kind: "sunk", ship: "exeter", text: "Exeter sinks." }]));
        return [before, names()];
    }""")
    before, after = listed
    assert {"Exeter", "Ajax", "Admiral Graf Spee"} <= set(before)
    assert "Exeter" not in after and {"Ajax", "Admiral Graf Spee"} <= set(after)

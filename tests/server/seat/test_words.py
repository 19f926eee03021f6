"""What a player reads is words, never codes or JSON: the umpire's narrative and ruling, an
amendment, a standing order used, a question and its answer, each in the seat's messages and in
its debrief record (the umpire's narrations in his own words); phases by name. In the toy
ruleset Picket, which has no seat module: the shell's own words."""

from __future__ import annotations

from fogbank.clients import Client

from tests.conftest import needs

from ..chromium import CHROMIUM, expect
from .test_two_sides import blue1_and_red1, pages  # noqa: F401  (pages: a fixture)

pytestmark = needs(CHROMIUM)
BARE = {"narrative", "amended", "standing order", "answer", "game ended", "override"}


def coded(line: str) -> bool:
    """A line that is a bare kind, or holds a code or JSON."""
    return line.strip(" .").lower().replace("_", " ") in BARE or "_" in line or '{"' in line


async def test_the_umpires_words_and_the_rules_answers_are_read_as_words_and_kept_in_the_debrief(server, pages):  # noqa: F811
    created, blue, _ = await blue1_and_red1(server, pages, "picket")
    page = blue.page
    ws = f"ws://127.0.0.1:{server.port}/"
    seats = created["seats"]
    async with await Client.connect(ws, created["umpire_token"]) as umpire:
        await umpire.narrate("blue1", "Smoke to the north.")
        await umpire.override({"unit": "red2", "area": 5}, "A test: red2 closes on blue1.")
        await umpire.amend("blue1", {"move": 1}, "Engine trouble.")
        async with await Client.connect(ws, seats["blue2"]) as blue2, await Client.connect(ws, seats["red1"]) as red1, \
                await Client.connect(ws, seats["red2"]) as red2:  # fmt: skip
            for captain in (blue2, red1, red2):
                await captain.submit({"move": 0}, 1)
        await expect(page.locator("#clock")).to_have_text("Turn 1 · fire")
        await page.fill("#question-json", '{"track": 1}')
        await page.click("#send-question")
        await expect(page.locator("#messages li.answer")).to_contain_text("track 1: damaged")
        await umpire.release()  # blue1 had given no fire order: it is told its standing order stood
        await expect(page.locator("#messages li")).to_have_count(4)
        messages = await page.locator("#messages li").all_inner_texts()
        assert not [m for m in messages if coded(m)], messages
        await umpire.end("Time is up.", {"blue": "draw", "red": "draw"})

    await expect(page.locator("#debrief")).to_be_visible()
    record = page.locator("#own-record td:nth-child(2)")
    await expect(record.first).to_be_visible()
    rows = await record.all_inner_texts()
    assert "The umpire: Smoke to the north." in rows
    assert "The umpire amended your order: Engine trouble. You sailed under: move 1." in rows
    assert "You asked the rules: track 1" in rows
    assert any(row.startswith("The rules' answer: track 1: damaged") for row in rows)
    assert any(row.startswith("Standing order: ") and "standing order" in row for row in rows)  # the rules' words, not his
    assert "The game ended: Time is up." in rows
    assert not [row for row in rows if coded(row)], rows
    await expect(page.locator("#replay-where")).not_to_contain_text("_")

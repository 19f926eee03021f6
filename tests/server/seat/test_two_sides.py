"""The seat page, generic, in a two-sided game: the toy ruleset Picket has no seat module, so the
shell's defaults play it (the view as data, the order as JSON). Two captains of opposite sides in
two Chromium pages, their consorts on the wire: orders, a refusal, talk to the own side, and the
debrief. Nothing served to a page, over HTTP or the websocket, holds the other side's data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fogbank import protocols as wire
from fogbank.clients import Client
from tests.conftest import needs
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from ..chromium import CHROMIUM, browser, expect, open_page  # noqa: F401  (browser: a fixture)

ARTIFACTS = Path(__file__).parent / "artifacts"
BLUE_WORDS = "Blue only: we turn north at dawn."
RED_WORDS = "Red only: torpedoes ready, hold fire."

pytestmark = needs(CHROMIUM)


class Seat:
    """A seat's page, and everything served to it: HTTP bodies and websocket frames."""

    def __init__(self, page):
        self.page = page
        self.frames: list[str] = []
        self.bodies: list[str] = []
        page.on("websocket", lambda socket: socket.on("framereceived", lambda frame: self.frames.append(frame)))
        page.on("response", self.keep)

    async def keep(self, response) -> None:
        """A response's body, read as it comes (a reload makes the old ones unreadable)."""
        self.bodies.append(f"{response.url} {response.status}\n{await response.text()}")

    async def served(self) -> str:
        return "\n".join(self.bodies + [f if isinstance(f, str) else f.decode() for f in self.frames])

    def messages(self) -> list[dict]:
        return [json.loads(frame) for frame in self.frames]


async def send_json_order(page, order: str) -> None:
    await page.fill("#order-json", order)
    await page.click("#send-order")


@pytest.fixture
async def pages(browser):
    errors: list[str] = []
    yield [await open_page(browser, 1024, 768, errors) for _ in range(2)]
    assert not errors, errors


async def blue1_and_red1(server, pages, scenario: str):
    """A new game of `scenario`, blue1 and red1 each in a page, connected: (created, blue, red)."""
    created = await server.create_game(scenario)
    tokens = created["seats"]
    url = f"http://127.0.0.1:{server.port}"
    blue, red = Seat(pages[0]), Seat(pages[1])
    await blue.page.goto(f"{url}/play#token={tokens['blue1']}")
    await red.page.goto(f"{url}/play#token={tokens['red1']}")
    for seat in (blue, red):
        await seat.page.wait_for_selector('#connection[data-state="connected"]')
    return created, blue, red


async def test_two_captains_of_two_sides_play_talk_and_are_debriefed(server, pages):
    created, blue, red = await blue1_and_red1(server, pages, "picket")
    tokens = created["seats"]
    for seat in (blue, red):
        await expect(seat.page.locator("#duty")).to_have_text("Your orders are due")
        await expect(seat.page.locator("#clock")).to_have_text("Turn 1 · move")
        await expect(seat.page.locator("#no-map pre")).to_contain_text('"area"')  # no module: the view as data

    ws = f"ws://127.0.0.1:{server.port}/"
    async with await Client.connect(ws, tokens["blue2"]) as blue2, await Client.connect(ws, tokens["red2"]) as red2:
        # A refused order, in the server's words; then a good one.
        await send_json_order(blue.page, '{"move": 5}')
        await expect(blue.page.locator("#refusal")).to_contain_text("A ship moves at most 2 areas a turn.")
        await expect(blue.page.locator("#refusal")).to_have_attribute("data-code", "too_far")
        await expect(blue.page.locator("#refusal")).not_to_contain_text("too_far")  # words, not codes
        await send_json_order(blue.page, '{"move": 2}')
        await expect(blue.page.locator("#duty")).to_have_text("Orders in · waiting for the turn")
        await expect(blue.page.locator("#refusal")).to_be_hidden()
        # Reloaded, the page still knows its order is in (the welcome says so), and keeps the draft.
        await blue.page.reload()
        await blue.page.wait_for_selector('#connection[data-state="connected"]')
        await expect(blue.page.locator("#duty")).to_have_text("Orders in · waiting for the turn")
        assert await blue.page.input_value("#order-json") == '{"move":2}'

        # Talk: each side hears its own, never the other's.
        await blue.page.fill("#talk-text", BLUE_WORDS)
        await blue.page.press("#talk-text", "Enter")
        await red.page.fill("#talk-text", RED_WORDS)
        await red.page.click("#send-talk")
        await expect(blue.page.locator("#messages li.talk")).to_have_text(f"T1You{BLUE_WORDS}")
        await expect(red.page.locator("#messages li.talk")).to_have_text(f"T1You{RED_WORDS}")
        heard = await anext(m async for m in blue2.stream() if isinstance(m, wire.TalkMessage))
        assert (heard.seat, heard.text) == ("blue1", BLUE_WORDS)

        # A question to the rules, as JSON (Picket has no seat module): refused in the rules' words.
        await blue.page.fill("#question-json", '{"track": 9}')
        await blue.page.click("#send-question")
        await expect(blue.page.locator("#question-refusal")).to_contain_text("There is no such track on your plot.")
        await expect(blue.page.locator("#question-refusal")).to_have_attribute("data-code", "unknown_track")

        # Every move in (the umpire has put red2 close to blue1): the fire phase opens for all.
        async with await Client.connect(ws, created["umpire_token"]) as umpire:
            await umpire.override({"unit": "red2", "area": 5}, "A test: red2 closes on blue1.")
        await send_json_order(red.page, '{"move": -2}')
        await blue2.submit({"move": 0}, 1)
        await red2.submit({"move": 0}, 1)
        for seat in (blue, red):
            await expect(seat.page.locator("#clock")).to_have_text("Turn 1 · fire")
            await expect(seat.page.locator("#duty")).to_have_text("Your orders are due")

        # blue1 sighted red2: a question about its track, and the rules' answer in the messages.
        await expect(blue.page.locator("#no-map pre")).to_contain_text('"identity": "red2"')
        await blue.page.fill("#question-json", '{"track": 1}')
        await blue.page.click("#send-question")
        await expect(blue.page.locator("#messages li.answer")).to_contain_text("track 1: damaged")
        await expect(blue.page.locator("#question-refusal")).to_be_hidden()
        ARTIFACTS.mkdir(exist_ok=True)
        await blue.page.screenshot(path=str(ARTIFACTS / "seat-generic-1024.png"), full_page=True)

        # The umpire ends the game: each page turns to its debrief.
        async with await Client.connect(ws, created["umpire_token"]) as umpire:
            await umpire.end("Time is up.", {"blue": "draw", "red": "draw"})
        for seat in (blue, red):
            page = seat.page
            await expect(page.locator("#debrief")).to_be_visible()
            await expect(page.locator("#my-result")).to_have_text("draw (Blue: draw; Red: draw)")
            await page.wait_for_selector("#result .check.ok")
            await expect(page.locator("#own-record")).to_contain_text("You ordered:")
            await expect(page.locator("#replay-where")).to_contain_text("Turn 1 · move (1 of 1)")
            await expect(page.locator("#replay-truth")).to_contain_text('"units"')  # the truth, unsealed at the end
        await expect(blue.page.locator("#replay-events")).to_contain_text(f"blue1: {BLUE_WORDS}")
        await expect(blue.page.locator("#replay-events")).to_contain_text(f"red1: {RED_WORDS}")
        await blue.page.screenshot(path=str(ARTIFACTS / "seat-generic-debrief.png"), full_page=True)

    # Before the end, nothing served to one side held the other's words, tokens or the truth.
    for seat, _other, words in ((blue, red, RED_WORDS), (red, blue, BLUE_WORDS)):
        before_end = []
        for message in seat.messages():
            if message["type"] == "game_over":
                break
            before_end.append(json.dumps(message))
        sent = "\n".join(before_end)
        assert words not in sent and '"units"' not in sent and '"history"' not in sent
        served = await seat.served()
        assert "/play/app.js 200" in served and "/play/rulesets/picket/module.js 200" in served
        others = [token for name, token in tokens.items() if name != ("blue1" if seat is blue else "red1")]
        assert not any(token in served for token in [*others, created["umpire_token"], created["spectator_token"]])
    assert BLUE_WORDS in "\n".join(json.dumps(m) for m in blue.messages())


PRIVATE_WORDS = "Bravo alone: follow me through the gap."


async def test_a_captain_talks_privately_to_one_consort_and_the_third_hears_nothing(server, pages):
    created, blue, red = await blue1_and_red1(server, pages, "squadron")
    tokens = created["seats"]
    # The "to" choice offers the whole side, or one captain of it: never an enemy.
    await expect(blue.page.locator("#talk-to option")).to_have_text(["your side", "HMS Bravo only", "HMS Charlie only"])
    await expect(red.page.locator("#talk-to option")).to_have_text(["your side", "SMS Dora only"])

    ws = f"ws://127.0.0.1:{server.port}/"
    async with await Client.connect(ws, tokens["blue2"]) as blue2, await Client.connect(ws, tokens["blue3"]) as blue3:
        await blue.page.select_option("#talk-to", "blue2")
        await expect(blue.page.locator("#talk-audience")).to_have_text("heard by HMS Bravo alone (and the umpire)")
        await blue.page.fill("#talk-text", PRIVATE_WORDS)
        await blue.page.click("#send-talk")
        await expect(blue.page.locator("#messages li.talk.private")).to_have_text(
            f"T1You → HMS Bravo (private){PRIVATE_WORDS}"
        )
        heard = await anext(m async for m in blue2.stream() if isinstance(m, wire.TalkMessage))
        assert (heard.seat, heard.to, heard.text) == ("blue1", "blue2", PRIVATE_WORDS)
        # Then to the whole side: blue3's first talk is this one, not the private word.
        await blue.page.select_option("#talk-to", "")
        await blue.page.fill("#talk-text", BLUE_WORDS)
        await blue.page.click("#send-talk")
        open_word = await anext(m async for m in blue3.stream() if isinstance(m, wire.TalkMessage))
        assert (open_word.seat, open_word.to, open_word.text) == ("blue1", None, BLUE_WORDS)
        ARTIFACTS.mkdir(exist_ok=True)
        await blue.page.screenshot(path=str(ARTIFACTS / "seat-private-talk.png"), full_page=True)
    assert PRIVATE_WORDS not in "\n".join(json.dumps(m) for m in red.messages())

"""The submarine's order pad in the browser warns as the order is written, in the rules' words
(periscope or surface in the defended reach, a course across the rows intelligence calls mined),
offers the last hour's drift for the plot with one button, and stops AE2's countdown once the
crew saw the battleship sink in time. Real headless Chromium against an embedded server."""

from __future__ import annotations

from pathlib import Path

import pytest

from fogbank.clients import Client
from fogbank.server import filter as seen_by
from tests.conftest import needs
from tests.rules.dardanelles.parity import cases
from tests.server.chromium import CHROMIUM, browser, expect, open_page  # noqa: F401  (browser: a fixture)
from tests.server.console.conftest import server  # noqa: F401  (server: a fixture)

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


@pytest.fixture(params=[(1440, 900), (390, 844)], ids=["1440", "390x844"])
async def page(browser, request):  # noqa: F811
    errors: list[str] = []
    page = await open_page(browser, *request.param, errors)
    page.size = request.param
    yield page
    assert not errors, errors


async def open_seat(server, page, scenario):  # noqa: F811
    created = await server.create_game(scenario)
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['submarine']}")
    await page.wait_for_selector('#connection[data-state="connected"]')
    return created, server.host.rooms[created["game"]]


async def test_the_pad_gives_the_risk_in_the_rules_words_and_offers_the_drift(server, page):  # noqa: F811
    created, room = await open_seat(server, page, "b11")
    briefing = server.host.welcome(room, "submarine").briefing
    risks = {risk["reach"]: risk for risk in briefing["risks"]}
    defended, mined = risks["defended"], risks["mined"]
    # Another desk of the captain's plots the boat by hand up at L11, in the Kephez reach, for the
    # first hour; the page then writes the second, at 0500, still dark.
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["submarine"]) as desk:
        await desk.next_observation()
        await desk.submit({"course": "N", "speed": 0, "level": "surface", "plot": "L11"}, 1)
        await desk.next_observation()
    await expect(page.locator("#gauge-plotted")).to_have_text("L11")
    view = seen_by.view(room.game, "submarine")
    assert view["night"] and view["drift"]["course"]

    risk = page.locator("#order-risk")
    await page.click('.rose button[data-course="N"]')
    await page.fill("#order-speed", "0")
    await page.check('input[data-level="bottom"]')
    await expect(risk).to_be_hidden()  # on the bottom the shore cannot see her
    await page.check('input[data-level="periscope"]')
    await expect(risk).to_have_text(defended["night"]["periscope"])
    await page.check('input[data-level="submerged"]')
    await page.click('.rose button[data-course="NE"]')
    await page.fill("#order-speed", "1")  # into M12, a row intelligence calls mined
    await expect(risk).to_have_text(mined["night"]["submerged"])

    # The drift: the rules reckon it from the plot and the chart's stream; one button adds it.
    drift = page.locator("#order-drift")
    await expect(drift).to_contain_text(f"set her {view['drift']['course']}, to {view['drift']['square']}")
    await page.screenshot(path=str(_shot(f"seat-pad-risk-{page.size[0]}.png")), full_page=True)
    await drift.click()
    await expect(drift).to_be_hidden()
    await expect(page.locator("#order-plot")).to_contain_text(view["drift"]["square"])
    await page.click("#send-order")
    await expect(page.locator("#clock")).to_have_text("Turn 3 · orders")
    assert seen_by.view(room.game, "submarine")["track"][-2] == view["drift"]["square"]  # the crew's word
    await expect(page.locator("#order-plot")).to_be_hidden()  # a new hour: the plot is reckoned again


async def test_the_countdown_stops_once_the_battleship_is_seen_to_sink(server, page):  # noqa: F811
    created, room = await open_seat(server, page, "marmara")
    await expect(page.locator("#gauge-deadline")).to_contain_text("20 h left")
    url = f"ws://127.0.0.1:{server.port}/"
    async with await Client.connect(url, created["umpire_token"]) as umpire, \
            await Client.connect(url, created["seats"]["submarine"]) as desk:
        for _ in range(12):
            truth = seen_by.view(room.game, "umpire")
            target = next(v for v in truth["vessels"] if v["type"] == "battleship")
            if target["sunk"]:
                break
            # The umpire puts the boat in her square each hour (the stream sets her off it by the
            # end of the hour); the crew looks, and fires when she was seen: at range 0 any
            # direction is on her line.
            await umpire.override({"kind": "move_boat", "square": target["square"]}, "The test puts her.")
            view = seen_by.view(room.game, "submarine")
            seen = [c for c in view["contacts"]
                    if c.get("silhouette") == "battleship" and c["distance"] is not None]
            order = {"course": "N", "speed": 0, "level": "periscope"}
            if seen and view["loaded"]:
                order["fire"] = {"target": seen[-1]["number"], "direction": "N", "torpedoes": view["loaded"]}
            await desk.submit(order, view["turn"])
        assert seen_by.view(room.game, "submarine", whole=True)["targets_sunk"]
    await expect(page.locator("#gauge-deadline")).to_have_text("sunk in time: the hour no longer matters")
    await page.screenshot(path=str(_shot(f"seat-countdown-{page.size[0]}.png")), full_page=True)


def _shot(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name


async def test_the_page_s_cost_agrees_with_the_rules_over_a_thousand_orders(server, page):  # noqa: F811
    """The seat page previews an order's cost from the limits the briefing carries for the level
    the view says the boat is at (pad.js `limitsAt` and `preview`): over 1,200 random orders from
    random boats, it marks an order over them exactly when the rules' check_order refuses it for
    its cost, and charges the battery battery_cost does."""
    _, room = await open_seat(server, page, "b11")
    briefing = server.host.welcome(room, "submarine").briefing  # as the page's welcome carried it
    drawn = cases(1200)
    shown = await page.evaluate(
        """async ([cases, welcome]) => {
            const pad = await import("/play/rulesets/dardanelles/pad.js");
            return cases.map((c) => {
                const p = pad.preview(pad.limitsAt({level: c.level}, welcome), c.order, c.battery);
                return [p.over, p.battery];
            });
        }""",
        [[{key: case[key] for key in ("level", "order", "battery")} for case in drawn], {"briefing": briefing}],
    )
    disagree = [(case, got) for case, got in zip(drawn, shown, strict=True)
                if got != [case["over"], case["cost"]]]
    assert not disagree, f"{len(disagree)} of {len(drawn)} differ, e.g. {disagree[0]}"

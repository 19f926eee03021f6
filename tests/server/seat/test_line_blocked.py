"""Salvo 12.41 on the pad: a target whose line of fire a ship beside the firer or the target
blocks is marked blocked as it is picked, before the order is sent, and why is said once, in the
rules' refusal of the draft (Dogger Bank, turn 1 gunfire: Beatty's Tiger moved into Lion's line,
beside Lion's target)."""

from __future__ import annotations

from pathlib import Path

from fogbank.clients import Client
from fogbank.protocols import messages as wire
from fogbank.rules.salvo import hexes

from tests.conftest import needs

from ..noninterference import settled
from ..chromium import CHROMIUM, expect

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)


async def gunfire_view(ws: str, token: str) -> dict:
    async with await Client.connect(ws, token) as seat:
        async for message in seat.stream():
            if isinstance(message, (wire.Snapshot, wire.Observation)):
                return message.view
    raise AssertionError("no view")


async def test_a_target_behind_a_ship_beside_it_is_warned_of_as_it_is_picked(server, page):
    created = await server.create_game("dogger_bank")
    ws = f"ws://127.0.0.1:{server.port}/"
    async with await Client.connect(ws, created["umpire_token"]) as umpire:
        while (await umpire.games()).games[0]["phase"] != "gunfire":
            await umpire.release()
            await settled(server.host)  # the seats passed over after it, before the game is read again
        view = await gunfire_view(ws, created["seats"]["beatty"])
        target = next(c for c in view["contacts"] if c["detected"])
        at = hexes.parse(target["hex"])
        # Lion three hexes off, Tiger between them and beside the target.
        await umpire.override({"kind": "move_unit", "unit": "BC1", "hex": hexes.number(at.step("E", 3))}, "A test.")
        await umpire.override({"kind": "move_unit", "unit": "BC2", "hex": hexes.number(at.step("E", 1))}, "A test.")
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['beatty']}")
    await page.wait_for_selector("#chart .counter")
    await expect(page.locator("#clock")).to_contain_text("gunfire")
    await page.click('.unit-pick[data-unit="BC1"]')
    await page.locator(f'#contacts tr[data-label="{target["label"]}"]').click()
    warning = page.locator('.salvo-pad [data-rule="12.41"]')
    await expect(warning).to_contain_text("line blocked (12.41)")
    # Why, and what the rule says, is the rules' own refusal of the draft, said there once.
    refusals = page.locator("#checked li")
    await expect(refusals).to_contain_text(["is blocked: a ship beside the firer or target (12.41)."])
    assert "beside the firer" not in await warning.inner_text()
    await page.locator(".salvo-pad").screenshot(path=str(ARTIFACTS / "salvo-line-blocked.png"))

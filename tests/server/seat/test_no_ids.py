"""No internal id reaches a person: in every ruleset, a game played a few phases by built-in
players, and then every page a person reads (a seat's, the umpire's console, the spectators')
is read as a person sees it: its text, its tooltips, the choices its lists offer. Seats, sides,
ships, fleets, zones and phases are named in words (titles, names, the ruleset's phase titles),
never by the ids the wire and the orders use ("graf_spee", "desdiv11", "sight first", "new-1")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fogbank.clients import Client
from fogbank.protocols.messages import StandIn
from tests.conftest import needs

from ..noninterference import settled
from ..chromium import CHROMIUM, expect, open_page
from .test_salvo_seat import click_hex

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = needs(CHROMIUM)

# What a person reads: the text shown (the map's own labels are hex numbers and counters, and
# left out), every tooltip of what is shown, and the choices of each list shown.
READ = """() => {
  const shown = (node) => Boolean(node?.checkVisibility());
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll("svg, script").forEach((node) => node.remove());
  copy.querySelectorAll("input, textarea").forEach((node) => node.remove());  // links and tokens typed in
  document.body.appendChild(copy);
  const text = copy.innerText;
  copy.remove();
  const all = (selector) => [...document.querySelectorAll(selector)];
  const tips = all("[title]").filter(shown).map((node) => node.getAttribute("title"));
  const svg = all("svg title").filter((node) => shown(node.closest("svg"))).map((node) => node.textContent);
  const options = all("select").filter(shown).flatMap((node) => [...node.options].map((o) => o.textContent));
  return [text, ...tips, ...svg, ...options].join("\\n");
}"""

SNAKE = r"\b[a-z]+_[a-z0-9_]+\b"  # any snake_case id: write_moves, graf_spee, west_central, de_robeck

# Per scenario: the phase the game is played to, the seat whose page is read, and the ids (as
# regular expressions, matched case and all) that must not be read on any page.
CASES = {
    "b11": dict(turn=3, phase="orders", seat="submarine", ids=[SNAKE, r"\bbritish\b"]),
    "cape_esperance": dict(turn=2, phase="gunfire", seat="scott", ids=[
        SNAKE, r"\bscott\b", r"\btobin\b", r"\bgoto\b", r"\bdesdiv11\b", r"\bus\b", r"\bjapan\b",
        r"\bdummy-", r"\bnew-\d",
        r"\bsight (first|second)\b", r"\bphase one\b"]),
    "gallipoli": dict(turn=1, phase="movement", seat="de_robeck", dummy=True, ids=[
        SNAKE, r"\bguepratte\b", r"\ballied\b", r"\bturkish\b", r"\bdummy-", r"\bnew-\d",
        r"\bsight (first|second)\b"]),
    "river_plate": dict(turn=2, phase="write_fire", seat="ajax", ids=[
        SNAKE, r"\bajax\b", r"\bachilles\b", r"\bexeter\b", r"\bgerman\b", r"\bbritish\b"]),
    "black_sea": dict(turn=3, phase="orders", seat="eberhardt", ids=[
        SNAKE, r"\bsouchon\b", r"\bottoman\b", r"\beberhardt\b", r"\bcentral\b(?! Black Sea)", r"\brussia\b",
        r"\bmittelmeer\b", r"\bzagraditel\b", r"\bbosporus\b", r"\bsevastopol\b", r"\bconstantinople\b"]),
}


async def played_to(server, created: dict, turn: int, phase: str) -> None:
    """Every seat handed to a built-in player, each phase held and released until `phase` of
    `turn` is open (and held there, its orders in)."""
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        await umpire.spectate(0)
        await umpire.hold(True)
        for seat in created["seats"]:
            await umpire._request(StandIn(ref=umpire._ref(), seat=seat, bot=True))
        while True:
            game = (await umpire.games()).games[0]
            if (game["turn"], game["phase"]) == (turn, phase):
                break
            if game["cycle"] == "ready":
                await umpire.release()
                await settled(server.host)  # the seats passed over after it, before the game is read again


def ids_read(text: str, ids: list[str]) -> list[str]:
    lines = text.splitlines()
    return sorted({line.strip()[:160] for line in lines for pattern in ids if re.search(pattern, line)})


@pytest.mark.parametrize("scenario", sorted(CASES))
async def test_every_page_names_things_in_words(server, browser, scenario):
    case = CASES[scenario]
    created = await server.create_game(scenario)
    await played_to(server, created, case["turn"], case["phase"])
    url = f"http://127.0.0.1:{server.port}"
    errors: list[str] = []
    seat = await open_page(browser, 1440, 900, errors)
    await seat.goto(f"{url}/play#token={created['seats'][case['seat']]}")
    await seat.wait_for_selector('#connection[data-state="connected"]')
    await expect(seat.locator("#clock")).to_contain_text(f"Turn {case['turn']}")
    if case.get("dummy"):  # a dummy placed on the pad, and picked: the pad names it in words
        await seat.wait_for_selector("#chart .counter.own")
        await seat.click("#dummy-new")
        await click_hex(seat, "1609")
        await expect(seat.locator("#plan")).to_contain_text("new dummy 1 at 1609")
    umpire = await open_page(browser, 1440, 900, errors)
    await umpire.goto(f"{url}/umpire#token={created['umpire_token']}")
    await umpire.wait_for_selector('#connection[data-state="connected"]')
    await expect(umpire.locator("#pane-sheet tr.resolved").first).to_be_attached()
    spectator = await open_page(browser, 1440, 900, errors)
    await spectator.goto(f"{url}/umpire#token={created['spectator_token']}")
    await spectator.wait_for_selector('#connection[data-state="connected"]')
    await expect(spectator.locator("#truth")).to_be_visible()

    found = {}
    for name, page in (("seat", seat), ("umpire", umpire), ("spectator", spectator)):
        await page.screenshot(path=str(ARTIFACTS / f"words-{scenario}-{name}.png"), full_page=True)
        read = ids_read(await page.evaluate(READ), case["ids"])
        if read:
            found[name] = read
    assert not found, found
    assert not errors, errors

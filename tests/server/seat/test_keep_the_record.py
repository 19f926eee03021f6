"""Keep the record (issue 37), in real headless Chromium: once a game is over a player downloads
the game's record from the debrief, and it is what `fogbank verify` checks: the command the
debrief gives, with the commitment the briefing showed at the start, passes on the file."""

from __future__ import annotations

import subprocess
import sys

from fogbank import protocols as wire
from fogbank.rules.dardanelles.bot import BotSubmarine
from fogbank.server import filter as seen_by
from tests.conftest import needs

from ..chromium import CHROMIUM, expect
from ..test_club import ask
from ..test_end_to_end import open_peer

pytestmark = needs(CHROMIUM)


async def test_a_player_downloads_the_record_and_fogbank_verify_passes_on_it(server, page, tmp_path):
    created = await server.create_game("b11")
    room = server.host.rooms[created["game"]]
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['submarine']}")
    # In the briefing, from the start (the welcome is drawn after the pill says connected).
    await expect(page.locator("#commitment")).to_have_text(created["commitment"])
    bot = BotSubmarine.for_scenario(server.host.chart(room, "submarine"), "b11")
    for _ in range(2):  # two turns, so the record has orders and rolls to replay
        order = bot.order(seen_by.view(room.game, "submarine"))
        await server.host.order(room, "submarine", room.game.state.turn, order)
    umpire = await open_peer(server, created["umpire_token"])
    await ask(umpire, lambda ref: wire.EndGame(ref=ref, reason="The umpire called it a day."))

    await expect(page.locator("#debrief")).to_be_visible()
    command = f"fogbank verify game-{created['game']}.jsonl --commitment {created['commitment']}"
    await expect(page.locator("#verify-command")).to_have_text(command)
    async with page.expect_download() as downloading:
        await page.click("#record-download")
    download = await downloading.value
    assert download.suggested_filename == f"game-{created['game']}.jsonl"
    saved = tmp_path / download.suggested_filename
    await download.save_as(saved)
    checked = subprocess.run(
        [sys.executable, "-m", "fogbank.cli.main", *command.split()[1:]],
        cwd=tmp_path, capture_output=True, text=True,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    said = "replaying its 3 inputs gives every roll and event logged and the commitment you were shown"
    assert said in checked.stdout, checked.stdout

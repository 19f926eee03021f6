"""`fogbank play --browser`: an embedded server and a game whose other seats the built-in players
take, the seat's and umpire's addresses printed; and the command itself, stopped with Ctrl-C."""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import signal
import subprocess
import sys
import urllib.request

import pytest

from fogbank import protocols as wire
from fogbank.cli.browser import serve_in_browser
from fogbank.clients import Client
from fogbank.server.app import Server

from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


async def test_the_other_seats_are_played_by_the_built_in_players(server):
    created = await server.create_game("picket")
    said: list[str] = []
    args = argparse.Namespace(host="127.0.0.1", seat="red1", open=False)
    serving = asyncio.create_task(serve_in_browser(server, args, created, said.append))
    try:
        while not said:
            await asyncio.sleep(0.01)
        words = "\n".join(said)
        assert f"Your seat, red1: http://127.0.0.1:{server.port}/play#token={created['seats']['red1']}" in words
        assert f"/umpire#token={created['umpire_token']}" in words
        assert "Built-in players take: blue1, blue2, red2" in words

        # The user's seat orders; the three bots order theirs, so the phase resolves.
        async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["seats"]["red1"]) as red1:
            await red1.submit({"move": -1}, 1)
            observation = await asyncio.wait_for(
                anext(m async for m in red1.stream() if isinstance(m, wire.Observation)), 10
            )
            assert (observation.turn, observation.phase) == (1, "fire")
        room = server.host.rooms[created["game"]]
        assert room.presence["blue1"]["connected"] == 1 and room.presence["red2"]["connected"] == 1
    finally:
        serving.cancel()
        await asyncio.gather(serving, return_exceptions=True)
    presence = server.host.rooms[created["game"]].presence["blue1"]
    async with asyncio.timeout(30):  # the bots have gone (their connections close as they are cancelled)
        while presence["connected"]:
            await asyncio.sleep(0.01)


async def test_a_seat_the_game_does_not_have_is_refused(server):
    created = await server.create_game("picket")
    args = argparse.Namespace(host="127.0.0.1", seat="green1", open=False)
    with pytest.raises(LookupError, match="no seat 'green1'; its seats: blue1, blue2, red1, red2"):
        await serve_in_browser(server, args, created, lambda words: None)


def sigint_heard() -> None:
    # A shell's background job starts with ^C ignored, and a child inherits that: this test stops
    # its fogbank with SIGINT, so the child listens for it wherever the test suite itself was run.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def fogbank(*arguments: str, **options) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "fogbank.cli.main", *arguments], text=True,
                            preexec_fn=sigint_heard, **options)


def test_play_browser_prints_the_seat_page_serves_it_and_stops_on_ctrl_c(tmp_path):
    command = fogbank("play", "b11", "--browser", "--no-open", "--port", "0", "--data", str(tmp_path),
                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    try:
        lines = []
        while not any(line.startswith("The server runs") for line in lines):
            line = command.stdout.readline()
            assert line, command.stderr.read()
            lines.append(line.strip())
        seat = next(re.search(r"http://\S+/play#token=\S+", line) for line in lines if line.startswith("Your seat"))
        page = seat.group(0).partition("#")[0]
        with urllib.request.urlopen(page, timeout=10) as response:
            assert response.status == 200 and b'src="/play/app.js"' in response.read()
        kept = json.loads((tmp_path / "last-game.json").read_text())
        assert seat.group(0).endswith(kept["seats"]["submarine"])
    finally:
        command.send_signal(signal.SIGINT)
        out, _ = command.communicate(timeout=30)
    assert command.returncode == 130
    assert "fogbank play --resume --browser --data" in out


def test_play_browser_with_a_seat_the_game_has_not_says_so_in_a_line(tmp_path):
    command = fogbank("play", "b11", "--browser", "--no-open", "--seat", "destroyer", "--port", "0",
                      "--data", str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    out, err = command.communicate(timeout=60)
    assert command.returncode == 2
    assert err.strip() == "fogbank play: this game has no seat 'destroyer'; its seats: submarine"

"""`fogbank play` as a player runs it: in a real terminal (tmux), keys in, screen out."""

from __future__ import annotations

import asyncio
import json
import re
import shlex
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import needs

from .helpers import DEADLINE

pytestmark = needs("tmux")


class Terminal:
    """A detached tmux session of its own server (-S socket), so no one else's tmux is touched."""

    def __init__(self, command: str, name: str, socket: Path, size: tuple[int, int] = (160, 50)) -> None:
        self.socket = str(socket)
        self.tmux("new-session", "-d", "-s", name, "-x", str(size[0]), "-y", str(size[1]), command)
        self.name = name

    def tmux(self, *args: str) -> str:
        return subprocess.run(
            ["tmux", "-S", self.socket, *args], capture_output=True, text=True, check=True
        ).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)

    def wait_for(self, *patterns: str, timeout: float = DEADLINE) -> str:
        """The screen once every pattern is on it; past the deadline (a loaded machine's), fail."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if all(re.search(p, screen) for p in patterns):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"not on the screen after {timeout}s: {patterns}\n{screen}")
            time.sleep(0.1)

    def kill(self) -> None:
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)


def play_command(*args: str) -> str:
    play = shlex.join([sys.executable, "-m", "fogbank.cli.main", "play", *args])
    # Without COLUMNS and LINES, which a test runner may set and Textual would believe over tmux.
    return f"env -u COLUMNS -u LINES {play}; echo FOGBANK-EXITED; sleep 60"


def test_fogbank_play_in_a_terminal(tmp_path):
    terminal = Terminal(
        play_command("b11", "--data", str(tmp_path), "--port", "0"), "play", tmp_path / "tmux.sock"
    )
    try:
        terminal.wait_for(r"Turn\s+1 of 30", r"● connected", r"Air\s+█+", r"Battery\s+█+", r"Torpedoes")
        # Turn 1: NE from off Cape Helles runs into the shore, and the umpire says so.
        terminal.keys("9", "Enter")
        terminal.wait_for(r"Turn\s+2 of 30", r"── Turn 1", r"ran into the shore")
        # Turn 2: east, two squares, on the surface; turn 3: down to periscope depth.
        terminal.keys("6", "+", "Enter")
        screen = terminal.wait_for(r"Turn\s+3 of 30", r"── Turn 2", r"Plotted\s+F5")
        # In the Straits now: the pad offers the stream's drift of the last hour; one key adds it.
        assert re.search(r"last hour the surface stream set her SW to E4: a adds it", screen), screen
        terminal.keys("a")
        terminal.wait_for(r"E4 set by hand", r"Drift added")
        terminal.keys("@", "0", "@")  # back to the reckoning
        terminal.wait_for(r"F5 as reckoned")
        terminal.keys("p")
        terminal.wait_for(r"movement \d of 3 \(\d squares? \+ 1 level change\)")
        terminal.keys("Enter")
        screen = terminal.wait_for(r"Turn\s+4 of 30", r"Level\s+PERISCOPE", r"Air\s+█+.*\d+/20 h")
        assert "@" in screen  # the plotted position on the chart
        (tmp_path / "screen.txt").write_text(screen)
        # Pencilled up into the rows intelligence calls mined and defended, by day at periscope
        # depth: the pad gives the rules' own odds as the order is written.
        plot = re.search(r"Plotted\s+([A-Z])(\d+)", screen)
        right, up = ord("J") - ord(plot.group(1)), 9 - int(plot.group(2))
        terminal.keys("@", *["9"] * right, *["8"] * (up - right), "@", "p")
        risky = terminal.wait_for(r"⚠ At periscope depth by day in the defended reach", r"17% a row")
        (tmp_path / "screen-risk.txt").write_text(risky)
        terminal.keys("@", "0", "@")
        # A pencil mark on the player's own chart, and help with every key.
        terminal.keys("m")
        terminal.wait_for(r"PENCIL")
        terminal.keys("K9 mines?", "Enter")
        terminal.wait_for(r"× mines\?", r"Pencilled K9: mines\?")
        terminal.keys("?")  # help: the table of what each level does and risks, then every key
        terminal.wait_for(r"EACH LEVEL: WHAT IT DOES AND WHAT IT RISKS", r"warning shot", r"periscope")
        terminal.keys("End")
        terminal.wait_for(r"SEND", r"REPORTS", r"ON THE CHART")
        terminal.keys("Escape")
        terminal.wait_for(r"Turn\s+4 of 30")
        terminal.keys("C-q")
        after = terminal.wait_for("FOGBANK-EXITED")
        assert re.search(r"Umpire console: http://127\.0\.0\.1:\d+/umpire", after)
        assert re.search(r"umpire token \S{20,}", after)
        assert re.search(r"fogbank sub --server ws://127\.0\.0\.1:\d+/ --token \S{20,}", after)
        assert "fogbank play --resume" in after
    finally:
        terminal.kill()
    marks = next(tmp_path.glob("pencil-*.json"))  # kept for the player alone
    assert json.loads(marks.read_text()) == [{"square": "K9", "label": "mines?"}]
    assert stat.S_IMODE(marks.stat().st_mode) == 0o600
    # Coming back, in a small terminal: the same game, on turn 4, at periscope depth.
    resume = play_command("--resume", "--data", str(tmp_path), "--port", "0")
    terminal = Terminal(resume, "resume", tmp_path / "tmux-resume.sock", size=(80, 24))
    try:
        screen = terminal.wait_for(r"Turn\s+4/30", r"● connected", r"PERISCOPE", r"Air\s+█+", r"Batt",
                                   r"Torp", r"ORDER", r"movement \d of 3", r"@")  # fmt: skip
        (tmp_path / "screen-80x24.txt").write_text(screen)
        terminal.keys("C-q")
        terminal.wait_for("FOGBANK-EXITED", "fogbank play --resume")
    finally:
        terminal.kill()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def umpire_ends(port: int, token: str) -> None:
    from fogbank.clients import Client

    client = await Client.connect(f"ws://127.0.0.1:{port}/", token, proxy=None)
    try:
        await client.end("The umpire calls the patrol off.")
    finally:
        await client.close()


def test_the_end_saves_the_record_and_shows_the_debrief(tmp_path):
    port = free_port()
    command = play_command("b11", "--data", str(tmp_path), "--port", str(port))
    terminal = Terminal(command, "end", tmp_path / "tmux.sock", size=(80, 24))
    try:
        terminal.wait_for(r"Turn\s+1/30", r"● connected")
        terminal.keys("6", "Enter")
        terminal.wait_for(r"Turn\s+2/30")
        umpire = json.loads((tmp_path / "last-game.json").read_text())["umpire_token"]
        asyncio.run(umpire_ends(port, umpire))
        # No key pressed: the end screen comes up, the record is saved and checked.
        terminal.wait_for(r"GAME ENDED BY THE UMPIRE", r"Verified: all \d+ rolls", r"The record is saved")
        terminal.keys("End")
        terminal.wait_for(r"THE UMPIRE'S RECORD")
        terminal.keys("Escape")  # the chart, with the truth on it
        terminal.wait_for(r"The truth:", r"◆")
        terminal.keys("C-q")
        terminal.wait_for("FOGBANK-EXITED")
        after = terminal.tmux("capture-pane", "-p", "-J", "-t", terminal.name)  # long lines joined
    finally:
        terminal.kill()
    saved = re.search(r"The game's record: (\S+)", after)
    assert saved, after
    verify = subprocess.run([sys.executable, "-m", "fogbank.cli.main", "verify", saved.group(1)],
                            capture_output=True, text=True)  # fmt: skip
    assert verify.returncode == 0 and "rolls follow from the revealed seed" in verify.stdout

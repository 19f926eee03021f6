"""`fogbank play` as a player runs it: in a real terminal (tmux), keys in, screen out."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import needs

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

    def wait_for(self, *patterns: str, timeout: float = 20.0) -> str:
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
        terminal.wait_for(r"Turn\s+3 of 30", r"── Turn 2")
        terminal.keys("p")
        terminal.wait_for(r"movement \d of 3 \(\d squares? \+ 1 level change\)")
        terminal.keys("Enter")
        screen = terminal.wait_for(r"Turn\s+4 of 30", r"Level\s+PERISCOPE", r"Air\s+█+.*\d+/20 h")
        assert "@" in screen  # the plotted position on the chart
        (tmp_path / "screen.txt").write_text(screen)
        terminal.keys("C-q")
        after = terminal.wait_for("FOGBANK-EXITED")
        assert re.search(r"Umpire console: http://127\.0\.0\.1:\d+/umpire", after)
        assert re.search(r"umpire token \S{20,}", after)
        assert re.search(r"fogbank sub --server ws://127\.0\.0\.1:\d+/ --token \S{20,}", after)
        assert "fogbank play --resume" in after
    finally:
        terminal.kill()
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

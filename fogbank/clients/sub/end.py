"""The end of the game: the outcome, the revealed seed, and a key to check every roll with it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from fogbank.protocols import GameOver
from fogbank.rules.record.verify import Mismatch, read_log, verify_records
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Static

HEADLINES = {"victory": "VICTORY", "defeat": "DEFEAT", "draw": "DRAW", "ended": "GAME ENDED BY THE UMPIRE"}
COLOURS = {"victory": "bold green", "defeat": "bold red", "draw": "bold yellow", "ended": "bold yellow"}


def save_log(game_over: GameOver, path: Path) -> Path:
    """Write the game_over log as JSON lines, as `fogbank verify` reads it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(record) + "\n" for record in game_over.log))
    return path


def check_log(path: Path) -> Text:
    """Run the verifier on a saved log; the verdict in plain words."""
    try:
        with path.open() as lines:
            checked = verify_records(read_log(lines))
    except Mismatch as mismatch:
        return Text(f"MISMATCH: {mismatch}", style="bold red")
    except OSError as error:
        return Text(f"Cannot read {path}: {error.strerror}", style="bold red")
    return Text(f"Verified: all {checked} rolls follow from the revealed seed.", style="bold green")


class EndScreen(ModalScreen[None]):
    """Shows `game_over`; v saves its log to `log_path` and verifies it there."""

    BINDINGS = [Binding("v", "verify", "Verify the dice"), Binding("escape", "dismiss", "Back to the chart"),
                Binding("q", "app.quit", "Quit")]  # fmt: skip

    verdict: reactive[Text] = reactive(
        lambda: Text("Press v to save the log and verify every roll.", style="dim")
    )

    def __init__(self, game_over: GameOver, commitment: str | None, log_path: Path) -> None:
        super().__init__()
        self.game_over = game_over
        self.commitment = commitment
        self.log_path = log_path

    def compose(self) -> ComposeResult:
        over = self.game_over
        with VerticalScroll(id="end", classes="sheet"):
            headline = HEADLINES.get(over.result, over.result.upper())
            yield Static(Text(headline, style=COLOURS.get(over.result, "bold")),
                         classes="sheet-title")  # fmt: skip
            yield Static(Text(over.reason, style="bold"))
            lines = Text()
            lines.append("\nDice seed, revealed: ", style="bold")
            lines.append(over.seed + "\n")
            if self.commitment:
                matches = hashlib.sha256(bytes.fromhex(over.seed)).hexdigest() == self.commitment
                lines.append("Commitment at the start: ", style="bold")
                lines.append(self.commitment + "\n")
                lines.append("The seed hashes to it." if matches else "THE SEED DOES NOT HASH TO IT.",
                             style="green" if matches else "bold red")  # fmt: skip
            yield Static(lines)
            yield Static(id="verdict")
            yield Static(Text("\nv verify the dice    escape back to the chart    q quit", style="dim"))

    def watch_verdict(self, verdict: Text) -> None:
        for static in self.query("#verdict").results(Static):
            static.update(Text("\n") + verdict)

    def action_verify(self) -> None:
        self.verdict = Text(f"Saving the log to {self.log_path} and checking every roll...", style="yellow")
        self._verify()

    @work(thread=True, exclusive=True)
    def _verify(self) -> None:
        path = save_log(self.game_over, self.log_path)
        verdict = check_log(path)
        verdict.append(f"\nThe log: {path}   (again from a shell: fogbank verify {path})", style="dim")
        self.app.call_from_thread(setattr, self, "verdict", verdict)

    def action_dismiss(self) -> None:
        self.dismiss()

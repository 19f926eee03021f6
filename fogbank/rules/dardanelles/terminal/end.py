"""The end of the game: the outcome, the revealed seed, the verdict on the dice, where the record
is saved, and the umpire's record of the whole game (the debrief)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from fogbank.protocols import GameOver
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Static

from .debrief import last_hour, umpire_record

HEADLINES = {"ended": "GAME ENDED BY THE UMPIRE"}  # the others: the result itself, in capitals
COLOURS = {"victory": "bold green", "marginal victory": "bold green", "defeat": "bold red",
           "marginal defeat": "bold red", "draw": "bold yellow", "ended": "bold yellow"}  # fmt: skip
CHECKING = Text("Saving the record and checking every roll...", style="yellow")


class EndScreen(ModalScreen[None]):
    """Shows `game_over` and the umpire's record from its log. The app saves the log to
    `log_path` and sets `verdict` once it has checked it, and `truth` once it has replayed it."""

    BINDINGS = [Binding("escape,e", "dismiss", "The chart, with the truth on it"),
                Binding("q", "app.quit", "Quit")]  # fmt: skip

    verdict: reactive[Text] = reactive(lambda: CHECKING.copy())
    truth: reactive[Text] = reactive(Text)

    def __init__(self, game_over: GameOver, commitment: str | None, log_path: Path, seat: str) -> None:
        super().__init__()
        self.game_over = game_over
        self.commitment = commitment
        self.log_path = log_path
        self.seat = seat

    def compose(self) -> ComposeResult:
        over = self.game_over
        with VerticalScroll(id="end", classes="sheet"):
            headline = HEADLINES.get(over.result, over.result.upper())
            yield Static(Text(headline, style=COLOURS.get(over.result, "bold")),
                         classes="sheet-title")  # fmt: skip
            yield Static(Text(over.reason, style="bold"))
            yield Static(Text("escape: the chart, with the true track, the mines and the vessels (o there:"
                              " the true track alone)    q quit", style="dim"))  # fmt: skip
            yield Static(id="verdict")
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
            yield Static(Text("\nHOW IT ENDED, as the umpire saw it", style="bold #ffd700")
                         + umpire_record(last_hour(over.log), self.seat))  # fmt: skip
            yield Static(id="truth")
            yield Static(Text("\nTHE UMPIRE'S RECORD", style="bold #ffd700"))
            yield Static(umpire_record(over.log, self.seat))

    def watch_verdict(self, verdict: Text) -> None:
        for static in self.query("#verdict").results(Static):
            static.update(Text("\n") + verdict)

    def watch_truth(self, truth: Text) -> None:
        for static in self.query("#truth").results(Static):
            static.update(truth)

    def action_dismiss(self) -> None:
        self.dismiss()

"""Pencil marks: what the player notes on their own chart ("K9 mines?", "scraping here").

Kept beside the game's record in the client's data folder, one file a game, readable by the
player only: they are the player's own thoughts, and no one else's business (not the umpire's
either: they never go to the server).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..chart import parse_square, square_name
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

LABEL_LENGTH = 24  # a few words: the chart has little room for more

Mark = dict[str, str]  # {"square": "K9", "label": "mines?"}


def load_marks(path: Path) -> tuple[Mark, ...]:
    """The marks saved at `path`; none if there is no file yet or it cannot be read."""
    try:
        marks = json.loads(path.read_text())
    except (OSError, ValueError):
        return ()
    return tuple({"square": str(m["square"]), "label": str(m.get("label", ""))} for m in marks
                 if isinstance(m, dict) and "square" in m)  # fmt: skip


def save_marks(path: Path, marks: tuple[Mark, ...]) -> None:
    """Write the marks to `path`, created readable and writable by the player only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as out:
        json.dump(list(marks), out, indent=1)
    os.chmod(path, 0o600)


def pencil(marks: tuple[Mark, ...], line: str, chart: dict[str, Any]) -> tuple[tuple[Mark, ...], str]:
    """Apply what the player wrote ("K9 mines?": mark K9; "K9" alone: rub out K9's mark, or
    mark it with no words). Returns the marks and a sentence saying what was done. Raises
    ValueError, in words, for a square not on the chart."""
    square, _, label = line.strip().partition(" ")
    x, y = parse_square(square)
    if not (0 <= x < chart.get("columns", 0) and 0 <= y < chart.get("rows", 0)):
        raise ValueError(f"{square.upper()} is not on the chart.")
    name, label = square_name((x, y)), " ".join(label.split())[:LABEL_LENGTH]
    others = tuple(m for m in marks if m["square"] != name)
    if not label and len(others) < len(marks):
        return others, f"Rubbed out the mark at {name}."
    return (*others, {"square": name, "label": label}), f"Pencilled {name}" + (f": {label}" if label else ".")


def marks_words(marks: tuple[Mark, ...]) -> Text:
    """The marks as a list, for the places key."""
    words = Text()
    for mark in sorted(marks, key=lambda m: (-parse_square(m["square"])[1], m["square"])):
        words.append(f"{mark['square']:>4} ", style="bold")
        words.append(f"× {mark['label']}\n", style="italic")
    return words


class PencilScreen(ModalScreen[str | None]):
    """Asks for a mark: a square and a few words. Dismissed with the line written, or None."""

    BINDINGS = [Binding("escape", "dismiss_none", "Put the pencil down")]

    def __init__(self, marks: tuple[Mark, ...]) -> None:
        super().__init__()
        self.marks = marks

    def compose(self) -> ComposeResult:
        with Vertical(id="pencil", classes="sheet"):
            yield Static("PENCIL", classes="sheet-title")
            yield Static(Text("A square and a few words, then Enter: K9 mines?   The square alone rubs its"
                              " mark out. Escape: put the pencil down.", style="dim"))  # fmt: skip
            yield Input(placeholder="K9 mines?", id="pencil-line")
            if self.marks:
                yield Static(Text("\nYour marks\n", style="bold") + marks_words(self.marks))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

"""Help on `?`: what intelligence reported, what each level risks, every key, and where the
umpire's console is."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = """\
COURSE   numpad 8 N, 9 NE, 6 E, 3 SE, 2 S, 1 SW, 4 W, 7 NW (NumLock on;
         the digit row works too), or the arrow keys for N E S W
SPEED    + faster, - slower, 5 or 0 stop. Six squares an hour on the
         surface, three below; each change of level uses one of those.
TWO LEGS n: the course and speed keys now steer a second leg, after the
         first (E 1 then NE 2); n again back to the first; 0 drops it.
LEVEL    s surface, p periscope, d submerged, b bottom
FIX      l: take a fix on a charted landmark this hour (by day, at the
         surface or periscope level); the umpire gives your true square
         and the plot starts again from it. The risk: looking at the shore,
         the boat is easier for the shore's observers to see that hour.
PENCIL   m: a mark on your own chart, with a few words ("K9 mines?");
         the same square again with no words rubs it out
FIRE     f choose a target (the latest contact seen; f again: the next),
         then , and . turn the torpedo direction, t how many torpedoes,
         x hold fire. Torpedoes are fired from the surface or periscope
         depth, at a vessel seen.
SEND     Enter sends the order for this turn. Sending again replaces it
         until the turn resolves.
REPORTS  PgUp PgDn scroll the reports, Home the first, End the latest;
         tab puts the chart away, for the reports to take its room

r        the recognition chart     k  the places, your pencil marks
?        this help                 c  reconnect when connection is lost
e        the debrief, once the game is over
ctrl+q   quit: how to come back to this game is printed as you leave

ON THE CHART
  @      your plotted position (dead reckoning: the tide is not in it)
  •  +   your track, and where this order takes you
  ◎      the waters your orders name (Sari Sighlar Bay, say)
  ══     a finish line, with its label ("out", "Marmara")
  ×      your pencil mark, its words beside it where they fit
  │╱─╲?3 a hydrophone bearing (contact 3), from where you were
  B3     a sighting: silhouette letter (C P T B) and contact number;
         Bx a contact sunk. Last turn's are bright, older ones dim, and
         a bearing line is gone after two turns
  12     contact 12 (from 10 up, the number alone; red: seen, violet: heard)
  Above the chart: the plotted square, and the last turn's contacts by
  letter and number. On a narrow terminal a square is one column wide
  and shows the letter alone.
  After the game: ◆ where the boat really was, o her true track, *2 a
  minefield and its rows of mines, C P T B the vessels (Bx: sunk).
"""


def fix_risk(briefing: dict[str, Any]) -> str | None:
    """What taking a fix risks, as the briefing says it (its own `fix`, or `levels`' "fix")."""
    return briefing.get("fix") or (briefing.get("levels") or {}).get("fix")


def briefing_notes(briefing: dict[str, Any]) -> Text:
    """What intelligence reported and what each level risks, as the briefing gives them
    (either may be missing: then nothing is said of it)."""
    notes = Text()
    intelligence = briefing.get("intelligence") or []
    if intelligence:
        notes.append("INTELLIGENCE\n", style="bold #ffd700")
        for sentence in intelligence:
            notes.append(f"  - {sentence}\n")
    levels = briefing.get("levels") or {}
    if fix_risk(briefing):
        notes.append("WHAT A FIX RISKS\n", style="bold #ffd700")
        notes.append(f"  {fix_risk(briefing)}\n")
    levels = {level: risk for level, risk in levels.items() if level != "fix"}
    if levels:
        notes.append("WHAT EACH LEVEL RISKS\n", style="bold #ffd700")
        for level, risk in levels.items():
            notes.append(f"  {level:<10} ", style="bold cyan")
            notes.append(f"{risk}\n")
    return notes



class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close")]

    def __init__(self, umpire_note: str | None = None, briefing: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.umpire_note = umpire_note
        self.briefing = briefing or {}

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help", classes="sheet"):
            notes = briefing_notes(self.briefing)
            if notes.plain:
                yield Static(notes)
            yield Static("KEYS", classes="sheet-title")
            yield Static(Text(KEYS))
            if self.umpire_note:
                yield Static(Text(self.umpire_note, style="bold yellow"))

    def action_dismiss(self) -> None:
        self.dismiss()

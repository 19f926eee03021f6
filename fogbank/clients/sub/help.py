"""Help on `?`: every key, and where the umpire's console is."""

from __future__ import annotations

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
LEVEL    s surface, p periscope, d submerged, b bottom
FIRE     f choose a target (the latest contact seen; f again: the next),
         then , and . turn the torpedo direction, t how many torpedoes,
         x hold fire. Torpedoes are fired from the surface or periscope
         depth, at a vessel seen.
SEND     Enter sends the order for this turn. Sending again replaces it
         until the turn resolves.
REPORTS  PgUp PgDn scroll the reports, Home the first, End the latest;
         tab puts the chart away, for the reports to take its room

r        the recognition chart     k  the places, with their squares
?        this help                 c  reconnect when connection is lost
ctrl+q   quit: how to come back to this game is printed as you leave

ON THE CHART
  @      your plotted position (dead reckoning: the tide is not in it)
  •  +   your track, and where this order takes you
  ◎      the waters your orders name (Sari Sighlar Bay, say)
  │╱─╲?3 a hydrophone bearing (contact 3), from where you were
  B3     a sighting: silhouette letter (C P T B) and contact number
  12     contact 12 (from 10 up, the number alone; red: seen, violet: heard)
  Above the chart: the plotted square, and the last turn's contacts by
  letter and number. On a narrow terminal a square is one column wide
  and shows the letter alone.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close")]

    def __init__(self, umpire_note: str | None = None) -> None:
        super().__init__()
        self.umpire_note = umpire_note

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help", classes="sheet"):
            yield Static("KEYS", classes="sheet-title")
            yield Static(Text(KEYS))
            if self.umpire_note:
                yield Static(Text(self.umpire_note, style="bold yellow"))

    def action_dismiss(self) -> None:
        self.dismiss()

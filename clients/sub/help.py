"""Help on `?`: every key, and where the umpire's console is."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = """\
COURSE     numpad 8 N, 9 NE, 6 E, 3 SE, 2 S, 1 SW, 4 W, 7 NW  (or the arrow keys for N E S W;
           with NumLock off the numpad's Home, PgUp, End and PgDn give the diagonals)
SPEED      + faster, - slower, 5 or 0 stop. Six squares an hour on the surface, three below;
           each change of level uses one square of that.
LEVEL      s surface, p periscope, d submerged, b bottom
FIRE       f choose a target (the latest contact seen; press again for the next), then
           , and . turn the torpedo direction, t how many torpedoes, x hold fire.
           Torpedoes are fired from the surface or periscope depth, at a vessel seen.
SEND       Enter sends the order for this turn. Sending again replaces it until the turn resolves.

r          the recognition chart          ?  this help
c          reconnect, if the connection was given up
ctrl+q     quit (the game goes on on the server; come back with the same token)

ON THE CHART   @ your plotted position (dead reckoning: the tide is not in it)
               • your track   + where this order takes you
               │╱─╲ ?3 a hydrophone bearing (contact 3), drawn from where you were
               B3  a sighting: silhouette letter and contact number (C P T B)
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close")]

    def __init__(self, umpire_note: str | None = None) -> None:
        super().__init__()
        self.umpire_note = umpire_note

    def compose(self) -> ComposeResult:
        with Vertical(id="help", classes="sheet"):
            yield Static("KEYS", classes="sheet-title")
            yield Static(Text(KEYS))
            if self.umpire_note:
                yield Static(Text(self.umpire_note, style="bold yellow"))

    def action_dismiss(self) -> None:
        self.dismiss()

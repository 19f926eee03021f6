"""The recognition chart: each vessel type's side view in text, as a lookout learns them."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

# Drawn bow to the left. The sailing caique: high stem and stern, a sprit mainsail and jib.
# The patrol boat: low, one thin funnel, a short mast. The transport: tall single funnel
# amidships, masts fore and aft, a row of scuttles. The Messudieh: an old ironclad rebuilt in
# 1903, two military masts, two funnels, a turret at each end.
SILHOUETTES: dict[str, str] = {
    "caique": r"""
              |\
              | \
         |\   |  \
         | \  |   \
         |__\ |____\
   _\____|____|______/_
     \______________/
""",
    "patrol_boat": r"""
             ( )
         |   |_|
      ___|__|___|______
  ~~~~\_______________/~~~~
""",
    "transport": r"""
                 _
     |          | |          |
     |          | |          |
    -+-    _____| |_____    -+-
  ___|____|_____________|____|___
  \   o   o   o   o   o   o   o  /
   \_____________________________/
""",
    "battleship": r"""
         |                  |
       --+--   _    _     --+--
    _    |    | |  | |      |    _
  _[_]___|____|_|__|_|______|___[_]_
  \  o   o   o   o   o   o   o   o /
   \_______________________________/
""",
}

# The same side views in one line each, for a small terminal's reports.
MINIATURES = {
    "caique": "_/|\\|\\_",
    "patrol_boat": "__|^|__",
    "transport": "_|__||__|_",
    "battleship": "_[]_||_||_[]_",
}

LETTERS = {"caique": "C", "patrol_boat": "P", "transport": "T", "battleship": "B"}
WORDS = {
    "caique": "Caique",
    "patrol_boat": "Patrol boat",
    "transport": "Transport",
    "battleship": "Battleship",
}
NOTES = {
    "caique": "Sail; small, wooden. Not worth a torpedo.",
    "patrol_boat": "Small steamer, one funnel. Armed; keep clear.",
    "transport": "One tall funnel, masts fore and aft.",
    "battleship": "Two masts, two funnels, turrets fore and aft: the Messudieh class.",
}


def silhouette(kind: str | None, style: str = "bold white") -> Text:
    """The side view of `kind` (a vessel type), or a question mark for an unknown one."""
    art = SILHOUETTES.get(kind or "", "\n   ?  (unknown type)\n").strip("\n")
    return Text(art, style=style)


def miniature(kind: str | None, style: str = "bold white") -> Text:
    """The side view of `kind` in one line (see MINIATURES), or a question mark."""
    return Text(MINIATURES.get(kind or "", "?"), style=style)


def recognition_chart() -> Text:
    chart = Text()
    for kind in SILHOUETTES:
        chart.append(f"{LETTERS[kind]}  {WORDS[kind].upper()}", style="bold yellow")
        chart.append(f"   {NOTES[kind]}", style="italic")
        chart.append(f"   on a small screen: {MINIATURES[kind]}\n", style="dim")
        chart.append(silhouette(kind))
        chart.append("\n\n")
    chart.append(
        "On the chart a sighting is marked with its letter and contact number, e.g. B3.", style="dim"
    )
    return chart


class RecognitionScreen(ModalScreen[None]):
    """The recognition chart on a screen of its own (key r)."""

    BINDINGS = [Binding("escape,r,q", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="recognition", classes="sheet"):
            yield Static("RECOGNITION CHART", classes="sheet-title")
            yield Static(recognition_chart())

    def action_dismiss(self) -> None:
        self.dismiss()

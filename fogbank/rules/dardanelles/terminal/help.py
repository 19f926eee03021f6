"""Help on `?`: what each level does and risks (the rules' table), what intelligence reported,
when night falls, every key, and where the umpire's console is."""

from __future__ import annotations

from typing import Any

from rich.table import Table
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
TWO LEGS n: the course and speed keys now steer the second leg, after
         the first (E 1 then NE 2); n again back to the first; 0 stops
         the leg the keys steer. Both legs are always shown.
LEVEL    s surface, p periscope, d submerged, b bottom. A change of level
         uses a square of movement a step: the legs are cut to fit, and
         get their squares back at a level with room for them.
FIX      l: take a fix on a charted landmark this hour (by day, at the
         surface or periscope level); the umpire gives your true square
         and the plot starts again from it. The risk: looking at the shore,
         the boat is easier for the shore's observers to see that hour.
PLOT     @: move your plot by hand, as with a pencil: the course keys
         move the @ a square, a adds the drift the chart's stream gives
         for the level you were at (a square an hour, from Nagara to the
         mouth), 0 puts it back; @ or Esc when done. The order carries it,
         and warnings, bearings and torpedo aims work from it.
PENCIL   m: a mark on your own chart, with a few words ("K9 mines?");
         the same square again with no words rubs it out
FIRE     f choose a target (the latest contact seen in the last two turns;
         f again: the next), aimed from your plot at where your reckoning
         puts her; then , and . turn the torpedo direction, t how many
         torpedoes, x hold fire. Torpedoes are fired from the surface or
         periscope depth, at a vessel seen.
SEND     Enter sends the order for this turn. Sending again replaces it
         until the turn resolves.
REPORTS  PgUp PgDn scroll the reports, Home the first, End the latest;
         tab puts the chart away, for the reports to take its room

r        the recognition chart     k  the places, your pencil marks
?        this help                 c  reconnect when connection is lost
e        the debrief, once the game is over
ctrl+q   quit: how to come back to this game is printed as you leave

ON THE CHART
  @      your plotted position (dead reckoning: the tide is not in it,
         unless you add it with @ and a)
  •  +   your track, and where this order takes you
  ~      where the chart's stream should set her at the end of the hour
         (the order pad says it too: "then the surface stream sets her SW")
  ◎      the waters your orders name (Sari Sighlar Bay, say)
  ══     a finish line, with its label ("out", "Marmara")
  ×      your pencil mark, its words beside it where they fit
  │╱─╲?3 a hydrophone bearing (contact 3), from where you were
  B3     a sighting: silhouette letter (C P T B) and contact number,
         where its bearing and distance put it from your plot then;
         Bx a contact sunk. Last turn's are bright, older ones dim, and
         a bearing line is gone after two turns
  12     contact 12 (from 10 up, the number alone; red: seen, violet: heard)
  Above the chart: the plotted square, and the last turn's contacts by
  letter and number. On a narrow terminal a square is one column wide
  and shows the letter alone.
  After the game: ◆ where the boat really was, o her true track, *2 a
  minefield and its rows of mines, C P T B the vessels (Bx: sunk);
  the o key shows her true track alone, and again everything.
"""


def fix_risk(briefing: dict[str, Any]) -> str | None:
    """What taking a fix risks, as the briefing says it (its own `fix`, or `levels`' "fix")."""
    return briefing.get("fix") or (briefing.get("levels") or {}).get("fix")


def briefing_notes(briefing: dict[str, Any]) -> Text:
    """What intelligence reported, when night falls and what a fix risks, as the briefing gives
    them (any may be missing: then nothing is said of it)."""
    notes = Text()
    intelligence = briefing.get("intelligence") or []
    if intelligence:
        notes.append("INTELLIGENCE\n", style="bold #ffd700")
        for sentence in intelligence:
            notes.append(f"  - {sentence}\n")
    if briefing.get("night"):
        notes.append("DAY AND NIGHT\n", style="bold #ffd700")
        notes.append(f"  {briefing['night']}\n")
    if fix_risk(briefing):
        notes.append("WHAT A FIX RISKS\n", style="bold #ffd700")
        notes.append(f"  {fix_risk(briefing)}\n")
    return notes


def level_notes(briefing: dict[str, Any]) -> Table | Text | None:
    """The levels: the rules' table of each level's speed, current and risks where the briefing
    gives one (with what a change of level costs), else its sentence a level; None if neither."""
    rows = briefing.get("level_table")
    if rows:
        heading, *facts = rows
        table = Table(title="EACH LEVEL: WHAT IT DOES AND WHAT IT RISKS", title_style="bold #ffd700",
                      title_justify="left", show_lines=True, expand=True, caption=briefing.get("level_change"),
                      caption_justify="left", caption_style="")  # fmt: skip
        for n, name in enumerate(heading):
            table.add_column(name, style="bold #a0c8ff" if n == 0 else "", header_style="bold cyan", ratio=1)
        for row in facts:
            table.add_row(*row)
        return table
    levels = {level: risk for level, risk in (briefing.get("levels") or {}).items() if level != "fix"}
    if not levels:
        return None
    notes = Text("WHAT EACH LEVEL RISKS\n", style="bold #ffd700")
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
            levels = level_notes(self.briefing)
            if levels is not None:
                yield Static(levels, id="help-levels")
            notes = briefing_notes(self.briefing)
            if notes.plain:
                yield Static(notes)
            yield Static("KEYS", classes="sheet-title")
            yield Static(Text(KEYS))
            if self.umpire_note:
                yield Static(Text(self.umpire_note, style="bold yellow"))

    def action_dismiss(self) -> None:
        self.dismiss()

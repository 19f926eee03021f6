"""Order entry: keys change the draft, the pad shows what it will cost, Enter sends it.

The draft lives in this widget and nowhere else, so a dropped connection loses none of it.
"""

from __future__ import annotations

from typing import Any

import attrs
from rich.table import Table
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..chart import Course, parse_square, square_name
from ..units import Level
from .bearings import COURSES
from .draft import Draft, cost, seen_contacts, squares_allowed
from .reckoning import aim, compass, drift_step, estimated_square, plotted, shore_of
from .recognition import WORDS

ARROWS = dict(zip(COURSES, "↑↗→↘↓↙←↖", strict=True))
# Numpad digits, as a wargamer's keyboard reads them (NumLock on), and the arrow keys. The paging
# keys a numpad sends with NumLock off scroll the reports instead (see app.py).
COURSE_KEYS = {"N": "8,up", "NE": "9", "E": "6,right", "SE": "3",
               "S": "2,down", "SW": "1", "W": "4,left", "NW": "7"}  # fmt: skip
LEVEL_KEYS = {"surface": "s", "periscope": "p", "submerged": "d", "bottom": "b"}
# The rules' verdict on a draft: (turn, the order, its refusals as (code, words)).
Checked = tuple[int, dict[str, Any], tuple[tuple[str, str], ...]]


def landmarks(chart: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The places the chart marks as landmarks to take a fix on."""
    return [p for p in (chart or {}).get("places", ()) if p.get("landmark")]


class OrderPad(Widget, can_focus=True):
    """Set `view` (the submarine view), `chart` (the player's chart), `status` (how the last order
    fared) and `compact` (True: the order, its cost and the status only, for a narrow terminal);
    it posts `Changed` on every key and `Send` on Enter. `leg` is the leg the course and speed
    keys steer (1, or 2 after n); `plotting` True: they move the plot instead (after @)."""

    BINDINGS = [
        *(Binding(keys, f"course('{c}')", f"steer {c}", show=False) for c, keys in COURSE_KEYS.items()),
        *(Binding(k, f"level('{level}')", level, show=False) for level, k in LEVEL_KEYS.items()),
        Binding("plus,equals_sign", "speed(1)", "faster", show=False),
        Binding("minus,underscore", "speed(-1)", "slower", show=False),
        Binding("5,0,clear", "stop", "stop", show=False),
        Binding("f", "fire", "fire", show=False),
        Binding("x", "hold_fire", "hold fire", show=False),
        Binding("comma,less_than_sign", "aim(-1)", "aim left", show=False),
        Binding("full_stop,greater_than_sign", "aim(1)", "aim right", show=False),
        Binding("t", "torpedoes", "torpedoes", show=False),
        Binding("n", "next_leg", "second leg", show=False),
        Binding("l", "fix", "fix", show=False),
        Binding("at", "move_plot", "move the plot", show=False),
        Binding("a", "add_drift", "add the drift", show=False),
        Binding("escape", "plot_done", "plot done", show=False),
        Binding("enter", "send", "Send"),
    ]

    # layout=True: in the compact layout the pad is as tall as what it has to say.
    view: reactive[dict[str, Any] | None] = reactive(None, layout=True)
    draft: reactive[Draft] = reactive(Draft, layout=True)
    status: reactive[Text] = reactive(Text, layout=True)
    connection: reactive[str] = reactive("connecting")
    chart: reactive[dict[str, Any] | None] = reactive(None)
    fix_risk: str | None = None  # what the briefing says a fix risks
    risks: tuple[dict[str, Any], ...] = ()  # the briefing's: what an order into each reported reach risks
    # The rules' verdict on a draft, from the server's `check`: (turn, the order, its refusals as
    # (code, words)), or None before one came (not connected, or still asking).
    checked: reactive[Checked | None] = reactive(None, layout=True)
    sunk: frozenset[int] = frozenset()  # contacts the boat has sunk: no longer targets
    over: reactive[bool] = reactive(False, layout=True)  # the game is over: no more orders
    leg: reactive[int] = reactive(1)
    plotting: reactive[bool] = reactive(False, layout=True)  # the course keys move the plot (@)
    # The squares the player gave each leg: a level key fits the legs to the room it leaves, and
    # a level with more room gives them back, so the course plotted is never lost.
    planned: tuple[int, int] = (0, 0)
    _fitting = False  # a level key is fitting the legs to its room: not the player's plan
    compact: reactive[bool] = reactive(False, layout=True)
    # (turn, the order in words, the reason, the order in a signal's words) of the umpire's last
    # amendment of this seat's order
    amended: reactive[tuple[int, str, str, str] | None] = reactive(None, layout=True)

    class Changed(Message):
        def __init__(self, draft: Draft) -> None:
            super().__init__()
            self.draft = draft

    class Send(Message):
        def __init__(self, order: dict[str, Any], turn: int) -> None:
            super().__init__()
            self.order = order
            self.turn = turn

    def watch_view(self, old: dict[str, Any] | None, view: dict[str, Any] | None) -> None:
        if view is None:
            return
        if old is None:
            self.draft = attrs.evolve(self.draft, level=view["level"])
        elif old["turn"] != view["turn"]:
            # A new hour: the legs and level stand; torpedoes are fired once, a fix taken once,
            # and a plot set by hand is in the new reckoning.
            self.draft = attrs.evolve(self.draft, fire_target=None, fix=False, plot=None)
            self.plotting = False
            self.leg = 1  # the keys steer the first leg of a new hour

    def watch_draft(self, draft: Draft) -> None:
        if not self._fitting:  # every change but a level key's fitting is the player's plan
            self.planned = (draft.speed, draft.speed2)
        self.post_message(self.Changed(draft))

    def _change(self, **changes: Any) -> None:
        self.draft = attrs.evolve(self.draft, **changes)

    def action_course(self, course: str) -> None:
        if self.plotting:
            self._move_plot(Course(course))
            return
        # A course given means way on: a square at least, where the level leaves room for one;
        # where it leaves none (the bottom), the square is planned for when she rises.
        top = squares_allowed(self.view, self.draft.level)
        first, second = self.planned
        self._fitting = True
        try:
            if self.leg == 2:
                second = max(second, 1)
                self._change(course2=course, speed2=min(second, max(0, top - self.draft.speed)))
            else:
                first = max(first, 1)
                self._change(course=course, speed=min(first, max(0, top - self.draft.speed2)))
        finally:
            self._fitting = False
        self.planned = (first, second)
        if not top:
            self.status = Text(f"No way on at {self.draft.level}: the course is kept, and a square of it "
                               "when you choose a level that moves.", style="#a0c8ff")  # fmt: skip

    def action_speed(self, step: int) -> None:
        top = squares_allowed(self.view, self.draft.level)
        if self.leg == 2:
            self._change(speed2=max(0, min(top - self.draft.speed, self.draft.speed2 + step)))
        else:
            self._change(speed=max(0, min(top - self.draft.speed2, self.draft.speed + step)))

    def action_stop(self) -> None:
        if self.plotting:  # back to the reckoning
            self._change(plot=None)
            self.status = Text("The plot is back where the reckoning puts it.", style="#a0c8ff")
            return
        self._change(**{"speed2" if self.leg == 2 else "speed": 0})

    # The plot by hand: the player moves the @ as with a pencil, and the order carries it.

    def action_move_plot(self) -> None:
        if self.view is None:
            return
        self.plotting = not self.plotting
        if self.plotting:
            self.status = Text("Moving your plot: course keys move the @ a square, a adds the expected drift, "
                               "0 puts it back; @ or Esc when done.", style="bold #ffd700")  # fmt: skip
        else:
            self.action_plot_done()

    def action_plot_done(self) -> None:
        if not self.plotting and self.draft.plot is None:
            return
        self.plotting = False
        where = self.draft.plot
        self.status = Text(f"Plot set at {where}: it goes with this order." if where else
                           "The plot stands as reckoned.", style="#a0c8ff")  # fmt: skip

    def _move_plot(self, course: Course) -> None:
        x, y = parse_square(plotted(self.view, self.draft))
        dx, dy = course.step
        ahead = (x + dx, y + dy)
        chart = self.chart or {}
        if not (0 <= ahead[0] < chart.get("columns", 0) and 0 <= ahead[1] < chart.get("rows", 0)):
            self.status = Text("That is the edge of your chart: the plot stays on it.", style="yellow")
            return
        shore = shore_of(self.chart)
        if shore is not None and shore(ahead):
            self.status = Text(f"Your chart shows land at {square_name(ahead)}: the plot stays at sea.",
                               style="yellow")  # fmt: skip
            return
        self._change(plot=square_name(ahead))

    def action_add_drift(self) -> None:
        """Move the plot by the drift the chart's stream gives for the last hour's level: the
        view's (the rules reckon it from the plot as the hour left it), or from a plot set by hand."""
        if self.view is None:
            return
        drift = self.view.get("drift")
        if self.draft.plot is None and drift is not None:
            if drift["course"] is None:
                self.status = Text(f"Last hour {drift['stream']} pressed her against the bank at "
                                   f"{drift['square']}: no drift to add.", style="yellow")  # fmt: skip
                return
            before = self.view["plotted"]
            self._move_plot(Course(drift["course"]))
            if self.draft.plot is not None:
                self.status = Text(f"Drift added: {drift['stream']} set her {drift['course']} last hour; "
                                   f"plot {before} -> {self.draft.plot}.", style="#a0c8ff")  # fmt: skip
            return
        here = parse_square(plotted(self.view, self.draft))
        stream = "the surface stream" if Level(self.view["level"]).sees else "the deep set"
        if str(here[1] + 1) not in ((self.chart or {}).get("stream") or {}):
            self.status = Text(f"Your chart shows no current at row {here[1] + 1}: no drift to add.",
                               style="yellow")  # fmt: skip
            return
        course = drift_step(self.chart, here, self.view["level"], shore_of(self.chart))
        if course is None:
            self.status = Text(f"From {square_name(here)} {stream} would set her into the bank: no drift to add.",
                               style="yellow")  # fmt: skip
            return
        before = square_name(here)
        self._move_plot(Course(course))
        if plotted(self.view, self.draft) != before:
            self.status = Text(f"Drift added: {stream} sets {course}, a square an hour at {self.view['level']}; "
                               f"plot {before} -> {self.draft.plot}.", style="#a0c8ff")  # fmt: skip

    def action_next_leg(self) -> None:
        if self.leg == 1:
            self.leg = 2
            if not self.draft.speed2:
                self._change(course2=self.draft.course)
            self.status = Text("Leg 2 now: course, speed keys; 0 stops it.", style="#a0c8ff")
        else:
            self.leg = 1
            self.status = Text("Leg 1 now: course, speed keys.", style="#a0c8ff")

    def action_fix(self) -> None:
        if not landmarks(self.chart):
            self.status = Text("Your chart marks no landmarks to take a fix on.", style="yellow")
            return
        self._change(fix=not self.draft.fix)
        if self.draft.fix and self.fix_risk:
            self.status = Text(f"A fix risks: {self.fix_risk}", style="yellow")

    def action_level(self, level: str) -> None:
        # Keep the order legal when it can be: the legs as planned, cut to the room the level
        # change leaves (the second leg first); their courses stand, and a level with more room
        # gives the squares back.
        room = squares_allowed(self.view, level)
        speed = min(self.planned[0], room)
        self._fitting = True
        try:
            self._change(level=level, speed=speed, speed2=max(0, min(self.planned[1], room - speed)))
        finally:
            self._fitting = False

    def action_fire(self) -> None:
        targets = [c for c in seen_contacts(self.view or {"contacts": []}) if c["number"] not in self.sunk]
        if not targets:
            self.status = Text(
                "No contact seen in the last two turns to fire at (one only heard cannot be fired at).",
                style="yellow",
            )
            return
        numbers = [c["number"] for c in targets]
        current = self.draft.fire_target
        target = targets[(numbers.index(current) + 1) % len(targets)] if current in numbers else targets[0]
        # Aimed from the plot (as set by hand, if it was) at where the reckoning puts the vessel.
        direction = aim(target, self.view, parse_square(plotted(self.view, self.draft)))
        self._change(fire_target=target["number"], fire_direction=direction)

    def action_hold_fire(self) -> None:
        self._change(fire_target=None)

    def action_aim(self, step: int) -> None:
        self._change(fire_direction=COURSES[(COURSES.index(self.draft.fire_direction) + step) % 8])

    def action_torpedoes(self) -> None:
        most = max(1, (self.view or {}).get("loaded", 1))
        self._change(torpedoes=self.draft.torpedoes % most + 1)

    def action_send(self) -> None:
        if self.view is None:
            return
        if self.over or not self.view["afloat"] or self.view["outcome"] is not None:
            self.status = Text("The game is decided; there are no more orders to give.", style="yellow")
            return
        self.post_message(self.Send(self.draft.payload(), self.view["turn"]))

    def render(self) -> Table | Text:
        if self.over:
            return Text("No more orders: the game is over.\ne the debrief: the truth on the chart, the"
                        " umpire's record.", style="bold yellow")  # fmt: skip
        if self.compact:
            return self._render_compact()
        view, draft = self.view, self.draft
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold #a0c8ff", width=10)
        grid.add_column()
        turn = f"turn {view['turn']}" if view else "the first turn"
        grid.add_row(Text("ORDER", style="bold white"), Text(f"for {turn}: {draft.words()}", style="bold"))
        grid.add_row("Course", self._legs(draft) + _hint("numpad 1-9 or arrows   n the other leg"))
        grid.add_row("Speed", self._speeds(draft) + _hint("+ / -   5 or 0 stop"))
        fix = Text("  fix on a landmark ", style="bold black on #40c0c0") if draft.fix else Text("")
        grid.add_row(
            "Level",
            Text(f"{draft.level:<10}", style="bold") + fix
            + _hint("  s p d b: surface periscope submerged bottom   l fix"),
        )
        if view is not None:
            offer = _drift_offer(view, draft)
            hint = "@ move your plot" if offer.plain else "@ move your plot   a add the expected drift"
            grid.add_row("Plot", self._plot(view, draft) + offer + _hint(hint))
        grid.add_row("Fire", _fire(view, draft))
        if view is not None:
            grid.add_row("Cost", _cost(view, draft, shore_of(self.chart), chart=self.chart, risks=self.risks,
                                       checked=self._verdict(view, draft)))
        self._add_amended(grid)
        grid.add_row("", self.status)
        return grid

    def _verdict(self, view: dict[str, Any], draft: Draft) -> tuple[tuple[str, str], ...] | None:
        """The rules' refusals of the order on the pad as the server checked it, or None while
        the check of this very order, this turn, has not come back."""
        if self.checked is None:
            return None
        turn, order, refusals = self.checked
        return refusals if turn == view["turn"] and order == draft.payload() else None

    def _plot(self, view: dict[str, Any], draft: Draft) -> Text:
        if self.plotting:
            return Text(f"{plotted(view, draft)} moving: course keys, a drift, 0 back; @ done  ",
                        style="bold black on #ffd700")  # fmt: skip
        if draft.plot is not None:
            return Text(f"{draft.plot} set by hand", style="bold #ffd700") + Text(f" (reckoned {view['plotted']})  ")
        return Text(f"{view['plotted']} as reckoned  ", style="bold")

    def _add_amended(self, grid: Table, short: bool = False) -> None:
        # Shown while its turn is the one being ordered: the order sent is no longer the order.
        if self.amended is None or self.view is None or self.amended[0] != self.view["turn"]:
            return
        turn, words, reason, short_words = self.amended
        if short:  # the tag whole, the order in a signal's words: the reason is in the reports
            for line in (Text("AMENDED", style="bold black on #ffb060")
                         + Text(" by the umpire:", style="bold #ffb060"),
                         Text(short_words, style="bold #ffb060")):  # fmt: skip
                line.no_wrap, line.overflow = True, "ellipsis"
                grid.add_row("", line)
            return
        grid.add_row(
            Text("AMENDED", style="bold black on #ffb060"),
            Text(f"the umpire gave turn {turn}'s order: {words} ({reason})", style="bold #ffb060"),
        )

    def _legs(self, draft: Draft, short: bool = False) -> Text:
        """Both legs, always, the one the keys steer marked: `E 2 then N 0` (short: `E2 then N0`)."""
        text = Text()
        for n, (course, speed) in enumerate(((draft.course, draft.speed), (draft.course2, draft.speed2)), 1):
            active = self.leg == n and not self.plotting
            style = "bold reverse" if active else "bold" if speed else "dim"
            text.append(" then " if n == 2 else "")
            text.append(f"{course}{speed}" if short else f"{course:<2} {ARROWS[course]} {speed}", style=style)
        return text + Text("" if short else "  ")

    def _speeds(self, draft: Draft) -> Text:
        total = f"{draft.speed} + {draft.speed2} = {draft.squares}"
        return Text(f"{total} square{'s' if draft.squares != 1 else ''}  ", style="bold")

    def _render_compact(self) -> Table:
        view, draft = self.view, self.draft
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold #a0c8ff", width=5)
        grid.add_column()
        turn = f"t{view['turn']} " if view else ""
        line = Text(turn + ("Steer " if draft.squares else "Stopped: "), style="bold") + self._legs(draft, short=True)
        line.append(f" at {draft.level}", style="bold")
        if draft.fix:
            line.append("; fix", style="bold")
        grid.add_row(Text("ORDER", style="bold white"), line)
        if view is not None and (self.plotting or draft.plot is not None):
            grid.add_row("Plot", self._plot(view, draft))
        elif view is not None and _drift_offer(view, draft, short=True).plain:
            offer = _drift_offer(view, draft, short=True)
            grid.add_row("Plot", Text(f"{view['plotted']} ", style="bold") + offer)
        if draft.fire_target is not None:
            grid.add_row("Fire", _fire(view, draft, hints=False))
        if view is not None:
            grid.add_row("Cost", _cost(view, draft, shore_of(self.chart), short=True, chart=self.chart,
                                       risks=self.risks, checked=self._verdict(view, draft)))
        self._add_amended(grid, short=True)
        if self.status.plain:
            grid.add_row("", self.status)
        return grid


def _drift_offer(view: dict[str, Any], draft: Draft, short: bool = False) -> Text:
    """The last hour's drift, as the view reckons it from the chart's stream, offered for the
    plot while the player has not set it by hand: one key (a) adds it."""
    drift = view.get("drift")
    if draft.plot is not None or not drift or not drift.get("course"):
        return Text("")
    if short:
        return Text(f"a adds last hour's drift {drift['course']}->{drift['square']}", style="bold #80c0ff")
    words = f"last hour {drift['stream']} set her {drift['course']} to {drift['square']}: a adds it  "
    return Text(words, style="bold #80c0ff")


def _hint(text: str) -> Text:
    return Text(text, style="dim italic")


def _fire(view: dict[str, Any] | None, draft: Draft, hints: bool = True) -> Text:
    if draft.fire_target is None:
        return Text("hold fire  ", style="bold") + _hint("f choose target")
    contact = next((c for c in (view or {}).get("contacts", ()) if c["number"] == draft.fire_target), {})
    kind = WORDS.get(contact.get("silhouette") or "", "contact").lower()
    fish = "1 torpedo" if draft.torpedoes == 1 else f"{draft.torpedoes} torpedoes"
    where = ""
    if view is not None and contact:
        plot = parse_square(plotted(view, draft))
        estimate = estimated_square(contact, view, plot)
        if estimate is not None:  # where the reckoning puts her now, from the plot
            where = ", close aboard" if estimate == plot else f", {compass(plot, estimate)} from your plot"
    line = Text(
        f"{fish} {draft.fire_direction} {ARROWS[draft.fire_direction]} at {draft.fire_target} ({kind}{where})  ",
        style="bold red",
    )
    return line + _hint("f next target  , . aim  t count  x hold fire") if hints else line


def _cost(
    view: dict[str, Any], draft: Draft, shore=None, short: bool = False, chart=None, risks=(), checked=None
) -> Text:
    """The order's cost by the limits for the view's level, what it risks, and the rules' verdict (`checked`:
    their refusals, from the server's check; None while it is asked)."""
    price = cost(view, draft, shore, chart, risks, short)
    changes = f" + {price.changes} level change{'s' if price.changes != 1 else ''}" if price.changes else ""
    moved = f"movement {price.movement} of {price.allowance}"
    text = Text(moved, style="bold red" if price.too_far else "bold")
    if not short:
        text.append(f" ({price.speed} square{'s' if price.speed != 1 else ''}{changes})")
    text.append(", " if short else "   ")
    text.append(f"battery {price.battery}", style="bold red" if price.battery_left < 0 else "bold")
    text.append(f" ({max(price.battery_left, 0)} left)")
    for _, words in checked or ():
        text.append(f"\n✗ {words}", style="bold red")
    for warning in price.warnings:
        text.append(f"\n! {warning}", style="yellow")
    for risk in price.risks:
        text.append(f"\n⚠ {risk}", style="bold #ff9040")
    if price.drift:
        text.append(f"\n~ {price.drift.words(short)}", style="#80c0ff")
    if checked is None:
        text.append("\n… asking the rules", style="dim")
    elif not checked:
        text.append("\n✓ the rules take it: Enter sends it", style="green")
    return text

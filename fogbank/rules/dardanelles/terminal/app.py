"""The submarine player's terminal client: the app, its layout, and the network worker.

Data flows down through attributes (the app sets each widget's `view`, `draft`, `entries`...);
widgets report up with messages (`OrderPad.Send`, `OrderPad.Changed`). The one network worker
reads the client library's stream; orders go out in a worker of their own.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Awaitable, Callable

from fogbank.clients import (
    CLOSED,
    CONNECTED,
    CONNECTING,
    RECONNECTING,
    Client,
    ConnectionLost,
    JoinRefused,
    OrderRefused,
    TurnPassed,
)
from fogbank.protocols import AmendedMessage, GameOver, NarrativeMessage, Observation, Snapshot, Status, Welcome
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Footer

from .chart import waters_named
from .chartpane import ChartPane
from .draft import Draft, drafted, order_words, tracked
from .debrief import check_log, final_truth, save_log, truth_words
from .end import CHECKING, EndScreen
from .gauges import Gauges
from .help import HelpScreen, fix_risk
from .log import Entry, ReportLog, briefing_entries, entries_for_reports, gauge_changes, sunk_target, turn_heading
from .orders import OrderPad
from .pencil import PencilScreen, load_marks, pencil, save_marks
from .places import PlacesScreen
from .recognition import RecognitionScreen

Connect = Callable[[int | None], Awaitable[Client]]  # last_seq -> a joined client

# The side-by-side layout with the chart at two columns a square needs this much terminal; below
# it the app is compact: the chart at one column a square, the boat and the order a line a fact.
WIDE = (156, 40)

CONNECTION_WORDS = {
    CONNECTING: ("◌ connecting", "bold yellow"),
    CONNECTED: ("● connected", "bold green"),
    RECONNECTING: ("◌ connection lost, reconnecting (your order is kept)", "bold black on yellow"),
    CLOSED: ("✗ disconnected: press c to reconnect", "bold white on red"),
}
# The same, in a word or two, for a narrow terminal.
CONNECTION_SHORT = {CONNECTING: "◌ connecting", CONNECTED: "●", RECONNECTING: "◌ reconnecting",
                    CLOSED: "✗ disconnected: c"}  # fmt: skip


CHECK_AFTER = 0.3  # seconds after the last key before the draft is checked with the rules

class TopBar(Widget):
    """Set `title`, `connection` (a client state) and `progress` (the turn's status), and `short`
    (the title in a few words). Whatever the width, the connection and the progress are whole:
    the title gives way first."""

    title: reactive[str] = reactive("fogbank")
    short: reactive[str] = reactive("")
    connection: reactive[str] = reactive(CONNECTING)
    progress: reactive[str] = reactive("")

    def render(self) -> Text:
        width = self.content_region.width or 200
        words, style = CONNECTION_WORDS.get(self.connection, (self.connection, "bold"))
        for title, connection, gap in ((self.title, words, "   "), (self.short or self.title, words, "  "),
                                       (self.short or self.title, CONNECTION_SHORT.get(self.connection, words), " ")):  # fmt: skip
            line = (
                Text(f"{title}{gap}", style="bold")
                + Text(f" {connection} ", style=style)
                + Text(f"{gap}{self.progress}", style="#a0c8ff")
            )
            if line.cell_len <= width:
                return line
        line.truncate(width, overflow="ellipsis")
        return line


class SubApp(App[None]):
    """Plays the submarine seat of a Dardanelles game through `connect(last_seq)`."""

    CSS_PATH = "sub.tcss"
    TITLE = "fogbank"
    ENABLE_COMMAND_PALETTE = False  # nothing in it a player needs, and its key hint takes room
    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("r", "recognition", "Recognition"),
        Binding("k", "places", "Places"),
        Binding("m", "pencil", "Pencil"),
        Binding("tab", "toggle_chart", "Reports", priority=True),
        Binding("pageup", "scroll_reports('page_up')", "Reports up", show=False),
        Binding("pagedown", "scroll_reports('page_down')", "Reports down", show=False),
        Binding("home", "scroll_reports('home')", "First report", show=False),
        Binding("end", "scroll_reports('end')", "Latest report", show=False),
        Binding("c", "reconnect", "Reconnect", show=False),
        Binding("e", "end", "Debrief", show=False),
        Binding("o", "track_alone", "True track alone", show=False),
        Binding("ctrl+q", "quit", "Quit"),
    ]

    connection: reactive[str] = reactive(CONNECTING)
    view: reactive[dict[str, Any] | None] = reactive(None)
    entries: reactive[tuple[Entry, ...]] = reactive(tuple)
    compact: reactive[bool] = reactive(False)
    reports_only: reactive[bool] = reactive(False)  # the chart put away: the reports take its room

    def __init__(
        self, connect: Connect, *, log_folder: Path = Path("."), umpire_note: str | None = None
    ) -> None:
        super().__init__()
        self._connect = connect
        self.log_folder = Path(log_folder)
        self.umpire_note = umpire_note
        self.client: Client | None = None
        self.welcome: Welcome | None = None
        self.game_over: GameOver | None = None
        self.sent: list[dict[str, Any]] = []  # orders the server acknowledged, in order
        self.contacts: dict[int, dict[str, Any]] = {}  # every contact so far, by number
        self.shown: set[int] = set()  # contacts whose silhouette the reports have shown
        self.record_path: Path | None = None  # where the game's record was saved, once it is over
        self.verdict = CHECKING  # what `fogbank verify` says of the saved record
        self.truth = Text()  # what was really there, in words, once the record is replayed

    def compose(self) -> ComposeResult:
        yield TopBar(id="top")
        with Horizontal(id="main"):
            yield ChartPane(id="chart")
            with Vertical(id="side"):
                yield Gauges(id="gauges")
                yield OrderPad(id="orders")
                yield ReportLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        for selector, title in (
            ("#chart", "Chart"),
            ("#gauges", "Boat"),
            ("#orders", "Orders"),
            ("#log", "Reports"),
        ):
            self.query_one(selector).border_title = title
        self.query_one(OrderPad).focus()
        self.compact = self.size.width < WIDE[0] or self.size.height < WIDE[1]
        self.watch_compact(self.compact)
        self.run_connection()

    def on_resize(self, event: events.Resize) -> None:
        self.compact = event.size.width < WIDE[0] or event.size.height < WIDE[1]

    # Attributes down ------------------------------------------------------------------------

    def watch_connection(self, state: str) -> None:
        for widget in self.query(TopBar):
            widget.connection = state
        for pad in self.query(OrderPad):
            pad.connection = state

    def watch_compact(self, compact: bool) -> None:
        self.set_class(compact, "-compact")
        for widget in self.query("Gauges, OrderPad, ReportLog"):
            widget.compact = compact
        for chart in self.query(ChartPane):
            chart.cell = 1 if compact else 2

    def watch_reports_only(self, reports_only: bool) -> None:
        self.set_class(reports_only, "-reports-only")

    def watch_view(self, view: dict[str, Any] | None) -> None:
        for widget in self.query("ChartPane, Gauges, OrderPad"):
            widget.view = view
        self.check_draft()  # what the rules allow may have changed with the view

    def watch_entries(self, entries: tuple[Entry, ...]) -> None:
        for widget in self.query(ReportLog):
            widget.entries = entries

    def _set_welcome(self, welcome: Welcome) -> None:
        self.welcome = welcome
        self.query_one(ChartPane).chart = welcome.chart
        self.query_one(OrderPad).chart = welcome.chart
        self.query_one(OrderPad).fix_risk = fix_risk(welcome.briefing)
        self.query_one(OrderPad).risks = tuple(welcome.briefing.get("risks") or ())
        orders = " ".join(welcome.briefing.get("briefing", "").split())
        # The objective as the rules name it; an older server names none: read from the orders.
        objectives = welcome.briefing.get("objectives")
        if objectives is None:
            objectives = waters_named(orders, welcome.chart)
        self.query_one(ChartPane).targets = tuple(objectives)
        self.query_one(Gauges).turn_limit = welcome.briefing.get("turn_limit")
        self.query_one(Gauges).sink_before = welcome.briefing.get("sink_before")
        top = self.query_one(TopBar)
        top.title = f"{welcome.briefing.get('title', welcome.scenario)} · {welcome.chart.get('name', '')}"
        top.short = welcome.briefing.get("boat") or welcome.scenario
        self.query_one(ChartPane).border_title = welcome.chart.get("name", "Chart")
        self.query_one(ChartPane).marks = load_marks(self._pencil_file())

    def _status(self, text: str, style: str = "") -> None:
        self.query_one(OrderPad).status = Text(text, style=style)

    # Messages up ----------------------------------------------------------------------------

    def on_order_pad_changed(self, message: OrderPad.Changed) -> None:
        if self.game_over is not None:
            return  # no more orders: no course to plot
        self.query_one(ChartPane).draft = message.draft
        self.query_one(Gauges).draft = message.draft
        self.check_draft()

    def on_order_pad_send(self, message: OrderPad.Send) -> None:
        self.submit_order(message.order, message.turn)

    # Workers --------------------------------------------------------------------------------

    @work(exclusive=True, group="connection")
    async def run_connection(self) -> None:
        last_seq = self.client.seq if self.client is not None else None
        self.connection = CONNECTING
        try:
            client = await self._connect(last_seq)
        except JoinRefused as refusal:
            self.connection = CLOSED
            self._note("refusal", f"The server would not let this token join: {refusal.message}")
            return
        except Exception as error:  # noqa: BLE001 - unreachable, bad address...: say so, stay up
            self.connection = CLOSED
            self._note("refusal", f"Cannot reach the server: {error}")
            return
        self.client = client
        client.on_state(self._on_state)
        self.connection = client.state
        if client.welcome is not None:
            self._set_welcome(client.welcome)
        try:
            async for message in client.stream():
                self._take(message)
        except ConnectionLost as lost:
            self._note("refusal", f"The connection is lost: {lost}. Press c to reconnect.")
        self.connection = client.state

    def _on_state(self, state: str) -> None:
        self.connection = state

    @work(exclusive=True, group="check")
    async def check_draft(self) -> None:
        """Ask the rules, through the server's `check`, what they would say to the order on the
        pad: the pad shows their refusals in their words, or that they take it. A newer edit
        cancels a check not yet asked (the worker is exclusive), so a burst of keys is one check."""
        await asyncio.sleep(CHECK_AFTER)
        try:
            pad = self.query_one(OrderPad)
        except NoMatches:  # the player quit as it came due: the screen's widgets are gone
            return
        client, view = self.client, self.view
        if client is None or view is None or self.game_over is not None or client.state != CONNECTED:
            pad.checked = None
            return
        order, turn = pad.draft.payload(), view["turn"]
        try:
            refusals = await client.check(order, turn)
        except Exception:  # noqa: BLE001 - not connected, a limit, an older server: no verdict to show
            pad.checked = None
            return
        pad.checked = (turn, order, tuple((r["code"], r["message"]) for r in refusals))

    @work(exclusive=True, group="orders")
    async def submit_order(self, order: dict[str, Any], turn: int) -> None:
        client = self.client
        words = Draft.from_payload(order).words()
        if client is None or client.state == CLOSED:
            self._status(
                "Not connected: the order is kept here. Press c to reconnect, then Enter.", "bold yellow"
            )
            return
        if client.state == RECONNECTING:
            self._status(f"Connection down: turn {turn}'s order will go when it is back. {words}", "yellow")
        else:
            self._status(f"Sending turn {turn}'s order: {words}", "yellow")
        try:
            await client.submit(order, turn)
        except OrderRefused as refusal:
            self._status(f"Refused: {refusal.message}", "bold red")
            self._note("refusal", f"Order refused: {refusal.message}")
            return
        except TurnPassed:
            self._status(
                f"Turn {turn} was resolved while the connection was down; see the reports.", "yellow"
            )
            return
        except ConnectionLost:
            self._status(
                "The connection dropped before the order was confirmed. Press Enter to send it again.",
                "bold red",
            )
            return
        self.sent.append(order)
        if self.view is not None and self.view["turn"] == turn:  # else the turn has resolved already
            self._status(
                f"Turn {turn}: order recorded by the umpire. {words} Waiting for the turn to resolve.",
                "green",
            )

    # The stream -----------------------------------------------------------------------------

    def _take(self, message: Any) -> None:
        start = self.welcome.briefing.get("start") if self.welcome else None
        if isinstance(message, Snapshot):
            self.contacts = {}
            self._track(message.view["contacts"])
            self.shown = set()
            self.query_one(ChartPane).sunk = frozenset()
            told = briefing_entries(self.welcome.briefing) if self.welcome else []
            self.entries = (*told, *self._read(message.view["reports"], start))
            self.view = self._with_contacts(message.view)
            self._progress(message.turn, message.must_act)
        elif isinstance(message, Observation) and self.view is not None and message.turn == self.view["turn"]:
            # The same turn seen again: the umpire changed the boat's gauges (an override), not a
            # turn resolved; said as the umpire would, with no turn heading of its own.
            changed = gauge_changes(self.view, message.view)
            self.view = self._with_contacts(message.view)
            if changed:
                self._note("narrative", f"The umpire: {changed}")
        elif isinstance(message, Observation):
            self._track(message.view["contacts"])
            reports = self._read(message.view["reports"], start)
            if not reports:
                reports = [turn_heading(message.turn - 1, start), Entry("note", "Nothing to report.")]
            self.entries = (*self.entries, *reports)
            self.view = self._with_contacts(message.view)
            self._status(f"Turn {message.turn - 1} resolved. Orders for turn {message.turn}?", "#a0c8ff")
            # No status follows a resolved turn: the observation says where the new one stands.
            self._progress(message.turn, message.must_act)
        elif isinstance(message, NarrativeMessage):
            self._note("narrative", f"The umpire: {message.text}")
        elif isinstance(message, AmendedMessage):
            self._amended(message)
        elif isinstance(message, Status):
            if self.view is None or message.turn >= self.view["turn"]:  # never an older turn's
                self._progress(message.turn, message.must_act, message.order_in, message.held)
        elif isinstance(message, GameOver):
            self.game_over = message
            self._note("narrative", f"Game over: {message.result}. {message.reason}")
            self.query_one(TopBar).progress = f"game over: {message.result}; e the debrief"
            self.query_one(OrderPad).over = True
            self.query_one(ChartPane).draft = None
            self.query_one(Gauges).draft = None  # no order to come: the gauges show the last view alone
            self.debrief()
            self.action_end()

    def _amended(self, message: AmendedMessage) -> None:
        # The boat sails under the umpire's order, so the pad takes it up: the next turn's draft
        # starts from what was really ordered, as it would from the player's own.
        words = order_words(message.order)
        rules = f" The rules: {message.note}" if message.note else ""
        self._note(
            "amended",
            f"The umpire amended your order for turn {message.turn}: {words} Reason: {message.reason}.{rules}",
        )
        pad = self.query_one(OrderPad)
        pad.amended = (message.turn, words, message.reason, order_words(message.order, short=True))
        draft = drafted(message.order)
        if draft is not None:  # else the words above still say it
            pad.draft = draft

    def _progress(self, turn: int, must_act: bool, order_in: bool = False, held: bool = False) -> None:
        # A seat is told only its own progress: never who else is yet to act.
        if order_in:
            progress = "order in; held by the umpire" if held else "order in; waiting for the turn"
        else:
            progress = "your orders" if must_act else "waiting"
        self.query_one(TopBar).progress = f"turn {turn}: {progress}"

    def _track(self, contacts: list[dict[str, Any]]) -> None:
        for contact in contacts:
            self.contacts[contact["number"]] = tracked(self.contacts.get(contact["number"]), contact)

    def _read(self, reports: list[dict[str, Any]], start: str | None) -> list[Entry]:
        orders = self.welcome.briefing.get("briefing", "") if self.welcome else ""
        chart = self.query_one(ChartPane)
        chart.sunk = chart.sunk | {n for n in map(sunk_target, reports) if n is not None}
        self.query_one(OrderPad).sunk = chart.sunk
        return entries_for_reports(reports, start, contacts=self.contacts, shown=self.shown, orders=orders)

    def _with_contacts(self, view: dict[str, Any]) -> dict[str, Any]:
        # An observation carries only the last turn's contacts (a snapshot has them all).
        return {**view, "contacts": [self.contacts[n] for n in sorted(self.contacts)]}

    def _note(self, kind: str, text: str) -> None:
        self.entries = (*self.entries, Entry(kind, text))

    # Actions --------------------------------------------------------------------------------

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.umpire_note, self.welcome.briefing if self.welcome else None))

    def action_recognition(self) -> None:
        self.push_screen(RecognitionScreen())

    def action_places(self) -> None:
        chart = self.query_one(ChartPane)
        self.push_screen(PlacesScreen(chart.chart, list(chart.targets), chart.marks))

    def action_pencil(self) -> None:
        if self.welcome is not None:
            self.push_screen(PencilScreen(self.query_one(ChartPane).marks), self._pencilled)

    def _pencilled(self, line: str | None) -> None:
        chart = self.query_one(ChartPane)
        if not line or not line.strip() or self.welcome is None:
            return
        try:
            marks, done = pencil(chart.marks, line, self.welcome.chart)
        except ValueError as error:
            self._status(f"Pencil: {error}", "yellow")
            return
        try:
            save_marks(self._pencil_file(), marks)
        except OSError as error:
            done += f" (not kept: {error.strerror})"
        chart.marks = marks
        self._status(done, "#e0e0e0")

    def _pencil_file(self) -> Path:
        game = self.welcome.game if self.welcome else "game"
        return self.log_folder / f"pencil-{game}.json"

    def action_toggle_chart(self) -> None:
        self.reports_only = not self.reports_only

    def action_scroll_reports(self, how: str) -> None:
        self.query_one(ReportLog).page(how)

    def action_reconnect(self) -> None:
        if self.connection == CLOSED and self.game_over is None:
            self.run_connection()

    def action_track_alone(self) -> None:
        """After the game: the true track alone on the chart, or everything again."""
        chart = self.query_one(ChartPane)
        if chart.truth is not None:
            chart.track_alone = not chart.track_alone

    def action_end(self) -> None:
        if self.game_over is None or isinstance(self.screen, EndScreen):
            return
        commitment = self.welcome.commitment if self.welcome else None
        seat = self.welcome.seat if self.welcome else ""
        screen = EndScreen(self.game_over, commitment, self._record_file(), seat)
        screen.verdict, screen.truth = self.verdict, self.truth
        self.push_screen(screen)

    def _record_file(self) -> Path:
        game = self.welcome.game if self.welcome else "game"
        return self.log_folder / f"game-{game}.jsonl"

    @work(thread=True, exclusive=True, group="debrief")
    def debrief(self) -> None:
        """Save the game's record at once, check it as `fogbank verify` does, and replay it for
        the truth the chart shows beside the plot."""
        assert self.game_over is not None
        path = self._record_file()
        try:
            save_log(self.game_over, path)
        except OSError as error:
            verdict = Text(f"The record could not be saved to {path}: {error.strerror}", style="bold red")
            self.call_from_thread(self._debriefed, None, verdict, None)
            return
        verdict = check_log(path)
        verdict.append(f"\nThe record is saved: {path}   (check it from a shell: fogbank verify {path})")
        truth = final_truth(self.game_over.log)
        self.call_from_thread(self._debriefed, path, verdict, truth)

    def _debriefed(self, path: Path | None, verdict: Text, truth: dict[str, Any] | None) -> None:
        self.record_path, self.verdict = path, verdict
        self.truth = truth_words(truth) if truth is not None else Text()
        for screen in self.screen_stack:
            if isinstance(screen, EndScreen):
                screen.verdict, screen.truth = verdict, self.truth
        self.query_one(ChartPane).truth = truth
        if path is not None:
            self._note("note", f"The game's record is saved: {path} (fogbank verify {path} checks it).")


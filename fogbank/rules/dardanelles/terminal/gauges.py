"""The boat's state at a glance: clock, day or night, level, air, battery, torpedoes."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..units import (
    AIR_FULL,
    AIR_PER_SURFACED_HOUR,
    BATTERY_FULL,
    BATTERY_PER_SURFACED_HOUR,
    NIGHT_HOURS,
    RELOAD_TURNS,
    Level,
    battery_cost,
)
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from .draft import Draft
from .reckoning import plotted

BAR = 20


def bar(value: int, full: int, low: int, width: int = BAR) -> Text:
    filled = round(width * max(0, min(value, full)) / full)
    colour = "red" if value <= low else "yellow" if value <= full // 3 else "green"
    return Text("█" * filled, style=colour) + Text("░" * (width - filled), style="#444444")


def air_outlook(view: dict[str, Any], draft: Draft | None) -> str:
    level = draft.level if draft else view["level"]
    if level == "surface":
        return f"surfaced: +{AIR_PER_SURFACED_HOUR} an hour"
    return f"lasts {view['air']} turn{'s' if view['air'] != 1 else ''} below"


def battery_outlook(view: dict[str, Any], draft: Draft | None) -> str:
    level = draft.level if draft else view["level"]
    if level == "surface":
        return f"surfaced: +{BATTERY_PER_SURFACED_HOUR} an hour"
    speed = draft.speed if draft else 0
    used = battery_cost(Level(view["level"]), Level(level), speed)
    if speed == 0:
        return f"uses {used} this turn; none while stopped"
    turns = (view["battery"] - used) // speed + 1 if view["battery"] >= used else 0
    return f"uses {used} this turn; lasts {turns} turn{'s' if turns != 1 else ''} at {speed} squares"


def clock_words(time: str, short: bool = False) -> str:
    moment = datetime.fromisoformat(time)
    return (
        f"{moment:%H%M} {moment.day} {moment:%b}" if short else f"{moment:%H%M}, {moment.day} {moment:%b %Y}"
    )


class Gauges(Widget):
    """Set `view` (the submarine view), `draft` (the order being keyed in), `turn_limit`, and
    `compact` (True: a line each, no outlooks, for a narrow terminal)."""

    # layout=True: in the compact layout the panel is as tall as what it has to say.
    view: reactive[dict[str, Any] | None] = reactive(None, layout=True)
    draft: reactive[Draft | None] = reactive(None, layout=True)
    turn_limit: reactive[int | None] = reactive(None)
    sink_before: reactive[str | None] = reactive(None, layout=True)  # the briefing's hour for the targets
    compact: reactive[bool] = reactive(False, layout=True)

    def render(self) -> Table | Text:
        view = self.view
        if view is None:
            return Text("Waiting for the boat's state...", style="dim")
        if self.compact:
            return self._render_compact(view)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold #a0c8ff", width=10)
        grid.add_column()
        of = f" of {self.turn_limit}" if self.turn_limit else ""
        grid.add_row("Turn", Text(f"{view['turn']}{of}   {clock_words(view['time'])}   ") + _light(view))
        grid.add_row("Level", self._level(view))
        grid.add_row(
            "Air",
            bar(view["air"], AIR_FULL, 3)
            + Text(f" {view['air']:>2}/{AIR_FULL} h   {air_outlook(view, self.draft)}"),
        )
        grid.add_row(
            "Battery",
            bar(view["battery"], BATTERY_FULL, 6)
            + Text(f" {view['battery']:>2}/{BATTERY_FULL}   {battery_outlook(view, self.draft)}"),
        )
        grid.add_row("Torpedoes", _torpedoes(view))
        if self.sink_before:
            done = view.get("targets_sunk", False)
            grid.add_row("Target", deadline_words(view["time"], self.sink_before, done=done))
        plot = plotted(view, self.draft)
        if plot != view["plotted"]:
            set_by_hand = Text(f"{plot}, set by hand (the reckoning: {view['plotted']})", style="bold #ffd700")
            grid.add_row("Plotted", set_by_hand)
        else:
            grid.add_row("Plotted", Text(f"{plot} (dead reckoning; the tide not allowed for: @ moves it)"))
        return grid

    def _level(self, view: dict[str, Any]) -> Text:
        if not view["afloat"]:
            return Text("LOST", style="bold red")
        level = Text(view["level"].upper(), style="bold cyan")
        if self.draft and self.draft.level != view["level"]:
            level.append(f" -> {self.draft.level}", style="yellow")
        return level

    def _render_compact(self, view: dict[str, Any]) -> Table:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold #a0c8ff", width=5)
        grid.add_column()
        of = f"/{self.turn_limit}" if self.turn_limit else ""
        clock = clock_words(view["time"], short=True)
        grid.add_row("Turn", Text(f"{view['turn']}{of} {clock} ") + _light(view, short=True))
        plot = plotted(view, self.draft)
        grid.add_row("Level", self._level(view) + Text(f"  @ {plot}" + ("*" if plot != view["plotted"] else "")))
        grid.add_row("Air", bar(view["air"], AIR_FULL, 3, 10) + Text(f" {view['air']:>2}/{AIR_FULL} h"))
        grid.add_row("Batt", bar(view["battery"], BATTERY_FULL, 6, 10)
                     + Text(f" {view['battery']:>2}/{BATTERY_FULL}"))  # fmt: skip
        torpedoes = _torpedoes(view, short=True)
        grid.add_row("Torp", torpedoes)
        if self.sink_before:
            grid.add_row("Sink", deadline_words(view["time"], self.sink_before, short=True,
                                                done=view.get("targets_sunk", False)))
        return grid


def deadline_words(time: str, before: str, short: bool = False, done: bool = False) -> Text:
    """How long is left to sink the scenario's targets: "sink before 2200 25 Apr: 7 h left";
    `done`: the crew saw the last of them sink in time, and the clock no longer runs for them."""
    if done:
        words = "sunk in time" if short else "sunk in time: the hour no longer matters"
        return Text(words, style="bold green")
    left = int((datetime.fromisoformat(before) - datetime.fromisoformat(time)).total_seconds() // 3600)
    if left <= 0:
        passed = f"{clock_words(before)} has passed: sinking her counts no more"
        return Text("too late: it counts no more" if short else passed, style="dim")
    hour = f"{datetime.fromisoformat(before):%H%M}"
    long = f"sink before {clock_words(before, short=True)}: {left} h left"
    words = f"{left} h left (till {hour})" if short else long
    return Text(words, style="bold #ffd700" if left <= 4 else "")


def _light(view: dict[str, Any], short: bool = False) -> Text:
    """Day or night, and when that ends: the notes' night is 2200 to 0500 all the year."""
    change = f"{light_changes(view['time'], view['night']):02d}00"
    until = Text(f" to {change}" if short else f" until {change}")
    if view["night"]:
        return Text(" NIGHT ", style="bold white on #202060") + until
    return Text(" DAY ", style="bold black on #e0c050") + until


def light_changes(time: str, night: bool) -> int:
    """The hour at which the turn beginning at `time` gives way to the other: day at the end of
    the night hours, night at their start."""
    hour = datetime.fromisoformat(time).hour
    for ahead in range(1, 25):
        if ((hour + ahead) % 24 in NIGHT_HOURS) != night:
            return (hour + ahead) % 24
    return hour


def _torpedoes(view: dict[str, Any], short: bool = False) -> Text:
    tubes = Text("▮" * view["loaded"], style="bold green") + Text(
        "▯" * (view["tubes"] - view["loaded"]), style="#666666"
    )
    text = tubes + Text(f" {view['loaded']}/{view['tubes']} loaded, {view['spare']} spare")
    if short:
        if view["reload_turns_left"] is not None:
            text.append(f", reload {view['reload_turns_left']}", style="yellow")
        return text
    if view["reload_turns_left"] is not None:
        text.append(f", reloading: {view['reload_turns_left']} surfaced turn(s) left", style="yellow")
    elif view["loaded"] < view["tubes"] and view["spare"]:
        text.append(f", reload takes {RELOAD_TURNS} turns on the surface", style="dim")
    return text

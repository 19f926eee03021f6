"""What each seat may know: the crew's view from their own log, the umpire's from the truth."""

from __future__ import annotations

import functools
import math
from datetime import datetime, timedelta

import attrs

from fogbank.rules.core import GameState

from .board import Board, BoatLog, Report
from .chart import Chart, Course, Place, square_name
from .contacts import Contact
from .events import BRITISH, DriftHeld
from .scenario import Scenario
from .stream import stream_set
from .turn import is_night
from .units import Level, battery_cost, movement_allowance


@attrs.frozen
class Outcome:
    """The end as the boat's side has it (the core keeps a result per side)."""

    result: str
    reason: str


def _outcome(state: GameState) -> Outcome | None:
    outcome = state.outcome
    return None if outcome is None else Outcome(outcome.result_for(BRITISH), outcome.reason)


@attrs.frozen(kw_only=True)
class StreamDrift:
    """The last hour's drift as the player's chart gives it: `stream` ("the surface stream" or
    "the deep set") set her on `course` to `square`; `course` None: it pressed her against the
    bank at `square` (the chart's land there, or the crew felt her settle on it)."""

    stream: str
    course: str | None
    square: str


@attrs.frozen(kw_only=True)
class LevelLimits:
    """What an hour ending at one level allows from the level the boat is at, worked by the rules'
    own `movement_allowance` and `battery_cost`, so that an order pad previews an order's cost
    without a copy of the rules."""

    allowance: int  # squares of movement in the hour, level changes included
    changes: int  # level changes to get there, each a square of movement
    squares: int  # squares left to move after them (0 at the bottom: she lies on the seabed)
    battery: int  # battery the level changes use
    battery_a_square: int  # battery each square moved uses (0 for an hour that ends on the surface)
    still: bool = False  # she lies on the seabed: no movement under power, only the drift


@attrs.frozen(kw_only=True)
class SubmarineView:
    """The player's view at the start of a turn, built from the crew's log alone."""

    turn: int  # the turn the player now orders
    time: str  # local time at its start, "YYYY-MM-DDTHH:MM"
    night: bool
    level: str
    air: int
    battery: int
    tubes: int
    loaded: int
    spare: int
    reload_turns_left: int | None
    afloat: bool
    plotted: str  # the dead-reckoning position
    track: tuple[str, ...]  # the dead-reckoning track, one square a turn, from the start
    reports: tuple[Report, ...]  # the umpire's reports since `since` (the last turn, by default)
    contacts: tuple[Contact, ...]  # the contacts reported since `since`, by number
    outcome: Outcome | None
    # The crew saw the last of the scenario's targets go down while it still counted ("now get
    # out"): the hour set for them no longer runs. From their log, like everything here.
    targets_sunk: bool = False
    # Where the stream the chart prints should have set the boat in the last hour, from the plot
    # at the level she was at: for the crew to add to their plot (None before the first hour, or
    # where the chart prints no stream).
    drift: StreamDrift | None = None
    # What each level allows is not here: it follows from `level` alone, the same in every game,
    # so the briefing carries it once for every level (`level_limits`), not every hour's view.


@attrs.frozen(kw_only=True)
class BoatTruth:
    name: str
    square: str
    level: str
    air: int
    battery: int
    tubes: int
    loaded: int
    spare: int
    reload_progress: int
    afloat: bool


@attrs.frozen(kw_only=True)
class VesselTruth:
    number: int
    type: str
    name: str | None
    square: str
    sunk: bool


@attrs.frozen(kw_only=True)
class UmpireView:
    """The truth, less the dice seed (revealed to everyone at the end, the umpire included)."""

    turn: int
    time: str
    night: bool
    boat: BoatTruth
    vessels: tuple[VesselTruth, ...]
    minefields: dict[str, int]
    track: tuple[str, ...]  # true position at the end of each turn
    plotted_track: tuple[str, ...]  # the track the crew believes
    contact_vessels: dict[int, int]
    setup: tuple[dict, ...]  # the dice that placed the mines and vessels (none when placed by hand)
    outcome: Outcome | None


@attrs.frozen(kw_only=True)
class ChartView:
    """A chart as drawn: `terrain` lines north first ('.' sea, '#' land); overlays for the umpire."""

    name: str
    columns: int
    rows: int
    terrain: tuple[str, ...]
    places: tuple[dict, ...]
    finish: tuple[dict, ...] = ()  # the zones to reach, by label, as the player's orders name them
    sink_before: str | None = None  # the hour from which sinking the targets no longer counts, if any
    # The surface stream's general set in each row it runs in (row number -> course), as a chart's
    # tidal arrows print it; the deep set runs the other way.
    stream: dict[str, str] = attrs.field(factory=dict)
    overlays: dict[str, tuple[str, ...]] = attrs.field(factory=dict)


DRIFT_HELD = DriftHeld.kind


def clock(scenario: Scenario, turn: int) -> str:
    return _clock(scenario.start, turn)


@functools.lru_cache(maxsize=1024)  # every view gives the hour: worked out once a scenario's turn
def _clock(start: str, turn: int) -> str:
    return (datetime.fromisoformat(start) + timedelta(hours=turn - 1)).isoformat(timespec="minutes")


def _since(items: tuple, turn: int) -> tuple:
    """The items of a log from `turn` on. The crew's log only ever grows at its end, an hour at a
    time, so the recent ones are read back from the end rather than the whole game's scanned."""
    first = len(items)
    while first and items[first - 1].turn >= turn:
        first -= 1
    return items[first:]


def submarine_view(state: GameState, scenario: Scenario, log: BoatLog, since: int | None) -> SubmarineView:
    since = state.turn - 1 if since is None else since
    return SubmarineView(
        turn=state.turn,
        time=clock(scenario, state.turn),
        night=is_night(scenario, state.turn),
        level=log.level.value,
        air=log.air,
        battery=log.battery,
        tubes=log.tubes,
        loaded=log.loaded,
        spare=log.spare,
        reload_turns_left=log.reload_turns_left,
        afloat=log.afloat,
        plotted=square_name(log.plotted),
        track=tuple(map(square_name, log.track)),
        reports=_since(log.reports, since),
        contacts=_since(log.contacts, since),
        outcome=_outcome(state),
        targets_sunk=any(r.kind == "torpedo_fired" and r.facts.get("then") for r in log.reports),
        drift=_last_drift(scenario, log, state.turn) if log.afloat else None,
    )


@functools.cache
def level_limits(start: Level) -> dict[str, LevelLimits]:
    """What an hour from `start` to each level allows (the same for every boat at that level, in
    every game: the briefing carries it for every `start`, docs/payloads.md)."""
    limits = {}
    for end in Level:
        changes = abs(end.depth - start.depth)
        allowance = movement_allowance(start, end)
        limits[end.value] = LevelLimits(
            allowance=allowance,
            changes=changes,
            squares=0 if end is Level.BOTTOM else max(0, allowance - changes),  # the rules' bottom_still
            battery=battery_cost(start, end, 0),
            battery_a_square=battery_cost(start, end, 1) - battery_cost(start, end, 0),
            still=end is Level.BOTTOM,
        )
    return limits


def _last_drift(scenario: Scenario, log: BoatLog, turn: int) -> StreamDrift | None:
    """Where the stream the player's chart prints should have set the boat in the last hour, from
    the plot, at the level she was at: the crew's pencil (`stream.py`), not the umpire's drift."""
    chart = scenario.chart
    if turn <= 1 or chart.zones.get(log.plotted) == "X":  # out in the Aegean: no stream to allow for
        return None
    plotted = log.plotted
    printed, course = stream_set(_printed(chart), lambda sq: not chart.is_sea(sq), plotted, log.level.sees)
    if not printed:
        return None
    felt = any(r.kind == DRIFT_HELD and r.turn == turn - 1 for r in log.reports[-8:])
    stream = "the surface stream" if log.level.sees else "the deep set"
    if course is None or felt:
        return StreamDrift(stream=stream, course=None, square=square_name(plotted))
    dx, dy = course.step
    return StreamDrift(stream=stream, course=course.value, square=square_name((plotted[0] + dx, plotted[1] + dy)))


_PRINTED: dict[int, tuple[Chart, dict[str, str]]] = {}


def _printed(chart: Chart) -> dict[str, str]:
    """The chart's printed stream (`stream_by_row`), worked out once a chart."""
    found = _PRINTED.get(id(chart))
    if found is None or found[0] is not chart:
        found = _PRINTED[id(chart)] = (chart, stream_by_row(chart))
    return found[1]


def umpire_view(state: GameState, scenario: Scenario, log: BoatLog) -> UmpireView:
    board: Board = state.board
    boat = board.boat
    return UmpireView(
        turn=state.turn,
        time=clock(scenario, state.turn),
        night=is_night(scenario, state.turn),
        boat=BoatTruth(
            name=boat.name,
            square=square_name(boat.square),
            level=boat.level.value,
            air=boat.air,
            battery=boat.battery,
            tubes=boat.tubes,
            loaded=boat.loaded,
            spare=boat.spare,
            reload_progress=boat.reload_progress,
            afloat=boat.afloat,
        ),
        vessels=tuple(
            VesselTruth(
                number=v.number, type=v.type.value, name=v.name, square=square_name(v.square), sunk=v.sunk
            )
            for v in board.vessels
        ),
        minefields={square_name(sq): rows for sq, rows in sorted(board.minefields.items())},
        track=tuple(square_name(s) for s in board.track),
        plotted_track=tuple(square_name(s) for s in log.track),
        contact_vessels=dict(board.contact_vessels),
        setup=tuple(
            {"what": d.what, "key": d.key, "die": f"d{d.sides}", "face": d.face, "square": d.square}
            for d in board.setup
        ),
        outcome=_outcome(state),
    )


FINISH_LABELS = {"X": "out", "M": "Marmara"}


def chart_view(scenario: Scenario, *, umpire: bool) -> ChartView:
    chart = scenario.chart
    reach = scenario.victory.reach

    def drawing(mark) -> tuple[str, ...]:
        return tuple("".join(mark((x, y)) for x in range(chart.columns)) for y in reversed(range(chart.rows)))

    overlays = {}
    if umpire:
        overlays = {
            "tidal": drawing(lambda sq: _NUMPAD[chart.tide[sq]] if sq in chart.tide else "."),
            "searchlight": drawing(lambda sq: "S" if sq in chart.searchlight else "."),
            "batteries": drawing(lambda sq: "B" if sq in chart.batteries else "."),
            "zones": drawing(lambda sq: chart.zones.get(sq, ".")),
        }
    return ChartView(
        name=chart.name,
        columns=chart.columns,
        rows=chart.rows,
        terrain=drawing(lambda sq: "." if sq in chart.sea else "#"),
        places=tuple(_place(p) for p in chart.places),
        finish=(
            {
                "label": FINISH_LABELS.get(reach, reach),
                "squares": [square_name(sq) for sq in sorted(chart.zones, key=lambda s: (s[1], s[0])) if chart.zones[sq] == reach],
            },
        ),
        sink_before=scenario.victory.sink_before,
        stream=stream_by_row(chart),
        overlays=overlays,
    )


def stream_by_row(chart) -> dict[str, str]:
    """Each row's general set of the surface stream: the course nearest the sum of its squares'."""
    sums: dict[int, list[int]] = {}
    for (_x, y), course in chart.tide.items():
        total = sums.setdefault(y, [0, 0])
        total[0] += course.step[0]
        total[1] += course.step[1]
    stream = {}
    for y in sorted(sums):
        dx, dy = sums[y]
        if dx or dy:
            stream[str(y + 1)] = Course.nearest(math.degrees(math.atan2(dx, dy))).value
    return stream


def _place(place: Place) -> dict:
    return {"name": place.name, "square": square_name(place.square), "side": place.side, "landmark": place.landmark}


_NUMPAD = {
    Course.N: "8",
    Course.NE: "9",
    Course.E: "6",
    Course.SE: "3",
    Course.S: "2",
    Course.SW: "1",
    Course.W: "4",
    Course.NW: "7",
}

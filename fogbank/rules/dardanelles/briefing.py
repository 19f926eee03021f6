"""What the captain is told before the first turn: the orders, what intelligence reported, when
night falls, and what each level risks, with the odds worked from the umpire's own tables.

Nothing here is hidden from the player: the tables, the speeds and the clock are the game's rules,
the same in every game. The odds are worked out, not written, so they follow the tables.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fogbank.rules.core.plain import to_plain

from .chart import square_name
from .scenario import Scenario
from .tables import (
    BOTTOM_MINES,
    FIX_OBSERVERS,
    MINEFIELD_SUBMERGED,
    MINEFIELD_SURFACE,
    NIGHT_BATTERY,
    OBSERVERS_DAY,
    PERISCOPE_ASHORE,
    PERISCOPE_MINES,
    SEARCHLIGHT_NIGHT,
    SHORE_BATTERY,
    Table,
)
from .units import (
    AIR_PER_SURFACED_HOUR,
    BATTERY_PER_SURFACED_HOUR,
    HYDROPHONE_RANGE,
    NIGHT_HOURS,
    SPEED_BELOW,
    SPEED_SURFACE,
    VISION_DAY,
    VISION_NIGHT,
    Level,
)
from .views import level_limits


def _per_cent(chance: Fraction) -> str:
    return f"{round(100 * chance)}%"


def _odds(table: Table, outcome: str, modifier: int = 0) -> str:
    """ "7 or less, 58%": what the dice must show, and how often they do."""
    return f"{table.needs(outcome, modifier)} on {table.dice}d6, {_per_cent(table.chance(outcome, modifier))}"


def night_words() -> str:
    """When night falls and when it ends, from the rules' night hours."""
    falls = min(h for h in NIGHT_HOURS if h > 12)
    ends = (max(h for h in NIGHT_HOURS if h < 12) + 1) % 24
    return (
        f"Night falls at {falls:02d}00 and ends at {ends:02d}00, all the year round: the hours that begin "
        f"at {falls:02d}00 to {ends - 1:02d}00 are dark, so at 1700, even in December, it is still day. "
        f"By day you see {VISION_DAY} squares and artillery observers watch the defended reach; by night "
        f"you see {VISION_NIGHT}, searchlights sweep it instead, and no fix can be taken."
    )


def _shore(level: Level) -> dict[str, str]:
    """What the shore does to a boat at `level` where observers watch (by day) or searchlights
    sweep (by night), and, within battery range, the guns' one roll."""
    if not level.sees:
        return dict.fromkeys(("seen", "battery", "sunk", "night"), "never: she is under")
    up = PERISCOPE_ASHORE if level is Level.PERISCOPE else 0
    seen, sunk = OBSERVERS_DAY.chance("seen", up), SHORE_BATTERY.chance("sunk", up)
    return {
        "seen_short": f"{_per_cent(seen)} an hour",
        "sunk_short": _per_cent(sunk),
        "lit_short": f"{_per_cent(SEARCHLIGHT_NIGHT.chance('found', up))} an hour",
        "night_sunk": _per_cent(SHORE_BATTERY.chance("sunk", up + NIGHT_BATTERY)),
        "seen": f"{_per_cent(seen)} an hour ({OBSERVERS_DAY.needs('seen', up)} on 2d6)",
        "battery": f"{SHORE_BATTERY.needs('sunk', up)} on 2d6 sinks her ({_per_cent(sunk)})",
        "sunk": f"{_per_cent(seen * sunk)} an hour",
        "night": f"a searchlight finds her {_per_cent(SEARCHLIGHT_NIGHT.chance('found', up))} an hour; then "
        f"{SHORE_BATTERY.needs('sunk', up + NIGHT_BATTERY)} sinks her "
        f"({_per_cent(SHORE_BATTERY.chance('sunk', up + NIGHT_BATTERY))})",
    }


def _mines(level: Level) -> str:
    if level.sees:
        modifier = PERISCOPE_MINES if level is Level.PERISCOPE else 0
        return f"sunk at {_odds(MINEFIELD_SURFACE, 'sunk', modifier)} a row"
    modifier = _mine_modifier(level)
    if not MINEFIELD_SUBMERGED.throws("sunk", modifier):
        return "the wires scrape, but never sink her"
    return f"sunk at {_odds(MINEFIELD_SUBMERGED, 'sunk', modifier)} a row"


def _current(level: Level) -> str:
    if level.sees:
        return "the surface stream: 1 square an hour down the Straits, from Nagara to the mouth"
    return "the deep set: 1 square an hour back up the Straits, from the mouth to Nagara"


def level_table() -> list[list[str]]:
    """Each level's speed, current, senses, the shore's odds, the mines' and the gauges, as a
    table: the first row the headings, then a row a fact, a column a level."""
    levels = list(Level)
    shore = [_shore(level) for level in levels]
    return [
        ["", *(level.value for level in levels)],
        ["Squares an hour", str(SPEED_SURFACE), str(SPEED_BELOW), str(SPEED_BELOW), "none: she lies on the seabed"],
        ["Squares to reach it from the surface", *(str(level.depth) for level in levels)],
        ["Current it rides", *(_current(level) for level in levels)],
        ["Senses", *(
            f"sees {VISION_DAY} squares by day, {VISION_NIGHT} by night" if level.sees
            else f"hears {HYDROPHONE_RANGE} squares, bearings only"
            for level in levels
        )],  # fmt: skip
        ["Seen by day where observers watch", *(s["seen"] for s in shore)],
        ["Then, in battery range, the guns' one roll (no warning shot)", *(s["battery"] for s in shore)],
        ["Sunk by day, an hour in battery range", *(s["sunk"] for s in shore)],
        ["By night where searchlights sweep", *(s["night"] for s in shore)],
        ["Mines", *(_mines(level) for level in levels)],
        ["Air and battery", f"+{AIR_PER_SURFACED_HOUR} air, +{BATTERY_PER_SURFACED_HOUR} battery an hour; the tubes reload",
         "1 air an hour, 1 battery a square", "1 air an hour, 1 battery a square", "1 air an hour"],  # fmt: skip
        ["Torpedoes", "may fire", "may fire", "cannot fire", "cannot fire"],
    ]


LEVEL_CHANGE = (
    "A change of level uses one square of the hour's movement for each step between the levels, up "
    "or down (surface, periscope, submerged, bottom): diving from the surface to submerged takes 2 "
    f"of the {SPEED_BELOW} squares below, surfacing from submerged 2 of the {SPEED_SURFACE} on top."
)


def fix_words() -> str:
    """What a fix risks: the observers' roll that hour gets one more chance on the dice."""
    surface = _per_cent(OBSERVERS_DAY.chance("seen", FIX_OBSERVERS))
    periscope = _per_cent(OBSERVERS_DAY.chance("seen", PERISCOPE_ASHORE + FIX_OBSERVERS))
    return (
        "taking bearings keeps the periscope up, or the crew on deck, longer: where observers watch, the "
        f"boat is seen that hour {surface} of the time on the surface, {periscope} at periscope depth."
    )


def level_words() -> dict[str, str]:
    """Each level in a sentence: what it does and what it risks (the table, said)."""
    surface, periscope = _shore(Level.SURFACE), _shore(Level.PERISCOPE)
    return {
        Level.SURFACE.value: f"{SPEED_SURFACE} squares an hour, riding the surface stream down the Straits; air "
        f"and battery refill and the tubes reload. By day where observers watch she is seen {surface['seen']}, "
        f"and in battery range the guns then fire once, with no warning shot: {surface['battery']}.",
        Level.PERISCOPE.value: f"{SPEED_BELOW} squares an hour, riding the surface stream down the Straits (from "
        "above the mines, back into them); you see and may fire. By day where observers watch the periscope "
        f"is seen {periscope['seen']}, and in battery range the guns then fire once, with no warning shot: "
        f"{periscope['battery']}.",
        Level.SUBMERGED.value: f"{SPEED_BELOW} squares an hour, riding the deep set back up the Straits, unseen, "
        "listening by hydrophone; the battery runs down a unit a square.",
        Level.BOTTOM.value: "Lying on the seabed: no movement under power, only the deep set's drift up the "
        "Straits; mines can scrape but not sink you.",
    }


_AT = {Level.SURFACE: "Surfaced", Level.PERISCOPE: "At periscope depth", Level.SUBMERGED: "Submerged",
       Level.BOTTOM: "On the bottom"}


def risks(scenario: Scenario) -> list[dict[str, Any]]:
    """What an order into each reach the intelligence reports risks, level by level, by day and
    by night, in words worked from the tables: the order pad shows the line that fits the order
    being written (docs/payloads.md, "risks"). A level that risks nothing there has no line."""
    found = []
    for reach, (first, last) in scenario.reported.items():
        rows = f"rows {first} to {last}"
        day: dict[str, str] = {}
        night: dict[str, str] = {}
        short: dict[str, dict[str, str]] = {"day": {}, "night": {}}
        for level in Level:
            name = level.value
            if reach == "defended" and level.sees:
                shore = _shore(level)
                where = f"in the defended reach ({rows}, as intelligence reports it)"
                day[name] = (
                    f"{_AT[level]} by day {where}: the observers see her {shore['seen']}, and in battery "
                    f"range the guns then fire once, with no warning shot: {shore['battery']}."
                )
                night[name] = f"{_AT[level]} by night {where}: {shore['night']}."
                short["day"][name] = (
                    f"defended reach by day: seen {shore['seen_short']}, then {shore['sunk_short']} sunk")
                short["night"][name] = (
                    f"defended reach by night: lit {shore['lit_short']}, then {shore['night_sunk']} sunk")
            elif reach == "mined" and (level.sees or MINEFIELD_SUBMERGED.throws("sunk", _mine_modifier(level))):
                words = f"{_AT[level]} across the mine lines intelligence reports ({rows}): {_mines(level)}."
                day[name] = night[name] = words
                short["day"][name] = short["night"][name] = f"reported mines: {_mine_chance(level)} a row sinks her"
        # The shore looks where the hour ends; mines take her in any square she enters.
        found.append({"reach": reach, "rows": [first, last], "where": "end" if reach == "defended" else "path",
                      "day": day, "night": night, "short": short})
    return found


def _mine_chance(level: Level) -> str:
    if level.sees:
        return _per_cent(MINEFIELD_SURFACE.chance("sunk", PERISCOPE_MINES if level is Level.PERISCOPE else 0))
    return _per_cent(MINEFIELD_SUBMERGED.chance("sunk", _mine_modifier(level)))


def _mine_modifier(level: Level) -> int:
    return BOTTOM_MINES if level is Level.BOTTOM else 0


def briefing(scenario: Scenario) -> dict[str, Any]:
    """The briefing sent in the welcome (docs/payloads.md, "Briefing and chart")."""
    places = {place.name: place for place in scenario.chart.places}
    return {
        "title": scenario.title,
        "briefing": scenario.briefing,
        "start": scenario.start,
        "boat": scenario.boat.name,
        "turn_limit": scenario.turn_limit,
        # The hour after which sinking the scenario's targets no longer counts (None: any time).
        "sink_before": scenario.victory.sink_before,
        "intelligence": list(scenario.intelligence),
        "objectives": [
            {"name": name, "square": square_name(places[name].square)}
            for name in scenario.objectives
            if name in places
        ],
        "night": night_words(),
        "levels": level_words(),
        "level_table": level_table(),
        "level_change": LEVEL_CHANGE,
        "fix": fix_words(),
        "risks": risks(scenario),
        "limits": limits_by_level(),
    }


def limits_by_level() -> dict[str, dict[str, Any]]:
    """What an hour allows from each level the boat may be at (the key) to each it may end at: the
    rules' own `level_limits`, for an order pad to add up an order's cost without a copy of the
    rules. They depend on her level alone, so they come once here rather than in every view."""
    return {start.value: to_plain(level_limits(start)) for start in Level}

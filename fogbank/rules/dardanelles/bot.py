"""A built-in bot submarine: plays from the player's view and chart only, like a person would.

It knows what a player knows: the coast, grid and place names of its own chart, the umpire's
notes (the stream runs toward the mouth at the surface and the other way below it, a boat at the
bottom is safe among mines, a periscope in the defended reach is looked for), and its briefing
(where the Messudieh lies). It never sees the tide, the mines or the vessels on the umpire's map.

How it sails:
- It keeps a set of squares it could be in, not just the plot: each hour every candidate is
  moved as ordered, kept only if that move agrees with what the crew was told (ran into the
  shore after N of M squares, or not), then carried by the stream as its chart suggests (toward
  the mouth along the channel at the surface, the other way below). A sighting of the hunted
  vessel at its known anchorage fixes the position.
- It runs on the surface outside the defended reach (from below Kephez to above Nagara), where
  nothing can harm a surfaced boat and the air and battery fill up, and at bottom level inside
  it, where mines cannot touch it and nobody looks for it.
- It hunts at night if night is not too far off: it waits on the surface below the defences,
  goes in at the bottom to a square just upstream of the target, comes up to periscope depth
  where the stream carries it next to the target, and fires every loaded tube at the first
  sighting within two squares; then it goes home at the bottom.
"""

from __future__ import annotations

import re
from collections import deque
from typing import Any, Mapping

from .chart import Course, Square, bearing, parse_square
from .units import NIGHT_HOURS, TORPEDO_RANGE, Level, battery_cost, movement_allowance

COURSES = list(Course)

# Where the bot steers, scenario by scenario (place names from the player's own chart), and the
# vessel type it hunts on the way. When it hunts, the first place is where the briefing says
# the quarry lies.
ROUTES: dict[str, tuple[list[str], str | None]] = {
    "b11": (["Sari Sighlar Bay", "Aegean Sea"], "battleship"),
    "marmara": (["Sea of Marmara"], None),
}

# The defended reach, as the briefings describe it (both shores held from Kephez to Nagara),
# widened by a margin: where a boat at the surface or periscope depth is looked for and shot at.
DEFENDED_FROM, DEFENDED_TO, DEFENDED_MARGIN = "Kephez Point", "Nagara Point", 3
# The stream: the notes' limit of tidal effect is not on the player's chart; the bot assumes the
# Straits from the mouth up to Nagara, and is unsure about the squares at either end.
OPEN_SEA, STREAM_TOP, MOUTH = "Aegean Sea", "Nagara Point", "Cape Helles"

WAIT_FOR_DARK = 20  # hours: a captain waits this long on the surface to attack at night
FIRE_RANGE = 2  # fire at a sighting this close (at 3 squares a torpedo hits one time in six)
MAX_CANDIDATES = 24
_MADE = re.compile(r"after (\d+) of (\d+) squares")


class Pilot:
    """What the bot reads from its chart, worked out once per chart and shared by every bot."""

    _cache: dict[Any, "Pilot"] = {}

    def __init__(self, chart: Mapping[str, Any]) -> None:
        rows = chart["rows"]
        self.columns, self.rows = chart["columns"], rows
        self.sea = frozenset(
            (x, rows - 1 - i)
            for i, line in enumerate(chart["terrain"])
            for x, c in enumerate(line)
            if c == "."
        )
        self.places = {p["name"]: parse_square(p["square"]) for p in chart["places"]}
        self._fields: dict[Square, dict[Square, int]] = {}
        open_sea = self.places.get(OPEN_SEA)
        self.from_mouth = self.field(open_sea) if open_sea in self.sea else {}
        low = self.places.get(DEFENDED_FROM)
        high = self.places.get(DEFENDED_TO)
        # No defended reach named: everywhere is dangerous.
        self.band = (low[1] - DEFENDED_MARGIN, high[1] + DEFENDED_MARGIN) if low and high else (-1, rows)
        self.stream = self._stream()
        self._sailed: dict[tuple[Square, Square, int], tuple[Square, str | None, int]] = {}
        self._drifts: dict[tuple[Square, bool], tuple[Square, ...]] = {}
        self._stations: dict[Square, tuple[Square, Square]] = {}

    @classmethod
    def of(cls, chart: Mapping[str, Any]) -> "Pilot":
        key = (
            chart["columns"],
            chart["rows"],
            tuple(chart["terrain"]),
            tuple(p["square"] for p in chart["places"]),
        )
        pilot = cls._cache.get(key)
        if pilot is None:
            pilot = cls._cache[key] = cls(chart)
        return pilot

    # The chart.

    def field(self, goal: Square) -> dict[Square, int]:
        """Sea squares' distances (in moves) to the goal; memoised per goal."""
        found = self._fields.get(goal)
        if found is None:
            found = self._fields[goal] = _flood(self.sea, goal)
        return found

    def in_band(self, square: Square) -> bool:
        return self.band[0] <= square[1] <= self.band[1]

    def sail(self, square: Square, step: Square, speed: int) -> tuple[Square, str | None, int]:
        """Where a boat from `square` ends, what stopped it ("grounded", "chart_edge") and how far it got."""
        key = (square, step, speed)
        found = self._sailed.get(key)
        if found is None:
            here, stop, made = square, None, 0
            for _ in range(speed):
                ahead = (here[0] + step[0], here[1] + step[1])
                if not (0 <= ahead[0] < self.columns and 0 <= ahead[1] < self.rows):
                    stop = "chart_edge"
                    break
                if ahead not in self.sea:
                    stop = "grounded"
                    break
                here, made = ahead, made + 1
            found = self._sailed[key] = (here, stop, made)
        return found

    # The stream, as a player would guess it from the chart.

    def _stream(self) -> dict[Square, tuple[tuple[Square, ...], bool]]:
        """Squares the bot thinks tidal: the steps the stream may take there, and whether it may be slack.

        The surface stream runs toward the mouth: to a neighbour nearest the open sea (any of them,
        where the chart does not say which). In the top row of the reach the bot cannot be sure it
        runs at all.
        """
        top, mouth = self.places.get(STREAM_TOP), self.places.get(MOUTH)
        if not self.from_mouth or top is None or mouth is None:
            return {}
        stream: dict[Square, tuple[tuple[Square, ...], bool]] = {}
        inside = [
            s for s in self.sea if s[0] > mouth[0] and mouth[1] - 2 <= s[1] <= top[1] and s in self.from_mouth
        ]
        for square in inside:
            here = self.from_mouth[square]
            best: list[tuple[int, Square]] = []
            for course in COURSES:
                dx, dy = course.step
                nxt = (square[0] + dx, square[1] + dy)
                if nxt in self.from_mouth and self.from_mouth[nxt] < here:
                    best.append((self.from_mouth[nxt], course.step))
            if not best:
                continue
            nearest = min(b[0] for b in best)
            steps = tuple(step for d, step in best if d == nearest)
            slack = square[1] >= top[1]
            stream[square] = (steps, slack)
        return stream

    def drift(self, square: Square, sees: bool) -> tuple[Square, ...]:
        """Where the stream may carry a boat in `square` by the end of the hour."""
        key = (square, sees)
        found = self._drifts.get(key)
        if found is None:
            steps, slack = self.stream.get(square, ((), True))
            ends = {square} if slack or not steps else set()
            for dx, dy in steps:
                target = (square[0] + dx, square[1] + dy) if sees else (square[0] - dx, square[1] - dy)
                ends.add(target if target in self.sea else square)
            found = self._drifts[key] = tuple(sorted(ends))
        return found

    def station(self, target: Square) -> tuple[Square, Square]:
        """Where to come up to periscope depth to look at `target`, and where the stream then puts the boat.

        The boat should end next to the target and above it, so that the stream does not carry it
        down into the lines laid below.
        """
        found = self._stations.get(target)
        if found is None:
            best = None
            for up in sorted(self.sea):
                if _dist(up, target) > 3 or up == target:
                    continue
                ends = self.drift(up, sees=True)
                worst = max(_dist(end, target) for end in ends)
                above = all(end[1] > target[1] for end in ends)
                key = (not above, worst, len(ends), _dist(up, target))
                if best is None or key < best[0]:
                    best = (key, up, ends[0])
            found = self._stations[target] = (best[1], best[2]) if best else (target, target)
        return found


class BotSubmarine:
    def __init__(self, chart: Mapping[str, Any], route: list[str], hunt: str | None = "battleship") -> None:
        self.pilot = Pilot.of(chart)
        self.sea = self.pilot.sea
        places = self.pilot.places
        self.route = [places[name] for name in route]
        self.hunt = hunt
        self.leg = 0 if hunt else len(self.route) - 1
        # Per-game state; only ever replaced, never changed in place (bench copies bots shallowly).
        self.belief: frozenset[Square] = frozenset()
        self.plot: Square | None = None
        self.seen_turn = 0
        self.last_course: Course | None = None
        self.quarry: int | None = None  # the contact number of the hunted vessel, once sighted
        self.going = False  # committed to the attack
        self.looks = 0  # hours spent at periscope depth looking for the quarry
        self.answered: tuple[int, dict[str, Any]] | None = None  # the last turn ordered, and the order

    @classmethod
    def for_scenario(cls, chart: Mapping[str, Any], scenario: str) -> "BotSubmarine":
        route, hunt = ROUTES.get(scenario, (["Aegean Sea"], None))
        return cls(chart, route, hunt)

    def standing(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """Hold still at the present level."""
        return {"course": "N", "speed": 0, "level": view["level"]}

    # Where am I?

    def _reckon(self, view: Mapping[str, Any]) -> None:
        """Bring the set of possible squares up to the start of this turn."""
        plot = _plotted(view["plotted"])
        turn = view["turn"]
        if self.plot is None:
            self.belief, self.plot, self.seen_turn = frozenset({plot}), plot, turn
            return
        if turn <= self.seen_turn:
            return  # the same view again
        if turn != self.seen_turn + 1:  # views were missed: carry the best guess along the plot
            self.belief, self.plot, self.seen_turn = self._shifted(plot), plot, turn
            return
        dx, dy = plot[0] - self.plot[0], plot[1] - self.plot[1]
        made = max(abs(dx), abs(dy))
        stop, ordered = None, made
        for report in view["reports"]:
            if report["kind"] in ("grounded", "chart_edge"):
                found = _MADE.search(report["text"])
                if found:
                    stop, ordered = report["kind"], int(found.group(2))
        if made:
            step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        else:
            step = self.last_course.step if self.last_course else (0, 0)
        moved = self._moved(self.belief, step, ordered, stop, made)
        if not moved:  # the plot was wrong about where we were: look around it
            around = {s for b in self.belief for s in self.sea if _dist(s, b) <= 3}
            moved = self._moved(frozenset(around), step, ordered, stop, made) or self._shifted(plot)
        sees = Level(view["level"]).sees
        drifted = {end for s in moved for end in self.pilot.drift(s, sees)}
        self.belief = self._fixed(view, frozenset(drifted))
        self.plot, self.seen_turn = plot, turn

    def _moved(self, squares, step, ordered, stop, made) -> set[Square]:
        out = set()
        for square in squares:
            end, why, got = self.pilot.sail(square, step, ordered)
            if why == stop and got == made:
                out.add(end)
        return out

    def _shifted(self, plot: Square) -> frozenset[Square]:
        """No better idea: the plot moved, so move the best guess with it."""
        if not self.belief or self.plot is None:
            return frozenset({plot})
        here = self._here()
        guess = (here[0] + plot[0] - self.plot[0], here[1] + plot[1] - self.plot[1])
        return frozenset(
            {guess if guess in self.sea else min(sorted(self.sea), key=lambda s: _dist(s, guess))}
        )

    def _fixed(self, view: Mapping[str, Any], belief: frozenset[Square]) -> frozenset[Square]:
        """A sighting of the quarry at its known anchorage says exactly where we are."""
        if not self.hunt or self.leg != 0:
            return belief
        anchorage = self.route[0]
        for contact in view["contacts"]:
            if contact.get("silhouette") != self.hunt or contact.get("distance") is None:
                continue
            if contact["turn"] != view["turn"] - 1:
                continue
            self.quarry = contact["number"]
            d, b = contact["distance"], contact["bearing"]
            fixes = frozenset(
                s for s in self.sea if _dist(s, anchorage) == d and (d == 0 or bearing(s, anchorage) == b)
            )
            if fixes:
                return (belief & fixes) or fixes
        if len(belief) > MAX_CANDIDATES:
            here = self._here(belief)
            belief = frozenset(sorted(belief, key=lambda s: (_dist(s, here), s))[:MAX_CANDIDATES])
        return belief

    def _here(self, belief: frozenset[Square] | None = None) -> Square:
        """The most central of the squares we could be in."""
        squares = sorted(belief if belief is not None else self.belief)
        return min(squares, key=lambda s: sum(_dist(s, o) for o in squares))

    # What to do.

    def order(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """The next order, as a wire payload, from the player's view (a plain mapping).

        Asked again for the same turn, it gives the same order.
        """
        if self.answered is not None and self.answered[0] == view["turn"]:
            return dict(self.answered[1])
        self._reckon(view)
        reports = view["reports"]
        if (
            self.leg == 0
            and self.hunt
            and any(r["kind"] == "torpedo_fired" and "a hit" in r["text"] for r in reports)
        ):
            self.leg = min(1, len(self.route) - 1)
        level_now = Level(view["level"])
        fire = None
        if self.leg == 0 and self.hunt:
            goal, level, fire = self._hunt(view, level_now)
        else:
            goal, level = self.route[self.leg], None
        if view["air"] <= 1 or view["battery"] <= 2:
            level = Level.SURFACE  # breathe, or be lost for certain
        if level is None:  # on passage: the surface while it is safe and gets us on, else the bottom
            level = Level.BOTTOM if any(self.pilot.in_band(s) for s in self.belief) else Level.SURFACE
            if level is Level.SURFACE:
                course, speed, gain = self._steer(view, level_now, level, goal)
                if gain < 1 and self._distance_to(goal) > 0:
                    level = Level.BOTTOM
        course, speed, _ = self._steer(view, level_now, level, goal)
        self.last_course = course
        order: dict[str, Any] = {"course": course.value, "speed": speed, "level": level.value}
        if fire:
            order["fire"] = fire
        self.answered = (view["turn"], order)
        return dict(order)

    def _distance_to(self, goal: Square) -> float:
        field = self.pilot.field(goal)
        return sum(field.get(s, 99) for s in self.belief) / len(self.belief)

    def _hunt(self, view: Mapping[str, Any], level_now: Level) -> tuple[Square, Level | None, dict | None]:
        """Where to go and at what level (None: on passage) while hunting, and any torpedoes to fire."""
        target = self.route[0]
        up, look = self.pilot.station(target)
        here = self._here()
        home = self.route[min(1, len(self.route) - 1)]
        if level_now.sees and self.quarry is not None and view["loaded"] > 0 and len(self.belief) == 1:
            rng = _dist(here, target)
            fresh = any(
                c["number"] == self.quarry and c["turn"] == view["turn"] - 1 for c in view["contacts"]
            )
            if rng <= FIRE_RANGE or (fresh and rng <= TORPEDO_RANGE and self.looks >= 3):
                direction = COURSES[round(bearing(here, target) / 45) % 8] if rng else Course.N
                fire = {"target": self.quarry, "direction": direction.value, "torpedoes": view["loaded"]}
                self.leg = min(1, len(self.route) - 1)  # fired: go home, hit or miss
                return home, Level.BOTTOM, fire
        if view["loaded"] == 0 or view["air"] <= 4 or self.looks >= 6:
            self.leg = min(1, len(self.route) - 1)
            return home, None, None
        hour = int(view["time"][11:13])
        eta = self.pilot.field(up).get(here, 99) // 3 + 2
        if not self.going:
            dark_in = _hours_until_dark(hour)
            self.going = (
                _dark_left(hour) >= eta + 2
                or (not view["night"] and dark_in <= eta + 1)
                or dark_in > WAIT_FOR_DARK
            )
        if not self.going:
            # Wait below the defences, on the surface, filling up the air and the battery.
            return up, Level.SURFACE, None
        near = all(_dist(s, up) <= 1 for s in self.belief) and len(self.belief) <= 3
        if near and (view["night"] or _hours_until_dark(hour) > WAIT_FOR_DARK) and view["air"] >= 6:
            self.looks += 1 if level_now.sees else 0
            return look, Level.PERISCOPE, None
        return up, None, None

    def _steer(
        self, view: Mapping[str, Any], start: Level, end: Level, goal: Square
    ) -> tuple[Course, int, float]:
        """The course and speed that bring the boat nearest the goal after the stream has had its way,
        and how much nearer (in squares, on average over where it could be).

        On the surface it holds back rather than end the hour inside the defended reach.
        """
        allowance = max(0, movement_allowance(start, end) - abs(end.depth - start.depth))
        while allowance > 0 and battery_cost(start, end, allowance) > view["battery"] - 1:
            allowance -= 1
        field = self.pilot.field(goal)
        sees = end.sees
        guard = end is Level.SURFACE and not any(self.pilot.in_band(s) for s in self.belief)
        squares = sorted(self.belief)
        best: tuple[float, Course, int] | None = None
        for speed in range(allowance + 1):
            for course in COURSES if speed else [Course.N]:
                total, unsafe = 0.0, False
                for square in squares:
                    end_square = self.pilot.sail(square, course.step, speed)[0]
                    ends = self.pilot.drift(end_square, sees)
                    if guard and any(self.pilot.in_band(e) for e in ends):
                        unsafe = True
                        break
                    total += sum(field.get(e, 99) for e in ends) / len(ends)
                if unsafe:
                    continue
                score = total / len(squares) + (0.01 * speed if not sees else 0.0)
                if best is None or score < best[0] - 1e-9:
                    best = (score, course, speed)
        if best is None:
            return Course.N, 0, 0.0
        return best[1], best[2], self._distance_to(goal) - best[0]

    def _course_toward(self, here: Square, goal: Square) -> Course:
        """First step of a shortest sea path from here to the goal, on the player's own chart."""
        field = self.pilot.field(goal)
        start = here if here in field else min(sorted(field), key=lambda s: _dist(s, here), default=here)
        if start == goal or start not in field:
            return _heading(start, goal) if start != goal else Course.N
        for course in COURSES:
            dx, dy = course.step
            nxt = (start[0] + dx, start[1] + dy)
            if field.get(nxt, 1 << 30) < field[start]:
                return course
        return _heading(start, goal)


def _flood(sea: frozenset[Square], goal: Square) -> dict[Square, int]:
    if goal not in sea:
        return {}
    found = {goal: 0}
    queue = deque([goal])
    while queue:
        square = queue.popleft()
        for course in COURSES:
            dx, dy = course.step
            nxt = (square[0] + dx, square[1] + dy)
            if nxt in sea and nxt not in found:
                found[nxt] = found[square] + 1
                queue.append(nxt)
    return found


def _plotted(name: str) -> Square:
    """The plot's square; a plot may wander off the chart, where names stop being proper squares."""
    return ord(name[0]) - ord("A"), int(name[1:]) - 1


def _hours_until_dark(hour: int) -> int:
    for ahead in range(24):
        if (hour + ahead) % 24 in NIGHT_HOURS:
            return ahead
    return 24


def _dark_left(hour: int) -> int:
    left = 0
    while (hour + left) % 24 in NIGHT_HOURS and left < 24:
        left += 1
    return left


def _dist(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _heading(a: Square, b: Square) -> Course:
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    for course in COURSES:
        if course.step == (dx, dy):
            return course
    return Course.N

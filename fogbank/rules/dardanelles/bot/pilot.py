"""What the bot reads from its chart: the sea, the named places, the stream as a player would guess it."""

from __future__ import annotations

from typing import Any, Mapping

from ..chart import Square, parse_square
from ..units import VISION_DAY
from .routes import DEFENDED_FROM, DEFENDED_MARGIN, DEFENDED_TO, MINES_FROM, MINES_TO, MOUTH, OPEN_SEA, STREAM_TOP
from .squares import COURSES, Legs, distance, flood


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
        # The heights and forts a fix may be taken on, as the chart marks them.
        self.landmarks = frozenset(parse_square(p["square"]) for p in chart["places"] if p.get("landmark"))
        self._fields: dict[Square, dict[Square, int]] = {}
        open_sea = self.places.get(OPEN_SEA)
        self.from_mouth = self.field(open_sea) if open_sea in self.sea else {}
        low = self.places.get(DEFENDED_FROM)
        high = self.places.get(DEFENDED_TO)
        # No defended reach named: everywhere is dangerous.
        self.band = (low[1] - DEFENDED_MARGIN, high[1] + DEFENDED_MARGIN) if low and high else (-1, rows)
        first, last = self.places.get(MINES_FROM), self.places.get(MINES_TO)
        # No mines named: they may be anywhere.
        self.mine_rows = (first[1] - 1, last[1]) if first and last else (-1, rows)
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
            found = self._fields[goal] = flood(self.sea, goal)
        return found

    def in_band(self, square: Square) -> bool:
        return self.band[0] <= square[1] <= self.band[1]

    def past_the_mines(self, square: Square) -> bool:
        """Whether the square lies above every row the briefing's mine lines may lie across."""
        return square[1] > self.mine_rows[1]

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

    def sail_legs(self, square: Square, legs: Legs) -> tuple[Square, str | None, int]:
        """`sail` leg by leg: a boat stopped by the shore on one leg goes no further."""
        here, made = square, 0
        for step, speed in legs:
            here, stop, got = self.sail(here, step, speed)
            made += got
            if stop:
                return here, stop, made
        return here, None, made

    def landmark_in_sight(self, square: Square) -> bool:
        """Whether a fix taken in `square` by day would find a landmark (within day vision)."""
        return any(distance(square, mark) <= VISION_DAY for mark in self.landmarks)

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

    def held(self, square: Square, sees: bool) -> bool:
        """Whether the stream, as the bot guesses it, may press a boat in `square` against the bank."""
        steps, _ = self.stream.get(square, ((), True))
        sign = 1 if sees else -1
        return any((square[0] + sign * dx, square[1] + sign * dy) not in self.sea for dx, dy in steps)

    def station(self, target: Square) -> tuple[Square, Square]:
        """Where to come up to periscope depth to look at `target`, and where the stream then puts the boat.

        The boat should end next to the target and above it, so that the stream does not carry it
        down into the lines laid below.
        """
        found = self._stations.get(target)
        if found is None:
            best = None
            for up in sorted(self.sea):
                if distance(up, target) > 3 or up == target:
                    continue
                ends = self.drift(up, sees=True)
                worst = max(distance(end, target) for end in ends)
                above = all(end[1] > target[1] for end in ends)
                key = (not above, worst, len(ends), distance(up, target))
                if best is None or key < best[0]:
                    best = (key, up, ends[0])
            found = self._stations[target] = (best[1], best[2]) if best else (target, target)
        return found

"""Where am I? The squares the boat could be in, kept in step with what the crew is told."""

from __future__ import annotations

from typing import Any, Mapping

from ..chart import Square, compass_point
from ..units import Level
from .pilot import Pilot
from .squares import distance, plotted

MAX_CANDIDATES = 24


class Reckoning:
    """The bot's position keeping, a part of `BotSubmarine`.

    It replaces `belief`, `plot` and `seen_turn` (never changing them in place) from the
    view of each turn, reading `pilot`, `sea`, `last_course` and, for a fix on the quarry,
    `hunt`, `leg`, `route` (setting `quarry` when it sights it).
    """

    pilot: Pilot
    sea: frozenset[Square]
    belief: frozenset[Square]
    plot: Square | None
    seen_turn: int
    last_course: Any
    hunt: str | None
    leg: int
    route: list[Square]
    quarry: int | None

    def _reckon(self, view: Mapping[str, Any]) -> None:
        """Bring the set of possible squares up to the start of this turn."""
        plot = plotted(view["plotted"])
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
                stop, ordered = report["kind"], report["facts"]["ordered"]
        if made:
            step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        else:
            step = self.last_course.step if self.last_course else (0, 0)
        moved = self._moved(self.belief, step, ordered, stop, made)
        if not moved:  # the plot was wrong about where we were: look around it
            around = {s for b in self.belief for s in self.sea if distance(s, b) <= 3}
            moved = self._moved(frozenset(around), step, ordered, stop, made) or self._shifted(plot)
        sees = Level(view["level"]).sees
        drifted = {end for s in moved for end in self.pilot.drift(s, sees)}
        self.belief = self._fixed(view, frozenset(drifted))
        self.plot, self.seen_turn = plot, turn

    def _moved(self, squares, step, ordered, stop, made) -> set[Square]:  # type: ignore[no-untyped-def]
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
            {guess if guess in self.sea else min(sorted(self.sea), key=lambda s: distance(s, guess))}
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
                s for s in self.sea if distance(s, anchorage) == d and (d == 0 or compass_point(s, anchorage)[1] == b)
            )
            if fixes:
                return (belief & fixes) or fixes
        if len(belief) > MAX_CANDIDATES:
            here = self._here(belief)
            belief = frozenset(sorted(belief, key=lambda s: (distance(s, here), s))[:MAX_CANDIDATES])
        return belief

    def _here(self, belief: frozenset[Square] | None = None) -> Square:
        """The most central of the squares we could be in."""
        squares = sorted(belief if belief is not None else self.belief)
        return min(squares, key=lambda s: sum(distance(s, o) for o in squares))

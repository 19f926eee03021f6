"""Where am I? The squares the boat could be in, kept in step with what the crew is told."""

from __future__ import annotations

from typing import Any, Mapping

from ..chart import Square, compass_point
from ..units import Level
from .pilot import Pilot
from .squares import Legs, distance, plotted

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
    last_legs: Legs
    hunt: str | None
    leg: int
    route: list[Square]
    quarry: int | None
    grounds: list[Square]
    held_hours: int  # hours in a row the crew has felt her lie on the bottom against the bank

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
        # The legs it ordered, kept where they agree with how the plot moved (the plot follows the
        # legs for the squares made good) and with what stopped the boat.
        moved = set()
        for square in self.belief if self.last_legs else ():
            end, why, _ = self.pilot.sail_legs(square, self.last_legs)
            if why == stop and (end[0] - square[0], end[1] - square[1]) == (dx, dy):
                moved.add(end)
        if not moved:  # not the order it gave (a standing order, say): read one leg from the plot
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
        if any(report["kind"] == "drift_held" for report in view["reports"]):
            # The crew felt her lie against the bank: she is where the stream presses her on it.
            drifted = {s for s in moved if self.pilot.held(s, sees)} or drifted
            self.held_hours = self.held_hours + 1 if not sees else 0
        else:
            self.held_hours = 0
        self.belief = self._fixed(view, frozenset(drifted), plot)
        self.plot, self.seen_turn = plot, turn

    def _wants_fix(self, view: Mapping[str, Any], level: Level) -> bool:
        """Take bearings on a landmark when unsure of the square, by day, looking, out of the
        defended reach (where the time it takes helps the observers), and a landmark may be in sight."""
        return (
            not view["night"]
            and level.sees
            and len(self.belief) > 1
            and not any(self.pilot.in_band(s) for s in self.belief)
            and any(self.pilot.landmark_in_sight(s) for s in self.belief)
        )

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

    def _fixed(self, view: Mapping[str, Any], belief: frozenset[Square], plot: Square) -> frozenset[Square]:
        """A fix on a landmark says exactly where we are (the plot is put on the true square), and
        "no fix" that no landmark is near; a sighting of the quarry at its known anchorage fixes us too."""
        kinds = {report["kind"] for report in view["reports"]}
        hunting = self.hunt and self.leg == 0
        sighting = next((
            c for c in (view["contacts"] if hunting else ())
            if c.get("silhouette") == self.hunt and c.get("distance") is not None
            and c["turn"] == view["turn"] - 1
        ), None)
        if sighting is not None:
            # The quarry, seen: its number, whatever else the hour tells (a fix taken as she was
            # sighted must not hide her).
            self.quarry = sighting["number"]
        if "fix" in kinds:
            return frozenset({plot})
        if "no_fix" in kinds:
            belief = frozenset(s for s in belief if not self.pilot.landmark_in_sight(s)) or belief
        anchorage = self.route[0]
        for contact in (sighting,) if sighting is not None else ():
            if anchorage not in self.sea or len(self.grounds) > 1:
                break  # a quarry "off" a town, or at one of several anchorages, fixes nothing
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

"""The bot's captain: each hour, where to steer, at what level, and whether to fire."""

from __future__ import annotations

import datetime
import functools
from typing import Any, Mapping

from ..chart import Course, Square, parse_square
from ..units import Level, battery_cost, movement_allowance
from .attack import Attack
from .pilot import Pilot
from .reckoning import Reckoning
from .routes import NO_ROUTE, ROUTES, SEARCH
from .squares import COURSE_OF, COURSES, Legs

NIGHT_AIR = 8  # hours of air at which the bot surfaces by night rather than wait to be forced by day
# Two-leg orders are weighed only when the boat may be in at most this many squares: each square
# it may be in is sailed on every dog-leg, and a wide guess gains nothing from the finer course.
DOG_LEG_CANDIDATES = 6


class BotSubmarine(Reckoning, Attack):
    """Plays the submarine seat from its chart and views: sails `route` (place names on the
    chart), hunting a vessel of type `hunt` at the first place on the way, if any."""

    fix_on_first_look = True  # a plan that keeps its periscope up no longer than it must sets it False

    def __init__(
        self, chart: Mapping[str, Any], route: list[str], hunt: str | None = "battleship",
        grounds: list[str] | None = None,
    ) -> None:
        self.pilot = Pilot.of(chart)
        self.sea = self.pilot.sea
        self.route = [self.place(name) for name in route]
        # Where to look for the quarry, in turn: the places (or squares) the briefing names.
        self.grounds = [self.place(name) for name in grounds] if grounds else self.route[:1]
        self.hunt = hunt
        self.leg = 0 if hunt else len(self.route) - 1
        # Per-game state; only ever replaced, never changed in place, so a shallow copy of a
        # fresh bot is a fresh bot.
        self.belief: frozenset[Square] = frozenset()
        self.plot: Square | None = None
        self.seen_turn = 0
        self.last_course: Course | None = None
        self.last_legs: Legs = ()  # the legs last ordered, to reckon the hour's move by
        self.quarry: int | None = None  # the contact number of the hunted vessel, once sighted
        self.quarry_at: Square | None = None  # where the last sighting of it puts it
        self.ground = 0  # the place of `grounds` being searched
        self.looks_here = 0  # hours spent looking from it
        self.going = False  # committed to the attack
        self.arrive = 0  # the turn it should reach its station, once going
        self.looks = 0  # hours spent at periscope depth looking for the quarry
        self.held_hours = 0
        self.looking = False
        # The hour the chart says the quarry must be sunk before, if any.
        before = chart.get("sink_before")
        self.sink_before = datetime.datetime.fromisoformat(before) if before else None
        self.answered: tuple[int, dict[str, Any]] | None = None  # the last turn ordered, and the order

    @classmethod
    def for_scenario(cls, chart: Mapping[str, Any], scenario: str) -> "BotSubmarine":
        route, hunt = ROUTES.get(scenario, NO_ROUTE)
        return cls(chart, route, hunt, SEARCH.get(scenario))

    def place(self, name: str) -> Square:
        """A place on the chart by its name, or a square by its own (K7)."""
        found = self.pilot.places.get(name)
        return found if found is not None else parse_square(name)

    def standing(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """Hold still at the present level."""
        return {"course": "N", "speed": 0, "level": view["level"]}

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
            and any(r["kind"] == "torpedo_fired" and r["facts"]["hit"] for r in reports)
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
        elif view["night"] and view["air"] <= NIGHT_AIR and level is not Level.PERISCOPE and not fire:
            level = Level.SURFACE  # breathe while the dark hides the boat, not by day under the guns
        if level is None:  # on passage: the surface while it is safe and gets us on, else the bottom
            level = Level.BOTTOM if any(self.pilot.in_band(s) for s in self.belief) else Level.SURFACE
            if level is Level.SURFACE:
                legs, gain = self._steer(view, level_now, level, goal)
                if gain < 1 and self._distance_to(goal) > 0:
                    level = Level.BOTTOM
        legs, gain = self._steer(view, level_now, level, goal)
        # When the deep current does not carry us on,
        # go on under power: below, once past the mines the briefing tells of and bound further
        # (faster than any drift, and unseen); among them on the surface by
        # night (a mine line takes a surfaced boat one time in twelve, one in six below, and six
        # squares an hour soon takes it through); by day among them, lie still till dark.
        clear_of_mines = self.pilot.past_the_mines(goal) and all(self.pilot.past_the_mines(s) for s in self.belief)
        if level is Level.BOTTOM and (gain <= 0 or clear_of_mines) and self._distance_to(goal) > 0:
            if clear_of_mines:
                level = Level.SUBMERGED
            elif view["night"]:
                level = Level.SURFACE
            if level is not Level.BOTTOM:
                legs, _ = self._steer(view, level_now, level, goal)
        self.last_legs = legs
        self.last_course = COURSE_OF[legs[-1][0]]
        order = _legs_order(legs)
        order["level"] = level.value
        # Coming up for the first look at the quarry, lost after hours on the bottom: take bearings
        # as well (the observers' -1 for that hour), so the attack and the way out start from a
        # known square.
        first_look = (
            self.fix_on_first_look and self.looking and self.looks == 0
            and level is Level.PERISCOPE and not view["night"]
        )
        if self._wants_fix(view, level) or (first_look and not fire and len(self.belief) > 1):
            order["fix"] = True
        if fire:
            order["fire"] = fire
        self.answered = (view["turn"], order)
        return dict(order)

    def _distance_to(self, goal: Square) -> float:
        field = self.pilot.field(goal)
        return sum(field.get(s, 99) for s in self.belief) / len(self.belief)

    def _steer(self, view: Mapping[str, Any], start: Level, end: Level, goal: Square) -> tuple[Legs, float]:
        """The legs (one, or two where a dog-leg round a point gets further) that bring the boat
        nearest the goal after the stream has had its way, and how much nearer (in squares, on
        average over where it could be).

        On the surface it holds back rather than end the hour inside the defended reach.
        """
        # A boat at the bottom lies on the seabed: only the current moves it.
        allowance = 0 if end is Level.BOTTOM else max(0, movement_allowance(start, end) - abs(end.depth - start.depth))
        while allowance > 0 and battery_cost(start, end, allowance) > view["battery"] - 1:
            allowance -= 1
        best: tuple[float, Legs] | None = None
        for legs in _one_leg(allowance):
            best = self._better(best, legs, end, goal)
        if len(self.belief) <= DOG_LEG_CANDIDATES:
            for legs in _two_legs(allowance):
                best = self._better(best, legs, end, goal)
        if best is None:
            return ((Course.N.step, 0),), 0.0
        return best[1], self._distance_to(goal) - best[0]

    def _better(
        self, best: tuple[float, Legs] | None, legs: Legs, end: Level, goal: Square
    ) -> tuple[float, Legs] | None:
        """`legs` with their score (the mean distance left to the goal) if they beat `best`, else `best`."""
        field = self.pilot.field(goal)
        sees = end.sees
        guard = end is Level.SURFACE and not any(self.pilot.in_band(s) for s in self.belief)
        total = 0.0
        for square in sorted(self.belief):
            ends = self.pilot.drift(self.pilot.sail_legs(square, legs)[0], sees)
            if guard and any(self.pilot.in_band(e) for e in ends):
                return best
            total += sum(field.get(e, 99) for e in ends) / len(ends)
        speed = sum(leg[1] for leg in legs)
        # Below, the battery is spared; a second leg is only worth its while where it gets further.
        score = total / len(self.belief) + (0.01 * speed if not sees else 0.0) + 0.001 * (len(legs) - 1)
        return (score, legs) if best is None or score < best[0] - 1e-9 else best


def _legs_order(legs: Legs) -> dict[str, Any]:
    """The order's payload for its legs: the one-leg form for one leg."""
    if len(legs) == 1:
        return {"course": COURSE_OF[legs[0][0]].value, "speed": legs[0][1]}
    return {"legs": [{"course": COURSE_OF[step].value, "speed": speed} for step, speed in legs]}


@functools.cache
def _one_leg(allowance: int) -> tuple[Legs, ...]:
    return tuple([((Course.N.step, 0),)] + [
        ((course.step, speed),) for speed in range(1, allowance + 1) for course in COURSES
    ])


@functools.cache
def _two_legs(allowance: int) -> tuple[Legs, ...]:
    """Dog-legs: a second course within a right angle of the first, each leg a square or more."""
    found = []
    for first_index, first in enumerate(COURSES):
        for turn in (-2, -1, 1, 2):
            second = COURSES[(first_index + turn) % len(COURSES)]
            for a in range(1, allowance):
                for b in range(1, allowance - a + 1):
                    found.append(((first.step, a), (second.step, b)))
    return tuple(found)

"""The hunt: wait for dark below the defences, creep up at the bottom, look, fire, go home."""

from __future__ import annotations

import datetime
from typing import Any, Mapping

from ..chart import Course, Square, bearing, compass_point
from ..units import NIGHT_HOURS, TORPEDO_RANGE, Level
from .pilot import Pilot
from .squares import COURSES, distance

WAIT_FOR_DARK = 20  # hours: a captain waits this long on the surface to attack at night
HELD_ARRIVED = 2  # hours held against the bank on the bottom that tell the hunter it has arrived
FIRE_RANGE = 2  # fire at a sighting this close (at 3 squares a torpedo hits one time in six)


class Attack:
    """The bot's hunting, a part of `BotSubmarine`.

    It reads the position kept by `Reckoning` (`belief`, `_here`), and moves the bot's own
    hunting state on: `leg` (to the next place once it has fired or given up), `going`
    (committed to go in), `arrive` (when it should be there) and `looks` (hours at periscope
    depth looking for the quarry).
    """

    pilot: Pilot
    belief: frozenset[Square]
    route: list[Square]
    leg: int
    quarry: int | None
    going: bool
    arrive: int  # the turn the current should have brought the boat to its station
    looks: int
    held_hours: int
    looking: bool  # came up to look for the quarry last hour
    sink_before: datetime.datetime | None  # sinking the quarry counts only before this hour (the chart's)
    wait_for_dark = WAIT_FOR_DARK  # a plan that will not wait sets it lower

    def _hunt(self, view: Mapping[str, Any], level_now: Level) -> tuple[Square, Level | None, dict | None]:
        """Where to go and at what level (None: on passage) while hunting, and any torpedoes to fire."""
        target = self.route[0]
        up, look = self.pilot.station(target)
        here = self._here()
        home = self.route[min(1, len(self.route) - 1)]
        sighted = self._sighted(view)
        if level_now.sees and sighted is not None and view["loaded"] > 0:
            # Torpedoes leave before the boat moves, from where the quarry was seen last hour:
            # aim by the reported distance and bearing, not by where the briefing put her.
            rng, direction = sighted
            if rng <= FIRE_RANGE or (rng <= TORPEDO_RANGE and self.looks >= 3):
                fire = {"target": self.quarry, "direction": direction.value, "torpedoes": view["loaded"]}
                self.leg = min(1, len(self.route) - 1)  # fired: go home, hit or miss
                return home, Level.BOTTOM, fire
        now = datetime.datetime.fromisoformat(view["time"])
        too_late = self.sink_before is not None and now >= self.sink_before
        if view["loaded"] == 0 or view["air"] <= 4 or self.looks >= 6 or too_late:
            self.leg = min(1, len(self.route) - 1)
            return home, None, None
        hour = int(view["time"][11:13])
        # It goes in at the bottom, carried by the deep current a square an hour.
        eta = self.pilot.field(up).get(here, 99) + 1
        # A quarry that counts only till some hour: with no dark between getting there and that
        # hour, waiting for dark is no plan.
        left = int((self.sink_before - now).total_seconds() // 3600) if self.sink_before is not None else 0
        by_day = self.sink_before is not None and not any(
            (hour + ahead) % 24 in NIGHT_HOURS for ahead in range(min(eta, 24), left)
        )
        wait_for_dark = -1 if by_day else self.wait_for_dark
        if not self.going:
            dark_in = hours_until_dark(hour)
            self.going = (
                dark_left(hour) >= eta + 2
                or (not view["night"] and dark_in <= eta + 1)
                or dark_in > wait_for_dark
            )
            if self.going:
                self.arrive = view["turn"] + eta
        if not self.going:
            # Wait below the defences, on the surface, filling up the air and the battery.
            return up, Level.SURFACE, None
        # Near enough to look: the best guess at the station, close to the quarry, or the hours the
        # current should take are over (the drift at the bottom cannot be felt: only a sighting fixes it).
        # Lying on the bottom against the bank for two hours, the deep current has done what it can.
        near = (
            distance(here, up) <= 1
            or distance(here, target) <= 2
            or view["turn"] >= self.arrive
            or self.held_hours >= HELD_ARRIVED
            or (self.looking and level_now.sees)  # up and looking: keep looking, not down and up again
        )
        if near and (view["night"] or hours_until_dark(hour) > wait_for_dark) and view["air"] >= 6:
            self.looks += 1 if level_now.sees else 0
            self.looking = True
            return look, Level.PERISCOPE, None
        self.looking = False
        return up, None, None

    def _sighted(self, view: Mapping[str, Any]) -> tuple[int, Course] | None:
        """The quarry's distance and the course to fire on, if she was seen last hour."""
        for contact in view["contacts"]:
            if contact["number"] == self.quarry and contact["turn"] == view["turn"] - 1:
                if contact.get("distance") is not None and contact.get("bearing") is not None:
                    return contact["distance"], aim(contact["distance"], contact["bearing"])
        return None


def aim(rng: int, reported: int) -> Course:
    """The course whose 45-degree sector holds most of the squares a vessel reported at this
    distance and compass bearing could be in (the nearest course to the bearing on a tie)."""
    if rng == 0:
        return Course.N
    could_be = [
        (dx, dy)
        for dx in range(-rng, rng + 1)
        for dy in range(-rng, rng + 1)
        if max(abs(dx), abs(dy)) == rng and compass_point((0, 0), (dx, dy))[1] == reported
    ]

    def off(course: Course, degrees: float) -> float:
        return abs((degrees - course.degrees + 180) % 360 - 180)

    return max(
        COURSES,
        key=lambda c: (sum(off(c, bearing((0, 0), o)) <= 22.5 for o in could_be), -off(c, reported)),
    )


def hours_until_dark(hour: int) -> int:
    for ahead in range(24):
        if (hour + ahead) % 24 in NIGHT_HOURS:
            return ahead
    return 24


def dark_left(hour: int) -> int:
    left = 0
    while (hour + left) % 24 in NIGHT_HOURS and left < 24:
        left += 1
    return left

"""The hunt: wait for dark below the defences, creep up at the bottom, look, fire, go home."""

from __future__ import annotations

from typing import Any, Mapping

from ..chart import Course, Square, bearing
from ..units import NIGHT_HOURS, TORPEDO_RANGE, Level
from .pilot import Pilot
from .squares import COURSES, distance

WAIT_FOR_DARK = 20  # hours: a captain waits this long on the surface to attack at night
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
    wait_for_dark = WAIT_FOR_DARK  # a plan that will not wait sets it lower

    def _hunt(self, view: Mapping[str, Any], level_now: Level) -> tuple[Square, Level | None, dict | None]:
        """Where to go and at what level (None: on passage) while hunting, and any torpedoes to fire."""
        target = self.route[0]
        up, look = self.pilot.station(target)
        here = self._here()
        home = self.route[min(1, len(self.route) - 1)]
        if level_now.sees and self.quarry is not None and view["loaded"] > 0 and len(self.belief) == 1:
            rng = distance(here, target)
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
        # It goes in at the bottom, carried by the deep current a square an hour.
        eta = self.pilot.field(up).get(here, 99) + 1
        if not self.going:
            dark_in = hours_until_dark(hour)
            self.going = (
                dark_left(hour) >= eta + 2
                or (not view["night"] and dark_in <= eta + 1)
                or dark_in > self.wait_for_dark
            )
            if self.going:
                self.arrive = view["turn"] + eta
        if not self.going:
            # Wait below the defences, on the surface, filling up the air and the battery.
            return up, Level.SURFACE, None
        # Near enough to look: the best guess at the station, close to the quarry, or the hours the
        # current should take are over (the drift at the bottom cannot be felt: only a sighting fixes it).
        near = distance(here, up) <= 1 or distance(here, target) <= 2 or view["turn"] >= self.arrive
        if near and (view["night"] or hours_until_dark(hour) > self.wait_for_dark) and view["air"] >= 6:
            self.looks += 1 if level_now.sees else 0
            return look, Level.PERISCOPE, None
        return up, None, None


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

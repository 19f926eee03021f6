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
LOOKS_AT_A_GROUND = 2  # hours looking from one place the briefing names before trying the next


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
    grounds: list[Square]  # where the briefing says the quarry may lie, in the order to look
    ground: int  # the one being searched
    looks_here: int  # hours spent looking from it
    quarry_at: Square | None  # where the last sighting puts the quarry, once sighted
    sink_before: datetime.datetime | None  # sinking the quarry counts only before this hour (the chart's)
    wait_for_dark = WAIT_FOR_DARK  # a plan that will not wait sets it lower

    def _hunt(self, view: Mapping[str, Any], level_now: Level) -> tuple[Square, Level | None, dict | None]:
        """Where to go and at what level (None: on passage) while hunting, and any torpedoes to fire."""
        here = self._here()
        sighted = self._sighted(view)
        if sighted is not None:
            # Seen: she is where the sighting puts her, wherever the briefing said to look.
            self.quarry_at = self._sighting_square(here, *sighted[2:])
        moved_on = False
        unseen_here = self.quarry_at is None and self.looks_here >= LOOKS_AT_A_GROUND
        if unseen_here and self.ground + 1 < len(self.grounds):
            # Not seen from here in the looks it takes: on to the next place the briefing names.
            self.ground, self.looks_here, self.looking, moved_on = self.ground + 1, 0, False, True
        target = self.quarry_at if self.quarry_at is not None else self.grounds[self.ground]
        up, look = self.pilot.station(target)
        home = self.route[min(1, len(self.route) - 1)]
        if level_now.sees and sighted is not None and view["loaded"] > 0:
            # Torpedoes leave before the boat moves, from where the quarry was seen last hour:
            # aim by the reported distance and bearing, not by where the briefing put her.
            rng, direction = sighted[:2]
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
        if moved_on:
            self.arrive = view["turn"] + eta
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
            self.looks_here += 1 if level_now.sees else 0
            self.looking = True
            return look, Level.PERISCOPE, None
        self.looking = False
        return up, None, None

    def _sighted(self, view: Mapping[str, Any]) -> tuple[int, Course, int, int] | None:
        """The quarry's distance, the course to fire on and the reported bearing and distance, if
        she was seen last hour."""
        for contact in view["contacts"]:
            if contact["number"] == self.quarry and contact["turn"] == view["turn"] - 1:
                rng, reported = contact.get("distance"), contact.get("bearing")
                if rng is not None and reported is not None:
                    return rng, aim(rng, reported), rng, reported
        return None

    def _sighting_square(self, here: Square, rng: int, reported: int) -> Square:
        """The square of water a sighting at this distance and compass bearing from `here` most
        likely means (the one nearest the bearing), or `here` if none is at sea."""
        could_be = [
            s for s in sorted(self.pilot.sea)
            if distance(here, s) == rng and (rng == 0 or compass_point(here, s)[1] == reported)
        ]
        if not could_be:
            return here
        return min(could_be, key=lambda s: abs((bearing(here, s) - reported + 180) % 360 - 180))


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

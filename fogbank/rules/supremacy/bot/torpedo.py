"""A captain's torpedo reckoning: where to aim a spread, and the odds it hits, from what her seat
knows (the target's place as judged and her course, her speed as reckoned from two sightings),
so that she fires a bank only when the odds are worth it.

A spread hits when its front meets the target's funnel and the roll then hits (the rules' own
chance, `torpedoes.HIT` and its modifiers); the front meets her if she is where the captain
reckons within half its width. How far off that reckoning may be grows with the range as judged
(a tenth by eye, a bearing read to 5 degrees), her speed as guessed, and the turns she may make
while the spread runs.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from ..torpedoes import HIT, WIDTH

MANOEUVRE = 25  # tenths a turn the target may stray from her course by turning while the spread runs
BY_EYE = 0.06  # of the range: how far out a place judged by eye (range and bearing) may be


def lead(at, target_at, course: int, per_turn: float, torpedo_per_turn: float, run: float
         ) -> tuple[float, float] | None:
    """The course (degrees, a float) and the turns to meet her if she holds her course at
    `per_turn` tenths a turn, within the run (tenths); None if the spread cannot catch her."""
    px, py = target_at[0] - at[0], target_at[1] - at[1]
    vx, vy = per_turn * math.sin(math.radians(course)), per_turn * math.cos(math.radians(course))
    a = vx * vx + vy * vy - torpedo_per_turn * torpedo_per_turn
    b, c = 2 * (px * vx + py * vy), px * px + py * py
    if abs(a) < 1e-9:
        return None
    disc = b * b - 4 * a * c
    if disc < 0:
        return None
    t = max((-b - math.sqrt(disc)) / (2 * a), (-b + math.sqrt(disc)) / (2 * a))
    if t <= 0 or t * torpedo_per_turn > run:
        return None
    there = (target_at[0] + vx * t, target_at[1] + vy * t)
    return math.degrees(math.atan2(there[0] - at[0], there[1] - at[1])) % 360, t


def chance(tubes: int, spread: str, end_on: bool) -> float:
    """The rules' chance that a spread which meets her funnel hits (2d6 and its modifiers)."""
    bonus = tubes - (2 if spread == "fan" else 0) - (2 if end_on else 0)
    return sum(a + b + bonus >= HIT for a in range(1, 7) for b in range(1, 7)) / 36


def odds(*, tenths: float, exact: bool, turns: float, speed_doubt: float, track: float, tubes: int,
         spread: str) -> float:
    """The odds a spread hits: that its front meets her funnel (her place off the reckoning by a
    normal spread of the doubts), times the rules' chance then. `track` is the angle between the
    spread's course and hers; `speed_doubt` tenths a turn."""
    across = abs(math.sin(math.radians(track)))  # her way's doubt moves her across the front as much
    doubt = math.hypot(0 if exact else BY_EYE * tenths, speed_doubt * turns * across, MANOEUVRE * turns)
    half = WIDTH[spread] / 2
    meets = math.erf(half / (max(doubt, 1.0) * math.sqrt(2)))
    end_on = track < 30 or track > 150
    return meets * chance(tubes, spread, end_on)


def track_angle(torpedo_course: float, course: int) -> float:
    """The angle (0-180) between a torpedo's course and the target's."""
    return abs(((torpedo_course - course + 180) % 360) - 180)


def clear_of_friends(at, course: float, reach: float, friends: list[Mapping[str, Any]]) -> bool:
    """Whether no friend lies within 4 inches of the spread's track out to where it meets her and
    a little beyond (the spread meets any funnel it crosses, friend or foe)."""
    ux, uy = math.sin(math.radians(course)), math.cos(math.radians(course))
    for f in friends:
        dx, dy = f[0] - at[0], f[1] - at[1]
        along = dx * ux + dy * uy
        if -20 <= along <= reach + 60 and abs(dx * uy - dy * ux) <= 40:
            return False
    return True


__all__ = ["chance", "clear_of_friends", "lead", "odds", "track_angle"]

"""Bearings as the umpire gives them: whole degrees true, or a point of the 16-point compass."""

from __future__ import annotations

import math
from typing import Any

COURSES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # the eight a boat steers or a torpedo runs
POINTS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


def degrees(bearing: int | float | str) -> float:
    """A bearing in degrees true, from degrees or a compass point ("NE" -> 45)."""
    if isinstance(bearing, str):
        return POINTS.index(bearing.strip().upper()) * 22.5
    return float(bearing)


def said(contact: dict[str, Any]) -> str:
    """A contact's bearing as the umpire gave it: its compass `point` if it has one, else degrees;
    "close aboard" for a vessel seen in the boat's own square."""
    if contact.get("distance") == 0:
        return "close aboard"
    return contact.get("point") or words(contact["bearing"])


def king_step(bearing: float) -> tuple[float, float]:
    """One square along a bearing, as distances count: in king moves (the larger of dx, dy is 1)."""
    dx, dy = math.sin(math.radians(bearing)), math.cos(math.radians(bearing))
    scale = max(abs(dx), abs(dy))
    return dx / scale, dy / scale


def toward(origin: tuple[int, int], target: tuple[int, int]) -> float:
    """The bearing in degrees true from one square's centre to another's."""
    return math.degrees(math.atan2(target[0] - origin[0], target[1] - origin[1])) % 360


def words(bearing: int | float | str) -> str:
    """A bearing as the reports write it: 045, or the compass point as given."""
    if isinstance(bearing, str):
        return bearing
    return f"{round(bearing) % 360:03d}"


def course_for_bearing(bearing: int | float | str) -> str:
    """The nearest of the eight courses to a bearing (degrees, or a compass point)."""
    return COURSES[round(degrees(bearing) / 45) % 8]

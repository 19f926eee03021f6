"""Bearings as the umpire gives them: whole degrees true, or a point of the 16-point compass."""

from __future__ import annotations

from typing import Any

POINTS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


def degrees(bearing: int | float | str) -> float:
    """A bearing in degrees true, from degrees or a compass point ("NE" -> 45)."""
    if isinstance(bearing, str):
        return POINTS.index(bearing.strip().upper()) * 22.5
    return float(bearing)


def said(contact: dict[str, Any]) -> str:
    """A contact's bearing as the umpire gave it: its compass `point` if it has one, else degrees."""
    return contact.get("point") or words(contact["bearing"])


def words(bearing: int | float | str) -> str:
    """A bearing as the reports write it: 045, or the compass point as given."""
    if isinstance(bearing, str):
        return bearing
    return f"{round(bearing) % 360:03d}"

"""A seat with nothing it could order in a phase, read off what the seat is sent (its view and
chart): it is passed over with its standing order, without a Send (docs/decisions.md, the club's
game over days). A captain always writes her moves; she fires only at an enemy she sees within
her guns' reach, launches only at one within her torpedoes' run, and burns a light only while
she has one."""

from __future__ import annotations

from typing import Any, Iterable, Mapping


def nothing_to_order(view: Mapping[str, Any], chart: Mapping[str, Any]) -> bool:
    phase = view["phase"]
    ships = [s for s in view["ships"] if not s["sunk"]]
    if phase == "searchlights":
        return not any("lights" not in s["effects"] for s in ships)
    if phase == "write_fire":
        return not any(_enemy_within(view, chart, s, _gun_reach(chart, s)) for s in ships)
    if phase == "torpedoes":
        return not any(_enemy_within(view, chart, s, _torpedo_reach(chart, s)) for s in ships)
    return False


def _gun_reach(chart: Mapping[str, Any], ship: Mapping[str, Any]) -> int:
    """The farthest her working guns with shells left reach, in tenths of an inch."""
    guns = chart["guns"]
    working = [m for m in ship["mounts"] if not m["out"] and m["guns"] > 0 and m["salvos_left"] > 0]
    return max((guns[m["gun"]]["reach"] * 10 for m in working), default=0)


def _torpedo_reach(chart: Mapping[str, Any], ship: Mapping[str, Any]) -> int:
    """Her torpedoes' run, in tenths of an inch, while a bank of hers is left to fire."""
    if not any(not b["out"] and not b["fired"] for b in ship["banks"]):
        return 0
    torpedo = _class_of(chart, ship).get("torpedo")
    return torpedo["run"] * 10 if torpedo else 0


def _class_of(chart: Mapping[str, Any], ship: Mapping[str, Any]) -> Mapping[str, Any]:
    return next(c for c in chart["ships"] if c["name"] == ship["name"])


def _enemy_within(view: Mapping[str, Any], chart: Mapping[str, Any], ship: Mapping[str, Any], reach: int) -> bool:
    """Whether she sees an enemy no farther off than `reach` (tenths), by her own sighting."""
    side = _class_of(chart, ship)["side"]
    return reach > 0 and any(
        sighting["range"] <= reach
        for contact in view["contacts"] if contact["side"] != side
        for sighting in _by(contact, ship["name"])
    )


def _by(contact: Mapping[str, Any], ship: str) -> Iterable[Mapping[str, Any]]:
    return (s for s in contact["sightings"] if s["by"] == ship)

"""Whether a shot can be made, judged from a seat's own view (views.seat_view) and the chart alone:
the rules' check of a gunfire order, the built-in players' choice of targets and the page's
preview all ask here, so what a seat is told before sending is what the server will say.

Only what the seat may know decides: its own ships (and its side's, with a shared plot), its
contacts as shown (where, how sensed, whether lit), the visibility, the smoke, the map. Where the
outcome hangs on a die (smoke in heavy seas) the shot is let through and the die decides.
"""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from . import gunnery, hexes, sensing
from .hexes import Hex
from .scenario import Map, Scenario
from .tables import RADARS


@attrs.frozen
class Sea:
    """What every seat knows of the waters: the chart, whether the seas are heavy, the set-up range."""

    map: Map
    heavy_seas: bool
    visibility: int  # the scenario's set-up range (a zeppelin's sight)

    @classmethod
    def of(cls, scenario: Scenario) -> Sea:
        return cls(map=scenario.map, heavy_seas=scenario.heavy_seas, visibility=scenario.visibility)

    @classmethod
    def from_chart(cls, chart: Mapping[str, Any], briefing: Mapping[str, Any], options: Mapping[str, Any]) -> Sea:
        """The same, built from what a seat is sent (a built-in player's chart, briefing and options)."""
        terrain = {hexes.from_offset(c + 1, r + 1): ch for r, line in enumerate(chart["terrain"]) for c, ch in enumerate(line)}
        drawn = Map(name=chart["name"], columns=chart["columns"], rows=chart["rows"], terrain=terrain)
        return cls(map=drawn, heavy_seas=bool(options.get("heavy_seas", briefing.get("heavy_seas", False))),
                   visibility=briefing.get("set_up_visibility", briefing.get("visibility", 0)))

BATTERIES = {"target": "main battery", "secondary": "secondary", "torpedo": "torpedoes"}


def shot_problem(sea: Sea, view: Mapping[str, Any], firer: Mapping[str, Any], battery: str,
                 contact: Mapping[str, Any], spotter: Mapping[str, Any] | None = None) -> tuple[str, str] | None:
    """(code, sentence) saying why `firer`'s `battery` ("target", "secondary" or "torpedo") cannot
    fire at `contact`, or None if it may."""
    name, what = firer["name"], BATTERIES[battery]
    here, there = hexes.parse(firer["hex"]), hexes.parse(contact["hex"])
    d = hexes.distance(here, there)
    whom = _whom(contact)
    silent = _silent(firer, battery)
    if silent:
        return silent
    if battery == "torpedo":
        return _torpedo_problem(sea, view, firer, contact, d)
    if contact.get("destroyed"):
        return "already_destroyed", f"{whom} is already destroyed."
    if battery == "secondary" and contact["kind"] == "fort":
        return "no_secondary_at_forts", f"{name}'s secondary batteries may not fire at a fort (Gallipoli rule 4)."
    reach = gunnery.ZEPPELIN_RANGE if contact["kind"] == "zeppelin" else reaches(firer)[battery]
    if d > reach:
        return "out_of_range", f"{whom} is out of range of {name}'s {what} ({d} hexes, range {reach})."
    if not contact["detected"]:
        return "not_detected", f"{whom} is not detected: a marker you do not sense cannot be fired at."
    land = sensing.land_blocked(sea, here, there, 1 if firer["kind"] == "fort" else 0)
    if land and not (contact["kind"] == "fort" and battery == "target" and _indirect(sea, view, firer, contact, spotter)):
        return "land_in_the_way", f"Land lies between {name} and {whom}."
    if land:
        return None  # indirect fire across the peninsula: the spotter's line, checked above
    why = _sight_problem(sea, view, firer, battery, contact, d)
    if why:
        return why
    blocked = _line_blocked(view, firer, contact)
    if blocked:
        return "line_blocked", f"{name}'s line to {whom} is blocked: {blocked} (12.41)."
    return None


def _silent(firer: Mapping[str, Any], battery: str) -> tuple[str, str] | None:
    """Why `firer`'s `battery` cannot fire at anything this turn (no power, guns silenced, no
    torpedoes left), or None: whatever the target."""
    name, what = firer["name"], BATTERIES[battery]
    if any(words.startswith("no power") for words in firer.get("hurt_now", ())):
        return "no_power", f"{name} has no power after her engineering hit: no {what} this turn."
    if battery == "torpedo":
        if not firer["torpedoes"] or firer["salvoes"] <= 0:
            return "no_torpedoes", f"{name} has no torpedoes left."
        return None
    strength = firer["attack"] if battery == "target" else firer["secondary"]
    if strength <= 0 or (firer["kind"] == "fort" and firer.get("w", 0) >= 3):
        return "guns_silent", f"{name}'s {what} is silent."
    return None


def reaches(firer: Mapping[str, Any]) -> dict[str, int]:
    """How far each of `firer`'s batteries reaches, in hexes, at anything but a zeppelin (which is
    shot at within two): sent with the gunfire view, so a page gives a shot's range as the rules do."""
    return {"target": firer["range"], "secondary": gunnery.SECONDARY_RANGE, "torpedo": firer["torpedo_range"]}


def batteries(firer: Mapping[str, Any]) -> list[str]:
    """The batteries ("target", "secondary", "torpedo") `firer` may fire this turn at something,
    from its own state in the seat's view: a page offers only these (a fort silenced, a ship
    without power, none)."""
    return [] if firer.get("kind") == "dummy" else [b for b in BATTERIES if _silent(firer, b) is None]


def _sight_problem(sea, view, firer, battery, contact, d) -> tuple[str, str] | None:
    """Whether the firer sees the target well enough to fire: by eye, or by radar for a main
    battery, or through a zeppelin's spotting (or, a fort, always: it is printed on the map)."""
    name, whom = firer["name"], _whom(contact)
    if contact["kind"] == "zeppelin":
        return None  # shot at within two hexes, seen or not
    smoke = {hexes.parse(h) for h in view.get("smoke", ())}
    here, there = hexes.parse(firer["hex"]), hexes.parse(contact["hex"])
    in_smoke = here in smoke or there in smoke
    smoked = not sea.heavy_seas and _smoke_between(smoke, here, there)
    sight = view["visibility"]
    if contact.get("lit"):  # shown in the light: seen, and fired at by eye, from the light's 10 hexes
        sight = max(sight, sensing.ILLUMINATED)
    by_eye = contact["seen"] in ("sight", "partial") and d <= sight and not in_smoke
    if by_eye and not smoked:
        return None
    if contact["seen"] == "zeppelin" or _zeppelin_spots(sea, view, contact):
        return None
    if battery == "target" and firer.get("radar"):
        radar = RADARS[firer["radar"]]
        reach = min(radar.gun, firer.get("radar_range") or radar.gun)
        if d <= reach:
            return None
        return "beyond_radar_range", f"{whom} is out of sight and beyond {name}'s radar gun range ({d} hexes, {reach} this turn)."
    if by_eye and smoked:
        return "smoke_in_the_way", f"Smoke lies between {name} and {whom}."
    if contact["seen"] == "radar":
        return "radar_only", (f"{whom} is seen by radar only: {name}'s {BATTERIES[battery]} cannot fire without its "
                              "own fire-control radar" + ("" if battery == "target" else " (only a main battery fires by radar)") + ".")
    seen_to = f"in the light, seen to {sight}" if contact.get("lit") else f"visibility {view['visibility']}"
    return "out_of_sight", f"{whom} is out of {name}'s sight ({d} hexes; {seen_to})."


def _torpedo_problem(sea, view, firer, contact, d) -> tuple[str, str] | None:
    name, whom = firer["name"], _whom(contact)
    if contact["kind"] not in ("capital", "screen", "marker"):
        return "torpedoes_at_ships", f"Torpedoes run only at ships, not at {whom}."
    if d > firer["torpedo_range"]:
        return "out_of_range", f"{whom} is out of {name}'s torpedo range ({d} hexes, range {firer['torpedo_range']})."
    if not contact["detected"]:
        return "not_detected", f"{whom} is not detected: a marker you do not sense cannot be fired at."
    here, there = hexes.parse(firer["hex"]), hexes.parse(contact["hex"])
    if sensing.land_blocked(sea, here, there):
        return "land_in_the_way", f"Land lies between {name} and {whom}."
    if not sea.heavy_seas and _smoke_between({hexes.parse(h) for h in view.get("smoke", ())}, here, there):
        return "smoke_in_the_way", f"Smoke lies between {name} and {whom}."
    return None


def spotter_problem(sea: Sea, view: Mapping[str, Any], firer: Mapping[str, Any], spotter_id: str) -> tuple[str, str] | None:
    """A spotter named for fire across the peninsula must be a ship of the seat's side, afloat."""
    if _own(view, spotter_id) is None:
        return "bad_spotter", f"{spotter_id!r} is not a ship of your side afloat to spot for {firer['name']}."
    return None


def _indirect(sea: Sea, view, firer, contact, spotter) -> bool:
    """Gallipoli rule 5, as the seat can judge it: the firer outside the Straits, its spotter inside
    them, within visibility of the fort and with no land between."""
    if spotter is None or firer["kind"] == "fort" or spotter.get("kind") == "fort":
        return False
    at, fort = hexes.parse(spotter["hex"]), hexes.parse(contact["hex"])
    return (not sea.map.straits(hexes.parse(firer["hex"])) and sea.map.straits(at)
            and hexes.distance(at, fort) <= view["visibility"] and not sensing.land_blocked(sea, at, fort))


def _zeppelin_spots(sea: Sea, view, contact) -> bool:
    there = hexes.parse(contact["hex"])
    return any(u["kind"] == "zeppelin" and hexes.distance(hexes.parse(u["hex"]), there) <= sea.visibility
               for u in (*view.get("ships", ()), *view.get("friends", ())) if not u["sunk"] and not u["exited"])


def lines_blocked(view: Mapping[str, Any], firer: Mapping[str, Any]) -> dict[str, str]:
    """12.41 for each contact `firer` might aim at (label -> why its line is blocked), judged as the
    rules judge an order, on the ships the seat knows of: sent with the gunfire phase's view, so a
    page warns as the target is picked."""
    blocked = {}
    for contact in view.get("contacts", ()):
        if contact["detected"] and contact["hex"] != firer["hex"]:
            why = _line_blocked(view, firer, contact)
            if why:
                blocked[str(contact["label"])] = why
    return blocked


def _line_blocked(view, firer, contact) -> str:
    """12.41 on the line from `firer` to `contact`, judged on the ships the seat knows of: why it
    is blocked, or "" if it is not."""
    return sensing.ships_block(hexes.parse(firer["hex"]), hexes.parse(contact["hex"]), firer["type"] == "DD",
                               _known_ships(view, firer, contact))


def _known_ships(view, firer, contact) -> list[tuple[Hex, str]]:
    """(hex, kind) of every ship the seat knows of, but the firer and the target: its side's, and
    the contacts it detects (12.41 is judged on these alone, as the rules judge it)."""
    own = [(hexes.parse(u["hex"]), u["kind"]) for u in (*view.get("ships", ()), *view.get("friends", ()))
           if u["id"] != firer["id"] and not u["sunk"] and not u["exited"] and u["kind"] in ("capital", "screen")]
    seen = [(hexes.parse(c["hex"]), c["kind"]) for c in view.get("contacts", ())
            if c["label"] != contact["label"] and c["detected"] and c["kind"] in ("capital", "screen")]
    return own + seen


def _own(view, uid: str):
    return next((u for u in (*view.get("ships", ()), *view.get("friends", ()))
                 if u["id"] == uid and not u["sunk"] and not u["exited"]), None)


def _smoke_between(smoke: set, a: Hex, b: Hex) -> bool:
    return bool(smoke) and all(any(h in smoke for h in path) for path in sensing.strictly_between(a, b))


def _whom(contact: Mapping[str, Any]) -> str:
    identity = contact.get("identity")
    return identity["name"] if identity else f"marker {contact['label']}"

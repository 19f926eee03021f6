"""What a built-in admiral knows of the enemy: every report its seat was told, kept as sightings,
and its side's bombardments from the news; and what it reads off them (who was seen near a
zone, where the enemy's line is)."""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from .chart import Chart

FRESH = 1  # turns a report stays worth chasing


@attrs.frozen
class Sighting:
    turn: int
    zone: str
    ships: tuple[str, ...] | None
    next_zone: str | None
    source: str


class Picture:
    """The seat's picture, filled from its views alone."""

    def __init__(self, chart: Mapping[str, Any]):
        self.plain_chart = chart
        self.sea: Chart | None = None
        self.sightings: list[Sighting] = []
        self.heard: set[tuple] = set()
        self.bombarded: set[str] = set()  # enemy bases our side has shelled for points
        self.turn = 0

    def learn(self, view: Mapping[str, Any]) -> None:
        if self.sea is None:
            self.sea = Chart(self.plain_chart, view["side"])
        self.turn = view["turn"]
        for r in view.get("reports", ()):
            key = (r["turn"], r["phase"], r["source"], r.get("track"), r["zone"])
            if key not in self.heard:
                self.heard.add(key)
                self.sightings.append(Sighting(r["turn"], r["zone"], tuple(r["ships"]) if r.get("ships") else None,
                                               r.get("next_zone"), r["source"]))
        for n in view.get("news", ()):
            if " bombards " in n["text"]:
                where = n["text"].split(" bombards ", 1)[1].split(":")[0].removesuffix(" again")
                zone = self.sea.zone_named(where)
                if zone:
                    self.bombarded.add(zone)

    def fresh(self, within: int = FRESH) -> list[Sighting]:
        return [s for s in self.sightings if self.turn - s.turn <= within]

    def threat_near(self, zone: str, reach: int = 1, within: int = 2) -> int:
        """The strongest enemy reported within `reach` zones of `zone` in the last turns."""
        sea = self.sea
        return max((sea.strength(s.ships) if s.ships else 4 for s in self.fresh(within)
                    if min(sea.distance(s.zone, zone), sea.distance(s.next_zone or s.zone, zone)) <= reach), default=0)

    def line_seen_near(self, zone: str, reach: int = 2, within: int = 2) -> bool:
        """Whether the enemy's capital ships were reported within `reach` of `zone` lately."""
        return any(s.ships and self.sea.capital(s.ships) and self.sea.distance(s.zone, zone) <= reach
                   for s in self.fresh(within))

    def line_away_from(self, base: str, within: int = 2) -> bool:
        """Whether the enemy's line was last seen, lately, at least two zones from `base` (it
        cannot be back before us)."""
        seen = [s for s in self.sightings if s.ships and self.sea.capital(s.ships)]
        last = max(seen, key=lambda s: s.turn, default=None)
        return last is not None and self.turn - last.turn <= within and self.sea.distance(last.zone, base) >= 2

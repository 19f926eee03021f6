"""The `random` player: legal plots drawn at random, the yardstick a standard player must beat.

Each fleet the seat may plot gets a fair draw among what the rules take, read from the seat's
chart and view alone: in port any mission its ships can sail (an escort with a charge beside it,
mines where a minelayer has them), at sea the mission it sailed on; a path of any length its reach
allows through zones its side may enter, for every turn it must plot; tactics drawn from the
rules' own lists, or none. The intelligence report, seaplanes and repairs are drawn too. It
pursues nothing.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..orders import ESCORTED, NEEDS
from ..scenario import MISSIONS
from ..tactical.areas import OUTGUNNED, POSTURES, TARGETS


class RandomAdmiral:
    """Plays a seat's fleets by chance, from its chart and views alone."""

    PLAN = ("Random legal plots: each fleet's mission, path, tactics and the seat's choices a fair draw "
            "among those the rules take; the yardstick the standard player must beat.")

    def __init__(self, chart: Mapping[str, Any], seat: str, luck: int = 0) -> None:
        self.chart, self.seat = chart, seat
        self.random = random.Random(luck)
        self.side = ""  # the seat's side, as its views say

    def standing(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        return {"fleets": {}}

    def order(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        if view["phase"] != "orders":
            return {"fleets": {}}
        self.side = view["side"]
        out: dict[str, Any] = {}
        report = next((c for c in view.get("choices", ()) if c["kind"] == "intelligence"), None)
        freed = None
        if report is not None:
            mine = [f["id"] for f in report["fleets"] if f["seat"] == self.seat]
            freed = self.random.choice([None, *mine])
            if freed is not None:
                out["intelligence"] = freed
        plots = {}
        for fleet in view["fleets"]:
            if fleet["seat"] != self.seat or fleet["returning"] or (fleet["ahead"] and fleet["id"] != freed):
                continue
            plot = self.plot(view, fleet, report["event"] if fleet["id"] == freed else None)
            if plot is not None:
                plots[fleet["id"]] = plot
        out["fleets"] = plots
        for choice in view.get("choices", ()):
            if choice["kind"] == "seaplanes" and choice["tracks"]:
                out.setdefault("seaplanes", {})[choice["base"]] = self.random.choice(choice["tracks"])
            elif choice["kind"] == "repair":
                out.setdefault("repair", {})[choice["ship"]] = self.random.choice(choice["options"])
        return out

    def plot(self, view, fleet, event: str | None) -> dict[str, Any] | None:
        """A drawn plot for `fleet`, or None (it stays) one time in four, or when no plot is legal."""
        if self.random.random() < 0.25:
            return None
        zone = self.chart["zones"][fleet["zone"]]
        side = view["side"]
        in_port = bool(zone.get("base")) and zone.get("side") == side
        kinds = {s["kind"] for s in fleet["ships"]}
        if event == "situation clarifies":  # this turn's move stands as plotted; two more turns anew
            path = list(fleet["ahead"][0])
            return {"mission": fleet["mission"], "path": path,
                    "ahead": self.paths(fleet, path[-1] if path else fleet["zone"], 2), **self.tactics()}
        if in_port or event == "this just in":
            missions = [m for m in MISSIONS if NEEDS.get(m) is None or NEEDS[m] in kinds]
            if not any(s["mines"] for s in fleet["ships"]):
                missions = [m for m in missions if m != "lay mines"]
        else:
            missions = [fleet["mission"]]
        # The view shows the side's own fleets: a charge is one of them beside this one.
        charges = [f["id"] for f in view["fleets"] if f["id"] != fleet["id"] and f["zone"] == fleet["zone"]
                   and f["mission"] in ESCORTED and not f["returning"]]
        must_plot = 1 if event == "this just in" else fleet["must_plot"]
        if not charges or must_plot != 1:  # an escort plots no turns ahead of its own
            missions = [m for m in missions if m != "escort"]
        if not missions:
            return None
        mission = self.random.choice(missions)
        if mission == "escort":
            charge = self.random.choice(charges)
            return {"mission": "escort", "path": [], "ahead": [], "escort": charge, **self.tactics()}
        paths = self.paths(fleet, fleet["zone"], must_plot, held=fleet["held"])
        plot = {"mission": mission, "path": paths[0], "ahead": paths[1:], **self.tactics()}
        if mission == "lay mines":
            zones = self.chart["zones"]
            ours = {z for z, spec in zones.items() if spec.get("base") and spec.get("side") == side}
            targets = sorted(z for z, spec in zones.items() if spec["kind"] == "coastal" and z not in ours)
            plot["mines_at"] = self.random.choice(targets)
        return plot

    def paths(self, fleet, start: str, turns: int, held: bool = False) -> list[list[str]]:
        """`turns` drawn paths, each as long as the draw says within the fleet's reach, from `start`."""
        reach = fleet["zones_per_turn"] if fleet["fuel"] > 0 else 1
        barred = set(self.chart["sides"][self.side].get("barred", ()))
        out, here = [], start
        for turn in range(turns):
            path: list[str] = []
            length = 0 if held and turn == 0 else self.random.randint(0, reach)
            for _ in range(length):
                ways = sorted(z for z in self.chart["zones"][here]["adjacent"] if z not in barred)
                if not ways:
                    break
                here = self.random.choice(ways)
                path.append(here)
            out.append(path)
        return out

    def tactics(self) -> dict[str, Any]:
        if self.random.random() < 0.25:
            return {}
        return {"tactics": {
            "posture": self.random.choice(POSTURES), "smoke": self.random.random() < 0.5,
            "break_off": self.random.choice([OUTGUNNED, round(self.random.random(), 2)]),
            "torpedoes": self.random.random() < 0.5, "target": self.random.choice(TARGETS),
        }}


__all__ = ["RandomAdmiral"]

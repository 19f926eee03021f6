"""The zone map and the scenario, read once from the TOML beside this module.

This is the one module of the ruleset that reads files, and only its own package data.
"""

from __future__ import annotations

import collections
import functools
import tomllib
from importlib import resources

import attrs

SPEEDS = ("1s", "1", "2", "2+")  # slowest first
SMALL = frozenset({"DD", "GB", "ML", "AP"})  # "small targets" for primary guns, and light ships
TORPEDO_CRAFT = frozenset({"DD", "DL", "TB"})  # the ships that make torpedo attacks in a battle
MISSIONS = ("raid", "intercept", "bombard", "lay mines", "transport", "escort", "refuel")


@attrs.frozen
class Zone:
    id: str
    name: str
    kind: str  # sea or coastal
    adjacent: tuple[str, ...]
    base: str | None = None  # major or minor
    side: str | None = None  # whose base
    aircraft: bool = False  # seaplanes or an airship stationed at the base
    x: int = 0
    y: int = 0


Guns = tuple[int, int, int]  # gun factors or gun boxes lost: primary, secondary, tertiary


def guns_left(guns: Guns, lost: Guns) -> Guns:
    """A ship's gun factors (primary, secondary, tertiary) after the gun hits it has taken."""
    return (max(0, guns[0] - lost[0]), max(0, guns[1] - lost[1]), max(0, guns[2] - lost[2]))


def gun_knocked_out(lost: Guns, gun: int) -> Guns:
    """Gun boxes lost, with one more of `gun` (0 primary, 1 secondary, 2 tertiary)."""
    return (lost[0] + (gun == 0), lost[1] + (gun == 1), lost[2] + (gun == 2))


def gun_mended(lost: Guns) -> tuple[Guns, int]:
    """Gun boxes lost with one mended, the biggest guns first, and which gun it was."""
    gun = next(i for i, n in enumerate(lost) if n)
    return (lost[0] - (gun == 0), lost[1] - (gun == 1), lost[2] - (gun == 2)), gun


@attrs.frozen
class ShipClass:
    name: str
    kind: str
    guns: tuple[int, int, int]  # primary, secondary, tertiary
    hull: int
    speed: str
    fuel: int
    mines: int = 0
    torpedoes: int = 0  # torpedo factor: dice in its one attack a battle (torpedo craft only)


@attrs.frozen
class FleetStart:
    id: str
    name: str
    seat: str
    zone: str
    mission: str
    ships: tuple[str, ...]
    leader: bool = False


@attrs.frozen
class Scenario:
    id: str
    title: str
    briefing: str
    year: int
    turns: int
    straits: tuple[str, ...]
    sides: dict
    seats: tuple[tuple[str, str, str], ...]  # name, side, title
    zones: dict[str, Zone]
    ships: dict[str, ShipClass]
    fleets: tuple[FleetStart, ...]
    minefields: tuple[tuple[str, str, int], ...]  # zone, side, fields
    battles: tuple[str, ...] = ("board",)  # where its battles may be fought: the board, or handed to a hex game

    def side_of(self, seat: str) -> str:
        return next(side for name, side, _ in self.seats if name == seat)

    def enemy(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    @functools.cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """Zones moved through between any two zones (breadth first over adjacency)."""
        table = {}
        for start in self.zones:
            seen = {start: 0}
            queue = collections.deque([start])
            while queue:
                here = queue.popleft()
                for there in self.zones[here].adjacent:
                    if there not in seen:
                        seen[there] = seen[here] + 1
                        queue.append(there)
            table[start] = seen
        return table

    def bases(self, side: str) -> list[Zone]:
        return [z for z in self.zones.values() if z.base and z.side == side]

    def near_base(self, zone: str, side: str) -> bool:
        """Within 2 zones of `side`'s major base or 1 of its minor base (the variant's reach)."""
        return any(self.distances[zone][b.id] <= (2 if b.base == "major" else 1) for b in self.bases(side))


SCENARIOS = ("black_sea",)


@functools.cache
def load_scenario(scenario_id: str) -> Scenario:
    if scenario_id not in SCENARIOS:
        raise LookupError(f"no scenario called {scenario_id!r}")
    text = resources.files(__package__).joinpath(f"scenarios/{scenario_id}.toml").read_text()
    data = tomllib.loads(text)
    zones = {
        zid: Zone(id=zid, adjacent=tuple(z.pop("adjacent")), **z) for zid, z in data["zones"].items()
    }
    for zone in zones.values():  # adjacency is both ways, or the map is wrong
        for other in zone.adjacent:
            assert zone.id in zones[other].adjacent, f"{zone.id} -> {other} is one way"
    return Scenario(
        id=data["id"], title=data["title"], briefing=data["briefing"], year=data["year"], turns=data["turns"],
        straits=tuple(data["straits"]), sides=data["sides"],
        seats=tuple((s["name"], s["side"], s["title"]) for s in data["seats"]),
        zones=zones,
        ships={name: ShipClass(name=name, kind=s["kind"], guns=tuple(s["guns"]), hull=s["hull"],
                               speed=s["speed"], fuel=s["fuel"], mines=s.get("mines", 0),
                               torpedoes=s.get("torpedoes", 1 if s["kind"] in TORPEDO_CRAFT else 0))
               for name, s in data["ships"].items()},
        fleets=tuple(FleetStart(ships=tuple(f.pop("ships")), **f) for f in data["fleets"]),
        minefields=tuple((m["zone"], m["side"], m["fields"]) for m in data["minefields"]),
        battles=tuple(data.get("battles", ("board",))),
    )

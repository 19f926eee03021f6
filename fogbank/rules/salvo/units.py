"""Units: ships, forts, zeppelins and dummy markers, as the umpire knows them."""

from __future__ import annotations

import attrs

from .hexes import Hex

CAPITAL = "capital"  # battleships, battlecruisers, armoured and heavy cruisers: shown as markers (12.2)
SCREEN = "screen"  # light cruisers and destroyers: shown as counters
FORT = "fort"
ZEPPELIN = "zeppelin"
DUMMY = "dummy"  # a gunnery target marker with nothing under it (12.22)
TURNS_ALLOWED = {CAPITAL: 2, SCREEN: 3, ZEPPELIN: 3, DUMMY: 3}  # 12.31
SINKING_HITS = 6  # W and S hits together that sink a ship (decisions.md)


@attrs.frozen(kw_only=True)
class Unit:
    id: str  # the scenario's counter id, e.g. "B13"; dummies "dummy-allied-3"
    name: str
    side: str
    seat: str  # the seat that commands it
    kind: str
    type: str = ""  # BB, BC, B, CA, CL, DD, fort, Z
    hex: Hex
    facing: str = "A"
    speed: int = 0  # hexes moved last movement phase: the speed marker
    max_speed: int = 0
    attack: int = 0
    secondary: int = 0
    defence: int = 1
    range: int = 0
    torpedoes: int = 0  # torpedo factor; 0 none
    torpedo_range: int = 0
    salvoes: int = 0  # torpedo attacks left
    radar: str = ""  # a fire-control system of the radar chart (12.1), "" none
    search: str = ""  # a search set (tables.toml's search_radar: SG, SC), "" none or switched off
    radar_lost: bool = False  # every set aboard (12.12: 3W or a radar hit)
    crew: str = "average"  # crack, average, poor
    flagship: bool = False
    points: int = 0  # victory points to the side that sinks it
    starshells: int = 0  # per turn (12.42: one per ship in the unit)
    searchlight: bool = False
    w: int = 0  # weapons hits in all
    s: int = 0  # speed hits in all
    fresh_w: int = 0  # taken this turn: damage control may still repair them
    fresh_s: int = 0
    sunk: bool = False
    exited: bool = False
    turned: bool = False  # turned in its last movement phase
    target: str = ""  # the unit its main battery fired at last turn (12.61)

    @property
    def afloat(self) -> bool:
        return not self.sunk and not self.exited

    @property
    def moves(self) -> bool:
        return self.kind not in (FORT,)

    @property
    def current_attack(self) -> int:
        """Each W hit silences a third of the guns (3W: none left)."""
        return max(0, self.attack * (3 - self.w) // 3)

    @property
    def current_secondary(self) -> int:
        return max(0, self.secondary * (3 - self.w) // 3)

    @property
    def current_max_speed(self) -> int:
        """Each S hit takes a third of the speed, rounded up; three leave the ship dead in the water."""
        if self.kind == ZEPPELIN or self.kind == DUMMY:
            return self.max_speed
        return max(0, self.max_speed - -(-self.max_speed * self.s // 3))

    @property
    def has_radar(self) -> bool:
        """A working fire-control set."""
        return bool(self.radar) and not self.radar_lost and self.w < 3

    @property
    def has_search(self) -> bool:
        return bool(self.search) and not self.radar_lost and self.w < 3

    @property
    def permanent_w(self) -> int:
        return self.w - self.fresh_w

    @property
    def permanent_s(self) -> int:
        return self.s - self.fresh_s

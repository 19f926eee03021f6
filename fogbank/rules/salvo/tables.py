"""Salvo's tables, read from `scenarios/tables.toml`: a roll's total (or faces) to its outcome."""

from __future__ import annotations

import attrs

from .scenario import load_tables


@attrs.frozen
class Table:
    name: str
    dice: int
    bands: tuple[tuple[int, str], ...]

    def read(self, total: int) -> str:
        for ceiling, outcome in self.bands:
            if total <= ceiling:
                return outcome
        return self.bands[-1][1]


@attrs.frozen
class Radar:
    name: str
    nation: str
    quality: str  # advanced, allied_low, axis_low
    spotting: int
    gun: int
    detection: int


@attrs.frozen
class SearchRadar:
    name: str
    title: str
    detection: int  # hexes; not cut by 12.13, which is the Mark 3's


_DATA = load_tables()
TABLES: dict[str, Table] = {
    name: Table(name, data["dice"], tuple((int(c), str(o)) for c, o in data["bands"]))
    for name, data in _DATA.items()
    if name not in ("radar", "search_radar")
}
RADARS: dict[str, Radar] = {name: Radar(name=name, **data) for name, data in _DATA["radar"].items()}
SEARCH_RADARS: dict[str, SearchRadar] = {name: SearchRadar(name=name, **data) for name, data in _DATA["search_radar"].items()}
ODDS = ("1:2", "1:1", "2:1", "3:1", "4:1")


def crt(odds: str) -> Table:
    return TABLES["crt_" + odds.replace(":", "_")]


def odds_column(points: int, defence: int) -> str | None:
    """The CRT column for damage points against a defence; None below 1:2 (no effect)."""
    if points * 2 < defence:
        return None
    if points < defence:
        return "1:2"
    return ODDS[min(4, points // max(1, defence))]


def damage_points(result: str, attack: int) -> int:
    """What a DPT result makes of an attack strength."""
    return {"miss": 0, "half": -(-attack // 2), "full": attack, "heavy": attack + attack // 2}[result]

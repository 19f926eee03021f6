"""What happens, and who is told: the firer and her target hear of each salvo; only a ship's own
seat hears what damage did inside her and the secret rolls behind it. Each seat told keeps the
event in its log's reports (`reports.tell`), which its view shows."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

import attrs

from fogbank.rules.core import Event


@attrs.frozen(kw_only=True)
class Report(Event):
    """An event a seat keeps in its log's reports, with the phase it happened in."""

    phase: str = ""


@attrs.frozen(kw_only=True)
class Fired(Report):
    kind: ClassVar[str] = "fired"
    salvo: Mapping[str, Any]  # firer, group, target, heading, guns, shifts, die, hits, points, grade, specials


@attrs.frozen(kw_only=True)
class Damaged(Report):
    kind: ClassVar[str] = "damaged"
    ship: str
    points: int
    effects: tuple[str, ...]  # in words, secret rolls' results included


@attrs.frozen(kw_only=True)
class Sunk(Report):
    kind: ClassVar[str] = "sunk"
    ship: str
    title: str
    how: str



@attrs.frozen(kw_only=True)
class Grounded(Report):
    """A ship ran aground (`what` "aground"), got off ("off") or stayed on the shoals ("stuck")."""

    kind: ClassVar[str] = "aground"
    ship: str
    title: str
    what: str


@attrs.frozen(kw_only=True)
class TorpedoHit(Report):
    kind: ClassVar[str] = "torpedo_hit"
    ship: str
    title: str
    fired_by: str
    points: int


@attrs.frozen(kw_only=True)
class Collided(Report):
    """Two models touched in movement: `what` is "avoided" (`ship` gave way to `other`) or "rammed"."""

    kind: ClassVar[str] = "collided"
    what: str
    ship: str
    other: str


@attrs.frozen(kw_only=True)
class Lit(Report):
    kind: ClassVar[str] = "lit"
    ship: str
    title: str
    by: str
    by_title: str

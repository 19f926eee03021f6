"""What happens, and who is told: the firer and her target hear of each salvo; only a ship's own
seat hears what damage did inside her and the secret rolls behind it. Each seat told keeps the
event in its log's reports (`reports.tell`), which its view shows."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

import attrs

from fogbank.rules.core import Event


@attrs.frozen(kw_only=True)
class Fired(Event):
    kind: ClassVar[str] = "fired"
    phase: str
    salvo: Mapping[str, Any]  # firer, group, target, heading, guns, shifts, die, hits, points, grade, specials


@attrs.frozen(kw_only=True)
class Damaged(Event):
    kind: ClassVar[str] = "damaged"
    phase: str
    ship: str
    points: int
    effects: tuple[str, ...]  # in words, secret rolls' results included


@attrs.frozen(kw_only=True)
class Sunk(Event):
    kind: ClassVar[str] = "sunk"
    phase: str
    ship: str
    title: str
    how: str



@attrs.frozen(kw_only=True)
class TorpedoHit(Event):
    kind: ClassVar[str] = "torpedo_hit"
    phase: str
    ship: str
    title: str
    fired_by: str
    points: int


@attrs.frozen(kw_only=True)
class Collided(Event):
    """Two models touched in movement: `what` is "avoided" (`ship` gave way to `other`) or "rammed"."""

    kind: ClassVar[str] = "collided"
    phase: str
    what: str
    ship: str
    other: str

"""What happens, and who is told: the firer and her target hear of each salvo; only a ship's own
seat hears what damage did inside her and the secret rolls behind it."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

import attrs

from fogbank.rules.core import Told


@attrs.frozen(kw_only=True)
class Fired(Told):
    kind: ClassVar[str] = "fired"
    salvo: Mapping[str, Any]  # firer, group, target, heading, guns, shifts, die, hits, points, grade, specials


@attrs.frozen(kw_only=True)
class Damaged(Told):
    kind: ClassVar[str] = "damaged"
    ship: str
    points: int
    effects: tuple[str, ...]  # in words, secret rolls' results included


@attrs.frozen(kw_only=True)
class Sunk(Told):
    kind: ClassVar[str] = "sunk"
    ship: str
    title: str
    how: str

"""What happens, and who is told: the firer hears her salvo's working, her target that she is
under fire (and from whom, if she sees the firer); only a ship's own seat hears what damage did
inside her and the secret rolls behind it; a sinking, a torpedo's explosion or a grounding is
seen by the seats whose ships see her. Each seat told keeps the
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
class NotFired(Report):
    """A fire order accepted in 2B that could not be fired in 2C (the target moved out of the
    group's arcs, or a split group's ammunition ran out): its seat is told why."""

    kind: ClassVar[str] = "not_fired"
    ship: str
    title: str
    group: str
    target: str
    target_title: str
    why: str


@attrs.frozen(kw_only=True)
class UnderFire(Report):
    """A ship of the seat's is fired at: by whom if the seat sees the firer (`by` None: unseen)."""

    kind: ClassVar[str] = "under_fire"
    ship: str
    title: str
    by: str | None
    by_title: str | None
    battery: str
    hits: int


@attrs.frozen(kw_only=True)
class Damaged(Report):
    kind: ClassVar[str] = "damaged"
    ship: str
    title: str
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
    """A torpedo hits: her own seat is told the damage; seats that see her, the explosion. The
    firer is never named: torpedoes run unseen, and a roster never tells banks fired (4.3)."""

    kind: ClassVar[str] = "torpedo_hit"
    ship: str
    title: str
    points: int | None  # None to the seats that only saw it


@attrs.frozen(kw_only=True)
class ContactLost(Report):
    """A ship seen last turn is not seen now: `why` as far as the seat's own ships could tell
    (smoke, the visibility's edge, a ship in the way, the dark), else "lost"."""

    kind: ClassVar[str] = "contact_lost"
    ship: str
    title: str
    why: str


@attrs.frozen(kw_only=True)
class Collided(Report):
    """Two models touched in movement: `what` is "avoided" (`ship` gave way to `other`), "rammed"
    (`ship` struck `other` with her bow) or "bow_to_bow" (both rammed); "kept_clear" (`ship`
    turned off a collision course with `other`)."""

    kind: ClassVar[str] = "collided"
    what: str
    ship: str
    other: str
    ship_title: str
    other_title: str


@attrs.frozen(kw_only=True)
class Lit(Report):
    kind: ClassVar[str] = "lit"
    ship: str
    title: str
    by: str
    by_title: str

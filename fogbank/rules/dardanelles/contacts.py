"""The crew's contacts as Dardanelles reports them: one contact a vessel while it is tracked."""

from __future__ import annotations

import enum

import attrs


class Fidelity(enum.Enum):
    """How much a contact tells, from least to most."""

    BEARING = "bearing"  # a bearing only (hydrophones)
    SILHOUETTE = "silhouette"  # bearing and distance, with a silhouette type (a sighting)
    POSITION = "position"  # a square (a radar plot)
    IDENTITY = "identity"  # the unit itself is known


@attrs.frozen(kw_only=True)
class Contact:
    """Something a seat was told of, as well as it was told.

    `number` is the seat's own running count of contacts, given in an order that says nothing
    of the umpire's numbering. A vessel reported again while it is tracked keeps its number; one
    lost for longer is a new contact, as it would be on a real plot.
    """

    number: int
    turn: int
    fidelity: Fidelity
    bearing: int | None = None  # degrees true of `point`, whole (NNE: 23)
    point: str | None = None  # the nearest of the 16 compass points, e.g. "NNE"
    distance: int | None = None  # squares
    silhouette: str | None = None  # a vessel type from the recognition chart
    square: str | None = None
    identity: str | None = None

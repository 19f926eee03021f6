"""The crew's contacts as Dardanelles reports them: one contact a report, numbered by the crew."""

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

    `number` is the seat's own running count of contacts: it says nothing of the unit behind it,
    so two reports of one vessel are two contacts, as they would be on a real plot.
    """

    number: int
    turn: int
    fidelity: Fidelity
    bearing: int | None = None  # degrees true from the reporting unit, 0-359
    distance: int | None = None  # squares
    silhouette: str | None = None  # a vessel type from the recognition chart
    square: str | None = None
    identity: str | None = None

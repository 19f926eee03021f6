"""Events kept in the logs of the seats they are told to, as the plain reports their views show."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from fogbank.rules.core import Event
from fogbank.rules.core.copies import evolve
from fogbank.rules.core.plain import to_plain

from .describe import describe


def tell(knowledge: Mapping[str, Any], events: Iterable[Event]) -> dict[str, Any]:
    """The seats' logs with each event added to the reports of the seats it is told to."""
    logs = dict(knowledge)
    for event in events:
        report = {"kind": event.kind, "text": describe(event), **to_plain(event)}
        report.pop("audience", None)
        for seat in sorted(event.audience):
            if seat in logs:
                logs[seat] = evolve(logs[seat], reports=(*logs[seat].reports, report))
    return logs

"""Any JSON value in any field of the toy's order, amendment, override or question is taken or
refused with a code and a sentence: the shared readers are how a new ruleset reads its payloads."""

from __future__ import annotations

from fogbank.rules import core
from tests.rules.anyvalue import every_field, ready

from . import picket  # noqa: F401  (registers the toy ruleset)

FIELDS = ("move", "target", "track", "unit", "area")


def test_every_field_of_every_payload_given_every_type_is_taken_or_refused():
    game = core.start(core.find_ruleset("picket"), "picket", bytes(32))
    every_field(ready(game, "blue1"), "blue1", FIELDS, orders=[{"move": 1}],
                overrides=[{"unit": "blue1", "area": 3}], questions=[{"track": 1}])
    fire = core.release(game).game
    every_field(ready(fire, "blue1"), "blue1", FIELDS, orders=[{"target": 1}, {}])

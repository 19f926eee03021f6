"""The terminal's preview of an order's cost is the rules' own: over a thousand random orders
from random boats, the pad's movement and battery, and whether it marks the order over the
limits, agree with what the rules' check_order refuses and battery_cost charges."""

from __future__ import annotations

from fogbank.rules.dardanelles.terminal.draft import Draft, cost
from tests.rules.dardanelles.parity import cases

from .helpers import view


def test_the_pad_s_cost_agrees_with_the_rules_over_a_thousand_random_orders():
    disagree = []
    for case in cases(1200):
        seen = view(level=case["level"], battery=case["battery"], night=False)  # limits: the rules' own, by level
        price = cost(seen, Draft.from_payload(case["order"]))
        if price.over != case["over"] or price.battery != case["cost"]:
            disagree.append((case, price))
    assert not disagree, f"{len(disagree)} of 1200 differ, e.g. {disagree[0]}"

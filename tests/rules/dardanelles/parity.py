"""Random orders from random boats, with what the rules say to each: for holding an order pad's
preview of an order's cost to the rules (the page's pad.js, the terminal's draft.py)."""

from __future__ import annotations

import random

from fogbank.rules.core import Refused
from fogbank.rules.core.plain import to_plain
from fogbank.rules.dardanelles.board import BoatLog
from fogbank.rules.dardanelles.orders import check_order, parse_order
from fogbank.rules.dardanelles.units import Boat, Level, battery_cost
from fogbank.rules.dardanelles.views import level_limits

LEVELS = [level.value for level in Level]
COURSES = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
# The refusals an order's cost decides: too far for the hour, too much battery, way on the seabed.
COST_REFUSALS = {"speed_too_high", "battery_too_low", "bottom_still"}


def cases(count: int, seed: int = 41) -> list[dict]:
    """`count` boats and orders: the boat's level and battery, the limits from that level (as the
    briefing gives them, or an older server's view), the order, and the rules' verdict on its cost
    (`over`) and the battery it uses."""
    luck = random.Random(seed)
    found = []
    for _ in range(count):
        start = Level(luck.choice(LEVELS))
        battery = luck.choice([0, 1, 2, 3, 4, 5, 36, luck.randint(0, 36)])
        legs = [{"course": luck.choice(COURSES), "speed": luck.randint(0, 7)}
                for _ in range(luck.randint(1, 2))]
        order = {"legs": legs, "level": luck.choice(LEVELS)}
        parsed = parse_order(order)
        boat = Boat(name="B11", square=(10, 10), level=start, air=20, battery=battery, tubes=2, loaded=2,
                    spare=0)
        try:
            check_order(BoatLog.at_start(boat), parsed, night=False)
            refused = None
        except Refused as refusal:
            refused = refusal.code
        found.append({
            "level": start.value, "battery": battery, "limits": to_plain(level_limits(start)), "order": order,
            "over": refused in COST_REFUSALS, "cost": battery_cost(start, parsed.level, parsed.speed),
        })
    return found

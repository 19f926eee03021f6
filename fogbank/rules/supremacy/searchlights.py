"""Night (the `night` option) and searchlights (2A).

The seed leaves the night rules to the full set; fogbank's design: at night the scenario's
night visibility (15 inches) holds; in 2A a ship may burn her searchlight on a bearing, and it
catches the nearest other ship within 30 inches whose bearing is within 5 degrees and whose line
is clear. The ship caught, and the ship burning the light, can then be seen as by day; sight is
taken again after the searchlights.
"""

from __future__ import annotations

from typing import Mapping

from fogbank.rules.core import GameState, Resolution, fields
from fogbank.rules.core.copies import evolve

from .events import Lit
from .geometry import bearing, within
from .reports import tell
from .scenario import load_scenario, ship_classes
from .sight import blocked

REACH = 300  # tenths: 30 inches, five nautical miles
SPREAD = 5  # degrees either side of the bearing ordered


def parse(given: object) -> int:
    said = "A searchlight is burned on a bearing, 0-359."
    return fields.whole(given, "bad_searchlight", said, low=0, high=359)


def can_burn(ship, turn: int) -> bool:
    return not ship.sunk and not ship.lasting("lights", turn)


def burn(state: GameState, orders: Mapping[str, Mapping[str, int]]) -> Resolution:
    from .contacts import take  # sight is taken again with the lights burning

    board = state.board
    classes, lit, events = ship_classes(), set(), []
    for order in orders.values():
        for name, course in sorted(order.items()):
            if not isinstance(course, int):
                continue
            ship = board.ship(name)
            caught = sorted(
                (o for o in board.ships if not o.sunk and o.name != name and within(ship.at, o.at, REACH)
                 and abs(((bearing(ship.at, o.at) - course + 540) % 360) - 180) <= SPREAD
                 and not blocked(ship, o, board.ships, classes, board.smoke, load_scenario(state.scenario).land)),
                key=lambda o: (o.at[0] - ship.at[0]) ** 2 + (o.at[1] - ship.at[1]) ** 2,
            )
            lit.add(name)
            if caught:
                lit.add(caught[0].name)
                audience = frozenset({board.seat_of(name), board.seat_of(caught[0].name)})
                events.append(Lit(turn=state.turn, phase=state.phase, audience=audience, ship=caught[0].name,
                                  title=caught[0].title, by=name, by_title=ship.title))
    board = evolve(board, lit=frozenset(lit))
    # Sight is taken again: this turn's contacts are replaced by what is seen under the lights.
    cleared = {seat: evolve(log, contacts=tuple(c for c in log.contacts if c.turn != state.turn))
               for seat, log in state.knowledge.items()}
    state = evolve(state, board=board, knowledge=cleared)
    state = evolve(state, knowledge=tell(take(state)[0], events))
    return Resolution(state, tuple(events))

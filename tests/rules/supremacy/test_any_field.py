"""Any JSON value in any field of a Supremacy at Sea order, amendment, override or question is
taken or refused with a code and a sentence: never another exception (the server's internal_error)."""

from __future__ import annotations

import functools

from tests.rules.anyvalue import AnyField, Payloads, first_taken, played, ready

STATES = ("day 1 write_moves exeter", "day 2 write_moves ajax", "night 1 write_moves ajax",
          "night 1 searchlights ajax", "day 2 write_fire graf_spee", "day 2 torpedoes ajax")
CRUISERS = ("ajax", "achilles", "exeter")


@functools.cache
def games() -> dict[str, tuple]:
    """(game, seat, order) in each phase that takes orders, by day and by night, by "day|night
    turn phase seat", with every other seat's order in: an order taken resolves the phase."""
    found = {}
    for when, options in (("day", None), ("night", {"night": True})):
        for game, seat, payload in played("river_plate", 2, options):
            name = f"{when} {game.state.turn} {game.state.phase} {seat}"
            found.setdefault(name, (ready(game, seat), seat, payload))
    return found


def fire_plans():
    """Graf Spee's main battery at one cruiser, half a salvo, and a secondary group's guns split
    between two (or all at one): those her arcs allow are taken."""
    for main in ("fore", "aft"):
        for side in ("port", "starboard"):
            for one in CRUISERS:
                for second in [*([{"group": side, "target": two}] for two in CRUISERS if two != one), []]:
                    plan = [{"group": main, "target": "ajax", "half": True},
                            {"group": side, "target": one, "guns": 2}]
                    yield {"ships": {"graf_spee": {"fire": [*plan, *second]}}}


def taken() -> list[tuple[str, dict]]:
    """An order of every kind with every field it may have, each taken as it stands."""
    fire, torpedoes = PAYLOADS.at("day 2 write_fire graf_spee"), PAYLOADS.at("day 2 torpedoes ajax")
    spreads = ({"ships": {"ajax": {"torpedoes": [{"bank": bank, "course": course, "spread": "fan"}]}}}
               for bank in ("port", "starboard") for course in range(0, 360, 10))
    return [
        ("day 1 write_moves exeter", {"ships": {"exeter": {"move": "A10 L6"}}}),
        ("day 2 write_moves ajax", PAYLOADS.at("day 2 write_moves ajax")[2]),
        ("night 1 write_moves ajax", {"ships": {"ajax": {"moves": ["A16", "A16", "L2 A14"]}}}),
        ("night 1 searchlights ajax", {"ships": {"ajax": {"searchlight": 315}}}),
        ("day 2 write_fire graf_spee", first_taken(fire[0], fire[1], fire_plans())),
        ("day 2 torpedoes ajax", first_taken(torpedoes[0], torpedoes[1], spreads)),
    ]


PAYLOADS = Payloads(
    games, taken,
    lambda: [("day 2 write_moves ajax", {"ships": {"ajax": {"move": "L2 A14.5 CS"}}})],  # too fast
    overrides=[
        {"kind": "move_ship", "ship": "ajax", "at": [100, 200], "course": 90, "speed": 20},
        {"kind": "set_damage", "ship": "ajax", "damage": 2},
        {"kind": "remove_ship", "ship": "exeter"},
        {"kind": "set_visibility", "inches": 40},
        {"settle": "battle-1", "result": {"ships": [{"name": "ajax", "lost": 1}], "left": [], "summary": "."}},
    ],
    questions=[{"ship": "graf_spee", "ask": "damage"}, {"ship": "ajax", "ask": "engaged"}],
    fields=tuple((
        "ships move moves fire torpedoes searchlight group target half guns bank course spread kind ship at "
        "speed damage inches ask settle result"
    ).split()),
)  # fmt: skip


class TestAnyField(AnyField):
    payloads = PAYLOADS
    states = STATES
    others_at = ("day 2 write_fire ajax", "night 1 searchlights ajax")

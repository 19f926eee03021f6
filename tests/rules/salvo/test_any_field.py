"""Any JSON value in any field of a Salvo order, amendment, override or question is taken or
refused with a code and a sentence: never another exception (the server's internal_error)."""

from __future__ import annotations

import functools

from tests.rules.anyvalue import AnyField, Payloads, played, ready

SCENARIOS = (("gallipoli", None), ("cape_esperance", None), ("dogger_bank", {"zeppelins": True}))
STATES = (
    "gallipoli 1 sight_first forts", "cape_esperance 2 sight_first desdiv11",
    "cape_esperance 1 movement scott", "cape_esperance 2 movement goto", "gallipoli 1 movement guepratte",
    "dogger_bank 1 movement beatty",
    "gallipoli 1 gunfire de_robeck", "cape_esperance 1 gunfire goto", "cape_esperance 1 gunfire tobin",
)  # fmt: skip


@functools.cache
def games() -> dict[str, tuple]:
    """(game, seat, order) in each phase that takes orders, by "scenario turn phase seat", with
    every other seat's order in: an order taken resolves the phase."""
    found = {}
    for scenario, options in SCENARIOS:
        for game, seat, payload in played(scenario, 2, options):
            name = f"{scenario} {game.state.turn} {game.state.phase} {seat}"
            found[name] = (ready(game, seat), seat, payload)
    return found


def two(units: dict) -> dict:
    return dict(list(units.items())[:2])


def taken() -> list[tuple[str, dict]]:
    """An order of every kind with every field it may have, each taken as it stands."""
    at = PAYLOADS.at
    return [
        ("gallipoli 1 sight_first forts", at("gallipoli 1 sight_first forts")[2]),
        ("cape_esperance 2 sight_first desdiv11", at("cape_esperance 2 sight_first desdiv11")[2]),
        ("cape_esperance 1 movement scott", {"moves": two(at("cape_esperance 1 movement scott")[2]["moves"]),
                                             "dummies": [{"hex": "1712", "facing": "E", "path": "RFFFFL"}]}),
        ("cape_esperance 2 movement goto", at("cape_esperance 2 movement goto")[2]),
        ("gallipoli 1 movement guepratte", {"moves": {"B11": "LLLFFFFL", "dummy-allied-2": "FFFLF"}}),
        ("gallipoli 1 gunfire de_robeck", {"fire": {"B1": {"target": 7, "spotter": "B2"},
                                                    "B3": {"target": 1}}, "smoke": ["B1", "B2"]}),
        ("cape_esperance 1 gunfire goto", {"fire": two(at("cape_esperance 1 gunfire goto")[2]["fire"])}),
        ("cape_esperance 1 gunfire tobin", {"fire": two(at("cape_esperance 1 gunfire tobin")[2]["fire"]),
                                            "smoke": ["DD1"]}),
    ]  # fmt: skip


def others() -> list[tuple[str, dict]]:
    """Fields the rules refuse where they are: a zeppelin's attack by a battlecruiser, a secondary
    battery at a fort."""
    return [("dogger_bank 1 movement beatty", {"moves": {"BC1": "FFFF"}, "attacks": {"BC2": 2}}),
            ("gallipoli 1 gunfire de_robeck", {"fire": {"B1": {"target": 7, "secondary": 7}}})]


PAYLOADS = Payloads(
    games, taken, others,
    overrides=[
        {"kind": "move_unit", "unit": "B13", "hex": "2106", "facing": "C"},
        {"kind": "set_damage", "unit": "B13", "w": 1, "s": 2},
        {"kind": "remove_unit", "unit": "F1"},
        {"kind": "set_visibility", "value": 8},
        {"settle": "battle-1", "result": {"ships": [{"name": "B13", "lost": 1}], "left": [], "summary": "."}},
    ],
    questions=[{"ship": "B13", "about": "top_speed"}],
    fields=tuple((
        "moves dummies attacks fire smoke mines starshells searchlights target secondary torpedo spotter hex "
        "facing path kind unit w s value settle result"
    ).split()),
)  # fmt: skip


class TestAnyField(AnyField):
    payloads = PAYLOADS
    states = STATES
    others_at = ("gallipoli 1 movement guepratte",)

"""Any JSON value in any field of a Dardanelles order, amendment, override or question is taken or
refused with a code and a sentence: never another exception (the server's internal_error)."""

from __future__ import annotations

import functools

from tests.rules.anyvalue import AnyField, Payloads, played

STATES = ("b11 3", "b11 20", "b11 21", "marmara 2")


@functools.cache
def games() -> dict[str, tuple]:
    """(game, seat, order) on each turn of b11 (to its first torpedoes) and of marmara, by
    "scenario turn"."""
    return {f"{scenario} {game.state.turn}": (game, seat, payload)
            for scenario, turns in (("b11", 21), ("marmara", 2))
            for game, seat, payload in played(scenario, turns)}


def taken() -> list[tuple[str, dict]]:
    """Every field of every form of order, each taken as it stands."""
    return [
        ("b11 3", {"course": "ne", "speed": 1, "level": "surface", "fix": True, "plot": "H7"}),  # by day
        ("b11 20", {**PAYLOADS.at("b11 20")[2], "plot": "F5", "fix": None}),  # torpedoes, at night
        ("b11 21", {"legs": [{"course": "SW", "speed": 2}, {"course": "W", "speed": 1}], "level": "surface",
                    "fire": None}),
        ("marmara 2", PAYLOADS.at("marmara 2")[2]),
    ]  # fmt: skip


PAYLOADS = Payloads(
    games, taken, list,
    overrides=[
        {"kind": "move_boat", "square": "K7"},
        {"kind": "set_air", "value": 5},
        {"kind": "set_battery", "value": 5},
        {"kind": "set_level", "level": "surface"},
        {"kind": "set_torpedoes", "loaded": 1, "spare": 1},
        {"kind": "remove_vessel", "number": 1},
        {"kind": "add_vessel", "number": 9, "vessel_type": "destroyer", "name": "Muavenet", "square": "K7"},
        {"kind": "lay_mine_line", "square": "K10"},
        {"kind": "lift_mine_line", "square": "K10"},
        {"kind": "place_vessel", "square": "K10", "number": 1},
        {"settle": "battle-1", "result": {"ships": [{"name": "E11", "lost": 1}], "left": [], "summary": "."}},
    ],
    questions=[{"about": "battery"}],
    fields=tuple((
        "course speed legs level fire fix plot target direction torpedoes kind square value number loaded "
        "spare vessel_type name settle result"
    ).split()),
)  # fmt: skip


class TestAnyField(AnyField):
    payloads = PAYLOADS
    states = STATES
    others_at = ("b11 1", "b11 20")  # before the setup closes, and after

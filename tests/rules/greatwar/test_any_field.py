"""Any JSON value in any field of a Great War at Sea order, amendment, override or question is
taken or refused with a code and a sentence: never another exception (the server's internal_error)."""

from __future__ import annotations

import functools

from hypothesis import given
from hypothesis import strategies as st

from tests.rules.anyvalue import (
    RANDOM,
    AnyField,
    Payloads,
    every_field,
    judge_override,
    mutated,
    played,
    ready,
)

from .test_handoff import one_battle, to_battle

STATES = ("1 eberhardt", "1 ottoman", "2 souchon", "1 souchon")


@functools.cache
def games() -> dict[str, tuple]:
    """(game, seat, order) for each seat on the first two turns of the Black Sea, by "turn seat",
    with every other seat's order in: an order taken resolves the phase."""
    return {f"{game.state.turn} {seat}": (ready(game, seat), seat, payload)
            for game, seat, payload in played("black_sea", 2)}


@functools.cache
def awaiting() -> tuple:
    """A game waiting on a battle fought in a linked game, and a settlement of that battle."""
    game, battle = one_battle(to_battle())
    ship = {"name": battle.parties[0].ships[0].name, "lost": 1, "sunk": False, "guns_lost": [0, 1, 0]}
    return game, {"settle": battle.id, "result": {"ships": [ship], "left": [battle.parties[1].side],
                                                  "summary": "Both sides drew off."}}


def taken() -> list[tuple[str, dict]]:
    """Plots with every field they may have, each taken as it stands."""
    eberhardt, ottoman = PAYLOADS.at("1 eberhardt")[2], PAYLOADS.at("1 ottoman")[2]
    battle = eberhardt["fleets"]["battle"]
    tactics = {**battle["tactics"], "smoke": False, "torpedoes": True}
    escort = {"mission": "escort", "path": [], "ahead": [], "escort": "minelayer"}
    return [
        ("1 eberhardt", {"fleets": {**eberhardt["fleets"], "battle": {**battle, "tactics": tactics}}}),
        ("1 ottoman", {"fleets": {"coal": ottoman["fleets"]["coal"], "cruisers": escort}}),
        ("2 souchon", PAYLOADS.at("2 souchon")[2]),
    ]


def others() -> list[tuple[str, dict]]:
    """The choices the rules leave to a seat, which are not open to it on turn 1."""
    return [("1 souchon", {
        "fleets": {"mittelmeer": {"mission": "bombard", "path": ["bosporus", "eregli"], "ahead": []}},
        "intelligence": "mittelmeer", "seaplanes": {"constantinople": 2},
        "repair": {"Yavuz Sultan Selim": "speed"},
    })]  # fmt: skip


PAYLOADS = Payloads(
    games, taken, others,
    overrides=[
        {"kind": "report", "seat": "souchon", "fleet": "battle", "zone": "sevastopol", "next_zone": "crimea"},
        {"kind": "move", "fleet": "battle", "zone": "crimea"},
    ],
    questions=[{"fleet": "battle", "about": "where"}],
    fields=tuple((
        "fleets mission path ahead tactics posture smoke break_off torpedoes target escort mines_at "
        "intelligence seaplanes repair kind seat fleet zone next_zone settle result ships name lost sunk "
        "guns_lost left summary"
    ).split()),
)  # fmt: skip


class TestAnyField(AnyField):
    payloads = PAYLOADS
    states = STATES
    others_at = ("1 souchon",)


def test_every_field_of_a_settlement_is_taken_or_refused():
    game, settlement = awaiting()
    every_field(game, "souchon", PAYLOADS.fields, overrides=[settlement])


@RANDOM
@given(st.data())
def test_random_values_in_random_fields_of_a_settlement_are_taken_or_refused(data):
    game, settlement = awaiting()
    judge_override(game, data.draw(mutated([settlement], PAYLOADS.fields)))

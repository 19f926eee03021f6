"""Small seas for the rules' tests: a game of a scenario with the units a test places."""

from __future__ import annotations

import attrs

from fogbank.rules import core
from fogbank.rules.salvo import hexes
from fogbank.rules.salvo.scenario import for_options
from fogbank.rules.salvo.units import Unit
from fogbank.rules.salvo.work import Work

RULES = core.find_ruleset("salvo")
SIDES = {"britain": "beatty", "germany": "hipper", "us": "scott", "japan": "goto", "allied": "de_robeck", "turkish": "forts"}


def ship(uid: str, where: str, side: str = "britain", **fields) -> Unit:
    spec = dict(name=uid, kind="capital", type="BC", facing="C", speed=3, max_speed=6, attack=8, secondary=2,
                 defence=8, range=18)
    spec.update(fields)
    return Unit(id=uid, side=side, seat=fields.pop("seat", SIDES[side]), hex=hexes.parse(where),
                **{k: v for k, v in spec.items() if k != "seat"})


def work(units, scenario: str = "dogger_bank", heavy_seas: bool = False, phase: str = "gunfire", **board) -> Work:
    game = core.start(RULES, scenario, bytes(32), {"heavy_seas": heavy_seas})
    state = game.state
    state = attrs.evolve(state, phase=phase, board=attrs.evolve(state.board, units=tuple(units), **board))
    return Work(state, for_options(scenario, heavy_seas))


def modifiers(mods) -> dict[str, int]:
    return {m.reason: m.value for m in mods}

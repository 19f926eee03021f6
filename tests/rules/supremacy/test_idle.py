"""A captain with nothing she could order in a phase is passed over without a Send (issue 37),
judged from what her seat is sent: she fires only at an enemy she sees within her guns' reach,
launches only at one within her torpedoes' run, burns a light only while she has one, and always
writes her moves."""

from __future__ import annotations

import attrs

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain

RULES = core.find_ruleset("supremacy")
SEED = b"x" * 32


def to_phase(phase: str, options=None) -> core.Game:
    """The first turn up to `phase`, every seat under its standing orders (the printed moves)."""
    game = core.start(RULES, "river_plate", SEED, options)
    while game.state.phase != phase:
        for seat in sorted(game.waiting_for()):
            game = core.submit(game, seat, RULES.standing_order(game.state, seat)).game
    return game


def nearest_enemy(game: core.Game, seat: str) -> int:
    """The nearest enemy the seat's ship sees, by her own sighting, in tenths of an inch."""
    view = to_plain(RULES.observe(game.state, seat))
    side = next(s.side for s in RULES.seats(game.state) if s.name == seat)
    return min(s["range"] for c in view["contacts"] if c["side"] != side for s in c["sightings"] if s["by"] == seat)


# The longest reach of each gun, inches, as the hit table of the seed gives it (its last range
# heading with a penetration figure): 11-inch 90, 8-inch 70, 6-inch 60; the torpedoes run 44 to 47.
REACH = {"graf_spee": 90, "exeter": 70, "ajax": 60, "achilles": 60}


def test_in_the_fire_phase_a_captain_is_passed_over_exactly_when_no_enemy_she_sees_is_within_her_guns_reach():
    game = to_phase("write_fire")
    for seat, reach in REACH.items():
        out_of_reach = nearest_enemy(game, seat) > reach * 10
        assert core.has_nothing_to_order(game, seat) == out_of_reach, seat
    assert {seat for seat in REACH if core.has_nothing_to_order(game, seat)} == {"ajax", "achilles"}  # 64 and 67 inches off


def test_torpedoes_out_of_their_run_and_moves_always_to_write():
    game = to_phase("torpedoes")
    assert all(nearest_enemy(game, seat) > 470 for seat in REACH)
    assert all(core.has_nothing_to_order(game, seat) for seat in REACH)
    assert not any(core.has_nothing_to_order(to_phase("write_moves"), seat) for seat in REACH)


def test_a_captain_with_a_gun_in_reach_decides_and_one_whose_guns_are_out_does_not():
    game = to_phase("write_fire")
    assert not core.has_nothing_to_order(game, "graf_spee")
    board = game.state.board
    spee = board.ship("graf_spee")
    silenced = attrs.evolve(spee, mounts_out=frozenset(m.name for m in _mounts(spee)))
    game = attrs.evolve(game, state=attrs.evolve(game.state, board=board.replace(silenced)))
    assert core.has_nothing_to_order(game, "graf_spee")


def test_at_night_a_captain_with_a_light_decides_in_the_searchlight_phase():
    game = to_phase("searchlights", {"night": True})
    assert not any(core.has_nothing_to_order(game, seat) for seat in REACH)
    board = game.state.board
    out = [attrs.evolve(board.ship(n), effects={**board.ship(n).effects, "lights": 10_000}) for n in REACH]
    game = attrs.evolve(game, state=attrs.evolve(game.state, board=board.replace(*out)))
    assert all(core.has_nothing_to_order(game, seat) for seat in REACH)


def _mounts(ship):
    from fogbank.rules.supremacy.scenario import ship_classes

    return ship_classes()[ship.cls].mounts

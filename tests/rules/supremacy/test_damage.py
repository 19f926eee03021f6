"""Damage (2D, 5.7-5.9): special damage effects on the ship, overwhelming damage, and what a
damaged ship may then do."""

from __future__ import annotations

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused, Roller
from fogbank.rules.supremacy import special
from fogbank.rules.supremacy.damage import TABLES, apply_special, sink
from fogbank.rules.supremacy.moves import parse_move, problems
from fogbank.rules.supremacy.scenario import ship_classes
from fogbank.rules.supremacy.ships import silenced, top_speed

from .test_game import first_turn, order, start

CLASSES = ship_classes()
RULES = core.find_ruleset("supremacy")


def hit(name, colour, white, penetrating, turn=3, seed=b"\0" * 32):
    ship = start().state.board.ship(name)
    roller = Roller(core.Dice(seed), turn, TABLES)
    changed, points, words = apply_special(ship, CLASSES[ship.cls], special.entry(colour, white, penetrating), 90,
                                           roller, "test", deck_full=True)
    return changed, points, words, roller.rolls


def test_a_magazine_explosion_loses_a_turret_and_takes_ten_of_her_own_hits():
    spee, points, words, rolls = hit("graf_spee", 3, 1, True)
    assert points == 10 * 90 and len(spee.mounts_out) == 1 and "magazine explosion" in words
    assert rolls[0].table == "pick"  # which turret: the owner's secret roll


def test_belt_6_penetrating_is_4_damage_2_knots_the_rudder_and_a_secondary():
    exeter, points, words, _ = hit("exeter", 4, 6, True)
    assert (exeter.rudder, exeter.knots_lost, sum(exeter.secondaries_out.values()), points) == ("lost", 2, 1, 360)
    assert [r.code for r in problems(parse_move("L2 A12"), exeter, CLASSES["exeter"], 4)] == ["no_rudder"]


def test_engine_rooms_take_their_percentages_of_top_speed():
    ajax, _, _, _ = hit("ajax", 0, 1, True)  # 2 engine rooms, speed to 14 knots for die-2 turns
    assert ajax.rooms_lost == 2 and top_speed(ajax, CLASSES["leander"]) == 33 * 70 // 100


def test_mains_silent_next_turn_silences_the_mains_only():
    ajax, _, _, _ = hit("ajax", 1, 2, True)  # "1 Damage, Mains silent next turn"
    assert silenced(ajax, "mains", 4) and not silenced(ajax, "secondaries", 4) and not silenced(ajax, "mains", 5)


def test_seventy_five_percent_in_a_turn_sinks_by_overwhelming_damage():
    state = start().state
    board = state.board
    exeter = board.ship("exeter")
    board = board.replace(attrs.evolve(exeter, damage=1400, turn_damage=1400))
    board, sunk = sink(board, state)
    assert board.ship("exeter").sunk and sunk[0].how == "overwhelming damage"


def test_a_silenced_battery_and_an_empty_turret_cannot_be_ordered_to_fire():
    game = first_turn(start())
    board = game.state.board
    spee = attrs.evolve(board.ship("graf_spee"), effects={"silent": 1}, used={"starboard": 24})
    game = attrs.evolve(game, state=attrs.evolve(game.state, board=board.replace(spee)))
    for group, code in (("fore", "cannot_fire"), ("starboard", "cannot_bear")):
        with pytest.raises(Refused) as refused:
            core.submit(game, "graf_spee", order("graf_spee", fire=[{"group": group, "target": "exeter"}]))
        assert refused.value.code == code

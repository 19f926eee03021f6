"""2.8: no ship ends her move within 6 inches of another on a collision course (were both to run
straight on at their speed, they would touch); the ship without right of way is turned off it,
both to starboard when neither has it, and only a ship that sees the other."""

from __future__ import annotations

import attrs

from fogbank.rules.supremacy import ramming, turn
from fogbank.rules.supremacy.scenario import ship_classes

from .test_game import RULES, start

CLASSES = ship_classes()


def head_on():
    """Ajax and Achilles (equal, both working rudders) each run A2 to end 5 inches apart, bow to bow."""
    state = start().state
    board = state.board
    placed = [attrs.evolve(board.ship("ajax"), at=(-20, 0), course=90, speed=4),
              attrs.evolve(board.ship("achilles"), at=(70, 0), course=270, speed=4),
              attrs.evolve(board.ship("exeter"), at=(0, -600), course=0, speed=4),
              attrs.evolve(board.ship("graf_spee"), at=(0, 600), course=0, speed=4)]
    moves = {s.name: RULES.parse_order(s.name, {"ships": {s.name: {"move": "A2"}}})[s.name] for s in placed}
    board = attrs.evolve(board.replace(*placed), moves=moves)
    state = attrs.evolve(state, phase="execute_moves", board=board)
    return state


def test_ships_ending_head_on_within_6_inches_both_turn_to_starboard_off_the_collision_course():
    result = turn.execute_moves(head_on())
    ajax, achilles = (result.state.board.ship(n) for n in ("ajax", "achilles"))
    assert (ajax.at, achilles.at) == ((0, 0), (50, 0))
    # Achilles, first named, turns to starboard and that clears it: Ajax holds her course.
    assert achilles.course in range(275, 360, 5) and ajax.course == 90
    assert not ramming.on_collision_course(ajax, achilles, CLASSES)
    kept = [e for e in result.events if e.kind == "collided" and e.what == "kept_clear"]
    assert [(e.ship, e.audience) for e in kept] == [("achilles", frozenset({"achilles"}))]
    assert "keep clear of Ajax" in next(r for r in result.state.knowledge["achilles"].reports
                                        if r["what"] == "kept_clear")["text"]
    assert not [r for r in result.state.knowledge["ajax"].reports if r["kind"] == "collided"]
    assert not [r for r in result.state.knowledge["graf_spee"].reports if r["kind"] == "collided"]


def test_the_ship_without_right_of_way_gives_way_and_a_ship_that_cannot_see_turns_not():
    state = start().state
    board = state.board
    exeter = attrs.evolve(board.ship("exeter"), at=(0, 0), course=90, speed=4)  # a CA has the right of way over a CL
    ajax = attrs.evolve(board.ship("ajax"), at=(50, 0), course=270, speed=4)
    ships = {s.name: s for s in board.replace(exeter, ajax).ships if s.name in ("exeter", "ajax")}
    assert ramming.keep_clear(ships, CLASSES, lambda a, b: True) == [("ajax", "exeter")]
    assert ships["exeter"].course == 90 and ships["ajax"].course != 270
    blind = {"exeter": exeter, "ajax": ajax}
    assert ramming.keep_clear(blind, CLASSES, lambda a, b: False) == []  # smoke between them: nobody is told to turn
    assert blind["ajax"].course == 270


def test_ships_in_line_ahead_at_one_speed_are_not_on_a_collision_course():
    board = start().state.board  # Achilles 5 inches astern of Ajax, both on 60
    assert not ramming.on_collision_course(board.ship("ajax"), board.ship("achilles"), CLASSES)


def test_ships_locked_together_by_a_ram_are_not_turned_to_keep_clear():
    """2.9: rammed ships lie "locked together, dead in the water": neither can turn off the
    collision course they lie on (one was turned the moment she was locked)."""
    board = start().state.board
    ships = {"ajax": attrs.evolve(board.ship("ajax"), at=(0, 0), course=90, speed=4,
                                  effects={"cap0": 10_000}),
             "achilles": attrs.evolve(board.ship("achilles"), at=(50, 0), course=270, speed=4,
                                      effects={"cap0": 10_000})}
    assert ramming.keep_clear(ships, CLASSES, lambda a, b: True, 5) == []
    assert ramming.keep_clear(dict(ships, ajax=attrs.evolve(ships["ajax"], effects={})), CLASSES,
                              lambda a, b: True, 5) != []

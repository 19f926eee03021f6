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


def crossing(name, at, course, speed):
    return attrs.evolve(start().state.board.ship(name), at=at, course=course, speed=speed)


def test_a_collision_course_is_seen_however_fast_the_two_close_not_only_at_tenths_of_the_run():
    """An outside referee's game (turn 21): Ajax on 46 at 33 knots and Achilles on 104 at 27 end
    6 inches apart and their straight runs cross, models touching, between two tenths of the turn
    (a check at each tenth missed it, and nobody was turned)."""
    ajax = crossing("ajax", (-570, 1543), 46, 33)
    achilles = crossing("achilles", (-552, 1600), 104, 27)
    assert ramming.on_collision_course(ajax, achilles, CLASSES)
    ships = {"ajax": ajax, "achilles": achilles}
    assert ramming.keep_clear(ships, CLASSES, lambda a, b: True, 21)
    assert not ramming.on_collision_course(ships["ajax"], ships["achilles"], CLASSES)


def test_the_turn_to_keep_clear_is_one_that_truly_clears():
    """Each course tried is judged over the whole run: the ships are left with no moment at which
    the models would touch (the referee's night games: Ajax was turned to 209 off Graf Spee's bow,
    still on a collision course; Exeter and Graf Spee were left converging)."""
    for (a, a_at, a_course, a_speed), (b, b_at, b_course, b_speed) in (
            (("graf_spee", (575, -5), 337, 14), ("ajax", (598, 40), 209, 33)),
            (("graf_spee", (429, -226), 63, 26), ("exeter", (392, -221), 89, 32)),
            (("ajax", (-570, 1543), 46, 33), ("achilles", (-552, 1600), 104, 27))):
        ships = {a: crossing(a, a_at, a_course, a_speed), b: crossing(b, b_at, b_course, b_speed)}
        ramming.keep_clear(ships, CLASSES, lambda x, y: True, 11)
        assert _closest(ships[a], ships[b]) > ramming.TOUCH, (a, b)


def _closest(a, b, steps=2000):
    """The models' least distance (tenths) as both run straight on, sampled finely and measured
    without the ruleset's geometry."""
    import math

    def model(ship, f):
        cls = CLASSES[ship.cls]
        ux, uy = math.sin(math.radians(ship.course)), math.cos(math.radians(ship.course))
        x, y = ship.at[0] + f * ship.speed * 5 * ux, ship.at[1] + f * ship.speed * 5 * uy
        return (x + cls.funnel * ux, y + cls.funnel * uy), (x - (cls.length - cls.funnel) * ux,
                                                            y - (cls.length - cls.funnel) * uy)

    def point_segment(p, a, b):
        ab, ap = (b[0] - a[0], b[1] - a[1]), (p[0] - a[0], p[1] - a[1])
        t = max(0.0, min(1.0, (ab[0] * ap[0] + ab[1] * ap[1]) / (ab[0] ** 2 + ab[1] ** 2)))
        return math.dist(p, (a[0] + t * ab[0], a[1] + t * ab[1]))

    best = math.inf
    for k in range(steps + 1):
        (a1, a2), (b1, b2) = model(a, k / steps), model(b, k / steps)
        best = min(best, point_segment(a1, b1, b2), point_segment(a2, b1, b2), point_segment(b1, a1, a2),
                   point_segment(b2, a1, a2))
    return best

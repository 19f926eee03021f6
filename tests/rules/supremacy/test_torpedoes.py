"""Torpedoes: banks fire in phase 3 within their arcs, once; a spread runs with the ships and a
ship whose funnel it meets rolls to be hit; the roster never tells a bank fired."""

from __future__ import annotations

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.supremacy import torpedoes
from fogbank.rules.supremacy.torpedoes import Spread

from .test_game import FIRST, first_turn, order, start

RULES = core.find_ruleset("supremacy")


def to_torpedoes(game):
    for seat in FIRST:
        game = core.submit(game, seat, order(seat, fire=[])).game
    return game


def test_every_seat_acts_in_the_torpedo_phase_and_a_bank_fires_once():
    game = to_torpedoes(first_turn(start()))
    assert game.state.phase == "torpedoes"
    assert RULES.seats_to_act(game.state) == frozenset(FIRST)
    spee = game.state.board.ship("graf_spee")
    course = (spee.course + 90) % 360  # abeam to starboard
    with pytest.raises(Refused) as refused:
        core.submit(game, "graf_spee", order("graf_spee", torpedoes=[{"bank": "port", "course": course}]))
    assert refused.value.code == "cannot_bear"
    game = core.submit(game, "graf_spee", order("graf_spee", torpedoes=[{"bank": "starboard", "course": course}])).game
    for seat in ("ajax", "achilles", "exeter"):
        game = core.submit(game, seat, order(seat, torpedoes=[])).game
    board = game.state.board
    assert [s.bank for s in board.spreads] == ["starboard"] and board.ship("graf_spee").torpedoes_fired == {"starboard"}
    answer = core.ask(game, "ajax", {"ship": "graf_spee", "ask": "torpedo_banks"}).events[0].answer
    assert answer == {"banks": ["port", "starboard"]}  # a bank fired is still a bank left: never told


def test_a_spread_meets_a_ship_crossing_its_front_and_not_one_beside_it():
    spread = Spread(1, "graf_spee", "starboard", (0, 0), 90, 30, 450, 4, "narrow")
    crossing = _ship("ajax", ((100, 70), (100, -30)))  # at the front as it comes by, 7 tenths into the phase
    beside = _ship("achilles", ((100, 100), (100, 60)))
    moved, met = torpedoes.run(spread, (crossing, beside))
    assert met == [("ajax", 180)] and moved.at == (150, 0) and moved.run_left == 300


def test_a_spread_runs_out_at_its_longest_run():
    spread = Spread(1, "graf_spee", "starboard", (0, 0), 90, 30, 100, 4, "narrow")
    moved, met = torpedoes.run(spread, ())
    assert moved is None and met == []


def test_a_hit_is_300_points_and_4_knots_at_once():
    game = start()
    board = game.state.board
    ajax = board.ship("ajax")
    spread = Spread(1, "graf_spee", "starboard", (ajax.at[0] - 30, ajax.at[1]), 90, 30, 450, 4, "narrow", runs=1)
    stopped = attrs.evolve(ajax, path=(ajax.at, ajax.at))
    state = attrs.evolve(game.state, board=attrs.evolve(board.replace(stopped), spreads=(spread,)))
    for seed in range(40):
        result = torpedoes.strike(attrs.evolve(state, dice=core.Dice(bytes([seed]) * 32)))
        (roll,) = result.rolls
        assert roll.table == "torpedo" and roll.total == sum(roll.dice) + 4
        hit = result.state.board.ship("ajax")
        assert (hit.damage, hit.knots_lost) == ((300, 4) if roll.total >= torpedoes.HIT else (0, 0))
        if roll.total >= torpedoes.HIT:
            # Ajax is told the damage; the seats whose ships see her (Graf Spee, and Achilles astern:
            # Exeter's view of her is masked by Achilles) the explosion; nobody whose torpedo it was.
            told, seen = result.events
            assert (told.audience, told.points) == ({"ajax"}, 300)
            assert (seen.audience, seen.points) == ({"graf_spee", "achilles"}, None)
            assert "Admiral Graf Spee" not in RULES.describe(told) + RULES.describe(seen)
            return
    pytest.fail("no hit in 40 seeds")


def _ship(name, path):
    return attrs.evolve(start().state.board.ship(name), at=path[-1], path=path)


def chance(count, kind, course, ship_course):
    """The share of the 36 throws of 2d6 that hit a ship whose funnel the spread meets."""
    spread = Spread(1, "graf_spee", "starboard", (0, 0), course, 30, 450, count, kind)
    ship = attrs.evolve(start().state.board.ship("ajax"), course=ship_course)
    bonus = sum(m.value for m in torpedoes.modifiers(spread, ship.course))
    return sum(torpedoes.read_torpedo(a + b + bonus) == "hit" for a in range(1, 7) for b in range(1, 7))


def test_a_spread_that_meets_her_funnel_hits_by_its_torpedoes_spread_and_angle():
    """The seed (4.1): the funnel must be in the spread "before calculating ... the percentage
    chance of a hit". Four torpedoes close together across her beam hit more often than not;
    a fan of Exeter's three (it could never hit) and a spread met end on still may."""
    assert chance(4, "narrow", 90, 0) == 21  # 58%
    assert chance(3, "narrow", 90, 0) == 15  # 42%
    assert chance(4, "fan", 90, 0) == 10  # 28%
    assert chance(3, "fan", 90, 0) == 6  # 17%
    assert chance(4, "narrow", 10, 0) == chance(4, "narrow", 175, 0) == 10  # end on: bow or stern
    assert chance(3, "fan", 0, 180) == 1  # the worst still may
    assert all(chance(n, k, c, 0) < 36 for n in (3, 4) for k in ("narrow", "fan") for c in (0, 90))


def test_a_spread_meets_a_funnel_that_crosses_its_front_between_two_tenths_of_the_move():
    """An outside referee's night game (turn 5): Graf Spee's first-run fan, from her own funnel,
    met Exeter 1.35 inches from its middle (its half-width 2 inches) between two tenths of the
    move; a check at each tenth found her 2.25 inches off and made no roll. Only the firer is
    safe from a spread's first run."""
    fan = Spread(1, "graf_spee", "port", (429, -226), 322, 30, 450, 4, "fan")
    exeter = _ship("exeter", ((345, -198), (353, -192), (432, -116)))
    _, met = torpedoes.run(fan, (exeter,))
    assert [name for name, _ in met] == ["exeter"]


def test_a_spread_does_not_meet_a_funnel_passing_just_outside_its_edge():
    """Referee's games: a fan met Exeter 2.15 inches from its middle (the next tenth found her
    1.6 inches off, inside it), and a spread on the last 9 inches of its run, which runs them at
    35 knots and stops, passed 1.24 inches from her (spread over the whole move, it was slowed to
    meet her later and nearer)."""
    fan = Spread(1, "ajax", "port", (624, -295), 215, 35, 440, 4, "fan", runs=1)
    exeter = _ship("exeter", ((447, -289), (449, -299), (454, -308), (532, -424)))
    assert torpedoes.run(fan, (exeter,))[1] == []
    last = Spread(1, "achilles", "port", (418, -254), 314, 35, 90, 4, "narrow", runs=2)
    exeter = _ship("exeter", ((382, -239), (390, -245), (452, -278)))
    assert torpedoes.run(last, (exeter,))[1] == []


def test_met_end_on_reads_her_course_as_the_spread_meets_her_not_at_the_end_of_her_move():
    """She runs north across the front of a spread running east, meets it broadside on, then
    turns east: end on by the end of her move, yet not when it met her (the referee found 14 of
    58 meetings read so)."""
    game = start()
    board = game.state.board
    spread = Spread(1, "graf_spee", "starboard", (0, 0), 90, 30, 450, 4, "narrow", runs=1)
    ajax = attrs.evolve(board.ship("ajax"), at=(120, 20), course=90, path=((60, -40), (60, 20), (120, 20)))
    assert torpedoes.run(spread, (ajax,))[1] == [("ajax", 0)]
    state = attrs.evolve(game.state, board=attrs.evolve(board.replace(ajax), spreads=(spread,)))
    (roll,) = [r for r in torpedoes.strike(state).rolls if r.key.endswith("/ajax")]
    assert {m.reason: m.value for m in roll.modifiers}.get("met end on", 0) == 0
    turned_back = attrs.evolve(ajax, at=(90, 40), course=0, path=((30, -5), (90, 5), (90, 40)))
    state = attrs.evolve(game.state, board=attrs.evolve(board.replace(turned_back), spreads=(spread,)))
    (roll,) = [r for r in torpedoes.strike(state).rolls if r.key.endswith("/ajax")]
    assert {m.reason: m.value for m in roll.modifiers}.get("met end on", 0) == -2  # heading 80 as it met her

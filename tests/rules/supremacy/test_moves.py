"""Move notation, the limits a written move must meet, and how an impossible one is carried out (4.4)."""

import pytest

from fogbank.rules.core import Refused
from fogbank.rules.supremacy import moves
from fogbank.rules.supremacy.moves import parse_move
from fogbank.rules.supremacy.scenario import ship_classes
from fogbank.rules.supremacy.ships import Ship

EXETER = ship_classes()["exeter"]


def exeter(speed=32, **kw):
    return Ship("exeter", "exeter", "british", "Exeter", (0, 0), 0, speed, **kw)


def codes(text, ship=None, turn=2):
    return [r.code for r in moves.problems(parse_move(text), ship or exeter(), EXETER, turn)]


def test_the_notation_reads_turns_straight_back_and_the_special_moves():
    move = parse_move("CS P2.25 13 S1 A0.5")
    assert [str(leg) for leg in move.legs] == ["L2.25", "A13", "R1", "A0.5"]
    assert move.chase and move.turning == 13 and move.knots == (67 + 12) // 2
    assert str(parse_move("LS R2Sh")) == "LS R2Sh"


@pytest.mark.parametrize("text", ["A10.1", "X4", "A0", "CS LS A10", "B2Sh", 12])
def test_what_is_not_the_notation_is_refused(text):
    with pytest.raises(Refused):
        parse_move(text)


def test_speed_limits_acceleration_and_deceleration():
    assert codes("A16") == []
    assert codes("A17") == ["too_fast"]  # 34 knots: over her 32
    assert codes("A15", exeter(speed=20)) == ["too_fast"]  # 20 + 8 = 28 knots at most
    assert codes("A1", exeter(speed=32)) == ["too_slow"]  # she sheds 16 knots a turn at most


def test_sharp_turns_chasing_and_smoke_and_going_astern():
    assert codes("R2Sh A10") == ["no_sharp_turn"]
    assert codes("B2", exeter(speed=10)) == ["not_stopped"]
    assert codes("B2", exeter(speed=0)) == []
    assert codes("LS A14", exeter(smoke_used=3)) == ["no_smoke"]
    assert codes("CS A13", exeter(rudder="damaged")) == ["cannot_chase"]


def test_rudder_damage_limits_turning_above_10_knots_only():
    assert codes("L2 A12", exeter(rudder="damaged")) == ["rudder_damaged"]
    assert codes("L2 A12", exeter(rudder="lost")) == ["no_rudder"]
    assert codes("L2 A3", exeter(speed=10, rudder="lost")) == []


def test_a_move_too_long_is_cut_short_where_she_could_reach():
    move, notes = moves.carried_out(parse_move("A10 L6 A4"), exeter(speed=20), EXETER, 2)
    assert str(move) == "A10 L4" and "cut short at 14 inches" in notes[0]


def test_a_move_too_short_runs_on_ahead():
    move, notes = moves.carried_out(parse_move("L2"), exeter(speed=32), EXETER, 2)
    assert str(move) == "L2 A6" and move.knots == 16


def test_execution_ends_where_the_circle_and_the_legs_put_her():
    at, course, path = moves.execute(parse_move("A10 L6"), Ship("e", "exeter", "b", "E", (0, 0), 60, 32))
    assert course == 334  # 6 inches on the 4-inch circle is 86 degrees to port of 060
    assert path[0] == (0, 0) and path[-1] == at


from hypothesis import example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

legs = st.lists(st.tuples(st.sampled_from(["L", "R", "A", "B"]), st.integers(1, 40), st.booleans()), min_size=0, max_size=4)


@settings(max_examples=300, deadline=None)
# Found by this test: a damaged rudder jammed hard over with a port turn written (it turned 1.25").
@example([("L", 1, False)], False, False, 27, False, "damaged", 0, 0, True)
@given(legs, st.booleans(), st.booleans(), st.integers(0, 33), st.booleans(),
       st.sampled_from(["working", "damaged", "lost"]), st.integers(0, 3), st.integers(0, 20), st.booleans())
def test_any_written_move_carried_out_meets_every_rule_or_says_why(written, chase, smoke, speed, backwards, rudder,
                                                                   smoke_used, on_course, jammed):
    """4.4: whatever the umpire writes, the move carried out breaks no rule, keeps the legs'
    order, and each change is told."""
    text = " ".join(f"{k}{q / 4:g}{'Sh' if sharp and k in 'LR' else ''}" for k, q, sharp in written)
    text = " ".join(["CS"] * (chase and not smoke) + ["LS"] * smoke + [text])
    move = parse_move(text)
    ship = exeter(speed=speed, backwards=backwards and speed == 0, rudder=rudder, smoke_used=smoke_used,
                  on_course=on_course, effects={"hard_over": 2} if jammed else {})
    adjusted, notes = moves.carried_out(move, ship, EXETER, 2)
    assert [r.code for r in moves.problems(adjusted, ship, EXETER, 2)] == []
    assert bool(notes) or adjusted == move

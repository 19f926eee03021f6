"""The hidden setup: every game draws its own mine lines and vessel squares from the scenario's
historical bounds, the seed fixes the draw, and the umpire may place them by hand before turn 1."""

import pytest
from fogbank.rules import core
from fogbank.rules.core import Refused, find_ruleset
from fogbank.rules.core.plain import to_plain
from fogbank.rules.dardanelles.chart import parse_square, square_name
from fogbank.rules.dardanelles.scenario import load_scenario
from fogbank.rules.record.gamelog import input_at
from fogbank.rules.record.replay import apply_input, full_record
from fogbank.rules.record.verify import verify_records

RULES = find_ruleset("dardanelles")


def start(scenario="b11", seed=b"\x01" * 32, **options):
    return core.start(RULES, scenario, seed, options or None)


def layout(game):
    board = game.state.board
    return dict(board.minefields), {v.number: v.square for v in board.vessels}


def test_each_game_draws_its_own_mines_and_vessels():
    layouts = {repr(layout(start(seed=bytes([n]) * 32))) for n in range(12)}
    assert len(layouts) >= 10  # one game's record tells little of the next


@pytest.mark.parametrize("scenario", ["b11", "marmara"])
def test_the_draw_keeps_to_the_historical_bounds(scenario):
    s = load_scenario(scenario)
    (lines,) = s.mine_lines
    allowed_rows = {sq[1] for sq in lines.across}
    places = {p.number: set(p.squares) for p in s.vessel_places}
    for n in range(20):
        mines, vessels = layout(start(scenario, bytes([n]) * 32))
        assert {sq[1] for sq in mines} <= allowed_rows
        # Each line runs from shore to shore: every square of a row's crossing has as many rows.
        for square in mines:
            assert all(mines.get(sq) == mines[square] for sq in s.chart.crossing(square))
        rows_laid = sum(mines[min(sq for sq in mines if sq[1] == y)] for y in {sq[1] for sq in mines})
        assert rows_laid == lines.count
        assert all(vessels[number] in squares for number, squares in places.items())


def test_the_seed_fixes_the_draw_and_the_umpire_sees_the_dice():
    seed = b"\x09" * 32
    assert layout(start(seed=seed)) == layout(start(seed=seed))
    view = to_plain(RULES.observe(start(seed=seed).state, core.UMPIRE))
    draws = {d["what"]: d for d in view["setup"]}
    assert set(draws) == {f"mine line {n}" for n in range(1, 6)} | {f"vessel {n}" for n in range(1, 10)}
    assert draws["vessel 9"]["die"] == "d1" and draws["vessel 9"]["square"] == "O12"  # the known anchorage
    vessels = {v["number"]: v["square"] for v in view["vessels"]}
    assert all(vessels[int(what.split()[1])] == d["square"] for what, d in draws.items() if what.startswith("vessel"))


def test_the_umpire_option_starts_from_the_historians_placing():
    game = start(setup="umpire")
    mines, vessels = layout(game)
    s = load_scenario("b11")
    assert (mines, vessels) == (s.historical[0], {v.number: v.square for v in s.historical[1]})
    assert game.state.board.setup == ()
    with pytest.raises(Refused) as refused:
        start(setup="dealt")
    assert refused.value.code == "bad_option"


def test_the_umpire_lays_and_lifts_a_line_and_places_a_vessel_before_turn_1():
    game = start(setup="umpire")
    before = dict(game.state.board.minefields)
    step = core.override(game, {"kind": "lay_mine_line", "square": "M12"}, "a line off Chanak")
    mines = step.game.state.board.minefields
    assert {sq: mines[sq] - before.get(sq, 0) for sq in mines if mines[sq] != before.get(sq, 0)} == {
        parse_square(name): 1 for name in ("M12", "N12", "O12")
    }
    assert step.events[0].what == "a mine line laid across M12, N12, O12"
    game = core.override(step.game, {"kind": "lift_mine_line", "square": "M12"}, "not laid after all").game
    assert dict(game.state.board.minefields) == before
    game = core.override(game, {"kind": "place_vessel", "number": 7, "square": "N17"}, "at the pier").game
    assert square_name(game.state.board.vessel(7).square) == "N17"


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"kind": "lift_mine_line", "square": "T30"}, "no_mines"),
        ({"kind": "lay_mine_line", "square": "M13"}, "not_sea"),  # Kilid Bahr
        ({"kind": "lay_mine_line", "square": "nowhere"}, "bad_square"),
        ({"kind": "lay_mine_line", "square": 12}, "bad_override"),
        ({"kind": "place_vessel", "number": 12, "square": "M17"}, "unknown_vessel"),
        ({"kind": "place_vessel", "number": "7", "square": "M17"}, "bad_override"),
    ],
)
def test_bad_setup_changes_are_refused(payload, code):
    with pytest.raises(Refused) as refused:
        core.override(start(), payload, "a test")
    assert refused.value.code == code and refused.value.sentence.endswith(".")


def test_the_setup_closes_once_turn_1_has_resolved():
    game = start()
    game = core.submit(game, "submarine", RULES.parse_order("submarine", {"level": "surface"})).game
    with pytest.raises(Refused) as refused:
        core.override(game, {"kind": "place_vessel", "number": 7, "square": "M17"}, "too late")
    assert refused.value.code == "setup_closed"


@pytest.mark.parametrize("setup", ["drawn", "umpire"])
def test_a_game_with_its_setup_verifies_from_the_revealed_seed(setup):
    """The draw (or the umpire's hand, which is an input like any other) replays from the log:
    `fogbank verify` re-derives every roll, the mines met included."""
    mines = {"override": {"kind": "lay_mine_line", "square": "G7"}, "reason": "a line in Morto Bay"}
    given = [
        ("override", mines),
        ("order", {"seat": "submarine", "order": {"course": "E", "speed": 3, "level": "surface"}}),
        *(("order", {"seat": "submarine", "order": {"course": "NE", "speed": 3, "level": "surface"}}),) * 2,
    ]
    game = start(seed=b"\x07" * 32, setup=setup)
    played, inputs = game, []
    for kind, fields in given:
        inputs.append(input_at(kind, played, **fields))  # logged as the game was when it came
        played = apply_input(played, inputs[-1]).game
    if not played.state.ended:  # the seed is revealed only at the end
        inputs.append(input_at("end", played, reason="enough"))
    records = full_record(game, inputs)
    assert verify_records(records) > 0
    assert any(r.get("kind") == "minefield_entered" for r in records)  # the boat met mines on the way

"""Running aground (2.10) on a River Plate table given a small island just off Ajax's printed
first move: she may ground on its shoals, stops there, rolls to get off, and who is told."""

from __future__ import annotations

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.supremacy import aground, orders, turn
from fogbank.rules.supremacy.geometry import near
from fogbank.rules.supremacy.scenario import load_scenario, ship_classes

from .test_game import RULES, order

# Ajax runs A16 on course 60 from (40, -62) inches: the island's nearest corner is about 2.9 inches
# off her track, inside the shoal line plus her bow, and the track never crosses it.
ISLAND = ((475, -610), (495, -610), (495, -630), (475, -630))


@pytest.fixture
def island(monkeypatch):
    with_land = attrs.evolve(load_scenario("river_plate"), land=(ISLAND,))
    for module in (turn, orders):
        monkeypatch.setattr(module, "load_scenario", lambda _id: with_land)


def written(state, **given):
    """The state in 1B with these moves written (the rest of the ships' "A2")."""
    chosen = {s.name: given.get(s.name, "A2") for s in state.board.ships}
    return attrs.evolve(state, phase="execute_moves", board=attrs.evolve(state.board, moves={
        name: RULES.parse_order(name, {"ships": {name: {"move": text}}})[name] for name, text in chosen.items()}))


def moved(seed: int, **options):
    """Ajax runs A16 past the island while her consorts astern make 2 inches (so nobody rams her)."""
    state = core.start(RULES, "river_plate", bytes([seed]) * 32, options or None).state
    return turn.execute_moves(written(state, ajax="A16", graf_spee="A13"))


def reports(resolution, seat):
    return [r for r in resolution.state.knowledge[seat].reports if r["kind"] == "aground"]


def grounded_and_clear(**options):
    done = [moved(seed, **options) for seed in range(1, 16)]
    grounded = [r for r in done if r.state.board.ship("ajax").aground]
    clear = [r for r in done if not r.state.board.ship("ajax").aground]
    assert grounded and clear  # at 32 knots she grounds on a d6 of 1-4
    return grounded, clear


def test_a_ship_on_the_shoals_may_run_aground_and_stops_at_the_shoal_line(island):
    grounded, clear = grounded_and_clear()
    ajax = grounded[0].state.board.ship("ajax")
    sides = aground.coasts([ISLAND])
    assert ajax.speed == 0 and aground.on_shoal(ajax.at, ship_classes()["leander"], sides)
    assert not any(near(ajax.path[-2], p, q, aground.SHOAL + ship_classes()["leander"].funnel) for p, q in sides)
    assert clear[0].state.board.ship("ajax").at != ajax.at  # she ran on past the island
    [roll] = [r for r in grounded[0].rolls if r.table == "aground"]
    assert roll.outcome == "aground" and roll.modifiers[0].value == -3  # 32 knots
    assert reports(grounded[0], "ajax")[0]["text"] == "Ajax runs aground on the shoals and stops."
    assert RULES.observe(grounded[0].state, "ajax")["ships"][0]["aground"] is True
    assert [s["aground"] for s in RULES.observe(grounded[0].state, core.UMPIRE)["ships"] if s["name"] == "ajax"] == [True]


def test_the_grounding_is_told_to_seats_that_see_her_and_not_to_one_that_cannot(island):
    by_day, _ = grounded_and_clear()
    assert reports(by_day[0], "graf_spee") and reports(by_day[0], "achilles")  # 60 inches off by day: in sight
    at_night, _ = grounded_and_clear(night=True)
    assert reports(at_night[0], "achilles") and not reports(at_night[0], "graf_spee")  # 15 inches at night


def test_an_aground_ship_rolls_to_get_off_and_moves_only_if_she_does(island):
    grounded, _ = grounded_and_clear()
    outcomes = set()
    for resolution in grounded:
        state = written(resolution.state, ajax="A4")
        before = state.board.ship("ajax").at
        after = turn.execute_moves(state)
        ajax = after.state.board.ship("ajax")
        [event] = [e for e in after.events if e.kind == "aground" and e.ship == "ajax"]
        outcomes.add(event.what)
        if event.what == "stuck":
            assert ajax.at == before and ajax.aground and event.audience == {"ajax"}
        else:
            assert event.what == "off" and ajax.at != before and not ajax.aground
    assert outcomes == {"stuck", "off"}


def test_a_move_across_land_on_the_chart_is_refused(island):
    game = core.start(RULES, "river_plate", bytes([1]) * 32)
    state = attrs.evolve(game.state, phase="write_moves", turn=2,
                         board=game.state.board.replace(attrs.evolve(game.state.board.ship("exeter"), at=(485, -680),
                                                                     course=0, aground=False, speed=20)))
    with pytest.raises(Refused) as refused:
        RULES.check_order(state, "exeter", order("exeter", move="A10"))
    assert refused.value.code == "over_land" and refused.value.code in RULES.error_codes()


def test_the_dice_tables_read_as_the_rule_says():
    assert [aground.read_grounding(t) for t in (-2, 1, 2)] == ["aground", "aground", "clear"]
    assert [aground.read_refloat(t) for t in (3, 4, 8)] == ["stuck", "off", "off"]
    assert RULES.table_reader("aground") is aground.read_grounding

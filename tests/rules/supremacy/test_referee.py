"""The rules that decide games, checked as a referee would from seed 002's words: smoke crossed
not touched (2.11), a secondary group split not doubled (4.5a), fire at enemies only (4.2),
ammunition as the salvos left (5.10), ranges rounded up (5.6a), moves within their speed (1.1),
turning done when giving way (5.3b), a ship aground silent (4.2), on course slowing acceleration
(1.3e), the chart's deck 4-5 cell (5.7)."""

from __future__ import annotations

import attrs

from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.supremacy import gunnery, moves, special, turn
from fogbank.rules.supremacy.board import FireOrder
from fogbank.rules.supremacy.scenario import hit_table, ship_classes
from fogbank.rules.supremacy.sight import sees
from fogbank.rules.supremacy.ships import silenced

from .test_game import first_turn, order, start

RULES = core.find_ruleset("supremacy")
CLASSES = ship_classes()


def placed(state, **ships):
    """The state with ships moved: name=(at, course) or a dict of Ship fields."""
    board = state.board
    changed = []
    for name, fields in ships.items():
        if isinstance(fields, tuple):
            fields = {"at": fields[0], "course": fields[1]}
        changed.append(attrs.evolve(board.ship(name), **fields))
    return attrs.evolve(state, board=board.replace(*changed))


def test_a_ship_laying_smoke_is_seen_across_her_beam_and_sees_herself():
    """2.11: the smoke runs from her funnel where she started to her funnel where she ends; a line
    of sight is blocked only if it crosses the smoke, so a ship abeam of the smoke's end sees her."""
    state = placed(start().state, graf_spee=((0, 0), 90), ajax=((0, -400), 0), achilles=((0, 400), 180),
                   exeter=((-1000, -1000), 0))
    smoke = (((-130, 0), (0, 0)),)  # laid from 13 inches west up to her funnel
    board = attrs.evolve(state.board, smoke=smoke)
    spee, ajax = board.ship("graf_spee"), board.ship("ajax")
    assert sees(ajax, spee, board.ships, CLASSES, board.smoke, 90)
    assert sees(spee, ajax, board.ships, CLASSES, board.smoke, 90)
    # A line that does cross the smoke is blocked, as ever.
    behind = attrs.evolve(ajax, at=(-60, -400))
    across = attrs.evolve(board.ship("achilles"), at=(-60, 400))
    assert not sees(behind, across, board.ships, CLASSES, board.smoke, 90)
    # Looking straight back along her own smoke, she is blind astern.
    astern = attrs.evolve(ajax, at=(-300, 0))
    assert not sees(spee, astern, board.ships, CLASSES, board.smoke, 90)


def test_a_range_a_hair_over_a_heading_reads_the_next_one():
    """5.6a: "If the range falls between two of the range measurements ... round up". 40.01
    inches is 45, not 40 (the tenths' floor made it 40)."""
    board = start().state.board
    spee = attrs.evolve(board.ship("graf_spee"), at=(0, 0))
    exeter = attrs.evolve(board.ship("exeter"), at=(3, 400))
    assert gunnery.base(hit_table(), hit_table().guns["11in"], spee, exeter)[0] == 45
    exactly = attrs.evolve(exeter, at=(0, 400))
    assert gunnery.base(hit_table(), hit_table().guns["11in"], spee, exactly)[0] == 40


def test_a_quarter_inch_over_her_speed_is_too_fast():
    """1.1: half an inch a knot. Graf Spee at 26 knots moves 13 inches, not 13.25."""
    spee = attrs.evolve(start().state.board.ship("graf_spee"), speed=26)
    cls = CLASSES["graf_spee"]
    assert [r.code for r in moves.problems(moves.parse_move("A13.25"), spee, cls, 2)] == ["too_fast"]
    assert moves.problems(moves.parse_move("A13"), spee, cls, 2) == []
    cut, notes = moves.carried_out(moves.parse_move("A13.25"), spee, cls, 2)
    assert cut.quarters == 52 and notes
    # 10.25 inches is more than 10 knots: a ship with no rudder may not turn at it.
    stern = attrs.evolve(spee, speed=20, rudder="lost")
    assert "no_rudder" in [r.code for r in moves.problems(moves.parse_move("L1 A4.25"), stern, cls, 2)]


def test_on_course_cuts_acceleration_and_deceleration_in_proportion():
    """1.3e: "If you spent part of the turn 'On Course' ... your acceleration/deceleration is
    reduced proportionally." Exeter at 20 knots (10 inches a turn) on course for 5 inches: half."""
    exeter = attrs.evolve(start().state.board.ship("exeter"), speed=20, on_course=20)
    assert moves.speed_limits(exeter, CLASSES["exeter"], 2, False) == (20 - 16 // 2, 20 + 8 // 2)
    held = attrs.evolve(exeter, on_course=40)  # on course all the turn: neither
    assert moves.speed_limits(held, CLASSES["exeter"], 2, False) == (20, 20)
    free = attrs.evolve(exeter, on_course=0)
    assert moves.speed_limits(free, CLASSES["exeter"], 2, False) == (4, 28)


def test_deck_4_5_penetrating_puts_the_mains_down_3_levels_for_good():
    """The chart: "3 Damage, Mains fire down 3 Levels, A/C and Searchlights KO'd, On fire": no
    turns given, so for good, as every such entry is read (decisions.md)."""
    from fogbank.rules.core import Roller
    from fogbank.rules.supremacy.damage import TABLES, apply_special

    spee = start().state.board.ship("graf_spee")
    roller = Roller(core.Dice(b"\0" * 32), 3, TABLES)
    entry = special.entry(0, 4, True)
    hit, _, _ = apply_special(spee, CLASSES["graf_spee"], entry, 60, roller, "test", deck_full=True)
    assert hit.levels == {"mains": 3}


def test_a_ship_aground_may_not_fire():
    """4.2 lists "Running aground" among what keeps a ship from firing."""
    exeter = attrs.evolve(start().state.board.ship("exeter"), aground=True)
    assert silenced(exeter, "mains", 3) and silenced(exeter, "secondaries", 3)


def test_giving_way_counts_the_turning_done_not_a_flat_two_inches():
    """5.3b counts "the total amount of turning carried out during the move". Ajax, meeting Graf
    Spee head on, gives way on her own course: she has turned nothing. Crossing her bow at a
    right angle, she turns 90 degrees to lie parallel: over 6 inches of her turning circle."""
    from fogbank.rules.core import Roller
    from fogbank.rules.supremacy import ramming
    from fogbank.rules.supremacy.damage import TABLES

    board = start().state.board
    spee = attrs.evolve(board.ship("graf_spee"), at=(0, 80), course=0, speed=30, path=((0, 0), (0, 80)))
    ajax = attrs.evolve(board.ship("ajax"), at=(0, 20), course=180, speed=30, path=((0, 100), (0, 20)))
    ships = {"graf_spee": spee, "ajax": ajax}
    written = {"graf_spee": moves.parse_move("A8"), "ajax": moves.parse_move("A8")}
    dice = core.Dice(b"\0" * 32)
    happened = ramming.resolve(ships, CLASSES, Roller(dice, 3, TABLES), written)
    assert happened == [("avoided", "ajax", "graf_spee")]
    assert ships["ajax"].turned == 0

    across = attrs.evolve(board.ship("ajax"), at=(-80, 40), course=270, speed=30, path=((80, 40), (-80, 40)))
    ships = {"graf_spee": spee, "ajax": across}
    ramming.resolve(ships, CLASSES, Roller(dice, 3, TABLES), written)
    assert ships["ajax"].course in (0, 180) and ships["ajax"].turned == moves.quarters_of_turn(90) == 25


def _fire_phase(**ships):
    """Turn 1's fire phase, ships moved first and sight taken again."""
    from fogbank.rules.supremacy import contacts

    game = first_turn(start())
    state = placed(game.state, **ships) if ships else game.state
    cleared = {seat: attrs.evolve(log, contacts=tuple(c for c in log.contacts if c.turn != state.turn))
               for seat, log in state.knowledge.items()}
    state = attrs.evolve(state, knowledge=cleared)
    return attrs.evolve(game, state=attrs.evolve(state, knowledge=contacts.take(state)[0]))


def fire_order(ship, *fire):
    return RULES.parse_order(ship, {"ships": {ship: {"fire": list(fire)}}})


def refusal(game, seat, given):
    try:
        RULES.check_order(game.state, seat, given)
    except Refused as refused:
        return refused
    return None


def test_a_ship_fires_at_enemies_only():
    """4.2: "No visible enemy ships" keeps a ship from firing: she fires at enemies."""
    game = _fire_phase(ajax=((0, 0), 0), achilles=((300, 0), 0))
    refused = refusal(game, "ajax", fire_order("ajax", {"group": "fore", "target": "achilles"}))
    assert refused is not None and refused.code == "not_enemy" and "Achilles" in refused.sentence


def test_a_secondary_group_named_twice_splits_its_guns_and_pays_one_salvo():
    """4.5a: one more target on each side, in local control, with part of the group: Ajax's 4
    starboard 4-inch guns, 2 at each of two targets, fire 4 guns in all and spend one salvo."""
    game = _fire_phase(ajax=((0, 0), 0), graf_spee=((150, 0), 0), exeter=((2000, 2000), 0))
    twice = fire_order("ajax", {"group": "starboard", "target": "graf_spee"},
                       {"group": "starboard", "target": "graf_spee", "guns": 2})
    assert refusal(game, "ajax", twice).code == "group_twice"  # the same target twice
    whole = fire_order("ajax", {"group": "starboard", "target": "graf_spee"},
                       {"group": "starboard", "target": "exeter"})
    assert refusal(game, "ajax", whole).code in ("group_twice", "not_visible", "not_enemy")
    from fogbank.rules.supremacy.fire import split_guns

    assert split_guns(tuple(whole["ajax"]), 4) is None  # no guns named: the whole group twice
    assert split_guns((FireOrder("starboard", "graf_spee", guns=2), FireOrder("starboard", "x")), 4) == (2, 2)
    assert split_guns((FireOrder("starboard", "graf_spee", guns=3), FireOrder("starboard", "x", guns=2)), 4) is None
    # Carried out: a plan naming the whole group twice pays no more than the group's salvo.
    state = game.state
    state = attrs.evolve(state, board=attrs.evolve(state.board, fire={"ajax": (
        FireOrder("starboard", "graf_spee", guns=2), FireOrder("starboard", "graf_spee", guns=2))}))
    from fogbank.rules.supremacy import fire

    fired = fire.execute_fire(state).state.board.ship("ajax")
    assert fired.used.get("starboard", 0) <= 4


def test_a_mount_with_half_a_salvo_left_fires_half_a_salvo_not_a_full_one():
    """5.10: "When a turret or group of guns runs out of ammunition, it may no longer fire", and
    ammunition goes in full or half salvos: a turret with half a salvo left fires that half."""
    from fogbank.rules.supremacy import fire

    game = _fire_phase(graf_spee=((0, 0), 90), exeter=((150, 0), 0))
    state = game.state
    spee = state.board.ship("graf_spee")
    spee = attrs.evolve(spee, used={"A": 38}, locked={"mains": frozenset({"exeter"})})  # two quarters left
    state = attrs.evolve(state, board=attrs.evolve(state.board.replace(spee), fire={"graf_spee": (FireOrder("fore", "exeter"),)}))
    result = fire.execute_fire(state)
    assert result.state.board.ship("graf_spee").used["A"] == 40
    (salvo,) = result.state.board.salvos
    assert salvo.guns == 2 and "ammunition for half a salvo only" in salvo.halvings
    # With a quarter left she cannot fire half a salvo: the turret stays silent.
    spee = attrs.evolve(spee, used={"A": 39})
    state = attrs.evolve(state, board=state.board.replace(spee))
    assert fire.execute_fire(state).state.board.salvos == ()


def test_an_order_is_refused_with_every_rule_it_breaks_at_once():
    """A draft checked (the page's `check`) names every problem, each a refusal of its own in
    words with the ship's name; the order sent is refused with the first of them."""
    game = _fire_phase(graf_spee=((0, 0), 0), ajax=((0, -300), 0), achilles=((300, 0), 0), exeter=((-2000, 0), 0))
    plan = fire_order("ajax", {"group": "aft", "target": "graf_spee"}, {"group": "fore", "target": "achilles"},
                      {"group": "bridge", "target": "graf_spee"})
    found = RULES.order_refusals(game.state, "ajax", plan)
    assert [r.code for r in found] == ["cannot_bear", "not_enemy", "unknown_group"]
    for words, refused in zip(("aft group", "Achilles is a friend", "no 'bridge' group"), found):
        assert refused.sentence.count("Ajax") == 1 and words in refused.sentence, refused.sentence
    first = refusal(game, "ajax", plan)
    assert (first.code, first.sentence) == (found[0].code, found[0].sentence)
    assert RULES.order_refusals(game.state, "ajax", fire_order("ajax", {"group": "fore", "target": "graf_spee"})) == []


def test_a_secondary_groups_second_target_beyond_close_range_is_refused_before_it_is_fired():
    """4.5a: the second target of a secondary group, in local control, is at close range only; the
    check judges it from the range the seat puts her at (here 40 inches off, well beyond 20)."""
    game = _fire_phase(graf_spee=((0, 0), 0), ajax=((150, 0), 0), exeter=((350, 200), 0), achilles=((-3000, 0), 0))
    far_second = fire_order("graf_spee", {"group": "starboard", "target": "ajax"},
                            {"group": "starboard", "target": "exeter", "guns": 2})
    (refused,) = RULES.order_refusals(game.state, "graf_spee", far_second)
    assert refused.code == "beyond_local" and "Exeter is judged at about" in refused.sentence, refused.sentence
    close_second = fire_order("graf_spee", {"group": "starboard", "target": "exeter"},
                              {"group": "starboard", "target": "ajax", "guns": 2})
    assert RULES.order_refusals(game.state, "graf_spee", close_second) == []

"""What a seat reads in words: a roster's ammunition says "all" only when all is used, and the
chart's damage reads as English ("1 hit's worth", "3 hits' worth")."""

from __future__ import annotations

import attrs

from fogbank.rules.supremacy import special, views

from .test_game import RULES, start


def test_a_roster_says_all_used_only_when_every_quarter_salvo_is_gone():
    """4.3: "about how much ammo it has used". Exeter's A turret: 14 of her 32 quarters is about
    half, 30 about all but not all, 32 all; one quarter used is not "none"."""
    state = start().state
    said = {}
    for used in (0, 1, 14, 30, 31, 32):
        exeter = attrs.evolve(state.board.ship("exeter"), used={"A": used})
        said[used] = views.roster(exeter, "ammunition", 1)["A"]
    assert said == {0: "none", 1: "about a quarter", 14: "about half", 30: "about three quarters",
                    31: "about three quarters", 32: "all"}
    # Ajax's 4 salvos of secondaries a side: 14 of 16 quarters used is not all.
    ajax = attrs.evolve(state.board.ship("ajax"), used={"port": 14, "starboard": 16})
    answer = views.roster(ajax, "ammunition", 1)
    assert answer["port"] == "about three quarters" and answer["starboard"] == "all"


def test_special_damage_reads_hits_worth_in_english():
    """The chart's "N Damage": one hit's worth, three hits' worth, half a hit's."""
    one = special.sentence(1, 2, True)  # deck 2-3 penetrating: "1 Damage, Mains silent next turn"
    three = special.sentence(0, 2, True)  # deck 2-3: "3 Damage, 2 Knots, On course ..."
    assert one.startswith("1 hit's worth of damage") and "hit' " not in one, one
    assert three.startswith("3 hits' worth of damage"), three
    assert special.sentence(1, 2, False).startswith("half a hit's damage")


def test_the_ammunition_answer_is_in_the_game_and_its_words():
    state = start().state
    spee = attrs.evolve(state.board.ship("graf_spee"), used={"A": 38})
    state = attrs.evolve(state, board=state.board.replace(spee))
    event = RULES.answer(state, "graf_spee", ("graf_spee", "ammunition")).events[0]
    assert event.answer["A"] == "about three quarters"


def test_a_salvo_that_cannot_hit_says_why():
    """A fire order carried out that can never hit is explained: a quarter gun fires no shot
    (5.2), local control reaches close range only for secondaries (4.5), or the shifts."""
    from fogbank.rules.supremacy.describe import salvo_words

    base = {"firer_title": "Ajax", "group": "port", "target_title": "Admiral Graf Spee", "range": 30,
            "half_salvos": [], "firing": 1, "guns": 1, "shifts": [], "die": None, "battery": "secondaries"}
    quarter = {**base, "guns": 0, "half_salvos": ["first fire at medium or long range", "turned more than 4 inches"]}
    assert "a quarter of a gun or less" in salvo_words(quarter)
    local = {**base, "shifts": [{"reason": "local control", "columns": -3}]}
    assert "local control reaches close range only" in salvo_words(local)
    mains = {**local, "battery": "mains", "range": 50, "group": "fore"}
    assert "local control reaches close and medium range only" in salvo_words(mains)
    off = {**base, "shifts": [{"reason": "target chasing splash", "columns": -3}], "range": 90}
    assert "the shifts take the fire off the table" in salvo_words(off)


def test_one_knot_lost_is_a_knot_not_knots():
    """The chart's "1 Knot": 50 of an outside referee's reports read "1 knots lost"."""
    from fogbank.rules.core import Dice, Roller
    from fogbank.rules.supremacy.damage import TABLES, apply_special
    from fogbank.rules.supremacy.scenario import ship_classes

    assert "1 knot lost" in special._effect_words("knots", "1")
    assert "2 knots lost" in special._effect_words("knots", "2")
    spee = start().state.board.ship("graf_spee")
    _, _, said = apply_special(spee, ship_classes()["graf_spee"], {"knots": "1"}, 40,
                               Roller(Dice(b"\0" * 32), 3, TABLES), "special/ajax/fore/0", False)
    assert said == ["1 knot lost"]


def test_a_half_salvo_says_how_many_guns_it_halves_and_in_english():
    """"4 guns fire as 2"; never "2 guns fire as 2" (the guns ammunition halved counted as
    ordered) nor "1 gun fire as 1" (a half of one gun rounds up to it)."""
    from fogbank.rules.supremacy.describe import salvo_words

    base = {"firer_title": "Exeter", "group": "fore", "target_title": "Admiral Graf Spee", "range": 30,
            "half_salvos": ["first fire at medium or long range"], "firing": 4, "guns": 2, "shifts": [],
            "die": 3, "hits": 0, "battery": "mains", "specials": []}
    assert "first fire at medium or long range: 4 guns fire as 2" in salvo_words(base)
    one = salvo_words({**base, "firing": 1, "guns": 1})
    assert "1 gun fire " not in one and "1 gun, rounded up, still fires as 1" in one, one


def test_a_group_short_of_ammunition_fires_half_its_guns_and_says_so():
    """5.10: a mount with half a salvo left fires half its guns: Exeter's A and B turrets (4 guns)
    with half a salvo each read "4 guns fire as 2", as the row counts them."""
    import attrs as attrs_

    from fogbank.rules import core
    from fogbank.rules.supremacy import fire
    from fogbank.rules.supremacy.board import FireOrder

    state = start().state
    board = state.board
    exeter = attrs_.evolve(board.ship("exeter"), used={"A": 30, "B": 30},
                           locked={"mains": frozenset({"graf_spee"})})
    board = attrs_.evolve(board.replace(exeter), fire={"exeter": (FireOrder("fore", "graf_spee"),)})
    state = attrs_.evolve(state, phase="execute_fire", board=board, dice=core.Dice(b"\1" * 32))
    (salvo,) = [e.salvo for e in fire.execute_fire(state).events if e.kind == "fired"]
    assert salvo["half_salvos"] == ["ammunition for half a salvo only"]
    assert (salvo["firing"], salvo["guns"]) == (4, 2)

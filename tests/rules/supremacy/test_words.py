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

"""The night rule of 1A: moves are written three turns ahead until a side's ships make contact;
a ship with moves still written is given none; after contact a move a turn, as by day."""

from __future__ import annotations

import json

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.simulate import game_seed, play_bot_game
from fogbank.rules.record.verify import verify_records
from fogbank.rules.supremacy.board import Contact, Sighting

from .test_game import FIRST, RULES, order, start


def ahead(seat, *written):
    return RULES.parse_order(seat, {"ships": {seat: {"moves": list(written)}}})


def refused(game, seat, given):
    with pytest.raises(Refused) as caught:
        core.submit(game, seat, given)
    assert caught.value.code in RULES.error_codes() and caught.value.sentence
    return caught.value.code


def through_turn_one(game):
    """Every seat writes three moves (the printed one first), then the rest of turn 1 with no action."""
    for seat, text in FIRST.items():
        game = core.submit(game, seat, ahead(seat, text, "A14", "A12")).game
    while game.state.turn == 1:
        for seat in sorted(RULES.seats_to_act(game.state)):
            game = core.submit(game, seat, RULES.standing_order(game.state, seat)).game
    return game


def test_at_night_a_ship_writes_three_moves_the_printed_one_first():
    game = start(night=True)
    assert to_plain(RULES.observe(game.state, "ajax"))["write_ahead"] is True
    assert refused(game, "ajax", order("ajax", move="A16")) == "three_moves"
    assert refused(game, "ajax", ahead("ajax", "A14", "A16", "A16")) == "first_move"
    with pytest.raises(Refused) as caught:
        RULES.parse_order("ajax", {"ships": {"ajax": {"moves": ["A16", "A16"]}}})
    assert caught.value.code == "three_moves"
    taken = core.submit(game, "ajax", ahead("ajax", "A16", "A14", "A12")).game
    assert RULES.unparse_order(taken.orders["ajax"]) == {"ships": {"ajax": {"moves": ["A16", "A14", "A12"]}}}
    assert refused(start(), "ajax", ahead("ajax", "A16", "A16", "A16")) == "three_moves"  # by day: one a turn


def test_the_moves_written_ahead_are_made_in_the_turns_after_and_not_written_again():
    game = through_turn_one(start(night=True))
    view = to_plain(RULES.observe(game.state, "ajax"))
    assert (game.state.turn, view["write_ahead"], view["ships"][0]["ahead"]) == (2, True, ["A14", "A12"])
    assert refused(game, "ajax", order("ajax", move="A14")) == "written_ahead"
    before = game.state.board.ship("ajax")
    for seat in FIRST:
        game = core.submit(game, seat, {}).game
    ajax = game.state.board.ship("ajax")
    assert ajax.speed == 28 and ajax.started_at == before.at  # A14 made in turn 2
    assert to_plain(RULES.observe(game.state, "ajax"))["ships"][0]["ahead"] == ["A12"]


def test_after_contact_a_seat_writes_a_move_a_turn_and_its_moves_ahead_are_dropped():
    game = through_turn_one(start(night=True))
    spee = game.state.board.ship("graf_spee")
    log = game.state.knowledge["ajax"]
    seen = Contact(1, "graf_spee", spee.title, spee.side, spee.course, (Sighting("ajax", 0, 600, False),), spee.at)
    state = attrs.evolve(game.state, knowledge={**game.state.knowledge, "ajax": attrs.evolve(log, contacts=(*log.contacts, seen))})
    assert to_plain(RULES.observe(state, "ajax"))["write_ahead"] is False
    with pytest.raises(Refused) as caught:
        RULES.check_order(state, "ajax", ahead("ajax", "A14", "A14", "A14"))
    assert caught.value.code == "three_moves"
    RULES.check_order(state, "ajax", order("ajax", move="A10"))
    resolved = RULES.resolve(state, {"ajax": order("ajax", move="A10")})
    assert "ajax" not in resolved.state.board.ahead and "achilles" in resolved.state.board.ahead


def test_night_bot_games_play_to_the_end_and_verify():
    records = list(play_bot_game("river_plate", game_seed("night", 0), options={"night": True}))
    assert records[-1]["type"] == "end" and records[-1]["results"]
    assert any(r.get("order", {}).get("ships", {}).get("ajax", {}).get("moves") for r in records if r["type"] == "input")
    assert verify_records(json.loads(json.dumps(records))) > 0

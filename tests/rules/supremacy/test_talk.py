"""Communication in the open (4.2): a side's talk is heard by every seat, the enemy's too, and by
nothing more than its words: the enemy learns what was said, never what the speaker sees or does.
Talk is an input of the log, replayed and checked by `fogbank verify`."""

from __future__ import annotations

import asyncio
import json

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.rules.record.verify import verify_records
from fogbank.server.app import Server
from tests.server.noninterference import Change, check
from tests.server.test_end_to_end import JSON, open_peer

from .test_secrecy import PLUG, SEATS, SETTINGS, games

RULES = core.find_ruleset("supremacy")
said = st.builds(lambda seat, text: {"seat": seat, "talk": text},
                 st.sampled_from(SEATS), st.text(st.characters(codec="utf-8"), min_size=1, max_size=40).filter(str.strip))


@settings(SETTINGS, max_examples=10)
@given(games, st.lists(st.tuples(st.integers(0, 40), said), min_size=1, max_size=4), st.integers(0, 400))
def test_talk_tells_the_enemy_its_words_and_nothing_of_a_ship_out_of_sight(game, talks, y):
    """Both runs hear the same words from every seat; only Exeter's place differs (out of Graf
    Spee's sight): Graf Spee's bytes are the same, so talk carries its words and nothing else."""
    seed, given_inputs = game
    inputs = list(given_inputs)
    for at, words in sorted(talks, key=lambda t: t[0], reverse=True):
        inputs.insert(at, words)

    def far(state):
        board = state.board
        exeter = board.ship("exeter")
        return attrs.evolve(state, board=board.replace(attrs.evolve(exeter, at=(exeter.at[0], -1500 - y))))

    assume(check(PLUG, seed, inputs, "graf_spee", Change("exeter far off, with talk", start=far)))


@SETTINGS
@given(st.binary(min_size=32, max_size=32), st.sampled_from(["ship", "side"]), st.data())
def test_every_seat_hears_a_seats_talk(seed, seats, data):
    game = core.start(RULES, "river_plate", seed, {"seats": seats})
    everyone = set(RULES.seat_names(game.state))
    speaker = data.draw(st.sampled_from(sorted(everyone)))
    (event,) = core.talk(game, speaker, "Enemy bearing 300, closing.").events
    assert event.audience == everyone and len(everyone) == (4 if seats == "ship" else 2)
    assert {s.side for s in RULES.seats(game.state) if s.name in event.audience} == {"german", "british"}


async def test_talk_is_heard_alike_by_both_sides_logged_and_verified(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    try:
        created = await server.create_game("river_plate")
        room = server.host.rooms[created["game"]]
        peers = {seat: await open_peer(server, token, codec=JSON) for seat, token in created["seats"].items()}
        for peer in peers.values():
            await peer.recv()  # the join's snapshot
        reply = await peers["ajax"].request(lambda ref: wire.Talk(ref=ref, text="Ajax to Exeter: open the range."))
        assert isinstance(reply, wire.Ack)
        heard = {seat: await asyncio.wait_for(peer.until(wire.TalkMessage), 5) for seat, peer in peers.items()}
        assert {(m.seat, m.text, m.turn, m.phase) for m in heard.values()} == {
            ("ajax", "Ajax to Exeter: open the range.", 1, "write_moves")}
        logged = (await server.store.load_log(room.id))[-1]
        assert logged.made[-1]["audience"] == ["achilles", "ajax", "exeter", "graf_spee", "umpire"]
        assert logged.record == {"type": "input", "input": "talk", "turn": 1, "phase": "write_moves", "seat": "ajax",
                                "text": "Ajax to Exeter: open the range."}

        # 4.2: a secret planning session before the battle starts, within a side; then none.
        assert peers["ajax"].welcome.talk_to == ["achilles", "exeter"] and peers["graf_spee"].welcome.talk_to == []
        private = await peers["ajax"].request(lambda ref: wire.Talk(ref=ref, text="Close up.", to="achilles"))
        assert isinstance(private, wire.Ack)
        to_enemy = await peers["ajax"].request(lambda ref: wire.Talk(ref=ref, text="Strike.", to="graf_spee"))
        assert isinstance(to_enemy, wire.Error) and to_enemy.code == "not_your_side"

        umpire = await open_peer(server, created["umpire_token"], codec=JSON)
        assert isinstance(await umpire.request(lambda ref: wire.EndGame(ref=ref, reason="Stop.")), wire.Ack)
        over = await peers["graf_spee"].until(wire.GameOver)
        # The whole log is unsealed at the end, the planning with it; her own record is as she heard.
        assert [r["text"] for r in over.log if r.get("input") == "talk"] == ["Ajax to Exeter: open the range.", "Close up."]
        assert verify_records(over.log) >= 0
        # Graf Spee's own record holds the talk she heard, as she heard it.
        (record,) = [r for r in over.record if r.get("kind") == "talk"]
        assert "Ajax to Exeter: open the range." in json.dumps(record)
    finally:
        await server.close()


def test_secret_planning_before_the_first_move_then_every_signal_in_the_open():
    """4.2: "You are permitted to have a secret planning session before the battle starts, but
    once the battle has begun there will be no secret communication between players." """
    game = core.start(RULES, "river_plate", bytes(32))
    (event,) = core.talk(game, "ajax", "Exeter to the south, we go north.", to="exeter").events
    assert event.audience == {"ajax", "exeter"}
    with pytest.raises(core.Refused) as enemy:
        core.talk(game, "ajax", "Hello.", to="graf_spee")
    assert enemy.value.code == "not_your_side"
    for seat, text in (("graf_spee", "A13"), ("ajax", "A16"), ("achilles", "A16"), ("exeter", "A10 L6")):
        game = core.submit(game, seat, RULES.parse_order(seat, {"ships": {seat: {"move": text}}})).game
    with pytest.raises(core.Refused) as begun:
        core.talk(game, "ajax", "Close up.", to="achilles")
    assert begun.value.code == "signals_in_the_open" and "4.2" in begun.value.sentence


def test_a_talk_from_an_unknown_seat_is_refused():
    game = core.start(RULES, "river_plate", bytes(32))
    with pytest.raises(core.Refused) as nobody:
        core.talk(game, "hood", "Hello.")
    assert nobody.value.code == "unknown_seat"

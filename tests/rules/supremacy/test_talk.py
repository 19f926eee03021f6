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

        # 4.2 allows no private word: the welcome offers none, and one asked for is refused.
        assert all(peer.welcome.talk_to == [] for peer in peers.values())
        private = await peers["ajax"].request(lambda ref: wire.Talk(ref=ref, text="Close up.", to="achilles"))
        assert isinstance(private, wire.Error) and private.code == "signals_in_the_open"
        assert "4.2" in private.message

        umpire = await open_peer(server, created["umpire_token"], codec=JSON)
        assert isinstance(await umpire.request(lambda ref: wire.EndGame(ref=ref, reason="Stop.")), wire.Ack)
        over = await peers["graf_spee"].until(wire.GameOver)
        assert [r["text"] for r in over.log if r.get("input") == "talk"] == ["Ajax to Exeter: open the range."]
        assert verify_records(over.log) >= 0
        # Graf Spee's own record holds the talk she heard, as she heard it.
        (record,) = [r for r in over.record if r.get("kind") == "talk"]
        assert "Ajax to Exeter: open the range." in json.dumps(record)
    finally:
        await server.close()


def test_a_talk_from_an_unknown_seat_is_refused():
    game = core.start(RULES, "river_plate", bytes(32))
    with pytest.raises(core.Refused) as nobody:
        core.talk(game, "hood", "Hello.")
    assert nobody.value.code == "unknown_seat"

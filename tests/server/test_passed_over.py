"""A seat with nothing it could order in a phase is passed over by the host without a Send (issue
37): it sails under its standing order and is told so, the log keeps the pass and verifies, and
to every other seat the pass is exactly a seat that sent its standing order the moment the phase
opened (issue 36's rule for what a seat learns of the others' readiness)."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from unittest import mock

import attrs
import pytest

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.rules.record.verify import verify_records
from fogbank.server.host import Host, Room
from fogbank.server.store import Store
from tests.rules.toy import picket  # noqa: F401  (registers the toy rulesets)

SEED = b"\x21" * 32
STAY = {"move": 0}
CODECS = [wire.codec_for(wire.MSGPACK), wire.codec_for(wire.JSON)]


async def settled(host: Host) -> None:
    """Until the host's background work (passes, nudges) is done."""
    while host._tasks:
        await asyncio.gather(*list(host._tasks), return_exceptions=True)


async def play(observer: str, sent_instead: bool) -> tuple[list[bytes | str], list[dict]]:
    """A picket_passes game: everyone stays put, so nobody sees anybody and nobody has anything to
    order in the fire phase: every seat is passed over. With `sent_instead`, every seat but the
    observer sends its standing order itself, at the very moment its pass would have come. What
    `observer` is sent, and the log."""
    with tempfile.TemporaryDirectory() as directory:
        store = await Store.open(Path(directory))
        try:
            ruleset = core.find_ruleset("picket_passes")
            game = core.start(ruleset, "picket", SEED)
            await store.create_game("g", ruleset.name, "picket", SEED, core.commitment(SEED), {}, dict(game.state.options))
            host = Host(store)
            room = host.rooms["g"] = Room("g", game)
            sent = [host.welcome(room, observer)]
            room.streams[observer].listen(sent.append)
            real = core.pass_over

            def sends_it(game, seat):  # the seat's own order, where its pass would have been
                if seat == observer:
                    return real(game, seat)
                return core.submit(game, seat, ruleset.standing_order(game.state, seat))

            with mock.patch.object(core, "pass_over", sends_it if sent_instead else real):
                for seat in ("blue1", "red1", "red2", "blue2"):
                    await host.order(room, seat, 1, dict(STAY))
                    await settled(host)
            assert (room.game.state.turn, room.game.state.phase) == (2, "move")
            log = [entry.record for entry in await store.load_log("g")]
            return [codec.encode_server(m) for m in sent for codec in CODECS], log
        finally:
            await store.close()


@pytest.mark.parametrize("observer", ["blue1", "blue2", "red1", "red2"])
def test_a_pass_is_to_every_other_seat_a_seat_that_sent_its_standing_order(observer):
    """The pass is a rules input of its own (told to the seat passed, logged as `pass`), but what
    every other seat is sent, byte for byte, is what it would be sent had that seat sent its
    standing order at the same moment: its consort's pencil going down, and nothing at all to the
    enemy."""
    passed, _ = asyncio.run(play(observer, sent_instead=False))
    sent, sent_log = asyncio.run(play(observer, sent_instead=True))
    assert any(r.get("input") == "pass" for r in sent_log)
    assert passed == sent


def test_a_pass_told_to_the_other_seats_would_be_caught():
    """Planted: the pass told to its consort too. The test above fails on it."""
    real = core.pass_over

    def told_around(game, seat):
        step = real(game, seat)
        return attrs.evolve(step, events=tuple(
            attrs.evolve(e, audience=e.audience | {"blue1", "blue2"}) if isinstance(e, core.StandingOrderUsed) else e
            for e in step.events))

    with mock.patch.object(core, "pass_over", told_around):
        passed, _ = asyncio.run(play("blue1", sent_instead=False))
    sent, _ = asyncio.run(play("blue1", sent_instead=True))
    assert passed != sent


async def test_the_host_passes_over_every_seat_with_nothing_to_order_and_the_game_goes_on(tmp_path):
    store = await Store.open(tmp_path)
    try:
        host = Host(store)
        created = await host.create_game("picket_passes/picket")
        room = host.rooms[created["game"]]
        told = []
        room.streams["blue1"].listen(told.append)
        for seat in ("blue1", "blue2", "red1", "red2"):
            await host.order(room, seat, 1, dict(STAY))
        await settled(host)
        # Nobody had a track: the fire phase passed everyone over, damage resolved, turn 2 opened.
        assert (room.game.state.turn, room.game.state.phase) == (2, "move")
        notes = [m for m in told if isinstance(m, wire.NarrativeMessage)]
        assert len(notes) == 1 and "nothing to order in the fire phase" in notes[0].text
        log = [entry.record for entry in await store.load_log(room.id)]
        assert [r["seat"] for r in log if r.get("input") == "pass"] == ["blue1", "blue2", "red1", "red2"]
        ended = []
        room.streams[core.UMPIRE].listen(ended.append)
        await host.umpire(room, core.UMPIRE, wire.EndGame(ref=1, reason="over"))
        await settled(host)
        over = next(m for m in ended if isinstance(m, wire.GameOver))
        verify_records(over.log)  # the passes replay, every event as logged (raises on a mismatch)
    finally:
        await store.close()

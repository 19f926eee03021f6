"""A game pays a turn only for the club features it uses (issue 42): a ruleset that passes no seat
has no view or chart worked out to ask it, and a phase opening in a game with nobody to pass over
and no nudge destination starts no background work, while its last input is still kept."""

from __future__ import annotations

import asyncio
from unittest import mock

import pytest

from fogbank.rules import core
from fogbank.server.host import Host
from fogbank.server.store import Store
from tests.rules.toy import picket  # noqa: F401  (registers the toy rulesets)

STAND_STILL = {"course": "N", "speed": 0, "level": "surface"}


def test_a_ruleset_that_passes_nobody_is_not_asked_for_a_chart():
    ruleset = core.find_ruleset("dardanelles")
    game = core.start(ruleset, "b11", bytes(32))
    assert not core.passes_seats(ruleset)
    with mock.patch.object(type(ruleset), "chart", side_effect=AssertionError("chart worked out")):
        assert not core.has_nothing_to_order(game, "submarine")


def test_a_ruleset_that_passes_seats_is_still_asked():
    ruleset = core.find_ruleset("picket_passes")
    game = core.start(ruleset, "picket", bytes(32))
    assert core.passes_seats(ruleset)
    asked = []
    judged = type(ruleset).nothing_to_order

    def judge(self, view, chart):
        asked.append(view)
        return judged(self, view, chart)

    with mock.patch.object(type(ruleset), "nothing_to_order", judge):
        core.has_nothing_to_order(game, sorted(game.to_act())[0])
    assert asked


def test_a_seat_alone_on_its_side_is_told_nobody_without_the_game_asked_more():
    ruleset = core.find_ruleset("dardanelles")
    game = core.start(ruleset, "b11", bytes(32))
    with mock.patch.object(type(ruleset), "engagements", side_effect=AssertionError("engagements asked")):
        assert core.waiting_told(game, "submarine") == core.Waiting()


async def settled(host: Host) -> None:
    while host._tasks:
        await asyncio.gather(*list(host._tasks), return_exceptions=True)


@pytest.mark.asyncio
async def test_a_phase_opening_with_nothing_to_pass_or_nudge_starts_no_background_work(tmp_path):
    store = await Store.open(tmp_path)
    host = Host(store)
    try:
        created = await host.create_game("b11")
        room, seat = await host.authenticate(next(iter(created["seats"].values())))
        opened = mock.AsyncMock()
        with mock.patch.object(host, "_phase_opened", opened):
            for _ in range(3):
                await host.order(room, seat, room.tip.state.turn, dict(STAND_STILL))
                await settled(host)
            assert not opened.called
            kept = (await store.game(room.id)).active  # the last input is still kept, to the minute
            assert kept is not None and kept[:16] == room.active[:16]
            host.nudges.webhooks[room.id] = "https://chat.example.org/hooks/abc"  # the chat is set
            await host.order(room, seat, room.tip.state.turn, dict(STAND_STILL))
            await settled(host)
            assert opened.call_count == 1
        later = "58" if room.active[17:19] == "59" else "59"
        room.active = f"{room.active[:17]}{later}{room.active[19:]}"  # an input later in the same minute
        host._keep_active(room)
        await settled(host)
        assert (await store.game(room.id)).active != room.active  # not written for a second more
        await host.close()  # but to the second when the server stops
        assert (await store.game(room.id)).active == room.active
    finally:
        await host.close()
        await store.close()

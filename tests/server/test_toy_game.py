"""A two-side, four-seat, three-phase game (the toy ruleset Picket) played through the server
over real websockets: bots in every seat, and an umpire who holds the fire phase, amends an
order, narrates, and sees who is yet to act while the seats learn only their own part."""

from __future__ import annotations

import asyncio

import attrs
import pytest

from fogbank import protocols as wire
from fogbank.clients import Client
from fogbank.clients.bot import run_bot
from fogbank.rules.record.verify import verify_records
from fogbank.server.app import Server

from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    yield server
    await server.close()


def url(server) -> str:
    return f"ws://127.0.0.1:{server.port}/"


async def test_four_bots_play_picket_to_the_end_and_verify(server):
    game = await server.create_game("picket")
    assert set(game["seats"]) == {"blue1", "blue2", "red1", "red2"}
    results = await asyncio.wait_for(
        asyncio.gather(*(run_bot(url(server), token) for token in game["seats"].values())), 30
    )
    assert {r["outcome"] for r in results} <= {"victory", "defeat", "draw"}
    assert len({r["seed"] for r in results}) == 1 and all(r["commitment_ok"] for r in results)


async def test_the_umpire_holds_a_phase_amends_and_the_seats_learn_only_their_own_part(server):
    game = await server.create_game("picket")
    seats = game["seats"]
    async with (
        await Client.connect(url(server), game["umpire_token"]) as umpire,
        await Client.connect(url(server), seats["blue1"]) as blue1,
        await Client.connect(url(server), seats["red1"]) as red1,
    ):
        welcome = blue1.welcome
        assert welcome.side == "blue" and welcome.phases == ["move", "fire", "damage"]
        assert welcome.phase == "move" and welcome.must_act and welcome.sides == ["blue", "red"]
        await umpire.hold(True, ["fire"])

        await blue1.submit({"move": 1})
        status = await next_of(blue1, wire.Status)
        assert status.order_in and status.must_act and not hasattr(status, "waiting_for")
        assert status.waiting == {"seats": ["blue2"]}  # the consort it sees, by name; nothing of the enemy
        # red1 is sent nothing of blue1's order: the first it hears is its own order taken
        assert red1.welcome.waiting == {"seats": ["red2"]}
        await red1.submit({"move": 0})
        told = await next_of(red1, wire.Status)
        assert told.order_in and told.waiting == {"seats": ["red2"]}

        assert await expect_refusal(blue1.ask({"track": 7})) == "unknown_track"
        assert await expect_refusal(blue1.ask({})) == "bad_question"

        await umpire.amend("blue2", {"move": 9}, "The umpire takes blue2's helm")
        await umpire.amend("red2", {"move": 0}, "Red2's signal was lost")
        # What reached blue1 of red1's order and the amendments to other seats is its consort's
        # pencil going down (blue2's order in), no more; then the view as the fire phase opens,
        # blue2 now out of its sight (areas 3 and 7), so named no more.
        told = [await asyncio.wait_for(anext(aiter(blue1.stream())), 10) for _ in range(2)]
        assert [type(m) for m in told] == [wire.Status, wire.Observation]
        assert told[0].waiting is None and told[0].order_in
        observation = told[1]
        assert observation.phase == "fire" and observation.must_act and observation.waiting is None

        update = await next_update(umpire, lambda u: u.phase == "fire")
        assert update.held_phases == ["fire"] and set(update.waiting_for) == {"blue1", "blue2", "red1", "red2"}
        for seat, order in (("blue1", {}), ("red1", {})):
            await (blue1 if seat == "blue1" else red1).submit(order)
        await umpire.amend("blue2", {}, "Holds fire")
        await umpire.amend("red2", {}, "Holds fire")
        ready = await next_update(umpire, lambda u: u.cycle == "ready")
        assert ready.waiting_for == [] and set(ready.orders_in) == {"blue1", "blue2", "red1", "red2"}
        await umpire.release()
        after = await next_of(blue1, wire.Observation)
        assert (after.turn, after.phase) == (2, "move")  # fire and damage resolved together

        await umpire.narrate("red1", "Smoke on the horizon.")
        assert (await next_of(red1, wire.NarrativeMessage)).text == "Smoke on the horizon."
        await umpire.end("Called off.", {"blue": "draw", "red": "draw"})
        over = await next_of(blue1, wire.GameOver)
        assert over.result == "draw" and over.results == {"blue": "draw", "red": "draw"}
        assert not any(r.get("type") == "roll" for r in over.record)
        assert all(r.get("seat") in (None, "blue1") for r in over.record if r.get("type") == "input")
        assert verify_records(over.log) >= 0
        amended = [r for r in over.log if r.get("kind") == "amended"]
        assert amended[0]["order"] == {"move": 2} and "only 2" in amended[0]["note"]


async def next_of(client: Client, kind):
    async def wait():
        async for message in client.stream():
            if isinstance(message, kind):
                return message

    return await asyncio.wait_for(wait(), 10)


async def next_update(umpire: Client, accept):
    while True:
        update = await next_of(umpire, wire.UmpireUpdate)
        if accept(update):
            return update


async def expect_refusal(request) -> str:
    try:
        await request
    except Exception as refusal:  # RequestRefused
        return refusal.code
    raise AssertionError("not refused")


async def test_options_are_given_at_creation_and_a_bad_one_is_refused_in_a_sentence(server, tmp_path):
    import urllib.error
    import urllib.request

    key = (tmp_path / "admin.key").read_text().strip()

    def new(query: str):
        request = urllib.request.Request(
            f"http://127.0.0.1:{server.port}/admin/new?scenario=picket{query}",
            headers={"Authorization": f"Bearer {key}"}, method="POST",
        )
        return urllib.request.urlopen(request, timeout=5)

    created = await asyncio.to_thread(lambda: __import__("json").loads(new("&option=dummy=false").read()))
    assert created["options"] == {"dummy": False}
    room = server.host.rooms[created["game"]]
    assert not any(u.dummy for u in room.game.state.board.units)
    for query, words in (("&option=dummy=maybe", "takes one of"), ("&option=fog=1", "no option"), ("&option=x", "name=value")):
        with pytest.raises(urllib.error.HTTPError) as refused:
            await asyncio.to_thread(new, query)
        assert refused.value.code == 400 and words in refused.value.read().decode()


async def test_a_key_rolled_twice_is_answered_internal_error_and_the_game_goes_on(server, monkeypatch):
    # A rules fault planted: the toy forgets its lookout has answered, so a second question
    # would roll the same key. The roller refuses it; the server says it failed, takes nothing.
    answer = picket.Picket.answer

    def forgetful(self, state, seat, track):
        done = answer(self, attrs.evolve(state, told={}), seat, track)
        return attrs.evolve(done, state=attrs.evolve(done.state, told=state.told))

    monkeypatch.setattr(picket.Picket, "answer", forgetful)
    game = await server.create_game("picket")
    async with (
        await Client.connect(url(server), game["umpire_token"]) as umpire,
        await Client.connect(url(server), game["seats"]["blue2"]) as blue2,
    ):
        await umpire.override({"unit": "red1", "area": 8}, "a test")
        await umpire.release()  # the moves resolve: blue2 sights red1
        view = await next_of(blue2, wire.Observation)
        while view.phase != "fire":
            view = await next_of(blue2, wire.Observation)
        track = view.view["plot"]["tracks"][0]["number"]
        await blue2.ask({"track": track})
        assert await expect_refusal(blue2.ask({"track": track})) == "internal_error"
        await blue2.submit({})  # the game goes on: the fire phase still takes blue2's order
        assert server.host.rooms[game["game"]].game.orders["blue2"] == {}
        logged = [entry.record["input"] for entry in await server.host.store.load_log(game["game"])]
        assert logged.count("ask") == 1  # the question that failed is not in the game's record

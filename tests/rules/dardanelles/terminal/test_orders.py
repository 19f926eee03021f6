"""Order entry in the submarine client: keys make the order, the pad shows its cost, the server's
refusals are shown in its own words. Against a real embedded server where the server matters."""

from __future__ import annotations

import pytest

from fogbank.clients import Client
from fogbank.rules.dardanelles.terminal import SubApp
from fogbank.rules.dardanelles.terminal.draft import Draft
from fogbank.rules.dardanelles.terminal.log import ReportLog
from fogbank.rules.dardanelles.terminal.orders import OrderPad
from fogbank.server.app import Server

from .helpers import FakeClient, b11_welcome, text_of, until

SIZE = (160, 50)


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(host="127.0.0.1", port=0, data=tmp_path / "data")
    yield server
    await server.close()


async def sub_app(server: Server, tmp_path) -> SubApp:
    game = await server.create_game("b11")
    url = f"ws://127.0.0.1:{server.port}/"
    token = game["seats"]["submarine"]
    return SubApp(
        lambda last_seq: Client.connect(url, token, last_seq=last_seq, proxy=None), log_folder=tmp_path
    )


async def test_keys_make_the_order_and_show_its_cost_before_it_goes(server, tmp_path):
    app = await sub_app(server, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.view is not None)
        # Numpad 9 is NE; + + is faster; p dives to periscope depth, which takes a square.
        await pilot.press("9", "plus", "plus", "p")
        pad = app.query_one(OrderPad)
        assert pad.draft.payload() == {"course": "NE", "speed": 2, "level": "periscope"}
        shown = text_of(pad.render())
        assert "movement 3 of 3 (2 squares + 1 level change)" in shown
        assert "battery 3 (33 left)" in shown
        assert "Steer NE, 2 squares, at periscope." in shown
        await pilot.press("enter")
        await until(pilot, lambda: app.view["turn"] == 2)
        assert app.sent == [{"course": "NE", "speed": 2, "level": "periscope"}]
        assert app.view["level"] == "periscope"
        assert any(e.kind == "turn" and e.text.startswith("Turn 1") for e in app.query_one(ReportLog).entries)
        # The draft stands for the next hour: from periscope depth, 2 squares cost 2 of 3.
        assert "movement 2 of 3" in text_of(pad.render())


async def test_a_refusal_from_the_server_is_shown_in_plain_words(server, tmp_path):
    app = await sub_app(server, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.view is not None)
        pad = app.query_one(OrderPad)
        # Two level changes and three squares: the pad gives the rules' own refusal before it is
        # sent (the server's check), and the player sends it anyway.
        pad.draft = Draft(course="E", speed=3, level="submerged")
        await until(pilot, lambda: "✗ At most 3 squares an hour below the surface" in text_of(pad.render()))
        assert "movement 5 of 3" in text_of(pad.render())
        await pilot.press("enter")
        await until(pilot, lambda: "Refused" in pad.status.plain)
        assert "At most 3 squares an hour below the surface" in pad.status.plain
        log = app.query_one(ReportLog)
        assert any(e.kind == "refusal" and "At most 3 squares" in e.text for e in log.entries)
        assert app.sent == [] and app.view["turn"] == 1


async def test_fire_keys_aim_at_a_seen_contact(tmp_path):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    sighting = {"number": 3, "turn": 0, "fidelity": "silhouette", "bearing": 50, "distance": 2,
                "silhouette": "battleship", "square": None, "identity": None}  # fmt: skip
    heard = {**sighting, "number": 4, "fidelity": "bearing", "distance": None, "silhouette": None}
    async with app.run_test(size=SIZE) as pilot:
        client.snapshot(level="periscope", contacts=[sighting, heard])
        await until(pilot, lambda: app.view is not None)
        # f picks the contact seen (not the one only heard) and aims along its bearing (050: NE);
        # . turns the aim a point to starboard; t fires both tubes; 6 and + steer east at 1.
        await pilot.press("f", "full_stop", "t", "6")
        await pilot.press("enter")
        await until(pilot, lambda: client.submitted)
        assert client.submitted == [
            (
                1,
                {
                    "course": "E",
                    "speed": 1,
                    "level": "periscope",
                    "fire": {"target": 3, "direction": "E", "torpedoes": 2},
                },
            )
        ]
        assert "2 torpedoes E → at 3 (battleship, NE, 2 squares from your plot)" in text_of(app.query_one(OrderPad).render())
        client.refusal = ("not_loaded", "Only 1 tube is loaded.")
        await pilot.press("enter")
        await until(pilot, lambda: "Refused" in app.query_one(OrderPad).status.plain)
        assert "Only 1 tube is loaded." in app.query_one(OrderPad).status.plain

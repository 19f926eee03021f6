"""The submarine client through a server restart: the connection state is shown, the draft and
an order sent while the server is down survive, and the game carries on."""

from __future__ import annotations

from fogbank.clients import CLOSED, CONNECTED, RECONNECTING, Client
from fogbank.rules.dardanelles.terminal import SubApp
from fogbank.rules.dardanelles.terminal.app import TopBar
from fogbank.rules.dardanelles.terminal.orders import OrderPad
from fogbank.server.app import Server

from .helpers import FakeClient, b11_welcome, text_of, until


async def test_a_server_restart_is_shown_and_the_order_sent_meanwhile_gets_through(tmp_path):
    data = tmp_path / "data"
    server = await Server.start(host="127.0.0.1", port=0, data=data)
    port = server.port
    game = await server.create_game("b11")
    url, token = f"ws://127.0.0.1:{port}/", game["seats"]["submarine"]
    app = SubApp(
        lambda last_seq: Client.connect(
            url, token, last_seq=last_seq, backoff=(0.05, 0.2), reconnect_attempts=100, proxy=None
        ),
        log_folder=tmp_path,
    )
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await until(pilot, lambda: app.view is not None)
            top = app.query_one(TopBar)
            assert "connected" in text_of(top.render())
            await server.close()
            await until(pilot, lambda: app.connection == RECONNECTING)
            assert "reconnecting" in text_of(top.render())
            # The player keeps typing and sends: the order waits in the client library.
            await pilot.press("3", "plus")
            await pilot.press("enter")
            pad = app.query_one(OrderPad)
            await until(pilot, lambda: "Connection down" in pad.status.plain)
            assert pad.draft.payload() == {"course": "SE", "speed": 2, "level": "surface"}
            server = await Server.start(host="127.0.0.1", port=port, data=data)
            await until(pilot, lambda: app.connection == CONNECTED)
            await until(pilot, lambda: app.view["turn"] == 2)
            assert app.sent == [{"course": "SE", "speed": 2, "level": "surface"}]
            assert "● connected" in text_of(top.render())
            assert pad.draft.payload() == {"course": "SE", "speed": 2, "level": "surface"}
    finally:
        await server.close()


async def test_a_connection_given_up_says_how_to_come_back(tmp_path):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        client.snapshot()
        await until(pilot, lambda: app.view is not None)
        client.set_state(CLOSED)
        await until(pilot, lambda: "press c to reconnect" in text_of(app.query_one(TopBar).render()))
        await pilot.press("enter")
        await until(pilot, lambda: "Press c to reconnect" in app.query_one(OrderPad).status.plain)
        assert client.submitted == []


async def test_a_check_that_comes_due_as_the_client_closes_does_nothing(tmp_path):
    """A key pressed just before the player quits: the check it asks for comes due after the
    screen's widgets are gone, and is dropped (it used to fail the closing app)."""
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        client.snapshot()
        await until(pilot, lambda: app.view is not None)
        # The view's arrival asks a check of its own, which a loaded machine may see come due
        # before the pad goes (CI at load 4 did): only what is asked after it must be nothing.
        asked = len(client.checked)
        await app.query_one(OrderPad).remove()  # as the app's shutdown removes it
        check = app.check_draft()
        await until(pilot, lambda: check.is_finished)
    assert client.checked[asked:] == []

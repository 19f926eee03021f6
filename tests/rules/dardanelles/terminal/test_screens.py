"""Help on `?` and the recognition chart on `r`, each closed again with escape."""

from __future__ import annotations

from fogbank.rules.dardanelles.terminal import SubApp
from fogbank.rules.dardanelles.terminal.help import HelpScreen
from fogbank.rules.dardanelles.terminal.recognition import RecognitionScreen

from .helpers import FakeClient, b11_welcome, text_of, until


async def test_help_and_recognition_screens_open_and_close(tmp_path):
    client = FakeClient(b11_welcome())
    app = SubApp(client.connect, log_folder=tmp_path, umpire_note="Umpire console: http://127.0.0.1:1/umpire")
    async with app.run_test(size=(160, 50)) as pilot:
        client.snapshot()
        await until(pilot, lambda: app.view is not None)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = "".join(text_of(s.render()) for s in app.screen.query("Static"))
        assert "numpad 8 N" in shown and "Umpire console" in shown
        await pilot.press("escape")
        await pilot.press("r")
        assert isinstance(app.screen, RecognitionScreen)
        shown = "".join(text_of(s.render()) for s in app.screen.query("Static"))
        for name in ("CAIQUE", "PATROL BOAT", "TRANSPORT", "BATTLESHIP"):
            assert name in shown
        await pilot.press("escape")
        assert not isinstance(app.screen, (HelpScreen, RecognitionScreen))
        assert client.submitted == []  # none of those keys sent an order

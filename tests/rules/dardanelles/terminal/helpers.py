"""Helpers for the submarine client's pilot tests: a fake client, and a widget's text."""

from __future__ import annotations

import asyncio
import io
from typing import Any

from rich.console import Console

from fogbank.clients import CONNECTED, OrderRefused
from fogbank.protocols import Ack, GameOver, Snapshot, Welcome
from fogbank.rules import core
from fogbank.rules.core.plain import to_plain


def b11_welcome(commitment: str = "0" * 64) -> Welcome:
    ruleset, scenario = core.find_scenario("b11")
    game = core.start(ruleset, scenario, b"\x01" * 32)
    return Welcome(
        seq=0, game="g-test", seat="submarine", ruleset="dardanelles", scenario="b11", commitment=commitment,
        briefing={"title": "B11, 13 December 1914", "briefing": "Sink the Messudieh.",
                  "start": "1914-12-13T04:00",
                  "turn_limit": 30},
        chart=to_plain(ruleset.chart(game.state, "submarine")),
        seats=[{"seat": "submarine", "side": "british", "title": "the submarine's captain"}], sides=["british"],
        phases=["orders"], side="british", turn=1, phase="orders", must_act=True, options={}, told=[],
    )  # fmt: skip


def view(**changes: Any) -> dict[str, Any]:
    base = {
        "turn": 1, "time": "1914-12-13T04:00", "night": True, "level": "surface", "air": 20, "battery": 36,
        "tubes": 2, "loaded": 2, "spare": 2, "reload_turns_left": None, "afloat": True, "plotted": "D5",
        "track": ["D5"], "reports": [], "contacts": [], "outcome": None,
    }  # fmt: skip
    return {**base, **changes}


class FakeClient:
    """Stands in for `fogbank.clients.Client`: stream what the test puts, record what is sent."""

    def __init__(self, welcome: Welcome) -> None:
        self.welcome = welcome
        self.state = CONNECTED
        self.seq: int | None = None
        self.turn = welcome.turn
        self.submitted: list[tuple[int, dict]] = []
        self.refusal: tuple[str, str] | None = None
        self.checked: list[tuple[int | None, dict]] = []  # the drafts checked, as the server saw them
        self.check_refusals: list[dict[str, str]] = []  # what the rules say to each
        self._queue: asyncio.Queue = asyncio.Queue()
        self._callbacks: list = []

    async def connect(self, last_seq: int | None) -> "FakeClient":
        return self

    def on_state(self, callback) -> None:
        self._callbacks.append(callback)

    def set_state(self, state: str) -> None:
        self.state = state
        for callback in self._callbacks:
            callback(state)

    def put(self, message) -> None:
        self._queue.put_nowait(message)

    def snapshot(self, **changes: Any) -> None:
        self.put(Snapshot(seq=1, turn=changes.get("turn", 1), view=view(**changes)))

    async def stream(self):
        while True:
            message = await self._queue.get()
            yield message
            if isinstance(message, GameOver):
                return

    async def check(self, order: dict, turn: int | None = None) -> list[dict[str, str]]:
        self.checked.append((turn, order))
        return list(self.check_refusals)

    async def submit(self, order: dict, turn: int | None = None) -> Ack:
        self.submitted.append((turn, order))
        if self.refusal:
            raise OrderRefused(*self.refusal)
        return Ack(seq=1, ref=len(self.submitted))


def text_of(renderable) -> str:
    """What a widget's render() shows, as plain text."""
    out = io.StringIO()
    Console(file=out, width=120, color_system=None, legacy_windows=False).print(renderable)
    return out.getvalue()


# How long the app may take to show what a test waits for before the test fails: a deadline, not
# a wait (a condition that holds at once costs nothing), long enough for a machine whose cores are
# all busy with other work.
DEADLINE = 60.0


async def until(pilot, condition, timeout: float = DEADLINE) -> None:
    """Let the app run until `condition()` holds; past the deadline, TimeoutError."""
    async with asyncio.timeout(timeout):
        while not condition():
            await pilot.pause(0.02)


async def settled(pilot, check, timeout: float = DEADLINE):
    """Let the app run until `check()`, which asserts what the player should see, passes, and give
    what it returns: the screen is laid out and painted when the app gets round to it, later on a
    loaded machine. Past the deadline its last failure is raised, with its message."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        try:
            return check()
        except AssertionError:
            if loop.time() > deadline:
                raise
        await pilot.pause(0.05)

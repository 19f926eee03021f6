"""One root for fogbank's exceptions, split by blame: a player's refusal (`Refused`) is not the
parent of the server's own faults (`ServerFault`: a full disk, a game set aside), and each fault
still reaches the client with the very code and sentence it always had."""

from __future__ import annotations

import ast
import asyncio
import importlib
from pathlib import Path

import pytest

import fogbank
from fogbank import protocols as wire
from fogbank.errors import Declined, FogbankError, ServerFault
from fogbank.rules.core import Refused
from fogbank.server import bus
from fogbank.server.app import Server
from fogbank.server.guard import RateLimited
from fogbank.server.host import SetAside, Unstored
from fogbank.server.mqtt.bus import _answer

from .test_end_to_end import JSON, open_peer
from .test_recovery_records import two_games_one_forged
from .test_storage_full import get
from .test_store import fail_commits

PACKAGE = Path(fogbank.__file__).parent
# What the client was told before the exceptions had one root, word for word.
STORAGE_FULL = (
    "The server could not save that (its disk is full, or failing), so it was not done:"
    " try again in a while."
)
SET_ASIDE = (
    "This game could not be restored: replaying its record no longer gives the game that was played"
    " (was the server upgraded mid-game?). Its record is kept untouched; ask the server's operator."
)
STILL = {"course": "N", "speed": 0, "level": "surface"}


def _exception_classes() -> list[type]:
    """Every exception class a module of fogbank defines, but private ones (`_Resync`: they never
    leave their module)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "__main__.py":
            continue
        tree = ast.parse(path.read_text())
        names = {n.name for n in tree.body if isinstance(n, ast.ClassDef) and not n.name.startswith("_")}
        if not names:
            continue
        module = importlib.import_module(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
        found += [getattr(module, name) for name in sorted(names)]
    return [cls for cls in found if isinstance(cls, type) and issubclass(cls, BaseException)]


def test_every_exception_fogbank_defines_has_the_one_root():
    classes = _exception_classes()
    assert len(classes) >= 15  # the scan finds them
    assert [cls.__qualname__ for cls in classes if not issubclass(cls, FogbankError)] == []


def test_a_refusal_is_not_the_parent_of_the_servers_own_faults():
    for fault in (Unstored, SetAside):
        assert issubclass(fault, ServerFault) and not issubclass(fault, Refused)
    assert issubclass(Refused, Declined) and issubclass(ServerFault, Declined)
    assert issubclass(RateLimited, Refused)  # too fast is the asker's fault
    assert not issubclass(wire.ProtocolError, Declined)  # the peer's frame, answered apart


def test_the_bus_keeps_a_faults_blame_and_words():
    async def full(*_):
        raise Unstored()

    real, bus._answer = bus._answer, full
    try:
        with pytest.raises(ServerFault) as fault:
            asyncio.run(bus.handle(None, None, "submarine", wire.Ping(ref=1)))
    finally:
        bus._answer = real
    assert (fault.value.code, fault.value.sentence) == ("storage_full", STORAGE_FULL)
    # Over MQTT: the host marks a fault, and the gateway raises it as one; a refusal stays one.
    with pytest.raises(ServerFault) as fault:
        _answer({"refused": "storage_full", "sentence": STORAGE_FULL, "fault": True})
    assert not isinstance(fault.value, Refused) and fault.value.sentence == STORAGE_FULL
    with pytest.raises(Refused):
        _answer({"refused": "storage_full", "sentence": STORAGE_FULL})  # a host from before the mark


async def test_a_full_disk_is_told_to_the_seat_and_the_games_page_as_it_was(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    try:
        game = await server.create_game("b11")
        sub = await open_peer(server, game["seats"]["submarine"], codec=JSON)
        fail_commits(server.store, 2)
        refused = await sub.request(lambda ref: wire.SubmitOrder(ref=ref, turn=1, order=STILL))
        assert isinstance(refused, wire.Error)
        assert (refused.code, refused.message) == ("storage_full", STORAGE_FULL)
        created = await get(server, "/admin/new?scenario=b11", server.admin_key, "POST")
        assert created == (503, STORAGE_FULL + "\n")
    finally:
        await server.close()


async def test_a_set_aside_games_seat_is_told_why_as_it_was(tmp_path):
    forged, _ = await two_games_one_forged(tmp_path)
    server = await Server.start(port=0, data=tmp_path)
    try:
        peer = await open_peer(server, forged["seats"]["submarine"], codec=JSON)
        assert isinstance(peer.welcome, wire.Error)
        assert (peer.welcome.code, peer.welcome.message) == ("game_set_aside", SET_ASIDE)
    finally:
        await server.close()

"""An order sent again after its answer was lost is answered by the order the game took: once
its phase has resolved the copy is acknowledged, not refused as being for another phase, and so
after a restart too (the orders taken are read back from the log)."""

from __future__ import annotations

from fogbank import protocols as wire
from fogbank.server.app import Server
from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_end_to_end import open_peer


async def test_an_order_sent_again_after_a_restart_and_its_phase_resolving_is_acknowledged(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    try:
        created = await server.create_game("picket")
        await server.host.order(server.host.rooms[created["game"]], "blue1", 1, {"move": 1}, "move")
    finally:
        await server.close()  # its answer never reached the seat: the server went down
    server = await Server.start(port=0, data=tmp_path)
    try:
        room = server.host.rooms[created["game"]]
        for seat in ("blue2", "red1", "red2"):  # the others are back first, and the phase resolves
            await server.host.order(room, seat, 1, {"move": 0}, "move")
        assert room.game.state.phase == "fire"
        blue1 = await open_peer(server, created["seats"]["blue1"])
        again = await blue1.request(lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={"move": 1}, phase="move"))  # noqa: E501
        assert isinstance(again, wire.Ack), again
        other = await blue1.request(lambda ref: wire.SubmitOrder(ref=ref, turn=1, order={"move": -1}, phase="move"))  # noqa: E501
        assert isinstance(other, wire.Error) and other.code == "wrong_phase"  # not the order it gave
        logged = await server.store.load_log(created["game"])
        orders = [e.record for e in logged if e.record["input"] == "order"]
        assert [o["seat"] for o in orders] == ["blue1", "blue2", "red1", "red2"]  # nothing logged twice
    finally:
        await server.close()

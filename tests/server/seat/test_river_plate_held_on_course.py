"""River Plate: special damage may hold a ship on course for some inches before she may turn
(moves.py's on_course). The pad's steering by a click on the table runs her straight for them
first, and its preview names a move that turns too soon, as the rules would refuse it: the same
moves judged by the page and by the rules agree."""

from __future__ import annotations

from fogbank.clients import Client
from fogbank.rules.core.copies import evolve
from fogbank.rules.supremacy.moves import parse_move, problems
from fogbank.rules.supremacy.scenario import ship_classes

from tests.conftest import needs

from ..chromium import CHROMIUM, expect

pytestmark = needs(CHROMIUM)

JUDGE = """async ([held, rudder, target]) => {
  const moves = await import("/play/rulesets/supremacy/moves.js");
  const seat = window.fogbankSeat.seat;
  const ship = { ...seat.view.ships.find((s) => s.name === "exeter"), on_course: held, rudder };
  const steered = moves.moveToward(ship, target, ship.speed, seat.welcome.chart.turning_radius);
  const early = `R2 A${ship.speed / 2 - 2}`;
  return { steered, steeredWrong: moves.moveProblems(moves.readMove(steered), ship),
           early, earlyWrong: moves.moveProblems(moves.readMove(early), ship) };
}"""


async def test_steering_a_ship_held_on_course_runs_her_straight_first_as_the_rules_ask(server, page):
    created = await server.create_game("river_plate", {"seats": "side"})
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        while (await umpire.games()).games[0]["turn"] < 2:
            await umpire.release()
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['british']}")
    await expect(page.locator("#clock")).to_have_text("Turn 2 · 1A write moves")
    state = server.host.rooms[created["game"]].game.state
    exeter = state.board.ship("exeter")
    cls = ship_classes()[exeter.cls]
    abeam = [exeter.at[0] + 300, exeter.at[1] - 300]  # well off her starboard side: she must turn
    for held, rudder in ((6, "working"), (3, "working"), (2, "damaged"), (0, "damaged")):
        judged = await page.evaluate(JUDGE, [held, rudder, abeam])
        ship = evolve(exeter, on_course=held * 4, rudder=rudder)
        refused = {r.code for r in problems(parse_move(judged["steered"]), ship, cls, state.turn)}
        assert not refused, (held, rudder, judged)
        assert not judged["steeredWrong"], (held, rudder, judged)
        assert "R" in judged["steered"] and (not held or judged["steered"].startswith(f"A{held} ")), judged
        # A turn at once: the rules refuse it exactly when the page says they will.
        early = {r.code for r in problems(parse_move(judged["early"]), ship, cls, state.turn)} & {"on_course", "rudder_damaged"}
        assert bool(early) == bool(judged["earlyWrong"]), (held, rudder, judged)
        assert bool(early) == (held > 0 or rudder == "damaged")

"""River Plate: special damage may hold a ship on course for some inches before she may turn
(moves.py's on_course), cut her turning to an inch (a damaged rudder) or jam her rudder hard over
(she must turn an inch). The pad's steering by a click on the table, and the move it starts from,
obey them, and its preview names a move that does not, as the rules would refuse it: the same
moves judged by the page and by the rules agree."""

from __future__ import annotations

from fogbank.clients import Client
from fogbank.rules.core.copies import evolve
from fogbank.rules.supremacy.moves import parse_move, problems
from fogbank.rules.supremacy.scenario import ship_classes

from tests.conftest import needs

from ..chromium import CHROMIUM, expect
from .conftest import released_to_turn

pytestmark = needs(CHROMIUM)

JUDGE = """async ([held, rudder, jammed, target]) => {
  const moves = await import("/play/rulesets/supremacy/moves.js");
  const seat = window.fogbankSeat.seat;
  const ship = { ...seat.view.ships.find((s) => s.name === "exeter"), on_course: held, rudder,
                 effects: jammed ? { hard_over: 5 } : {} };
  const steered = moves.moveToward(ship, target, ship.speed, seat.welcome.chart.turning_radius);
  const straight = moves.straightOn(ship, ship.speed);
  const judged = (move) => moves.moveProblems(moves.readMove(move), ship);
  const early = `R2 A${ship.speed / 2 - 2}`;
  const ahead = `A${ship.speed / 2}`;
  return { steered, steeredWrong: judged(steered), straight, straightWrong: judged(straight),
           early, earlyWrong: judged(early), ahead, aheadWrong: judged(ahead) };
}"""


async def test_steering_a_ship_held_on_course_runs_her_straight_first_as_the_rules_ask(server, page):
    created = await server.create_game("river_plate", {"seats": "side"})
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        await released_to_turn(server, umpire, 2)
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['british']}")
    await expect(page.locator("#clock")).to_have_text("Turn 2 · 1A write moves")
    state = server.host.rooms[created["game"]].game.state
    exeter = state.board.ship("exeter")
    cls = ship_classes()[exeter.cls]
    abeam = [exeter.at[0] + 300, exeter.at[1] - 300]  # well off her starboard side: she must turn
    cases = ((6, "working", False), (3, "working", False), (2, "damaged", False), (0, "damaged", False),
             (0, "working", True), (3, "working", True), (0, "damaged", True))
    for held, rudder, jammed in cases:
        judged = await page.evaluate(JUDGE, [held, rudder, jammed, abeam])
        effects = {"hard_over": state.turn + 3} if jammed else {}
        ship = evolve(exeter, on_course=held * 4, rudder=rudder, effects=effects)

        def refused(move: str) -> set[str]:
            return {r.code for r in problems(parse_move(move), ship, cls, state.turn)}

        # Steered for a point, or straight on as the pad starts: moves the rules take.
        for move in ("steered", "straight"):
            assert not refused(judged[move]), (held, rudder, jammed, judged)
            assert not judged[f"{move}Wrong"], (held, rudder, jammed, judged)
        assert "R" in judged["steered"] and (not held or judged["steered"].startswith(f"A{held} ")), judged
        # A turn at once, or none: the rules refuse it exactly when the page says they will.
        for move in ("early", "ahead"):
            assert bool(refused(judged[move])) == bool(judged[f"{move}Wrong"]), (held, rudder, jammed, judged)
        assert bool(refused(judged["early"])) == (held > 0 or rudder == "damaged")
        assert bool(refused(judged["ahead"])) == jammed

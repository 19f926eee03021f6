"""River Plate: special damage may hold a ship on course for some inches before she may turn
(moves.py's on_course), cut her turning to an inch (a damaged rudder) or jam her rudder hard over
(she must turn an inch). The pad's steering by a click on the table, and the move it starts from,
obey them (tests/rules/supremacy/test_pad_parity.py holds them to the rules over random damage);
a move that breaks the rules is named on the pad in the rules' own words, from the server's check."""

from __future__ import annotations

import re

from fogbank.clients import Client
from fogbank.rules.core.copies import evolve
from fogbank.rules.supremacy.moves import parse_move, problems
from fogbank.rules.supremacy.scenario import ship_classes

from tests.conftest import needs

from ..chromium import CHROMIUM, expect
from ..noninterference import settled

pytestmark = needs(CHROMIUM)

JUDGE = """async ([held, rudder, jammed, target]) => {
  const moves = await import("/play/rulesets/supremacy/moves.js");
  const seat = window.fogbankSeat.seat;
  const ship = { ...seat.view.ships.find((s) => s.name === "exeter"), on_course: held, rudder,
                 effects: jammed ? { hard_over: 5 } : {} };
  const steered = moves.moveToward(ship, target, ship.speed, seat.welcome.chart.turning_radius);
  const straight = moves.straightOn(ship, ship.speed);
  return { steered, straight };
}"""


async def test_steering_a_ship_held_on_course_runs_her_straight_first_as_the_rules_ask(server, page):
    created = await server.create_game("river_plate", {"seats": "side"})
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        while (await umpire.games()).games[0]["turn"] < 2:
            await umpire.release()
            await settled(server.host)  # the seats passed over after it, before the turn is read again
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
        assert "R" in judged["steered"] and (not held or judged["steered"].startswith(f"A{held} ")), judged
    # A move too fast for her is named on the pad as the rules name it, before it is sent.
    await page.fill("#move-exeter", "A20")
    await expect(page.locator('#checked li[data-code="too_fast"]')).to_have_text(
        re.compile(r"^Exeter: At most \d+ knots this turn \([\d.]+ inches\); the move makes 40\.$"))

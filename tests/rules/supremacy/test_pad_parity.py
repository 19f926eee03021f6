"""River Plate's order pad reads and draws a move as it is written (client/moves.js), so the draft
is on the table while it is typed; the rules read and carry it out in moves.py. Whether the rules
take a move is theirs to say (the page asks the server's `check`), but the pad's reading and
drawing must be the rules' own: over thousands of random moves, in real Chromium, the page reads
exactly the moves the rules read (the same legs, speed and turning), traces each along the same
path to the same tenth of an inch and the same course, and the moves it writes for a click on the
table are moves the rules take, whatever the ship's damage."""

from __future__ import annotations

import random

from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.supremacy.moves import execute, parse_move, problems, speed_limits
from fogbank.rules.supremacy.scenario import ship_classes
from fogbank.rules.supremacy.ships import Ship
from fogbank.rules.supremacy.views import own_ship
from tests.conftest import needs
from tests.server.chromium import CHROMIUM, browser, module_page  # noqa: F401  (browser: a fixture)
from tests.server.console.conftest import server  # noqa: F401  (server: a fixture)

pytestmark = needs(CHROMIUM)

MOVES = "/play/rulesets/supremacy/moves.js"

COUNT = 1500
KINDS = ["L", "P", "R", "S", "A", "B", ""]
# Words that are not legs, or legs the rules refuse: kept in the draw so the refusals are held too.
ODD = ["X4", "A", "L-2", "2..5", "A0", "A0.0", "B2Sh", "ASh", "A2.3", "A0.125", "A0.375", "A2.255",
       "A2.2500001", "R100", "R100.25", "A150", "a2", "l1", "Sh2", "CSLS", "cs", "A007", "A.5", "A5.",
       "R1ShSh", "L0.25Sh"]


def served_chart() -> dict:
    """The chart a River Plate seat is sent: the page reads a move's geometry from it."""
    ruleset, scenario = core.find_scenario("river_plate")
    game = core.start(ruleset, scenario, bytes(32))
    return ruleset.chart(game.state, ruleset.seats(game.state)[0].name)


CHART = served_chart()
RADIUS = CHART["turning_radius"]  # tenths


def random_text(luck: random.Random) -> str:
    """A move as a player might write it: mostly the notation, sometimes a slip."""
    words = []
    for _ in range(luck.choice([0, 1, 1, 2, 2, 3, 4])):
        if luck.random() < 0.08:
            words.append(luck.choice(ODD))
            continue
        quarters = luck.choice([luck.randint(1, 8), luck.randint(1, 60), luck.randint(1, 400)])
        inches = f"{quarters / 4:g}" if luck.random() < 0.9 else f"{quarters / 4:.2f}"
        sharp = "Sh" if luck.random() < 0.05 else ""
        words.append(f"{luck.choice(KINDS)}{inches}{sharp}")
    for special in ("CS", "LS"):
        if luck.random() < 0.12:
            words.insert(luck.randint(0, len(words)), special)
    text = luck.choice([" ", "  ", "\t"]).join(words)
    return text * 30 if luck.random() < 0.005 else text  # past 200 characters now and then


def read_by_rules(text: str) -> dict | None:
    """What moves.py reads in `text`, in the page's terms; None when it refuses the words."""
    try:
        move = parse_move(text)
    except Refused:
        return None
    return {"legs": [[leg.kind, leg.quarters / 4, leg.sharp] for leg in move.legs], "chase": move.chase,
            "smoke": move.smoke, "inches": move.quarters / 4, "turning": move.turning / 4,
            "speed": move.run / 2, "knots": move.knots}  # fmt: skip


READ = """async ([url, texts, chase]) => {
  const moves = await import(url);
  return texts.map((text) => {
    const move = moves.readMove(text);
    if (!move) return null;
    const { speed, knots } = moves.speedOf(move, chase);
    return { legs: move.legs.map((l) => [l.kind, l.inches, l.sharp]), chase: move.chase, smoke: move.smoke,
             inches: move.inches, turning: move.turning, speed, knots };
  });
}"""


async def test_the_page_reads_every_move_as_the_rules_do(server, browser):  # noqa: F811
    luck = random.Random(41)
    texts = [random_text(luck) for _ in range(COUNT)] + ODD
    page = await module_page(server, browser)
    shown = await page.evaluate(READ, [MOVES, texts, CHART["chase"]])
    differ = [(text, got, read_by_rules(text)) for text, got in zip(texts, shown, strict=True)
              if got != read_by_rules(text)]
    refused = sum(read_by_rules(text) is None for text in texts)
    assert refused > 100 and sum(" CS" in f" {t}" for t in texts) > 100  # both kinds well drawn
    assert not differ, f"{len(differ)} of {len(texts)} read differently, e.g. {differ[:3]}"


TRACE = """async ([url, cases, radius]) => {
  const moves = await import(url);
  return cases.map(([text, at, course]) => moves.trace(moves.readMove(text), at, course, radius));
}"""


async def test_the_page_traces_every_move_as_the_rules_carry_it_out(server, browser):  # noqa: F811
    luck = random.Random(42)
    cases = []
    while len(cases) < COUNT:
        text = random_text(luck)
        if read_by_rules(text) is not None:
            cases.append([text, [luck.randint(-4000, 4000), luck.randint(-4000, 4000)], luck.randint(0, 359)])
    page = await module_page(server, browser)
    shown = await page.evaluate(TRACE, [MOVES, cases, RADIUS])
    differ = []
    for (text, at, course), got in zip(cases, shown, strict=True):
        ship = Ship("exeter", "exeter", "british", "Exeter", tuple(at), course, 20)
        end, heading, path = execute(parse_move(text), ship)
        wanted = {"path": [list(p) for p in path], "course": heading}
        if got != wanted or list(end) != got["path"][-1]:
            differ.append((text, at, course, got, wanted))
    assert not differ, f"{len(differ)} of {len(cases)} traced differently, e.g. {differ[0]}"


STEER = """async ([url, cases, radius]) => {
  const moves = await import(url);
  return cases.map(([ship, target, knots]) =>
    [moves.moveToward(ship, target, knots, radius), moves.straightOn(ship, knots)]);
}"""


def damaged_ship(luck: random.Random, turn: int) -> Ship:
    """A River Plate ship under way or stopped, ahead or astern, her rudder whole, damaged, lost
    or jammed hard over, perhaps held on course by special damage."""
    name = luck.choice(sorted(ship_classes()))
    cls = ship_classes()[name]
    backwards = luck.random() < 0.1
    speed = 0 if luck.random() < 0.15 else luck.randint(1, cls.speed // (2 if backwards else 1))
    effects = {"hard_over": turn + luck.randint(0, 3)} if luck.random() < 0.3 else {}
    return Ship(name, name, "british", name.title(), (luck.randint(-3000, 3000), luck.randint(-3000, 3000)),
                luck.randint(0, 359), speed, backwards=backwards, effects=effects,
                rudder=luck.choice(["working", "working", "damaged", "lost"]),
                on_course=luck.choice([0, 0, 0, 4, 8, 12, 24, 40]))  # fmt: skip


async def test_a_move_the_page_writes_for_a_click_is_one_the_rules_take(server, browser):  # noqa: F811
    """The pad's steering (a click on the table) and the move it starts from (straight on) are
    written for the ship's damage: every one is a move the rules take, at the knots the pad picks."""
    luck = random.Random(43)
    turn = 5
    ships, cases = [], []
    for _ in range(COUNT):
        ship = damaged_ship(luck, turn)
        least, most = speed_limits(ship, ship_classes()[ship.cls], turn, ship.backwards)
        knots = max(least, min(ship.speed or most, most))  # as the pad picks them (pad.js `pick`)
        target = [ship.at[0] + luck.randint(-800, 800), ship.at[1] + luck.randint(-800, 800)]
        ships.append(ship)
        cases.append([own_ship(ship, turn), target, knots])
    page = await module_page(server, browser)
    written = await page.evaluate(STEER, [MOVES, cases, RADIUS])
    refused = []
    for ship, (steered, straight) in zip(ships, written, strict=True):
        cls = ship_classes()[ship.cls]
        for text in (steered, straight):
            codes = [r.code for r in problems(parse_move(text), ship, cls, turn)]
            if codes:
                refused.append((text, codes, ship))
    assert not refused, f"{len(refused)} of {2 * COUNT} refused, e.g. {refused[:3]}"
    assert sum("R" in s or "L" in s for s, _ in written) > COUNT // 3  # most clicks turn her

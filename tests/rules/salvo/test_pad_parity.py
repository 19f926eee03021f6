"""Salvo's order pad plots a path hex by hex as the player points (client/pad.js), drawing where it
goes and measuring it against the limits the unit's view carries; the rules trace and judge it in
movement.py. Whether the rules take a path is theirs to say (the page asks the server's `check`),
but the pad's tracing and measuring must be the rules' own: over thousands of random paths of
random units on every scenario's map, in real Chromium, the page enters the same hexes, ends on
the same facing, leaves the map and runs over land where the rules do, counts the same speed and
turns, and marks a path past its limits exactly when the rules refuse it as too fast or turning
too much."""

from __future__ import annotations

import random

from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.core.copies import evolve
from fogbank.rules.core.plain import to_plain
from fogbank.rules.salvo import hexes, movement
from fogbank.rules.salvo.scenario import for_game
from fogbank.rules.salvo.units import DUMMY, FORT
from tests.conftest import needs
from tests.server.chromium import CHROMIUM, browser, module_page  # noqa: F401  (browser: a fixture)
from tests.server.console.conftest import server  # noqa: F401  (server: a fixture)

pytestmark = needs(CHROMIUM)

SCENARIOS = ("gallipoli", "cape_esperance", "dogger_bank")
COUNT = 700  # paths a scenario: 2,100 in all
PAST_LIMITS = {"too_fast", "too_many_turns"}


def random_path(luck: random.Random) -> str:
    """A path as a player plots it, mostly ahead, with turns of one to four hexsides."""
    path = ""
    for _ in range(luck.choice([0, 1, 2, 3, 4, 5, 6, 8, 10])):
        if luck.random() < 0.3:
            path += luck.choice("LR") * luck.choice([1, 1, 1, 2, 3, 4])
        path += "F"
    return path + (luck.choice(["", "", "L", "RR"]) if luck.random() < 0.2 else "")


def cases(scenario_id: str, count: int, seed: int) -> tuple[dict, list[dict]]:
    """The chart a seat of `scenario_id` is sent, and `count` random units, paths and the rules'
    answers: where the path goes, its figures, and whether it is refused for its limits."""
    ruleset, scenario = core.find_scenario(scenario_id)
    game = core.start(ruleset, scenario, bytes(32))
    sea = for_game(scenario_id, game.state.options)
    chart = to_plain(ruleset.chart(game.state, ruleset.seats(game.state)[0].name))
    luck = random.Random(seed)
    units = [u for u in game.state.board.units if u.kind != FORT]
    water = sorted((h for h in sea.map.terrain if sea.map.water(h)), key=hexes.number)
    found = []
    for _ in range(count):
        unit = evolve(luck.choice(units), hex=luck.choice(water), facing=luck.choice(hexes.FACINGS),
                      s=luck.choice([0, 0, 1, 2]))  # fmt: skip
        if luck.random() < 0.1:
            unit = evolve(unit, kind=DUMMY, max_speed=99)
        effects = frozenset({"torpedo attack"}) if luck.random() < 0.3 else frozenset()
        path = random_path(luck)
        entered, facing, off = movement.trace(sea, unit, path)
        try:
            movement.check_path(sea, unit, path, effects)
            refused = None
        except Refused as refusal:
            refused = refusal.code
        at = hexes.number(unit.hex)
        found.append({
            "unit": {"hex": at, "facing": unit.facing, "limits": movement.limits(unit, effects)},
            "path": path,
            "rules": {"hexes": [at, *map(hexes.number, entered)], "facing": facing, "off": off,
                      "land": any(not sea.map.water(h) for h in entered), "speed": movement.speed_of(path),
                      "turns": movement.turns_in(path), "longest": movement.longest_turn(path),
                      "past": refused in PAST_LIMITS},
        })  # fmt: skip
    return chart, found


PLOT = """async ([chart, cases]) => {
  const { createMap } = await import("/web/maps/hexes.js");
  const pad = await import("/play/rulesets/salvo/pad.js");
  const map = createMap(document.createElementNS("http://www.w3.org/2000/svg", "svg"), chart);
  return cases.map(({ unit, path }) => {
    const where = pad.trace(map, unit.hex, unit.facing, path);
    const [, past] = pad.measure(map, unit, path);
    return { hexes: where.hexes, facing: where.facing, off: where.off, land: where.land,
             speed: pad.speedOf(path), turns: pad.turnsIn(path), longest: pad.longestTurn(path), past };
  });
}"""


async def test_the_page_plots_and_measures_every_path_as_the_rules_do(server, browser):  # noqa: F811
    page = await module_page(server, browser)
    differ, total, past, off = [], 0, 0, 0
    for n, scenario_id in enumerate(SCENARIOS):
        chart, drawn = cases(scenario_id, COUNT, seed=41 + n)
        shown = await page.evaluate(PLOT, [chart, drawn])
        for case, got in zip(drawn, shown, strict=True):
            if got != case["rules"]:
                differ.append((scenario_id, case["unit"], case["path"], got, case["rules"]))
        total += len(drawn)
        past += sum(case["rules"]["past"] for case in drawn)
        off += sum(case["rules"]["off"] for case in drawn)
    assert past > total // 10 and off > 10  # paths past their limits, and off the map, well drawn
    assert not differ, f"{len(differ)} of {total} differ, e.g. {differ[:2]}"

"""The pages' hex renderer (fogbank/web/maps/hexes.js), in a real Chromium, counts hexes as the
rules do (fogbank/rules/salvo/hexes.py): neighbours through each hexside, distances and the hexes
a line of sight passes through agree for every pair of a sample, so what a seat's order pad says
of a path or a shot is what the server will judge."""

from __future__ import annotations

import itertools

from fogbank.rules.salvo import hexes
from tests.conftest import needs

from ..chromium import CHROMIUM, browser, open_page  # noqa: F401  (browser: a fixture)

pytestmark = needs(CHROMIUM)
COLUMNS, ROWS = 30, 16
SAMPLE = ["0101", "0102", "0201", "1005", "1106", "1808", "2005", "2102", "2201", "2916", "3016", "3001", "0116", "1512"]


async def test_the_renderer_counts_hexes_as_the_rules_do(server, browser):
    errors: list[str] = []
    page = await open_page(browser, 800, 600, errors)
    await page.goto(f"http://127.0.0.1:{server.port}/play")
    pairs = [list(pair) for pair in itertools.permutations(SAMPLE, 2)]
    found = await page.evaluate(
        """async ([pairs, sample, columns, rows]) => {
            const { createMap } = await import("/web/maps/hexes.js");
            const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
            const map = createMap(svg, { columns, rows, terrain: Array(rows).fill(".".repeat(columns)) });
            return {
                distances: pairs.map(([a, b]) => map.distance(a, b)),
                lines: pairs.map(([a, b]) => map.line(a, b)),
                steps: sample.map((name) => [0, 1, 2, 3, 4, 5].map((side) => map.step(name, side))),
            };
        }""",
        [pairs, SAMPLE, COLUMNS, ROWS],
    )
    on_map = lambda h: 1 <= h.column <= COLUMNS and 1 <= h.row <= ROWS  # noqa: E731
    for (a, b), distance, line in zip(pairs, found["distances"], found["lines"]):
        assert distance == hexes.distance(hexes.parse(a), hexes.parse(b)), (a, b)
        assert line == [hexes.number(h) for h in hexes.line(hexes.parse(a), hexes.parse(b))], (a, b)
    for name, steps in zip(SAMPLE, found["steps"]):
        expected = [hexes.parse(name).step(f) for f in hexes.FACINGS]
        assert steps == [hexes.number(h) if on_map(h) else None for h in expected], name
    assert not errors, errors

"""The built-in players' helm finds exactly what a plain search over hexes finds: every end, the
same path to each (the fewest turns, then the fewest hexsides turned, then the first reached), in
the same order, on open water (where its answer is the open sea's, moved) and beside land and the
map's edges; and the same distances by water round known mines."""

import heapq
import random

import pytest

from fogbank.rules.salvo import hexes
from fogbank.rules.salvo.bot import helm
from fogbank.rules.salvo.scenario import for_options

TURNS = {"L": ("L", "LL", "LLL"), "R": ("R", "RR")}


def plain_ends(chart, start, facing, speed, turns, flying=False):
    """Breadth first over `Hex` values, a level for each step or turn, each level sorted by (hexes
    made, turns used, path length): the search as first written, kept to hold the fast one to."""
    found, offs = {}, []
    frontier = [(start, facing, "", (), 0, False)]
    while frontier:
        nxt = []
        for here, face, path, entered, used, turning in frontier:
            key = (here, face, path.count("F"))
            if key in found:
                continue
            found[key] = (here, face, path, entered, False, key[2], used > 0)
            made = key[2]
            if made < speed:
                ahead = here.step(face)
                if not chart.on_map(ahead):
                    offs.append((here, face, path + "F", entered, True, made + 1, used > 0))
                elif (ahead, face, made + 1) not in found and (flying or chart.water(ahead)):
                    nxt.append((ahead, face, path + "F", (*entered, ahead), used, False))
            if not turning and used < turns:
                for side, runs in TURNS.items():
                    for run in runs:
                        turned = hexes.turn(face, len(run) * (-1 if side == "L" else 1))
                        if (here, turned, made) not in found:
                            nxt.append((here, turned, path + run, entered, used + 1, True))
        frontier = sorted(nxt, key=lambda s: (s[2].count("F"), s[4], len(s[2])))
    return list(found.values()) + offs


def plain_distances(chart, goals, avoid, cost):
    best = {}
    queue = [(0, h.q, h.r) for h in goals if chart.on_map(h)]
    heapq.heapify(queue)
    while queue:
        d, q, r = heapq.heappop(queue)
        here = hexes.Hex(q, r)
        if here in best:
            continue
        best[here] = d
        step = d + 1 + (cost if here in avoid else 0)
        for near in here.neighbours():
            if near not in best and chart.on_map(near) and chart.water(near):
                heapq.heappush(queue, (step, near.q, near.r))
    return list(best.items())


@pytest.mark.parametrize("scenario", ["dogger_bank", "cape_esperance", "gallipoli"])
def test_every_end_and_its_path_is_the_plain_searchs(scenario):
    chart = for_options(scenario, False).map
    luck = random.Random(scenario)
    cells = sorted(chart.terrain)
    water = [h for h in cells if chart.water(h)]
    edge = [h for h in water if any(not chart.on_map(n) or not chart.water(n) for n in h.neighbours())]
    moved = searched = 0
    for n in range(24):
        start = luck.choice(edge if n % 3 == 0 else water)
        facing, speed, turns, flying = luck.choice(hexes.FACINGS), luck.randint(0, 7), luck.randint(0, 3), n % 7 == 0
        if sum(1 for h in water if hexes.distance(h, start) <= speed) == 3 * speed * (speed + 1) + 1:  # open all round
            moved += 1
        else:
            searched += 1
        found = helm.ends(chart, start, facing, speed, turns, flying)
        assert [tuple(end) for end in found] == plain_ends(chart, start, facing, speed, turns, flying), (start, facing, speed)
    assert searched and (moved or scenario == "gallipoli")  # both ways were held to the plain search


@pytest.mark.parametrize("scenario", ["dogger_bank", "cape_esperance", "gallipoli"])
def test_distances_by_water_round_mines_are_the_plain_searchs(scenario):
    chart = for_options(scenario, False).map
    luck = random.Random(scenario)
    cells = sorted(chart.terrain)
    for _ in range(4):
        goals = frozenset(luck.sample(cells, luck.randint(1, 3)))
        avoid = frozenset(luck.sample(cells, 8))
        found = helm.distances(chart, goals, avoid, 8)
        assert list(found.items()) == plain_distances(chart, goals, avoid, 8)


@pytest.mark.parametrize("scenario", ["dogger_bank", "gallipoli"])
def test_open_water_is_how_far_water_reaches_all_round(scenario):
    chart = for_options(scenario, False).map
    sea = helm.waters(chart)
    water = [h for h in chart.terrain if chart.water(h)]
    for start in random.Random(scenario).sample(water, 30):
        reach = 0
        while all(chart.water(start.step(f, reach + 1).step(hexes.turn(f, 2), k)) for f in hexes.FACINGS for k in range(reach + 1)):
            reach += 1  # the ring reach + 1 out is all water too
        assert sea.open_water[sea.number(start)] == reach, start

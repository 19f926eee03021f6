"""A battle handed over by another game, fought on an open-sea hex map, and its result given back.

The engagement's ships become Salvo units by the mapping in docs/decisions.md ("Battles handed
over"); the two sides start a set-up range apart, facing each other across the middle of the map.
The game ends as a points scenario does (one side sunk or gone, or the turn limit), and any ship
may steam off any edge of the map, which is how a side leaves the field.
"""

from __future__ import annotations

import hashlib
import hmac
import math

from fogbank.rules.core import EngagedShip, Engagement, EngagementResult, GameState, ShipOutcome

from . import hexes
from .scenario import SEA, Map, Scenario, SeatSpec, Victory, register_built
from .units import CAPITAL, SCREEN, SINKING_HITS, Unit

COLUMNS = 30
SETUP_RANGE = {True: 12, False: 4}  # hexes between the lines at the start, by day and by night
VISIBILITY = {True: 18, False: 4}  # Dogger Bank's day and Cape Esperance's night
SEA_ROOM = 8  # rows of open sea beyond each line
TURNS = 12  # two hours of battle, then the fleets draw apart for the night or the day
KNOTS_TO_HEXES = ((27, 6), (23, 5), (19, 4), (15, 3), (0, 2))  # Lion 28 kt: 6; Bluecher 25 kt: 5
TORPEDO_RANGE = 5  # hexes: the 1914 torpedo's run at speed (Cape Esperance's 1942 fish reach 8)


def scenario_id(seed: bytes) -> str:
    """The built scenario's id, from the game's secret seed alone: the id is in every seat's
    welcome, and the battle (the enemy's ships and damage) is not all theirs to know. A seed
    builds one battle (the server draws one per game, `simulate` one per battle)."""
    return "engagement-" + hmac.new(seed, b"engagement", hashlib.sha256).hexdigest()[:16]


def build(engagement: Engagement, seed: bytes) -> Scenario:
    """The scenario fighting `engagement` (registered, so the ruleset's hooks find it by id)."""
    distance = SETUP_RANGE[engagement.day]
    rows = distance + 2 * SEA_ROOM
    terrain = {hexes.from_offset(c, r): SEA for c in range(1, COLUMNS + 1) for r in range(1, rows + 1)}
    units = []
    for index, party in enumerate(engagement.parties):
        row, facing = (SEA_ROOM, "D") if index == 0 else (SEA_ROOM + distance, "A")
        first = (COLUMNS - 2 * len(party.ships)) // 2 + 1
        for n, ship in enumerate(party.ships):
            where = hexes.from_offset(max(1, first + 2 * n), row)
            units.append(unit(ship, f"{'AB'[index]}{n + 1}", party.side, where, facing))
    sides = tuple(p.side for p in engagement.parties)
    built = Scenario(
        id=scenario_id(seed),
        title=f"The battle in {engagement.zone}",
        briefing=(f"Contact in {engagement.zone} {'by day' if engagement.day else 'by night'}: the fleets close at "
                  f"{distance} hexes. Sink the enemy, or steam off the map to break off; the battle ends after "
                  f"{TURNS} turns, when one side is sunk or gone."),
        map=Map(name=engagement.zone, columns=COLUMNS, rows=rows, terrain=terrain),
        turns=TURNS, visibility=VISIBILITY[engagement.day], night=not engagement.day, wind="A",
        fog="as_written", random_events=False, heavy_seas=engagement.sea == "heavy", savo_impairment=False,
        zeppelins=False, zeppelins_default=False, forts_triple_in_hex=False, cruising_speed=0,
        disadvantaged=min(engagement.parties, key=lambda p: (len(p.ships), p.side)).side,
        event_sides=sides, dummies=(), shared_plot={side: True for side in sides}, side_titles={side: side.title() for side in sides},
        # Every seat's title is in every welcome: a side's strength is not the enemy's to read there.
        seats=tuple(SeatSpec(name=seat, side=p.side, title=f"{seat}'s ships ({p.side})") for p in engagement.parties for seat in p.seats),
        units=tuple(units), minefields=frozenset(), minefield_density="", zeppelin_hexes=(), zeppelin_seat="",
        victory=Victory(kind="points", any_edge=True), variants={},
    )
    register_built(built)
    return built


def unit(ship: EngagedShip, uid: str, side: str, where: hexes.Hex, facing: str) -> Unit:
    primary, secondary, tertiary = ship.guns
    kind = CAPITAL if ship.capital else SCREEN
    attack = primary * 3 // 2 if primary else secondary or tertiary  # Goeben's 6 primary: Seydlitz's 9
    reach = (12 + primary) if primary else (10 if secondary else (8 if tertiary else 0))
    damage = hits_before(ship)
    torpedoes = (2 if ship.kind == "DD" else 1) if ship.torpedoes else 0
    return Unit(
        id=uid, name=ship.name, side=side, seat=ship.seat, kind=kind, type=ship.kind, hex=where, facing=facing,
        max_speed=next(h for k, h in KNOTS_TO_HEXES if ship.knots >= k),
        attack=attack, secondary=secondary if primary else 0, defence=ship.hull + (2 if kind == CAPITAL else 1),
        range=reach, torpedoes=torpedoes, torpedo_range=TORPEDO_RANGE if torpedoes else 0,
        salvoes=2 if torpedoes else 0, points=ship.hull * 4, w=damage // 2, s=damage - damage // 2,
    )


def hits_before(ship: EngagedShip) -> int:
    """The damage a ship brings in, as Salvo hits: her share of hull boxes lost times six,
    rounded down and never six (she is afloat), split W then S."""
    return min(SINKING_HITS - 1, SINKING_HITS * ship.hits // ship.hull)


def guns_lost(ship: EngagedShip, w: int) -> tuple[int, int, int]:
    """The gun factors a ship lost to the W hits she took here: each W hit costs Salvo's guns a
    third of their fire, so she keeps that share of the factors she came in with, rounded down."""
    before, after = 3 - min(3, hits_before(ship) // 2), 3 - min(3, w)
    primary, secondary, tertiary = (g - g * after // before for g in ship.guns)
    return primary, secondary, tertiary


def result(state: GameState, engagement: Engagement) -> EngagementResult:
    """What each ship lost (hull boxes, by the share of Salvo's six hits taken; gun factors, by
    the weapons hits) and which sides steamed off the map with every ship they had left."""
    units = {u.name: u for u in state.board.units}
    ships, left = [], []
    for party in engagement.parties:
        for ship in party.ships:
            u = units[ship.name]
            if u.sunk:
                ships.append(ShipOutcome(name=ship.name, lost=ship.hull - ship.hits, sunk=True))
                continue
            boxes = math.ceil(ship.hull * (u.w + u.s) / SINKING_HITS)
            ships.append(ShipOutcome(name=ship.name, lost=max(0, min(ship.hull - 1, boxes) - ship.hits),
                                     guns_lost=guns_lost(ship, u.w)))
        mine = [units[s.name] for s in party.ships]
        if any(u.exited for u in mine) and all(u.exited or u.sunk for u in mine):
            left.append(party.side)
    reason = state.outcome.reason if state.outcome is not None else "The battle was broken off."
    return EngagementResult(ships=tuple(ships), left=tuple(left), summary=f"The battle in {engagement.zone}: {reason}")

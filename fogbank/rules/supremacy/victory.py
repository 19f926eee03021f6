"""Who won the River Plate, and the arena's score. The seed tells the history, not the victory
(decisions.md): a raider wins by getting clear, free to raid again, or by beating off the cruisers;
the cruisers win by sinking her, crippling her, or hurting her and keeping her in sight with a ship
fit to follow, so that she must make for a neutral port, as Graf Spee did on 13 December 1939. A
raider shadowed but hardly hurt slips away at nightfall: neither side has won.
"""

from __future__ import annotations

from fogbank.rules.core import GameState, Outcome, Tally

from .board import Board
from .scenario import load_scenario, ship_classes
from .ships import Ship, top_speed

RAIDER, CRUISERS = "german", "british"
HURT = 5  # a raider with a fifth of her points of damage needs a port

def crippled(ship: Ship) -> bool:
    """Down to half her speed, or half her points of damage."""
    cls = ship_classes()[ship.cls]
    return ship.sunk or top_speed(ship, cls) * 2 <= cls.speed or ship.damage * 2 >= cls.points


def fit_to_follow(ship: Ship, raider: Ship) -> bool:
    """A cruiser afloat, not crippled, that can make the raider's speed."""
    classes = ship_classes()
    return not crippled(ship) and top_speed(ship, classes[ship.cls]) >= top_speed(raider, classes[raider.cls])


def shadowed(state: GameState) -> bool:
    """Whether, at the last sight taken (this turn's), a cruiser fit to follow her saw the raider."""
    board: Board = state.board
    raider = next(s for s in board.ships if s.side == RAIDER)
    fit = {s.name for s in board.ships if s.side == CRUISERS and fit_to_follow(s, raider)}
    return any(c.ship == raider.name and fit & set(c.seen_by)
               for seat, ships in board.seats.items() if board.ship(ships[0]).side == CRUISERS
               for c in state.knowledge[seat].latest(state.turn))


def decide(state: GameState, last: bool = False) -> Outcome | None:
    """Graf Spee sunk, or every cruiser, ends the game; else it is judged after the last turn.

    A cruiser sunk or crippled is beaten: she can no longer hold the raider. Sunk or crippled, the
    raider has lost, but at the price of all three cruisers it is a draw; shadowed at the end by a
    cruiser fit to follow she must make for port if hurt (a fifth of her points), unless two
    cruisers are beaten (she has beaten them off); out of their sight she has got clear."""
    board: Board = state.board
    raider = next(s for s in board.ships if s.side == RAIDER)
    cruisers = [s for s in board.ships if s.side == CRUISERS]
    beaten = sum(crippled(s) for s in cruisers)
    lost = sum(s.sunk for s in cruisers)
    sunk = f"{lost} cruiser{'' if lost == 1 else 's'} sunk, {beaten - lost} more crippled"
    if all(s.sunk for s in cruisers) and not raider.sunk:
        return _won(RAIDER, "victory", "Every British cruiser is sunk.")
    if raider.sunk or (last and state.turn >= load_scenario(state.scenario).turn_limit and crippled(raider)):
        fate = "Admiral Graf Spee is sunk" if raider.sunk else "Time: Graf Spee is crippled and cannot get away"
        if beaten == 3:
            return Outcome({CRUISERS: "draw", RAIDER: "draw"}, f"{fate}, but so is every cruiser: {sunk}.")
        return _won(CRUISERS, "victory" if beaten < 2 else "marginal victory", f"{fate}; {sunk}.")
    if not (last and state.turn >= load_scenario(state.scenario).turn_limit):
        return None
    if not shadowed(state):
        return _won(RAIDER, "victory" if beaten >= 2 else "marginal victory",
                    f"Time: Graf Spee has got clear to raid again; {sunk}.")
    if beaten >= 2:
        return _won(RAIDER, "marginal victory", f"Time: Graf Spee has beaten off the cruisers; {sunk}.")
    if raider.damage * HURT >= ship_classes()[raider.cls].points:
        return _won(CRUISERS, "marginal victory", f"Time: Graf Spee, hurt and shadowed, must make for a neutral port; {sunk}.")
    return Outcome({CRUISERS: "draw", RAIDER: "draw"},
                   f"Time: Graf Spee is shadowed but fit to slip away at nightfall; {sunk}.")


def _won(side: str, result: str, reason: str) -> Outcome:
    other = RAIDER if side == CRUISERS else CRUISERS
    return Outcome({side: result, other: result.replace("victory", "defeat")}, reason)


def tally(state: GameState) -> Tally:
    """Each side's points of damage done to the enemy (a ship's points at most), and ships lost."""
    board: Board = state.board
    classes = ship_classes()
    done = {side: 0.0 for side in (RAIDER, CRUISERS)}
    lost = {side: 0 for side in (RAIDER, CRUISERS)}
    for ship in board.ships:
        enemy = CRUISERS if ship.side == RAIDER else RAIDER
        done[enemy] += min(ship.damage, classes[ship.cls].points)
        lost[ship.side] += ship.sunk
    return Tally(points=done, lost=lost)


__all__ = ["crippled", "decide", "fit_to_follow", "shadowed", "tally"]

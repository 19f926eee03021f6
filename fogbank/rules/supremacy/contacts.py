"""Contacts (4.3, 4.9, 4.10): what each seat's ships see at the end of movement, as a captain
would judge it.

A seat learns of a ship it sees her identity and course (models are known by sight) and, from
each of its ships that sees her, the bearing and the range: measured exactly within a nautical
mile (4.9, the whole degree), beyond it judged by eye (4.10): the range off by up to a tenth
either way, the bearing read to 5 degrees by day and 10 at night, so that two ships' bearings
fix her no closer than her range is judged.
The judgement is the dice's: 2d6 less 7, two percent a pip, once a turn for each ship a seat
sees, drawn from the game's keyed dice but logged as no roll (it decides nothing on the table,
only what a captain believes). A ship seen last turn and lost now is reported, with why as far as
the seat's own ships could tell: smoke, land or a ship in the way, the edge of visibility, the dark.
"""

from __future__ import annotations

from typing import Any, Mapping

from fogbank.rules.core import GameState
from fogbank.rules.core.copies import evolve
from fogbank.rules.core.dice import derive_faces

from .board import Board, Contact, Log, Sighting
from .events import ContactLost
from .geometry import NAUTICAL_MILE, Point, crosses_between, crosses_path, distance, offset, within
from .geometry import bearing_to as read_bearing
from .scenario import load_scenario, ship_classes
from .ships import Ship
from .sight import blocked, looking, reach, visibility

JUDGED = 2  # percent a pip of 2d6 - 7 that a range judged by eye is off
READ_TO = {False: 5, True: 10}  # degrees a bearing beyond a nautical mile is read to, by day and at night


def read_to(state: GameState) -> int:
    """The degrees an observer reads a bearing to beyond a nautical mile (docs/decisions.md)."""
    return READ_TO[bool(state.options.get("night"))]


def misjudged(state: GameState, seat: str, ship: str) -> int:
    """The percent by which `seat` misjudges the range of `ship` this turn (-10 to +10)."""
    faces = derive_faces(state.dice.seed, f"{state.turn}/range/{seat}/{ship}", 2, 6)
    return (sum(faces) - 7) * JUDGED


def judged(tenths: int, percent: int) -> int:
    """A range off by `percent`, to the nearest inch (in tenths)."""
    return (tenths * (100 + percent) + 500) // 1000 * 10


def sighting(looker: Ship, target: Ship, percent: int, step: int) -> Sighting:
    """Measured within a nautical mile (4.9): the range and the whole degree. Beyond it judged:
    the range by eye, the bearing read to `step` degrees."""
    exact = within(looker.at, target.at, NAUTICAL_MILE)
    tenths = distance(looker.at, target.at)
    if exact:
        return Sighting(looker.name, read_bearing(looker.at, target.at, 1), tenths, True)
    return Sighting(looker.name, read_bearing(looker.at, target.at, step), judged(tenths, percent), False)


def placed(own: Mapping[str, Point], sightings: tuple[Sighting, ...]) -> Point:
    """Where the seat puts a ship: from its nearest sighting (a measured one before any judged)."""
    best = min(sightings, key=lambda s: (not s.exact, s.range, s.by))
    return offset(own[best.by], best.bearing, best.range)


def take(state: GameState, lost: bool = False) -> tuple[dict[str, Log], list[ContactLost]]:
    """Each seat's log with what its ships see now, and (`lost`: at the end of a movement) a
    report for each ship it saw last turn and sees no longer."""
    board: Board = state.board
    knowledge, reports = dict(state.knowledge), []
    for seat, names in board.seats.items():
        own = [board.ship(n) for n in names if not board.ship(n).sunk]
        found = []
        for other in board.ships:
            if other.sunk or other.name in names:
                continue
            lookers = [s for s in own if looking(state, s, other)]
            if lookers:
                percent = misjudged(state, seat, other.name)
                seen = tuple(sighting(s, other, percent, read_to(state)) for s in lookers)
                where = placed({s.name: s.at for s in own}, seen)
                found.append(Contact(state.turn, other.name, other.title, other.side, other.course, seen, where))
        log: Log = knowledge[seat]
        if lost:
            now, told_sunk = {c.ship for c in found}, log.sunk()
            for before in log.latest(state.turn - 1):
                if before.ship not in now and before.ship not in told_sunk:
                    reports.append(ContactLost(turn=state.turn, phase=state.phase, audience=frozenset({seat}),
                                               ship=before.ship, title=before.title,
                                               why=why_lost(state, own, before)))
        knowledge[seat] = evolve(log, contacts=(*log.contacts, *found))
    return knowledge, reports


def why_lost(state: GameState, own: list[Ship], before: Contact) -> str:
    """Why the seat's ships lost sight of a ship, as they would have watched it happen."""
    board: Board = state.board
    target = board.ship(before.ship)
    if target.sunk or not own:
        return "lost"
    land = load_scenario(state.scenario).land
    lookers = [s for s in own if s.name in before.seen_by] or own
    found = set()
    for s in lookers:
        if any(crosses_between(s.at, target.at, line) for line in board.smoke):
            found.add("smoke")
        elif any(crosses_path(s.at, target.at, (*coast, coast[0])) for coast in land):
            found.add("land")
        elif blocked(s, target, board.ships, ship_classes(), (), ()):
            found.add("ship")
        elif not within(s.at, target.at, reach(state, target) * 10):
            found.add("dark" if state.options.get("night") else "visibility")
    return next((why for why in ("smoke", "land", "ship", "dark", "visibility") if why in found), "lost")


def shown_smoke(state: GameState, seat: str) -> list[list[list[int]]]:
    """The smoke lines the seat's ships see, as they judge them: their own exactly; another's laid
    with its range from the nearest of the seat's ships misjudged as that ship's range is (so it
    ends where the seat puts her), but exactly within a nautical mile of its ships (4.9)."""
    board: Board = state.board
    own = [board.ship(n) for n in board.seats[seat] if not board.ship(n).sunk]
    sight = visibility(state) * 10
    shown = []
    for line, layer in zip(board.smoke, board.smoke_laid_by):
        if not any(within(s.at, p, sight) for s in own for p in line):
            continue
        if layer in board.seats[seat]:
            shown.append([list(p) for p in line])
            continue
        percent = misjudged(state, seat, layer)
        nearest = min(own, key=lambda s: (distance(s.at, line[-1]), s.name))
        shown.append([list(p) if any(within(s.at, p, NAUTICAL_MILE) for s in own)
                      else list(offset(nearest.at, read_bearing(nearest.at, p, read_to(state)),
                                       judged(distance(nearest.at, p), percent)))
                      for p in line])
    return shown


def contact_map(c: Contact) -> dict[str, Any]:
    """A contact as the seat's view gives it."""
    return {"ship": c.ship, "title": c.title, "side": c.side, "course": c.course, "at": list(c.at),
            "seen_by": list(c.seen_by),
            "sightings": [{"by": s.by, "bearing": s.bearing, "range": s.range, "exact": s.exact} for s in c.sightings]}


__all__ = ["JUDGED", "contact_map", "judged", "misjudged", "shown_smoke", "take", "why_lost"]

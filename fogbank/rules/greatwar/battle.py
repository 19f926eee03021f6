"""A battle after contact and what follows it: the result carried back to the zone map, each
seat's report, and pursuit (the base game's, designed; strategic rule 8 for escorts).

The battle itself is fought in `tactical` (the variant's advanced tactical rules on an area
board); this module is the hand-over between the operational turn and that board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Mapping

import attrs

from fogbank.rules.core import Event, Modifier
from fogbank.rules.core.copies import evolve

from .board import Fleet
from .tactical import Outcome, fight
from .tactical.areas import Tactics
from .tactical.gunfire import combined
from .tactical.report import side_report, umpire_record

if TYPE_CHECKING:
    from .turn import Turn

__all__ = ["Outcome", "fight", "combined", "aftermath", "Fought"]
PURSUITS = {True: 2, False: 1}  # pursuits after one battle, by day and by night (designed)


@attrs.frozen(kw_only=True)
class Fought(Event):
    """A battle as the seats of one side saw it (tactical.report), or, told to no seat, the
    umpire's whole record. A plain event like the side's news: each seat keeps its report in its
    intel and its view shows it, so nothing is streamed to a seat on its own."""

    kind: ClassVar[str] = "battle"
    phase: str = ""
    zone: str
    report: Mapping[str, object]
    zone_name: str = ""  # the zone as the map prints it, for the record in words


def aftermath(t: "Turn", zone: str, fleets: dict[str, list[Fleet]], result: Outcome, day: bool, key: str,
              pursuit: bool = False) -> set[str]:
    """Carry `result` onto the zone map, tell each seat its report, then pursue while the side
    that did not break off will and can. Returns the fleets whose stand let their mission go on."""
    stood = _carry(t, zone, fleets, result, day, pursuit)
    number = 0
    while result.broke_off and number < PURSUITS[day]:
        number += 1
        fled = result.broke_off
        chaser = next(s for s in fleets if s != fled)
        live = {s: [t.board.fleet(f.id) for f in fleets[s] if t.board.fleet(f.id) is not None] for s in fleets}
        hunters = [f for f in live[chaser] if Tactics.of_fleet(f).posture == "close" and not f.returning]
        if not hunters or not live[fled]:
            break
        left_behind = [f for f in live[chaser] if f not in hunters]
        escorts = [f for f in hunters if f.mission == "escort" and left_behind]  # strategic rule 8
        ships = sum(len(f.ships) for f in hunters + live[fled])
        roll = t.roller.roll(f"{key}/pursuit{number}", "contact by day" if day else "contact by night",
                             modifiers=[Modifier("ships in the zone", ships // 4)])
        if roll.outcome != "contact":
            t.record(f"Pursuit in {t.s.zones[zone].name}: {t.title(chaser)} loses touch.")
            for f in escorts:
                t.put(evolve(t.board.fleet(f.id), returning=True))
                t.news(chaser, f"{f.name} lost the enemy it left its charges to chase, and aborts (escort pursuit).", f.id)
            break
        fleets = {chaser: hunters, fled: live[fled]}
        result = fight(t.board, t.s, t.roller, zone, fleets, day, f"{key}/pursuit{number}", pursuit=True, initiative=chaser)
        stood |= _carry(t, zone, fleets, result, day, True)
    return stood


def _carry(t: "Turn", zone: str, fleets: dict[str, list[Fleet]], result: Outcome, day: bool, pursuit: bool) -> set[str]:
    t.board = evolve(t.board, ships=result.ships)
    for fid in result.leaders_lost:
        t.put(evolve(t.board.fleet(fid), leader=False))
    where = t.s.zones[zone].name
    t.record(f"Battle in {where}" + (" (pursuit)" if pursuit else "") + ": " + "; ".join(result.log))
    record = {**umpire_record(result, zone, day, pursuit), "turn": t.state.turn}
    t.board = evolve(t.board, battles=(*(b for b in t.board.battles if b["turn"] == t.state.turn), record))
    t.events.append(Fought(turn=t.state.turn, phase=t.state.phase, zone=zone, report=record, zone_name=where))
    for side in sorted(fleets):
        enemy = next(x for x in fleets if x != side)
        seen = set(result.seen.get(side, ()))
        lost = [n for f in fleets[enemy] for n in f.ships if n in result.sunk and n in seen]
        text = ("the enemy stood and was left alone" if result.stood else
                "the enemy broke off" if result.broke_off == enemy else
                "we broke off" if result.broke_off == side else "the battle ended")
        text += "; sunk: " + ", ".join(lost) if lost else "; no enemy ship seen sunk"
        ours = [n for f in fleets[side] for n in f.ships if n in result.sunk]
        text += "; we lost: " + ", ".join(ours) if ours else ""
        seats = frozenset(f.seat for f in fleets[side])
        report = {**side_report(result, side, zone, day, pursuit, text), "turn": t.state.turn}
        for seat in sorted(seats):
            intel = t.intel[seat]
            t.intel[seat] = evolve(intel, battles=(*intel.battles, report))
        t.events.append(Fought(turn=t.state.turn, phase=t.state.phase, audience=seats, zone=zone, report=report,
                              zone_name=where))
        for f in fleets[enemy]:
            saw = tuple(n for n in f.ships if n in seen)
            if saw:  # only the enemy ships that came within sight are told, by name
                t.tell(seats, evolve(f, ships=saw), "battle", zone, ships=True, text=text)
    t.clear_sunk("in battle")
    return {f.id for s in fleets for f in fleets[s]} if result.stood else set()

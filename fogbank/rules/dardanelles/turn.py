"""One hour of the Dardanelles game, resolved in the order the umpire's notes are read.

1. Torpedoes are fired (from the level the boat begins the hour at, at ranges from where it is).
2. The level changes (each step a square of movement), then the boat moves square by square,
   leg by leg; every minefield square entered is rolled for, a row at a time.
3. Inside the tidal limit the tide carries the boat one square (a minefield drifted into is
   rolled for too).
4. Surface and periscope boats in the searchlight area are looked for from the shore; a boat
   found within battery range comes under fire.
5. The boat looks (surface, periscope) or listens (submerged, bottom) for the vessels, where no
   land lies between.
6. A fix, if ordered, is taken on a charted landmark in sight.
7. Air, battery and torpedo reloads are counted for the hour.
8. The clock moves on an hour and the scenario's results are checked.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Iterable

import attrs
from fogbank.rules.core import Event, GameState, Modifier, Outcome, Resolution, Roller
from fogbank.rules.core.copies import evolve

from . import events as ev
from .contacts import Contact, Fidelity
from .events import BRITISH
from .board import Board, BoatLog, Report
from .chart import Square, bearing, compass_point, distance, square_name
from .describe import describe, facts
from .events import SUBMARINE, TOLD
from .scenario import Scenario
from .tables import (
    BOTTOM_MINES,
    FIX_OBSERVERS,
    HYDROPHONE,
    MINEFIELD_SUBMERGED,
    MINEFIELD_SURFACE,
    NIGHT_BATTERY,
    OBSERVERS_DAY,
    PERISCOPE_ASHORE,
    PERISCOPE_MINES,
    RANGE_2,
    RANGE_3,
    SEARCHLIGHT_NIGHT,
    SHORE_BATTERY,
    TORPEDO,
    VISION,
    Table,
)
from .units import (
    AIR_FULL,
    AIR_PER_SURFACED_HOUR,
    BATTERY_FULL,
    BATTERY_PER_SURFACED_HOUR,
    HYDROPHONE_RANGE,
    NIGHT_HOURS,
    RELOAD_TURNS,
    TORPEDO_RANGE,
    TRACK_HOLD,
    VISION_DAY,
    VISION_NIGHT,
    Boat,
    Level,
    Order,
)

_SEVERITY = {"untold": 0, "told": 1, "sunk": 2}
_THEN = {"X": "now get out", "M": "now make for the Marmara"}


# The boat's fields, for the hour's working copy: attrs.asdict cost more than the rest of the
# copy, run every turn (it reads the class's fields and filters anew each call).
_BOAT_FIELDS = tuple(field.name for field in attrs.fields(Boat))


def is_night(scenario: Scenario, turn: int) -> bool:
    return (scenario.start_hour + turn - 1) % 24 in NIGHT_HOURS


class _Hour:
    """The working copy of one turn's resolution. Lives only inside `resolve`."""

    def __init__(self, state: GameState, scenario: Scenario) -> None:
        board: Board = state.board
        self.scenario = scenario
        self.chart = scenario.chart
        self.turn = state.turn
        self.night = is_night(scenario, state.turn)
        self.roller = Roller(state.dice, state.turn)
        # A working copy, changed in place during the hour and frozen again at its end.
        self.boat = SimpleNamespace(**{name: getattr(board.boat, name) for name in _BOAT_FIELDS})
        self.vessels = {v.number: v for v in board.vessels}
        self.board = board
        self.log: BoatLog = state.knowledge[SUBMARINE]
        self.events: list[Event] = []
        self.contacts: list[tuple[Contact, int, str]] = []  # (contact, vessel number, sensor)
        self.fired = False

    # Dice and events.

    def roll(self, key: str, table: Table, modifiers: Iterable[Modifier] = ()) -> str:
        return self.roller.roll(key, table.name, table.dice, modifiers, read=table.read).outcome

    def tell(self, event_class: type[Event], **fields) -> None:
        self.events.append(event_class(turn=self.turn, audience=TOLD, **fields))

    def note(self, event_class: type[Event], **fields) -> None:
        """An event for the umpire alone."""
        self.events.append(event_class(turn=self.turn, **fields))

    def sink_boat(self) -> None:
        self.boat.afloat = False

    # The steps of the hour.

    def fire(self, order: Order) -> None:
        fire = order.fire
        if fire is None or not self.boat.level.sees or self.boat.loaded < fire.torpedoes:
            return
        vessel_number = self.board.contact_vessels.get(fire.target)
        sunk_before = {v.number for v in self.vessels.values() if v.sunk}
        for shot in range(fire.torpedoes):
            vessel = self.vessels.get(vessel_number) if vessel_number is not None else None
            on_line = vessel is not None and self._on_line(vessel.square, fire.direction.degrees)
            if on_line and vessel.sunk:
                # The crew saw her go: a torpedo on her line runs on past, and they are told so.
                past = "wreck" if vessel.number in sunk_before else "sinking"
                self.tell(ev.TorpedoFired, target=fire.target, direction=fire.direction.value, hit=False, past=past)
                continue
            hit = False
            if on_line:
                rng = distance(self.boat.square, vessel.square)
                mods = [Modifier("range 3 squares", RANGE_3)] if rng == 3 else []
                mods += [Modifier("range 2 squares", RANGE_2)] if rng == 2 else []
                hit = self.roll(f"torpedo/{shot}", TORPEDO, mods) == "hit"
            if not hit:
                self.tell(ev.TorpedoFired, target=fire.target, direction=fire.direction.value, hit=False)
                continue
            self.vessels[vessel.number] = evolve(vessel, sunk=True, sunk_turn=self.turn)
            self.note(ev.VesselSunk, vessel=vessel.number, square=square_name(vessel.square))
            targets = self.scenario.victory.sink
            done = vessel.number in targets and self._targets_sunk()
            self.tell(
                ev.TorpedoFired,
                target=fire.target,
                direction=fire.direction.value,
                hit=True,
                sunk=vessel.name or f"a {vessel.type.words}",
                then=_THEN.get(self.scenario.victory.reach, "now get home") if done else "",
            )
        self.boat.loaded -= fire.torpedoes
        self.fired = True

    def _targets_sunk(self) -> bool:
        # A target the umpire removed from the game can no longer be sunk: it does not count as sunk.
        # Nor does one sunk after the scenario's hour for it (her guns had done their harm by then).
        last = self.scenario.victory.sink_by
        return all(
            n in self.vessels and self.vessels[n].sunk and (last is None or self.vessels[n].sunk_turn <= last)
            for n in self.scenario.victory.sink
        )

    def _too_late(self) -> bool:
        """Whether the hour for the targets is past with them not all sunk in it."""
        victory = self.scenario.victory
        return victory.sink_by is not None and self.turn >= victory.sink_by and not self._targets_sunk()

    def _on_line(self, target: Square, degrees: int) -> bool:
        """Within torpedo range, and inside the 45-degree sector of the direction fired."""
        rng = distance(self.boat.square, target)
        if rng > TORPEDO_RANGE:
            return False
        if rng == 0:
            return True
        off = abs((bearing(self.boat.square, target) - degrees + 180) % 360 - 180)
        return off <= 22.5

    def move(self, order: Order) -> tuple[int, ...]:
        """Change level, then move leg by leg; returns the squares made good on each leg.

        Every square of movement below the surface (a level step that does not end on the surface,
        or a square moved) takes a battery unit; one due when the battery is flat loses the boat.
        """
        start, end = self.boat.level, order.level
        step = 1 if end.depth > start.depth else -1
        if start is not end:
            for depth in range(start.depth + step, end.depth + step, step):
                if depth > 0 and not self.spend_battery():
                    return ()
        self.boat.level = end
        square, made, path = self.boat.square, [], []
        first_event = len(self.events)  # the move goes in the record before what it ran into
        stopped = False
        for number, leg in enumerate(order.legs):
            made.append(0)
            dx, dy = leg.course.step
            for square_number in range(leg.speed if not stopped else 0):
                ahead = (square[0] + dx, square[1] + dy)
                if not self.chart.on_chart(ahead):
                    self.tell(ev.ChartEdge, made=sum(made), ordered=order.speed)
                    stopped = True
                    break
                if ahead not in self.chart.sea:
                    self.tell(ev.Grounded, made=sum(made), ordered=order.speed)
                    stopped = True
                    break
                if end is not Level.SURFACE and not self.spend_battery():
                    stopped = True
                    break
                square = ahead
                made[-1] += 1
                path.append(square_name(square))
                self.boat.square = square
                when = f"leg{square_number}" if number == 0 else f"leg{number}.{square_number}"
                if square in self.board.minefields and not self.mines(square, when):
                    stopped = True
                    break
        moved = ev.BoatMoved(turn=self.turn, path=tuple(path), level=end)
        self.events.insert(first_event, moved)
        return tuple(made)

    def spend_battery(self) -> bool:
        """A unit of battery for a square of movement below the surface; False if the boat is lost."""
        if self.boat.battery <= 0:
            self.tell(ev.BatteryExhausted)
            self.sink_boat()
            return False
        self.boat.battery -= 1
        return True

    def mines(self, square: Square, when: str) -> bool:
        """Roll for each row of mines in the square; False if the boat is sunk."""
        level = self.boat.level
        if level.sees:
            table = MINEFIELD_SURFACE
            mods = [Modifier("at periscope level", PERISCOPE_MINES)] if level is Level.PERISCOPE else []
        else:
            table = MINEFIELD_SUBMERGED
            mods = [Modifier("at bottom level", BOTTOM_MINES)] if level is Level.BOTTOM else []
        worst = "untold"
        for row in range(self.board.minefields[square]):
            outcome = self.roll(f"mines/{when}/{row}", table, mods)
            worst = max(worst, outcome, key=_SEVERITY.__getitem__)
        self.note(
            ev.MinefieldEntered, square=square_name(square), rows=self.board.minefields[square], result=worst
        )
        if worst == "sunk":
            self.tell(ev.MineStruck)
            self.sink_boat()
        elif worst == "told":
            self.tell(ev.MinefieldNoticed, level=level)
        return self.boat.afloat

    def drift(self) -> None:
        origin = self.boat.square
        target = self.chart.drift(origin, toward_mouth=self.boat.level.sees)
        if target is None:
            if origin in self.chart.tide:  # inside the tidal limit: the bank holds her, and she feels it
                last_hour = (r for r in self.log.reports[-8:] if r.turn == self.turn - 1)
                again = any(r.kind == ev.DriftHeld.kind for r in last_hour)
                self.tell(ev.DriftHeld, level=self.boat.level, again=again)
            return
        self.boat.square = target
        self.note(ev.BoatDrifted, origin=square_name(origin), square=square_name(target))
        if target in self.board.minefields:
            self.mines(target, "drift")

    def shore(self, order: Order) -> None:
        """Artillery observers by day, searchlights by night; then the batteries, if in range."""
        square, level = self.boat.square, self.boat.level
        if not level.sees or square not in self.chart.searchlight:
            return
        periscope = [Modifier("at periscope level", PERISCOPE_ASHORE)] if level is Level.PERISCOPE else []
        if self.night:
            found = self.roll("searchlight", SEARCHLIGHT_NIGHT, periscope) == "found"
            self.tell(ev.CaughtBySearchlight if found else ev.SearchlightsSweeping)
        else:
            fixing = [Modifier("taking a fix", FIX_OBSERVERS)] if order.fix else []
            found = self.roll("observers", OBSERVERS_DAY, periscope + fixing) == "seen"
        if not found:
            return
        in_range = square in self.chart.batteries
        self.note(ev.SpottedFromShore, square=square_name(square), under_fire=in_range)
        if not in_range:
            return
        night = [Modifier("night", NIGHT_BATTERY)] if self.night else []
        if self.roll("shore_battery", SHORE_BATTERY, periscope + night) == "sunk":
            self.tell(ev.SunkByBattery)
            self.sink_boat()
        else:
            self.tell(ev.ShellSplashes)

    def sense(self) -> None:
        """Look or listen for every vessel in range with no land between; one die each."""
        here, level = self.boat.square, self.boat.level
        if level.sees:
            reach, table, sensor = (VISION_NIGHT if self.night else VISION_DAY), VISION, "vision"
        else:
            reach, table, sensor = HYDROPHONE_RANGE, HYDROPHONE, "hydrophone"
        found = []
        for number in sorted(self.vessels):
            vessel = self.vessels[number]
            if vessel.sunk or distance(here, vessel.square) > reach:
                continue
            if not self.chart.clear_line(here, vessel.square):
                continue  # the land between hides it, and muffles it
            if self.roll(f"{sensor}/{number}", table) in ("seen", "heard"):
                found.append(vessel)
        # New contacts are numbered in an order the crew could have chosen (bearing, then
        # distance), so the list does not betray the umpire's numbering of the vessels.
        found.sort(key=lambda v: (bearing(here, v.square), distance(here, v.square), v.type.value))
        tracked = self._tracked()
        next_number = max((c.number for c in self.log.contacts), default=0) + 1
        heard = []
        for vessel in found:
            number = tracked.get(vessel.number)
            if number is None:
                number, next_number = next_number, next_number + 1
            point, degrees = compass_point(here, vessel.square)
            if level.sees:
                contact = Contact(
                    number=number,
                    turn=self.turn,
                    fidelity=Fidelity.SILHOUETTE,
                    bearing=degrees,
                    point=point,
                    distance=distance(here, vessel.square),
                    silhouette=vessel.type.value,
                )
                self.tell(ev.Sighted, contact=contact)
            else:
                contact = Contact(number=number, turn=self.turn, fidelity=Fidelity.BEARING, bearing=degrees, point=point)
                heard.append(contact)
            self.note(ev.VesselReported, contact=contact.number, vessel=vessel.number, sensor=sensor)
            self.contacts.append((contact, vessel.number, sensor))
        if heard:
            self.tell(ev.Heard, contacts=tuple(heard))

    def _tracked(self) -> dict[int, int]:
        """Vessel -> the contact number it is tracked under: vessels reported in the last
        TRACK_HOLD turns keep their number."""
        last: dict[int, int] = {}
        for contact in self.log.contacts:
            last[contact.number] = contact.turn
        held = sorted(
            (turn, number) for number, turn in last.items() if turn >= self.turn - TRACK_HOLD
        )
        return {self.board.contact_vessels[number]: number for _, number in held if number in self.board.contact_vessels}

    def fix(self, order: Order) -> Square | None:
        """The square a fix on a landmark in sight gives, or None (no fix ordered, or none taken)."""
        if not order.fix or self.night or not self.boat.level.sees:
            return None
        here = self.boat.square
        in_sight = [p for p in self.chart.places if p.landmark and distance(here, p.square) <= VISION_DAY]
        if not in_sight:
            self.tell(ev.NoFix)
            return None
        landmark = min(in_sight, key=lambda p: (distance(here, p.square), p.name))
        self.tell(ev.Fixed, square=square_name(here), landmark=landmark.name)
        return here

    def supplies(self) -> None:
        """Air and battery for the hour, and the reload of empty tubes on the surface."""
        boat = self.boat
        if boat.level is Level.SURFACE:
            air = min(AIR_FULL, boat.air + AIR_PER_SURFACED_HOUR)
            battery = min(BATTERY_FULL, boat.battery + BATTERY_PER_SURFACED_HOUR)
            loaded, spare, progress = boat.loaded, boat.spare, boat.reload_progress
            if self.fired:  # the firing hour does not count toward the reload
                progress = 0
            elif loaded < boat.tubes and spare > 0:
                progress += 1
                if progress >= RELOAD_TURNS:
                    count = min(boat.tubes - loaded, spare)
                    loaded, spare, progress = loaded + count, spare - count, 0
                    self.tell(ev.Reloaded, torpedoes=count)
            boat.air, boat.battery, boat.loaded, boat.spare = air, battery, loaded, spare
            boat.reload_progress = progress
            return
        boat.reload_progress = 0  # the reload needs consecutive surfaced hours
        if boat.air <= 0:
            self.tell(ev.AirExhausted)
            self.sink_boat()
            return
        boat.air -= 1

    def outcome(self) -> Outcome | None:
        """The scenario's result once the boat is lost, the mission is done, the boat has come
        home, or time is up."""
        victory = self.scenario.victory
        targets_sunk = self._targets_sunk()
        home = self.chart.zones.get(self.boat.square) == victory.reach
        done = targets_sunk or self._too_late()  # nothing left that counts, once home
        # Back out of the Straits: a boat that sailed from the zone she must come back to (B11)
        # has ended her patrol once she is in it again, sunk or not (decisions.md).
        zones = [self.chart.zones.get(sq) for sq in self.board.track]
        came_home = home and zones[0] == victory.reach and any(zone != victory.reach for zone in zones)
        only_the_clock = self.boat.afloat and not (home and (done or came_home))
        if only_the_clock and self.turn < self.scenario.turn_limit:
            return None
        boat = "lost" if not self.boat.afloat else "home" if home else "afloat"
        sank = sum(1 for v in self.vessels.values() if v.sunk)
        grade = victory.grade(targets_sunk, boat, sank)
        reason = grade.reason.format(boat=self.boat.name, sank=_vessels(sank))
        if only_the_clock:  # the turn limit ended it: say so
            reason = f"Time is up: turn {self.scenario.turn_limit} was the last. {reason}"
        return Outcome({BRITISH: grade.result}, reason)


def _vessels(count: int) -> str:
    return f"{count} vessel{'s' if count != 1 else ''}"


def resolve(state: GameState, scenario: Scenario, order: Order) -> Resolution:
    hour = _Hour(state, scenario)
    hour.fire(order)
    made = hour.move(order) if hour.boat.afloat else ()
    fixed = None
    for step in (hour.drift, lambda: hour.shore(order), hour.sense):
        if not hour.boat.afloat:
            break
        step()
    if hour.boat.afloat:
        fixed = hour.fix(order)
        hour.supplies()
    outcome = hour.outcome()
    board = evolve(
        hour.board,
        boat=Boat(**vars(hour.boat)),
        vessels=tuple(hour.vessels[n] for n in sorted(hour.vessels)),
        track=(*hour.board.track, hour.boat.square),
        contact_vessels={**hour.board.contact_vessels, **{c.number: n for c, n, _ in hour.contacts}},
    )
    log = _crew_log(hour, order, made, fixed)
    next_state = evolve(
        state,
        dice=hour.roller.dice,
        board=board,
        knowledge={**state.knowledge, SUBMARINE: log},
        outcome=outcome,
    )
    return Resolution(next_state, tuple(hour.events), tuple(hour.roller.rolls))


def _crew_log(hour: _Hour, order: Order, made: tuple[int, ...], fixed: Square | None) -> BoatLog:
    """The crew's log after the hour: their gauges, their plot, and what they were told.

    The plot starts from where the crew set it by hand, if they did, and follows the legs for
    the squares made good on each; a fix puts it on the true square.
    """
    boat, log = hour.boat, hour.log
    plotted, track = log.plotted, log.track
    if order.plot is not None:
        # The crew's word on where the boat was as the hour began: the last turn's square of
        # their track is corrected too, so the contacts reported from it are plotted from it.
        plotted, track = order.plot, (*track[:-1], order.plot)
    for leg, squares in zip(order.legs, made):
        dx, dy = leg.course.step
        plotted = (plotted[0] + dx * squares, plotted[1] + dy * squares)
    if fixed is not None:
        plotted = fixed
    told = [e for e in hour.events if SUBMARINE in e.audience]
    reports = tuple(_report(hour.turn, e) for e in told)
    return evolve(
        log,
        level=boat.level,
        air=boat.air,
        battery=boat.battery,
        tubes=boat.tubes,
        loaded=boat.loaded,
        spare=boat.spare,
        reload_progress=boat.reload_progress,
        afloat=boat.afloat,
        plotted=plotted,
        track=(*track, plotted),
        contacts=(*log.contacts, *(c for c, _, _ in hour.contacts)),
        reports=(*log.reports, *reports),
    )


def _report(turn: int, event: Event) -> Report:
    contacts = getattr(event, "contacts", None) or ((event.contact,) if hasattr(event, "contact") else ())
    return Report(
        turn=turn,
        kind=event.kind,
        text=describe(event),
        contact=contacts[0] if contacts else None,
        contacts=tuple(contacts),
        facts=facts(event),
    )

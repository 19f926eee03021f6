"""Great War at Sea, operational, wired to the core's interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


from fogbank.rules.core import (
    UMPIRE, Dice, Event, GameState, Option, OverrideApplied, Plot, Refused, Resolution, Ruleset, Seat, fields, register,
)
from fogbank.rules.core.copies import evolve
from fogbank.rules.core.scenarios import Checked

from . import handoff, measures, missions, movement, orders, plotting, turn, views
from .board import Board, Fleet, Intel, Ship, density
from .bot import Admiral
from .events import describe
from .scenario import load_scenario, read_scenario, scenario_ids
from .tables import reader

ERROR_CODES = {
    "bad_order": "The order is not a map of fleets to plots.",
    "bad_mission": "The mission is not one of the seven, or the fleet lacks the ship it needs.",
    "bad_path": "A path is a list of zone ids.",
    "bad_tactics": "A fleet's tactics name a posture, smoke, break-off share, torpedoes or target it cannot take.",
    "not_your_fleet": "The seat commands no such fleet.",
    "mission_fixed": "A fleet at sea keeps the mission it sailed on (changed only in an own base, or by This Just In).",
    "bad_escort": "An escort names a fleet of its side in its zone on transport, lay mines or bombard, and no path.",
    "bad_mines": "A fleet laying mines names a coastal zone, not one of its side's bases, to mine.",
    "barred": "The zone is closed to the side's ships.",
    "returning": "The fleet is returning to port and takes no orders.",
    "plotted_ahead": "The fleet sails on plots made on an earlier turn.",
    "plot_ahead": "The fleet must plot a given number of turns now.",
    "held": "Danger ahead: the fleet cannot move this turn.",
    "too_far": "More zones than the fleet's speed (or fuel) allows.",
    "unknown_zone": "No such zone on the map.",
    "not_adjacent": "The next zone of a path does not border the last.",
    "unknown_seat": "No such seat.",
    "bad_choice": "A choice field (intelligence, seaplanes, repair) is not of the form payloads.md gives.",
    "no_choice": "The rules give this seat no such choice now (not its fleet, base, track or ship).",
    "bad_override": "Not an override this game takes.",
}


def _disclosed(scenario, minefields, side: str) -> dict[str, str]:
    """Advanced strategic rule 7: the enemy's starting fields within 2 zones of a base or beside
    a Turkish Straits zone, told in words."""
    told = {}
    for (zone, owner), fields in minefields.items():
        if owner == side:
            continue
        near_base = any(scenario.distances[zone][b.id] <= 2 for b in scenario.zones.values() if b.base)
        beside_straits = any(zone == s or zone in scenario.zones[s].adjacent for s in scenario.straits)
        if near_base or beside_straits:
            told[zone] = density(fields)
    return told


@register
class GreatWar(Ruleset):
    name = "greatwar"
    title = "Great War at Sea: operations on a zone map"
    phases = ("orders", "move", "contact")  # the next turn's events close the contact phase

    def scenarios(self):
        return scenario_ids()

    def check_scenario(self, text, source, beside):
        s = read_scenario(text, source)  # the zone map is the scenario's own
        return Checked(title=s.title, seats=tuple(Seat(n, side, title) for n, side, title in s.seats),
                       side_titles={side: given["title"] for side, given in s.sides.items()}, turns=s.turns,
                       notes=(f"{len(s.zones)} zones, {len(s.fleets)} fleets",))

    def options(self, scenario):
        battles = load_scenario(scenario).battles
        if len(battles) < 2:
            return {}
        return {"battles": Option(default="board", choices=battles,
                                  help="board: battles on the area board; hex: each handed to the surface hex game")}

    def engagements(self, state):
        return handoff.engagements(state)

    def settle_engagement(self, state, engagement, result):
        return handoff.settle(turn.Turn(state, load_scenario(state.scenario)), engagement, result, missions.finish_contact)

    def new_game(self, scenario, seed, options=None):
        s = load_scenario(scenario)
        seats = {name: side for name, side, _ in s.seats}
        fleets = tuple(
            Fleet(id=f.id, name=f.name, side=seats[f.seat], seat=f.seat, zone=f.zone, mission=f.mission,
                  ships=f.ships, leader=f.leader)
            for f in s.fleets
        )
        ships = {n: Ship(n, seats[f.seat]) for f in s.fleets for n in f.ships}
        minefields = {(z, side): n for z, side, n in s.minefields}
        knowledge = {name: Intel(plot=Plot(owner=name), minefields=_disclosed(s, minefields, side)) for name, side in seats.items()}
        board = Board(ships=ships, fleets=fleets, minefields=minefields, batteries={}, points={x: 0 for x in s.sides})
        return GameState(ruleset=self.name, scenario=s.id, turn=1, dice=Dice(seed), board=board, knowledge=knowledge)

    def seats(self, state):
        return tuple(Seat(n, side, title) for n, side, title in load_scenario(state.scenario).seats)

    def side_titles(self, state):
        return {side: given["title"] for side, given in load_scenario(state.scenario).sides.items()}

    def seats_to_act(self, state):
        if state.phase != "orders":
            return frozenset()
        return frozenset(f.seat for f in state.board.fleets)

    def friends_to_act(self, view):
        """A side keeps one picture of its own fleets: every seat with a fleet orders each turn."""
        return {f["seat"] for f in view["fleets"]} if view["phase"] == "orders" else ()

    def parse_order(self, seat, payload):
        return orders.parse_order(payload)

    def unparse_order(self, order):
        return {**order, "fleets": {k: dict(v) for k, v in order["fleets"].items()}}

    def check_order(self, state, seat, order):
        orders.check_order(state, load_scenario(state.scenario), seat, order)

    def standing_order(self, state, seat):
        return {"fleets": {}}  # every fleet keeps its mission and stays where it is

    def resolve(self, state, orders_in):
        s = load_scenario(state.scenario)
        if state.phase == "orders":
            return plotting.orders_phase(state, s, orders_in)
        if state.phase == "move":
            return movement.move_phase(state, s)
        return movement.contact_phase(state, s)

    def observe(self, state, seat, since=None):
        s = load_scenario(state.scenario)
        if seat == UMPIRE:
            return views.umpire_view(state, s)
        if seat not in state.knowledge:
            raise Refused("unknown_seat", f"There is no seat called {seat!r} in this game.")
        return views.seat_view(state, s, seat, since)

    def chart(self, state, seat):
        s = load_scenario(state.scenario)
        return views.chart_view(s, s.side_of(seat) if seat in state.knowledge else None)

    def briefing(self, state, seat):
        s = load_scenario(state.scenario)
        return {"title": s.title, "briefing": s.briefing, "turns": s.turns}

    def parse_override(self, payload):
        kinds = "An override is {kind: report, seat, fleet, zone, ...} or {kind: move, fleet, zone}."
        override = fields.keyed(payload, "bad_override", kinds)
        fields.chosen(override.get("kind"), ("report", "move"), "bad_override", kinds)
        for key in ("fleet", "zone"):
            fields.text(override.get(key), "bad_override", "An override names a fleet and a zone.")
        if override["kind"] == "report":
            told = "A report names the seat it goes to, and a next zone or none."
            fields.text(override.get("seat"), "bad_override", told)
            if override.get("next_zone") is not None:
                fields.text(override["next_zone"], "bad_override", told)
        return override

    def apply_override(self, state, override, reason):
        s = load_scenario(state.scenario)
        board: Board = state.board
        fleet = board.fleet(override["fleet"])
        if fleet is None or override["zone"] not in s.zones:
            raise Refused("bad_override", "No such fleet or zone.")
        audit = OverrideApplied(turn=state.turn, what=f"{override['kind']} {fleet.id} {override['zone']}", reason=reason)
        if override["kind"] == "move":
            t = turn.Turn(state, s)
            t.put(evolve(fleet, zone=override["zone"]))
            moved = t.board.fleet(fleet.id)
            t.put(evolve(moved, ahead=plotting.ahead_from_here(t, moved)))  # its plots ahead lead on from there
            return Resolution(evolve(state, board=t.board), (audit,))
        seat, next_zone = override.get("seat"), override.get("next_zone") or None
        if next_zone is not None and next_zone not in s.zones:
            raise Refused("bad_override", "No such next zone.")
        if seat not in state.knowledge or s.side_of(seat) == fleet.side:
            raise Refused("bad_override", "A report goes to a seat of the other side.")
        t = turn.Turn(state, s)
        t.tell({seat}, evolve(fleet, zone=override["zone"]), "umpire", override["zone"],
               ships=bool(override.get("ships")), next_zone=next_zone, text=str(override.get("text", "")))
        resolution = t.done()
        return evolve(resolution, events=(audit, *resolution.events))

    def bot(self, scenario, seat, chart):
        return Admiral(chart, seat)

    def error_codes(self):
        return ERROR_CODES

    def rules_offered(self, scenario, options):
        return measures.rules_offered(options)

    def rules_used(self, record):
        return measures.rules_used(record)

    def tally(self, state):
        return measures.tally(state, load_scenario(state.scenario))

    def table_reader(self, table):
        return reader(table)

    def describe(self, event: Event) -> str:
        if event.kind == "battle":  # the board itself is drawn by the client's battle.js
            report = event.report
            return f"Battle in {event.zone_name or event.zone}" + (" (pursuit)" if report.get("pursuit") else "") + (
                f": {report['result']}" if report.get("result") else f": {len(report.get('steps', ()))} steps, the whole record")
        return describe(event) if event.kind in ("news", "report", "record") else super().describe(event)

"""The Salvo ruleset, wired to the core's interface."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from fogbank.rules.core import (
    UMPIRE, Dice, Engagement, EngagementResult, Event, GameState, Option, Refused, Resolution, Ruleset, Seat, Tally, register,
)
from fogbank.rules.core.engagement import ENGAGEMENT_OPTION, engagement_from_plain
from fogbank.rules.core.scenarios import Checked

from . import acting, briefing, engagement, hexes, measures, orders, overrides, turn, views
from .board import Told
from .bot import Captain
from .errors import ERROR_CODES
from .scenario import Map, check, for_game, load_scenario, scenario_ids
from .tables import TABLES


@register
class Salvo(Ruleset):
    name = "salvo"
    title = "Salvo: surface actions on a hex map, with radar, dummies, smoke and random events"
    phases = turn.PHASES

    def scenarios(self) -> tuple[str, ...]:
        return scenario_ids()

    def check_scenario(self, text: str, source: str, beside: Callable[[str], str | None]) -> Checked:
        found = check(text, source, beside)
        if isinstance(found, Map):
            return Checked(title=found.name, kind="map",
                           notes=(f"{found.columns} columns by {found.rows} rows",))
        return Checked(title=found.title, seats=tuple(Seat(s.name, s.side, s.title) for s in found.seats),
                       side_titles=found.side_titles, turns=found.turns)

    def options(self, scenario: str) -> Mapping[str, Option]:
        s = load_scenario(scenario)
        found = {"fog": Option(default=s.fog, choices=("as_written", "double_blind"),
                               help="as written: every marker's place and speed shown; double blind: only what a side senses"),
                 "heavy_seas": Option(default=s.heavy_seas, choices=(False, True),
                                      help="NWS heavy seas: smoke blocks a line of sight only on a 1, partly on 2-3")}
        if s.zeppelins:
            found["zeppelins"] = Option(default=s.zeppelins_default, choices=(False, True),
                                        help="Salvo II's variant: 1-4 zeppelins on a die (5-6 none) scout, spot and bomb for the Germans")
        if s.victory_readings:
            found["victory"] = Option(default=s.victory_reading, choices=tuple(s.victory_readings),
                                      help=s.victory_help)
        for name, variant in s.variants.items():
            found[name] = Option(default=variant.default, choices=variant.choices, help=variant.help)
        return found

    def new_game(self, scenario: str, seed: bytes, options: Mapping[str, Any] | None = None) -> GameState:
        s = load_scenario(scenario)
        state = GameState(ruleset=self.name, scenario=s.id, turn=1, dice=Dice(seed), board=None, knowledge={},
                          options=dict(options or {}))
        return turn.new_state(state, _scenario(state))

    def fights(self, battle: Engagement) -> bool:
        """Any surface battle: every ship becomes a unit (docs/decisions.md, "Battles handed over")."""
        return True

    def new_engagement(self, battle: Engagement, seed: bytes) -> GameState:
        s = engagement.build(battle, seed)
        state = GameState(ruleset=self.name, scenario=s.id, turn=1, dice=Dice(seed), board=None, knowledge={})
        return turn.new_state(state, s)

    def engagement_result(self, state: GameState) -> EngagementResult | None:
        plain = state.options.get(ENGAGEMENT_OPTION)
        if plain is None or state.outcome is None:
            return None
        return engagement.result(state, engagement_from_plain(plain))

    def seats(self, state: GameState) -> tuple[Seat, ...]:
        return tuple(Seat(s.name, s.side, s.title) for s in load_scenario(state.scenario).seats)

    def side_titles(self, state: GameState) -> Mapping[str, str]:
        return dict(load_scenario(state.scenario).side_titles)

    def seats_to_act(self, state: GameState) -> frozenset[str]:
        """From the clock and each seat's own units only (`acting.acts`)."""
        s = load_scenario(state.scenario)
        board = state.board
        afloat: dict[str, list] = {}
        for u in board.units:
            if u.afloat:
                afloat.setdefault(u.seat, []).append(acting.facts(u))
        return frozenset(
            seat.name for seat in s.seats
            if acting.acts(state.phase, state.turn, s.night, seat.side == s.disadvantaged, seat.mines, afloat.get(seat.name, ()))
        )

    def friends_to_act(self, view: Mapping[str, Any]) -> Iterable[str]:
        return acting.friends_to_act(view)

    def nothing_to_order(self, view: Mapping[str, Any], chart: Mapping[str, Any]) -> bool:
        return acting.nothing_to_order(view)

    def parse_order(self, seat: str, payload: Mapping[str, Any]) -> dict[str, Any]:
        return orders.parse_order(payload)

    def unparse_order(self, order: Mapping[str, Any]) -> dict[str, Any]:
        return dict(order)

    def check_order(self, state: GameState, seat: str, order: Any) -> None:
        found = self.order_refusals(state, seat, order)
        if found:
            raise found[0]

    def order_refusals(self, state: GameState, seat: str, order: Any) -> list[Refused]:
        """Every rule the order breaks, from what the seat may know (its own view), all at once."""
        s = _scenario(state)
        if s.seat(seat) is None:
            return [Refused("not_your_unit", f"There is no seat {seat!r} in this game.")]
        return orders.refusals(state, s, seat, order)

    def standing_order(self, state: GameState, seat: str) -> dict[str, Any]:
        """Hold course and speed, fire at nothing; a minelayer's mines go in the first hexes it may use."""
        if state.phase == "sight_first" and state.turn == 1:
            s = load_scenario(state.scenario)
            spec = s.seat(seat)
            if spec.mines:
                return {"mines": _default_mines(s, spec.mines, orders.ships_known_at_start(state.board, state.knowledge[seat], seat))}
        return {}

    def resolve(self, state: GameState, orders_in: Mapping[str, Any]) -> Resolution:
        return turn.resolve(state, _scenario(state), orders_in)

    def observe(self, state: GameState, seat: str, since: int | None = None) -> Any:
        s = load_scenario(state.scenario)
        if seat == UMPIRE:
            return views.umpire_view(state, s)
        if s.seat(seat) is None:
            raise Refused("not_your_unit", f"There is no seat called {seat!r} in this game.")
        return views.seat_view(state, _scenario(state), seat, since)

    def chart(self, state: GameState, seat: str) -> dict[str, Any]:
        return views.chart_view(load_scenario(state.scenario))

    def briefing(self, state: GameState, seat: str) -> dict[str, Any]:
        return briefing.briefing(state, _scenario(state), seat)

    def parse_override(self, payload: Mapping[str, Any]) -> dict[str, Any]:
        return overrides.parse_override(payload)

    def apply_override(self, state: GameState, override: Any, reason: str) -> Resolution:
        return overrides.apply_override(state, load_scenario(state.scenario), override, reason)

    def bot(self, scenario: str, seat: str, chart: Mapping[str, Any]) -> Captain:
        """The standard captain, as the server seats it: the scenario's default options, no luck."""
        s = load_scenario(scenario)
        spec = s.seat(seat)
        state = GameState(ruleset=self.name, scenario=s.id, turn=1, dice=Dice(bytes(32)), board=None, knowledge={},
                          options={name: option.default for name, option in self.options(scenario).items()})
        return Captain(scenario, seat, spec.side, chart, briefing.briefing(state, s, seat), state.options)

    def rules_offered(self, scenario: str, options: Mapping[str, Any]) -> Mapping[str, str]:
        return measures.rules_offered(load_scenario(scenario), options)

    def rules_used(self, record: Mapping[str, Any]) -> Iterable[str]:
        return measures.rules_used(record)

    def tally(self, state: GameState) -> Tally:
        return measures.tally(state)

    def error_codes(self) -> dict[str, str]:
        return ERROR_CODES

    def table_reader(self, table: str) -> Callable[[int], str] | None:
        found = TABLES.get(table)
        return found.read if found else None

    def describe(self, event: Event) -> str:
        return event.text if isinstance(event, Told) else event.kind


def _scenario(state: GameState):
    return for_game(state.scenario, state.options)


def _default_mines(s, count: int, taken: set) -> list[str]:
    """The minelayer's standing order: the open water nearest the exit (or the map's first hexes
    if the scenario has none), free of the ships it knows of and of the fixed fields."""
    water = [h for h in s.map.terrain if s.map.water(h) and h not in taken and h not in s.minefields]
    goal = s.victory.hexes
    water.sort(key=lambda h: (min((hexes.distance(h, e) for e in goal), default=0), h))
    return [hexes.number(h) for h in water[:count]]

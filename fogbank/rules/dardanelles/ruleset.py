"""The Dardanelles ruleset, wired to the core's interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, Iterable

from fogbank.rules.core import UMPIRE, Dice, Event, GameState, Option, Refused, Resolution, Ruleset, Seat, Tally, fields, register
from fogbank.rules.core.scenarios import Checked

from . import measures, orders, overrides, setup, turn, views
from .briefing import briefing
from .board import Board, BoatLog
from .chart import Chart
from .bot import BotSubmarine
from .describe import describe
from .errors import ERROR_CODES
from .events import BRITISH, SUBMARINE
from .scenario import check, load_scenario, scenario_ids
from .setup import DRAWN, draw_setup
from .tables import TABLES
from .turn import is_night
from .units import Level, Order

# One seat, the same in every game: asked for several times a turn, so built once.
SEATS = (Seat(SUBMARINE, BRITISH, "the submarine's captain"),)
SEAT_NAMES = (SUBMARINE,)
TO_ACT = frozenset(SEAT_NAMES)


@register
class Dardanelles(Ruleset):
    name = "dardanelles"
    title = "Dardanelles: a submarine against the Straits"
    terminal_client = "fogbank.rules.dardanelles.terminal.launch"

    def scenarios(self) -> tuple[str, ...]:
        return scenario_ids()

    def check_scenario(self, text: str, source: str, beside: Callable[[str], str | None]) -> Checked:
        found = check(text, source, beside)
        if isinstance(found, Chart):
            return Checked(title=found.name, kind="map", notes=(f"{found.columns} by {found.rows} squares",))
        return Checked(title=found.title, seats=SEATS, side_titles={BRITISH: "British"},
                       turns=found.turn_limit)

    def options(self, scenario: str) -> Mapping[str, Option]:
        return {
            "setup": Option(
                DRAWN,
                (DRAWN, setup.UMPIRE),
                "drawn: the mine lines and vessels are placed by the game's dice within the historical "
                "bounds; umpire: they start where the historians put them, for the umpire to move by "
                "hand before turn 1 (hold the first turn to do it).",
            )
        }

    def new_game(self, scenario: str, seed: bytes, options: Mapping[str, Any] | None = None) -> GameState:
        s = load_scenario(scenario)
        if (options or {}).get("setup", DRAWN) == DRAWN:
            mines, vessels, draws = draw_setup(s, seed)
        else:
            (mines, vessels), draws = s.historical, ()
        board = Board(boat=s.boat, vessels=vessels, minefields=mines, track=(s.boat.square,), setup=draws)
        return GameState(
            ruleset=self.name,
            scenario=s.id,
            turn=1,
            dice=Dice(seed),
            board=board,
            knowledge={SUBMARINE: BoatLog.at_start(s.boat)},
        )

    def seats(self, state: GameState) -> tuple[Seat, ...]:
        return SEATS

    def seat_names(self, state: GameState) -> tuple[str, ...]:
        return SEAT_NAMES

    def seats_to_act(self, state: GameState) -> frozenset[str]:
        return TO_ACT  # the captain orders every hour, to the end

    def parse_order(self, seat: str, payload: Mapping[str, Any]) -> Order:
        return orders.parse_order(payload)

    def unparse_order(self, order: Order) -> dict[str, Any]:
        return orders.unparse_order(order)

    def check_order(self, state: GameState, seat: str, order: Any) -> None:
        if seat != SUBMARINE:
            raise Refused("not_your_turn", "Your seat has no order to give this turn.")
        # Only a fix asks the clock (it needs daylight), and only a plot set by hand the chart.
        scenario = load_scenario(state.scenario) if order.fix or order.plot is not None else None
        night = order.fix and is_night(scenario, state.turn)
        orders.check_order(state.knowledge[SUBMARINE], order, night, scenario.chart if scenario else None)

    def standing_order(self, state: GameState, seat: str) -> Order:
        """Stay where you are, at the level you are at; fire nothing."""
        return Order(level=state.knowledge[SUBMARINE].level)

    def resolve(self, state: GameState, orders_in: Mapping[str, Any]) -> Resolution:
        order = orders_in[SUBMARINE] if SUBMARINE in orders_in else self.standing_order(state, SUBMARINE)
        return turn.resolve(state, load_scenario(state.scenario), order)

    def observe(self, state: GameState, seat: str, since: int | None = None) -> Any:
        scenario = load_scenario(state.scenario)
        log: BoatLog = state.knowledge[SUBMARINE]
        if seat == UMPIRE:
            return views.umpire_view(state, scenario, log)
        if seat == SUBMARINE:
            return views.submarine_view(state, scenario, log, since)
        raise Refused("unknown_seat", f"There is no seat called {seat!r} in this game.")

    def chart(self, state: GameState, seat: str) -> views.ChartView:
        return views.chart_view(load_scenario(state.scenario), umpire=seat == UMPIRE)

    def briefing(self, state: GameState, seat: str) -> dict[str, Any]:
        return briefing(load_scenario(state.scenario))

    def parse_override(self, payload: Mapping[str, Any]) -> overrides.Override | setup.SetupChange:
        if isinstance(payload, Mapping) and fields.one_of(payload.get("kind"), setup.KINDS):
            return setup.parse_change(payload)
        return overrides.parse_override(payload)

    def apply_override(self, state: GameState, override: Any, reason: str) -> Resolution:
        scenario = load_scenario(state.scenario)
        if isinstance(override, setup.SetupChange):
            return setup.apply_change(state, scenario, override, reason)
        return overrides.apply_override(state, scenario, override, reason)

    def bot(self, scenario: str, seat: str, chart: Mapping[str, Any]) -> BotSubmarine:
        return BotSubmarine.for_scenario(chart, scenario)

    def error_codes(self) -> dict[str, str]:
        return ERROR_CODES

    def rules_offered(self, scenario: str, options: Mapping[str, Any]) -> Mapping[str, str]:
        return measures.RULES

    def rules_used(self, record: Mapping[str, Any]) -> Iterable[str]:
        return measures.rules_used(record)

    def tally(self, state: GameState) -> Tally:
        return measures.tally(state)

    def table_reader(self, table: str) -> Callable[[int], str] | None:
        found = TABLES.get(table)
        return found.read if found else None

    def describe(self, event: Event) -> str:
        return describe(event)


__all__ = ["Dardanelles", "Level"]

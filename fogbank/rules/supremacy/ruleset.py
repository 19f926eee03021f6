"""Supremacy at Sea wired to the core's interface."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping


from fogbank.rules.core import (
    UMPIRE, Dice, Event, GameState, Option, Refused, Resolution, Ruleset, Seat, Tally, register,
)
from fogbank.rules.core.copies import evolve
from fogbank.rules.core.scenarios import Checked

from . import (aground, contacts, fire, gunnery, idle, measures, orders, overrides, ramming, searchlights, torpedoes,
               turn, victory, views)
from .board import Board, Log
from .bot import Captain
from .damage import TABLES
from .describe import describe
from .errors import ERROR_CODES
from .scenario import check, load_scenario, scenario_ids
from .ships import Ship


@register
class Supremacy(Ruleset):
    name = "supremacy"
    title = "Supremacy at Sea"
    phases = turn.PHASES

    def scenarios(self) -> tuple[str, ...]:
        return scenario_ids()

    def check_scenario(self, text: str, source: str, beside: Callable[[str], str | None]) -> Checked:
        found = check(text, source)
        if isinstance(found, dict):  # ships.toml
            return Checked(title="ship classes", kind="ship classes", notes=(", ".join(found),))
        return Checked(title=found.title, seats=tuple(Seat(p.name, p.side, p.title) for p in found.ships),
                       side_titles={side: given.title for side, given in found.sides.items()},
                       turns=found.turn_limit,
                       notes=("a seat a ship; with --option seats=side, a seat a side",))

    def options(self, scenario: str) -> Mapping[str, Option]:
        return {"seats": Option(default="ship", choices=("ship", "side"),
                                help="one seat per ship, or one per side commanding all its ships"),
                "night": Option(default=False, choices=(False, True),
                                help="fight it at night: 15-inch visibility and searchlights (2A)")}

    def new_game(self, scenario: str, seed: bytes, options: Mapping[str, Any] | None = None) -> GameState:
        s = load_scenario(scenario)
        ships = tuple(
            Ship(p.name, p.cls, p.side, p.title, p.at, p.course, orders.moves.parse_move(p.first_move).knots,
                 started_at=p.at)
            for p in s.ships
        )
        by_side = (options or {}).get("seats", "ship") == "side"
        seats: dict[str, tuple[str, ...]] = {}
        for ship in ships:
            sides_ships = [x.name for x in ships if x.side == ship.side]
            seat = (ship.side if len(sides_ships) > 1 else ship.name) if by_side else ship.name
            seats[seat] = (*seats.get(seat, ()), ship.name)
        state = GameState(ruleset=self.name, scenario=s.id, turn=0, dice=Dice(seed), options=dict(options or {}),
                          board=Board(ships=ships, seats=seats), knowledge={seat: Log() for seat in seats})
        # The ships are set out on the table before the first move: each seat sees as it would (turn 0).
        return evolve(state, turn=1, knowledge=contacts.take(state)[0])

    def seats(self, state: GameState) -> tuple[Seat, ...]:
        board: Board = state.board
        return tuple(
            Seat(seat, board.ship(ships[0]).side, " and ".join(board.ship(n).title for n in ships))
            for seat, ships in board.seats.items()
        )

    def side_titles(self, state: GameState) -> Mapping[str, str]:
        return {side: given.title for side, given in load_scenario(state.scenario).sides.items()}

    def seats_to_act(self, state: GameState) -> frozenset[str]:
        """Every seat with a ship afloat acts in 1A, 2B and 3, and in 2A at night, whether or not
        it has a bank or a light left: when a phase opens may tell no seat what another has."""
        board: Board = state.board
        acting = ("write_moves", "write_fire", "torpedoes", *(("searchlights",) if state.options.get("night") else ()))
        if state.phase not in acting:
            return frozenset()
        return frozenset(seat for seat, ships in board.seats.items() if any(not board.ship(n).sunk for n in ships))

    def friends_to_act(self, view: Mapping[str, Any]) -> Iterable[str]:
        """The consorts in sight, in a phase every ship afloat acts in: a captain keeps no plot
        with her consorts, so one out of sight (sunk, for all she knows) is never named."""
        if view["phase"] not in ("write_moves", "write_fire", "torpedoes", "searchlights"):
            return ()
        return {c["seat"] for c in view["contacts"] if "seat" in c}

    def nothing_to_order(self, view: Mapping[str, Any], chart: Mapping[str, Any]) -> bool:
        return idle.nothing_to_order(view, chart)

    def parse_order(self, seat: str, payload: Mapping[str, Any]) -> Any:
        return orders.parse(payload)

    def unparse_order(self, order: Any) -> Mapping[str, Any]:
        return orders.unparse(order)

    def check_order(self, state: GameState, seat: str, order: Any) -> None:
        orders.check(state, seat, order)

    def order_refusals(self, state: GameState, seat: str, order: Any) -> list[Refused]:
        """Every rule the order breaks, each a refusal of its own, from what the seat knows."""
        return orders.refusals(state, seat, order)

    def carry_out(self, state, seat, order, refusal):
        return orders.carry_out(state, seat, order, refusal)

    def standing_order(self, state: GameState, seat: str) -> Any:
        return orders.standing(state, seat)

    def resolve(self, state: GameState, orders_in: Mapping[str, Any]) -> Resolution:
        phase = state.phase
        if phase == "write_moves":
            board: Board = state.board
            given = {seat: {**orders.standing(state, seat), **orders_in.get(seat, {})} for seat in board.seats}
            return turn.write_moves(state, given)
        if phase == "execute_moves":
            return turn.execute_moves(state)
        if phase == "write_fire":
            return fire.write_fire(state, orders_in)
        if phase == "execute_fire":
            return fire.execute_fire(state)
        if phase == "apply_damage":
            return turn.apply_damage(state)
        if phase == "torpedoes":
            return turn.lay_torpedoes(state, orders_in)
        if phase == "searchlights":
            return searchlights.burn(state, orders_in)
        if phase == "cleanup":
            return turn.cleanup(state)
        raise AssertionError(f"no phase {phase!r}")

    def talk_audience(self, state: GameState, seat: str) -> frozenset[str]:
        """4.2, communication in the open: a side's signals are heard by the enemy, so every seat hears."""
        return frozenset(self.seat_names(state))

    def check_private_talk(self, state: GameState, seat: str, to: str) -> None:
        """4.2 again: a side may plan in secret before the battle starts (turn 1, before the first
        move is made), to a seat of its own side; once it has begun every signal is in the open."""
        if state.turn == 1 and state.phase == "write_moves":
            return super().check_private_talk(state, seat, to)
        raise Refused("signals_in_the_open", ERROR_CODES["signals_in_the_open"])

    def parse_question(self, seat: str, payload: Mapping[str, Any]) -> Any:
        return views.parse_question(payload)

    def answer(self, state: GameState, seat: str, question: Any) -> Resolution:
        return views.answer(state, seat, question)

    def observe(self, state: GameState, seat: str, since: int | None = None) -> Any:
        if seat == UMPIRE:
            return views.umpire_view(state)
        if seat not in state.board.seats:
            raise Refused("unknown_seat", f"There is no seat called {seat!r} in this game.")
        return views.seat_view(state, seat, since)

    def chart(self, state: GameState, seat: str) -> Any:
        return views.chart(state, seat)

    def briefing(self, state: GameState, seat: str) -> Mapping[str, Any]:
        return views.briefing(state, seat)

    def parse_override(self, payload: Mapping[str, Any]) -> Any:
        return overrides.parse_override(payload)

    def apply_override(self, state: GameState, override: Any, reason: str) -> Resolution:
        return overrides.apply_override(state, override, reason)

    def bot(self, scenario: str, seat: str, chart: Mapping[str, Any]) -> Captain:
        """The standard captain, as the arena's `standard` policy plays (without a briefing's
        set-out or a luck of her own)."""
        return Captain(chart)

    def error_codes(self) -> Mapping[str, str]:
        return ERROR_CODES

    def table_reader(self, table: str) -> Callable[[int], str] | None:
        readers = {**TABLES, "hits": gunnery.read_die, "box": fire.read_box, "torpedo": torpedoes.read_torpedo,
                   "avoid": ramming.read_avoid, "way": ramming.read_way,
                   "aground": aground.read_grounding, "refloat": aground.read_refloat}
        if table == "special":
            return fire.SPECIAL  # read from the faces (the coloured and white dice)
        return readers.get(table)

    def rules_offered(self, scenario: str, options: Mapping[str, Any]) -> Mapping[str, str]:
        return measures.offered(options)

    def rules_used(self, record: Mapping[str, Any]) -> Iterable[str]:
        return measures.used(record)

    def tally(self, state: GameState) -> Tally:
        return victory.tally(state)

    def describe(self, event: Event) -> str:
        return describe(event)

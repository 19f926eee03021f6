"""A game in progress: the state, this turn's orders, and the umpire's hold.

Every input a game takes is one function here, pure: the shells (server, store, simulator) call
them and get back the next `Game` with what happened. Replaying the same inputs from the same
seed gives the same game, which is how the store recovers and how `fogbank verify` checks.
"""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from .dice import Roll
from .errors import Refused
from .events import UMPIRE, Event, GameEnded, Narrative
from .phases import Move, Phase, Then, step
from .ruleset import Resolution, Ruleset, find_ruleset
from .state import GameState, Outcome


@attrs.frozen
class Game:
    state: GameState
    phase: Phase = Phase.ORDERS
    held: bool = False
    orders: Mapping[str, Any] = attrs.field(factory=dict)  # this turn's orders so far, by seat

    @property
    def ruleset(self) -> Ruleset:
        return find_ruleset(self.state.ruleset)

    def waiting_for(self) -> frozenset[str]:
        """Seats whose orders for this turn are not in."""
        if self.phase is Phase.ENDED:
            return frozenset()
        return self.ruleset.seats_to_act(self.state) - self.orders.keys()


@attrs.frozen
class Step:
    """What one input did: the next game, the events and rolls, and whether a turn resolved."""

    game: Game
    events: tuple[Event, ...] = ()
    rolls: tuple[Roll, ...] = ()
    resolved: bool = False


def start(ruleset: Ruleset, scenario: str, seed: bytes) -> Game:
    return Game(state=ruleset.new_game(scenario, seed))


def submit(game: Game, seat: str, order: Any) -> Step:
    """A seat's order for this turn (replacing any it sent before). Raises `Refused`."""
    _refuse_if_ended(game)
    ruleset = game.ruleset
    if seat not in ruleset.seats_to_act(game.state):
        raise Refused("not_your_turn", "Your seat has no order to give this turn.")
    ruleset.check_order(game.state, seat, order)
    orders = {**game.orders, seat: order}
    missing = ruleset.seats_to_act(game.state) - orders.keys()
    move = Move.ORDER if missing else Move.LAST_ORDER
    return _advance(attrs.evolve(game, orders=orders), move)


def release(game: Game) -> Step:
    """The umpire releases the turn; seats without an order keep their standing order."""
    _refuse_if_ended(game)
    return _advance(game, Move.RELEASE)


def set_hold(game: Game, held: bool) -> Step:
    """The umpire holds turns for release, or stops holding (a ready turn then resolves)."""
    _refuse_if_ended(game)
    game = attrs.evolve(game, held=held)
    if not held and game.phase is Phase.READY:
        return _advance(game, Move.RELEASE)
    return Step(game)


def override(game: Game, payload: Mapping[str, Any], reason: str) -> Step:
    """The umpire changes the truth. Every override is an audited event with its reason."""
    _refuse_if_ended(game)
    if not reason.strip():
        raise Refused("reason_required", "An override needs a reason for the record.")
    ruleset = game.ruleset
    resolution = ruleset.apply_override(game.state, ruleset.parse_override(payload), reason)
    return _after(game, resolution, resolved=False)


def narrate(game: Game, seat: str, text: str) -> Step:
    """The umpire tells a seat something in their own words."""
    if seat != UMPIRE and seat not in game.ruleset.seats(game.state):
        raise Refused("unknown_seat", f"There is no seat called {seat!r} in this game.")
    if not text.strip():
        raise Refused("empty_message", "The message is empty.")
    event = Narrative(turn=game.state.turn, audience=frozenset({seat}), text=text)
    return Step(game, events=(event,))


def end(game: Game, reason: str) -> Step:
    """The umpire ends the game; the seed is then revealed to every seat."""
    _refuse_if_ended(game)
    outcome = Outcome("ended", reason.strip() or "The umpire ended the game.")
    state = attrs.evolve(game.state, outcome=outcome)
    return _after(game, Resolution(state), resolved=False)


def _refuse_if_ended(game: Game) -> None:
    if game.phase is Phase.ENDED:
        raise Refused("game_over", "This game is over.")


def _advance(game: Game, move: Move) -> Step:
    transition = step(game.phase, move, game.held)
    if transition is None:  # only reachable through a bug: every public input is checked above
        raise AssertionError(f"no transition for {move} in {game.phase}")
    phase, then = transition
    game = attrs.evolve(game, phase=phase)
    if then is not Then.RESOLVE:
        return Step(game)
    ruleset = game.ruleset
    orders = {
        seat: game.orders.get(seat) or ruleset.standing_order(game.state, seat)
        for seat in sorted(ruleset.seats_to_act(game.state))
    }
    resolution = ruleset.resolve(game.state, orders)
    return _after(attrs.evolve(game, orders={}), resolution, resolved=True)


def _after(game: Game, resolution: Resolution, *, resolved: bool) -> Step:
    state = resolution.state
    events = resolution.events
    game = attrs.evolve(game, state=state)
    if state.outcome is not None and game.phase is not Phase.ENDED:
        seats = frozenset(game.ruleset.seats(state))
        ended = GameEnded(
            turn=state.turn, audience=seats, result=state.outcome.result, reason=state.outcome.reason
        )
        events = (*events, ended)
        game = attrs.evolve(game, phase=Phase.ENDED, orders={})
    return Step(game, events=events, rolls=resolution.rolls, resolved=resolved)

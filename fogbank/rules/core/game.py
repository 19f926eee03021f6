"""A game in progress: the state, this phase's orders, and the umpire's holds.

Every input a game takes is one function here, pure: the shells (server, store, simulator) call
them and get back the next `Game` with what happened. Replaying the same inputs from the same
seed gives the same game, which is how the store recovers and how `fogbank verify` checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Iterable

import attrs

from .copies import evolve
from .dice import Roll
from .engagement import ENGAGEMENT_OPTION, check_result, engagement_from_plain, engagement_plain, result_from_plain
from .errors import Refused
from .events import UMPIRE, Amended, Event, GameEnded, Narrative, OverrideApplied, StandingOrderUsed, Talk, Told
from .phases import Cycle, Move, Then, next_phase, step
from .plain import to_plain
from .ruleset import Resolution, Ruleset, Waiting, find_ruleset, seat_sides
from .seats import check_seats, sides
from .state import RESULTS, GameState, Outcome


@attrs.frozen
class Game:
    state: GameState
    cycle: Cycle = Cycle.ORDERS
    holds: frozenset[str] = frozenset()  # the phases the umpire holds for release
    orders: Mapping[str, Any] = attrs.field(factory=dict)  # this phase's orders so far, by seat

    @property
    def ruleset(self) -> Ruleset:
        return find_ruleset(self.state.ruleset)

    @property
    def held(self) -> bool:
        """Whether the umpire holds the phase now open."""
        return self.state.phase in self.holds

    @property
    def awaiting(self) -> bool:
        """Whether the phase now open waits on a battle fought in another game."""
        return bool(self.ruleset.engagements(self.state))

    def to_act(self) -> frozenset[str]:
        """The seats whose orders this phase waits for, or waited for (none once it is over)."""
        if self.cycle is Cycle.ENDED or self.awaiting:
            return frozenset()
        return seats_to_act(self.ruleset, self.state)

    def waiting_for(self) -> frozenset[str]:
        """Seats whose orders for this phase are not in. The umpire's to know, never a seat's."""
        return self.to_act() - self.orders.keys()


@attrs.frozen
class Resolved:
    """One phase resolved: when, and the orders each seat that acted sailed under."""

    turn: int
    phase: str
    orders: Mapping[str, Any]  # the ruleset's order values; a standing order for a seat that sent none


@attrs.frozen
class Step:
    """What one input did: the next game, the events and rolls, and the phases it resolved."""

    game: Game
    events: tuple[Event, ...] = ()
    rolls: tuple[Roll, ...] = ()
    resolutions: tuple[Resolved, ...] = ()

    @property
    def resolved(self) -> bool:
        return bool(self.resolutions)


_last_asked: tuple[GameState | None, frozenset[str]] = (None, frozenset())


def seats_to_act(ruleset: Ruleset, state: GameState) -> frozenset[str]:
    """`ruleset.seats_to_act(state)`, worked out once for a state however often it is asked.

    An input asks it several times of one state (to check the order, to see whether the phase is
    complete, to resolve it) and the server once more per seat; a ruleset may scan every unit
    for it. States are frozen, so the answer for the last state asked about is kept, by identity.
    """
    global _last_asked
    last = _last_asked  # read once: the pair is replaced whole, never changed in place
    if last[0] is state:
        return last[1]
    acting = ruleset.seats_to_act(state)
    _last_asked = (state, acting)
    return acting


def start(ruleset: Ruleset, scenario: str, seed: bytes, options: Mapping[str, Any] | None = None) -> Game:
    """A new game at its first phase. Raises `Refused` for options the scenario does not take.

    A game made to fight another game's battle keeps the engagement as its one option, so its
    log's header (and the store's row) starts it again through here."""
    if options and ENGAGEMENT_OPTION in options:
        return start_engagement(ruleset, options[ENGAGEMENT_OPTION], seed)
    chosen = check_options(ruleset, scenario, options or {})
    state = ruleset.new_game(scenario, seed, chosen) if chosen else ruleset.new_game(scenario, seed)
    check_seats(ruleset.seats(state))
    # The first phase should have a seat to act; if none does, the umpire's release opens play.
    return Game(state=evolve(state, phase=ruleset.phases[0], options=chosen))


def start_engagement(ruleset: Ruleset, engagement: Any, seed: bytes) -> Game:
    """A game of `ruleset` fighting `engagement` (its plain form). Raises `Refused` (bad_engagement)."""
    battle = engagement_from_plain(engagement)
    if not ruleset.fights(battle):
        raise Refused("bad_engagement", f"The {ruleset.name} rules cannot fight that battle.")
    state = ruleset.new_engagement(battle, seed)
    check_seats(ruleset.seats(state))
    options = {ENGAGEMENT_OPTION: engagement_plain(battle)}
    return Game(state=evolve(state, phase=ruleset.phases[0], options=options))


def settle(game: Game, engagement: str, result: Any) -> Step:
    """The result of a battle this game handed to another (its plain form): the ruleset applies
    it, and once no battle is left waiting the phase closes and play goes on. Raises `Refused`."""
    _refuse_if_ended(game)
    ruleset, state = game.ruleset, game.state
    pending = ruleset.engagements(state)
    if engagement not in pending:
        raise Refused("unknown_engagement", f"This game waits on no battle called {engagement!r}.")
    outcome = result_from_plain(result)
    check_result(pending[engagement], outcome)
    resolution = ruleset.settle_engagement(state, engagement, outcome)
    if (resolution.state.turn, resolution.state.phase) != (state.turn, state.phase):
        raise AssertionError(f"{ruleset.name}.settle_engagement moved the clock: the core moves it")
    if ruleset.engagements(resolution.state) or resolution.state.outcome is not None:
        return _after(game, resolution)
    turn, phase = next_phase(ruleset.phases, state.turn, state.phase)
    done = _after(game, evolve(resolution, state=evolve(resolution.state, turn=turn, phase=phase)))
    if done.game.cycle is Cycle.ENDED or ruleset.seats_to_act(done.game.state):
        return done
    more = _advance(done.game, Move.NOBODY)
    return Step(more.game, done.events + more.events, done.rolls + more.rolls, more.resolutions)


def check_options(ruleset: Ruleset, scenario: str, given: Mapping[str, Any]) -> dict[str, Any]:
    offered = ruleset.options(scenario)
    for name, value in given.items():
        if name not in offered:
            known = ", ".join(sorted(offered)) or "none"
            raise Refused("unknown_option", f"This game has no option {name!r} (its options: {known}).")
        # Of the choice's own type: `True in (0, 1)` holds in Python, and a game made with it would
        # keep an option value no choice names (its log and its briefing would say `true`).
        if not any(type(value) is type(choice) and value == choice for choice in offered[name].choices):
            choices = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in offered[name].choices)  # as typed
            raise Refused("bad_option", f"Option {name!r} takes one of: {choices}.")
    return {name: given.get(name, option.default) for name, option in sorted(offered.items())}


def submit(game: Game, seat: str, order: Any, phase: str | None = None) -> Step:
    """A seat's order for this phase (replacing any it sent before). Raises `Refused`."""
    _refuse_if_not_taken(game, seat, phase)
    game.ruleset.check_order(game.state, seat, order)
    _refuse_if_amended(game, seat)
    return _take_order(game, seat, order)


def check(game: Game, seat: str, order: Any, phase: str | None = None, *, amending: bool = False) -> tuple[Refused, ...]:
    """What `submit` would say to this order, taking nothing: no refusal if it would be taken,
    else every rule it breaks (the ruleset's `order_refusals`), the one `submit` raises first.
    Decided from what `seat` may know, as `check_order` is. `amending`: the umpire's draft of
    the seat's order, which `amend` carries out as far as the rules allow even when refused."""
    try:
        _refuse_if_not_taken(game, seat, phase)
    except Refused as refusal:
        return (refusal,)
    refusals = tuple(game.ruleset.order_refusals(game.state, seat, order))
    if refusals or amending:
        return refusals
    try:
        _refuse_if_amended(game, seat)
    except Refused as refusal:
        return (refusal,)
    return ()


def _refuse_if_not_taken(game: Game, seat: str, phase: str | None) -> None:
    """Refuse an order the game takes from nobody now, or not from this seat."""
    _refuse_if_ended(game)
    if phase is not None and phase != game.state.phase:
        raise Refused("wrong_phase", f"That order is for the {phase} phase, but this is {game.state.phase}.")
    if seat not in game.to_act():
        raise Refused("not_your_turn", "Your seat has no order to give in this phase.")


def _refuse_if_amended(game: Game, seat: str) -> None:
    # The umpire's amendment is his ruling for the phase: a seat sending its own order after it
    # would quietly undo it.
    if _amended(game, seat):
        raise Refused("amended", "The umpire has given your order for this phase; it stands.")


def _amended(game: Game, seat: str) -> bool:
    state = game.state
    return any(isinstance(t, Amended) and (t.turn, t.phase) == (state.turn, state.phase) for t in state.told.get(seat, ()))


def amend(game: Game, seat: str, payload: Mapping[str, Any], reason: str) -> Step:
    """The umpire gives `seat`'s order for this phase. An order the rules forbid is carried out as
    far as they allow (the ruleset's `carry_out`), never rewritten; the seat is told."""
    _refuse_if_ended(game)
    if not reason.strip():
        raise Refused("reason_required", "An amendment needs a reason for the record.")
    ruleset = game.ruleset
    if seat not in game.to_act():
        raise Refused("not_your_turn", f"Seat {seat!r} has no order to give in this phase.")
    order = ruleset.parse_order(seat, payload)
    try:
        ruleset.check_order(game.state, seat, order)
        note = ""
    except Refused as refusal:
        order, note = ruleset.carry_out(game.state, seat, order, refusal)
    state = game.state
    told = Amended(
        turn=state.turn, phase=state.phase, audience=frozenset({seat}),
        order=ruleset.unparse_order(order), reason=reason.strip(), note=note,
    )
    taken = _take_order(evolve(game, state=_keep_told(state, (told,))), seat, order)
    return evolve(taken, events=(told, *taken.events))


def ask(game: Game, seat: str, payload: Mapping[str, Any]) -> Step:
    """A seat's question, answered by the rules (which may roll for it). Raises `Refused`."""
    _refuse_if_ended(game)
    ruleset = game.ruleset
    if seat not in ruleset.seat_names(game.state):
        raise Refused("unknown_seat", f"There is no seat called {seat!r} in this game.")
    resolution = ruleset.answer(game.state, seat, ruleset.parse_question(seat, payload))
    return _after(game, resolution)


def release(game: Game) -> Step:
    """The umpire releases the phase; seats without an order keep their standing order, and each
    is told so (that seat alone: nobody learns who else had not ordered)."""
    _refuse_if_ended(game)
    if game.awaiting:  # releasing would resolve the phase again, fighting the battle twice
        raise Refused("awaiting_battle", "The phase waits on a battle fought in another game; settle it first.")
    phase = game.ruleset.phase_title(game.state.phase)
    what = "the turn" if len(game.ruleset.phases) == 1 else f"the {phase} phase"
    told = _standing_told(game, f"The umpire released {what} before your order came in")
    released = _advance(evolve(game, state=_keep_told(game.state, told)), Move.RELEASE)
    return evolve(released, events=(*told, *released.events))


def deadline(game: Game) -> Step:
    """The phase's deadline passed with orders missing: each missing seat is taken to have given
    its standing order, and told so (that seat alone), and the phase goes on as if those orders had
    come: it resolves, or waits for the umpire's release if he holds it. The core has no clock:
    the shell that keeps the deadline gives this input when its time is up, and the log keeps it,
    so replay and `verify` take it like any other. Raises `Refused` when no order is missing."""
    _refuse_if_ended(game)
    missing = sorted(game.waiting_for())
    if not missing:
        raise Refused("no_orders_missing", "Every order this phase waits for is in.")
    told = _standing_told(game, "The deadline passed before your order came in")
    ruleset, state = game.ruleset, game.state
    standing = {seat: ruleset.standing_order(state, seat) for seat in missing}
    taken = evolve(game, state=_keep_told(state, told), orders={**game.orders, **standing})
    passed = _advance(taken, Move.LAST_ORDER)
    return evolve(passed, events=(*told, *passed.events))


def _standing_told(game: Game, why: str) -> tuple[StandingOrderUsed, ...]:
    """Each seat whose order is missing told, alone, that it sails under its standing order."""
    ruleset, state = game.ruleset, game.state
    return tuple(
        StandingOrderUsed(
            turn=state.turn, phase=state.phase, audience=frozenset({seat}),
            order=ruleset.unparse_order(ruleset.standing_order(state, seat)),
            text=f"{why}: you sail under your standing order.",
        )
        for seat in sorted(game.waiting_for())
    )  # fmt: skip


def passes_seats(ruleset: Ruleset) -> bool:
    """Whether the ruleset ever judges a seat to have nothing to order (it has its own
    `nothing_to_order`). One that does not passes nobody, and its seats' views and charts are not
    worked out to ask it: a Dardanelles chart made plain cost more than the turn it opened."""
    return type(ruleset).nothing_to_order is not Ruleset.nothing_to_order


def has_nothing_to_order(game: Game, seat: str) -> bool:
    """Whether `seat` owes an order in the phase now open and has nothing it could order, judged
    from its own view and chart (`Ruleset.nothing_to_order`): the seats `pass_over` may pass."""
    if not passes_seats(game.ruleset):
        return False
    if game.cycle is Cycle.ENDED or seat not in game.to_act() or seat in game.orders or _amended(game, seat):
        return False
    ruleset, state = game.ruleset, game.state
    return ruleset.nothing_to_order(_seat_view(ruleset, state, seat), to_plain(ruleset.chart(state, seat)))


def pass_over(game: Game, seat: str) -> Step:
    """`seat` has nothing it could order in the phase now open (`has_nothing_to_order`): it sails
    under its standing order, as if it had sent it the moment the phase opened, and is told so
    (that seat alone). To every other seat this is a seat that sent its order. Raises `Refused`
    if the seat has an order to give after all, or none is asked of it."""
    _refuse_if_not_taken(game, seat, None)
    if not has_nothing_to_order(game, seat):
        raise Refused("orders_to_give", "Your seat has orders to give in this phase; it is not passed over.")
    ruleset, state = game.ruleset, game.state
    order = ruleset.standing_order(state, seat)
    what = "the turn" if len(ruleset.phases) == 1 else f"the {ruleset.phase_title(state.phase)} phase"
    told = StandingOrderUsed(
        turn=state.turn, phase=state.phase, audience=frozenset({seat}), order=ruleset.unparse_order(order),
        text=f"You have nothing to order in {what}: you sail under your standing order, with no need to send it.",
    )
    taken = _take_order(evolve(game, state=_keep_told(state, (told,))), seat, order)
    return evolve(taken, events=(told, *taken.events))


NOBODY = Waiting()  # whom a seat is told its phase waits for, when there is nobody to name


def waiting_told(game: Game, seat: str, view: Any = None) -> Waiting:
    """What `seat` is told of whom the phase now open waits for: the seats of its own side that
    its view shows taking part (`Ruleset.friends_to_act`) and whose orders are not in, by name;
    nothing of the other sides. Worked out from the seat's view (`view`, if the caller has it:
    the plain view of this very state) and the orders its side has given, never from the truth,
    so a consort sunk out of sight, or an enemy silently removed, changes nothing a seat is told."""
    ruleset, state = game.ruleset, game.state
    sides_of = seat_sides(ruleset, state)
    side = sides_of.get(seat)
    if side is None or not any(
        other != seat and their == side for other, their in sides_of.items()
    ) or game.cycle is not Cycle.ORDERS or game.awaiting:  # fmt: skip
        # The umpire, a seat alone on its side (asked first: a one-seat game asks it every
        # turn, and it is the cheapest), or a phase not taking orders: nobody to name.
        return NOBODY
    if view is None:
        view = _seat_view(ruleset, state, seat)
    friends = {f for f in ruleset.friends_to_act(view) if f != seat and sides_of.get(f) == side}
    return Waiting(tuple(sorted(friends - game.orders.keys())))


_last_views: tuple[GameState | None, dict[str, Any]] = (None, {})


def _seat_view(ruleset: Ruleset, state: GameState, seat: str) -> Any:
    """The seat's view of `state` as it is sent (plain maps), worked out once for a state: every
    order that comes in asks whom the phase still waits for, of every seat, on the same state."""
    global _last_views
    last = _last_views  # read once: the pair is replaced whole when the state changes
    if last[0] is not state:
        last = _last_views = (state, {})
    views = last[1]
    if seat not in views:
        views[seat] = to_plain(ruleset.observe(state, seat))
    return views[seat]


def set_hold(game: Game, held: bool, phases: Iterable[str] | None = None) -> Step:
    """The umpire holds `phases` (all of them when None) for release, or stops holding them; a
    phase that was ready and is no longer held then resolves."""
    _refuse_if_ended(game)
    every = game.ruleset.phases
    chosen = frozenset(every if phases is None else phases)
    if not chosen <= set(every):
        raise Refused("unknown_phase", f"This game's phases are: {', '.join(every)}.")
    holds = game.holds | chosen if held else game.holds - chosen
    game = evolve(game, holds=holds)
    if not game.held and game.cycle is Cycle.READY:
        return _advance(game, Move.RELEASE)
    return Step(game)


def override(game: Game, payload: Mapping[str, Any], reason: str, *, tell: bool = False) -> Step:
    """The umpire changes the truth. Every override is an audited event with its reason; with
    `tell`, each seat whose picture it changed is told so in words (the ruleset's `override_told`).

    `{"settle": id, "result": {...}}` settles a battle the game waits on in the umpire's words
    (the other game abandoned, or its result wrong), in any ruleset."""
    _refuse_if_ended(game)
    if not reason.strip():
        raise Refused("reason_required", "An override needs a reason for the record.")
    if isinstance(payload, Mapping) and "settle" in payload:
        engagement = payload["settle"]
        if not isinstance(engagement, str):
            raise Refused("unknown_engagement", "A settlement names the battle by its id.")
        done = settle(game, engagement, payload.get("result"))
        audit = OverrideApplied(turn=game.state.turn, what=f"settle {engagement}", reason=reason.strip())
        return evolve(done, events=(audit, *done.events))
    ruleset = game.ruleset
    parsed = ruleset.parse_override(payload)
    resolution = ruleset.apply_override(game.state, parsed, reason)
    if not tell:
        return _after(game, resolution)
    # Each seat whose picture the ruling changed is told so, in the umpire's voice, and keeps it.
    after = resolution.state
    told = tuple(
        Narrative(turn=after.turn, phase=after.phase, audience=frozenset({seat}), text=text)
        for seat, text in sorted(ruleset.override_told(game.state, after, parsed).items())
    )
    return _after(game, evolve(resolution, events=(*resolution.events, *told)))


def narrate(game: Game, seat: str, text: str) -> Step:
    """The umpire tells a seat something in their own words."""
    if seat != UMPIRE and seat not in game.ruleset.seat_names(game.state):
        raise Refused("unknown_seat", f"There is no seat called {seat!r} in this game.")
    if not text.strip():
        raise Refused("empty_message", "The message is empty.")
    state = game.state
    event = Narrative(turn=state.turn, phase=state.phase, audience=frozenset({seat}), text=text)
    return Step(evolve(game, state=_keep_told(state, (event,))), events=(event,))


def talk(game: Game, seat: str, text: str, to: str | None = None) -> Step:
    """A seat talks: heard by the audience its ruleset gives (its own side by default), the
    speaker and the umpire; said privately `to` one seat, by that seat, the speaker and the
    umpire alone, where the ruleset allows it. Raises `Refused` for an unknown seat, an empty
    message, private talk the rules forbid, or a game over."""
    _refuse_if_ended(game)
    ruleset, state = game.ruleset, game.state
    if seat not in ruleset.seat_names(state):
        raise Refused("unknown_seat", f"There is no seat called {seat!r} in this game.")
    if not text.strip():
        raise Refused("empty_message", "The message is empty.")
    if to is None:
        audience = frozenset(ruleset.talk_audience(state, seat)) | {seat}
    else:
        if to == seat or to not in ruleset.seat_names(state):
            raise Refused("unknown_seat", f"There is no other seat called {to!r} to talk to.")
        ruleset.check_private_talk(state, seat, to)
        audience = frozenset({seat, to})
    event = Talk(turn=state.turn, phase=state.phase, audience=audience, seat=seat, text=text.strip(), to=to)
    return Step(evolve(game, state=_keep_told(state, (event,))), events=(event,))


def private_talk_to(game: Game, seat: str) -> list[str]:
    """The seats `seat` may talk to privately now (none where the rules put all talk in the open)."""
    ruleset, state = game.ruleset, game.state
    allowed = []
    for other in ruleset.seat_names(state):
        if other == seat:
            continue
        try:
            ruleset.check_private_talk(state, seat, other)
        except Refused:
            continue
        allowed.append(other)
    return allowed


def end(game: Game, reason: str, results: Mapping[str, str] | None = None) -> Step:
    """The umpire ends the game, with a result per side ("ended" for any not given); the seed is
    then revealed to every seat."""
    _refuse_if_ended(game)
    known = sides(game.ruleset.seats(game.state))
    for side, result in (results or {}).items():
        if side not in known:
            raise Refused("unknown_side", f"This game's sides are: {', '.join(known)}.")
        if result not in RESULTS:
            raise Refused("bad_result", f"A result is one of: {', '.join(RESULTS)}.")
    outcome = Outcome(
        {side: (results or {}).get(side, "ended") for side in known},
        reason.strip() or "The umpire ended the game.",
    )
    return _after(game, Resolution(evolve(game.state, outcome=outcome)))


def _refuse_if_ended(game: Game) -> None:
    if game.cycle is Cycle.ENDED:
        raise Refused("game_over", "This game is over.")


def _take_order(game: Game, seat: str, order: Any) -> Step:
    orders = {**game.orders, seat: order}
    missing = seats_to_act(game.ruleset, game.state) - orders.keys()
    return _advance(evolve(game, orders=orders), Move.ORDER if missing else Move.LAST_ORDER)


def _advance(game: Game, move: Move) -> Step:
    """The transition for `move`, and, while phases resolve, the next phases opened in turn."""
    events: tuple[Event, ...] = ()
    rolls: tuple[Roll, ...] = ()
    resolutions: tuple[Resolved, ...] = ()
    # A phase nobody acts in resolves as it opens; a whole turn of such phases stops, so a
    # game in which no seat ever acts waits for the umpire instead of running on forever.
    for _ in range(len(game.ruleset.phases) + 1):
        transition = step(game.cycle, move, game.held)
        if transition is None:  # only reachable through a bug: every public input is checked first
            raise AssertionError(f"no transition for {move} in {game.cycle}")
        cycle, then = transition
        game = evolve(game, cycle=cycle)
        if then is not Then.RESOLVE:
            break
        done, resolved = _resolve(game)
        events, rolls = events + done.events, rolls + done.rolls
        resolutions += (resolved,)
        game = done.game
        if game.cycle is Cycle.ENDED or game.awaiting:  # a battle fought elsewhere holds the phase
            break
        if seats_to_act(game.ruleset, game.state):  # the next phase waits for orders
            break
        move = Move.NOBODY
    return Step(game, events=events, rolls=rolls, resolutions=resolutions)


def _resolve(game: Game) -> tuple[Step, Resolved]:
    ruleset, state = game.ruleset, game.state
    # An order that is falsy (an empty fire plan) is still the seat's order: only a seat that
    # sent nothing sails under its standing order.
    orders = {
        seat: game.orders[seat] if seat in game.orders else ruleset.standing_order(state, seat)
        for seat in sorted(seats_to_act(ruleset, state))
    }
    resolution = ruleset.resolve(state, orders)
    if (resolution.state.turn, resolution.state.phase) != (state.turn, state.phase):
        raise AssertionError(f"{ruleset.name}.resolve moved the clock: the core moves it")
    if ruleset.engagements(resolution.state):  # the phase stays open until its battles are settled
        return _after(evolve(game, orders={}), resolution), Resolved(state.turn, state.phase, orders)
    if resolution.state.outcome is not None:  # the game ended: the clock stays on this phase, as in `settle`
        return _after(game, resolution, orders={}), Resolved(state.turn, state.phase, orders)
    turn, phase = next_phase(ruleset.phases, state.turn, state.phase)
    moved = evolve(resolution.state, turn=turn, phase=phase)
    done = _after(game, Resolution(moved, resolution.events, resolution.rolls), orders={})
    return done, Resolved(state.turn, state.phase, orders)


def _keep_told(state: GameState, events: Iterable[Event]) -> GameState:
    told = dict(state.told)
    for event in events:
        if isinstance(event, Told):
            for seat in event.audience:
                told[seat] = (*told.get(seat, ()), event)
    return evolve(state, told=told)


def _after(game: Game, resolution: Resolution, **changes: Any) -> Step:
    """The game in the resolution's state (and with `changes`: a resolved phase's orders cleared)."""
    state = resolution.state
    events = resolution.events
    if any(isinstance(e, Told) for e in events):
        state = _keep_told(state, events)
    game = evolve(game, state=state, **changes)
    if state.outcome is not None and game.cycle is not Cycle.ENDED:
        seats = frozenset(game.ruleset.seat_names(state))
        ended = GameEnded(turn=state.turn, audience=seats, results=state.outcome.results, reason=state.outcome.reason)
        events = (*events, ended)
        game = evolve(game, cycle=Cycle.ENDED, orders={})
    return Step(game, events=events, rolls=resolution.rolls)

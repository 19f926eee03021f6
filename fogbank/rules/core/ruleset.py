"""The one interface every ruleset implements, and the registry that finds them.

Like python-chess variants: a ruleset is a small class with a name and a few hooks; scenarios
are data files it loads. The core and the shells only ever talk to rulesets through this class.
"""

from __future__ import annotations

import abc
from typing import Any, Callable, ClassVar, Iterable, Mapping, Protocol, Sequence

import attrs

from .dice import Roll
from .engagement import Engagement, EngagementResult
from .errors import Refused
from .events import Event, Talk
from .plain import to_plain
from .seats import Seat
from .state import GameState


class Bot(Protocol):
    """A built-in player: it sees what its seat is sent (plain maps), and answers with orders."""

    def order(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """The order for the turn `view` opens, as a wire payload."""

    def standing(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """A safe order to give instead when the rules refused the bot's own."""

    # A player may also define `questions(view) -> Sequence[Mapping]`: the questions (wire
    # payloads) it asks before ordering in the phase `view` opens; it is then shown its view again,
    # with the answers, before `order` is called.


@attrs.frozen
class Tally:
    """A game's score as it stands, per side: the arena's figures, read from the truth."""

    points: Mapping[str, float] = attrs.field(factory=dict)  # victory points (or the scenario's measure)
    lost: Mapping[str, int] = attrs.field(factory=dict)  # ships (or units) lost


@attrs.frozen
class Option:
    """A choice made when a game is created (an optional rule, seats per side, ...)."""

    default: Any
    choices: tuple[Any, ...]
    help: str = ""


@attrs.frozen
class Waiting:
    """What a seat is told of whom its phase waits for: the seats of its own side whose orders
    are not in, by name, among those its own view shows taking part in the phase (itself left
    out: its own part it is told anyway). Nothing of the other sides, not even a count
    (docs/decisions.md, "What a seat may learn from the shape of the stream")."""

    seats: tuple[str, ...] = ()


@attrs.frozen
class Resolution:
    """The next state, what happened (with audiences), and every roll made on the way."""

    state: GameState
    events: tuple[Event, ...] = ()
    rolls: tuple[Roll, ...] = ()


class Ruleset(abc.ABC):
    """A game's rules. Hooks that refuse (`check_order`, `parse_*`, `answer`) must decide from
    what the asking seat may know, never from hidden state: a refusal is a message too."""

    name: ClassVar[str]
    title: ClassVar[str]
    terminal_client: ClassVar[str | None] = None  # dotted path of the seats' terminal client (its play_seat)
    # The phases of a turn, in order; orders, statuses and observations name them.
    phases: ClassVar[tuple[str, ...]] = ("orders",)

    @abc.abstractmethod
    def scenarios(self) -> Sequence[str]:
        """The scenario ids this ruleset ships."""
        ...

    @abc.abstractmethod
    def new_game(self, scenario: str, seed: bytes, options: Mapping[str, Any] = ...) -> GameState:
        """The state before the first phase (the core sets its phase and options).

        `options` is passed only when the scenario offers any (see `options`)."""
        ...

    def options(self, scenario: str) -> Mapping[str, Option]:
        """The options a game of `scenario` may be created with, by name."""
        return {}

    @abc.abstractmethod
    def seats(self, state: GameState) -> tuple[Seat, ...]:
        """The player seats of the game, each on a side (the umpire is not one of them)."""
        ...

    def seat_names(self, state: GameState) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats(state))

    def phase_title(self, phase: str) -> str:
        """A phase's name as a player reads it ("write_moves" -> "write moves"), for the engine's
        own words about a phase. By default its id with spaces."""
        return phase.replace("_", " ")

    def side_titles(self, state: GameState) -> Mapping[str, str]:
        """Each side's name as a player reads it ("us" -> "the United States"), for every side a
        result may name. By default the side's id in words, with a capital."""
        return {side: side.replace("_", " ").capitalize() for side in dict.fromkeys(s.side for s in self.seats(state))}

    def seats_to_act(self, state: GameState) -> frozenset[str]:
        """The seats whose orders the phase now open (`state.phase`) waits for.

        Computed from what the seats may know (the clock, their own units), never from hidden
        state: a seat is told whether it must act, and the phase resolving tells every seat
        that everyone who had to act has acted."""
        return frozenset(self.seat_names(state))

    @abc.abstractmethod
    def parse_order(self, seat: str, payload: Mapping[str, Any]) -> Any:
        """Turn a wire payload into the ruleset's order value; raise `Refused` if it is not one.
        Any JSON value may be in any field: read each by its type (`fields`), so that nothing
        past the parser meets a value of a type it does not expect (as for `parse_question`
        and `parse_override`)."""
        ...

    @abc.abstractmethod
    def unparse_order(self, order: Any) -> Mapping[str, Any]: ...

    @abc.abstractmethod
    def check_order(self, state: GameState, seat: str, order: Any) -> None:
        """Raise `Refused` if the rules forbid the order. Uses only what `seat` knows."""
        ...

    def order_refusals(self, state: GameState, seat: str, order: Any) -> Sequence[Refused]:
        """Every rule the order breaks, each as the `Refused` it would raise, so a player sees them
        all at once: empty exactly when `check_order` passes, and the first is the one it raises.
        Uses only what `seat` knows. By default, `check_order`'s one refusal."""
        try:
            self.check_order(state, seat, order)
        except Refused as refusal:
            return (refusal,)
        return ()

    @abc.abstractmethod
    def standing_order(self, state: GameState, seat: str) -> Any:
        """The order a seat is taken to have given when the umpire releases a turn without one."""
        ...

    @abc.abstractmethod
    def resolve(self, state: GameState, orders: Mapping[str, Any]) -> Resolution:
        """Resolve the phase `state.phase` with every acting seat's order. Leave the clock
        (`turn`, `phase`) as it is: the core moves it to the next phase."""
        ...

    def carry_out(self, state: GameState, seat: str, order: Any, refusal: Refused) -> tuple[Any, str]:
        """An order the umpire gave that the rules refuse (`refusal`), carried out as far as
        the rules allow: undone and redone to meet them, never rewritten in intent. Returns the
        order and a sentence for the seat saying what changed; raises `Refused` if nothing can
        be carried out."""
        raise refusal

    def parse_question(self, seat: str, payload: Mapping[str, Any]) -> Any:
        """A seat's question as the ruleset reads it; raise `Refused` if it is not one."""
        raise Refused("no_questions", "This game takes no questions.")

    def answer(self, state: GameState, seat: str, question: Any) -> Resolution:
        """The answer, as an `Answer` event told to `seat` (it may roll dice and change what
        the seat knows, so it replays and verifies like any input)."""
        raise Refused("no_questions", "This game takes no questions.")

    def talk_audience(self, state: GameState, seat: str) -> frozenset[str]:
        """The seats that hear `seat` talk (the speaker and the umpire always do): its own side.
        A ruleset whose talk the enemy hears (Supremacy at Sea 4.2: signals in the open) returns
        them too. Decided from what the speaker may know, like every hook a seat's input reaches."""
        seats = self.seats(state)
        side = next(s.side for s in seats if s.name == seat)
        return frozenset(s.name for s in seats if s.side == side)

    def friends_to_act(self, view: Mapping[str, Any]) -> Iterable[str]:
        """The seats of the viewer's own side (itself left out) that its view shows taking part in
        the phase now open: the only seats a player is ever told are still to order, by name.
        `view` is exactly what the seat is sent (`observe`, as plain maps): there is no way from
        here to the truth, so what a seat learns of the others' readiness can only follow from
        what it knows. By default none: a ruleset whose seats see their consorts (a shared plot, a
        ship in sight) names them; nobody is ever told anything of the other sides."""
        return ()

    def nothing_to_order(self, view: Mapping[str, Any], chart: Mapping[str, Any]) -> bool:
        """Whether a seat whose view (as it is sent, plain maps) and chart are these has nothing it
        could order in the phase now open: no gun that reaches an enemy it knows of, no torpedo,
        no light to burn. Such a seat is passed with its standing order without a Send
        (`core.pass_over`). Judged from what the seat is sent alone, like `friends_to_act`; by
        default never (a seat always decides)."""
        return False

    def check_private_talk(self, state: GameState, seat: str, to: str) -> None:
        """Raise `Refused` unless `seat` may talk privately to the seat `to` (both players' seats,
        not the same): heard by the two of them and the umpire alone. By default only to a seat
        of its own side; a ruleset whose rules put every signal in the open refuses it all."""
        sides = {s.name: s.side for s in self.seats(state)}
        if sides[to] != sides[seat]:
            raise Refused("not_your_side", f"Private talk goes to a seat of your own side; {to} is not.")

    @abc.abstractmethod
    def observe(self, state: GameState, seat: str, since: int | None = None) -> Any:
        """What `seat` may know now (the umpire seat sees the truth, less the seed).

        A seat's reports are those of the last turn, or from turn `since` on (1: the whole game).
        """
        ...

    @abc.abstractmethod
    def chart(self, state: GameState, seat: str) -> Any:
        """The unchanging chart a seat plays on (the umpire's map for the umpire)."""
        ...

    @abc.abstractmethod
    def parse_override(self, payload: Mapping[str, Any]) -> Any: ...

    @abc.abstractmethod
    def apply_override(self, state: GameState, override: Any, reason: str) -> Resolution: ...

    def override_told(self, before: GameState, after: GameState, override: Any) -> Mapping[str, str]:
        """What each seat is told of the umpire's override, from what it may know: seat -> a
        sentence (its own ship moved, say). By default each seat whose picture the override
        changed is told so in general words (it is sent the changed picture anyway); a ruleset
        may say what changed of the seat's own units."""
        return {
            seat: "The umpire's ruling has changed your picture of the game: see your map."
            for seat in self.seat_names(after)
            if to_plain(self.observe(before, seat)) != to_plain(self.observe(after, seat))
        }

    def briefing(self, state: GameState, seat: str) -> Mapping[str, Any]:
        """What `seat` is told before the first turn (title, mission, start); the umpire's
        briefing for the umpire."""
        return {}

    # Battles fought in another game (`engagement.py`). A parent ruleset lists the battles it waits
    # on; while any is listed the phase that made it stays open (`game.settle` closes it).

    def engagements(self, state: GameState) -> Mapping[str, Engagement]:
        """The battles this game waits on, by id: none unless the ruleset hands battles out."""
        return {}

    def settle_engagement(self, state: GameState, engagement: str, result: EngagementResult) -> Resolution:
        """Apply a battle's result and carry on with the phase that waits on it (the id is one
        of `engagements`, the result checked against it)."""
        raise Refused("unknown_engagement", "This game waits on no battle.")

    def fights(self, engagement: Engagement) -> bool:
        """Whether this ruleset can fight `engagement` as a game of its own."""
        return False

    def new_engagement(self, engagement: Engagement, seed: bytes) -> GameState:
        """The state of a game that fights `engagement`, its seats the engagement's seats."""
        raise Refused("bad_engagement", f"The {self.name} rules fight no battles handed to them.")

    def engagement_result(self, state: GameState) -> EngagementResult | None:
        """What came of the battle, once the game that fought it is over."""
        return None

    def error_codes(self) -> Mapping[str, str]:
        """The refusal codes this ruleset's hooks use, each with a sentence, for client authors."""
        return {}

    def bot(self, scenario: str, seat: str, chart: Mapping[str, Any]) -> Bot | None:
        """A built-in player for `seat`, playing from that seat's chart and views alone."""
        return None

    def table_reader(self, table: str) -> Callable[[int], str] | None:
        """How to read a total on `table`, for `fogbank verify`."""
        return None

    # The arena's measures (`fogbank arena`): which rules a game offers and how often players used
    # them, read from the game's log records, and the score from the truth at the end.

    def rules_offered(self, scenario: str, options: Mapping[str, Any]) -> Mapping[str, str]:
        """The rules a game of `scenario` with `options` offers its players: key -> words
        ("smoke": "smoke laid"). The keys are those `rules_used` names."""
        return {}

    def rules_used(self, record: Mapping[str, Any]) -> Iterable[str]:
        """The offered rules one log record (an input or an event, as `gamelog` writes them)
        shows in use, by key, once per use. A key that is not offered is counted as a detail
        (a secret mine's hex, say): shown, but held to no goal."""
        return ()

    def tally(self, state: GameState) -> Tally:
        """Victory points and losses per side as the game stands."""
        return Tally()

    def describe(self, event: Event) -> str:
        """The event in plain words, for the seat (or umpire) it is told to."""
        return talk_words(event) if isinstance(event, Talk) else event.kind


_last_sides: tuple[GameState | None, tuple[Seat, ...] | None, Mapping[str, str]] = (None, None, {})


def seat_sides(ruleset: Ruleset, state: GameState) -> Mapping[str, str]:
    """Each seat's side, worked out once for a state however often it is asked: the server asks
    it for every seat after every input (whom each is told the phase waits for), and a ruleset
    may build its seats from the whole state. States are frozen: the last one asked is kept, by
    identity."""
    global _last_sides
    last = _last_sides  # read once: the triple is replaced whole, never changed in place
    if last[0] is state:
        return last[2]
    seats = ruleset.seats(state)
    # A ruleset whose seats never change gives the same tuple for every state: the same sides.
    sides = last[2] if seats is last[1] else {seat.name: seat.side for seat in seats}
    _last_sides = (state, seats, sides)
    return sides


def talk_words(event: Talk) -> str:
    """A seat's talk as the log and its hearers read it: who said what (and to whom, if privately)."""
    return f"{event.seat} to {event.to}: {event.text}" if event.to else f"{event.seat}: {event.text}"


_RULESETS: dict[str, Ruleset] = {}
_BUILTINS_LOADED = False


def register(ruleset_class: type[Ruleset]) -> type[Ruleset]:
    _RULESETS[ruleset_class.name] = ruleset_class()
    return ruleset_class


def find_ruleset(name: str) -> Ruleset:
    found = _RULESETS.get(name)  # the common case first: called several times a turn
    if found is not None:
        return found
    _load_builtin()
    try:
        return _RULESETS[name]
    except KeyError:
        raise LookupError(f"no ruleset called {name!r}; known: {', '.join(sorted(_RULESETS))}") from None


def rulesets() -> dict[str, Ruleset]:
    _load_builtin()
    return dict(_RULESETS)


def host_for(engagement: Engagement, parent: str) -> Ruleset:
    """The ruleset to fight `engagement` handed over by the ruleset `parent`: the first by name,
    other than the parent, that says it can. Raises `Refused` (bad_engagement) if none can."""
    for name, ruleset in sorted(rulesets().items()):
        if name != parent and ruleset.fights(engagement):
            return ruleset
    raise Refused("bad_engagement", "No ruleset here can fight that battle.")


def find_scenario(scenario: str) -> tuple[Ruleset, str]:
    """The ruleset that ships `scenario` (a scenario id, or "ruleset/scenario")."""
    if "/" in scenario:
        name, _, scenario = scenario.partition("/")
        ruleset = find_ruleset(name)
        if scenario in ruleset.scenarios():
            return ruleset, scenario
    else:
        for ruleset in rulesets().values():
            if scenario in ruleset.scenarios():
                return ruleset, scenario
        if scenario in _RULESETS:  # a ruleset name alone: its first scenario
            return _RULESETS[scenario], _RULESETS[scenario].scenarios()[0]
    raise LookupError(f"no scenario called {scenario!r}")


def _load_builtin() -> None:
    """Import every ruleset once: each folder of `fogbank.rules` that is not the engine's own,
    then any installed package's entry points in the group "fogbank.rules". Each registers itself
    as it is imported; rulesets registered before (a test's toy, say) stay as they are."""
    global _BUILTINS_LOADED
    if _BUILTINS_LOADED:
        return
    _BUILTINS_LOADED = True
    from . import plugins  # imported late: rulesets import the core

    plugins.import_all()

"""The one interface every ruleset implements, and the registry that finds them.

Like python-chess variants: a ruleset is a small class with a name and a few hooks; scenarios
are data files it loads. The core and the shells only ever talk to rulesets through this class.

`Ruleset` below holds what every ruleset must write: its name and phases, its scenarios, its
seats, its orders and their resolution, what each seat sees, and the umpire's overrides. The
optional hooks are in named groups (`hooks.py`: opening, words, talk and waiting, questions,
umpire tools, engagements, arena measures, players), each with defaults right for a game without
the feature; `Ruleset` inherits them all. fogbank/rules/README.md says where to start.
"""

from __future__ import annotations

import abc
import difflib
import inspect
from typing import Any, ClassVar, Mapping, Sequence

import attrs

from .dice import Roll
from .engagement import Engagement
from .errors import Refused
from .events import Event
from .hooks import (
    GROUPS,
    ArenaMeasures,
    Bot,
    Engagements,
    Opening,
    Option,
    Players,
    Questions,
    TalkAndWaiting,
    Tally,
    UmpireTools,
    Words,
    hooks_of,
    talk_words,
)
from .seats import Seat
from .state import GameState

__all__ = [
    "Bot", "Option", "Resolution", "Ruleset", "Tally", "Waiting", "find_ruleset", "find_scenario", "host_for",
    "register", "rulesets", "seat_sides", "talk_words",
]


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


class Ruleset(
    Opening, Words, TalkAndWaiting, Questions, UmpireTools, Engagements, ArenaMeasures, Players, abc.ABC
):
    """A game's rules: the hooks below every ruleset writes; the optional groups it inherits
    (`hooks.py`) it overrides where its rules need them. Hooks that refuse (`check_order`,
    `parse_*`, `answer`) must decide from what the asking seat may know, never from hidden
    state: a refusal is a message too."""

    name: ClassVar[str]  # the ruleset's id: its folder's name, in logs, tokens' games and commands
    title: ClassVar[str]  # its name as a player reads it
    # The phases of a turn, in order; orders, statuses and observations name them.
    phases: ClassVar[tuple[str, ...]] = ("orders",)

    # The game and its seats.

    @abc.abstractmethod
    def scenarios(self) -> Sequence[str]:
        """The scenario ids this ruleset ships."""
        ...

    @abc.abstractmethod
    def new_game(self, scenario: str, seed: bytes, options: Mapping[str, Any] = ...) -> GameState:
        """The state before the first phase (the core sets its phase and options).

        `options` is passed only when the scenario offers any (see `options`)."""
        ...

    @abc.abstractmethod
    def seats(self, state: GameState) -> tuple[Seat, ...]:
        """The player seats of the game, each on a side (the umpire is not one of them)."""
        ...

    def seat_names(self, state: GameState) -> tuple[str, ...]:
        """The seats' names, in `seats`' order: written here once, overridden only for speed."""
        return tuple(seat.name for seat in self.seats(state))

    # Orders and the phase's resolution.

    @abc.abstractmethod
    def parse_order(self, seat: str, payload: Mapping[str, Any]) -> Any:
        """Turn a wire payload into the ruleset's order value; raise `Refused` if it is not one.
        Any JSON value may be in any field: read each by its type (`fields`), so that nothing
        past the parser meets a value of a type it does not expect (as for `parse_question`
        and `parse_override`)."""
        ...

    @abc.abstractmethod
    def unparse_order(self, order: Any) -> Mapping[str, Any]:
        """The order as a wire payload again, which `parse_order` reads back to the same order:
        what the log keeps of a standing order or an umpire's amendment carried out."""
        ...

    @abc.abstractmethod
    def check_order(self, state: GameState, seat: str, order: Any) -> None:
        """Raise `Refused` if the rules forbid the order. Uses only what `seat` knows."""
        ...

    @abc.abstractmethod
    def standing_order(self, state: GameState, seat: str) -> Any:
        """The order a seat is taken to have given when the umpire releases a turn without one."""
        ...

    @abc.abstractmethod
    def resolve(self, state: GameState, orders: Mapping[str, Any]) -> Resolution:
        """Resolve the phase `state.phase` with every acting seat's order. Leave the clock
        (`turn`, `phase`) as it is: the core moves it to the next phase."""
        ...

    # What each seat sees.

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

    # The umpire's overrides: every game lets the umpire change the truth, with a reason.

    @abc.abstractmethod
    def parse_override(self, payload: Mapping[str, Any]) -> Any:
        """An umpire's override payload as the ruleset reads it; raise `Refused` if it is not one."""
        ...

    @abc.abstractmethod
    def apply_override(self, state: GameState, override: Any, reason: str) -> Resolution:
        """The truth as the override leaves it, with what happened (told to whom) and any rolls;
        raise `Refused` if the rules cannot take it."""
        ...


REQUIRED: tuple[str, ...] = tuple(sorted(Ruleset.__abstractmethods__))  # the hooks every ruleset writes
OPTIONAL: tuple[str, ...] = tuple(hook for group in GROUPS for hook in hooks_of(group))  # each in one group
HOOKS: frozenset[str] = frozenset({*REQUIRED, "name", "title", "phases", "seat_names", *OPTIONAL})


_last_sides: tuple[GameState | None, Mapping[str, str]] = (None, {})


def seat_sides(ruleset: Ruleset, state: GameState) -> Mapping[str, str]:
    """Each seat's side, worked out once for a state however often it is asked: the server asks
    it for every seat after every input (whom each is told the phase waits for), and a ruleset
    may build its seats from the whole state. States are frozen: the last one asked is kept, by
    identity."""
    global _last_sides
    last = _last_sides  # read once: the pair is replaced whole, never changed in place
    if last[0] is state:
        return last[1]
    sides = {seat.name: seat.side for seat in ruleset.seats(state)}
    _last_sides = (state, sides)
    return sides


_RULESETS: dict[str, Ruleset] = {}
_BUILTINS_LOADED = False


def register(ruleset_class: type[Ruleset]) -> type[Ruleset]:
    """Make `ruleset_class` findable by its name (a class decorator). Raises TypeError for a
    public method that is no hook: misspelt, it would never be called, and the game would
    silently play by the default (a ruleset's own helpers are named with a leading "_")."""
    for name, value in vars(ruleset_class).items():
        if inspect.isfunction(value) and not name.startswith("_") and name not in HOOKS:
            close = difflib.get_close_matches(name, HOOKS, n=1)
            meant = f" (did you mean {close[0]}?)" if close else ""
            raise TypeError(
                f"{ruleset_class.__name__}.{name} is no hook of Ruleset{meant}: name a helper with a"
                " leading '_' (the hooks: fogbank/rules/README.md)"
            )
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

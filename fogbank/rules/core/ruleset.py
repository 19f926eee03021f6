"""The one interface every ruleset implements, and the registry that finds them.

Like python-chess variants: a ruleset is a small class with a name and a few hooks; scenarios
are data files it loads. The core and the shells only ever talk to rulesets through this class.
"""

from __future__ import annotations

import abc
from typing import Any, Callable, ClassVar, Mapping, Protocol, Sequence

import attrs

from .dice import Roll
from .events import Event
from .state import GameState


class Bot(Protocol):
    """A built-in player: it sees what its seat is sent (plain maps), and answers with orders."""

    def order(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """The order for the turn `view` opens, as a wire payload."""

    def standing(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """A safe order to give instead when the rules refused the bot's own."""


@attrs.frozen
class Resolution:
    """The next state, what happened (with audiences), and every roll made on the way."""

    state: GameState
    events: tuple[Event, ...] = ()
    rolls: tuple[Roll, ...] = ()


class Ruleset(abc.ABC):
    name: ClassVar[str]
    title: ClassVar[str]

    @abc.abstractmethod
    def scenarios(self) -> Sequence[str]:
        """The scenario ids this ruleset ships."""
        ...

    @abc.abstractmethod
    def new_game(self, scenario: str, seed: bytes) -> GameState: ...

    @abc.abstractmethod
    def seats(self, state: GameState) -> tuple[str, ...]:
        """The player seats of the game (the umpire is not one of them)."""
        ...

    def seats_to_act(self, state: GameState) -> frozenset[str]:
        """The seats whose orders the turn waits for."""
        return frozenset(self.seats(state))

    @abc.abstractmethod
    def parse_order(self, seat: str, payload: Mapping[str, Any]) -> Any:
        """Turn a wire payload into the ruleset's order value; raise `Refused` if it is not one."""
        ...

    @abc.abstractmethod
    def unparse_order(self, order: Any) -> Mapping[str, Any]: ...

    @abc.abstractmethod
    def check_order(self, state: GameState, seat: str, order: Any) -> None:
        """Raise `Refused` if the rules forbid the order. Uses only what `seat` knows."""
        ...

    @abc.abstractmethod
    def standing_order(self, state: GameState, seat: str) -> Any:
        """The order a seat is taken to have given when the umpire releases a turn without one."""
        ...

    @abc.abstractmethod
    def resolve(self, state: GameState, orders: Mapping[str, Any]) -> Resolution: ...

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

    def briefing(self, state: GameState) -> Mapping[str, Any]:
        """What every seat is told before the first turn (title, mission, start)."""
        return {}

    def bot(self, scenario: str, seat: str, chart: Mapping[str, Any]) -> Bot | None:
        """A built-in player for `seat`, playing from that seat's chart and views alone."""
        return None

    def table_reader(self, table: str) -> Callable[[int], str] | None:
        """How to read a total on `table`, for `fogbank verify`."""
        return None

    def describe(self, event: Event) -> str:
        """The event in plain words, for the seat (or umpire) it is told to."""
        return event.kind


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

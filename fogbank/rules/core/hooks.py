"""The optional hooks of a ruleset, in named groups.

`Ruleset` (ruleset.py) holds what every ruleset must write. Everything here has a default that
is right for a game without the feature, so a new ruleset starts with none of it and overrides a
group's hooks when its rules have that feature. `Ruleset` inherits every group, so the core and
the shells call any hook on any ruleset; a ruleset never lists the groups it uses.

  Opening          the options a game is made with, each seat's briefing
  Words            names, events, refusal codes and table totals in a player's words
  TalkAndWaiting   who must act, whom a seat is told it waits for, who hears talk
  Questions        every rule an order breaks (the `check` request), questions the rules answer
  UmpireTools      an umpire's order carried out as far as the rules allow, what an override tells
  Engagements      battles handed to another game, or fought for one
  ArenaMeasures    which rules a game offers and uses, and its score (`fogbank arena`)
  Players          a built-in player for a seat, a terminal client

A hook a seat's input reaches decides from what that seat may know, never from hidden state.
A group's defaults call the required hooks (`seats`, `observe`, `check_order`) of the `Ruleset`
they are part of.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Mapping, Protocol, Sequence

import attrs

from .errors import Refused
from .events import Event, Talk
from .plain import to_plain
from .scenarios import Checked, ScenarioError

if TYPE_CHECKING:
    from .engagement import Engagement, EngagementResult
    from .ruleset import Resolution
    from .state import GameState


@attrs.frozen
class Option:
    """A choice made when a game is created (an optional rule, seats per side, ...)."""

    default: Any
    choices: tuple[Any, ...]
    help: str = ""


class Opening:
    """Before the first turn: its scenario files read and checked (for `fogbank scenario check`),
    the options a game is made with, and what each seat is told."""

    def check_scenario(self, text: str, source: str, beside: Callable[[str], str | None]) -> Checked:
        """A scenario file's text read as a game of this ruleset reads it (or a map or data file
        its scenarios name): what it sets up, or `ScenarioError` naming `source` and every problem
        (`fogbank scenario check`). `beside(name)` is the text of a file the scenario names (its
        map) lying beside it, or None for the ruleset's own."""
        raise ScenarioError([f"{source}: the {self.name} rules read no scenario files"])

    def options(self, scenario: str) -> Mapping[str, Option]:
        """The options a game of `scenario` may be created with, by name. By default none."""
        return {}

    def briefing(self, state: GameState, seat: str) -> Mapping[str, Any]:
        """What `seat` is told before the first turn (title, mission, start); the umpire's
        briefing for the umpire."""
        return {}


class Words:
    """How the rules' things read to a person: phases, sides, events, refusal codes, table totals."""

    def phase_title(self, phase: str) -> str:
        """A phase's name as a player reads it ("write_moves" -> "write moves"), for the engine's
        own words about a phase. By default its id with spaces."""
        return phase.replace("_", " ")

    def side_titles(self, state: GameState) -> Mapping[str, str]:
        """Each side's name as a player reads it ("us" -> "the United States"), for every side a
        result may name. By default the side's id in words, with a capital."""
        sides = dict.fromkeys(seat.side for seat in self.seats(state))
        return {side: side.replace("_", " ").capitalize() for side in sides}

    def describe(self, event: Event) -> str:
        """The event in plain words, for the seat (or umpire) it is told to."""
        return talk_words(event) if isinstance(event, Talk) else event.kind

    def error_codes(self) -> Mapping[str, str]:
        """The refusal codes this ruleset's hooks use, each with a sentence, for client authors."""
        return {}

    def table_reader(self, table: str) -> Callable[[int], str] | None:
        """How to read a total on `table`, for `fogbank verify`."""
        return None


def talk_words(event: Talk) -> str:
    """A seat's talk as the log and its hearers read it: who said what (and to whom, if privately)."""
    return f"{event.seat} to {event.to}: {event.text}" if event.to else f"{event.seat}: {event.text}"


class TalkAndWaiting:
    """Who must act in the phase now open, what a seat is told of whom it waits for, whether a
    seat is passed over, and who hears a seat talk. By default every seat acts in every phase,
    nobody is told of another's readiness, and talk stays on the speaker's side."""

    def seats_to_act(self, state: GameState) -> frozenset[str]:
        """The seats whose orders the phase now open (`state.phase`) waits for.

        Computed from what the seats may know (the clock, their own units), never from hidden
        state: a seat is told whether it must act, and the phase resolving tells every seat
        that everyone who had to act has acted."""
        return frozenset(self.seat_names(state))

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

    def talk_audience(self, state: GameState, seat: str) -> frozenset[str]:
        """The seats that hear `seat` talk (the speaker and the umpire always do): its own side.
        A ruleset whose talk the enemy hears (signals in the open) returns them too. Decided from
        what the speaker may know, like every hook a seat's input reaches."""
        seats = self.seats(state)
        side = next(s.side for s in seats if s.name == seat)
        return frozenset(s.name for s in seats if s.side == side)

    def check_private_talk(self, state: GameState, seat: str, to: str) -> None:
        """Raise `Refused` unless `seat` may talk privately to the seat `to` (both players' seats,
        not the same): heard by the two of them and the umpire alone. By default only to a seat
        of its own side; a ruleset whose rules put every signal in the open refuses it all."""
        sides = {s.name: s.side for s in self.seats(state)}
        if sides[to] != sides[seat]:
            raise Refused("not_your_side", f"Private talk goes to a seat of your own side; {to} is not.")


class Questions:
    """What a seat may ask before it orders: every rule a draft order breaks (the `check`
    request), and questions the rules answer (a range, a ship's roster), which may roll dice."""

    def order_refusals(self, state: GameState, seat: str, order: Any) -> Sequence[Refused]:
        """Every rule the order breaks, each as the `Refused` it would raise, so a player sees them
        all at once: empty exactly when `check_order` passes, and the first is the one it raises.
        Uses only what `seat` knows. By default, `check_order`'s one refusal."""
        try:
            self.check_order(state, seat, order)
        except Refused as refusal:
            return (refusal,)
        return ()

    def parse_question(self, seat: str, payload: Mapping[str, Any]) -> Any:
        """A seat's question as the ruleset reads it; raise `Refused` if it is not one."""
        raise Refused("no_questions", "This game takes no questions.")

    def answer(self, state: GameState, seat: str, question: Any) -> Resolution:
        """The answer, as an `Answer` event told to `seat` (it may roll dice and change what
        the seat knows, so it replays and verifies like any input)."""
        raise Refused("no_questions", "This game takes no questions.")


class UmpireTools:
    """The umpire's hand beyond overrides (`parse_override`, `apply_override`, which every
    ruleset writes): an order the rules refuse carried out as far as they allow, and what each
    seat is told of an override."""

    def carry_out(self, state: GameState, seat: str, order: Any, refusal: Refused) -> tuple[Any, str]:
        """An order the umpire gave that the rules refuse (`refusal`), carried out as far as
        the rules allow: undone and redone to meet them, never rewritten in intent. Returns the
        order and a sentence for the seat saying what changed; raises `Refused` if nothing can
        be carried out. By default nothing can."""
        raise refusal

    def override_told(self, before: GameState, after: GameState, override: Any) -> Mapping[str, str]:
        """What each seat is told of the umpire's override, from what it may know: seat -> a
        sentence (its own ship moved, say). By default each seat whose picture the override
        changed is told so in general words (it is sent the changed picture anyway); a ruleset
        may say what changed of the seat's own units."""
        observe = self.observe
        return {
            seat: "The umpire's ruling has changed your picture of the game: see your map."
            for seat in self.seat_names(after)
            if to_plain(observe(before, seat)) != to_plain(observe(after, seat))
        }


class Engagements:
    """Battles fought in another game (`engagement.py`). A parent ruleset lists the battles it
    waits on; while any is listed the phase that made it stays open (`game.settle` closes it).
    A ruleset that fights battles handed to it says which (`fights`) and makes their games."""

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


@attrs.frozen
class Tally:
    """A game's score as it stands, per side: the arena's figures, read from the truth."""

    points: Mapping[str, float] = attrs.field(factory=dict)  # victory points (or the scenario's measure)
    lost: Mapping[str, int] = attrs.field(factory=dict)  # ships (or units) lost


class ArenaMeasures:
    """The arena's measures (`fogbank arena`): which rules a game offers and how often players
    used them, read from the game's log records, and the score from the truth at the end."""

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


class Bot(Protocol):
    """A built-in player: it sees what its seat is sent (plain maps), and answers with orders."""

    def order(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """The order for the turn `view` opens, as a wire payload."""

    def standing(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """A safe order to give instead when the rules refused the bot's own."""

    # A player may also define `questions(view) -> Sequence[Mapping]`: the questions (wire
    # payloads) it asks before ordering in the phase `view` opens; it is then shown its view again,
    # with the answers, before `order` is called.


class Players:
    """Who may sit at a seat besides a person at the browser page (the ruleset's `client/`): a
    built-in player, which the simulator, the arena and `make play` seat, and which the umpire
    may hand a seat to; and a terminal client."""

    terminal_client: ClassVar[str | None] = None  # dotted path of the seats' terminal client (its play_seat)

    def bot(self, scenario: str, seat: str, chart: Mapping[str, Any]) -> Bot | None:
        """The ruleset's standard built-in player for `seat`, playing from that seat's chart and
        views alone (named plans are registered apart, with `players.policy`). By default none."""
        return None


GROUPS: tuple[type, ...] = (
    Opening, Words, TalkAndWaiting, Questions, UmpireTools, Engagements, ArenaMeasures, Players,
)


def hooks_of(group: type) -> tuple[str, ...]:
    """The hooks a group offers: its public methods and class attributes, in the order written."""
    return tuple(name for name in vars(group) if not name.startswith("_"))

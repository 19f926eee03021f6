"""The wire schema: every message either side may send, as frozen values.

Each message class names its wire tag in `tag`; on the wire it is the "type" field of the
message map. `ClientMessage` and `ServerMessage` are the tagged unions, one per direction.

Ruleset payloads (an order, an override, a view, a log record) are `Payload`: plain JSON data
(maps with text keys, lists, text, integers, finite floats, true, false, null). The schema
checks their shape and limits, never their meaning: that is the ruleset's job.
"""

from __future__ import annotations

from typing import Any, ClassVar, Union

import attrs

Payload = dict[str, Any]


# Client -> server ----------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Join:
    """Open the seat (or umpire view) the token belongs to; resume after `last_seq` if given."""

    tag: ClassVar[str] = "join"
    token: str
    last_seq: int | None = None
    # The client takes an observation carrying `ack` as its order's ack: the server may then
    # answer an order that resolves the turn with that one frame. Asked for, so a v1 client
    # written before it, waiting for a separate `ack`, is never left waiting.
    folded_ack: bool = False


@attrs.frozen(kw_only=True)
class Glance:
    """Before joining: where the game of the seat `token` opens stands, as that seat would be told
    it on joining (a list of a browser's games). Answered by `summary`; the connection stays unjoined."""

    tag: ClassVar[str] = "glance"
    ref: int
    token: str


@attrs.frozen(kw_only=True)
class SubmitOrder:
    """The seat's order for `turn` (and `phase`, when given), as the ruleset reads it."""

    tag: ClassVar[str] = "order"
    ref: int
    turn: int
    order: Payload
    phase: str | None = None


@attrs.frozen(kw_only=True)
class CheckOrder:
    """A draft order, checked as `order` would be and not taken: the reply (`checked`) lists the
    refusals it would get. The umpire names the `seat` whose order it checks (an amendment's)."""

    tag: ClassVar[str] = "check"
    ref: int
    turn: int
    order: Payload
    phase: str | None = None
    seat: str | None = None


@attrs.frozen(kw_only=True)
class Ask:
    """A seat's question to the rules (an open roster's, say); the answer comes on the stream."""

    tag: ClassVar[str] = "ask"
    ref: int
    question: Payload


@attrs.frozen(kw_only=True)
class Talk:
    """A seat's words to its own side (and to whoever else its ruleset says hears them)."""

    tag: ClassVar[str] = "talk"
    ref: int
    text: str
    to: str | None = None  # one seat to say it to privately, where the rules allow (welcome's talk_to)


@attrs.frozen(kw_only=True)
class Observe:
    """Ask for a fresh snapshot of one's own view; the umpire may name any seat."""

    tag: ClassVar[str] = "observe"
    ref: int
    seat: str | None = None


@attrs.frozen(kw_only=True)
class Hold:
    """Umpire: hold `phases` (every phase when None) for release (`held` true), or stop holding."""

    tag: ClassVar[str] = "hold"
    ref: int
    held: bool
    phases: list[str] | None = None


@attrs.frozen(kw_only=True)
class Release:
    """Umpire: release the turn now; seats without an order keep their standing order."""

    tag: ClassVar[str] = "release"
    ref: int


@attrs.frozen(kw_only=True)
class Override:
    """Umpire: change the truth, for a reason that goes in the record."""

    tag: ClassVar[str] = "override"
    ref: int
    override: Payload
    reason: str
    tell: bool = False  # tell each seat whose picture it changes, in words (`Ruleset.override_told`)


@attrs.frozen(kw_only=True)
class Amend:
    """Umpire: give `seat`'s order for this phase, for a reason the seat is told."""

    tag: ClassVar[str] = "amend"
    ref: int
    seat: str
    order: Payload
    reason: str


@attrs.frozen(kw_only=True)
class Narrate:
    """Umpire: a message in the umpire's own words to one seat."""

    tag: ClassVar[str] = "narrate"
    ref: int
    seat: str
    text: str


@attrs.frozen(kw_only=True)
class EndGame:
    """Umpire: end the game now; the seed is then revealed to everyone."""

    tag: ClassVar[str] = "end"
    ref: int
    reason: str
    results: dict[str, str] | None = None  # side -> result; "ended" for a side not named


@attrs.frozen(kw_only=True)
class SetSpectatorDelay:
    """Umpire: offer spectators the umpire's view `turns` turns late (None: no spectators)."""

    tag: ClassVar[str] = "spectate"
    ref: int
    turns: int | None


@attrs.frozen(kw_only=True)
class Reissue:
    """Umpire: a new link for `seat` (a player's seat, or the spectators'); its old token opens
    nothing from now on, and its connections are closed. The seat's record and stream go on."""

    tag: ClassVar[str] = "reissue"
    ref: int
    seat: str


@attrs.frozen(kw_only=True)
class StandIn:
    """Umpire: hand `seat` to the ruleset's built-in player (`bot` true), which plays it inside
    the server from that seat's view alone, or take it back for its player (`bot` false)."""

    tag: ClassVar[str] = "stand_in"
    ref: int
    seat: str
    bot: bool


@attrs.frozen(kw_only=True)
class SetDeadlines:
    """Umpire: the time a phase's orders may take, in seconds: `every` phase (None: no limit),
    and `phases` naming some phases' own (None: that phase has none). When it runs out, missing
    orders are taken as standing orders."""

    tag: ClassVar[str] = "deadlines"
    ref: int
    every: int | None = None
    phases: dict[str, int | None] = attrs.Factory(dict)


@attrs.frozen(kw_only=True)
class Extend:
    """Umpire: put the deadline of the phase now open `seconds` later."""

    tag: ClassVar[str] = "extend"
    ref: int
    seconds: int


@attrs.frozen(kw_only=True)
class SetNudges:
    """Umpire: where the game's nudges go: a `webhook` URL (None: none) for the game's chat, and
    each seat's e-mail `addresses` (a seat left out keeps its address; None or "" clears it)."""

    tag: ClassVar[str] = "nudges"
    ref: int
    webhook: str | None = None
    addresses: dict[str, str | None] = attrs.Factory(dict)


@attrs.frozen(kw_only=True)
class NudgeMe:
    """A player: where this seat's own nudges go, an e-mail address or a webhook URL ("" or None:
    nowhere, nudges off). The umpire sees it among the seats' addresses and may change it."""

    tag: ClassVar[str] = "nudge_me"
    ref: int
    to: str | None = None


@attrs.frozen(kw_only=True)
class ListGames:
    """Umpire: the games this connection's token opens, with who is present."""

    tag: ClassVar[str] = "games"
    ref: int


@attrs.frozen(kw_only=True)
class RequestHistory:
    """Umpire: the game's whole record so far, turn by turn, for a console drawn afresh."""

    tag: ClassVar[str] = "history"
    ref: int


@attrs.frozen(kw_only=True)
class RequestSeatLog:
    """Umpire: the messages kept in `seat`'s stream, exactly as that seat was sent them."""

    tag: ClassVar[str] = "seat_log"
    ref: int
    seat: str


@attrs.frozen(kw_only=True)
class RequestTold:
    """A page of what this seat was told before the welcome's `told` began: the entries before
    index `before` of everything it was told (the welcome's `told_first` for the page before it)."""

    tag: ClassVar[str] = "told"
    ref: int
    before: int


@attrs.frozen(kw_only=True)
class Ping:
    tag: ClassVar[str] = "ping"
    ref: int


ClientMessage = Union[
    Join,
    Glance,
    SubmitOrder,
    CheckOrder,
    Ask,
    Talk,
    Observe,
    Hold,
    Release,
    Override,
    Amend,
    Narrate,
    EndGame,
    SetSpectatorDelay,
    Reissue,
    StandIn,
    SetDeadlines,
    Extend,
    SetNudges,
    NudgeMe,
    ListGames,
    RequestHistory,
    RequestSeatLog,
    RequestTold,
    Ping,
]


# Server -> client ----------------------------------------------------------------------------
# `seq`: on a stream message, the seat's own sequence number (1, 2, 3 ... with no gaps); on a
# reply (welcome, ack, error, checked, games, pong), the last stream seq this seat has been sent.


@attrs.frozen(kw_only=True)
class Welcome:
    """The reply to `join`: the game, the seat, and what the seat is told before turn 1."""

    tag: ClassVar[str] = "welcome"
    seq: int
    game: str
    seat: str
    ruleset: str
    scenario: str
    commitment: str  # SHA-256 of the dice seed, hex; the seed comes with `game_over`
    briefing: Payload
    chart: Payload
    seats: list[Payload]  # [{seat, side, title}]
    sides: list[str]
    phases: list[str]  # the ruleset's phases of a turn, in order
    side: str | None  # the seat's side (None for the umpire and spectators)
    turn: int
    phase: str  # the phase now open
    must_act: bool  # whether this seat owes an order in it
    options: Payload
    told: list[Payload]  # the latest narratives, answers, amendments and talk this seat was given
    order_in: bool = False  # whether this seat's own order for the phase now open is in
    talk_to: list[str] = attrs.Factory(list)  # the seats this seat may talk to privately
    waiting: Payload | None = None  # whom the phase waits for, as this seat is told it (see Status)
    deadline: str | None = None  # when the phase's orders are due (see Status)
    # The index of `told`'s first entry in everything the seat was told: 0 when `told` is all of
    # it; those before are asked for a page at a time (`told` request).
    told_first: int = 0
    # Each side's name as a player reads it (side -> title: "us" -> "the United States"), from
    # the ruleset: a page names a side by it, never by its id.
    side_titles: dict[str, str] = attrs.Factory(dict)
    # A spectator's: how many turns behind the game it is shown (None for every other seat).
    behind: int | None = None
    # The umpire's name for the game ('' for none, and then left off the wire): every seat's alike.
    name: str = ""
    # Where this seat's own nudges go (its `nudge_me`, or the umpire's setting; '' for nowhere,
    # and then left off the wire): a player's own, never another seat's.
    nudge_to: str = ""


@attrs.frozen(kw_only=True)
class Observation:
    """A seat's (or the umpire's) view after a turn resolves."""

    tag: ClassVar[str] = "observation"
    seq: int
    turn: int
    view: Payload
    phase: str = ""
    must_act: bool = False
    # This observation also answers the order `ack` of the connection it is sent on: the order is
    # durable, as an `ack` would say (one frame per turn, not two). Only on that connection's
    # frame, never in the stream kept for resume; not on the wire at all when None.
    ack: int | None = None
    waiting: Payload | None = None  # whom the phase now open waits for (see Status); off the wire when None
    deadline: str | None = None  # when its orders are due (see Status); off the wire when None


@attrs.frozen(kw_only=True)
class Snapshot:
    """The whole view, history included: on join, on `observe`, or when a resume is too late."""

    tag: ClassVar[str] = "snapshot"
    seq: int
    turn: int
    view: Payload
    phase: str = ""
    must_act: bool = False


@attrs.frozen(kw_only=True)
class NarrativeMessage:
    tag: ClassVar[str] = "narrative"
    seq: int
    turn: int
    text: str


@attrs.frozen(kw_only=True)
class LinkMessage:
    """The seat's fleet is in a battle fought as a game of its own: its id and this seat's token
    there (open it at `/play#token=...`). Sent to the seats that fight only, never logged."""

    tag: ClassVar[str] = "link"
    seq: int
    turn: int
    game: str
    token: str
    text: str


@attrs.frozen(kw_only=True)
class Status:
    """A seat's own progress in the phase: whether it must act, whether its order is in, and
    whether the umpire holds the phase; whom else the phase waits for, as far as its own view
    shows (`waiting`: {"seats": the consorts of its own side it sees taking part whose orders are
    not in, by name}; nothing of the other sides; None when there is nobody to name), and when the
    phase's orders are due (`deadline`, UTC, ISO 8601; None: no deadline)."""

    tag: ClassVar[str] = "status"
    seq: int
    turn: int
    phase: str
    must_act: bool
    order_in: bool
    held: bool
    waiting: Payload | None = None
    deadline: str | None = None


@attrs.frozen(kw_only=True)
class AnswerMessage:
    """The rules' answer to this seat's question."""

    tag: ClassVar[str] = "answer"
    seq: int
    turn: int
    phase: str
    question: Payload
    answer: Payload


@attrs.frozen(kw_only=True)
class AmendedMessage:
    """The umpire amended this seat's order: the order it now sails under, why, and what the
    rules changed to carry it out."""

    tag: ClassVar[str] = "amended"
    seq: int
    turn: int
    phase: str
    order: Payload
    reason: str
    note: str


@attrs.frozen(kw_only=True)
class TalkMessage:
    """A seat talked, and this seat heard it (its own words come back too): who, and what."""

    tag: ClassVar[str] = "talk"
    seq: int
    turn: int
    phase: str
    seat: str
    text: str
    to: str | None = None  # the seat it was said to privately; None: said to the whole audience


@attrs.frozen(kw_only=True)
class UmpireUpdate:
    """The umpire's stream: the truth, every event with its audience, and every roll."""

    tag: ClassVar[str] = "umpire_update"
    seq: int
    turn: int
    view: Payload
    events: list[Payload]
    rolls: list[Payload]
    phase: str = ""
    cycle: str = "orders"  # "orders", "ready" (all in, held) or "ended"
    waiting_for: list[str] = attrs.field(factory=list)
    held_phases: list[str] = attrs.field(factory=list)
    orders_in: Payload = attrs.field(factory=dict)  # seat -> the order it has given this phase
    rows: list[Payload] = attrs.field(factory=list)  # record-sheet rows for the phases resolved
    inputs: list[Payload] = attrs.field(factory=list)  # the input taken, as the game's log has it


@attrs.frozen(kw_only=True)
class GameOver:
    """The end: this seat's own record first, then the unsealed truth: the seed revealed, and
    the game's whole log so a client can verify it."""

    tag: ClassVar[str] = "game_over"
    seq: int
    result: str  # this seat's side's result ("ended" for the umpire and spectators)
    results: dict[str, str]  # side -> result
    reason: str
    record: list[Payload]  # what this seat gave and was told, in order
    seed: str  # hex
    log: list[Payload]


@attrs.frozen(kw_only=True)
class Ack:
    """The request `ref` is done (for an order: durable)."""

    tag: ClassVar[str] = "ack"
    seq: int
    ref: int


@attrs.frozen(kw_only=True)
class Error:
    """The request `ref` (None if the frame could not be read) was refused."""

    tag: ClassVar[str] = "error"
    seq: int
    ref: int | None
    code: str  # stable snake_case, one of `errors.ERROR_CODES` or a ruleset's own
    message: str  # one plain sentence for a person


@attrs.frozen(kw_only=True)
class Reissued:
    """The reply to `reissue`: the seat's new token (its old one opens nothing now)."""

    tag: ClassVar[str] = "reissued"
    seq: int
    ref: int
    seat: str
    token: str


@attrs.frozen(kw_only=True)
class Checked:
    """The reply to `check`: every refusal the order would get, each {code, message}, the one an
    `order` would be refused with first; empty: it would be taken as it stands."""

    tag: ClassVar[str] = "checked"
    seq: int
    ref: int
    refusals: list[Payload]


@attrs.frozen(kw_only=True)
class GameList:
    tag: ClassVar[str] = "games"
    seq: int
    ref: int
    games: list[Payload]


@attrs.frozen(kw_only=True)
class History:
    """The reply to `history`: one map per resolved turn, and the log records so far.

    A turn is {turn, time, night, orders: {seat: order}, view: the umpire's view after it}; the
    log is the game's record as `game_over` carries it, without the seed until the game is over.
    """

    tag: ClassVar[str] = "history"
    seq: int
    ref: int
    turns: list[Payload]
    log: list[Payload]


@attrs.frozen(kw_only=True)
class SeatLog:
    """The reply to `seat_log`: the stream messages kept for `seat`, each as its wire map."""

    tag: ClassVar[str] = "seat_log"
    seq: int
    ref: int
    seat: str
    messages: list[Payload]


@attrs.frozen(kw_only=True)
class ToldPage:
    """The reply to `told`: the entries `first`, `first + 1`, ... of what the seat was told, up
    to the `before` it asked for (empty when there is nothing before it)."""

    tag: ClassVar[str] = "told"
    seq: int
    ref: int
    first: int
    told: list[Payload]


@attrs.frozen(kw_only=True)
class SeatSummary:
    """The reply to `glance`: the seat's game in a line, from what its own join gives it (the
    welcome, and the game_over once there is one): nothing its own stream would not say."""

    tag: ClassVar[str] = "summary"
    seq: int
    ref: int
    game: str
    name: str  # the umpire's name for the game ('' for none)
    ruleset: str
    scenario: str
    title: str  # the scenario's title, as the seat's briefing gives it
    seat: str
    seat_title: str  # the seat's own title ('' for the umpire and spectators)
    side: str | None
    turn: int
    phase: str  # the phase now open
    must_act: bool
    order_in: bool
    # Whom the phase waits for, by title, as the welcome tells this seat (the umpire's: every seat
    # whose order is not in); titles to the first colon or comma, as a line has room for.
    waiting: list[str] = attrs.Factory(list)
    deadline: str | None = None
    held: bool = False  # the umpire's only: whether the phase waits for his release
    over: bool = False
    result: str | None = None  # once over: this seat's side's result (game_over's `result`)
    results: dict[str, str] = attrs.Factory(dict)  # once over: every side's
    reason: str = ""  # once over: why it ended
    side_titles: dict[str, str] = attrs.Factory(dict)
    behind: int | None = None  # a spectator's: how many turns behind the game it is shown


@attrs.frozen(kw_only=True)
class Pong:
    tag: ClassVar[str] = "pong"
    seq: int
    ref: int


ServerMessage = Union[
    Welcome,
    Observation,
    Snapshot,
    NarrativeMessage,
    LinkMessage,
    AnswerMessage,
    AmendedMessage,
    TalkMessage,
    Status,
    UmpireUpdate,
    GameOver,
    Ack,
    Error,
    Reissued,
    Checked,
    GameList,
    History,
    SeatLog,
    ToldPage,
    SeatSummary,
    Pong,
]

CLIENT_MESSAGES: dict[str, type] = {cls.tag: cls for cls in ClientMessage.__args__}
SERVER_MESSAGES: dict[str, type] = {cls.tag: cls for cls in ServerMessage.__args__}

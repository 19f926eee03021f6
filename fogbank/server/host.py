"""The game host: owns games (core + store) and turns each accepted input into per-seat messages.

For every request: run it through the pure core (a refusal goes back at once, nothing logged);
log the accepted input (numbered at once, so inputs keep their order); build every seat's messages
from that seat's own view; and, once the input is durable, push them onto the seats' streams and
acknowledge. Recovery replays each unfinished game's log through the same path, so streams come
back with the same sequence numbers.

A room's `game` is the game as its seats have been told it: every input in it is on disk. Its
`tip` takes each input as soon as it is accepted, so the next is computed on it while the first is
being written (inputs are logged in the order taken). If the store cannot keep an input (a full
disk), the tip goes back to the last input kept, the seat is refused with `storage_full`, and
nobody is told of it: the game moves on only once its input is on disk.
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import hmac
import json
import logging
import secrets
from collections import deque
from typing import Any, Callable

import attrs

from fogbank import protocols as wire
from fogbank.errors import Declined, FogbankError, ServerFault
from fogbank.protocols.converters import json_converter
from fogbank.rules import core
from fogbank.rules.core import SPECTATOR, UMPIRE, Cycle, Game, Refused, Step, Told, seat_map, sides
from fogbank.rules.core.engagement import ENGAGEMENT_OPTION, public_options
from fogbank.rules.core.plain import fingerprint, to_plain
from fogbank.rules.record import gamelog, inputs, schema
from fogbank.rules.record.history import sheet_rows, umpire_history
from fogbank.rules.record.replay import full_record
from fogbank.server.store import RecoveryError, StorageFull, Store, state_fingerprint

from . import filter as seen_by
from .admin import game_name
from .deadlines import Deadlines, Due, Limits
from .ending import Ending, from_store
from .engagements import Links
from .guard import CHECKS, HISTORY, QUESTIONS, TALK, Buckets, RateLimited
from .nudges import Nudges, check_address
from .stand_ins import StandIns
from .streams import SeatStream

log = logging.getLogger("fogbank.server")
ENDED_KEEP = 120.0  # seconds a finished game stays in memory after its last seat has left
MAX_TALK = 1000  # characters in one talk (a signal, not a letter: every hearer is sent it, and the log keeps it)
TOLD_RECENT = 50  # what a seat was told, the latest entries, in its welcome; the rest a page at a time
TOLD_PAGE = 100  # entries in a page of `told`
FINGERPRINT_EVERY = 32  # turns between state hashes in the log
SET_ASIDE = (
    "This game could not be restored: replaying its record no longer gives the game that was played"
    " (was the server upgraded mid-game?). Its record is kept untouched; ask the server's operator."
)


class Forbidden(FogbankError):
    """The request is not this seat's to make (a seat asking for another's view, say)."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


STORAGE_FULL = (
    "The server could not save that (its disk is full, or failing), so it was not done:"
    " try again in a while."
)


class Unstored(ServerFault):
    """The store could not keep the input (`StorageFull`): nothing was done, nobody was told."""

    def __init__(self) -> None:
        super().__init__("storage_full", STORAGE_FULL)


class SetAside(ServerFault):
    """The token opens a seat of a game set aside at start-up (`Host.set_aside`): the seat is
    known, so it is told why, on whatever path its request came."""

    def __init__(self, game_id: str, seat: str) -> None:
        super().__init__("game_set_aside", SET_ASIDE)
        self.game_id, self.seat = game_id, seat


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


@attrs.frozen
class InFlight:
    """An input taken, on its way to disk: what the room publishes once it is there, or forgets
    if it is not kept."""

    stored: asyncio.Future  # the store's write
    durable: asyncio.Future  # the write and, for a game's end, its log read back
    game: Game  # the game after the input
    marks: tuple[dict, dict]  # the room's last_view and last_status before it
    pushes: list[Callable[[], None]]


@attrs.frozen
class Taken:
    """An order a game took from a seat: its turn, phase and payload as logged, and the write
    that keeps it (None: on disk since before a restart)."""

    turn: int
    phase: str
    order: Any
    durable: asyncio.Future | None = None

    def answers(self, turn: int, phase: str | None, order: Any) -> bool:
        """Whether an order sent again (`turn`, `phase` as it was sent) is this one."""
        return (turn, phase or self.phase, order) == (self.turn, self.phase, self.order)


# What an order sent again is refused with once the game has moved on from its phase.
MOVED_ON = ("wrong_turn", "wrong_phase", "not_your_turn", "game_over")


class Room:
    """One game in play: the game value, a stream per seat, presence, and the publishing queue."""

    def __init__(self, game_id: str, game: Game, spectator_delay: int | None = None) -> None:
        self.id = game_id
        self.game = game  # as told: every input in it is on disk
        self.tip = game  # with every input taken; the next input is computed on it
        seats = self._seats = tuple(game.ruleset.seat_names(game.state))
        # The game's record (its inputs and the rolls and events they made) is kept in the store,
        # not here, so a room's memory does not grow with the game: `published` counts the inputs
        # whose messages have gone out, and `ended_log` holds the whole log only while the game's
        # end is being told.
        self.published = 0
        self.ended_log: Ending | list[dict[str, Any]] | None = None
        self.last_status: dict[str, wire.Status] = {}  # what each seat was last told of its phase
        self.last_view: dict[str, Any] = {}  # the view each seat was last sent
        self.streams = {seat: SeatStream() for seat in seats}
        self.streams.update({seat: SeatStream(unheard_kept=False) for seat in (UMPIRE, SPECTATOR)})
        self.presence: dict[str, dict[str, Any]] = {s: {"connected": 0, "last_seen": None} for s in self.streams}
        self.spectator_delay = spectator_delay
        # The state as each turn opened, kept while spectators may watch (for their delayed view).
        self.turn_starts: deque[tuple[int, Any]] = deque(maxlen=25)
        self.name = ""  # the umpire's name for the game ('': none), told to every seat on joining
        # seat -> how to close each connection joined to it (a re-issued link shuts them out).
        self.sessions: dict[str, set[Callable[[], None]]] = {}
        self.active: str | None = None  # when the game last took an input (ISO 8601, UTC)
        self.missed: dict[str, int] = {}  # seat -> deadlines that passed without its order
        self.history: tuple[list[dict], list[dict]] | None = None  # a finished game's, once asked for
        # seat -> the last order it gave that the game took (kept while the game is in memory,
        # rebuilt from the log): an order sent again after its answer was lost is answered by it.
        self.taken: dict[str, Taken] = {}
        self._in_flight: deque[InFlight] = deque()

    @property
    def seats(self) -> tuple[str, ...]:
        """The players' seats: fixed for the game (its streams are made for them at the start),
        so read once rather than asked of the ruleset several times a turn."""
        return self._seats

    def publish_when_durable(self, flight: InFlight) -> None:
        self._in_flight.append(flight)
        flight.durable.add_done_callback(lambda _: self._flush())

    def _flush(self) -> None:
        # Inputs are published in the order the game took them, each only once it is on disk.
        while self._in_flight and self._in_flight[0].durable.done():
            flight = self._in_flight.popleft()
            if flight.durable.cancelled() or flight.durable.exception() is not None:
                continue
            for push in flight.pushes:
                push()

    def roll_back(self) -> None:
        """Forget the inputs in flight from the first one the store did not keep (those after it
        were computed on it, and were not kept either): the tip goes back to the input before."""
        for index, flight in enumerate(self._in_flight):
            stored = flight.stored
            if stored.done() and not stored.cancelled() and stored.exception() is not None:
                break
        else:
            return
        self.last_view, self.last_status = self._in_flight[index].marks
        kept = list(self._in_flight)[:index]
        self._in_flight = deque(kept)
        self.tip = kept[-1].game if kept else self.game


class Host:
    def __init__(
        self, store: Store, ended_keep: float = ENDED_KEEP, owns: Callable[[str], bool] | None = None,
        nudges: Nudges | None = None, clock: Callable[[], float] | None = None,
    ) -> None:  # fmt: skip
        """`owns`: with `--workers`, whether a game id is this worker's to make (ids are drawn
        until it is, so any worker can tell which one holds a game from its id alone).
        `nudges`: where games' nudges go (webhooks always; e-mail if it has an SMTP server).
        `clock`: the clock deadlines keep (seconds since the epoch; the system's by default)."""
        self.store = store
        self.owns = owns
        self.rooms: dict[str, Room] = {}
        self.ended_keep = ended_keep
        self.on_evict: list[Callable[[str], None]] = []  # told the id of a game let go from memory
        # Games whose record no longer replays (the rules changed under them, a ruleset is gone):
        # id -> why. Kept in the store untouched, refused to their seats, and the rest go on.
        self.set_aside: dict[str, str] = {}
        self._tasks: set[asyncio.Task] = set()
        self.links = Links(self)  # battles handed from one game to another
        # Per (game, seat): what one seat may ask of everyone's game in a minute.
        self.talks, self.questions, self.histories = Buckets(*TALK), Buckets(*QUESTIONS), Buckets(*HISTORY)
        self.checks = Buckets(*CHECKS)
        store.on_failure.append(self._unstored)
        self.deadlines = Deadlines(self) if clock is None else Deadlines(self, clock)
        self.stand_ins = StandIns(self)
        self.nudges = nudges or Nudges()
        # Told each re-issued link (the MQTT host gives the seat's broker client its new password).
        self.on_reissued: list[Callable[[Room, str, str], Any]] = []

    async def close(self) -> None:
        """Stop the timers, the stand-ins and the nudges, and finish the writes under way; the
        server calls it when it stops, before it closes the store."""
        for game_id in list(self.deadlines.due):
            self.deadlines.forget(game_id)
        for game_id in list(self.rooms):
            self.stand_ins.ended(game_id)
        await self.nudges.close()
        await asyncio.gather(self.deadlines.written(), *self._tasks, return_exceptions=True)

    def keep(self, work: Any) -> asyncio.Task:
        """Run `work` (a coroutine or future) in the background; its failure is logged, not lost."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)

        def done(task: asyncio.Task) -> None:
            self._tasks.discard(task)
            if not task.cancelled() and task.exception() is not None:
                log.error("background work failed", exc_info=task.exception())

        task.add_done_callback(done)
        return task

    # Games.

    async def create_game(
        self, scenario: str, options: dict[str, Any] | None = None, name: str = ""
    ) -> dict[str, Any]:
        """A new game; its id, commitment and tokens. Raises LookupError for an unknown scenario
        and `Refused` for options it does not take, or a name that is no name (`game_name`)."""
        ruleset, scenario = core.find_scenario(scenario)
        return await self.start_game(ruleset, scenario, options, game_name(name))

    async def start_game(
        self, ruleset: core.Ruleset, scenario: str, options: dict[str, Any] | None, name: str = ""
    ) -> dict[str, Any]:
        """`create_game` for a ruleset already found (a battle handed over names no scenario)."""
        seed = secrets.token_bytes(32)
        game = core.start(ruleset, scenario, seed, options)
        game_id = secrets.token_hex(6)
        while self.owns is not None and not self.owns(game_id):
            game_id = secrets.token_hex(6)
        # `{game}.{seat}.{192 random bits}`: a gateway routes by the game and names the seat's MQTT
        # user `{game}.{seat}` without asking any host (the secret part is all that guards it).
        tokens = {
            seat: f"{game_id}.{seat}.{secrets.token_urlsafe(24)}"
            for seat in (*ruleset.seat_names(game.state), UMPIRE, SPECTATOR)
        }
        commitment = core.commitment(seed)
        hashes = {s: token_hash(t) for s, t in tokens.items()}
        try:
            options = dict(game.state.options)
            await self.store.create_game(
                game_id, ruleset.name, scenario, seed, commitment, hashes, options, name=name
            )
        except StorageFull:
            raise Unstored() from None
        room = self.rooms[game_id] = Room(game_id, game)
        room.name = name
        if not game.to_act():
            # Nobody acts in the opening phase (a day's sighting declarations): it is released at
            # once, logged as a release, or every seat would wait on an umpire who may not be there.
            release = inputs.Release.at(game)
            await self._accept(room, release.apply(game), release)
        await self.pass_over(room)
        return {
            "game": game_id,
            "ruleset": ruleset.name,
            "scenario": scenario,
            "name": name,
            "options": to_plain(game.state.options),
            "commitment": commitment,
            "umpire_token": tokens.pop(UMPIRE),
            "spectator_token": tokens.pop(SPECTATOR),
            "seats": tokens,
            "roster": [seat_map(seat) for seat in ruleset.seats(game.state)],
        }

    async def recover(self) -> int:
        """Rebuild every unfinished game from its log, checking its fingerprints; returns how many."""
        for row in await self.store.unfinished_games():
            room = await self.restore(row)
            if room is None:
                continue
            self.rooms[row.id] = room
            if room.game.cycle is Cycle.ENDED:  # crashed after logging the end, before marking it
                await self.store.mark_ended(row.id)
                await self.store.set_club(row.id, result=outcome_of(room.game))
        for game_id, n in sorted(self.store.torn.items()):
            if game_id in self.rooms:
                state = self.rooms[game_id].game.state
                log.warning(
                    "game %s went back to turn %d, %s phase: its inputs from %d on were in the write a crash cut short",
                    game_id, state.turn, state.phase, n,
                )
        await self.links.recover()
        for row in await self.store.unfinished_games():
            room = self.rooms.get(row.id)
            if room is not None and room.game.cycle is not Cycle.ENDED:
                await self._club(room, row)
                self.keep(self.pass_over(room))  # a phase opened just before a crash, its passes not given
        return len(self.rooms)

    async def _club(self, room: Room, row: Any) -> None:
        """A game's links, keepers, nudges and deadline as the store kept them (after a restart)."""
        seats = await self.store.seats(room.id)
        room.missed = {seat.seat: seat.missed for seat in seats if seat.missed}
        room.active = row.active
        self.nudges.webhooks[room.id] = row.webhook
        self.nudges.addresses[room.id] = {seat.seat: seat.address for seat in seats if seat.address}
        for seat in seats:
            if seat.keeper == "bot" and seat.seat in room.seats:
                try:
                    self.stand_ins.start(room, seat.seat)
                except Refused as refusal:
                    log.warning("game %s: no stand-in for %s: %s", room.id, seat.seat, refusal.sentence)
        self.deadlines.restore(room, row.deadlines, row.due)

    async def restore(self, row: Any) -> Room | None:
        """`_rebuild`, or None with the game set aside when its record no longer replays: one
        game that cannot come back must not keep the server, and every other game, from starting."""
        try:
            return await self._rebuild(row)
        except RecoveryError as parted:
            log.error("game %s set aside, its record no longer replays: %s", row.id, parted)
            self.set_aside[row.id] = str(parted)
        except schema.LaterVersion as later:  # a store a later fogbank wrote in, opened by this one
            log.error("game %s set aside, its record cannot be read: %s", row.id, later)
            self.set_aside[row.id] = str(later)
        except Exception as error:  # an unknown ruleset or scenario, options refused, a rules bug
            log.exception("game %s set aside, it cannot be rebuilt", row.id)
            self.set_aside[row.id] = repr(error)
        return None

    async def _rebuild(self, row: Any) -> Room:
        """A game as its log leaves it, its streams refilled by the same path that first sent them
        (so sequence numbers come back the same). Raises RecoveryError if replay parts from the log,
        or a logged input is malformed; `schema.LaterVersion` for a log this fogbank cannot read."""
        schema.check_version(row.log_schema)
        start = core.start(core.find_ruleset(row.ruleset), row.scenario, row.seed, row.options or None)
        room = Room(row.id, start, row.spectator_delay)
        room.name = row.name
        room.ended_log = log = [gamelog.header(start)]  # for a game_over on the way; let go after
        for entry in await self.store.load_log(row.id):
            try:
                given = schema.read_input(entry.record)
                step = given.apply(room.tip)
            except schema.Malformed as malformed:
                expected = "an input as the log's schema writes it"
                raise RecoveryError(row.id, entry.n, expected, malformed.sentence) from None
            except Refused as refusal:
                raise RecoveryError(row.id, entry.n, "accepted", f"refused: {refusal.code}") from None
            if entry.fingerprint and entry.fingerprint != fingerprint(step.game.state):
                raise RecoveryError(row.id, entry.n, entry.fingerprint, fingerprint(step.game.state))
            made = list(gamelog.step_records(step))
            stored = entry.made
            if stored is not None and _json(made) != _json(stored) and not _written_in_older_words(step, stored):
                raise RecoveryError(row.id, entry.n, "the rolls and events logged", "others on replay")
            log += [entry.record, *made]
            if isinstance(given, inputs.Order):
                room.taken[given.seat] = Taken(given.turn, given.phase, given.order)
            before, room.tip = room.tip, step.game
            for push in self._pushes(room, before, step, entry.record, made):
                push()
        room.ended_log = None
        return room

    async def authenticate(self, token: str) -> tuple[Room, str] | None:
        # Looked up by the SHA-256 of a 192-bit random token: timing reveals nothing usable.
        found = self.store.find_token(token_hash(token))
        if found is None:
            return None
        game_id, seat = found
        if game_id not in self.rooms and game_id not in self.set_aside:
            room = await self.restore(await self.store.game(game_id))  # a finished game, let go from memory
            if room is not None and game_id not in self.rooms:
                self.rooms[game_id] = room
        if game_id in self.set_aside:
            raise SetAside(game_id, seat)
        return self.rooms[game_id], seat

    def welcome(self, room: Room, seat: str) -> wire.Welcome:
        game, ruleset = room.game, room.game.ruleset
        state = game.state
        seats = ruleset.seats(state)
        side = next((s.side for s in seats if s.name == seat), None)
        first = max(0, len(state.told.get(seat, ())) - TOLD_RECENT)
        return wire.Welcome(
            seq=room.streams[seat].seq, game=room.id, name=room.name, seat=seat, ruleset=ruleset.name,
            scenario=state.scenario, commitment=core.commitment(state.dice.seed),
            briefing=dict(ruleset.briefing(state, UMPIRE if seat == SPECTATOR else seat)),
            chart=self.chart(room, UMPIRE if seat in (UMPIRE, SPECTATOR) else seat),
            seats=[seat_map(s) for s in seats], sides=list(sides(seats)), phases=list(ruleset.phases),
            side_titles=dict(ruleset.side_titles(state)),
            behind=room.spectator_delay if seat == SPECTATOR else None,
            side=side, turn=state.turn, phase=state.phase, must_act=seen_by.must_act(game, seat),
            options=to_plain(public_options(state.options)),
            told=seen_by.told_so_far(game, seat, first) if seat not in (UMPIRE, SPECTATOR) else [],
            order_in=seat in game.orders,
            talk_to=core.private_talk_to(game, seat) if seat in room.seats else [],
            told_first=first,
            waiting=seen_by.waiting(game, seat),
            deadline=self.deadlines.due_iso(room) if seat != SPECTATOR else None,  # they watch turns gone by
            nudge_to=self.nudges.addresses.get(room.id, {}).get(seat, "") if seat in room.seats else "",
        )

    def told(self, room: Room, seat: str, before: int) -> tuple[int, list[dict[str, Any]]]:
        """A page of what `seat` was told: the index of its first entry, and the entries up to
        `before` (at most TOLD_PAGE of them)."""
        before = min(max(before, 0), len(room.game.state.told.get(seat, ())))
        first = max(0, before - TOLD_PAGE)
        return first, seen_by.told_so_far(room.game, seat, first, before)

    def chart(self, room: Room, seat: str) -> dict[str, Any]:
        return to_plain(room.game.ruleset.chart(room.game.state, seat))

    # Requests from a seat. Each returns the reply, or raises Refused / Forbidden (or Unstored).

    async def order(
        self, room: Room, seat: str, turn: int, payload: dict, phase: str | None = None, stand_in: bool = False
    ) -> None:
        """A seat's order (`stand_in`: from the built-in player holding the seat)."""
        if seat not in room.seats:
            raise Forbidden("Only a player's seat gives orders.")
        if not stand_in and self.stand_ins.holds(room.id, seat):
            raise Refused("held_by_bot", "A built-in player holds your seat now; the umpire can give it back to you.")
        game = room.tip
        # For the phase it was sent for (the one now open if it names none): an order for another is
        # refused, so an order logged says the phase it was given in.
        given = inputs.Order(
            turn=game.state.turn, phase=game.state.phase if phase is None else phase, seat=seat, order=payload
        )
        try:
            _refuse_if_wrong_turn(game, turn)
            step = given.apply(game)
        except Refused as refusal:
            taken = room.taken.get(seat)
            if refusal.code not in MOVED_ON or taken is None or not taken.answers(turn, phase, payload):
                raise
            # The order the game took last from this seat, sent again after its answer was lost
            # (a reconnect's resend, after its phase resolved): it was applied, and is answered
            # so once it is on disk, never refused (docs/decisions.md).
            if taken.durable is not None:
                try:
                    await asyncio.shield(taken.durable)
                except StorageFull:  # it was not kept after all: the refusal stands
                    raise refusal from None
            return
        await self._accept(room, step, given)

    def check(
        self, room: Room, seat: str, turn: int, payload: dict, phase: str | None = None, of_seat: str | None = None
    ) -> list[dict[str, str]]:
        """The refusals an order would get now, each {code, message}, taking nothing and telling
        no one (empty: it would be taken). A seat checks its own orders, from what it may know;
        the umpire names the seat whose order he is drafting (an amendment)."""
        if of_seat is not None and seat != UMPIRE:
            raise Forbidden("A seat checks only its own orders.")
        if seat == UMPIRE:
            if of_seat is None:
                raise Refused("unknown_seat", "Name the seat whose order you are checking.")
            if of_seat not in room.seats:
                raise Refused("unknown_seat", f"There is no seat called {of_seat!r} in this game.")
        elif seat not in room.seats:
            raise Forbidden("Only a player's seat gives orders.")
        self._spend(self.checks, room, seat, "checks")
        target, game = of_seat or seat, room.tip  # the game the order would be computed on
        try:
            _refuse_if_wrong_turn(game, turn)
            order = game.ruleset.parse_order(target, payload)
        except Refused as refusal:
            refusals: tuple[Refused, ...] = (refusal,)
        else:
            refusals = core.check(game, target, order, phase, amending=seat == UMPIRE)
        return [{"code": refusal.code, "message": refusal.sentence} for refusal in refusals]

    async def ask(self, room: Room, seat: str, question: dict) -> None:
        if seat not in room.seats:
            raise Forbidden("Only a player's seat asks the rules.")
        self._spend(self.questions, room, seat, "questions")
        given = inputs.Ask.at(room.tip, seat=seat, question=question)
        await self._accept(room, given.apply(room.tip), given)

    async def talk(self, room: Room, seat: str, text: str, to: str | None = None) -> None:
        if seat not in room.seats:
            raise Forbidden("Only a player's seat talks; the umpire narrates.")
        if len(text) > MAX_TALK:
            raise Refused("talk_too_long", f"Say it in {MAX_TALK:,} characters or fewer (that was {len(text):,}).")
        self._spend(self.talks, room, seat, "words")
        given = inputs.Talk.at(room.tip, seat=seat, text=text, to=to)
        await self._accept(room, given.apply(room.tip), given)

    @staticmethod
    def _spend(buckets: Buckets, room: Room, seat: str, what: str) -> None:
        if not buckets.take((room.id, seat)):
            raise RateLimited(f"Too many {what} from your seat at once; wait a little and try again.")

    async def umpire(self, room: Room, seat: str, message: Any) -> Any:
        """The umpire's requests. Returns a reply payload for those that have one."""
        if seat != UMPIRE:
            raise Forbidden("Only the umpire can do that.")
        game = room.tip
        given: inputs.Input
        match message:
            case wire.Hold(held=held, phases=phases):
                given = inputs.Hold.at(game, held=held, phases=None if phases is None else list(phases))
            case wire.Release():
                given = inputs.Release.at(game)
            case wire.Override(override=payload, reason=reason, tell=tell):
                given = inputs.Override.at(game, override=payload, reason=reason, tell=tell)
            case wire.Amend(seat=to, order=order, reason=reason):
                given = inputs.Amend.at(game, seat=to, order=order, reason=reason)
            case wire.Narrate(seat=to, text=text):
                given = inputs.Narrate.at(game, seat=to, text=text)
            case wire.EndGame(reason=reason, results=results):
                given = inputs.End.at(game, reason=reason, results=None if results is None else dict(results))
            case wire.SetSpectatorDelay(turns=turns):
                if turns is not None and not 0 <= turns <= 24:
                    raise Refused("out_of_range", "The spectators' delay is from 0 to 24 turns.")
                if turns is None:
                    room.turn_starts.clear()
                elif room.spectator_delay is None:  # watching starts now: the turn as it stands
                    room.turn_starts.append((game.state.turn, game.state))
                try:
                    await self.store.set_spectator_delay(room.id, turns)
                except StorageFull:
                    raise Unstored() from None
                changed, room.spectator_delay = room.spectator_delay != turns, turns
                # Closed: those watching are shut out too (their link opens again with the game).
                # Another delay: they are let go, and their pages, coming straight back, are
                # welcomed with the new delay and shown the turn it allows.
                if turns is None or changed:
                    for close in list(room.sessions.get(SPECTATOR, ())):
                        close()
                return None
            case wire.Reissue(seat=to):
                return wire.Reissued(seq=0, ref=message.ref, seat=to, token=await self.reissue(room, to))
            case wire.StandIn(seat=to, bot=bot):
                await (self.stand_ins.hand(room, to) if bot else self.stand_ins.take_back(room, to))
                return None
            case wire.SetDeadlines(every=every, phases=phases):
                if self.deadlines.set_limits(room, Limits(every, dict(phases))):
                    self.retell(room)
                await self.deadlines.written()
                return None
            case wire.Extend(seconds=seconds):
                self.deadlines.extend(room, seconds)
                self.retell(room)
                await self.deadlines.written()
                return None
            case wire.SetNudges(webhook=webhook, addresses=addresses):
                await self.set_nudges(room, webhook, addresses)
                return None
            case _:
                raise Forbidden("The umpire cannot do that.")
        await self._accept(room, given.apply(game), given)
        return None

    def snapshot(self, room: Room, seat: str, of_seat: str | None, seq: int) -> wire.Snapshot:
        """A snapshot of a seat's whole view (the umpire may ask for any seat's)."""
        target = of_seat or seat
        if target != seat and seat != UMPIRE:
            raise Forbidden("A seat sees only its own view.")
        if target not in room.streams or target == SPECTATOR:
            raise Refused("unknown_seat", f"There is no seat called {target!r} in this game.")
        game = room.game
        view = seen_by.view(game, target, whole=True)
        linked = self.links.for_seat(room.id, target)  # battles it fights elsewhere: a rejoin's only word of them
        return wire.Snapshot(
            seq=seq, turn=game.state.turn, phase=game.state.phase, view={**view, "linked": linked} if linked else view,
            must_act=seen_by.must_act(game, target),
        )

    def games(self, room: Room, seat: str) -> list[dict[str, Any]]:
        if seat != UMPIRE:
            raise Forbidden("Only the umpire can list games.")
        game = room.game
        waiting = game.waiting_for()
        addresses = self.nudges.addresses.get(room.id, {})
        return [
            {
                "game": room.id,
                "ruleset": game.state.ruleset,
                "scenario": game.state.scenario,
                "turn": game.state.turn,
                "phase": game.state.phase,
                "cycle": game.cycle.value,
                "held": game.held,
                "spectator_delay": room.spectator_delay,
                "deadlines": self.deadlines.limits.get(room.id, Limits()).plain(),
                "deadline": self.deadlines.due_iso(room),
                "webhook": self.nudges.webhooks.get(room.id) or None,
                "nudged": self.nudges.report(room.id),  # what became of its nudges, a destination each
                "active": room.active,
                "seats": [
                    {"seat": s.name, "side": s.side, "title": s.title, **room.presence[s.name],
                     "orders_in": s.name not in waiting,
                     "bot": self.stand_ins.holds(room.id, s.name), "address": addresses.get(s.name, ""),
                     "missed": room.missed.get(s.name, 0)}
                    for s in game.ruleset.seats(game.state)
                ],  # fmt: skip
            },
            *self.links.listed(room.id),  # the games fighting its battles, if it handed any over
        ]

    # The club's controls: names, links, built-in players, deadlines and nudges.

    async def rename(self, game_id: str, name: str) -> None:
        """Give a game the umpire's name for it (`game_name`; '' for none): its seats are told it
        when they next join, its nudges carry it from now on."""
        name = game_name(name)
        if await self.store.game(game_id) is None:
            raise LookupError("There is no such game.")
        await self.store.set_club(game_id, name=name)
        if game_id in self.rooms:
            self.rooms[game_id].name = name

    async def reissue(self, room: Room, seat: str, umpire_too: bool = False) -> str:
        """A new token for `seat` (a player's, or the spectators'; the umpire's too with
        `umpire_too`, from the games page): the old one opens nothing from now on, and the
        connections it opened are closed. The seat's stream and record go on. Only the token's
        hash is kept, so a link is shown when it is made, and a lost one is replaced this way."""
        if seat not in (*room.seats, SPECTATOR, *((UMPIRE,) if umpire_too else ())):
            raise Refused("unknown_seat", f"There is no seat called {seat!r} whose link can be re-issued.")
        token = f"{room.id}.{seat}.{secrets.token_urlsafe(24)}"
        try:
            await self.store.reissue(room.id, seat, token_hash(token))
        except StorageFull:
            raise Unstored() from None
        for close in list(room.sessions.get(seat, ())):
            close()
        for hook in self.on_reissued:
            await hook(room, seat, token)
        return token

    async def set_nudges(self, room: Room, webhook: str | None, addresses: dict[str, str | None]) -> None:
        """The umpire's: the game's chat (`webhook`) and each seat's own destination."""
        url = await self.nudges.check_webhook(webhook) if webhook else ""
        for seat in addresses:
            if seat not in room.seats:
                raise Refused("unknown_seat", f"There is no seat called {seat!r} in this game.")
        checked = {seat: await self.nudges.check_destination(address or "") for seat, address in addresses.items()}
        self.nudges.webhooks[room.id] = url
        await self.store.set_club(room.id, webhook=url)
        for seat, address in checked.items():
            await self._keep_destination(room, seat, address)
        self.nudges.changed(room.id)

    async def nudge_me(self, room: Room, seat: str, to: str | None) -> None:
        """A player's: where the seat's own nudges go (an e-mail address or a webhook URL;
        '' or None: nowhere). The umpire sees it, and may change it, as one he set."""
        if seat not in room.seats:
            raise Forbidden("Only a player's seat sets where its own nudges go.")
        self._spend(self.talks, room, seat, "changes")
        await self._keep_destination(room, seat, await self.nudges.check_destination(to or ""))
        self.nudges.changed(room.id)

    async def _keep_destination(self, room: Room, seat: str, address: str) -> None:
        kept = self.nudges.addresses.setdefault(room.id, {})
        if address:
            kept[seat] = address
        else:
            kept.pop(seat, None)
        try:
            await self.store.set_seat(room.id, seat, address=address)
        except StorageFull:
            raise Unstored() from None

    async def deadline_passed(self, room: Room, due: Due) -> None:
        """The phase's deadline passed: the missing orders are taken as standing orders (an input,
        logged), each missing seat is told so, and the umpire sees who missed."""
        game = room.tip  # computed, like any input, on every input taken
        if game.cycle is Cycle.ENDED or (game.state.turn, game.state.phase) != (due.turn, due.phase):
            return
        missing = sorted(game.waiting_for())
        given = inputs.Deadline.at(game, due=due.iso)
        try:
            step = given.apply(game)
        except Refused:  # every order came in just now: nothing to take
            return
        for seat in missing:
            room.missed[seat] = room.missed.get(seat, 0) + 1
            self.keep(self.store.set_seat(room.id, seat, missed=room.missed[seat]))  # on disk with the input
        await self._accept(room, step, given)

    def retell(self, room: Room) -> None:
        """Tell each seat its status again where it changed outside any input (a deadline set or
        put later): the stream carries it, not the log, like a battle's link."""
        game = room.game
        if game.cycle is Cycle.ENDED:
            return
        deadline = self.deadlines.due_iso(room)
        for seat in room.seats:
            status = seen_by.status(game, seat, deadline)
            if status != room.last_status.get(seat):
                room.last_status[seat] = status
                room.streams[seat].push(lambda seq, s=status: attrs.evolve(s, seq=seq))

    async def history(self, room: Room, seat: str) -> tuple[list[dict], list[dict]]:
        """The umpire's record of the game so far: record-sheet rows and the log (the end record,
        which reveals the seed, only once it is over). A seat may read it once the game is over,
        and not before."""
        # Once the game is over the truth is unsealed for everyone (game_over carries the log):
        # a seat may then read the umpire's record too, for its debrief. Before, never; nor, for a
        # battle fought for a campaign, until the campaign is over: the battle's truth (the enemy's
        # damage, his guns left) goes back to the campaign, which goes on.
        if seat != UMPIRE and not await self._unsealed(room):
            raise Forbidden("Only the umpire can read the game's history until the game is over.")
        self._spend(self.histories, room, seat, "requests for the history")
        if room.history is not None:
            return room.history
        # Replayed from the store, up to the last input whose messages have gone out (and with no
        # await between the replay and the reply), so the umpire's stream carries on from it.
        # Kept as the game went, the rows cost an umpire view every turn for a page that asks once.
        entries = await self.store.load_log(room.id)
        while len(entries) < room.published:  # published after this read: read again
            entries = await self.store.load_log(room.id)
        history = umpire_history(_start_of(room.game), [entry.record for entry in entries[: room.published]])
        if room.game.cycle is Cycle.ENDED:  # it changes no more: replayed once, for every seat's debrief
            room.history = history
        return history

    async def _unsealed(self, room: Room) -> bool:
        """Whether the game's whole truth is every seat's now: it is over and, if it fought a
        battle for another game, that game is over too (a battle whose campaign is not known here
        stays sealed)."""
        if room.game.cycle is not Cycle.ENDED:
            return False
        if ENGAGEMENT_OPTION not in room.game.state.options:
            return True
        link = self.links.by_child.get(room.id)
        if link is None:
            return False
        parent = self.rooms.get(link.parent)
        if parent is not None:
            return parent.game.cycle is Cycle.ENDED
        row = await self.store.game(link.parent)
        return row is not None and row.status != "running"

    def seat_log(self, room: Room, seat: str, of_seat: str) -> list[dict[str, Any]]:
        """The messages still kept in `of_seat`'s stream, as that seat was sent them (JSON maps)."""
        if seat != UMPIRE:
            raise Forbidden("Only the umpire can read another seat's messages.")
        if of_seat not in room.streams:
            raise Refused("unknown_seat", f"There is no seat called {of_seat!r} in this game.")
        return [json_converter.unstructure(m, wire.ServerMessage) for m in room.streams[of_seat].recent()]

    def seen(self, room: Room, seat: str, connected: int) -> None:
        presence = room.presence[seat]
        presence["connected"] += connected
        presence["last_seen"] = _now()

    # Accepting an input and building what each seat is sent.

    async def _accept(self, room: Room, step: Step, given: inputs.Input) -> None:
        """Log an input (`step`, what it made on `room.tip`) and take it as the tip; publish what
        it tells once it is on disk. Raises `Unstored` if the store could not keep it."""
        record = schema.plain(given)
        before = room.tip
        room.active = _now()
        clock_moved = (before.state.turn, before.state.phase) != (step.game.state.turn, step.game.state.phase)
        made = list(gamelog.step_records(step))
        shares = seen_by.records_by_seat([record, *made])  # for each seat's own record at the end
        ends = _ends(step)
        if ends:  # marked ended in the same commit; game_over carries the whole log, read back with it
            stored = self.store.end(room.id, record, self._fingerprint(step), made, seat_records=shares)
            durable = asyncio.ensure_future(self._ending(room, step.game, stored))
        else:
            stored = durable = self.store.append(room.id, record, self._fingerprint(step), made, seat_records=shares)
        room.tip = step.game
        if clock_moved or step.game.cycle is Cycle.ENDED:
            self.deadlines.opened(room)  # the phase now open's deadline, before its seats are told it
        marks = (dict(room.last_view), dict(room.last_status))
        pushes = self._pushes(room, before, step, record, made)
        if clock_moved or ends:
            pushes.append(lambda: self._moved_on(room, step))
        room.publish_when_durable(InFlight(stored, durable, step.game, marks, pushes))
        if isinstance(given, inputs.Order):
            room.taken[given.seat] = Taken(given.turn, given.phase, given.order, durable)
        try:
            await durable
        except StorageFull:
            raise Unstored() from None
        await self.deadlines.written()
        await self.links.after(room)  # a battle handed over or fought to its end

    def _moved_on(self, room: Room, step: Step) -> None:
        """Once a step that moved the clock is out: the nudges, and a game's end let go of."""
        game = room.game
        if _ends(step):
            self.nudges.game_over(room)
            self.stand_ins.ended(room.id)
            self.deadlines.forget(room.id)
            self.keep(self.store.set_club(room.id, active=room.active, result=outcome_of(game)))
        elif game is step.game and game.waiting_for():  # nobody moved it on since: the phase waits
            self.keep(self._phase_opened(room, game))

    async def _phase_opened(self, room: Room, game: Game) -> None:
        """A phase waits for orders: the seats with nothing to order in it are passed over, then
        the seats still to order are nudged (unless the passes moved the game on)."""
        await self.pass_over(room)
        now = room.tip
        if (now.state.turn, now.state.phase) == (game.state.turn, game.state.phase) and now.waiting_for():
            acting = frozenset(s for s in now.waiting_for() if not self.stand_ins.holds(room.id, s))
            self.nudges.phase_opened(room, self.deadlines.due_iso(room), acting)
            self.keep(self.store.set_club(room.id, active=room.active))

    async def pass_over(self, room: Room) -> None:
        """Pass over every seat with nothing it could order in the phase now open (judged from its
        own view, `core.has_nothing_to_order`), one input each, logged (`pass`) and replayed like an
        order: to every other seat it is a seat that sent its standing order the moment the phase
        opened. A seat a built-in player holds is left to it."""
        opened = (room.tip.state.turn, room.tip.state.phase)
        for seat in sorted(room.tip.to_act()):
            game = room.tip
            if (game.state.turn, game.state.phase) != opened:  # the passes resolved the phase
                return
            if self.stand_ins.holds(room.id, seat) or not core.has_nothing_to_order(game, seat):
                continue
            passed = inputs.Pass.at(game, seat=seat)
            try:
                await self._accept(room, passed.apply(game), passed)
            except Declined as refusal:  # the seat's own order came first, or the store is full
                log.info("game %s: %s not passed over: %s", room.id, seat, refusal.sentence)

    def _unstored(self, games: set[str]) -> None:
        """The store lost inputs of these games (`Store.on_failure`, before anyone else hears)."""
        for game_id in games:
            room = self.rooms.get(game_id)
            if room is not None:
                room.roll_back()

    async def _ending(self, room: Room, game: Game, stored: asyncio.Future) -> None:
        room.ended_log = from_store(gamelog.header(game), await stored or [], gamelog.end_record(game))
        if room.ended_log is None:  # a game begun before records were kept: replay its inputs
            entries = await self.store.load_log(room.id)
            room.ended_log = full_record(_start_of(game), [entry.record for entry in entries])[:-1]

    @staticmethod
    def _fingerprint(step: Step) -> str | None:
        """The state hash recovery checks after every FINGERPRINT_EVERY-th turn.

        Hashing the whole state costs a millisecond late in a game, more than resolving a turn.
        Recovery also checks every input's rolls and events against those stored with it, which
        costs nothing as the game goes, so a whole-state check every 32 turns is enough.
        """
        state = step.game.state
        if step.resolved and state.turn % FINGERPRINT_EVERY == 0:
            return state_fingerprint(step.game)
        return None

    def _pushes(
        self, room: Room, before: Game, step: Step, record: dict, made: list[dict]
    ) -> list[Callable[[], None]]:
        """The messages this step sends, as pushes to run once it is durable (in this order).

        A seat is sent only what changed for it: the events it is told, a fresh view when a phase
        resolved or its own view changed (an override, an answer), and its status only when its
        own place in the phase changed. An input that changes nothing a seat may know sends that
        seat nothing, so the mere arrival of a message never tells it of the umpire's silent work.
        """
        game, state = step.game, step.game.state
        ruleset = game.ruleset
        pushes: list[Callable[[], None]] = []

        def push(seat: str, make: Callable[[int], Any]) -> None:
            pushes.append(lambda: room.streams[seat].push(make))

        def published() -> None:
            room.published += 1
            room.game = game

        pushes.append(published)
        deadline = self.deadlines.due_iso(room)
        for event in step.events:
            if isinstance(event, Told):
                for seat in sorted(event.audience):
                    push(seat, lambda seq, e=event: seen_by.told(e, seq))
        ended = game.cycle is Cycle.ENDED
        for seat in room.seats:
            # The umpire's end needs no fresh view: game_over follows with the whole truth.
            if step.resolved or (state is not before.state and not ended):
                view = seen_by.view(game, seat)
                if seat not in room.last_view:  # nothing sent yet: the view it would have had
                    room.last_view[seat] = seen_by.view(before, seat)
                if step.resolved or view != room.last_view[seat]:
                    room.last_view[seat] = view
                    status = seen_by.status(game, seat, deadline, view)
                    push(seat, lambda seq, v=view, s=status: wire.Observation(
                        seq=seq, turn=state.turn, phase=state.phase, view=v, must_act=s.must_act,
                        waiting=s.waiting, deadline=s.deadline))  # fmt: skip
                    room.last_status[seat] = status
                    continue
            if not ended:
                status = seen_by.status(game, seat, deadline)
                last = room.last_status.get(seat)
                if status != (last if last is not None else seen_by.status(before, seat, deadline)):
                    room.last_status[seat] = status
                    push(seat, lambda seq, s=status: attrs.evolve(s, seq=seq))

        def umpire_update(seq: int) -> wire.UmpireUpdate:  # built only if an umpire is listening
            return wire.UmpireUpdate(
                seq=seq, turn=state.turn, view=to_plain(ruleset.observe(state, UMPIRE)),
                events=[r for r in made if r["type"] == "event"],
                rolls=[r for r in made if r["type"] == "roll"],
                rows=list(sheet_rows(step)), inputs=[dict(record)] if record.get("type") == "input" else [],
                **seen_by.umpire_status(game),
            )

        push(UMPIRE, umpire_update)
        if step.resolved and state.turn != before.state.turn:
            pushes.append(lambda: self._spectate(room, state))
        if _ends(step):
            pushes.append(lambda: self._game_over(room))
        return pushes

    def _spectate(self, room: Room, state: Any) -> None:
        """A turn opened: spectators see the umpire's view as the turn `spectator_delay` turns
        back opened (when the umpire lets them watch), so a spectator cannot tip off a player."""
        if room.spectator_delay is None:
            return
        room.turn_starts.append((state.turn, state))  # states are immutable: keeping one is cheap
        shown = self._spectators_view(room)
        if shown is not None:
            turn, view = shown
            room.streams[SPECTATOR].push(lambda seq: wire.Observation(seq=seq, turn=turn, view=view))

    def _spectators_view(self, room: Room) -> tuple[int, Any] | None:
        """The turn spectators may see now and the umpire's view as it opened; None if they may
        see none yet (the game has not gone on `spectator_delay` turns since they could watch)."""
        if room.spectator_delay is None:
            return None
        state = room.game.state
        if state.outcome is not None and ENGAGEMENT_OPTION not in state.options:
            # The game is over and its truth unsealed to every seat: spectators see how it ended
            # (a battle fought for a campaign unseals nothing: the campaign goes on).
            return state.turn, to_plain(room.game.ruleset.observe(state, UMPIRE))
        if not room.turn_starts:
            return None
        last_turn = room.turn_starts[-1][0]
        shown = [s for t, s in room.turn_starts if t <= last_turn - room.spectator_delay]
        if not shown:
            return None
        return shown[-1].turn, to_plain(room.game.ruleset.observe(shown[-1], UMPIRE))

    def spectator_snapshot(self, room: Room, seq: int) -> wire.Snapshot | None:
        """What a spectator joining now is shown first (None: nothing yet)."""
        shown = self._spectators_view(room)
        return None if shown is None else wire.Snapshot(seq=seq, turn=shown[0], view=shown[1])

    def _game_over(self, room: Room) -> None:
        """The end: every seat gets its own record first, then the unsealed truth (the seed and
        the whole log, read back from the store: nothing is replayed)."""
        game = room.game
        outcome = game.state.outcome
        kept, room.ended_log = room.ended_log, None
        ending = kept if isinstance(kept, Ending) else Ending.of(kept, gamelog.end_record(game))
        seed = game.state.dice.seed.hex()
        sides_of = {s.name: s.side for s in game.ruleset.seats(game.state)}
        # A battle fought for a campaign unseals nothing at its end: the campaign goes on, and the
        # battle's truth (its engagement, the enemy's damage) goes back to it, not to the seats.
        campaign_goes_on = ENGAGEMENT_OPTION in game.state.options
        final = self._spectators_view(room)
        if final is not None:  # those watching see the table as it ended, not turns behind it
            room.streams[SPECTATOR].push(lambda seq: wire.Observation(seq=seq, turn=final[0], view=final[1]))
        for seat, stream in room.streams.items():
            record = ending.record(seat) if seat in sides_of else []
            log = ending.log if seat == UMPIRE or not campaign_goes_on else []
            stream.push(
                lambda seq, seat=seat, record=record, log=log: wire.GameOver(
                    seq=seq, result=outcome.result_for(sides_of.get(seat)), results=dict(outcome.results),
                    reason=outcome.reason, record=record, seed=seed, log=log,
                ),
                final=True,
            )
        self._evict_later(room)

    def _evict_later(self, room: Room) -> None:
        asyncio.get_running_loop().call_later(self.ended_keep, self._evict, room)

    def _evict(self, room: Room) -> None:
        """Let a finished game go from memory once nobody has had it open for `ended_keep`
        seconds; a token of it still opens it (`authenticate` rebuilds it from the store)."""
        if self.rooms.get(room.id) is not room:
            return
        if any(presence["connected"] > 0 for presence in room.presence.values()):
            self._evict_later(room)
            return
        del self.rooms[room.id]
        self.nudges.delivery.let_go(room.id)
        for hook in self.on_evict:
            hook(room.id)


def outcome_of(game: Game) -> dict[str, Any] | None:
    """A finished game's result as the games page lists it: each side's, and why."""
    outcome = game.state.outcome
    return None if outcome is None else {"results": dict(outcome.results), "reason": outcome.reason}


def _refuse_if_wrong_turn(game: Game, turn: int) -> None:
    state = game.state
    if game.cycle is not Cycle.ENDED and turn != state.turn:
        raise Refused("wrong_turn", f"That order is for turn {turn}, but this is turn {state.turn}.")


def _start_of(game: Game) -> Game:
    """The game as it began, before its first input."""
    state = game.state
    return core.start(game.ruleset, state.scenario, state.dice.seed, dict(state.options) or None)


def _json(records: list[dict]) -> str:
    return json.dumps(records, separators=(",", ":"))


def _written_in_older_words(step: Step, stored: list[dict]) -> bool:
    """Whether the records stored with an input are its records in words logs had before: before
    the engine gave its told events their own, or named a released phase by its title (a game
    begun before such a change, still unfinished)."""
    return any(_json(older) == _json(stored) for older in gamelog.older_step_records(step))


def _ends(step: Step) -> bool:
    """Whether this step is the one that ended the game."""
    return step.game.cycle is Cycle.ENDED and any(e.kind == "game_ended" for e in step.events)


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def constant_time_equal(a: bytes, b: bytes) -> bool:
    return hmac.compare_digest(a, b)

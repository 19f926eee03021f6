"""The game host: owns games (core + store) and turns each accepted input into per-seat messages.

For every request: run it through the pure core (a refusal goes back at once, nothing logged);
log the accepted input (numbered at once, so inputs keep their order); build every seat's messages
from that seat's own view; and, once the input is durable, push them onto the seats' streams and
acknowledge. Recovery replays each unfinished game's log through the same path, so streams come
back with the same sequence numbers.
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import hmac
import secrets
from collections import deque
from typing import Any, Callable

from fogbank import protocols as wire
from fogbank.protocols.converters import json_converter
from fogbank.rules import core
from fogbank.rules.record import gamelog
from fogbank.rules.core import UMPIRE, Game, Phase, Refused, Step
from fogbank.rules.core.plain import fingerprint, to_plain
from fogbank.rules.record.history import umpire_history
from fogbank.rules.record.replay import apply_input, records_of
from fogbank.server.store import RecoveryError, Store, state_fingerprint

from .streams import SeatStream

SPECTATOR = "spectator"
ENDED_KEEP = 120.0  # seconds a finished game stays in memory after its last seat has left
FINGERPRINT_EVERY = 8  # turns between state hashes in the log


class Forbidden(Exception):
    """The request is not this seat's to make (a seat asking for another's view, say)."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


class Room:
    """One game in play: the game value, a stream per seat, presence, and the publishing queue."""

    def __init__(self, game_id: str, game: Game, spectator_delay: int | None = None) -> None:
        self.id = game_id
        self.game = game
        seats = game.ruleset.seats(game.state)
        self.streams = {seat: SeatStream() for seat in seats}
        self.streams.update({seat: SeatStream(unheard_kept=False) for seat in (UMPIRE, SPECTATOR)})
        self.presence: dict[str, dict[str, Any]] = {s: {"connected": 0, "last_seen": None} for s in self.streams}
        self.spectator_delay = spectator_delay
        self.umpire_views: deque[tuple[int, Any]] = deque(maxlen=25)  # for delayed spectators
        self._outbox: deque[tuple[asyncio.Future, list[Callable[[], None]]]] = deque()

    @property
    def seats(self) -> tuple[str, ...]:
        return self.game.ruleset.seats(self.game.state)

    def publish_when_durable(self, durable: asyncio.Future | None, pushes: list[Callable[[], None]]) -> None:
        if durable is None:
            for push in pushes:
                push()
            return
        self._outbox.append((durable, pushes))
        durable.add_done_callback(lambda _: self._flush())

    def _flush(self) -> None:
        # Inputs are published in the order the game took them, each only once it is on disk.
        while self._outbox and self._outbox[0][0].done():
            durable, pushes = self._outbox.popleft()
            if durable.cancelled() or durable.exception() is not None:
                continue
            for push in pushes:
                push()


class Host:
    def __init__(self, store: Store, ended_keep: float = ENDED_KEEP) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.ended_keep = ended_keep
        self.on_evict: list[Callable[[str], None]] = []  # told the id of a game let go from memory
        self._tasks: set[asyncio.Task] = set()

    async def close(self) -> None:
        """Nothing to release today; the server calls it when it stops."""

    # Games.

    async def create_game(self, scenario: str) -> dict[str, Any]:
        ruleset, scenario = core.find_scenario(scenario)
        seed = secrets.token_bytes(32)
        game = core.start(ruleset, scenario, seed)
        game_id = secrets.token_hex(6)
        # `{game}.{seat}.{192 random bits}`: a gateway routes by the game and names the seat's MQTT
        # user `{game}.{seat}` without asking any host (the secret part is all that guards it).
        tokens = {
            seat: f"{game_id}.{seat}.{secrets.token_urlsafe(24)}"
            for seat in (*ruleset.seats(game.state), UMPIRE, SPECTATOR)
        }
        commitment = core.commitment(seed)
        await self.store.create_game(
            game_id, ruleset.name, scenario, seed, commitment, {s: token_hash(t) for s, t in tokens.items()}
        )
        self.rooms[game_id] = Room(game_id, game)
        return {
            "game": game_id,
            "ruleset": ruleset.name,
            "scenario": scenario,
            "commitment": commitment,
            "umpire_token": tokens.pop(UMPIRE),
            "spectator_token": tokens.pop(SPECTATOR),
            "seats": tokens,
        }

    async def recover(self) -> int:
        """Rebuild every unfinished game from its log, checking its fingerprints; returns how many."""
        for row in await self.store.unfinished_games():
            room = self.rooms[row.id] = await self._rebuild(row)
            if room.game.phase is Phase.ENDED:  # crashed after logging the end, before marking it
                await self.store.mark_ended(row.id)
        return len(self.rooms)

    async def _rebuild(self, row: Any) -> Room:
        """A game as its log leaves it, its streams refilled by the same path that first sent them
        (so sequence numbers come back the same). Raises RecoveryError if replay parts from the log."""
        room = Room(row.id, core.start(core.find_ruleset(row.ruleset), row.scenario, row.seed), row.spectator_delay)
        for entry in await self.store.load_log(row.id):
            try:
                step = apply_input(room.game, entry.record)
            except Refused as refusal:
                raise RecoveryError(row.id, entry.n, "accepted", f"refused: {refusal.code}") from None
            if entry.fingerprint and entry.fingerprint != fingerprint(step.game.state):
                raise RecoveryError(row.id, entry.n, entry.fingerprint, fingerprint(step.game.state))
            room.game = step.game
            room.publish_when_durable(None, self._pushes(room, step, entry.record))
        return room

    async def authenticate(self, token: str) -> tuple[Room, str] | None:
        # Looked up by the SHA-256 of a 192-bit random token: timing reveals nothing usable.
        found = self.store.find_token(token_hash(token))
        if found is None:
            return None
        game_id, seat = found
        if game_id not in self.rooms:  # a finished game, not kept in memory: rebuild it to show it
            room = await self._rebuild(await self.store.game(game_id))
            self.rooms.setdefault(game_id, room)
        return self.rooms[game_id], seat

    def welcome(self, room: Room, seat: str) -> wire.Welcome:
        game, ruleset = room.game, room.game.ruleset
        return wire.Welcome(
            seq=room.streams[seat].seq, game=room.id, seat=seat, ruleset=ruleset.name,
            scenario=game.state.scenario, commitment=core.commitment(game.state.dice.seed),
            briefing=dict(ruleset.briefing(game.state)),
            chart=self.chart(room, UMPIRE if seat in (UMPIRE, SPECTATOR) else seat),
            seats=list(room.seats), turn=game.state.turn, phase=game.phase.value,
        )

    def chart(self, room: Room, seat: str) -> dict[str, Any]:
        return to_plain(room.game.ruleset.chart(room.game.state, seat))

    # Requests from a seat. Each returns the reply, or raises Refused / Forbidden.

    async def order(self, room: Room, seat: str, turn: int, payload: dict) -> None:
        if seat not in room.seats:
            raise Forbidden("Only a player's seat gives orders.")
        state = room.game.state
        if room.game.phase is not Phase.ENDED and turn != state.turn:
            raise Refused("wrong_turn", f"That order is for turn {turn}, but this is turn {state.turn}.")
        order = room.game.ruleset.parse_order(seat, payload)
        step = core.submit(room.game, seat, order)
        await self._accept(room, step, gamelog.input_record("order", state.turn, seat=seat, order=payload))

    async def umpire(self, room: Room, seat: str, message: Any) -> Any:
        """The umpire's requests. Returns a reply payload for those that have one."""
        if seat != UMPIRE:
            raise Forbidden("Only the umpire can do that.")
        turn = room.game.state.turn
        match message:
            case wire.Hold(held=held):
                step, record = core.set_hold(room.game, held), gamelog.input_record("hold", turn, held=held)
            case wire.Release():
                step, record = core.release(room.game), gamelog.input_record("release", turn)
            case wire.Override(override=payload, reason=reason):
                step = core.override(room.game, payload, reason)
                record = gamelog.input_record("override", turn, override=payload, reason=reason)
            case wire.Narrate(seat=to, text=text):
                step, record = core.narrate(room.game, to, text), gamelog.input_record("narrate", turn, seat=to, text=text)
            case wire.EndGame(reason=reason):
                step, record = core.end(room.game, reason), gamelog.input_record("end", turn, reason=reason)
            case wire.SetSpectatorDelay(turns=turns):
                if turns is not None and not 0 <= turns <= 24:
                    raise Refused("out_of_range", "The spectators' delay is from 0 to 24 turns.")
                room.spectator_delay = turns
                await self.store.set_spectator_delay(room.id, turns)
                return None
            case _:
                raise Forbidden("The umpire cannot do that.")
        await self._accept(room, step, record)
        return None

    def view(self, room: Room, seat: str, of_seat: str | None) -> tuple[int, Any]:
        """A snapshot of a seat's view (the umpire may ask for any seat's)."""
        target = of_seat or seat
        if target != seat and seat != UMPIRE:
            raise Forbidden("A seat sees only its own view.")
        if target not in room.streams or target == SPECTATOR:
            raise Refused("unknown_seat", f"There is no seat called {target!r} in this game.")
        return room.game.state.turn, self._view(room, target, whole=True)

    def games(self, room: Room, seat: str) -> list[dict[str, Any]]:
        if seat != UMPIRE:
            raise Forbidden("Only the umpire can list games.")
        game = room.game
        waiting = game.waiting_for()
        return [
            {
                "game": room.id,
                "scenario": game.state.scenario,
                "turn": game.state.turn,
                "phase": game.phase.value,
                "held": game.held,
                "spectator_delay": room.spectator_delay,
                "seats": [
                    {"seat": s, **room.presence[s], "orders_in": s not in waiting} for s in room.seats
                ],
            }
        ]

    async def history(self, room: Room, seat: str) -> tuple[list[dict], list[dict]]:
        """The umpire's record of the game so far (see `umpire_history`), replayed from the store."""
        if seat != UMPIRE:
            raise Forbidden("Only the umpire can read the game's history.")
        row = await self.store.game(room.id)
        inputs = [entry.record for entry in await self.store.load_log(room.id)]
        start = core.start(core.find_ruleset(row.ruleset), row.scenario, row.seed)
        return umpire_history(start, inputs)

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
        presence["last_seen"] = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")

    # Accepting an input and building what each seat is sent.

    async def _accept(self, room: Room, step: Step, record: dict) -> None:
        room.game = step.game
        durable = self.store.append(room.id, record, self._fingerprint(step))
        room.publish_when_durable(durable, self._pushes(room, step, record))
        await durable
        if step.game.phase is Phase.ENDED and any(e.kind == "game_ended" for e in step.events):
            await self.store.mark_ended(room.id)

    @staticmethod
    def _fingerprint(step: Step) -> str | None:
        """The state hash recovery checks: after every FINGERPRINT_EVERY-th turn and at the end.

        Hashing the whole state every turn cost more than resolving the turn; replay is
        deterministic, so a check every few turns finds a divergence all the same.
        """
        state = step.game.state
        if step.resolved and (state.turn % FINGERPRINT_EVERY == 0 or state.ended):
            return state_fingerprint(step.game)
        return None

    def _pushes(self, room: Room, step: Step, record: dict) -> list[Callable[[], None]]:
        """The messages this step sends, as pushes to run once it is durable (in this order)."""
        game, state = step.game, step.game.state
        ruleset = game.ruleset
        pushes: list[Callable[[], None]] = []

        def push(seat: str, make: Callable[[int], Any]) -> None:
            pushes.append(lambda: room.streams[seat].push(make))

        for event in step.events:
            if event.kind == "narrative":
                for seat in event.audience:
                    push(seat, lambda seq, e=event: wire.NarrativeMessage(seq=seq, turn=e.turn, text=e.text))
        if step.resolved:
            for seat in room.seats:
                view = self._view(room, seat)
                push(seat, lambda seq, v=view: wire.Observation(seq=seq, turn=state.turn, view=v))
        elif game.phase is not Phase.ENDED:
            status = dict(turn=state.turn, phase=game.phase.value, waiting_for=sorted(game.waiting_for()), held=game.held)
            for seat in room.seats:
                push(seat, lambda seq: wire.Status(seq=seq, **status))
        def umpire_update(seq: int) -> wire.UmpireUpdate:  # built only if an umpire is listening
            records = list(gamelog.step_records(step))
            return wire.UmpireUpdate(
                seq=seq, turn=state.turn, view=to_plain(ruleset.observe(state, UMPIRE)),
                events=[r for r in records if r["type"] == "event"],
                rolls=[r for r in records if r["type"] == "roll"],
            )

        push(UMPIRE, umpire_update)
        if step.resolved:
            pushes.append(lambda: self._spectate(room, state))
        if game.phase is Phase.ENDED and any(e.kind == "game_ended" for e in step.events):
            pushes.append(lambda: self._game_over(room))
        return pushes

    def _view(self, room: Room, seat: str, whole: bool = False) -> Any:
        state = room.game.state
        ruleset = room.game.ruleset
        if seat == UMPIRE:
            return to_plain(ruleset.observe(state, UMPIRE))
        return to_plain(ruleset.observe(state, seat, since=1) if whole else ruleset.observe(state, seat))

    def _spectate(self, room: Room, state: Any) -> None:
        """Spectators see the umpire's view, `spectator_delay` turns late (when the umpire allows)."""
        delay = room.spectator_delay
        if delay is None:
            return
        room.umpire_views.append((state.turn, state))  # states are immutable: keeping one is cheap
        shown = [s for t, s in room.umpire_views if t == state.turn - delay]
        if shown:
            view = to_plain(room.game.ruleset.observe(shown[0], UMPIRE))
            room.streams[SPECTATOR].push(lambda seq: wire.Observation(seq=seq, turn=shown[0].turn, view=view))

    def _game_over(self, room: Room) -> None:
        # Building the record reads the store, so it runs as a task; nothing follows it anyway.
        task = asyncio.ensure_future(self._announce_end(room))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _announce_end(self, room: Room) -> None:
        """The end: every seat gets the revealed seed and the whole record of the game."""
        row = await self.store.game(room.id)
        inputs = [entry.record for entry in await self.store.load_log(room.id)]
        # Replaying a whole game takes milliseconds: it goes a turn at a time, letting the seats
        # of every other game be served in between.
        start = core.start(core.find_ruleset(row.ruleset), row.scenario, row.seed)
        log: list[dict[str, Any]] = []
        for chunk in records_of(start, inputs):
            log += chunk
            await asyncio.sleep(0)
        outcome = room.game.state.outcome
        seed = row.seed.hex()
        for stream in room.streams.values():
            stream.push(
                lambda seq: wire.GameOver(seq=seq, result=outcome.result, reason=outcome.reason, seed=seed, log=log)
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
        for hook in self.on_evict:
            hook(room.id)


def constant_time_equal(a: bytes, b: bytes) -> bool:
    return hmac.compare_digest(a, b)

"""Deadlines: how long a phase's orders may take, and what happens when the time runs out.

The umpire gives a game time limits (`every` phase, and some `phases` their own, in seconds).
When a phase that waits for orders opens, it is given a deadline (`Due`), kept in the store so a
restart keeps it, and a timer on this shell's clock. When the timer fires with orders missing,
the host gives the game a `deadline` input: the rules core has no clock, so the deadline passing
is an input like the umpire's release, logged, replayed and verified like any other. A while
before it is due, the game's nudges say the deadline is near.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import time
from typing import TYPE_CHECKING, Any, Callable

import attrs

from fogbank.rules.core import Cycle, Refused

if TYPE_CHECKING:
    from .host import Host, Room

log = logging.getLogger("fogbank.deadlines")
LONGEST = 60 * 24 * 3600  # sixty days: a limit (or an extension) beyond it is a slip of the finger
NEAR = 3600  # a deadline is near an hour before it, or a quarter of its time if that is less


@attrs.frozen
class Limits:
    """The umpire's time limits, in seconds: `every` phase's, and `phases` of their own (None:
    that phase has none, whatever `every` says)."""

    every: int | None = None
    phases: dict[str, int | None] = attrs.Factory(dict)

    def of(self, phase: str) -> int | None:
        return self.phases[phase] if phase in self.phases else self.every

    def plain(self) -> dict[str, Any]:
        return {"every": self.every, "phases": dict(self.phases)}

    @classmethod
    def from_plain(cls, plain: dict[str, Any] | None) -> Limits:
        plain = plain or {}
        return cls(plain.get("every"), dict(plain.get("phases") or {}))


@attrs.frozen
class Due:
    """The deadline of one phase: the phase (turn and name), when it opened and when it is due
    (seconds since the epoch, on this shell's clock)."""

    turn: int
    phase: str
    opened: float
    at: float

    @property
    def iso(self) -> str:
        return iso(self.at)

    def plain(self) -> dict[str, Any]:
        return attrs.asdict(self)


def iso(seconds: float) -> str:
    """A time as the wire carries it: UTC, ISO 8601, to the second, with a Z."""
    moment = datetime.datetime.fromtimestamp(int(seconds), datetime.UTC)
    return moment.isoformat().replace("+00:00", "Z")


def check_limit(seconds: int | None, what: str = "A time limit") -> None:
    if seconds is not None and not 1 <= seconds <= LONGEST:
        raise Refused("out_of_range", f"{what} is from 1 second to 60 days.")


class Deadlines:
    """Every game's limits and deadline, and the timers that keep them. `now`: the clock (a test
    moves it on, then calls `wake`)."""

    def __init__(self, host: Host, now: Callable[[], float] = time.time) -> None:
        self.host = host
        self.now = now
        self.limits: dict[str, Limits] = {}
        self.due: dict[str, Due] = {}
        self._timers: dict[str, list[asyncio.TimerHandle]] = {}
        self._near_told: set[tuple[str, int, str]] = set()  # (game, turn, phase) whose nudge went out
        self._writing: list[asyncio.Future] = []  # the store's writes of deadlines, not yet awaited

    async def written(self) -> None:
        """Once every deadline written so far is on disk (a request is answered after it)."""
        while self._writing:
            writes, self._writing = self._writing, []
            await asyncio.gather(*writes)

    def due_iso(self, room: Room) -> str | None:
        """The deadline of the phase now open, as seats are told it (None: none)."""
        due = self.due.get(room.id)
        return due.iso if due is not None else None

    def restore(self, room: Room, limits: dict[str, Any] | None, due: dict[str, Any] | None) -> None:
        """A game's limits and deadline as the store kept them (after a restart): a deadline that
        passed while the server was down passes as soon as the loop runs."""
        self.limits[room.id] = Limits.from_plain(limits)
        if due is not None:
            self.due[room.id] = Due(**due)
        self.opened(room)  # a phase opened after the deadline was last written gets its own

    def opened(self, room: Room) -> bool:
        """After an input: if a new phase opened (or the game ended), its deadline. True if the
        deadline changed (so the seats' statuses did)."""
        game, before = room.tip, self.due.get(room.id)
        state = game.state
        if before is not None and (before.turn, before.phase) == (state.turn, state.phase) and game.cycle is not Cycle.ENDED:
            self._schedule(room)  # the same phase: its timer stands (set again after a restart)
            return False
        limit = self.limits.get(room.id, Limits()).of(state.phase)
        waits = game.cycle is Cycle.ORDERS and bool(game.waiting_for())
        return self._set(room, self._fresh(room, limit) if limit is not None and waits else None)

    def set_limits(self, room: Room, limits: Limits) -> bool:
        """The umpire's new limits; the phase now open is given its own from now. True if its
        deadline changed."""
        for seconds in (limits.every, *limits.phases.values()):
            check_limit(seconds)
        phases = room.tip.ruleset.phases
        if set(limits.phases) - set(phases):
            raise Refused("unknown_phase", f"This game's phases are: {', '.join(phases)}.")
        self.limits[room.id] = limits
        self._writing.append(self.host.store.set_club(room.id, deadlines=limits.plain()))
        game = room.tip
        limit = limits.of(game.state.phase)
        waits = game.cycle is Cycle.ORDERS and bool(game.waiting_for())
        return self._set(room, self._fresh(room, limit) if limit is not None and waits else None)

    def extend(self, room: Room, seconds: int) -> None:
        check_limit(seconds, "An extension")
        due = self.due.get(room.id)
        if due is None:
            raise Refused("no_deadline", "The phase now open has no deadline to extend.")
        self._set(room, attrs.evolve(due, at=max(due.at, self.now()) + seconds))

    def wake(self) -> None:
        """Set every timer again from the clock as it now reads (a clock moved on in a test)."""
        for game_id in list(self.due):
            room = self.host.rooms.get(game_id)
            if room is not None:
                self._schedule(room)

    def forget(self, game_id: str) -> None:
        for timer in self._timers.pop(game_id, []):
            timer.cancel()

    def _fresh(self, room: Room, limit: int) -> Due:
        now = self.now()
        return Due(room.tip.state.turn, room.tip.state.phase, now, now + limit)

    def _set(self, room: Room, due: Due | None) -> bool:
        before = self.due.get(room.id)
        if due is None:
            self.due.pop(room.id, None)
        else:
            self.due[room.id] = due
        if due != before:
            self._writing.append(self.host.store.set_club(room.id, due=None if due is None else due.plain()))
        self._schedule(room)
        return due != before

    def _schedule(self, room: Room) -> None:
        self.forget(room.id)
        due = self.due.get(room.id)
        if due is None:
            return
        loop = asyncio.get_running_loop()
        left = due.at - self.now()
        timers = [loop.call_later(max(0.0, left), self._passes, room, due)]
        near = min(NEAR, (due.at - due.opened) / 4)
        if left > 0 and (room.id, due.turn, due.phase) not in self._near_told:
            timers.append(loop.call_later(max(0.0, left - near), self._near, room, due))
        self._timers[room.id] = timers

    def _near(self, room: Room, due: Due) -> None:
        if self.due.get(room.id) != due:
            return
        self._near_told.add((room.id, due.turn, due.phase))
        held = frozenset(seat for seat in room.seats if self.host.stand_ins.holds(room.id, seat))
        self.host.nudges.deadline_near(room, due, held)

    def _passes(self, room: Room, due: Due) -> None:
        if self.due.get(room.id) != due or self.host.rooms.get(room.id) is not room:
            return
        if self.now() < due.at:  # the clock was set back (or the timer fired early): wait on
            self._schedule(room)
            return
        self._near_told.discard((room.id, due.turn, due.phase))
        self.host.keep(self.host.deadline_passed(room, due))

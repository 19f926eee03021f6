"""Per-seat message streams: numbered, kept for resume, handed to whoever listens.

A stream holds only messages already filtered for its seat. Gateways listen to streams; they never
see a game's state.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable

KEEP = 64  # messages kept per seat for resume; a client further behind gets a snapshot

Listener = Callable[[Any], None]
MakeMessage = Callable[[int], Any]  # seq -> the message carrying it


class SeatStream:
    """`unheard_kept=False`: while nobody listens, messages are numbered but not built or kept
    (a listener who comes back then gets a snapshot), all but the game_over. For the umpire's
    stream, whose updates are the costliest to build and which is often not watched."""

    def __init__(self, unheard_kept: bool = True) -> None:
        self.unheard_kept = unheard_kept
        self.seq = 0
        self._recent: deque[Any] = deque(maxlen=KEEP)
        self._listeners: list[Listener] = []

    def push(self, make: MakeMessage, final: bool = False) -> Any:
        """Number, build and keep the message `make` gives; `final`: the game's last (game_over),
        built and kept even while unheard, since whoever comes back later must still be told."""
        self.seq += 1
        if not self._listeners and not self.unheard_kept:
            self._recent.clear()  # the gap makes a returning listener take a snapshot
            if not final:
                return None
        message = make(self.seq)
        self._recent.append(message)
        for listener in self._listeners:
            listener(message)
        return message

    def since(self, last_seq: int) -> list[Any] | None:
        """Messages after `last_seq`, or None if some of them are no longer kept."""
        if last_seq > self.seq or last_seq < 0:
            return None
        missed = self.seq - last_seq
        if missed > len(self._recent):
            return None
        return list(self._recent)[len(self._recent) - missed :] if missed else []

    def recent(self) -> list[Any]:
        return list(self._recent)

    def listen(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    @property
    def listening(self) -> int:
        return len(self._listeners)

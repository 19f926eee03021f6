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
    def __init__(self) -> None:
        self.seq = 0
        self._recent: deque[Any] = deque(maxlen=KEEP)
        self._listeners: list[Listener] = []

    def push(self, make: MakeMessage) -> Any:
        self.seq += 1
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

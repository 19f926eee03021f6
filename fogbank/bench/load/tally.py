"""What a run measured, client-side: latencies, frames, failures; and the figures made from it."""

from __future__ import annotations

import random
from typing import Any

from .frames import Frames

SAMPLE = 256  # observation frames kept to pick the echo's reply from


class Tally:
    """What one run measured, client-side."""

    def __init__(self) -> None:
        self.latencies: list[float] = []  # seconds, order sent -> observation received
        self.observations = 0  # received before the deadline
        self.observation_bytes = 0
        self.frames_in = 0
        self.refusals = 0
        self.games_finished = 0
        self.failures: dict[str, int] = {}
        self.sample_observations: list[bytes | str] = []  # a uniform sample of all of them
        self.sample_order: bytes | str | None = None
        self.in_flight = 0  # orders sent and not yet answered by an observation

    def observed(self, frame: bytes | str) -> None:
        """Count an observation frame and keep it with reservoir sampling."""
        self.observation_bytes += Frames.size(frame)
        seen = len(self.latencies)
        if len(self.sample_observations) < SAMPLE:
            self.sample_observations.append(frame)
        elif (slot := random.randrange(seen)) < SAMPLE:
            self.sample_observations[slot] = frame

    def failed(self, what: BaseException) -> None:
        name = type(what).__name__
        self.failures[name] = self.failures.get(name, 0) + 1


def tally_state(tally: Tally) -> dict[str, Any]:
    """The tally as plain data, to send from a client process."""
    return dict(vars(tally))


def merge_tallies(states: list[dict[str, Any]]) -> Tally:
    """One tally from the client processes' `tally_state`s."""
    merged = Tally()
    for state in states:
        merged.latencies += state["latencies"]
        for name in ("observations", "observation_bytes", "frames_in", "refusals", "games_finished", "in_flight"):
            setattr(merged, name, getattr(merged, name) + state[name])
        for name, count in state["failures"].items():
            merged.failures[name] = merged.failures.get(name, 0) + count
        merged.sample_observations += state["sample_observations"][: SAMPLE // len(states)]
        if merged.sample_order is None:
            merged.sample_order = state["sample_order"]
    return merged


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(fraction * (len(sorted_values) - 1))))
    return sorted_values[index]


def summary(tally: Tally, seconds: float, connected: int, rss_before: int, rss_after: int) -> dict[str, Any]:
    latencies = sorted(tally.latencies)
    received = len(latencies)
    return {
        "connected_seats": connected,
        "turns_per_s": round(tally.observations / seconds, 1),
        "latency_ms": {
            "p50": round(percentile(latencies, 0.50) * 1000, 2),
            "p99": round(percentile(latencies, 0.99) * 1000, 2),
            "max": round(latencies[-1] * 1000, 2) if latencies else None,
            "samples": received,
        },
        "bytes_per_observation": round(tally.observation_bytes / received, 1) if received else None,
        "frames_in_per_turn": round(tally.frames_in / received, 2) if received else None,
        "rss_per_connection_kib": round((rss_after - rss_before) / connected, 1) if connected else None,
        "orders_never_answered": tally.in_flight,
        "refusals": tally.refusals,
        "games_finished": tally.games_finished,
        "failures": {k: v for k, v in tally.failures.items() if v},
    }


def keep_sample_frames(result: dict[str, Any], tally: Tally) -> None:
    """Keep a typical observation and an order in `result` (under `_` keys), for the echo to send."""
    if tally.sample_observations and tally.sample_order is not None:
        mean = tally.observation_bytes / len(tally.latencies)
        result["_observation_frame"] = typical(tally.sample_observations, mean)
        result["_order_frame"] = tally.sample_order


def typical(frames: list[bytes | str], mean: float) -> bytes | str:
    """The sampled frame whose size is nearest the mean."""
    return min(frames, key=lambda frame: abs(Frames.size(frame) - mean))

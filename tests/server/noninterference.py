"""A non-interference harness any ruleset plugs into.

Two runs of one game through the real game host (with a real store) and both codecs: a base run,
and one with a secret change (hidden truth at the start, or other seats' inputs, or the umpire's
silent work). A ruleset's plug says what an observing seat may know of a game (`low`): if that is
the same in both runs after every input, and so is whom the seat was told the phase waits for
(`core.waiting_told`, each time it changed), every byte the observer is sent must be the same too:
welcome, stream messages, replies to its own requests (an order's ack folded into its turn's
observation, as the gateway sends it; a `check` of each of its orders before it is given, and of
an empty order after every input), a reconnect's snapshot after every input, and the
`game_over` that ends each run (the umpire ends a game its inputs left running), its whole log
aside. Seat against truth and seat against seat are the same test with different changes.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import attrs

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.rules.core import Game, GameState, Refused
from fogbank.server.gateway import fold_ack
from fogbank.server.guard import Buckets
from fogbank.server.host import Forbidden, Host, Room
from fogbank.server.store import Store

CODECS = [wire.codec_for(wire.MSGPACK), wire.codec_for(wire.JSON)]
# {"seat": ..., "order": ...} | {"seat": ..., "question": ...} | {"seat": ..., "talk": text, "to"?: seat} |
# {"umpire": message}; an input a
# change inserts is marked "extra": no reconnect is tried after it, so both runs try the same ones.
Input = Mapping[str, Any]


@attrs.frozen
class Plug:
    """What a ruleset gives the harness."""

    ruleset: str
    scenario: str
    low: Callable[[Game, str], Any]  # what `seat` may know of this game: its share of the truth
    options: Mapping[str, Any] = attrs.field(factory=dict)  # the game's options, if not the defaults
    # What `seat` may know less the clock and the timing of others' orders: when it is the same in
    # both runs, the phases the seat sees open, in order, must be the same too, whatever the inputs'
    # timing (a phase that opens only while a hidden enemy can act in it is a leak).
    clock_free_low: Callable[[Game, str], Any] | None = None
    # Whether the end unseals the whole log to every seat (a game of its own does; a battle fought
    # for a campaign does not: its truth goes back to the campaign, which goes on). When it does
    # not, game_over is compared whole.
    log_unsealed: bool = True


@attrs.frozen
class Change:
    """A secret change: to the truth at the start, and to the inputs (other seats', the umpire's)."""

    name: str
    start: Callable[[GameState], GameState] = lambda state: state
    inputs: Callable[[Sequence[Input]], Sequence[Input]] = lambda inputs: inputs
    # An input the log keeps word for word (talk, say) is in the log `game_over` unseals to every
    # seat at the end, by design: such a change is checked on everything sent before it.
    unsealed_at_end: bool = False


@attrs.frozen
class Run:
    sent: list[bytes | str]  # everything the observer was sent, in both codecs
    lows: list[Any]  # the observer's share of the truth after every input
    messages: list[Any] = attrs.field(factory=list)  # what was sent, as messages (sealed)
    clock_free: Any = None  # the observer's clock-free share at the end (if the plug has one)
    # Whom the observer was told the phase waits for, each time it changed (after any input, an
    # extra one too), with when: what `core.waiting_told` lets a seat know, beyond its plug's `low`.
    waiting: list[Any] = attrs.field(factory=list)


def run(plug: Plug, seed: bytes, inputs: Sequence[Input], observer: str, change: Change | None = None) -> Run:
    return asyncio.run(_run(plug, seed, inputs, observer, change or Change("none")))


async def _run(plug: Plug, seed: bytes, inputs: Sequence[Input], observer: str, change: Change) -> Run:
    with tempfile.TemporaryDirectory() as directory:
        store = await Store.open(Path(directory))
        try:
            ruleset = core.find_ruleset(plug.ruleset)
            game = core.start(ruleset, plug.scenario, seed, plug.options)
            game = attrs.evolve(game, state=change.start(game.state))
            await store.create_game("g", ruleset.name, plug.scenario, seed, core.commitment(seed), {}, dict(game.state.options))
            host = Host(store)
            # The observer checks a draft at every input: its allowance (its own doing, the same
            # in both runs) is not what is compared, so it never runs out here.
            host.checks = Buckets(1 << 30, 1.0)
            room = host.rooms["g"] = Room("g", game)
            sent: list[Any] = [host.welcome(room, observer)]
            room.streams[observer].listen(sent.append)
            lows, waiting = [], [(0, core.waiting_told(room.game, observer))]
            clock_free = []
            refs = {}  # each sender numbers its own requests, as a client does
            for given in change.inputs(inputs):
                if room.game.state.ended:
                    break
                sender = given.get("seat", core.UMPIRE)
                refs[sender] = ref = refs.get(sender, 0) + 1
                if given.get("seat") == observer and "order" in given:  # the page checks a draft first
                    sent.append(_check(host, room, observer, given["order"], ref))
                during = len(sent)  # what the observer is sent while its own request is in flight
                reply = await _give(host, room, given, ref)
                if given.get("seat") == observer and reply is not None:
                    reply = attrs.evolve(reply, seq=room.streams[observer].seq)
                    if "order" in given:  # as the gateway sends it a client that joined with folded_ack
                        sent[during:] = fold_ack(sent[during:], [reply])
                    else:
                        sent.append(reply)
                await asyncio.sleep(0)  # the pushes run once the input is durable
                told = core.waiting_told(room.game, observer)
                if told != waiting[-1][1]:  # when (after how many inputs both runs share) and what
                    waiting.append((len(lows), told))
                if given.get("extra"):
                    continue
                sent.append(host.snapshot(room, observer, None, room.streams[observer].seq))
                sent.append(_check(host, room, observer, {}, 0))
                lows.append(plug.low(room.game, observer))
                if plug.clock_free_low is not None:
                    clock_free.append(plug.clock_free_low(room.game, observer))
            if not room.game.state.ended:  # the umpire ends it: the observer's own record is compared too
                await _give(host, room, {"umpire": wire.EndGame(ref=0, reason="The test is over.")}, 0)
                await asyncio.sleep(0)
            sent.append(host.welcome(room, observer))
            if change.unsealed_at_end:
                sent = [m for m in sent if not isinstance(m, wire.GameOver)]
            sealed = [_sealed(m) if plug.log_unsealed else m for m in sent]
            return Run([codec.encode_server(m) for m in sealed for codec in CODECS], lows, sealed, _changes(clock_free), waiting)
        finally:
            await store.close()


def _sealed(message: Any) -> Any:
    """The message less what the end unseals for everyone on purpose: game_over's whole log (the
    seat's own record in it is still compared)."""
    return attrs.evolve(message, log=[]) if isinstance(message, wire.GameOver) else message


def _check(host: Host, room: Room, seat: str, order: Mapping[str, Any], ref: int) -> wire.Checked:
    """The reply to the seat's `check` of a draft order for the phase now open."""
    state = room.game.state
    refusals = host.check(room, seat, state.turn, dict(order), state.phase)
    return wire.Checked(seq=room.streams[seat].seq, ref=ref, refusals=refusals)


async def _give(host: Host, room: Room, given: Input, ref: int) -> Any:
    """Give one input; the reply its sender would get (an ack, or an error with its code)."""
    try:
        if "umpire" in given:
            await host.umpire(room, core.UMPIRE, given["umpire"])
        elif "talk" in given:
            await host.talk(room, given["seat"], given["talk"], given.get("to"))
        elif "question" in given:
            await host.ask(room, given["seat"], dict(given["question"]))
        else:
            await host.order(room, given["seat"], room.game.state.turn, dict(given["order"]))
    except Refused as refusal:
        return wire.Error(seq=0, ref=ref, code=refusal.code, message=refusal.sentence)
    except Forbidden as forbidden:
        return wire.Error(seq=0, ref=ref, code="forbidden", message=forbidden.sentence)
    return wire.Ack(seq=0, ref=ref)


def check(plug: Plug, seed: bytes, inputs: Sequence[Input], observer: str, change: Change) -> bool:
    """Assert non-interference for one game; False when the change reached what the observer may
    know (no claim to check then: the caller discards the example).

    A difference is named by its kind, the first found of: the phases the seat sees open, the ids
    and labels it is given, their order, a message's size, and at last any byte."""
    base = run(plug, seed, inputs, observer, Change("none", unsealed_at_end=change.unsealed_at_end))
    changed = run(plug, seed, inputs, observer, change)
    checked = False
    if plug.clock_free_low is not None and base.clock_free == changed.clock_free:
        a, b = phases_seen(base.messages), phases_seen(changed.messages)
        assert a == b, f"{change.name}: the phases {observer} sees differ:\n{a}\n{b}"
        checked = True
    if base.lows != changed.lows or base.waiting != changed.waiting:
        return checked
    assert len(base.messages) == len(changed.messages), (
        f"{change.name}: {observer} is sent {len(base.messages)} messages in one run, {len(changed.messages)} in the other"
    )
    for number, (one, other) in enumerate(zip(base.messages, changed.messages)):
        where = f"{change.name}: message {number} sent to {observer}"
        assert phases_seen([one]) == phases_seen([other]), f"{where}: the phases it sees differ"
        ids_one, ids_other = ids_in(one), ids_in(other)
        assert sorted(map(repr, ids_one)) == sorted(map(repr, ids_other)), (
            f"{where}: the ids and labels it is given differ:\n{ids_one}\n{ids_other}")
        assert ids_one == ids_other, f"{where}: its ids and labels come in another order:\n{ids_one}\n{ids_other}"
    for number, (a, b) in enumerate(zip(base.sent, changed.sent, strict=True)):
        assert len(a) == len(b), f"{change.name}: message {number // 2} sent to {observer} differs in size: {len(a)}, {len(b)}"
        assert a == b, f"{change.name}: message {number // 2} sent to {observer} differs:\n{a!r}\n{b!r}"
    return True


# Keys whose values name things: labels, markers, contact and track numbers, spread numbers, ids.
ID_KEYS = frozenset({"id", "label", "marker", "contact", "track", "number", "spread", "ref"})


def phases_seen(messages: Sequence[Any]) -> list[tuple[int, str]]:
    """The (turn, phase) of each observation and snapshot, each told once, in order."""
    seen: list[tuple[int, str]] = []
    for message in messages:
        if isinstance(message, (wire.Observation, wire.Snapshot)) and (message.turn, message.phase) not in seen[-1:]:
            seen.append((message.turn, message.phase))
    return seen


def ids_in(message: Any) -> list[tuple[str, Any]]:
    """Every (key, value) under an id-like key in the message's payloads, in the order sent."""
    found: list[tuple[str, Any]] = []

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, Mapping):
            for k, v in value.items():
                walk(v, str(k))
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v, key)
        elif key in ID_KEYS or key.endswith("_id"):
            found.append((key, value))

    walk(attrs.asdict(message) if attrs.has(type(message)) else message)
    return found


def _changes(values: list[Any]) -> list[Any]:
    """The values, each told once while it stays the same: a share of the truth without its timing."""
    return [v for i, v in enumerate(values) if i == 0 or v != values[i - 1]]

"""A non-interference harness any ruleset plugs into.

Two runs of one game through the real game host (with a real store) and both codecs: a base run,
and one with a secret change (hidden truth at the start, or other seats' inputs, or the umpire's
silent work). A ruleset's plug says what an observing seat may know of a game (`low`, and which consorts it may
know take part in the phase: whether their orders are in is its to know): if that is the same in
both runs after every input, every byte the observer is sent must be the same too, whom it is told
the phase waits for among them:
welcome, stream messages, replies to its own requests (an order's ack folded into its turn's
observation, as the gateway sends it; a `check` of each of its orders before it is given, and of
an empty order after every input), a reconnect's snapshot after every input, and the
`game_over` that ends each run (the umpire ends a game its inputs left running), its whole log
aside. Seat against truth and seat against seat are the same test with different changes.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import attrs

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.rules.core import Game, GameState, Refused
from fogbank.server.bus import LocalBus, handle
from fogbank.server.gateway import fold_ack
from fogbank.server.glance import glance
from fogbank.server.guard import Buckets
from fogbank.server.host import Forbidden, Host, Room, token_hash
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
    # The consorts `seat` may know take part in the phase now open (written here from the rules'
    # text, not the ruleset's hook): whether each one's order is in is the seat's to know, as a
    # pencil put down across a table is; nothing else of the others' readiness. None: no consort.
    friends: Callable[[Game, str], Any] | None = None


CHAT = "https://chat.example.org/hooks/club"  # the club's chat: every side reads it
OWN_HOOK = "https://push.example.org/observer"  # the observer's own nudges


def unchanged(state: GameState) -> GameState:
    return state


@attrs.frozen
class Change:
    """A secret change: to the truth at the start, and to the inputs (other seats', the umpire's)."""

    name: str
    start: Callable[[GameState], GameState] = unchanged
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
    # The consorts' pencils (`pencils_down`), each time they changed (after any input, an extra
    # one too), with when: what the seat may know of the others' readiness, beyond its `low`.
    pencils: list[Any] = attrs.field(factory=list)
    # The nudges the observer reads: its own (a webhook of its own) and the game's chat's.
    nudged: list[str] = attrs.field(factory=list)


def run(plug: Plug, seed: bytes, inputs: Sequence[Input], observer: str, change: Change | None = None) -> Run:
    change = change or Change("none")
    # The host replays a game's history from its start as the store would rebuild it, which knows
    # nothing of a start the change altered: it is given the altered one (else the replay of the
    # changed run refuses an input its game took, and the history's answer differs for no leak).
    from fogbank.server import host as host_module

    rebuilt = host_module._start_of
    host_module._start_of = lambda game: attrs.evolve(rebuilt(game), state=change.start(rebuilt(game).state))
    try:
        return asyncio.run(_run(plug, seed, inputs, observer, change))
    finally:
        host_module._start_of = rebuilt


async def _run(plug: Plug, seed: bytes, inputs: Sequence[Input], observer: str, change: Change) -> Run:
    with tempfile.TemporaryDirectory() as directory:
        store = await Store.open(Path(directory))
        try:
            ruleset = core.find_ruleset(plug.ruleset)
            game = core.start(ruleset, plug.scenario, seed, plug.options)
            game = attrs.evolve(game, state=change.start(game.state))
            # Each seat's token, for its glance (its line in its browser's list of games).
            tokens = {seat: token_hash(f"g.{seat}.glance") for seat in ruleset.seat_names(game.state)}
            await store.create_game("g", ruleset.name, plug.scenario, seed, core.commitment(seed), tokens,
                                    dict(game.state.options))  # fmt: skip
            host = Host(store)
            # The observer checks a draft at every input: its allowance (its own doing, the same
            # in both runs) is not what is compared, so it never runs out here.
            host.checks = Buckets(1 << 30, 1.0)
            room = host.rooms["g"] = Room("g", game)
            # The observer's own nudges and the club's chat, which every seat reads: caught as
            # they are queued, each as the JSON its destination would be posted.
            nudged: list[str] = []
            host.nudges.webhooks["g"] = CHAT
            if observer in room.seats:
                host.nudges.addresses["g"] = {observer: OWN_HOOK}
            host.nudges.delivery.put = lambda game_id, to, nudge: nudged.append(json.dumps([to, nudge], sort_keys=True))
            sent: list[Any] = [host.welcome(room, observer)]
            room.streams[observer].listen(sent.append)
            lows, pencils = [], [(0, pencils_down(plug, room.game, observer))]
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
                await settled(host)  # the pushes run once the input is durable; then the seats passed over
                down = pencils_down(plug, room.game, observer)
                if down != pencils[-1][1]:  # when (after how many inputs both runs share) and what
                    pencils.append((len(lows), down))
                if given.get("extra"):
                    continue
                sent.append(host.snapshot(room, observer, None, room.streams[observer].seq))
                sent.append(_check(host, room, observer, {}, 0))
                sent += await _asked(host, room, observer)
                lows.append(plug.low(room.game, observer))
                if plug.clock_free_low is not None:
                    clock_free.append(plug.clock_free_low(room.game, observer))
            if not room.game.state.ended:  # the umpire ends it: the observer's own record is compared too
                await _give(host, room, {"umpire": wire.EndGame(ref=0, reason="The test is over.")}, 0)
                await settled(host)
            sent.append(host.welcome(room, observer))
            sent += await _asked(host, room, observer, history=True)
            if change.unsealed_at_end:
                sent = [m for m in sent if not isinstance(m, wire.GameOver)]
                nudged = [n for n in nudged if '"game_over"' not in n]
            sealed = [_sealed(m) if plug.log_unsealed else m for m in sent]
            return Run([codec.encode_server(m) for m in sealed for codec in CODECS], lows, sealed, _changes(clock_free),
                       pencils, nudged)
        finally:
            await store.close()


async def settled(host: Host) -> None:
    """Until the host's own work after an input is done: its pushes, and the passes of seats with
    nothing to order (each an input of its own), so both runs compare the same moments."""
    await asyncio.sleep(0)
    while host._tasks:
        await asyncio.gather(*list(host._tasks), return_exceptions=True)


def pencils_down(plug: Plug, game: Game, seat: str) -> Any:
    """Whether each consort the seat may know takes part has given his order: the one thing of
    the others' readiness a seat may learn (docs/decisions.md, "What a seat may learn from the
    shape of the stream")."""
    if plug.friends is None or game.cycle is core.Cycle.ENDED:
        return ()
    return tuple(sorted((friend, friend in game.orders) for friend in plug.friends(game, seat)))


async def _asked(host: Host, room: Room, seat: str, history: bool = False) -> list[Any]:
    """The seat's answers to every other request it may make (a page of what it was told, the
    games list, another seat's log, a glance and, once the game is over, its history), each as the reply
    the gateway would send, a refusal included, so that no request's answer is left uncompared."""
    other = next(s for s in room.seats if s != seat) if len(room.seats) > 1 else seat
    asked = [wire.RequestTold(ref=91, before=1 << 30), wire.ListGames(ref=92), wire.RequestSeatLog(ref=93, seat=other)]
    if history:
        host.histories = Buckets(1 << 30, 1.0)  # asked once a run: its allowance is not what is compared
        asked.append(wire.RequestHistory(ref=94))
    replies = []
    for request in [*asked, wire.Glance(ref=95, token=f"g.{seat}.glance")]:
        try:
            if isinstance(request, wire.Glance):  # through a join, as the gateway answers it
                replies.append(await glance(LocalBus(host), request.token))
            else:
                replies += await handle(host, room, seat, request)
        except Refused as refusal:
            replies.append(wire.Error(seq=0, ref=request.ref, code=refusal.code, message=refusal.sentence))
        except Forbidden as forbidden:
            replies.append(wire.Error(seq=0, ref=request.ref, code="forbidden", message=forbidden.sentence))
    return replies


def _sealed(message: Any) -> Any:
    """The message less what the end unseals for everyone on purpose: game_over's whole log (the
    seat's own record in it is still compared) and, once it is over, the game's history."""
    if isinstance(message, wire.GameOver):
        return attrs.evolve(message, log=[])
    return attrs.evolve(message, turns=[], log=[]) if isinstance(message, wire.History) else message


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


def check(plug: Plug, seed: bytes, inputs: Sequence[Input], observer: str, change: Change, base: Change | None = None) -> bool:
    """Assert non-interference for one game; False when the change reached what the observer may
    know (no claim to check then: the caller discards the example). `base`: the run `change` is
    compared with (by default the game as the inputs leave it).

    A difference is named by its kind, the first found of: the phases the seat sees open, the ids
    and labels it is given, their order, a message's size, and at last any byte."""
    base = base or Change("none", unsealed_at_end=change.unsealed_at_end)
    first = run(plug, seed, inputs, observer, base)
    changed = run(plug, seed, inputs, observer, change)
    base = first
    checked = False
    if plug.clock_free_low is not None and base.clock_free == changed.clock_free:
        a, b = phases_seen(base.messages), phases_seen(changed.messages)
        assert a == b, f"{change.name}: the phases {observer} sees differ:\n{a}\n{b}"
        checked = True
    # Whom the phase waits for is not excused: what a seat is told of it must follow from its own
    # share of the truth (`low`) and its consorts' pencils, so a difference there is a leak.
    if base.lows != changed.lows or base.pencils != changed.pencils:
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
    assert len(base.nudged) == len(changed.nudged), (
        f"{change.name}: {observer} reads {len(base.nudged)} nudges in one run, {len(changed.nudged)} in the other")
    for number, (a, b) in enumerate(zip(base.nudged, changed.nudged)):
        assert a == b, f"{change.name}: nudge {number} {observer} reads differs:\n{a}\n{b}"
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


def plant_waiting_from_the_truth(monkeypatch: Any, leak: str) -> None:
    """Plant back a leak of the round before (issue 36) in what every seat is told of whom the
    phase waits for: the enemy's seats still to order, counted ("count"), or the own side's,
    named ("names"), both from the truth rather than from what the seat may know."""
    from fogbank.server import filter as seen_by

    def waiting(game: Game, seat: str, view: Any = None) -> dict[str, Any]:
        sides = {s.name: s.side for s in game.ruleset.seats(game.state)}
        left = game.waiting_for() - {seat}
        if leak == "count":
            return {"seats": [], "others": sum(1 for s in left if sides[s] != sides[seat])}
        return {"seats": sorted(s for s in left if sides[s] == sides[seat])}

    monkeypatch.setattr(seen_by, "waiting", waiting)


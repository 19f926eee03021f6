"""The send-time filter: what each seat is sent after a step, built from that seat's own view.

Nothing here reads another seat's knowledge or the truth for a seat: a seat's messages come from
`Ruleset.observe(state, seat)`, the events told to it, its own place in the phase, and whom the
phase waits for as far as its own view shows (`core.waiting_told`: the seats of its own side it
sees taking part, by name; nothing of the other sides). Who has ordered what is the umpire's alone.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from fogbank import protocols as wire
from fogbank.rules.core import UMPIRE, Amended, Answer, Event, Game, Narrative, Talk, waiting_told
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.inputs import OWN_INPUTS


def view(game: Game, seat: str, whole: bool = False) -> Any:
    """The seat's view (the umpire's: the truth less the seed); `whole`: every report so far."""
    ruleset, state = game.ruleset, game.state
    if seat == UMPIRE or not whole:
        return to_plain(ruleset.observe(state, seat))
    return to_plain(ruleset.observe(state, seat, since=1))


def must_act(game: Game, seat: str) -> bool:
    return seat in game.to_act()


def status(game: Game, seat: str, deadline: str | None = None, view: Any = None) -> wire.Status:
    """The seat's own progress in the phase now open (its seq is set when it is pushed), whom
    else the phase waits for as far as the seat may be told, and the phase's deadline. `view`:
    the seat's plain view of this state, if the caller has it."""
    state = game.state
    return wire.Status(
        seq=0, turn=state.turn, phase=state.phase, must_act=must_act(game, seat),
        order_in=seat in game.orders, held=game.held, waiting=waiting(game, seat, view), deadline=deadline,
    )


def waiting(game: Game, seat: str, view: Any = None) -> dict[str, Any] | None:
    """Whom the phase waits for, as `seat` is told it (`core.waiting_told`): None when there is
    nobody it may name, so a game with one seat a side sends what it always did."""
    if seat == UMPIRE:
        return None
    told = waiting_told(game, seat, view)
    return {"seats": list(told.seats)} if told.seats else None


def told(event: Event, seq: int) -> Any:
    """The stream message for an event a seat keeps (narrative, answer, amendment, talk). A
    ruleset's own news is a plain event kept in its seats' views, never a `Told` of its own:
    tests/server/test_every_scenario.py plays every scenario through here."""
    match event:
        case Narrative(turn=turn, text=text):
            return wire.NarrativeMessage(seq=seq, turn=turn, text=text)
        case Answer(turn=turn, phase=phase, question=question, answer=answer):
            return wire.AnswerMessage(seq=seq, turn=turn, phase=phase, question=dict(question), answer=dict(answer))
        case Amended(turn=turn, phase=phase, order=order, reason=reason, note=note):
            return wire.AmendedMessage(seq=seq, turn=turn, phase=phase, order=dict(order), reason=reason, note=note)
        case Talk(turn=turn, phase=phase, seat=speaker, text=text, to=to):
            return wire.TalkMessage(seq=seq, turn=turn, phase=phase, seat=speaker, text=text, to=to)
    raise TypeError(f"{event.kind} is not told on a stream")


def told_so_far(game: Game, seat: str, first: int = 0, before: int | None = None) -> list[dict[str, Any]]:
    """What a seat was told so far, as plain maps (for a welcome after a reconnect): the entries
    from index `first` up to `before` (to the latest when None)."""
    return [{"kind": event.kind, **to_plain(event)} for event in game.state.told.get(seat, ())[first:before]]


def umpire_status(game: Game) -> dict[str, Any]:
    """Where the phase stands, for the umpire: the cycle, who is yet to act, what is in."""
    ruleset = game.ruleset
    return {
        "phase": game.state.phase,
        "cycle": game.cycle.value,
        "waiting_for": sorted(game.waiting_for()),
        "held_phases": [p for p in ruleset.phases if p in game.holds],
        "orders_in": {seat: to_plain(ruleset.unparse_order(order)) for seat, order in sorted(game.orders.items())},
    }


def record_seats(entry: Mapping[str, Any]) -> Iterable[str]:
    """The seats whose own record holds this log entry: the seat that gave an order or asked a
    question, and an event's audience. Never a roll; the game's header is in every record."""
    kind = entry.get("type")
    if kind == "input":
        return (entry["seat"],) if entry["input"] in OWN_INPUTS and "seat" in entry else ()
    if kind == "event":
        return entry.get("audience", ())
    return ()


def seat_record(seat: str, log: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A seat's own record of the game: its own inputs and what it was told, never a roll."""
    return [dict(entry) for entry in log if entry.get("type") == "game" or seat in record_seats(entry)]


def records_by_seat(entries: Iterable[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    """Each seat's share of an input and the records it made, in order, for its own record at
    the game's end (the umpire has none: its game_over holds the whole log)."""
    shares: dict[str, list[Mapping[str, Any]]] = {}
    for entry in entries:
        for seat in record_seats(entry):
            if seat != UMPIRE:
                shares.setdefault(seat, []).append(entry)
    return shares

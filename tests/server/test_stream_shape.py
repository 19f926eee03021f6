"""The harness catches each kind of leak in the stream's shape: which phases a seat sees open, the
ids and labels it is given, their order, and a message's size. Each leak is planted in the toy
ruleset on purpose, against a change the seat cannot sense (the far dummy is a real ship, or is
not there at all); without the plant the same game passes."""

from __future__ import annotations

import attrs
import pytest

from fogbank import protocols as wire
from tests.rules.toy.picket import SIGHT, Picket

from .noninterference import Change, Plug, check


def clock_free(game, seat):
    """What a Picket captain may know, less the clock: its ship, the enemy and the consorts in
    sight, its plot, what it was told, and the end."""
    state, board = game.state, game.state.board
    own = board.unit(seat)
    near = sorted((u.name, u.area, u.afloat, u.dummy) for u in board.units
                  if u.side != own.side and own.afloat and abs(u.area - own.area) <= SIGHT)
    consorts = sorted(u.name for u in board.units if u.side == own.side and u.name != seat and not u.dummy
                      and u.afloat and own.afloat and abs(u.area - own.area) <= SIGHT)
    return state.outcome, own, near, consorts, state.knowledge[seat], state.told.get(seat)


def low(game, seat):
    return (game.state.turn, game.state.phase, game.orders.get(seat), game.holds, clock_free(game, seat))


PICKET = Plug("picket", "picket", low, clock_free_low=clock_free)
SEED = bytes(range(32))
STAY = [{"seat": s, "order": {"move": 0}} for s in ("blue1", "blue2", "red1", "red2")]
HOLD_FIRE = [{"seat": s, "order": {}} for s in ("blue1", "blue2", "red1", "red2")]
INPUTS = (STAY + HOLD_FIRE + [{"umpire": wire.Release(ref=0)}]) * 3  # red stays out of sight of the dummy at 8


def _dummy_is(real: bool | None):
    """The dummy marker becomes a real ship (True) or is not there at all (None)."""
    def start(state):
        board = state.board
        units = tuple(u for u in board.units if not (u.dummy and real is None))
        units = tuple(attrs.evolve(u, dummy=False) if u.dummy and real else u for u in units)
        return attrs.evolve(state, board=attrs.evolve(board, units=units))
    return start


REAL = Change("the dummy is a ship", start=_dummy_is(True))
GONE = Change("no dummy", start=_dummy_is(None))


def _has_dummy(state) -> bool:
    return any(u.dummy for u in state.board.units)


def _observe_with(extra):
    real = Picket.observe

    def observe(self, state, seat, since=None):
        view = real(self, state, seat, since)
        return {**view, **extra(state)} if seat != "umpire" else view
    return observe


@pytest.mark.parametrize("change", [REAL, GONE])
@pytest.mark.parametrize("inputs", [STAY, INPUTS])
def test_without_a_plant_the_far_dummy_changes_no_byte(change, inputs):
    assert check(PICKET, SEED, inputs, "red1", change)


def test_a_phase_that_opens_only_while_a_hidden_unit_can_act_in_it_is_caught(monkeypatch):
    real = Picket.seats_to_act

    def seats_to_act(self, state):  # the leak: nobody fires while blue has its dummy
        return frozenset() if state.phase == "fire" and _has_dummy(state) else real(self, state)

    monkeypatch.setattr(Picket, "seats_to_act", seats_to_act)
    with pytest.raises(AssertionError, match="the phases red1 sees differ"):
        check(PICKET, SEED, STAY, "red1", REAL)


def test_an_id_drawn_from_hidden_state_is_caught(monkeypatch):
    # the leak: spread numbers counted over every unit on the board, seen or not
    monkeypatch.setattr(Picket, "observe", _observe_with(lambda state: {"spread": len(state.board.units)}))
    with pytest.raises(AssertionError, match="the ids and labels it is given differ"):
        check(PICKET, SEED, INPUTS, "red1", GONE)


def test_labels_ordered_by_hidden_state_are_caught(monkeypatch):
    # the leak: the same two labels, the real ship's first
    monkeypatch.setattr(Picket, "observe", _observe_with(
        lambda state: {"markers": [{"label": 1}, {"label": 2}][:: 1 if _has_dummy(state) else -1]}))
    with pytest.raises(AssertionError, match="come in another order"):
        check(PICKET, SEED, INPUTS, "red1", REAL)


def test_a_size_that_follows_hidden_state_is_caught(monkeypatch):
    # the leak: a note padded by what is really there
    monkeypatch.setattr(Picket, "observe", _observe_with(lambda state: {"note": "." * (1 + _has_dummy(state))}))
    with pytest.raises(AssertionError, match="differs in size"):
        check(PICKET, SEED, INPUTS, "red1", REAL)


def test_any_other_byte_that_follows_hidden_state_is_caught(monkeypatch):
    monkeypatch.setattr(Picket, "observe", _observe_with(lambda state: {"note": "ab" if _has_dummy(state) else "ba"}))
    with pytest.raises(AssertionError, match="differs:"):
        check(PICKET, SEED, INPUTS, "red1", REAL)

"""Fire orders as they are carried out in 2C: over-designation counts the batteries that fire
(5.4b), and an accepted order that cannot fire is explained to the seat that gave it."""

from __future__ import annotations

import attrs

from fogbank.rules.supremacy import fire
from fogbank.rules.supremacy.board import FireOrder

from .test_referee import _fire_phase


def split_short(used_port: int):
    """Graf Spee's port secondaries split, two guns on Exeter (director) and two on Ajax (local),
    with `used_port` quarter salvos of their 24 spent; her fore turret fires at Ajax too."""
    game = _fire_phase(graf_spee=((0, 0), 90), exeter=((-50, 150), 90), ajax=((50, 150), 90),
                       achilles=((3000, 3000), 0))
    state = game.state
    spee = attrs.evolve(state.board.ship("graf_spee"), used={"port": used_port},
                        locked={"mains": frozenset({"ajax"}), "secondaries": frozenset({"exeter", "ajax"})})
    plan = (FireOrder("fore", "ajax"), FireOrder("port", "exeter", guns=2), FireOrder("port", "ajax", guns=2))
    return attrs.evolve(state, board=attrs.evolve(state.board.replace(spee), fire={"graf_spee": plan}))


def test_a_battery_that_never_fired_for_want_of_ammunition_does_not_count_on_the_target():
    """5.4b counts the batteries "engaging" a target. One quarter salvo left: the port group's
    share on Exeter fires half a salvo and the share on Ajax has nothing left; the 11-inch on
    Ajax is the only battery on her and is not spoiled by one that never fired."""
    result = fire.execute_fire(split_short(23))
    salvos = {(s.group, s.target): s for s in result.state.board.salvos}
    assert ("port", "ajax") not in salvos
    mains = salvos[("fore", "ajax")]
    assert mains.batteries == 1 and not any("batteries" in reason for reason, _ in mains.shifts)
    # With ammunition for both, both secondaries' shares fire: two batteries on Ajax.
    both = {(s.group, s.target): s for s in fire.execute_fire(split_short(0)).state.board.salvos}
    assert both[("fore", "ajax")].batteries == 2 and ("port", "ajax") in both


def test_an_accepted_order_that_cannot_fire_is_explained_to_its_seat():
    """The second share had no ammunition left: Graf Spee's seat is told so, in words, and no
    other seat is."""
    result = fire.execute_fire(split_short(23))
    (told,) = [e for e in result.events if e.kind == "not_fired"]
    assert told.audience == frozenset({"graf_spee"})
    assert (told.ship, told.group, told.target) == ("graf_spee", "port", "ajax")
    report = next(r for r in result.state.knowledge["graf_spee"].reports if r["kind"] == "not_fired")
    assert "did not fire at Ajax" in report["text"] and "ammunition" in report["text"], report["text"]

"""Dardanelles plays as it did before the engine was generalised: the same inputs give the same
dice, the same events in the same words, and the same views, for the seat and for the umpire.

The fixture was recorded on the engine before the change (tests/fixtures/record_dardanelles.py);
it holds three games: two bot games and one with the umpire's hold, release, override, narrative
and end.
"""

from __future__ import annotations

import gzip
import json

import pytest

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record import gamelog
from fogbank.rules.record.replay import apply_input
from tests.fixtures.record_dardanelles import FIXTURE

GAMES = json.loads(gzip.decompress(FIXTURE.read_bytes()))


def _comparable(record: dict) -> dict:
    """A log record as the engine records it now. The changes on purpose: a game's end carries a
    result per side (`results`) where it carried one `result` (Dardanelles' one side is the
    British; the umpire plays the Turks), and a narrative names the phase it was told in."""
    record = dict(record)
    if record.get("kind") == "narrative":
        record.pop("phase", None)
    if record.get("kind") == "game_ended" and "result" in record:
        record["results"] = {"british": record.pop("result")}
    return record


def _view_now(view: dict) -> dict:
    """A seat's view less the one thing added to it on purpose since the recording: each
    report's `facts`, its numbers as data (so a bot never parses a report's words back)."""
    view = dict(view)
    if "reports" in view:
        view["reports"] = [{k: v for k, v in r.items() if k != "facts"} for r in view["reports"]]
    return view


@pytest.mark.parametrize("recorded", GAMES, ids=lambda g: f"{g['scenario']}-{len(g['inputs'])}")
def test_the_same_inputs_give_the_same_dice_events_and_views(recorded):
    ruleset, scenario = core.find_scenario(recorded["scenario"])
    game = core.start(ruleset, scenario, bytes.fromhex(recorded["seed"]))
    seat = ruleset.seat_names(game.state)[0]
    rolls = 0
    for number, (record, expected) in enumerate(zip(recorded["inputs"], recorded["steps"], strict=True)):
        step = apply_input(game, record)
        game = step.game
        got = [_comparable(r) for r in gamelog.step_records(step)]
        assert got == [_comparable(r) for r in expected["records"]], f"input {number}: {record}"
        assert step.resolved == expected["resolved"], f"input {number}"
        assert _view_now(to_plain(ruleset.observe(game.state, seat))) == expected["seat_view"], f"input {number}"
        assert to_plain(ruleset.observe(game.state, core.UMPIRE)) == expected["umpire_view"], f"input {number}"
        rolls += len(step.rolls)
    assert _view_now(to_plain(ruleset.observe(game.state, seat, since=1))) == recorded["whole_view"]
    assert rolls > 0 and game.state.ended

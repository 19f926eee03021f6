"""Dardanelles plays as it was recorded: the same inputs give the same dice, the same events in
the same words, and the same views, for the seat and for the umpire.

The fixture (tests/fixtures/record_dardanelles.py) holds three games: two bot games and one with
the umpire's hold, release, override, narrative and end. It was recorded again for the rules of
issue 10, which change every stream on purpose: each game's mine lines and vessels are drawn from
its seed (so the minefields met, and the umpire's view, differ from game to game); a boat at the
bottom only drifts, a surfacing hour moves at surface speed and reloads need consecutive surfaced
hours (so the bot's orders and the boat's track differ); bearings are compass points, hydrophone
contacts come in one report, a tracked vessel keeps its contact number; results are graded.
Recorded again when the umpire's words grew (the same dice, the same inputs): a drift into the
bank is told (`drift_held`, shortly the hours after the first), a torpedo report says whether it ran past a ship already sunk, shell
splashes say the battery has her range, an override of a surfaced boat's battery warns of the charge.
The AE2 game's expected end was written again (same inputs, dice and events) when her victory came
to need the battleship off Maidos sunk before dark: she broke through without it, now a draw.
Recorded again when the seat's view grew `drift`, `targets_sunk` and `limits` and a torpedo report its `then`
(the B11 games replayed to the same dice, events and views but for those fields), and AE2's
battleship came to shift her anchorage between eight squares and the patrols over wider reaches
(the AE2 game's setup, and so its stream, is drawn anew).
And again when a game's clock came to stay on the phase that ended it: `game_ended` and the last views
say the hour the game ended in, not the next.
And the seat's views kept less their `limits` when the briefing came to carry them for every level
instead (issue 42): the fixture's views had that one field taken out, nothing replayed anew.
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


@pytest.mark.parametrize("recorded", GAMES, ids=lambda g: f"{g['scenario']}-{len(g['inputs'])}")
def test_the_same_inputs_give_the_same_dice_events_and_views(recorded):
    ruleset, scenario = core.find_scenario(recorded["scenario"])
    game = core.start(ruleset, scenario, bytes.fromhex(recorded["seed"]))
    seat = ruleset.seat_names(game.state)[0]
    rolls = 0
    for number, (record, expected) in enumerate(zip(recorded["inputs"], recorded["steps"], strict=True)):
        step = apply_input(game, record)
        game = step.game
        got = list(gamelog.step_records(step))
        assert got == expected["records"], f"input {number}: {record}"
        assert step.resolved == expected["resolved"], f"input {number}"
        assert to_plain(ruleset.observe(game.state, seat)) == expected["seat_view"], f"input {number}"
        assert to_plain(ruleset.observe(game.state, core.UMPIRE)) == expected["umpire_view"], f"input {number}"
        rolls += len(step.rolls)
    assert to_plain(ruleset.observe(game.state, seat, since=1)) == recorded["whole_view"]
    assert rolls > 0 and game.state.ended

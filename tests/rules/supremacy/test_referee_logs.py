"""The outside referee (referee_logs.py) reads freshly played River Plate games, each seat option
and night, and finds nothing against the seed: no frozen collision, speeds as made, smoke where
ships went, batteries counted as fired, sightings no finer than the eye, torpedo rolls as decided.
(Run over a hundred games a side, it is the check the issue asks for; here, a game each.)"""

from __future__ import annotations

import json

import pytest

from fogbank.rules.record.simulate import game_seed, play_bot_game

from .referee_logs import Referee


@pytest.mark.parametrize("options", [{"seats": "ship"}, {"seats": "side"}, {"night": True}])
def test_the_referee_finds_no_mismatch_in_a_fresh_game(tmp_path, options):
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in play_bot_game("river_plate", game_seed("referee", 3),
                                                                       options=options)))
    referee = Referee()
    referee.game(str(log))
    assert referee.count["sightings"] > 0 and referee.count["ship moves"] > 0
    assert not referee.mismatches, referee.report()

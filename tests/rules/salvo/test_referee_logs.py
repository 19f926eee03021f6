"""The outside referee (referee.py) reads a freshly played Cape Esperance game and finds Henderson
Field shelled as the victory rule words it: the points each turn told to Goto's seats for exactly the
cruisers on the line that steamed slowly and are fit to fight, the Americans hearing the shells and
nothing of who or where, the winner by the points. Planted in the log, a wrong point count, a hex told
to Scott and a winner against the points are each caught. (Run over a hundred logged games a policy,
it is the check issue 40 asks for; here, one game.)"""

from __future__ import annotations

import copy
import json

import pytest

from fogbank.rules.record.simulate import game_seed, play_bot_game

from .referee import Referee

JAPAN = {"goto", "desdiv11"}


@pytest.fixture(scope="module")
def records():
    return list(play_bot_game("cape_esperance", game_seed("referee", 0)))


def judged(tmp_path, records) -> Referee:
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    referee = Referee()
    referee.game(log)
    return referee


def test_the_referee_finds_the_shelling_as_the_rule_words_it(tmp_path, records):
    referee = judged(tmp_path, records)
    assert referee.count["8: turns shelled"] > 0 and referee.count["9: seats told"] > 0
    assert referee.count["8: turns judged"] > referee.count["8: turns shelled"]  # turns with no word of shelling too
    assert referee.count["10: games judged"] == 1
    assert not referee.mismatches, referee.mismatches


def test_the_referee_catches_a_wrong_count_a_hex_heard_and_a_winner_against_the_points(tmp_path, records):
    planted = copy.deepcopy(records)
    told = [r for r in planted if r.get("what") == "bombardment"]
    ours = next(r for r in told if JAPAN & set(r["audience"]))
    turn = ours["turn"]
    ours["facts"]["points"] += 1  # one cruiser's point too many
    theirs = next(r for r in told if r["turn"] == turn and not JAPAN & set(r["audience"]))
    theirs["text"] = theirs["text"].replace("from the sea", "from the sea off 3017")  # where she lay
    end = planted[-1]
    end["results"] = {side: "victory" if result == "defeat" else "defeat" for side, result in end["results"].items()}
    referee = judged(tmp_path, planted)
    assert sorted(referee.mismatches) == ["10", "8", "9"], referee.mismatches
    assert all(f"turn {turn}:" in m for m in referee.mismatches["8"] + referee.mismatches["9"])
    assert len(referee.mismatches["8"]) == len(JAPAN) and len(referee.mismatches["10"]) == 1


def test_the_referee_catches_a_cruiser_told_she_shelled_the_turn_after_an_engineering_hit(tmp_path, records):
    """Planted: an engineering hit (12.5: no weapons next turn) on a cruiser the turn before the log
    has her shell the field: the referee finds that turn's points wrong, and the night's total."""
    planted = copy.deepcopy(records)
    ours = next(r for r in planted if r.get("what") == "bombardment" and JAPAN & set(r["audience"]) and r["turn"] > 1)
    turn, cruiser = ours["turn"], ours["facts"]["units"][0]
    at = max(i for i, r in enumerate(planted) if r["type"] == "roll" and r["turn"] == turn - 1)
    roll = dict(planted[at], key=f"{turn - 1}/special/{cruiser}/main", table="special_damage", outcome="engineering hit")
    planted.insert(at + 1, roll)
    referee = judged(tmp_path, planted)
    assert sorted(referee.mismatches) == ["10", "8", "9"], referee.mismatches
    assert all(f"turn {turn}:" in m for m in referee.mismatches["8"] + referee.mismatches["9"])
    assert referee.count["8: ships' turns on the line, slow and fit, without power"] == 1

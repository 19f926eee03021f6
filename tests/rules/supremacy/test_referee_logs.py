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


def test_the_referee_sees_what_an_outside_referee_found():
    """Planted: the pair an outside referee found left on a collision course, a hit in the box
    without its second die, a column stopped at the left edge before the die, "1 knots lost", a
    rammer sunk by overwhelming damage whose victim took the full hurt: each is counted."""
    from . import referee_logs

    referee = Referee()
    ajax = {"name": "ajax", "at": [-570, 1543], "course": 46, "speed": 33, "sunk": False, "rudder": "working",
            "effects": {}, "damage": 0}
    achilles = {**ajax, "name": "achilles", "at": [-552, 1600], "course": 104, "speed": 27}
    seen = {"contacts": [{"ship": "ajax", "sightings": [{"by": "achilles"}]},
                         {"ship": "achilles", "sightings": [{"by": "ajax"}]}]}
    referee.collision_courses({21: ({"ships": [ajax, achilles]}, {"ajax": seen})})
    salvo = {"firer": "exeter", "group": "aft", "target": "graf_spee", "range": 45, "guns": 2, "shifts": [],
             "die": 3, "hits": 1, "specials": []}
    edge = {**salvo, "group": "fore", "range": 5, "guns": 4, "die": 6, "hits": 3,
            "shifts": [{"reason": "target under 5 knots", "columns": 5}]}
    referee.box_and_edge([{"kind": "fired", "turn": 3, "salvo": salvo},
                          {"kind": "fired", "turn": 3, "salvo": edge}], [])
    referee.words([{"turn": 4, "text": "Exeter: 1 hit's worth of damage, 1 knots lost."},
                   {"turn": 4, "text": "(half salvo for ammunition for half a salvo only: "
                                       "2 guns fire as 2)"}])
    before = {22: {"ships": [{**ajax, "damage": 0}, {**achilles, "damage": 0}]}}
    after = {22: ({"ships": [{**ajax, "damage": 1200}, {**achilles, "damage": 1200}]}, {})}
    referee.rams(before, after, [{"kind": "collided", "what": "rammed", "turn": 22, "ship": "achilles",
                                  "other": "ajax", "phase": "execute_moves"}])
    # Graf Spee's first-run fan crossed by Exeter 1.35 inches from its middle, and no roll made;
    # Ajax met broadside on by a narrow spread yet rolled as end on (her course at the end of the move).
    fan = {"number": 1, "ship": "graf_spee", "at": [429, -226], "course": 322, "run_left": 450,
           "spread": "fan"}
    narrow = {"number": 1, "ship": "achilles", "at": [0, 0], "course": 90, "run_left": 300,
              "spread": "narrow"}
    exeter = {"name": "exeter", "path": [[345, -198], [353, -192], [432, -116]], "course": 44}
    crossing = {"name": "ajax", "path": [[60, -40], [60, 20], [120, 20]], "course": 90}
    end_on = {"key": "5/torpedo/achilles/port/ajax", "dice": [6, 6], "outcome": "hit", "table": "torpedo",
              "modifiers": [{"reason": "torpedoes in the spread", "value": 3},
                            {"reason": "met end on", "value": -2}]}
    referee.torpedoes({5: {"spreads": [fan, narrow]}}, {5: ({"ships": [exeter, crossing]}, {})}, [end_on],
                      {("graf_spee", "port"): {"course": 322, "spread": "fan"},
                       ("achilles", "port"): {"course": 90, "spread": "narrow"}})
    assert referee.mismatches == {referee_logs.COLLISION_COURSE: 1, referee_logs.BOX: 1,
                                  referee_logs.LEFT_EDGE: 1, referee_logs.WORDS: 2, referee_logs.RAM_HALF: 1,
                                  referee_logs.MEETING: 1, referee_logs.END_ON: 1}, referee.report()

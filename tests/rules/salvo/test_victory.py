"""How each scenario is won: Gallipoli's exits and the fleet turned back, Cape Esperance's margin,
Dogger Bank's level points; read from the truth at a turn's end. And Dogger Bank's zeppelins, a
game's option."""

from __future__ import annotations

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.salvo import phase_one, turn
from fogbank.rules.salvo.scenario import for_options
from fogbank.rules.salvo.work import Work

from .sea import ship, work


def _at_last_turn(w):
    w.state = attrs.evolve(w.state, turn=w.scenario.turns)
    return w


def test_an_empty_night_at_cape_esperance_is_americas_and_japan_must_outscore_the_us():
    # Goto came to shell Henderson Field: a night with nothing sunk and nothing shelled is Scott's.
    units = [ship("CA1", "1010", "us", seat="scott"), ship("JCA1", "2020", "japan", seat="goto")]
    for us, japan, winner in ((0, 0, "us"), (20, 20, "us"), (5, 6, "japan"), (25, 5, "us"), (0, 3, "japan")):
        night = work(units, scenario="cape_esperance", points={"us": us, "japan": japan})
        outcome = turn._outcome(_at_last_turn(night), final=True)
        assert outcome.results[winner] == "victory", (us, japan, outcome)


def _shelling(*japanese, turn_ends=True):
    """Cape Esperance's bombardment judged as a turn ends, with the US flagship far off."""
    scott = ship("CA1", "1010", "us", seat="scott")
    w = work([scott, *japanese], scenario="cape_esperance", phase="damage_control")
    turn._bombardment(w)
    return w


def test_each_heavy_cruiser_fit_to_fight_and_slow_on_the_bombardment_line_shells_henderson_field():
    def line(uid, where="3015", speed=2, seat="goto", **fields):
        return ship(uid, where, "japan", seat=seat, speed=speed, **fields)

    w = _shelling(line("JCA1"), line("JCA2", where="3024", speed=0), line("JCA3", speed=3),  # JCA3 too fast
                  line("JCA4", w=2), line("JCA5", where="2915"), line("JDD1", kind="screen", seat="desdiv11"),
                  line("JCA6", s=1, w=1))
    assert w.board.points == {"japan": 3}  # JCA1, JCA2 and JCA6 (one W and one S past repair: still fit)
    told = {e.audience: e for e in w.events if e.what == "bombardment"}
    japan, us = told[frozenset({"goto", "desdiv11"})], told[frozenset({"scott", "tobin"})]
    assert "JCA1, JCA2, JCA6 shelled Henderson Field: 3 points for Japan." == japan.text
    assert "JCA" not in us.text and "3 ships' guns: 3 points for Japan" in us.text
    assert _shelling(line("JCA1", where="3011")).board.points == {}  # north of Savo: not the line
    alone = _shelling(line("JCA1"))
    said = [e.text for e in alone.events if e.what == "bombardment"]
    assert said == ["JCA1 shelled Henderson Field: a point for Japan.",
                    "Henderson Field is shelled from the sea by one ship's guns: a point for Japan."]


def test_a_cruiser_without_power_after_an_engineering_hit_does_not_shell_the_field():
    """12.5: an engineering hit leaves no weapons for the next turn, so no shelling in it; the turn
    after, her power back, she shells again."""
    def goto(uid):
        return ship(uid, "3015", "japan", seat="goto", speed=1)

    w = work([ship("CA1", "1010", "us", seat="scott"), goto("JCA1"), goto("JCA2")], scenario="cape_esperance",
             phase="damage_control", marks=frozenset({("engineering", "JCA1", 1)}))
    turn._bombardment(w)
    assert w.board.points == {"japan": 1}
    assert [e.text for e in w.events if e.what == "bombardment"][0] == "JCA2 shelled Henderson Field: a point for Japan."
    later = work([ship("CA1", "1010", "us", seat="scott"), goto("JCA1")], scenario="cape_esperance",
                 phase="damage_control", marks=frozenset({("engineering", "JCA1", 1)}))
    later.turn = 2
    turn._bombardment(later)
    assert later.board.points == {"japan": 1}


def test_the_field_is_shelled_as_every_turn_ends():
    goto = ship("JCA1", "3015", "japan", seat="goto", speed=1)
    scott = ship("CA1", "1010", "us", seat="scott")
    w = work([scott, goto], scenario="cape_esperance", phase="damage_control")
    ended = turn.resolve(w.state, w.scenario, {})
    assert ended.state.board.points == {"japan": 1}
    assert [e.what for e in ended.events].count("bombardment") == 2  # one for each side


def test_the_briefing_tells_the_bombardment_rule_from_the_scenario_s_own_numbers():
    rules = core.find_ruleset("salvo")
    state = core.start(rules, "cape_esperance", bytes(32)).state
    victory = dict(rules.briefing(state, "scott")["how"])["Victory"]
    assert "Japan scores a point for each of its heavy ships" in victory and "3012 to 3024" in victory
    assert "steamed 2 hexes or less" in victory and "Level points are a victory for the US." in victory
    assert rules.chart(state, "tobin")["bombardment"]["hexes"][0] == "3012"


def test_a_side_ahead_on_points_and_still_beaten_is_told_why_in_its_own_words():
    units = [ship("CA1", "1010", "us", seat="scott"), ship("JCA1", "2020", "japan", seat="goto")]
    w = work(units, scenario="cape_esperance", points={"us": 15, "japan": 5})
    w.scenario = attrs.evolve(w.scenario, victory=attrs.evolve(w.scenario.victory, ties="japan", margin=20))
    outcome = turn._outcome(_at_last_turn(w), final=True)
    assert outcome.results["japan"] == "victory"
    assert outcome.reason == "Victory points: the United States 15, Japan 5. Short of a lead of 20, the night is Japan's."


def test_dogger_bank_level_points_are_germanys_and_any_lead_britains():
    units = [ship("L", "1010"), ship("S", "2020", "germany")]
    for britain, germany, winner in ((0, 0, "germany"), (5, 0, "britain"), (10, 10, "germany"), (10, 15, "germany")):
        outcome = turn._outcome(_at_last_turn(work(units, points={"britain": britain, "germany": germany})), final=True)
        assert outcome.results[winner] == "victory", (britain, germany, outcome)


@pytest.mark.parametrize("reading, turns_back, one_hit", [
    ("as_written", False, False), ("one_hit", False, True),
    ("turn_back", True, False), ("historical", True, True)])
def test_each_victory_reading_of_gallipoli_is_an_option_told_in_the_briefing(reading, turns_back, one_hit):
    """000's conditions as written: four exits, each with no more than one unrepairable W and one S,
    or the Turks win; the readings add a fleet that turns back after four losses, and an exit that
    counts with one hit past repair in all."""
    rules = core.find_ruleset("salvo")
    assert reading in rules.options("gallipoli")["victory"].choices
    scenario = for_options("gallipoli", False, None, reading)
    alive = [ship("B1", "1010", "allied", seat="de_robeck"),
             ship("F1", "1905", "turkish", seat="forts", kind="fort", max_speed=0)]
    sunk = [ship(f"S{n}", "1010", "allied", seat="de_robeck", sunk=True) for n in range(4)]

    def outcome(units):
        w = work(units, scenario="gallipoli")
        w.scenario = scenario
        return turn._outcome(w, final=False)

    assert outcome(alive + sunk[:3]) is None  # three lost: the fleet fights on
    lost = outcome(alive + sunk)
    assert (lost is not None) == turns_back
    if turns_back:
        assert lost.results == {"allied": "defeat", "turkish": "victory"} and "turned back" in lost.reason
    victory = scenario.victory
    assert victory.counts(alive[0]) and victory.counts(attrs.evolve(alive[0], w=1))
    assert victory.counts(attrs.evolve(alive[0], w=1, s=1)) != one_hit
    assert not victory.counts(attrs.evolve(alive[0], s=2)) and not victory.counts(attrs.evolve(alive[0], w=2))
    state = core.start(rules, "gallipoli", bytes(32), {"victory": reading}).state
    words = dict(rules.briefing(state, "de_robeck")["how"])["Victory"]
    assert ("one hit in all" in words) == one_hit and ("turns back" in words) == turns_back


def test_zeppelins_are_an_option_off_unless_a_game_chooses_them():
    rules = core.find_ruleset("salvo")
    assert rules.options("dogger_bank")["zeppelins"].default is False and "zeppelins" not in rules.options("gallipoli")
    assert "zeppelin_attacks" not in rules.rules_offered("dogger_bank", {})
    assert "zeppelin_attacks" in rules.rules_offered("dogger_bank", {"zeppelins": True})
    for chosen in (False, True):
        state = core.start(rules, "dogger_bank", bytes(32), {"zeppelins": chosen}).state
        w = Work(state, for_options("dogger_bank", False, chosen))
        phase_one.open_turn(w)
        assert w.board.zeppelins_rolled == chosen


def test_a_game_that_runs_its_twelve_turns_ends_on_turn_twelve_in_every_record():
    """Cape Esperance lasts 12 turns: the game ends at turn 12's damage control, and the end, the
    `game_ended` event, the end record of its log and the seats' last view all say turn 12 (the
    clock once moved on to turn 13 as the game ended)."""
    from fogbank.rules.core import GameEnded
    from fogbank.rules.record import gamelog

    rules = core.find_ruleset("salvo")
    game = core.start(rules, "cape_esperance", bytes(32))
    game = attrs.evolve(game, state=attrs.evolve(game.state, turn=12, phase="gunfire"))
    events = []
    for seat in sorted(game.waiting_for()):
        step = core.submit(game, seat, rules.parse_order(seat, {}))
        game, events = step.game, events + list(step.events)
    assert game.state.outcome is not None
    assert [e.turn for e in events if isinstance(e, GameEnded)] == [12]
    assert (gamelog.end_record(game)["turn"], game.state.phase) == (12, "damage_control")
    assert rules.observe(game.state, "scott")["turn"] == 12
    assert core.turns_played(rules.phases, game.state.turn, game.state.phase) == 12

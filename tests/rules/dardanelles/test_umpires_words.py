"""What a human umpire would say at the table: the bank that holds her against the current, a
vessel close aboard, a second torpedo past the sinking ship, shells that have her range, a plot
set by hand, the briefing's night and level table (its odds counted again here from the notes'
own numbers), and an override the hour's charge will undo."""

import itertools

import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused, find_ruleset
from fogbank.rules.core.plain import to_plain
from fogbank.rules.dardanelles.chart import Course, parse_square
from fogbank.rules.dardanelles.events import SUBMARINE
from fogbank.rules.dardanelles.units import Fire, Level

from .sea import chart, new_state, order, play, scenario

RULES = find_ruleset("dardanelles")
SUB, PERI, DEEP, BOTTOM = Level.SURFACE, Level.PERISCOPE, Level.SUBMERGED, Level.BOTTOM


def said(resolution) -> list[str]:
    return [r.text for r in resolution.state.knowledge[SUBMARINE].reports]


@pytest.mark.parametrize("level", [DEEP, BOTTOM])
def test_a_boat_the_deep_set_would_carry_into_the_bank_feels_the_mud(level):
    terrain = ["." * 20] * 10 + ["#" + "." * 19] + ["." * 20] * 9  # land at A10
    s = scenario(sea=chart(terrain, tide={"B10": "E"}), boat_at="B10", level=level)
    r = play(new_state(s), s, order("N", 0, level))
    assert r.state.board.boat.square == parse_square("B10")  # no drift into land
    assert [text for text in said(r) if "soft mud" in text] == [
        "You feel her settle on soft mud: the current holds her against the bank, and she does not drift this hour."
    ]
    # The next hour there the umpire says it shortly.
    again = play(r.state, s, order("N", 0, level))
    assert said(again)[-1] == "She lies against the bank still: no drift this hour."


def test_no_word_of_mud_where_she_drifts_or_where_no_current_runs():
    s = scenario(sea=chart(tide={"J10": "SW"}), boat_at="J10", level=DEEP)
    drifted = play(new_state(s), s, order("N", 0, DEEP))
    s = scenario(boat_at="J10", level=DEEP)  # no stream at all
    still = play(new_state(s), s, order("N", 0, DEEP))
    assert not any("mud" in text for text in said(drifted) + said(still))


def test_a_vessel_in_the_boats_own_square_is_close_aboard(dice):
    dice.set("vision", 6)
    s = scenario(boat_at="J10", vessels={"J10": "battleship"})
    r = play(new_state(s), s, order("N", 0, SUB))
    assert said(r) == ["A battleship close aboard, in your own square (contact 1)."]


def sighted(dice, s):
    dice.set("vision", 6)
    state = play(new_state(s), s, order("N", 0, s.boat.level)).state
    dice.set("vision", 1)
    return state


def test_a_second_torpedo_runs_on_past_the_sinking_ship(dice):
    s = scenario(boat_at="J10", vessels={"J11": "battleship"}, tubes=4)
    state = sighted(dice, s)
    dice.set("torpedo", 6, 6)
    r = play(state, s, order("N", 0, SUB, Fire(target=1, direction=Course.N, torpedoes=2)))
    assert said(r)[-2:] == [
        "Torpedo fired N at contact 1: a hit! A battleship sunk.",
        "Torpedo fired N at contact 1: it runs on past the sinking ship.",
    ]
    assert len([roll for roll in r.rolls if roll.table == "torpedo"]) == 1  # the second is not rolled
    # An hour later the crew knows she is a wreck: a torpedo at her runs on past it.
    later = play(r.state, s, order("N", 0, SUB, Fire(target=1, direction=Course.N)))
    assert said(later)[-1] == "Torpedo fired N at contact 1: it runs on past the wreck."
    # Fired the wrong way, it misses as any torpedo does: no word of the wreck.
    wide = play(r.state, s, order("N", 0, SUB, Fire(target=1, direction=Course.S)))
    assert said(wide)[-1] == "Torpedo fired S at contact 1: no explosion; it missed."


def test_shells_that_fall_and_miss_say_the_battery_has_her_range(dice):
    dice.set("observers", 1, 1).set("shore_battery", 6, 6)
    s = scenario(sea=chart(searchlight=["J10"], batteries=["J10"]), boat_at="J10", level=PERI)
    r = play(new_state(s), s, order("N", 0, PERI))
    assert said(r) == ["Shell splashes erupt around the boat: the battery has your range."]


def test_a_plot_set_by_hand_is_where_the_hour_is_reckoned_from():
    s = scenario(sea=chart(tide={"J10": "SW"}), boat_at="J10")
    r = play(new_state(s), s, order("E", 2, SUB))
    log = r.state.knowledge[SUBMARINE]
    assert log.plotted == parse_square("L10")  # the tide took her to K9; the plot knows nothing of it
    moved = RULES.parse_order(SUBMARINE, {"course": "N", "speed": 1, "level": "surface", "plot": "k9"})
    assert moved.plot == parse_square("K9")
    r = play(r.state, s, moved)
    log = r.state.knowledge[SUBMARINE]
    # The crew's word on where the hour began corrects their track there too: the contacts of
    # the turn before are plotted from it.
    assert log.plotted == parse_square("K10")
    assert log.track == (parse_square("J10"), parse_square("K9"), parse_square("K10"))
    assert RULES.unparse_order(moved) == {"course": "N", "speed": 1, "level": "surface", "plot": "K9"}


@pytest.mark.parametrize(
    "plot, code",
    [(5, "bad_plot"), ("nowhere", "bad_plot"), ("Z99", "bad_plot"), ("M5", "plot_ashore")],
)
def test_a_plot_off_the_chart_or_ashore_is_refused_from_the_players_own_chart(plot, code):
    game = core.start(RULES, "b11", b"\x02" * 32)
    with pytest.raises(Refused) as refusal:
        payload = {"course": "N", "speed": 0, "level": "surface", "plot": plot}
        RULES.check_order(game.state, SUBMARINE, RULES.parse_order(SUBMARINE, payload))
    assert refusal.value.code == code and refusal.value.sentence.endswith(".")


def odds(dice: int, wins) -> int:
    """Whole per cent of throws of `dice` d6 whose total `wins`: counted again, not read from the rules."""
    throws = list(itertools.product(range(1, 7), repeat=dice))
    return round(100 * sum(1 for t in throws if wins(sum(t))) / len(throws))


def test_the_level_table_gives_the_notes_odds_and_the_cost_of_a_change_of_level():
    briefing = RULES.briefing(core.start(RULES, "b11", b"\x02" * 32).state, SUBMARINE)
    heading, *rows = briefing["level_table"]
    assert heading == ["", "surface", "periscope", "submerged", "bottom"]
    table = {row[0]: dict(zip(heading[1:], row[1:])) for row in rows}
    # The notes: observers see a boat at 6 or less on 2d6, periscope +1; the battery sinks at
    # 8 or less, periscope +1; mines sink a periscope boat at 3 or less, -1.
    seen = odds(2, lambda total: total + 1 <= 6)
    sinks = odds(2, lambda total: total + 1 <= 8)
    assert table["Seen by day where observers watch"]["periscope"] == f"{seen}% an hour (5 or less on 2d6)"
    assert table["Then, in battery range, the guns' one roll (no warning shot)"]["periscope"] == (
        f"7 or less on 2d6 sinks her ({sinks}%)"
    )
    assert seen == 28 and sinks == 58  # as the issue counted them
    assert table["Mines"]["periscope"] == f"sunk at 4 or less on 2d6, {odds(2, lambda t: t - 1 <= 3)}% a row"
    assert "never sink" in table["Mines"]["bottom"]
    assert "down the Straits" in table["Current it rides"]["periscope"]
    assert "up the Straits" in table["Current it rides"]["submerged"]
    assert table["Squares to reach it from the surface"] == {"surface": "0", "periscope": "1", "submerged": "2", "bottom": "3"}
    assert "2 of the 3" in briefing["level_change"]
    assert "no warning shot" in briefing["levels"]["periscope"]
    assert "Night falls at 2200 and ends at 0600" in briefing["night"] and "1700" in briefing["night"]


def test_the_orders_objective_and_the_streams_set_are_on_the_players_papers():
    for scenario_id, objective in (("b11", ("Sari Sighlar Bay", "O12")), ("marmara", ("Sea of Marmara", "X35"))):
        state = core.start(RULES, scenario_id, b"\x02" * 32).state
        briefing = RULES.briefing(state, SUBMARINE)
        assert [(o["name"], o["square"]) for o in briefing["objectives"]] == [objective]
    stream = to_plain(RULES.chart(state, SUBMARINE))["stream"]
    # From the mouth (row 4) to Nagara (row 16), down the Straits: SW below the Narrows, S above.
    assert set(stream) == {str(row) for row in range(4, 17)}
    assert stream["5"] == "SW" and stream["15"] == "S"


def test_a_battery_or_air_override_on_a_surfaced_boat_says_the_hours_charge_will_add_to_it():
    game = core.start(RULES, "b11", b"\x02" * 32)
    battery = RULES.apply_override(game.state, RULES.parse_override({"kind": "set_battery", "value": 10}), "hit")
    (event,) = battery.events
    assert "battery set from 36 to 10" in event.what and "adds 6" in event.what
    air = RULES.apply_override(game.state, RULES.parse_override({"kind": "set_air", "value": 4}), "foul air")
    assert "adds 5" in air.events[0].what
    dived = RULES.apply_override(game.state, RULES.parse_override({"kind": "set_level", "level": "submerged"}), "x")
    below = RULES.apply_override(dived.state, RULES.parse_override({"kind": "set_battery", "value": 10}), "hit")
    assert below.events[0].what == "battery set from 36 to 10"  # below, nothing will charge it

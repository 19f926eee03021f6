"""Non-interference: what the submarine is sent does not change when hidden things it cannot
sense change. Each test plays a generated game twice, once with the hidden thing changed, and
asserts the seat's whole stream of observations is byte-for-byte the same.

Hidden things: vessels out of sensor range all game, or behind land; mines in squares the boat
never entered; the game's drawn setup, drawn otherwise where the boat never went;
mines whose every roll came out "do not tell the player"; vessels whose every look or listen
failed (a failed roll must read exactly like an empty sea); and roll results that are not told.
"""

from __future__ import annotations

import json
import re

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fogbank.rules import core
from fogbank.rules.core import Refused, find_ruleset
from fogbank.rules.core.plain import to_plain
from fogbank.rules.dardanelles.chart import distance, parse_square
from fogbank.rules.dardanelles.scenario import load_scenario
from fogbank.rules.dardanelles.setup import draw_setup
from fogbank.rules.dardanelles.tables import TABLES
from fogbank.rules.dardanelles.units import HYDROPHONE_RANGE, Vessel, VesselType

from .sea import load_dice

RULES = find_ruleset("dardanelles")
SEAT = "submarine"

COURSES = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
LEVELS = ["surface", "periscope", "submerged", "bottom"]
fire = st.fixed_dictionaries({"target": st.integers(1, 6), "direction": st.sampled_from(COURSES)})
one_leg = st.fixed_dictionaries(
    {"course": st.sampled_from(COURSES), "speed": st.integers(0, 6), "level": st.sampled_from(LEVELS)},
    optional={"fire": fire, "fix": st.booleans()},
)
two_legs = st.fixed_dictionaries(
    {
        "legs": st.lists(
            st.fixed_dictionaries({"course": st.sampled_from(COURSES), "speed": st.integers(0, 3)}),
            min_size=1,
            max_size=2,
        ),
        "level": st.sampled_from(LEVELS),
    },
    optional={"fire": fire, "fix": st.booleans()},
)
orders = st.lists(st.one_of(one_leg, two_legs), min_size=1, max_size=24)
games = st.tuples(st.sampled_from(["b11", "marmara"]), st.binary(min_size=32, max_size=32), orders)


@st.composite
def games_into_the_minefields(draw):
    """Games whose first three hours take the boat from the mouth up to the Kephez lines."""
    scenario, seed, tail = draw(games)
    level = draw(st.sampled_from(["surface", "periscope", "submerged", "bottom"]))
    speed = 2 if level in ("periscope", "submerged") else 3
    prefix = [
        {"course": "E", "speed": 0, "level": level},
        {"course": "E", "speed": speed, "level": level},
        {"course": "NE", "speed": 3, "level": level},
        {"course": "NE", "speed": 3, "level": level},
    ]
    return scenario, seed, prefix + tail


SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)


def play(scenario, seed, payloads, change=lambda state: state):
    """Play the orders (a refused one becomes the standing order); return the seat's stream
    as bytes, and the final game for inspection."""
    game = core.start(RULES, scenario, seed)
    game = attrs.evolve(game, state=change(game.state))
    stream = [_bytes(RULES.observe(game.state, SEAT))]
    for payload in payloads:
        if game.state.ended:
            break
        try:
            step = core.submit(game, SEAT, RULES.parse_order(SEAT, payload))
        except Refused as refusal:
            stream.append(_bytes({"refused": refusal.code, "why": refusal.sentence}))
            step = core.submit(game, SEAT, RULES.standing_order(game.state, SEAT))
        stream.append(
            _bytes([to_plain(e) for e in step.events if e.told_to(SEAT) and e.kind != "game_ended"])
        )
        game = step.game
        stream.append(_bytes(RULES.observe(game.state, SEAT)))
    return stream, game


def _bytes(value) -> bytes:
    return json.dumps(to_plain(value), sort_keys=True).encode()


def entered_squares(game_log_events) -> set:
    squares = set()
    for event in game_log_events:
        if event.kind == "boat_moved":
            squares.update(parse_square(s) for s in event.path)
        elif event.kind == "boat_drifted":
            squares.add(parse_square(event.square))
    return squares


def play_logged(scenario, seed, payloads, change=lambda state: state):
    """Like `play`, keeping every event and roll too (the umpire's record)."""
    events, rolls = [], []
    game = core.start(RULES, scenario, seed)
    game = attrs.evolve(game, state=change(game.state))
    for payload in payloads:
        if game.state.ended:
            break
        try:
            step = core.submit(game, SEAT, RULES.parse_order(SEAT, payload))
        except Refused:
            step = core.submit(game, SEAT, RULES.standing_order(game.state, SEAT))
        events += step.events
        rolls += step.rolls
        game = step.game
    return game, events, rolls


def with_board(state, **changes):
    return attrs.evolve(state, board=attrs.evolve(state.board, **changes))


@SETTINGS
@given(games, st.data())
def test_a_vessel_out_of_range_all_game_changes_nothing(game_args, data):
    scenario, seed, payloads = game_args
    game, _, _ = play_logged(scenario, seed, payloads)
    track = game.state.board.track
    chart = sea_chart(game)
    far = [sq for sq in sorted(chart.sea) if min(distance(sq, t) for t in track) > 6]
    assume(far)
    square = data.draw(st.sampled_from(far))
    kind = data.draw(st.sampled_from(list(VesselType)))

    def add(s):
        return with_board(
            s, vessels=(*s.board.vessels, Vessel(number=10, type=kind, name=None, square=square))
        )

    assert play(scenario, seed, payloads)[0] == play(scenario, seed, payloads, add)[0]


def sea_chart(game):
    return load_scenario(game.state.scenario).chart


@SETTINGS
@given(games, st.data())
def test_mines_where_the_boat_never_went_change_nothing(game_args, data):
    scenario, seed, payloads = game_args
    game, events, _ = play_logged(scenario, seed, payloads)
    entered = entered_squares(events)
    candidates = [sq for sq in sorted(sea_chart(game).sea) if sq not in entered]
    squares = data.draw(st.lists(st.sampled_from(candidates), min_size=1, max_size=6, unique=True))
    rows = data.draw(st.integers(1, 3))

    def add(s):
        return with_board(s, minefields={**s.board.minefields, **{sq: rows for sq in squares}})

    assert play(scenario, seed, payloads)[0] == play(scenario, seed, payloads, add)[0]


@SETTINGS
@given(games_into_the_minefields())
def test_a_minefield_that_never_told_reads_like_open_water(game_args):
    scenario, seed, payloads = game_args
    game, events, _ = play_logged(scenario, seed, payloads)
    entered = [e for e in events if e.kind == "minefield_entered"]
    silent = {parse_square(e.square) for e in entered} - {
        parse_square(e.square) for e in entered if e.result != "untold"
    }
    assume(silent)

    def clear(s):
        return with_board(s, minefields={k: v for k, v in s.board.minefields.items() if k not in silent})

    assert play(scenario, seed, payloads)[0] == play(scenario, seed, payloads, clear)[0]


@SETTINGS
@given(games)
def test_a_vessel_never_seen_or_heard_reads_like_an_empty_sea(game_args):
    scenario, seed, payloads = game_args
    game, events, rolls = play_logged(scenario, seed, payloads)
    reported = {e.vessel for e in events if e.kind == "vessel_reported"}
    looked_at = {int(r.key.rsplit("/", 1)[1]) for r in rolls if r.table in ("vision", "hydrophone")}
    unseen = looked_at - reported  # rolled for, every roll failed
    assume(unseen)

    def gone(s):
        return with_board(s, vessels=tuple(v for v in s.board.vessels if v.number not in unseen))

    assert play(scenario, seed, payloads)[0] == play(scenario, seed, payloads, gone)[0]


@SETTINGS
@given(st.one_of(games, games_into_the_minefields()), st.data())
def test_untold_roll_results_can_change_freely(game_args, data):
    """Every failed look or listen, and every untold mine or unseen-by-day roll, is re-rolled to
    another result that is not told either: the stream stays the same."""
    scenario, seed, payloads = game_args
    _, _, rolls = play_logged(scenario, seed, payloads)
    untold = [r for r in rolls if r.outcome in ("nothing", "untold", "unseen")]
    assume(untold)
    with pytest.MonkeyPatch.context() as mp:
        dice = load_dice(mp)
        for roll in untold:
            faces = _other_untold_faces(roll, data)
            dice.set("^" + re.escape(roll.key) + "$", *faces)
        changed = play(scenario, seed, payloads)[0]
    assert play(scenario, seed, payloads)[0] == changed


def _other_untold_faces(roll, data):
    mods = sum(m.value for m in roll.modifiers)
    table = TABLES[roll.table]
    options = [faces for faces in _all_faces(len(roll.dice)) if table.read(sum(faces) + mods) == roll.outcome]
    return data.draw(st.sampled_from(options))


def _all_faces(count):
    if count == 1:
        return [(a,) for a in range(1, 7)]
    return [(a, b) for a in range(1, 7) for b in range(1, 7)]


@SETTINGS
@given(games, st.binary(min_size=32, max_size=32))
def test_another_draw_of_mines_and_vessels_where_the_boat_never_went_changes_nothing(game_args, other_seed):
    """The hidden setup is drawn per game: drawn otherwise wherever the boat never entered (mines)
    or never came within sight or hearing (vessels), the seat's stream is the same bytes."""
    scenario, seed, payloads = game_args
    game, events, _ = play_logged(scenario, seed, payloads)
    entered = entered_squares(events)
    track = game.state.board.track
    other_mines, other_vessels, _ = draw_setup(load_scenario(scenario), other_seed)

    def unheard(square):
        return min(distance(square, t) for t in track) > HYDROPHONE_RANGE

    def redrawn(s):
        mines = {sq: rows for sq, rows in other_mines.items() if sq not in entered}
        mines.update({sq: rows for sq, rows in s.board.minefields.items() if sq in entered})
        others = {v.number: v for v in other_vessels}
        vessels = tuple(
            others[v.number] if unheard(v.square) and unheard(others[v.number].square) else v
            for v in s.board.vessels
        )
        return with_board(s, minefields=mines, vessels=vessels)

    start = core.start(RULES, scenario, seed).state
    assume(redrawn(start).board != start.board)  # something hidden really is elsewhere
    assert play(scenario, seed, payloads)[0] == play(scenario, seed, payloads, redrawn)[0]


@SETTINGS
@given(games, st.data())
def test_a_vessel_behind_land_from_everywhere_the_boat_was_changes_nothing(game_args, data):
    """Hydrophones and sight do not pass through land: a vessel within range but behind the shore
    from every square the boat was in is never rolled for, and its presence tells nothing."""
    scenario, seed, payloads = game_args
    game, _, _ = play_logged(scenario, seed, payloads)
    track = game.state.board.track
    chart = sea_chart(game)
    hidden = [
        sq
        for sq in sorted(chart.sea)
        if min(distance(sq, t) for t in track) <= HYDROPHONE_RANGE
        and not any(distance(sq, t) <= HYDROPHONE_RANGE and chart.clear_line(t, sq) for t in track)
    ]
    assume(hidden)
    square = data.draw(st.sampled_from(hidden))
    kind = data.draw(st.sampled_from(list(VesselType)))

    def add(s):
        vessel = Vessel(number=10, type=kind, name=None, square=square)
        return with_board(s, vessels=(*s.board.vessels, vessel))

    assert play(scenario, seed, payloads)[0] == play(scenario, seed, payloads, add)[0]


# AE2's battleship shifts her anchorage from game to game, and the patrols are drawn too: two
# games differing only there are the same bytes to the seat until it can sense what differs.

MARMARA = load_scenario("marmara")
DRAWN = {place.number: place for place in MARMARA.vessel_places}
SHIFTING = (9, 4, 6)  # the battleship and the patrol boats drawn over the widest reaches


BOTTOM = {"course": "N", "speed": 0, "level": "bottom"}


@st.composite
def passages(draw):
    """AE2 games that go up the Straits: on to the stream, some hours on the bottom, then anything."""
    seed = draw(st.binary(min_size=32, max_size=32))
    drifting = draw(st.integers(0, 12))
    prefix = [{"course": "E", "speed": 2, "level": "surface"}, *[BOTTOM] * drifting]
    tail = draw(st.lists(st.one_of(one_leg, two_legs), min_size=1, max_size=12))
    return seed, prefix + tail


@SETTINGS
@given(passages(), st.data())
def test_another_anchorage_and_other_patrols_are_the_same_bytes_until_the_boat_senses_them(game_args, data):
    seed, payloads = game_args
    elsewhere = {number: data.draw(st.sampled_from(DRAWN[number].squares)) for number in SHIFTING}

    def shifted(state):
        vessels = tuple(attrs.evolve(v, square=elsewhere[v.number]) if v.number in elsewhere else v
                        for v in state.board.vessels)
        return with_board(state, vessels=vessels)

    drawn = core.start(RULES, "marmara", seed)
    other = attrs.evolve(drawn, state=shifted(drawn.state))
    assume(other.state.board.vessels != drawn.state.board.vessels)  # something hidden really moved
    moved = [number for number in SHIFTING if drawn.state.board.vessel(number).square != elsewhere[number]]
    assert _bytes(RULES.observe(drawn.state, SEAT)) == _bytes(RULES.observe(other.state, SEAT))
    hours = 0
    for payload in payloads:
        if drawn.state.ended:
            break
        steps = [_step(game, payload) for game in (drawn, other)]
        here = steps[0].game.state.board.boat.square
        if any(distance(here, step.game.state.board.vessel(number).square) <= HYDROPHONE_RANGE
               for step in steps for number in moved):
            break  # within hearing at the end of this hour: the seat may sense what differs
        told = [_bytes([to_plain(e) for e in step.events if e.told_to(SEAT)]) for step in steps]
        seen = [_bytes(RULES.observe(step.game.state, SEAT)) for step in steps]
        assert told[0] == told[1] and seen[0] == seen[1], f"hour {hours + 1}"
        drawn, other = (step.game for step in steps)
        hours += 1


def _step(game, payload):
    try:
        return core.submit(game, SEAT, RULES.parse_order(SEAT, payload))
    except Refused:
        return core.submit(game, SEAT, RULES.standing_order(game.state, SEAT))

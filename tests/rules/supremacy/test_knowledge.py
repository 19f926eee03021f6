"""What a seat may know, seat against truth: ranges judged by eye beyond a nautical mile (4.9,
4.10), rosters answered from what it sees now (4.3), who engaged a ship (4.8), a sinking seen, a
contact lost and why; and no question, in any state, raises."""

from __future__ import annotations

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.simulate import game_seed, play_bot_game
from fogbank.rules.supremacy import contacts, damage
from fogbank.rules.supremacy.geometry import NAUTICAL_MILE, distance, within
from fogbank.rules.supremacy.views import QUESTIONS

from .test_game import first_turn, start

RULES = core.find_ruleset("supremacy")
SHIPS = ("graf_spee", "ajax", "achilles", "exeter")


def placed(state, **ships):
    board = state.board
    changed = [attrs.evolve(board.ship(n), at=at, course=course) for n, (at, course) in ships.items()]
    return attrs.evolve(state, board=board.replace(*changed))


def resighted(state):
    """The state with this turn's contacts taken again on the table as it stands."""
    cleared = {seat: attrs.evolve(log, contacts=tuple(c for c in log.contacts if c.turn != state.turn))
               for seat, log in state.knowledge.items()}
    state = attrs.evolve(state, knowledge=cleared)
    return attrs.evolve(state, knowledge=contacts.take(state)[0])


def states_of_bot_games(count, **options):
    """Every state a few bot games pass through, replayed input by input."""
    from fogbank.rules.record.replay import apply_input
    from fogbank.rules.record.replay import start as replay_start

    for n in range(count):
        seed = game_seed("knowledge", n)
        records = list(play_bot_game("river_plate", seed, options=options or None))
        game = replay_start(records[0], seed)
        yield game.state
        for record in records:
            if record.get("type") == "input":
                game = apply_input(game, record).game
                yield game.state


def test_beyond_a_nautical_mile_a_seat_is_sent_judged_ranges_never_the_table():
    """Every view of every seat in a few bot games: of a ship more than a mile from all its ships
    the seat is sent ranges marked judged, each within a tenth of the truth, and only by chance
    the true range or her true [x, y] (a judgement that happens to be right)."""
    judged, right, placed_right = 0, 0, 0
    for state in states_of_bot_games(3):
        if state.outcome is not None or state.phase == "write_moves":  # (then the last turn's)
            continue
        board = state.board
        for seat, _names in board.seats.items():
            view = to_plain(RULES.observe(state, seat))
            for c in view["contacts"]:
                target = board.ship(c["ship"])
                for s in c["sightings"]:
                    true = distance(board.ship(s["by"]).at, target.at)
                    assert s["exact"] == within(board.ship(s["by"]).at, target.at, NAUTICAL_MILE)
                    if s["exact"]:
                        assert s["range"] == true
                        continue
                    assert abs(s["range"] - true) <= true // 10 + 5
                    judged, right = judged + 1, right + (s["range"] == true)
                placed_right += c["at"] == list(target.at)
    assert judged > 100 and right * 5 < judged and placed_right * 10 < judged


def test_a_range_judged_by_eye_is_off_by_up_to_a_tenth_and_measured_within_a_mile():
    state = first_turn(start()).state
    errors = set()
    for seed in range(40):
        s = attrs.evolve(state, dice=core.Dice(bytes([seed]) * 32))
        s = resighted(placed(s, graf_spee=((0, 0), 90), ajax=((0, -600), 0), achilles=((50, -30), 0)))
        (spee,) = [c for c in s.knowledge["ajax"].latest(s.turn) if c.ship == "graf_spee"]
        (sighting,) = spee.sightings
        assert not sighting.exact and abs(sighting.range - 600) <= 60 + 5 and sighting.range % 10 == 0
        errors.add(sighting.range)
        (near,) = [c for c in s.knowledge["achilles"].latest(s.turn) if c.ship == "graf_spee"]
        assert near.sightings[0].exact and near.sightings[0].range == distance((0, 0), (50, -30))
    assert len(errors) >= 4  # the dice vary the judgement


def test_a_side_seats_ships_share_one_judgement_a_turn():
    state = attrs.evolve(start(seats="side").state, phase="write_fire")
    state = resighted(placed(state, graf_spee=((0, 0), 90), ajax=((0, -600), 0), achilles=((100, -600), 0),
                             exeter=((-3000, -3000), 0)))
    (spee,) = [c for c in state.knowledge["british"].latest(state.turn) if c.ship == "graf_spee"]
    percent = {round(100 * s.range / distance(state.board.ship(s.by).at, (0, 0))) for s in spee.sightings}
    assert len(spee.sightings) == 2 and max(percent) - min(percent) <= 2


roster_changes = st.fixed_dictionaries({
    "damage": st.integers(0, 1800), "used": st.dictionaries(st.sampled_from(["A", "B", "Y", "port"]), st.integers(0, 40)),
    "knots_lost": st.integers(0, 20), "rudder": st.sampled_from(["working", "damaged", "lost"]),
    "sunk": st.booleans(), "mounts_out": st.frozensets(st.sampled_from(["A", "B", "Y"])),
})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(roster_changes, st.sampled_from(QUESTIONS))
def test_a_ship_out_of_sight_is_not_in_sight_whatever_her_roster(change, ask):
    """Graf Spee saw Exeter at the set-out; Exeter is out of sight now. Whatever has happened to
    her since, sunk or afloat, Graf Spee's answer about her is the same: not in sight."""
    game = first_turn(start())
    state = resighted(placed(game.state, exeter=((-3000, -3000), 60)))
    assert "exeter" in {c.ship for c in state.knowledge["graf_spee"].contacts}  # seen before
    changed = attrs.evolve(state, board=state.board.replace(attrs.evolve(state.board.ship("exeter"), **change)))
    answers = [RULES.answer(s, "graf_spee", ("exeter", ask)).events[0].answer for s in (state, changed)]
    assert answers[0] == answers[1]
    if ask != "engaged":
        assert answers[0] == {"in_sight": False}


def test_a_ship_in_sight_shows_her_roster_in_general_terms():
    state = first_turn(start()).state
    exeter = attrs.evolve(state.board.ship("exeter"), damage=345, used={"A": 16})  # 4 of her 8 salvos
    state = attrs.evolve(state, board=state.board.replace(exeter))
    assert RULES.answer(state, "graf_spee", ("exeter", "damage")).events[0].answer == {"damage": 300, "of": 1815, "sunk": False}
    assert RULES.answer(state, "graf_spee", ("exeter", "ammunition")).events[0].answer["A"] == "about half"
    try:
        RULES.answer(state, "graf_spee", ("bismarck", "damage"))
    except Refused as refused:
        assert refused.code == "unknown_ship"
    else:
        raise AssertionError("a ship not in the action was answered")


def test_which_ships_of_her_side_engaged_a_ship_in_the_last_fire():
    """4.8: "It is also permitted to ask which ships engaged a target on the previous turn."""
    state = first_turn(start()).state
    board = state.board
    ajax = attrs.evolve(board.ship("ajax"), locked={"mains": frozenset({"graf_spee"})})
    spee = attrs.evolve(board.ship("graf_spee"), locked={"mains": frozenset({"exeter"})})
    state = attrs.evolve(state, board=board.replace(ajax, spee))
    assert RULES.answer(state, "exeter", ("graf_spee", "engaged")).events[0].answer == {"engaged_by": ["ajax"]}
    assert RULES.answer(state, "graf_spee", ("exeter", "engaged")).events[0].answer == {"engaged_by": ["graf_spee"]}
    assert RULES.answer(state, "exeter", ("exeter", "engaged")).events[0].answer == {"engaged_by": []}


ship_states = st.fixed_dictionaries({
    "used": st.dictionaries(st.sampled_from(["A", "B", "X", "Y", "port", "starboard"]), st.integers(-8, 200)),
    "damage": st.integers(-100, 5000), "knots_lost": st.integers(0, 60), "rooms_lost": st.integers(0, 9),
    "secondaries_out": st.dictionaries(st.sampled_from(["port", "starboard"]), st.integers(0, 9)),
    "sunk": st.booleans(), "rudder": st.sampled_from(["working", "damaged", "lost"]),
    "effects": st.dictionaries(st.sampled_from(["silent", "cease", "hard_over", "cap10", "down:mains:3", "lights"]),
                               st.integers(-5, 50)),
    "levels": st.dictionaries(st.sampled_from(["mains", "secondaries"]), st.integers(0, 9)),
    "fires": st.dictionaries(st.sampled_from(["fire", "bigfire"]), st.integers(0, 300)),
})
STATES = list(states_of_bot_games(1))[::7]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STATES), st.sampled_from(SHIPS), ship_states)
def test_every_question_at_every_ship_in_any_state_is_answered_or_refused(state, name, fields):
    """However a ship's roster stands (ammunition overdrawn, damage past her points, effects
    long over), every seat's every question about every ship is answered, or refused with a code."""
    ship = attrs.evolve(state.board.ship(name), **fields)
    state = attrs.evolve(state, board=state.board.replace(ship))
    for seat in state.board.seats:
        for about in (*SHIPS, "bismarck"):
            for ask in QUESTIONS:
                try:
                    answered = RULES.answer(state, seat, (about, ask))
                except Refused as refused:
                    assert refused.code in RULES.error_codes()
                else:
                    RULES.describe(answered.events[0])


def test_a_ship_seen_to_sink_is_told_to_who_sees_her_and_leaves_their_contacts():
    """Graf Spee fires at Exeter, who sinks in 2D: Graf Spee (and the consorts who see her) are
    told; she leaves their contacts at once; a seat that could not see her is not told."""
    game = first_turn(start())
    state = game.state
    exeter = attrs.evolve(state.board.ship("exeter"), damage=1814, turn_damage=0)
    state = attrs.evolve(state, board=state.board.replace(exeter))
    board, sunk = damage.sink(state.board.replace(attrs.evolve(exeter, damage=1900)), state)
    (event,) = sunk
    assert "graf_spee" in event.audience and "exeter" in event.audience
    from fogbank.rules.supremacy.reports import tell

    state = attrs.evolve(state, board=board, knowledge=tell(state.knowledge, sunk))
    view = to_plain(RULES.observe(state, "graf_spee"))
    assert "exeter" not in {c["ship"] for c in view["contacts"]}
    assert RULES.answer(state, "graf_spee", ("exeter", "damage")).events[0].answer == {"sunk": True}
    # Far out of sight, her sinking is told to her own seat alone.
    far = attrs.evolve(state.board.ship("exeter"), sunk=False, at=(-3000, -3000))
    _, sunk = damage.sink(state.board.replace(far), state)
    assert sunk[0].audience == {"exeter"}


def test_a_contact_lost_says_why_smoke_or_the_edge_of_visibility():
    game = first_turn(start())
    state = placed(game.state, graf_spee=((0, 0), 90), ajax=((0, -600), 0), achilles=((400, -600), 0),
                   exeter=((-3000, -3000), 0))
    state = attrs.evolve(state, turn=1)
    state = attrs.evolve(state, knowledge=contacts.take(attrs.evolve(state, knowledge={
        seat: attrs.evolve(log, contacts=()) for seat, log in state.knowledge.items()}))[0])
    # Turn 2: Graf Spee has laid smoke between herself and Ajax, and Achilles is beyond sight.
    state = placed(attrs.evolve(state, turn=2), achilles=((1500, 0), 0))
    state = attrs.evolve(state, board=attrs.evolve(state.board, smoke=(((-100, -100), (100, -100)),),
                                                   smoke_laid_by=("graf_spee",)))
    _, lost = contacts.take(state, lost=True)
    said = {(e.audience, e.ship): RULES.describe(e) for e in lost}
    assert said[frozenset({"ajax"}), "graf_spee"] == "Admiral Graf Spee is lost behind smoke."
    assert said[frozenset({"graf_spee"}), "achilles"] == "Achilles passes out of sight at the edge of visibility."


def test_a_seat_is_told_which_of_its_guns_may_not_fire_and_why():
    """A mount's `silent` is the rules' own reason its guns may not fire this turn (4.2), so a
    page never offers them as firers: the mains silenced by damage, then every gun."""
    state = start().state
    ajax = state.board.ship("ajax")
    hurt = attrs.evolve(state, board=state.board.replace(attrs.evolve(ajax, effects={"silent": state.turn})))
    mounts = to_plain(RULES.observe(hurt, "ajax"))["ships"][0]["mounts"]
    assert {m["silent"] for m in mounts if m["battery"] == "mains"} == {"the mains are silent from damage"}
    assert {m["silent"] for m in mounts if m["battery"] != "mains"} == {None}
    ceased = attrs.evolve(state, board=state.board.replace(attrs.evolve(ajax, effects={"cease": state.turn})))
    assert {m["silent"] for m in to_plain(RULES.observe(ceased, "ajax"))["ships"][0]["mounts"]} == {"all guns are silent from damage"}
    assert {m["silent"] for m in to_plain(RULES.observe(state, "ajax"))["ships"][0]["mounts"]} == {None}

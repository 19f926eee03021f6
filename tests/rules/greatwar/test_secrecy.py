"""Non-interference: a seat's bytes do not change when what it cannot know changes.

Hidden things: enemy fleets it has not contacted (where they start, where they are plotted),
rolls whose results are not told to it (the enemy's repairs, mines and random events), the
enemy's choices (whether a random event gave it one, and what it named), and, on the wire
through the generic harness, the other side's seats' orders. Each test plays a game
twice and compares everything the seat is sent, as long as what it may know (`low`) is the same.
"""

from __future__ import annotations

import itertools
import json
import re
from unittest import mock

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.core import dice as dice_module
from fogbank.rules.core.plain import to_plain
from tests.server.noninterference import Change, Plug, check

from .table import RULES, SEA, changed, fleet_is, moved

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
OBSERVER, OWN, ENEMY = "eberhardt", "russia", "central"
ENEMY_FLEETS = [f.id for f in SEA.fleets if SEA.side_of(f.seat) == ENEMY]


def low(game: core.Game, seat: str):
    """What a seat may know: the clock and the end, its side's fleets and ships, its own
    minefields, its own record of reports and what it was told, its own order this phase."""
    state, board = game.state, game.state.board
    side = SEA.side_of(seat)
    fleets = [f for f in board.fleets if f.side == side]
    ships = {n: board.ships[n] for f in fleets for n in f.ships}
    return to_plain((
        state.turn, state.phase, state.outcome, [attrs.evolve(f, passed=()) for f in fleets], ships,
        {z: n for (z, s), n in board.minefields.items() if s == side}, state.knowledge[seat],
        state.told.get(seat), game.orders.get(seat), [board.tracked.get(seat)],
    ))


def _enemy_plot(state, fleet, choices: list[int], turn: int) -> dict:
    """A plot for an enemy fleet drawn from `choices`: 0 to 2 zones along the map."""
    pick = choices[(turn * 7 + sum(map(ord, fleet.id))) % len(choices)]
    path, here = [], fleet.zone
    for step in range(pick % 3):
        here = SEA.zones[here].adjacent[(pick // 3 + step) % len(SEA.zones[here].adjacent)]
        path.append(here)
    # intercept, not raid: a raider near a base is placed for the observer, and the example wasted.
    # Its tactics vary too: how an enemy would fight tells nothing until it is met.
    tactics = {"posture": ("close", "stand", "keep_off")[pick % 3], "smoke": bool(pick // 3 % 2),
               "break_off": (0, 0.5, 0.75)[pick // 6 % 3], "target": ("biggest", "nearest", "small")[pick // 18 % 3]}
    return {"mission": "intercept", "path": path, "tactics": tactics}


def _enemy_order(game, seat: str, choices: list[int], name) -> dict:
    """The enemy seat's plots from `choices`; with `name` (a pick among the fleets an open
    intelligence report offers, or None), the fleet it names and its new plots."""
    state = game.state
    payload = {"fleets": {f.id: _enemy_plot(state, f, choices, state.turn)
                          for f in state.board.fleets if f.seat == seat and not f.returning and not f.ahead}}
    offer = next((c for c in RULES.observe(state, seat)["choices"] if c["kind"] == "intelligence"), None)
    if offer is None or name is None:
        return payload
    fleet = state.board.fleet(offer["fleets"][name % len(offer["fleets"])]["id"])
    if fleet.seat == seat:
        payload["intelligence"] = fleet.id
        # replotted to stay: the choice changes nothing the observer could meet
        payload["fleets"][fleet.id] = ({"mission": fleet.mission, "path": list(fleet.ahead[0]), "ahead": [[], []]}
                                       if offer["event"] == "situation clarifies" else {"mission": fleet.mission, "path": []})
    return payload


def steps(seed: bytes, choices: list[int], start=lambda s: s, turns: int = 6, name=None):
    """Bots command the observer's side; the enemy's plots come from `choices` (and `name`: see
    `_enemy_order`). Yields, phase by phase, what the observer was sent since the last (views
    and told events, as bytes), its share of the truth then, and where the enemy's fleets were."""
    game = core.start(RULES, "black_sea", seed)
    game = attrs.evolve(game, state=start(game.state))
    bots = {s: RULES.bot("black_sea", s, to_plain(RULES.chart(game.state, s))) for s, side, _ in SEA.seats if side == OWN}
    step = core.Step(game)
    own: list = []  # what the observer's own order brought it
    while not step.game.state.ended and step.game.state.turn <= turns:
        told = [to_plain(e) for e in step.events if e.told_to(OBSERVER) and e.kind != "game_ended"]
        game = step.game
        sent = [*own, told, RULES.observe(game.state, OBSERVER)]
        yield json.dumps(to_plain(sent), sort_keys=True).encode(), low(game, OBSERVER), _enemy_at(game)
        own = []
        for seat in sorted(RULES.seats_to_act(game.state)):
            if seat in bots:
                payload = bots[seat].order(to_plain(RULES.observe(game.state, seat)))
            else:
                payload = _enemy_order(game, seat, choices, name)
            try:
                step = core.submit(game, seat, RULES.parse_order(seat, payload))
            except Refused:
                step = core.submit(game, seat, RULES.standing_order(game.state, seat))
            if seat == OBSERVER and not step.resolved:
                own.append([to_plain(e) for e in step.events if e.told_to(OBSERVER)])
            game = step.game
    yield json.dumps(to_plain(own), sort_keys=True).encode(), low(step.game, OBSERVER), _enemy_at(step.game)


def _enemy_at(game: core.Game) -> list:
    return [(f.id, f.zone, f.path) for f in game.state.board.fleets if f.side == ENEMY]


def play(seed: bytes, choices: list[int], start=lambda s: s, turns: int = 6, name=None):
    """The observer's whole stream (as bytes) and its share of the truth at each step."""
    played = list(steps(seed, choices, start, turns, name))
    return b"\n".join(sent for sent, _, _ in played), [share for _, share, _ in played]


def blind(one, two) -> bool | None:
    """Both games' steps side by side: None (the example says nothing) as soon as what the seat
    may know parts, or if the enemy's fleets never went other ways; else whether the seat was
    sent the same bytes all along. Stopping at the first parting spares playing on a pair that
    can only be thrown away."""
    hidden_differs = False
    stop = (None, None, None)
    for (sent, share, enemy), (sent_changed, share_changed, enemy_changed) in itertools.zip_longest(one, two, fillvalue=stop):
        if share != share_changed:
            return None
        if sent != sent_changed:
            return False
        hidden_differs = hidden_differs or enemy != enemy_changed
    return True if hidden_differs else None


choices = st.lists(st.integers(0, 50), min_size=1, max_size=12)
seeds = st.binary(min_size=32, max_size=32)


@st.composite
def two_plans(draw):
    """The enemy's plots, and the same with one pick changed: whole plans drawn apart part what
    the observer may know in 99 pairs of 100 (it meets or hears of the enemy somewhere), so they
    test little for much play; plans one pick apart keep it blind far more often."""
    base = draw(choices)
    other = list(base)
    other[draw(st.integers(0, len(base) - 1))] = draw(st.integers(0, 50))
    return base, other


@SETTINGS
@given(seeds, two_plans())
def test_a_seat_is_blind_to_enemy_plots_it_did_not_contact(seed, plans):
    same = blind(steps(seed, plans[0]), steps(seed, plans[1]))
    assume(same is not None)
    assert same


@SETTINGS
@given(seeds, choices, st.sampled_from(ENEMY_FLEETS), st.sampled_from(sorted(SEA.zones)))
def test_a_seat_is_blind_to_where_unseen_enemy_fleets_start(seed, plots, fleet, zone):
    # on intercept, as the enemy's other fleets sail once they leave port (a mission is the sortie's)
    elsewhere = changed(moved(fleet, zone), fleet_is(fleet, mission="intercept"))
    same = blind(steps(seed, plots), steps(seed, plots, start=elsewhere))  # stops where what it may know parts
    assume(same is not None)
    assert same


ENEMY_NAMES = "|".join(re.escape(n) for f in SEA.fleets if SEA.side_of(f.seat) == ENEMY for n in (f.id, *f.ships))
UNTOLD = re.compile(rf"/(damage control|port repair|mine|aerial/[a-z_]+)/({ENEMY_NAMES})(/|$)")


@SETTINGS
@given(seeds, choices, st.integers(1, 5))
def test_rolls_whose_results_a_seat_is_not_told_send_it_nothing(seed, plots, shift):
    """The enemy's repairs, its mine rolls and the observer's own side's aerial spotting of it roll otherwise: while what the observer
    may know is unchanged, so is every byte it is sent."""
    honest = dice_module.derive_faces

    def shifted(seed_, key, count, sides):
        faces = honest(seed_, key, count, sides)
        if UNTOLD.search(key):
            return tuple((f + shift - 1) % sides + 1 for f in faces)
        return faces

    sent, lows = play(seed, plots)
    with mock.patch.object(dice_module, "derive_faces", shifted):
        sent_changed, lows_changed = play(seed, plots)
    assume(lows == lows_changed)
    assert sent == sent_changed


def _bound(state):
    """The enemy's raiders start bound by three turns plotted ahead, each staying in port."""
    fleets = tuple(attrs.evolve(f, ahead=((), (), ())) if f.side == ENEMY and f.mission == "raid" else f
                   for f in state.board.fleets)
    return attrs.evolve(state, board=attrs.evolve(state.board, fleets=fleets))


def _struck_by(event: tuple[int, int]):
    """Dice under which turn 2's random event is `event` (2d6), striking the enemy."""
    honest = dice_module.derive_faces

    def forced(seed_, key, count, sides):
        if key == "2/strategic event":
            return event
        return (1,) if key == "2/strategic event/side" else honest(seed_, key, count, sides)
    return mock.patch.object(dice_module, "derive_faces", forced)


@SETTINGS
@given(seeds, choices, st.sampled_from([(5, 5), (2, 3)]), st.sampled_from([None, 0, 1, 2]))
def test_a_seat_is_blind_to_the_enemys_intelligence_choice_pending_or_made(seed, plots, event, name):
    """This Just In or Situation Clarifies strikes the enemy at turn 2, its raiders bound by old
    plots: whether that gives its seats a choice at all (against no event), whether they name a
    fleet and which (each named fleet replotted to stay), the observer is sent the same bytes."""
    with _struck_by((3, 3)):
        calm, lows_calm = play(seed, plots, start=_bound, turns=4)
    with _struck_by(event):
        sent, lows = play(seed, plots, start=_bound, turns=4, name=name)
    assume(lows == lows_calm)
    assert sent == calm


# On the wire: the generic harness, seat against seat.

def clock_free(game: core.Game, seat: str):
    """What a seat may know less the clock and its own order this phase (`low` without them)."""
    return low(game, seat)[2:-2]


def consorts_with_fleets(game: core.Game, seat: str) -> list[str]:
    """A side keeps one picture of its own fleets: each consort with a fleet orders each turn."""
    board = game.state.board
    if game.state.phase != "orders":
        return []
    return sorted({f.seat for f in board.fleets if f.side == SEA.side_of(seat)} - {seat})


PLUG = Plug("greatwar", "black_sea", low, clock_free_low=clock_free, friends=consorts_with_fleets)
STARTS = {f.id: f for f in SEA.fleets}


def _mined_at(fleet) -> dict:
    """Where a minelayer's plot lays its fields: a coastal zone beside it that is no base."""
    if fleet.mission != "lay mines":
        return {}
    return {"mines_at": next(z for z in sorted(SEA.zones[fleet.zone].adjacent)
                             if SEA.zones[z].kind == "coastal" and not SEA.zones[z].base)}


def _first_plots(seat: str):
    """Plots a seat might give while its fleets are still where they began (one zone or none)."""
    fleets = [f for f in SEA.fleets if f.seat == seat]
    return st.fixed_dictionaries({
        f.id: st.builds(lambda z, f=f: {"mission": f.mission, "path": [z] if z else [], **_mined_at(f)},
                        st.sampled_from([None, *(z for z in SEA.zones[f.zone].adjacent
                                                 if z not in SEA.sides[SEA.side_of(f.seat)].get("barred", ()))]))
        for f in fleets
    }).map(lambda plots: {"seat": seat, "order": {"fleets": plots}})


RELEASE = {"umpire": wire.Release(ref=0)}
wire_inputs = st.lists(st.one_of(*(_first_plots(s) for s, _, _ in SEA.seats), st.just(RELEASE)), min_size=4, max_size=16)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seeds, wire_inputs, st.data())
def test_on_the_wire_a_seat_learns_nothing_of_the_enemy_seats_orders(seed, inputs, data):
    replaced = [
        data.draw(_first_plots(given["seat"])) if SEA.side_of(given.get("seat", OBSERVER)) == ENEMY else given
        for given in inputs
    ]
    assume(check(PLUG, seed, inputs, OBSERVER, Change("the enemy's orders", inputs=lambda _: replaced)))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seeds, wire_inputs, st.sampled_from(ENEMY_FLEETS), st.sampled_from(sorted(SEA.zones)))
def test_the_phases_a_seat_sees_open_follow_nothing_hidden(seed, inputs, fleet, zone):
    """Whatever the enemy has and where it is, a seat sees the orders phase open each turn while
    the game runs (move and contact, with no seat to act, resolve as they open): the harness
    compares the (turn, phase) sequence whenever the seat's clock-free share is the same."""
    start = changed(moved(fleet, zone), fleet_is(fleet, mission="intercept"))
    check(PLUG, seed, inputs, OBSERVER, Change("an enemy fleet starts elsewhere", start=start))


def test_a_phase_that_opens_only_while_a_hidden_enemy_is_at_sea_is_caught(monkeypatch):
    """The plant: the move phase waits on Eberhardt only while the Ottoman cruisers are in the
    Western Black Sea, unseen. Each turn's orders end with a second word of his, which the
    plain game takes as his next turn's order and the leaky one as his move: the truth goes the
    same way in both, and only the phases he sees open differ."""
    from fogbank.rules.greatwar.ruleset import GreatWar

    orders = [{"seat": s, "order": {"fleets": {}}} for s, _, _ in SEA.seats]
    inputs = (orders + [{"seat": OBSERVER, "order": {"fleets": {}}}]) * 3
    west = Change("the cruisers in the west", start=changed(moved("cruisers", "west"), fleet_is("cruisers", mission="intercept")))
    assert check(PLUG, b"s" * 32, inputs, OBSERVER, west)
    real = GreatWar.seats_to_act

    def leaky(self, state):
        if state.phase == "move" and any(f.id == "cruisers" and f.zone == "west" for f in state.board.fleets):
            return frozenset({OBSERVER})
        return real(self, state)

    monkeypatch.setattr(GreatWar, "seats_to_act", leaky)
    with pytest.raises(AssertionError, match=f"the phases {OBSERVER} sees differ"):
        check(PLUG, b"s" * 32, inputs, OBSERVER, west)


# A battle's report: what the seat's side saw, unchanged by enemy state it could not sense.

BATTLE_ZONE = "southwest"
ELSEWHERE = [f.id for f in SEA.fleets if SEA.side_of(f.seat) == ENEMY and f.id != "mittelmeer"]


def _report(seed: bytes, hidden) -> bytes:
    from fogbank.rules.core import Dice, Roller
    from fogbank.rules.greatwar.battle import fight
    from fogbank.rules.greatwar.tables import READERS
    from fogbank.rules.greatwar.tactical.report import side_report

    board = hidden(core.start(RULES, "black_sea", seed).state.board)
    fleets = {OWN: [board.fleet("battle"), board.fleet("minonostsy")], ENEMY: [board.fleet("mittelmeer")]}
    outcome = fight(board, SEA, Roller(Dice(seed), 1, READERS), BATTLE_ZONE, fleets, True, f"battle/{BATTLE_ZONE}")
    return json.dumps(to_plain(side_report(outcome, OWN, BATTLE_ZONE, True, False, "")), sort_keys=True).encode()


@SETTINGS
@given(seeds, st.sampled_from(ELSEWHERE), st.sampled_from(sorted(SEA.zones)), st.integers(0, 3), st.integers(0, 2))
def test_a_battle_report_is_blind_to_the_enemy_it_could_not_sense(seed, fleet, zone, damage, fuel):
    """Enemy fleets elsewhere (where they are, their hull and gun damage) and the fuel in the
    enemy's bunkers in the battle leave the seat's battle report, byte for byte, as it was."""
    def hidden(board):
        fleets = tuple(attrs.evolve(f, zone=zone) if f.id == fleet else f for f in board.fleets)
        ships = dict(board.ships)
        for n in board.fleet(fleet).ships:
            guns = SEA.ships[n].guns
            ships[n] = attrs.evolve(ships[n], hits=min(damage, SEA.ships[n].hull - 1),
                                    guns_lost=(min(damage, guns[0]), min(damage, guns[1]), 0))
        for n in board.fleet("mittelmeer").ships:
            ships[n] = attrs.evolve(ships[n], fuel_used=fuel)
        return attrs.evolve(board, fleets=fleets, ships=ships)

    assert _report(seed, hidden) == _report(seed, lambda board: board)


@SETTINGS
@given(seeds, st.sampled_from(["cruisers", "torpedo", "coal"]))
def test_an_enemy_that_never_comes_in_sight_leaves_no_trace_in_the_report(seed, which):
    """At night both sides stand two areas apart, beyond sight: whichever enemy fleet it was, the
    seat's report is the same."""
    from fogbank.rules.core import Dice, Roller
    from fogbank.rules.greatwar.battle import fight
    from fogbank.rules.greatwar.tables import READERS
    from fogbank.rules.greatwar.tactical.report import side_report

    def report(enemy_fleet):
        board = core.start(RULES, "black_sea", seed).state.board
        stand = {"posture": "stand"}
        fleets = {OWN: [attrs.evolve(board.fleet("kreisera"), tactics=stand)],
                  ENEMY: [attrs.evolve(board.fleet(enemy_fleet), mission="raid", tactics=stand)]}
        outcome = fight(board, SEA, Roller(Dice(seed), 2, READERS), BATTLE_ZONE, fleets, False, f"battle/{BATTLE_ZONE}")
        return outcome.seen[OWN], json.dumps(to_plain(side_report(outcome, OWN, BATTLE_ZONE, False, False, "")), sort_keys=True)

    (seen, sent), (seen_other, sent_other) = report(which), report("cruisers")
    assume(not seen and not seen_other)  # mass confusion may push a group into sight: that is seen
    assert sent == sent_other
    unseen = {n for f in SEA.fleets if f.id in ("cruisers", "torpedo", "coal") for n in f.ships}
    assert not any(n in sent for n in unseen)


HOLD = {"umpire": wire.Hold(ref=0, held=True)}


def test_an_enemy_command_gone_out_of_contact_tells_a_seat_nothing_through_whom_the_phase_waits_for():
    """Every Ottoman fleet is gone (the umpire's silent ruling, say) in one run: Eberhardt, who has
    met none of them, was told one enemy seat fewer was still to order (issue 36). Each phase is
    held and released, the Ottoman orders last, so each resolves on the same input in both runs."""
    plots = [{"seat": seat, "order": {"fleets": {}}} for seat in ("souchon", "eberhardt", "flotilla", "ottoman")]
    inputs = [HOLD, *[*plots, RELEASE] * 3]

    def no_ottomans(state):
        board = state.board
        return attrs.evolve(state, board=attrs.evolve(board, fleets=tuple(f for f in board.fleets if f.seat != "ottoman")))

    assert check(PLUG, b"\x09" * 32, inputs, OBSERVER, Change("the Ottoman fleets gone", start=no_ottomans))


"""Non-interference through the generic harness (tests/server/noninterference.py): a seat's bytes
do not change when what its side cannot sense changes — units moved out of its sight, a dummy that
is a real ship instead, secret mines laid elsewhere, rolls it is not told — and, where captains do
not share a plot, when another captain of its own side orders differently."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.rules.core import Dice, Game
from fogbank.rules.salvo import hexes, sensing
from fogbank.rules.salvo.scenario import load_scenario
from fogbank.rules.salvo.units import CAPITAL, FORT, Unit
from tests.server.noninterference import Change, Plug, check, run

SETTINGS = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow]
)
# What a hidden enemy's fire may tell a seat: its own ships under fire, and its shore target shelled.
ATTACKED = ("under_fire", "special_damage", "shields_up", "bombardment")


def salvo_low(game: Game, seat: str):
    """What a Salvo seat may know, from the truth: the clock and the end, its own units (and its
    side's, if they share a plot), every unit it is shown as the rules show it, the weather and
    smoke, its side's random events, what it was told of being fired at, and its own inputs."""
    state, board = game.state, game.state.board
    scenario = load_scenario(state.scenario)
    who, side = sensing.observer(scenario, seat), scenario.seat(seat).side
    detected = board.detected.get(who, frozenset())
    labels = board.labels.get(who, {})
    own_units = [u for u in board.units if sensing.belongs(scenario, u, who)]
    shown = sorted(
        (labels.get(u.id, 0), sensing.contact(u, 0, u.id in detected or u.kind == FORT, side, board.sensed.get(who, {}).get(u.id, ""),
                                              scenario.night and u.id in detected and sensing.lit(board, u, [o.id for o in own_units])))
        for u in sensing.shown(scenario, board, who, state.options["fog"], detected)
    ) if all(u.id in labels for u in sensing.shown(scenario, board, who, state.options["fog"], detected)) else None
    own = tuple(u for u in board.units if sensing.belongs(scenario, u, who))
    # Being fired at: which of its ships, and with what result; never who fired unless it sees him.
    attacked = tuple((r.turn, r.kind, *(r.facts.get(k) for k in ("unit", "result", "fate", "points")))
                     for r in state.knowledge[seat].reports if r.kind in ATTACKED)
    # A random event striking the seat's side is told to it, even one its flagship shrugs off (so
    # the side roll and the leader roll are the seat's to know when the event falls on its side).
    events = tuple(r for r in state.knowledge[seat].reports if r.kind == "random_event")
    return (
        state.turn, state.phase, state.outcome, own, repr(shown), board.visibility, board.smoke,
        sorted(h for _, h in board.starshells), board.effects.get(side), len(board.exits), attacked, events,
        tuple(m for m in board.marks if m[1] in {u.id for u in own} | {side}), state.knowledge[seat].mines,
        {uid: r for uid, r in board.radar_range.items() if uid in {u.id for u in own}},
        state.told.get(seat), game.orders.get(seat), game.holds,
    )


GALLIPOLI = Plug("salvo", "gallipoli", salvo_low)
BLIND = Plug("salvo", "gallipoli", salvo_low, {"fog": "double_blind"})
ALLIED = {"de_robeck": ["BB17", "B1", "BC1", "B2", "B3", "B6"], "third_line": ["B4", "B5", "B7", "B10", "B8", "B9"],
          "guepratte": ["B11", "B12", "B13", "B14"]}
FORTS = [f"F{n}" for n in range(1, 9)]
paths = st.sampled_from(["", "F", "FF", "RF", "LF", "FRF", "FLF", "FFF", "RFRF"])


@st.composite
def gallipoli_inputs(draw):
    """A few turns: mines, every allied seat's moves (some refused), fire at labels, releases."""
    inputs = [{"seat": "forts", "order": {"mines": draw(st.sampled_from([["2306", "2107"], ["2006", "1906"]]))}}]
    for _ in range(draw(st.integers(1, 4))):
        for seat, ships in ALLIED.items():
            moves = {uid: draw(paths) for uid in draw(st.lists(st.sampled_from(ships), max_size=3, unique=True))}
            inputs.append({"seat": seat, "order": {"moves": moves}})
        for seat, ships in ALLIED.items():
            fire = {uid: {"target": draw(st.integers(1, 8))} for uid in draw(st.lists(st.sampled_from(ships), max_size=3, unique=True))}
            inputs.append({"seat": seat, "order": {"fire": fire}})
        fire = {uid: {"target": draw(st.integers(1, 18))} for uid in draw(st.lists(st.sampled_from(FORTS), max_size=4, unique=True))}
        inputs.append({"seat": "forts", "order": {"fire": fire}})
        if draw(st.booleans()):
            inputs.append({"umpire": wire.Release(ref=0)})
    return inputs


games = st.tuples(st.binary(min_size=32, max_size=32), gallipoli_inputs())
AEGEAN = [h for h in ("0213", "0314", "0415", "0116", "0215", "0516", "0112", "0311") ]


def _evolve_unit(uid: str, **changes):
    def start(state):
        board = state.board
        units = tuple(attrs.evolve(u, **changes) if u.id == uid else u for u in board.units)
        return attrs.evolve(state, board=attrs.evolve(board, units=units))
    return start


REAL = dict(kind=CAPITAL, type="B", name="Goliath", attack=6, secondary=2, defence=8, range=13, max_speed=2, points=10)


@SETTINGS
@given(games, st.sampled_from(AEGEAN), st.sampled_from(["dummy-allied-1", "dummy-allied-2"]))
def test_the_forts_are_blind_to_a_ship_they_cannot_see(game, where, uid):
    """Double-blind: a British battleship somewhere far out in the Aegean, where no fort can see
    her, instead of a dummy marker (which double-blind never shows)."""
    seed, inputs = game
    change = Change(f"a ship at {where}", start=_evolve_unit(uid, hex=hexes.parse(where), **REAL))
    assume(check(BLIND, seed, inputs, "forts", change))


@SETTINGS
@given(games, st.sampled_from(["dummy-allied-1", "dummy-allied-2"]))
def test_a_dummy_marker_reads_exactly_like_a_real_ship(game, uid):
    """As written: a dummy out of sight, or a real battleship under the same marker."""
    seed, inputs = game
    real = _evolve_unit(uid, **REAL)
    assume(check(GALLIPOLI, seed, inputs, "forts", Change("dummy or ship", start=real)))


@SETTINGS
@given(games, st.sampled_from([["1609", "0612"], ["2006", "1906"], ["0213", "0101"]]))
def test_the_allies_learn_nothing_of_secret_mines_their_ships_do_not_touch(game, elsewhere):
    seed, inputs = game

    def moved(given_inputs):
        return [
            {**given, "order": {"mines": elsewhere}} if given.get("seat") == "forts" and "mines" in given.get("order", {}) else given
            for given in given_inputs
        ]

    assume(check(GALLIPOLI, seed, inputs, "de_robeck", Change("mines elsewhere", inputs=moved)))


@attrs.frozen
class Skewed(Dice):
    """Dice that read other faces for the rolls whose key holds `part` (rolls the observer is not told)."""

    part: str = ""

    def faces(self, key, count, sides):
        return Dice.faces(self, key + ("#skewed" if self.part in key else ""), count, sides)


@SETTINGS
@given(games, st.sampled_from(["repair/F", "event_side", "leader"]))
def test_rolls_the_allies_are_not_told_change_nothing_they_are_sent(game, part):
    seed, inputs = game

    def skew(state):
        return attrs.evolve(state, dice=Skewed(state.dice.seed, state.dice.rolls_made, part=part))

    assume(check(GALLIPOLI, seed, inputs, "guepratte", Change(f"untold {part} rolls", start=skew)))


# Cape Esperance: the Japanese cruisers and destroyers share no plot.

ESPERANCE = Plug("salvo", "cape_esperance", salvo_low)
NIGHT_SEATS = {"goto": ["JCA1", "JCA2", "JCA3"], "desdiv11": ["JDD1", "JDD2"],
               "scott": ["CA1", "CL1", "CA2", "CL2"], "tobin": ["DD1", "DD2", "DD3", "DD4", "DD5"]}
night_paths = st.sampled_from(["", "FF", "FFF", "RFF", "LFF", "FFFF", "FRFF"])


@st.composite
def night_inputs(draw):
    inputs = []
    for _ in range(draw(st.integers(1, 4))):
        for seat in ("goto", "desdiv11", "scott", "tobin"):  # the two sighting phases
            inputs.append({"seat": seat, "order": {}})
        for seat, ships in NIGHT_SEATS.items():
            inputs.append({"seat": seat, "order": {"moves": {uid: draw(night_paths) for uid in ships}}})
        for seat, ships in NIGHT_SEATS.items():
            fire = {uid: {"target": draw(st.integers(1, 9)), "torpedo": draw(st.integers(1, 9))}
                    for uid in draw(st.lists(st.sampled_from(ships), max_size=2, unique=True))}
            inputs.append({"seat": seat, "order": {"fire": fire}})
    return inputs


night_games = st.tuples(st.binary(min_size=32, max_size=32), night_inputs())


@SETTINGS
@given(night_games, st.lists(st.integers(1, 9), min_size=8, max_size=8), st.integers(0, 30))
def test_a_japanese_captain_learns_nothing_of_the_other_captains_fire_or_words(game, targets, at):
    """Desdiv 11's fire and torpedo plans, and the umpire's words to it, change; Goto, on the same
    side but with no common plot, must not tell the difference."""
    seed, inputs = game

    def other(given, number):
        if given.get("seat") != "desdiv11" or "fire" not in given["order"]:
            return given
        fire = {uid: {"target": targets[(number + n) % 8], "torpedo": targets[(number + n + 3) % 8]}
                for n, uid in enumerate(("JDD1", "JDD2"))}
        return {**given, "order": {"fire": fire}}

    private = [{"umpire": wire.Narrate(ref=0, seat="desdiv11", text="For Desdiv 11 alone."), "extra": True}]

    def change(given_inputs):
        changed = [other(given, number) for number, given in enumerate(given_inputs)]
        return changed[:at] + private + changed[at:]

    assume(check(ESPERANCE, seed, inputs, "goto", Change("desdiv11's own business", inputs=change)))


@SETTINGS
@given(night_games, st.sampled_from(["2909", "3008", "3010", "2908"]))
def test_the_americans_are_blind_to_a_japanese_ship_out_of_sight_and_radar(game, where):
    """Double-blind at night: a third Japanese destroyer behind Savo, where no eye or radar of the
    Americans west of the island reaches (the SG sees the rest of the map), or not there at all."""
    seed, inputs = game

    def add(state):
        extra = Unit(id="JDD3", name="Murakumo", side="japan", seat="desdiv11", kind="screen", type="DD",
                     hex=hexes.parse(where), facing="A", max_speed=6, attack=2, defence=2, range=8)
        return attrs.evolve(state, board=attrs.evolve(state.board, units=(*state.board.units, extra)))

    assume(check(ESPERANCE, seed, inputs, "scott", Change("a far destroyer", start=add)))


def test_the_secret_mine_check_tells_the_forts_nothing_of_ships_they_were_not_shown():
    """Double-blind: mining the hexes where the Allies' two dummies start (out of any fort's sight)
    is taken whether the dummies are there or not; the check knows only what the forts were shown."""
    scenario = load_scenario("gallipoli")
    starts = [hexes.number(u.hex) for u in scenario.units if u.kind == "dummy"]

    def no_dummies(state):
        board = state.board
        return attrs.evolve(state, board=attrs.evolve(board, units=tuple(u for u in board.units if u.kind != "dummy")))

    inputs = [{"seat": "forts", "order": {"mines": starts}}, {"umpire": wire.Release(ref=0)}]
    assert check(BLIND, bytes(32), inputs, "forts", Change("the dummies not there", start=no_dummies))


def test_double_blind_the_forts_may_mine_where_unseen_dummies_start_and_as_written_not_under_any_marker():
    """Gallipoli rule 3 keeps the start hexes of ships free of mines: of those the forts know of."""
    for fog, taken in (("double_blind", False), ("as_written", True)):
        game = core.start(core.find_ruleset("salvo"), "gallipoli", bytes(32), {"fog": fog})
        starts = [hexes.number(u.hex) for u in game.state.board.units if u.kind == "dummy"]
        order = core.find_ruleset("salvo").parse_order("forts", {"mines": starts})
        if taken:
            with pytest.raises(core.Refused):
                core.submit(game, "forts", order)
        else:
            assert core.submit(game, "forts", order).game.state.board.secret_mines == {hexes.parse(h) for h in starts}


def test_a_ship_and_a_dummy_sharing_a_hex_take_their_labels_in_an_order_that_says_nothing():
    """As written, a dummy steaming with San Francisco ends in her hex: which of the two markers gets
    the lower label must not tell Goto which is the ship (it once always did: ids sort ships first)."""
    rules = core.find_ruleset("salvo")
    lower = 0
    seeds = 40
    for n in range(seeds):
        game = core.start(rules, "cape_esperance", bytes([n]) * 32, {"fog": "as_written"})
        while game.state.phase != "movement":
            for seat in sorted(game.waiting_for()):
                game = core.submit(game, seat, rules.parse_order(seat, {})).game
        dummy = {"hex": "1410", "facing": "E", "path": "FFF"}
        for seat in sorted(game.waiting_for()):
            game = core.submit(game, seat, rules.parse_order(seat, {"dummies": [dummy]} if seat == "scott" else {})).game
        labels, board = game.state.board.labels["goto"], game.state.board
        new = next(u.id for u in board.units if u.kind == "dummy")
        assert board.unit("CA1").hex == board.unit(new).hex  # together, both shown as markers
        lower += labels["CA1"] < labels[new]
    assert 0.25 * seeds <= lower <= 0.75 * seeds, f"San Francisco had the lower label in {lower} of {seeds} games"



def test_under_fire_from_a_ship_it_cannot_see_now_names_no_old_label(monkeypatch):
    """Double-blind: Goto once saw San Francisco (his label 99 for her) and sees her no more. Aoba
    under her fire is told of "an unseen enemy", word for word as if Salt Lake City, never seen,
    had fired: an old label would tell him she is afloat and within range."""
    rules = core.find_ruleset("salvo")

    def close(state):
        board = state.board
        places = {"JCA1": ("1208", "C"), "CA1": ("1212", "A"), "CA2": ("1608", "E")}
        units = tuple(attrs.evolve(u, hex=hexes.parse(places[u.id][0]), facing=places[u.id][1], speed=0) if u.id in places else u
                      for u in board.units)
        units = tuple(attrs.evolve(u, defence=99) if u.id == "JCA1" else u for u in units)  # no shot can hurt her
        labels = {**board.labels, "goto": {**board.labels.get("goto", {}), "CA1": 99}}
        return attrs.evolve(state, board=attrs.evolve(board, units=units, labels=labels))

    started = core.start
    monkeypatch.setattr(core, "start", lambda *given: attrs.evolve(game := started(*given), state=close(game.state)))
    plug = Plug("salvo", "cape_esperance", salvo_low, {"fog": "double_blind"})
    quiet = [{"seat": s, "order": {}} for s in ("goto", "desdiv11", "scott", "tobin", "goto", "desdiv11", "scott", "tobin")]
    shots = 0
    for n in range(10):
        seed = bytes([n]) * 32
        aoba = core.start(rules, "cape_esperance", seed, {"fog": "double_blind"}).state.board.labels["us"]["JCA1"]
        base = [*quiet, {"seat": "scott", "order": {"fire": {"CA1": {"target": aoba}}}},
                *({"seat": s, "order": {}} for s in ("goto", "desdiv11", "tobin"))]

        def other_ship(inputs, aoba=aoba):
            return [{"seat": "scott", "order": {"fire": {"CA2": {"target": aoba}}}} if i == len(quiet) else given
                    for i, given in enumerate(inputs)]

        assert check(plug, seed, base, "goto", Change("Salt Lake City fired instead", inputs=other_ship))
        shots += any("under fire from an unseen enemy" in str(m) for m in run(plug, seed, base, "goto").messages)
    assert shots  # the shot was made (in some games a random event keeps the guns silent)


def salvo_clock_free(game: Game, seat: str):
    """`salvo_low` less the clock and the timing of others' orders (each report without its turn)."""
    low = salvo_low(game, seat)
    untimed = lambda reports: tuple(r[1:] if isinstance(r, tuple) else attrs.evolve(r, turn=0) for r in reports)  # noqa: E731
    return (low[2], low[3], low[4], low[5], low[6], low[7], low[8], low[9], untimed(low[10]), untimed(low[11]),
            tuple(m[:2] for m in low[12]), low[13])


def test_the_night_sighting_phases_open_whatever_the_enemy_has_to_declare():
    """Cape Esperance, double-blind: whether the Japanese still carry starshells and searchlights is
    not the Americans' to know, so the phase in which the Japanese declare opens as it always does."""
    plug = Plug("salvo", "cape_esperance", salvo_low, {"fog": "double_blind"}, clock_free_low=salvo_clock_free)

    def dark(state):
        board = state.board
        units = tuple(attrs.evolve(u, starshells=0, searchlight=False) if u.side == "japan" else u for u in board.units)
        return attrs.evolve(state, board=attrs.evolve(board, units=units))

    turn = [{"seat": s, "order": {}} for s in ("goto", "desdiv11", "scott", "tobin")] * 4
    assert check(plug, bytes(32), turn * 2, "scott", Change("the Japanese carry no lights", start=dark))


def _tobin_far_south_east(sunk: bool):
    """Tobin's five destroyers start in the map's far south-east corner, out of every Japanese
    eye (the Japanese have no radar), afloat or sunk."""
    def start(state):
        board = state.board
        spots = iter(["3024", "2924", "2824", "3023", "2923"])
        units = tuple(attrs.evolve(u, hex=hexes.parse(next(spots)), sunk=sunk) if u.seat == "tobin" else u
                      for u in board.units)
        return attrs.evolve(state, board=attrs.evolve(board, units=units))
    return Change(f"tobin's destroyers {'sunk' if sunk else 'afloat'} far off", start=start)


def test_an_enemy_command_sunk_out_of_sight_tells_goto_nothing_through_whom_the_phase_waits_for():
    """Whether Tobin's destroyers are afloat far off or sunk there, Goto is sent the same bytes
    (he was told how many American seats the phase still waited for, issue 36). Each phase is
    held and released, Tobin's order last, so each resolves on the same input in both runs."""
    hold, release = {"umpire": wire.Hold(ref=0, held=True)}, {"umpire": wire.Release(ref=0)}
    seats = ("goto", "scott", "desdiv11", "tobin")
    inputs = [hold]
    for _ in range(2):
        for _phase in range(4):  # two sightings, movement, gunfire: each seat holds still
            inputs += [*({"seat": seat, "order": {}} for seat in seats), release]
    assert check(ESPERANCE, b"\x0b" * 32, inputs, "goto", _tobin_far_south_east(True), base=_tobin_far_south_east(False))


# 12.41 at resolution (issue 36): a marker on the line of fire that the firing seat has not
# detected must block, or not, the same whether a ship or a dummy lies under it.
MARKED = "dummy-us-1"
LINES = {  # firer's seat, firer, its hex, the marker's, the target's (San Francisco), the starshell's burst
    "beside the target": ("goto", "JCA1", "0502", "0506", "0507", "0508"),
    "a destroyer over a capital ship": ("desdiv11", "JDD1", "0501", "0505", "0507", "0607"),
}


def _line_of_fire(case):
    """Cape Esperance as written, everything stopped: the firer 4 or more hexes from the marker (out
    of sight at night), its starshell lighting San Francisco beyond the marker, and every other
    Japanese eye far off; the marker a US dummy (the base run)."""
    seat, firer, at, marker, target, burst = LINES[case]

    def place(state):
        board, far = state.board, iter(("0101", "0201", "0301", "0401"))
        units = []
        for u in board.units:
            u = attrs.evolve(u, speed=0)
            if u.id == firer:
                u = attrs.evolve(u, hex=hexes.parse(at), facing="D")
            elif u.id == "CA1":
                u = attrs.evolve(u, hex=hexes.parse(target))
            elif u.side == "japan":
                u = attrs.evolve(u, hex=hexes.parse(next(far)))
            units.append(u)
        units.append(Unit(id=MARKED, name="dummy", side="us", seat="scott", kind="dummy",
                          hex=hexes.parse(marker), facing="A", max_speed=99, defence=1))
        return attrs.evolve(state, board=attrs.evolve(board, units=tuple(units)))

    def inputs(game):
        label = game.state.board.labels[seat]["CA1"]
        japan = [{"seat": s, "order": {"starshells": {firer: burst}} if s == seat else {}}
                 for s in ("goto", "desdiv11")]
        quiet = [{"seat": s, "order": {}} for s in ("scott", "tobin")]
        moves = [{"seat": s, "order": {}} for s in ("goto", "desdiv11", "scott", "tobin")]
        fire = [{"seat": s, "order": {"fire": {firer: {"target": label}}} if s == seat else {}}
                for s in ("goto", "desdiv11", "scott", "tobin")]
        return [*japan, *quiet, *moves, *fire]

    return seat, place, inputs


REAL_CA = dict(kind=CAPITAL, type="CA", name="Chester", attack=6, secondary=2, defence=8, range=14,
               max_speed=6, points=20)


def _ship_or_dummy(monkeypatch, case, seed):
    """Whether the firing seat can tell the two runs apart (check's assertion), after confirming the
    setting: in the base run the marker is in its picture, undetected, and the shot is made."""
    seat, place, inputs = _line_of_fire(case)
    rules = core.find_ruleset("salvo")
    started = core.start

    def start(*given):
        game = started(*given)
        return attrs.evolve(game, state=place(game.state))

    monkeypatch.setattr(core, "start", start)
    plug = Plug("salvo", "cape_esperance", salvo_low, {"fog": "as_written"})
    given = inputs(core.start(rules, "cape_esperance", seed, {"fog": "as_written"}))
    sent = run(plug, seed, given, seat).messages
    assert any("fired at San Francisco" in str(m) for m in sent), "the shot was not made"
    ship_there = Change("a ship under the marker", start=_evolve_unit(MARKED, **REAL_CA))
    return check(plug, seed, given, seat, ship_there)


@pytest.mark.parametrize("case", sorted(LINES))
def test_a_marker_on_the_line_of_fire_blocks_alike_ship_or_dummy(monkeypatch, case):
    """12.41 judged at resolution on what the firer's side knows, as its check judges it: a US
    marker it has not detected, between it and San Francisco, blocks nothing whether it is a dummy
    (which never blocks) or a heavy cruiser; every byte the Japanese seat is sent, its check answers
    among them, is the same."""
    assert _ship_or_dummy(monkeypatch, case, bytes(32))


@pytest.mark.parametrize("case", sorted(LINES))
def test_a_line_of_fire_judged_on_the_truth_would_unmask_the_marker(monkeypatch, case):
    """The leak planted: resolution blocks by what the marker really is; the harness sees it."""
    from fogbank.rules.salvo import sensing as where

    def truth(board, firer, target, known):
        every_ship = [(u.hex, u.kind) for u in board.units
                      if u.afloat and u.kind in (CAPITAL, "screen") and u.id not in (firer.id, target.id)]
        return where.ships_block(firer.hex, target.hex, firer.type == "DD", every_ship)

    monkeypatch.setattr(where, "units_block", truth)
    with pytest.raises(AssertionError, match="differs"):
        _ship_or_dummy(monkeypatch, case, bytes(32))


# Goto's bombardment of Henderson Field (issue 40): the men ashore know the field is shelled, and
# how hard; never which ships, nor where along the line they lie, while no American sees them.
US_FAR_OFF = {"CL1": "0101", "CL2": "0102", "CA1": "0201", "CA2": "0202", "DD1": "0301", "DD2": "0302",
              "DD3": "0401", "DD4": "0402", "DD5": "0501"}  # beyond the SG's 25 hexes of the eastern edge
JAPAN_FAR_OFF = ["3001", "3002", "3003", "2901"]


def _shelling(ship: str, where: str):
    """Everything stopped; the Americans in the north-west corner; `ship` alone on the bombardment
    line at `where`, the other Japanese ships in the north-east corner, out of every American eye."""
    def start(state):
        board, far = state.board, iter(JAPAN_FAR_OFF)
        units = []
        for u in board.units:
            if u.side == "us":
                u = attrs.evolve(u, hex=hexes.parse(US_FAR_OFF[u.id]))
            else:
                u = attrs.evolve(u, hex=hexes.parse(where if u.id == ship else next(far)))
            units.append(attrs.evolve(u, speed=0))
        # What each side had sensed of the old places goes: the first sighting phase judges the new.
        return attrs.evolve(state, board=attrs.evolve(board, units=tuple(units), detected={}, sensed={}))
    return Change(f"{ship} shells from {where}", start=start)


QUIET_TURNS = [{"seat": s, "order": {}} for s in ("goto", "desdiv11", "scott", "tobin")] * 4 * 2
SHELLINGS = {"which cruiser": (_shelling("JCA1", "3016"), _shelling("JCA2", "3016")),
             "where on the line": (_shelling("JCA1", "3016"), _shelling("JCA1", "3022"))}


def _shelled_alike(case: str) -> bool:
    base, change = SHELLINGS[case]
    sent = run(ESPERANCE, bytes(32), QUIET_TURNS, "scott", base).messages
    assert any("Henderson Field is shelled from the sea by one ship's guns" in str(m) for m in sent), "no shelling heard"
    return check(ESPERANCE, bytes(32), QUIET_TURNS, "scott", change, base=base)


@pytest.mark.parametrize("case", sorted(SHELLINGS))
def test_the_americans_hear_henderson_field_shelled_but_not_by_whom_or_from_where(case):
    """Two turns of a heavy cruiser shelling the field unseen: Scott is sent the same bytes whichever
    cruiser it is and wherever on the line she lies (he is told the points, as the field would be)."""
    assert _shelled_alike(case)


def test_a_bombardment_told_by_name_would_unmask_the_shelling_ship(monkeypatch):
    """The leak planted: the men ashore are told the ships' names; the harness sees it."""
    from fogbank.rules.salvo.work import Work

    told = Work.tell

    def naming(self, seats, what, text, **facts):
        if what == "bombardment" and "units" not in facts:
            shelling = [u.name for u in self.units.values() if u.side == "japan" and u.hex in self.scenario.victory.bombardment.hexes]
            text = f"{text} ({', '.join(shelling)})"
        told(self, seats, what, text, **facts)

    monkeypatch.setattr(Work, "tell", naming)
    with pytest.raises(AssertionError, match="differs"):
        _shelled_alike("which cruiser")

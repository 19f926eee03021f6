"""Non-interference on the wire for every ruleset, through the generic harness: seat against
truth (hidden units, mines, untold rolls) and seat against seat (another captain's orders,
questions and the umpire's words to it), and the umpire's silent changes."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.rules.core import UMPIRE, Game, StandingOrderUsed
from fogbank.rules.dardanelles.chart import distance
from fogbank.rules.dardanelles.units import Vessel, VesselType

from tests.rules.toy.picket import SIGHT, Picket

from .noninterference import Change, Plug, check, plant_waiting_from_the_truth

SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow]
)

# Picket: two captains a side who share no plot.


def picket_consorts(game: Game, seat: str) -> list[str]:
    """The captain's own side's ships she sees afloat (rule: a ship sees what is within 3 areas)."""
    board = game.state.board
    own = board.unit(seat)
    return sorted(u.name for u in board.units if u.side == own.side and u.name != seat and not u.dummy
                  and u.afloat and own.afloat and abs(u.area - own.area) <= SIGHT)


def picket_low(game: Game, seat: str):
    """What a Picket captain may know: the clock and the end, its own ship and order, the enemy
    within sight, the consorts it sees, its own plot and what it was told."""
    state, board = game.state, game.state.board
    own = board.unit(seat)
    near = sorted(
        (u.name, u.area, u.afloat, u.dummy) for u in board.units
        if u.side != own.side and own.afloat and abs(u.area - own.area) <= SIGHT
    )
    return (
        state.turn, state.phase, state.outcome, own, near, picket_consorts(game, seat), state.knowledge[seat],
        state.told.get(seat), game.orders.get(seat), game.holds,
    )


def picket_friends(game: Game, seat: str) -> list[str]:
    """The consorts a captain may know take part: those she sees, in the phases afloat ships act in."""
    return picket_consorts(game, seat) if game.state.phase in ("move", "fire") else []


PICKET = Plug("picket", "picket", picket_low, friends=picket_friends)
SEATS = ["blue1", "blue2", "red1", "red2"]
picket_input = st.one_of(
    st.builds(lambda s, m: {"seat": s, "order": {"move": m}}, st.sampled_from(SEATS), st.integers(-3, 3)),
    st.builds(lambda s, t: {"seat": s, "order": {"target": t} if t else {}}, st.sampled_from(SEATS), st.integers(0, 3)),
    st.builds(lambda s, t: {"seat": s, "question": {"track": t}}, st.sampled_from(SEATS), st.integers(1, 3)),
    st.builds(lambda s: {"umpire": wire.Release(ref=0)}, st.none()),
)
picket_games = st.tuples(st.binary(min_size=32, max_size=32), st.lists(picket_input, min_size=4, max_size=40))


def _moved(unit_name: str, area: int):
    def start(state):
        board = state.board
        units = tuple(attrs.evolve(u, area=area) if u.name == unit_name else u for u in board.units)
        return attrs.evolve(state, board=attrs.evolve(board, units=units))

    return start


@SETTINGS
@given(picket_games, st.integers(0, 19))
def test_picket_a_captain_is_blind_to_enemy_it_cannot_see(game, area):
    seed, inputs = game
    assume(check(PICKET, seed, inputs, "blue1", Change("red2 elsewhere", start=_moved("red2", area))))


@SETTINGS
@given(picket_games, st.lists(st.integers(-3, 3), min_size=40, max_size=40), st.integers(0, 40))
def test_picket_a_captain_learns_nothing_of_his_consorts_orders_questions_or_umpire_words(game, others, at):
    """blue2's own business changes: what its orders say (not when it gives them: when a phase
    resolves is everyone's to know), its questions, the umpire's words to it; blue1, on the same
    side, must not tell the difference."""
    seed, inputs = game

    def other(given, number):
        if given.get("seat") != "blue2" or "order" not in given:
            return given
        value = others[number % len(others)]
        order = {"move": value} if "move" in given["order"] else ({"target": value} if value > 0 else {})
        return {**given, "order": order}

    private = [
        {"seat": "blue2", "question": {"track": 1}, "extra": True},
        {"umpire": wire.Narrate(ref=0, seat="blue2", text="For your eyes only."), "extra": True},
    ]

    def change(given_inputs):
        changed = [other(given, number) for number, given in enumerate(given_inputs)]
        return changed[:at] + private + changed[at:]

    # The questions and the umpire's words are in the log game_over unseals: checked up to then.
    assume(check(PICKET, seed, inputs, "blue1", Change("blue2's own business", inputs=change, unsealed_at_end=True)))


@SETTINGS
@given(picket_games, st.sampled_from(["red1", "red2"]), st.text(min_size=1, max_size=60), st.integers(0, 40))
def test_picket_the_enemys_talk_sends_a_captain_nothing(game, speaker, text, at):
    """Talk is heard by the speaker's own side (Picket keeps the engine's default): a captain of
    the other side is sent not a byte more, whatever was said and whenever, until the game is
    over and its whole log unsealed."""
    seed, inputs = game
    said = {"seat": speaker, "talk": text, "extra": True}
    talked = Change(
        "the enemy talks", inputs=lambda given_inputs: [*given_inputs[:at], said, *given_inputs[at:]], unsealed_at_end=True
    )
    assume(check(PICKET, seed, inputs, "blue1", talked))


# Squadron: Picket with a third blue captain, whom blue1's private word to blue2 leaves out.
SQUADRON = Plug("picket", "squadron", picket_low, friends=picket_friends)
squadron_input = st.one_of(
    st.builds(lambda s, m: {"seat": s, "order": {"move": m}}, st.sampled_from([*SEATS, "blue3"]), st.integers(-3, 3)),
    st.builds(lambda s: {"umpire": wire.Release(ref=0)}, st.none()),
)
squadron_games = st.tuples(st.binary(min_size=32, max_size=32), st.lists(squadron_input, min_size=4, max_size=30))


@SETTINGS
@given(squadron_games, st.text(min_size=1, max_size=60), st.integers(0, 30))
def test_squadron_a_private_word_sends_the_third_captain_of_the_side_nothing(game, text, at):
    """blue1 talks privately to blue2: blue3, of the same side, is sent not a byte more, whatever
    was said and whenever, until the game is over and its whole log unsealed."""
    seed, inputs = game
    said = {"seat": "blue1", "talk": text, "to": "blue2", "extra": True}
    talked = Change(
        "a private word", inputs=lambda given_inputs: [*given_inputs[:at], said, *given_inputs[at:]], unsealed_at_end=True
    )
    assume(check(SQUADRON, seed, inputs, "blue3", talked))


# The umpire holds every phase, so a phase resolves only when he releases it, whoever has ordered.
HOLD_ALL = {"umpire": wire.Hold(ref=0, held=True)}
RELEASE = {"umpire": wire.Release(ref=0)}
IDLE = [{"move": 0}, {}]  # blue2 stays put or fires at nothing: what its standing orders do
release_input = st.one_of(
    picket_input.filter(lambda given: given.get("seat") != "blue2"),
    st.builds(lambda order: {"seat": "blue2", "order": order}, st.sampled_from(IDLE)),
    st.just({"umpire": wire.Release(ref=0)}),
)


@core.register
class QuietPicket(Picket):
    """Picket whose captains are told nothing of whom a phase waits for, not even the consorts
    they see."""

    name = "picket_quiet"

    def friends_to_act(self, view):
        return ()


# What a captain may know, less every release notice it holds: its own follow from its own orders
# (the same in both runs), so a notice of another's that reached it must show in the bytes. The
# quiet Picket tells nobody whom a phase waits for: whether blue2 had ordered is then no seat's
# but blue2's to know (Picket itself tells blue2's pencil to a consort who sees him).
PICKET_NOTICES_UNKNOWN = Plug("picket_quiet", "picket", lambda game, seat: picket_low(attrs.evolve(
    game, state=attrs.evolve(game.state, told={s: tuple(e for e in told if not isinstance(e, StandingOrderUsed))
                                               for s, told in game.state.told.items()})), seat))  # fmt: skip
release_games = st.tuples(st.binary(min_size=32, max_size=32), st.lists(release_input, min_size=4, max_size=40))


@SETTINGS
@given(release_games, st.sampled_from(["blue1", "red1", "red2"]))
def test_picket_a_release_tells_no_seat_whether_another_had_ordered(game, observer):
    """blue2 orders what its standing orders would do, or sends nothing; the umpire releases each
    phase. Only blue2 is told its standing order was used: its consort and its enemies receive
    the same bytes either way (and so learn nothing of who had ordered)."""
    seed, inputs = game
    others = [HOLD_ALL, *(given for given in inputs if given.get("seat") != "blue2")]
    # blue2's orders are what the change adds (marked extra: the harness looks again after the others' only).
    ordering = [HOLD_ALL, *({**given, "extra": True} if given.get("seat") == "blue2" else given for given in inputs)]
    assume(check(PICKET_NOTICES_UNKNOWN, seed, others, observer, Change("blue2 orders", inputs=lambda _: ordering)))


@SETTINGS
@given(picket_games)
def test_picket_a_dummy_is_a_dummy_until_it_is_seen(game):
    seed, inputs = game

    def real_ship(state):  # the dummy's marker is a real (fourth) blue ship instead
        board = state.board
        units = tuple(attrs.evolve(u, dummy=False) if u.dummy else u for u in board.units)
        return attrs.evolve(state, board=attrs.evolve(board, units=units))

    assume(check(PICKET, seed, inputs, "red1", Change("dummy or ship", start=real_ship)))


# Dardanelles: one submarine against the umpire's defences.


def dardanelles_low(game: Game, seat: str):
    """What the submarine may know: the clock and the end, the boat itself, what lies within
    hydrophone range of it, its own log and what it was told."""
    state, board = game.state, game.state.board
    near = sorted(
        (v.number, v.type.value, v.square, v.sunk) for v in board.vessels if distance(v.square, board.boat.square) <= 6
    )
    mines = board.minefields.get(board.boat.square)
    return (state.turn, state.outcome, board.boat, near, mines, state.knowledge[seat], state.told.get(seat),
            game.orders.get(seat), game.holds)


DARDANELLES = Plug("dardanelles", "b11", dardanelles_low)
COURSES = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
sub_input = st.builds(
    lambda c, s, level: {"seat": "submarine", "order": {"course": c, "speed": s, "level": level}},
    st.sampled_from(COURSES), st.integers(0, 4), st.sampled_from(["surface", "periscope", "submerged"]),
)
dardanelles_games = st.tuples(st.binary(min_size=32, max_size=32), st.lists(sub_input, min_size=1, max_size=12))


@SETTINGS
@given(dardanelles_games, st.integers(0, 25), st.integers(0, 35))
def test_dardanelles_a_far_vessel_changes_no_byte(game, x, y):
    seed, inputs = game

    def add(state):
        vessel = Vessel(number=99, type=VesselType.CAIQUE, name=None, square=(x, y))
        return attrs.evolve(state, board=attrs.evolve(state.board, vessels=(*state.board.vessels, vessel)))

    assume(check(DARDANELLES, seed, inputs, "submarine", Change("far vessel", start=add)))


def _ends(seed: bytes, inputs) -> bool:
    """Whether the submarine's orders end the game (refused orders are left out, as the host leaves them)."""
    ruleset = core.find_ruleset(DARDANELLES.ruleset)
    game = core.start(ruleset, DARDANELLES.scenario, seed)
    for given in inputs:
        try:
            game = core.submit(game, given["seat"], ruleset.parse_order(given["seat"], dict(given["order"]))).game
        except core.Refused:
            continue
        if game.state.ended:
            return True
    return False


@SETTINGS
@given(dardanelles_games, st.integers(0, 12), st.sampled_from(["A1", "Z30", "B3", "K12"]))
def test_dardanelles_the_umpires_silent_work_sends_the_seat_nothing(game, at, square):
    """An override the boat cannot sense and a narrative to the umpire's own log:
    the seat receives nothing at all for them (a bare status would tell it the umpire is busy).

    The claim is for the game in play: once it is over, the log revealed with the seed holds the
    umpire's work too, as `fogbank verify` needs it to replay the game."""
    seed, inputs = game
    assume(not _ends(seed, inputs))
    silent = [
        {"umpire": wire.Override(ref=0, override={"kind": "add_vessel", "number": 42, "vessel_type": "caique",
                                                  "square": square}, reason="a test"), "extra": True},
        {"umpire": wire.Narrate(ref=0, seat=UMPIRE, text="Note to self."), "extra": True},
    ]

    def insert(given_inputs):
        given_inputs = list(given_inputs)
        return given_inputs[:at] + silent + given_inputs[at:]

    assume(check(DARDANELLES, seed, inputs, "submarine", Change("silent umpire", inputs=insert)))


@SETTINGS
@given(picket_games, st.integers(0, 40), st.sampled_from([({}, {}), ({"move": 1}, {"move": -1})]))
def test_picket_whom_the_enemy_waits_for_is_not_told_at_all(game, at, pair):
    """red1 and red2 order one after the other, in either order: blue1 is sent the same bytes."""
    seed, inputs = game
    assume(check(PICKET, seed, *enemy_orders_either_way(inputs, at, pair)))


def enemy_orders_either_way(inputs, at, pair):
    """The inputs with red1's then red2's order at `at`, blue1 observing, and the change that
    gives them the other way round."""
    first, second = pair
    red1_first = [{"seat": "red1", "order": first, "extra": True}, {"seat": "red2", "order": second, "extra": True}]
    red2_first = red1_first[::-1]
    return ([*inputs[:at], *red1_first, *inputs[at:]], "blue1",
            Change("the enemy orders the other way round", inputs=lambda _: [*inputs[:at], *red2_first, *inputs[at:]]))


def at_eleven(name: str, sunk: bool) -> Change:
    """`name`'s ship starts at area 10, out of every other ship's sight, afloat or sunk."""
    def start(state):
        board = state.board
        units = tuple(attrs.evolve(u, area=10, hits=2 if sunk else 0) if u.name == name else u for u in board.units)
        return attrs.evolve(state, board=attrs.evolve(board, units=units))
    return Change(f"{name} {'sunk' if sunk else 'afloat'} out of sight", start=start)


# Two turns of held phases: everyone stays put and fires at nothing, the far ship's orders last,
# and the umpire releases each phase, so each resolves on the same input whether she is there to
# give hers or not (when a phase resolves is everyone's to know).
STILL = [*({"seat": s, "order": {"move": 0}} for s in ("blue1", "red1", "red2", "blue2")),
         *({"seat": s, "order": {}} for s in ("blue1", "red1", "red2", "blue2"))]


def still(far: str) -> list:
    def phase(orders):
        return [*(o for o in orders if o["seat"] != far), *(o for o in orders if o["seat"] == far), RELEASE]
    return [HOLD_ALL, *phase(STILL[:4]), *phase(STILL[4:])] * 2


@pytest.mark.parametrize("far, observer", [("red2", "blue1"), ("red2", "red1"), ("blue2", "blue1"), ("blue2", "red1")])
def test_a_ship_sunk_out_of_sight_tells_no_seat_a_thing_through_whom_the_phase_waits_for(far, observer):
    """The leak of the round before (issue 36): a seat was told how many enemy seats, and which
    of its own side's, the phase still waited for, from which ships were afloat: an enemy or a
    consort sunk out of sight showed in the count or the names."""
    assert check(PICKET, b"\x07" * 32, still(far), observer, at_eleven(far, True), base=at_eleven(far, False))


@pytest.mark.parametrize("leak, far, observer", [
    ("count", "red2", "blue1"),  # the enemy's seats still to order, counted from the truth
    ("names", "blue2", "blue1"),  # the own side's seats still to order, named from the truth
])
def test_waiting_worked_out_from_the_truth_is_caught(monkeypatch, leak, far, observer):
    """Each leak of the round before, planted back: the test above fails on it."""
    plant_waiting_from_the_truth(monkeypatch, leak)
    with pytest.raises(AssertionError, match=f"{far} sunk out of sight: .*(differs|messages in one run)"):
        check(PICKET, b"\x07" * 32, still(far), observer, at_eleven(far, True), base=at_eleven(far, False))


def test_a_seat_told_enemy_names_would_be_caught(monkeypatch):
    """The enemy-order test above fails on a planted leak: seats sent the enemy's names."""
    from fogbank.server import filter as seen_by

    monkeypatch.setattr(seen_by, "waiting_told", lambda game, seat, view=None: core.Waiting(
        tuple(sorted(game.waiting_for() - {seat}))))  # fmt: skip
    inputs, observer, change = enemy_orders_either_way([{"seat": "blue1", "order": {"move": 1}}], 0, ({"move": 1}, {"move": -1}))
    with pytest.raises(AssertionError, match="differs"):
        check(PICKET, b"\x03" * 32, inputs, observer, change)


@pytest.mark.parametrize("far, observer", [("red2", "blue1"), ("blue2", "blue1")])
def test_a_glance_answered_from_the_umpires_list_would_be_caught(monkeypatch, far, observer):
    """A browser's list of its games asks a glance for each seat (issue 37): every test above
    compares it with the rest of what the seat is sent. Planted: a seat's glance told, as the
    umpire's is, every seat whose order is not in; the far ship, sunk or not, shows in it."""
    from fogbank.server import glance
    from fogbank.server.bus import LocalSession, handle

    monkeypatch.setattr(glance, "knows_every_seat", lambda seat: True)
    asked_as_the_umpire = lambda session, message: handle(session.host, session.room, UMPIRE, message)  # noqa: E731
    monkeypatch.setattr(LocalSession, "request", asked_as_the_umpire)
    with pytest.raises(AssertionError, match=f"{far} sunk out of sight: .*differs"):
        check(PICKET, b"\x07" * 32, still(far), observer, at_eleven(far, True), base=at_eleven(far, False))


@pytest.mark.parametrize("far, observer", [("blue2", "blue1")])
def test_a_nudge_naming_whom_the_phase_waits_for_from_the_truth_would_be_caught(monkeypatch, far, observer):
    """A seat's own nudges and the club's chat are read by the seat as its stream is (issue 37):
    every test above compares them too. Planted: a seat's nudge names every seat of its side
    still to order, from the truth; the consort sunk out of sight shows in it."""
    from fogbank.server import nudges

    def from_the_truth(room, seat):
        side = {s.name: s.side for s in room.game.ruleset.seats(room.game.state)}
        awaited = sorted(s for s in room.game.waiting_for() if s != seat and side[s] == side[seat])
        return f" Also to order: {', '.join(awaited)}." if awaited else ""

    monkeypatch.setattr(nudges, "_consorts", from_the_truth)
    with pytest.raises(AssertionError, match=f"{far} sunk out of sight: nudge .* differs"):
        check(PICKET, b"\x07" * 32, still(far), observer, at_eleven(far, True), base=at_eleven(far, False))

"""Non-interference for battles fought in linked games: a seat whose fleet does not fight is sent
the same bytes whether the battle is linked to another game or the link fails (a seat that
fights is told its link, so the comparison could fail); in the battle's own game, the enemy's
damage kept in the game's engagement is not in a seat's bytes, its game_over at the battle's
end included: the campaign goes on, so the battle's truth goes back to it, not to the seats."""

from __future__ import annotations

from unittest import mock

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fogbank import protocols as wire
from fogbank.rules import core
from fogbank.rules.core.engagement import engagement_plain
from fogbank.rules.core.plain import to_plain
from fogbank.server import engagements

from .noninterference import Change, Plug, run

RULES = core.find_ruleset("greatwar")
OPTIONS = {"battles": "hex"}


def low(game: core.Game, seat: str):
    """The seat's own view and what it was told: all the parent game lets it know."""
    return to_plain((RULES.observe(game.state, seat, since=1), game.state.told.get(seat), game.cycle.value))


PLUG = Plug("greatwar", "black_sea", low, OPTIONS)


def to_first_battle(seed: bytes):
    """The bots' orders up to the first battles handed over, and those battles (none if none)."""
    game = core.start(RULES, "black_sea", seed, OPTIONS)
    bots = {s: RULES.bot("black_sea", s, to_plain(RULES.chart(game.state, s))) for s in RULES.seat_names(game.state)}
    inputs = []
    while not game.awaiting and not game.state.ended:
        seat = sorted(game.waiting_for())[0]
        order = bots[seat].order(to_plain(RULES.observe(game.state, seat)))
        inputs.append({"seat": seat, "order": order})
        game = core.submit(game, seat, RULES.parse_order(seat, order)).game
    return inputs, list(RULES.engagements(game.state).values())


def unlinked(engagement, parent):
    raise core.Refused("bad_engagement", "No ruleset here can fight that battle.")


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.binary(min_size=32, max_size=32))
def test_whether_a_battle_is_linked_sends_a_seat_that_does_not_fight_nothing(seed):
    inputs, battles = to_first_battle(seed)
    assume(battles)
    battle = battles[0]
    fighting = {s for b in battles for s in b.seats()}
    idle = [s for s in RULES.seat_names(core.start(RULES, "black_sea", seed, OPTIONS).state) if s not in fighting]
    assume(idle)
    # one more input while the game waits: the umpire's word to a seat that fights
    inputs = [*inputs, {"umpire": wire.Narrate(ref=1, seat=battle.seats()[0], text="Steady.")}]
    for observer in (idle[0], battle.seats()[0]):
        linked = run(PLUG, seed, inputs, observer, Change("linked"))
        with mock.patch.object(engagements.core, "host_for", unlinked):
            failed = run(PLUG, seed, inputs, observer, Change("link failed"))
        assert linked.lows == failed.lows
        if observer in battle.seats():  # told its link in one run only: the comparison can fail
            assert linked.sent != failed.sent
        else:
            assert linked.sent == failed.sent


def _battle(enemy_hits: int) -> core.Engagement:
    return core.Engagement(id="3-sev", zone="Sevastopol", day=True, parties=(
        core.Party(side="central", seats=("souchon",), ships=(
            core.EngagedShip(name="Yavuz Sultan Selim", kind="BC", guns=(6, 3, 1), hull=8, knots=28, seat="souchon"),)),
        core.Party(side="russia", seats=("eberhardt",), ships=(
            core.EngagedShip(name="Evstafi", kind="B", guns=(4, 2, 1), hull=6, hits=enemy_hits, knots=18, seat="eberhardt"),)),
    ))


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=5))
def test_in_the_battles_game_the_enemys_damage_is_not_in_a_seats_bytes(hits):
    """The linked game keeps the whole engagement (the enemy's boxes lost too) as its option; the
    welcome, its scenario id, the first snapshot and the game_over at its end (the seat's own
    record and all) tell the seat nothing of it."""
    seed = b"e" * 32

    def plug(engagement):
        return Plug("salvo", "", lambda game, seat: None, {"engagement": engagement_plain(engagement)}, log_unsealed=False)

    inputs = [{"umpire": wire.Release(ref=1)}]
    fresh, hurt = (run(plug(_battle(n)), seed, inputs, "souchon", Change("hits")) for n in (0, hits))
    assert any(isinstance(m, str) and '"game_over"' in m for m in fresh.sent)  # the end is among the bytes compared
    assert fresh.sent == hurt.sent
    assert run(plug(_battle(0)), seed, inputs, "eberhardt").sent != run(plug(_battle(hits)), seed, inputs, "eberhardt").sent

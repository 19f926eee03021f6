"""A battle handed over by another game: built as an open-sea Salvo game, played by the bots to its
end, and given back as the neutral result."""

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core.engagement import engagement_plain
from fogbank.rules.core.plain import to_plain
from fogbank.rules.salvo import hexes

SALVO = core.find_ruleset("salvo")


def battle(day=True, hits=1):
    return core.Engagement(id="3-sev", zone="Off Sevastopol", day=day, turn=3, parties=(
        core.Party(side="turkey", seats=("souchon",), ships=(
            core.EngagedShip(name="Yavuz", kind="BC", guns=(6, 3, 1), hull=8, hits=hits, knots=28, seat="souchon"),
            core.EngagedShip(name="Midilli", kind="CL", guns=(0, 2, 1), hull=3, knots=28, torpedoes=True, seat="souchon"))),
        core.Party(side="russia", seats=("eberhardt",), ships=(
            core.EngagedShip(name="Evstafi", kind="B", guns=(4, 2, 1), hull=6, knots=16, seat="eberhardt"),
            core.EngagedShip(name="Zharkiy", kind="DD", guns=(0, 0, 1), hull=1, knots=26, torpedoes=True, seat="eberhardt"))),
    ))


def start(engagement, seed=b"s" * 32):
    return core.start(SALVO, "", seed, {"engagement": engagement_plain(engagement)})


def play_out(game):
    bots = {s: SALVO.bot(game.state.scenario, s, to_plain(SALVO.chart(game.state, s))) for s in SALVO.seat_names(game.state)}
    for _ in range(1000):
        if game.state.ended:
            return game
        waiting = sorted(game.waiting_for())
        if not waiting:
            game = core.release(game).game
            continue
        seat = waiting[0]
        payload = bots[seat].order(to_plain(SALVO.observe(game.state, seat)))
        try:
            order = SALVO.parse_order(seat, payload)
            SALVO.check_order(game.state, seat, order)
        except core.Refused:
            order = SALVO.standing_order(game.state, seat)
        game = core.submit(game, seat, order).game
    raise AssertionError("the battle never ended")


def test_the_engagement_becomes_an_open_sea_game_with_the_parents_seats():
    game = start(battle())
    units = {u.name: u for u in game.state.board.units}
    assert SALVO.seat_names(game.state) == ("souchon", "eberhardt")
    assert {u.seat for u in units.values() if u.side == "turkey"} == {"souchon"}
    yavuz, evstafi = units["Yavuz"], units["Evstafi"]
    assert (yavuz.kind, yavuz.attack, yavuz.secondary, yavuz.range, yavuz.max_speed) == ("capital", 9, 3, 18, 6)
    assert evstafi.max_speed == 3 and units["Midilli"].torpedoes == 1 and units["Zharkiy"].torpedoes == 2
    assert yavuz.w + yavuz.s == 0  # one box of eight is less than one of Salvo's six hits
    assert hexes.distance(yavuz.hex, evstafi.hex) == 12
    chart = SALVO.chart(game.state, "souchon")
    assert set("".join(chart["terrain"])) == {"."}


def test_by_night_the_fleets_meet_close():
    game = start(battle(day=False))
    units = {u.name: u for u in game.state.board.units}
    assert hexes.distance(units["Yavuz"].hex, units["Evstafi"].hex) == 4
    assert game.state.board.visibility == 4


def test_the_same_battle_and_seed_build_the_same_game_and_the_id_tells_nothing_of_the_battle():
    one, two = start(battle()), start(battle())
    assert one.state.scenario == two.state.scenario and one.state.board == two.state.board
    assert start(battle(hits=2), b"t" * 32).state.scenario == start(battle(), b"t" * 32).state.scenario
    assert start(battle(), b"u" * 32).state.scenario != one.state.scenario


@pytest.mark.parametrize("seed", [b"a" * 32, b"b" * 32])
def test_played_to_its_end_the_result_names_every_ship(seed):
    game = play_out(start(battle(), seed))
    result = SALVO.engagement_result(game.state)
    assert {s.name for s in result.ships} == {"Yavuz", "Midilli", "Evstafi", "Zharkiy"}
    units = {u.name: u for u in game.state.board.units}
    for outcome in result.ships:
        assert outcome.sunk == units[outcome.name].sunk
        assert 0 <= outcome.lost <= {"Yavuz": 7, "Midilli": 3, "Evstafi": 6, "Zharkiy": 1}[outcome.name]
    assert result.summary.startswith("The battle in Off Sevastopol: ")


def test_a_ship_may_steam_off_any_edge_and_her_side_has_left_the_field():
    game = start(battle())
    board = game.state.board
    gone = tuple(attrs.evolve(u, exited=True) if u.side == "russia" else u for u in board.units)
    ended = attrs.evolve(game.state, board=attrs.evolve(board, units=gone), outcome=core.Outcome({}, "Gone."))
    assert SALVO.engagement_result(ended).left == ("russia",)


def test_a_malformed_engagement_is_refused_with_a_code():
    plain = engagement_plain(battle())
    plain["parties"][1]["side"] = "turkey"
    with pytest.raises(core.Refused) as refused:
        core.start(SALVO, "", b"s" * 32, {"engagement": plain})
    assert refused.value.code == "bad_engagement"
    with pytest.raises(core.Refused) as refused:
        core.start(SALVO, "", b"s" * 32, {"engagement": {"id": 3}})
    assert refused.value.code == "bad_engagement"


def test_the_game_a_game_started_is_unwilling_to_settle_what_it_never_handed_out():
    with pytest.raises(core.Refused) as refused:
        core.settle(start(battle()), "3-sev", {"ships": []})
    assert refused.value.code == "unknown_engagement"


def test_weapons_hits_go_back_as_gun_factors_lost_a_third_of_the_fire_each():
    game = start(battle(hits=1))  # one box of eight: Yavuz comes in with no Salvo hit
    board = game.state.board
    hit = tuple(attrs.evolve(u, w=1) if u.name == "Yavuz" else attrs.evolve(u, w=3) if u.name == "Evstafi" else u
                for u in board.units)
    ended = attrs.evolve(game.state, board=attrs.evolve(board, units=hit), outcome=core.Outcome({}, "Over."))
    result = SALVO.engagement_result(ended)
    assert result.of("Yavuz").guns_lost == (2, 1, 1)  # 6-3-1 firing two thirds: 4-2-0
    assert result.of("Evstafi").guns_lost == (4, 2, 1)  # three W hits: every gun silent
    assert result.of("Midilli").guns_lost == (0, 0, 0)
    plain = core.engagement.result_plain(result)
    assert core.engagement.result_from_plain(plain) == result

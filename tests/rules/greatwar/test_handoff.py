"""Battles handed to the surface hex game (option battles=hex): the contact phase waits on the
battle's result, the seats that fight are told, the result is applied and the game goes on."""

import re

import pytest

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.simulate import game_seed, play_bot_game
from fogbank.rules.record.verify import verify_records

from .table import SEA, load_dice

RULES = core.find_ruleset("greatwar")


def to_battle(seed=b"h" * 32, battles="hex"):
    """A Black Sea game played by its bots until a battle is handed over (or the turn limit)."""
    game = core.start(RULES, "black_sea", seed, {"battles": battles})
    bots = {s: RULES.bot("black_sea", s, to_plain(RULES.chart(game.state, s))) for s in RULES.seat_names(game.state)}
    while not game.awaiting and not game.state.ended:
        seat = sorted(game.waiting_for())[0]
        game = core.submit(game, seat, RULES.parse_order(seat, bots[seat].order(to_plain(RULES.observe(game.state, seat))))).game
    return game


def one_battle(game):
    """The game with every battle of the turn but the first settled at no loss, and that first one."""
    names = sorted(RULES.engagements(game.state))
    for name in names[1:]:
        game = core.settle(game, name, {"ships": [], "left": [], "summary": "Both sides drew off."}).game
    return game, RULES.engagements(game.state)[names[0]]


def news(game, seat):
    """The news of its own side a seat's view shows (the seat keeps it in its intel)."""
    return [n["text"] for n in to_plain(RULES.observe(game.state, seat, since=1))["news"]]


def test_the_option_is_offered_and_the_board_is_the_default():
    option = RULES.options("black_sea")["battles"]
    assert (option.default, option.choices) == ("board", ("board", "hex"))
    game = to_battle(battles="board")
    assert not game.awaiting


def test_contact_holds_the_contact_phase_until_the_battle_is_settled():
    game, battle = one_battle(to_battle())
    assert game.state.phase == "contact" and not game.to_act() and game.cycle is core.Cycle.ORDERS
    assert {p.side for p in battle.parties} == {"central", "russia"}
    for seat in RULES.seat_names(game.state):  # news of the side's own fleets, as a mine struck is
        assert any(f"is in battle in {battle.zone}" in t for t in news(game, seat)), seat
    with pytest.raises(core.Refused) as refused:
        core.release(game)
    assert refused.value.code == "awaiting_battle"
    with pytest.raises(core.Refused) as refused:
        core.submit(game, "souchon", {"fleets": {}})
    assert refused.value.code == "not_your_turn"


def test_the_result_is_applied_and_the_next_orders_phase_opens():
    game, battle = one_battle(to_battle())
    turn = game.state.turn
    victim = battle.parties[1].ships[0]
    wounded = battle.parties[0].ships[0]
    result = {"ships": [{"name": victim.name, "lost": victim.hull - victim.hits, "sunk": True},
                        {"name": wounded.name, "lost": 1, "sunk": False}], "left": [], "summary": "A hard fight."}
    step = core.settle(game, battle.id, result)
    after = step.game
    assert (after.state.turn, after.state.phase) == (turn + 1, "orders") and after.to_act()
    assert not RULES.engagements(after.state)
    assert all(victim.name not in f.ships for f in after.state.board.fleets)
    assert after.state.board.ships[wounded.name].hits >= wounded.hits  # damage control may mend the box
    enemy_seats = battle.parties[0].seats
    assert any(r["source"] == "battle" and victim.name in r["text"]
               for seat in enemy_seats for r in RULES.observe(after.state, seat, since=1)["reports"])


def test_guns_lost_in_the_hex_battle_come_back_as_gun_boxes(monkeypatch):
    load_dice(monkeypatch, {r"damage control|port repair": (6,)})  # nothing mended before we look
    game, battle = one_battle(to_battle())
    ship = battle.parties[0].ships[0]
    result = {"ships": [{"name": ship.name, "lost": 0, "sunk": False, "guns_lost": [1, 0, 1]}], "left": [], "summary": "Shots."}
    after = core.settle(game, battle.id, result).game
    kept = after.state.board.ships[ship.name]
    assert kept.guns_lost == tuple(min(g, n) for g, n in zip(SEA.ships[ship.name].guns, (1, 0, 1)))
    assert any(kept.guns_lost)


def test_a_bad_result_is_refused_and_the_game_still_waits():
    game, battle = one_battle(to_battle())
    name = battle.id
    for result, code in (({"ships": [{"name": "Queen Mary", "lost": 1}]}, "bad_engagement_result"),
                         ({"ships": "all of them"}, "bad_engagement_result"),
                         ({"ships": [], "left": ["britain"]}, "bad_engagement_result")):
        with pytest.raises(core.Refused) as refused:
            core.settle(game, name, result)
        assert refused.value.code == code
    with pytest.raises(core.Refused) as refused:
        core.settle(game, "1-nowhere", {"ships": []})
    assert refused.value.code == "unknown_engagement"
    assert game.awaiting


def test_the_umpire_settles_an_abandoned_battle_by_override():
    game, battle = one_battle(to_battle())
    name = battle.id
    with pytest.raises(core.Refused):
        core.override(game, {"settle": name, "result": {"ships": []}}, " ")
    step = core.override(game, {"settle": name, "result": {"ships": [], "summary": "Both sides drew off."}},
                         "the hex game was abandoned")
    assert step.events[0].kind == "override" and step.events[0].what == f"settle {name}"
    assert not step.game.awaiting and step.game.state.phase == "orders"


def test_a_simulated_game_with_hex_battles_runs_to_its_end_and_verifies():
    records = list(play_bot_game("black_sea", game_seed("hex", 0), options={"battles": "hex"}))
    settles = [r for r in records if r.get("input") == "settle"]
    assert settles and records[-1]["results"] and "simulation stopped" not in records[-1]["reason"]
    assert verify_records(records) > 0


def test_a_ports_batteries_fire_before_a_battle_in_its_zone_is_handed_over(monkeypatch):
    """Rule 10 with battles=hex: the hex game has no forts, so the port's guns fire at the enemy
    in its zone as they would at a bombarding fleet, before the battle goes over."""
    import attrs

    from .table import moved, plot

    load_dice(monkeypatch, {r"/contact/": (6,), r"strategic event": (3, 3), r"/mine/": (6,), r"^1/battery/sevastopol$": (6,),
                            r"battery/sevastopol/\d$": (6,), r"aerial": (1,)})
    game = core.start(RULES, "black_sea", b"p" * 32, {"battles": "hex"})
    game = attrs.evolve(game, state=moved("mittelmeer", "west_central")(game.state))
    game = plot(game, {"mittelmeer": {"mission": "raid", "path": ["sevastopol"]}})
    assert game.awaiting and game.state.board.batteries == {"sevastopol": 3}
    assert game.state.board.ships["Yavuz Sultan Selim"].hits + game.state.board.ships["Midilli"].hits == 3
    assert any("The shore batteries of Sevastopol hit" in t for t in news(game, "souchon"))


def test_a_fleet_holding_the_field_in_a_port_draws_the_batteries_again_with_dice_of_their_own(monkeypatch):
    """With battles=hex a port's guns fire once before the battle goes over and again at the
    bombardment of a fleet that held the field: two volleys, each die keyed apart."""
    import attrs

    from .table import changed, fleet_is, moved

    one_gun_missing = {r"^1/battery/sevastopol$": (2,), r"battery/sevastopol/.*\d$": (1,)}
    load_dice(monkeypatch, {r"/contact/": (6,), r"strategic event": (3, 3), r"/mine/": (6,), r"aerial": (1,),
                            **one_gun_missing})
    game = core.start(RULES, "black_sea", b"p" * 32, {"battles": "hex"})
    start = changed(moved("mittelmeer", "sevastopol"), fleet_is("mittelmeer", mission="bombard"))
    game = attrs.evolve(game, state=start(game.state))
    rolls = []
    for seat in sorted(RULES.seats_to_act(game.state)):
        step = core.submit(game, seat, RULES.parse_order(seat, {"fleets": {}}))
        rolls += step.rolls
        game = step.game
    (name,) = RULES.engagements(game.state)
    step = core.settle(game, name, {"ships": [], "left": ["russia"], "summary": "The Russians drew off."})
    rolls += step.rolls
    keys = [r.key for r in rolls]
    assert len([k for k in keys if re.fullmatch(r"1/battery/sevastopol/.*\d", k)]) == 2  # a gun, twice
    assert len(keys) == len(set(keys))
    assert any("Yavuz and Midilli bombards Sevastopol: 4 points." in t for t in news(step.game, "souchon"))

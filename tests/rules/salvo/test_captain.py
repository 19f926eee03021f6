"""The built-in captain uses the fog-of-war tools the rules give it: dummies, smoke, searchlights,
and every order it writes is one the rules take."""

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain

RULES = core.find_ruleset("salvo")


def _captain(game, seat):
    return RULES.bot(game.state.scenario, seat, to_plain(RULES.chart(game.state, seat)))


def _to_movement(game):
    while game.state.phase != "movement":
        orders = {seat: RULES.parse_order(seat, _captain(game, seat).order(to_plain(RULES.observe(game.state, seat))))
                  for seat in game.to_act()}
        for seat, order in orders.items():
            game = core.submit(game, seat, order).game
    return game


def test_the_allied_captain_sends_dummies_out_with_his_battleships_and_the_order_is_taken():
    game = _to_movement(core.start(RULES, "gallipoli", bytes(32)))
    view = to_plain(RULES.observe(game.state, "third_line"))
    order = _captain(game, "third_line").order(view)
    capitals = {s["hex"] for s in view["ships"] if s["kind"] == "capital"}
    assert order["dummies"] and all(d["hex"] in capitals for d in order["dummies"])
    core.submit(game, "third_line", RULES.parse_order("third_line", order))  # refused orders raise


def test_a_side_without_dummies_places_none():
    game = _to_movement(core.start(RULES, "gallipoli", bytes(32)))
    view = to_plain(RULES.observe(game.state, "forts"))
    assert "dummies" not in _captain(game, "forts").order(view)


def test_screens_lay_smoke_beside_a_damaged_capital_ship_while_an_enemy_is_in_sight():
    captain = _captain(core.start(RULES, "gallipoli", bytes(32)), "third_line")
    ship = dict(id="B1", kind="capital", hex="1010", w=1, sunk=False, exited=False)
    screen = dict(id="DD1", kind="screen", hex="1011", w=0, sunk=False, exited=False)
    far = dict(screen, id="DD2", hex="1510")
    enemy = [dict(label=4, hex="1505", friendly=False, detected=True, kind="fort")]
    view = {"ships": [ship, screen, far], "contacts": enemy}
    assert captain._smoke(view, enemy) == ["DD1"]
    assert captain._smoke(view, [dict(enemy[0], detected=False)]) == []
    assert captain._smoke({**view, "ships": [dict(ship, w=0), screen]}, enemy) == []


def test_at_night_a_ship_without_radar_turns_its_searchlight_on_a_near_enemy():
    game = core.start(RULES, "cape_esperance", bytes(32))
    seat = next(s for s in RULES.seat_names(game.state) if any(
        u["searchlight"] for u in to_plain(RULES.observe(game.state, s))["ships"]))
    captain = _captain(game, seat)
    lamp = next(u for u in to_plain(RULES.observe(game.state, seat))["ships"] if u["searchlight"])
    lamp = dict(lamp, radar=None, sunk=False, exited=False)
    near = dict(label=7, hex=lamp["hex"], friendly=False, detected=False, kind="marker")
    assert captain._searchlights({"ships": [lamp], "contacts": [near]}, set()) == {lamp["id"]: 7}
    assert captain._searchlights({"ships": [lamp], "contacts": [near]}, {lamp["id"]}) == {}
    assert captain._searchlights({"ships": [dict(lamp, radar="SG")], "contacts": [near]}, set()) == {}

"""The standard captain plays from its seat's chart, briefing, options and luck, and then its views
alone; every order it writes is one the rules take; it uses the rules its scenario offers: dummies
beside its capital ships, smoke when outgunned, starshells and searchlights at night, fire across
the peninsula with a spotter, secret mines that vary with its luck; at Cape Esperance the
Americans guard the bombardment line, Goto shells from it, and turning away keeps clear."""

import pytest

from fogbank.rules import core
from fogbank.rules.core import players
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.simulate import game_seed, seat_players

RULES = core.find_ruleset("salvo")


def captains(game, luck_of=None):
    found = seat_players(game, {})
    if luck_of:
        for seat, bot in found.items():
            seating = players.Seating("salvo", game.state.scenario, seat, bot.side, to_plain(RULES.chart(game.state, seat)),
                                      to_plain(RULES.briefing(game.state, seat)), to_plain(game.state.options), luck_of(seat))
            found[seat] = players.find_policy("salvo", game.state.scenario, bot.side, "standard").make(seating)
    return found


def play(scenario, seed, turns, options=None, until=None):
    """Play with standard captains; every order must be taken as written. Yields (game, seat, order)."""
    game = core.start(RULES, scenario, seed, options)
    bots = captains(game)
    while not game.state.ended and game.state.turn <= turns:
        if not game.waiting_for():  # nobody acts in the phase the game opened on: the umpire opens play
            game = core.release(game).game
        for seat in sorted(game.waiting_for()):
            order = bots[seat].order(to_plain(RULES.observe(game.state, seat)))
            refused = RULES.order_refusals(game.state, seat, RULES.parse_order(seat, order))
            assert not refused, (seat, game.state.turn, game.state.phase, order, [r.sentence for r in refused])
            yield game, seat, order
            game = core.submit(game, seat, RULES.parse_order(seat, order)).game
            break


@pytest.mark.parametrize("scenario, turns", [("gallipoli", 8), ("cape_esperance", 6), ("dogger_bank", 5)])
def test_every_order_the_captain_writes_is_taken_as_written(scenario, turns):
    orders = [order for _, _, order in play(scenario, game_seed("captain", 1), turns)]
    assert any(o.get("moves") for o in orders) and any(o.get("fire") for o in orders)


def test_the_allied_captains_use_dummies_smoke_and_fire_across_the_peninsula():
    used = set()
    for n in range(3):
        for _game, _seat, order in play("gallipoli", game_seed("captain", n), 12):
            used |= {key for key in ("dummies", "smoke") if order.get(key)}
            used |= {"spotter" for fire in order.get("fire", {}).values() if "spotter" in fire}
    assert used == {"dummies", "smoke", "spotter"}


def test_at_night_the_captains_fire_starshells_and_turn_on_searchlights():
    used = set()
    for _game, _seat, order in play("cape_esperance", game_seed("captain", 2), 8):
        used |= {key for key in ("starshells", "searchlights") if order.get(key)}
    assert used == {"starshells", "searchlights"}


def test_the_turkish_mines_vary_with_the_players_luck_and_only_with_it():
    game = core.start(RULES, "gallipoli", bytes(32))
    view = to_plain(RULES.observe(game.state, "forts"))
    laid = {tuple(captains(game, lambda seat, luck=luck: luck)["forts"].order(view)["mines"]) for luck in range(12)}
    assert len(laid) >= 3
    again = {tuple(captains(game, lambda seat: 5)["forts"].order(view)["mines"]) for _ in range(3)}
    assert len(again) == 1


def test_the_turkish_mines_go_where_they_did_best_most_often_and_never_into_eren_keui_bay():
    """The places are weighted by how well each did (docs/balance.md, "gallipoli"): the Kephez
    fields' one low gap and the east lane above it, which ships must steam through, carry a mine in
    most games; Eren Keui Bay, no better than random orders, none; and still a mix of places."""
    game = core.start(RULES, "gallipoli", bytes(32))
    view = to_plain(RULES.observe(game.state, "forts"))
    orders = [captains(game, lambda seat, luck=luck: luck)["forts"].order(view) for luck in range(300)]
    laid = [set(order["mines"]) for order in orders]
    assert not any(mines & {"2009", "2110"} for mines in laid)
    assert sum(1 for mines in laid if mines & {"2305", "2303", "2302"}) >= 0.75 * len(laid)
    assert len({frozenset(mines) for mines in laid}) >= 6
    for order in {tuple(o["mines"]): o for o in orders}.values():
        assert not RULES.order_refusals(game.state, "forts", RULES.parse_order("forts", order))


def test_no_ship_sits_dead_in_the_water_when_it_can_steam():
    for game, seat, order in play("dogger_bank", game_seed("captain", 3), 4):
        view = to_plain(RULES.observe(game.state, seat))
        able = {s["id"] for s in view["ships"] if s["max_speed"] and s["kind"] != "fort" and not s["sunk"] and not s["exited"]}
        for uid, path in order.get("moves", {}).items():
            assert uid not in able or "F" in path, (uid, path)


def _first_moves(scenario, seat, seed, policies=None):
    """The truth as the first movement phase opens, and `seat`'s moves in it."""
    game = core.start(RULES, scenario, seed)
    bots = captains(game)
    for other, name in (policies or {}).items():
        side, state = bots[other].side, game.state
        seating = players.Seating("salvo", scenario, other, side, to_plain(RULES.chart(state, other)),
                                  to_plain(RULES.briefing(state, other)), to_plain(state.options), 0)
        bots[other] = players.find_policy("salvo", scenario, side, name).make(seating)
    while True:
        if not game.waiting_for():
            game = core.release(game).game
        seat_now = sorted(game.waiting_for())[0]
        order = bots[seat_now].order(to_plain(RULES.observe(game.state, seat_now)))
        if seat_now == seat and game.state.phase == "movement":
            return game.state, order["moves"]
        game = core.submit(game, seat_now, RULES.parse_order(seat_now, order)).game


def test_at_cape_esperance_the_american_cruisers_wait_off_the_bombardment_line_while_goto_is_far():
    # Goto enters far to the north-west: Scott's cruisers steam for their station off the middle
    # of the line he must shell from, not at him (chasing a wanderer lost ships to its torpedoes).
    from fogbank.rules.salvo import hexes, movement
    from fogbank.rules.salvo.bot.plans import Guard
    from fogbank.rules.salvo.scenario import for_options

    scenario = for_options("cape_esperance", False)
    line = scenario.victory.bombardment.hexes
    station = Guard.station(Guard.__new__(Guard), line)
    for n in range(2):
        state, moves = _first_moves("cape_esperance", "scott", game_seed("captain", n))
        units = {u.id: u for u in state.board.units}
        goto = [u.hex for u in units.values() if u.side == "japan" and u.kind == "capital"]
        for uid, path in moves.items():
            ship = units[uid]
            if ship.kind != "capital":
                continue
            end = movement.trace(scenario, ship, path)[0][-1]
            assert hexes.distance(end, station) < hexes.distance(ship.hex, station), (n, uid, path)
            nearest = [min(hexes.distance(h, j) for j in goto) for h in (ship.hex, end)]
            assert nearest[1] >= nearest[0], (n, uid, path)


def test_at_cape_esperance_goto_shells_henderson_field_and_turning_away_keeps_clear_of_savo():
    from fogbank.rules.record import arena
    from fogbank.rules.salvo import hexes, movement
    from fogbank.rules.salvo.scenario import for_options

    shelled = []
    arena.play("salvo/cape_esperance", "captain", 0, log=shelled.append)
    told = [r["audience"] for r in shelled if r.get("what") == "bombardment"]
    assert ["desdiv11", "goto", "umpire"] in told  # Goto's cruisers reach the line and shell the field
    scenario = for_options("cape_esperance", False)
    savo = hexes.parse("2409")
    state, moves = _first_moves("cape_esperance", "goto", game_seed("captain", 0), {"goto": "turn_away"})
    for uid, path in moves.items():
        ship = next(u for u in state.board.units if u.id == uid)
        end = movement.trace(scenario, ship, path)[0][-1]
        assert hexes.distance(end, savo) > hexes.distance(ship.hex, savo), (uid, path)

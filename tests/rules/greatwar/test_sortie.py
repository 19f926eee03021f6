"""A sortie as the rules carry it out: zone by zone with contact first, the mission fixed for the
sortie, and what each mission achieves and costs."""

import re

import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused, submit

from .table import RULES, SEA, changed, fleet_is, load_dice, mined, moved, opened, plot

QUIET = {r"/contact/": (1,), r"/mine/": (6,), r"aerial": (1,), r"strategic event": (3, 3), r"raid/": (1,)}


def news(game, seat):
    return [n["text"] for n in RULES.observe(game.state, seat, since=1)["news"]]


def reports(game, seat, source=None):
    return [r for r in RULES.observe(game.state, seat, since=1)["reports"] if source in (None, r["source"])]


def refusal(game, seat, payload) -> str:
    with pytest.raises(Refused) as refused:
        submit(game, seat, RULES.parse_order(seat, payload))
    return refused.value.code


def rolled(record, pattern):
    return [r for r in record if r.kind == "roll" and pattern in r.roll.key] if record and hasattr(record[0], "kind") else []


# -- zone by zone, contact first -----------------------------------------------------------------


def test_contact_in_the_first_zone_stops_a_fleet_before_it_enters_the_mined_second(monkeypatch):
    """The Ottoman cruisers, met in the Bosporus, never enter the field the Russians laid off it:
    no mine rolled, no news of one, no raider placed there."""
    load_dice(monkeypatch, {**QUIET, r"/contact/": (6,), r"/mine/": (1,)})
    start = changed(moved("kreisera", "bosporus"), mined("southwest", "russia", 6))
    game = core.start(RULES, "black_sea", bytes(32))
    game = opened(change=start)
    steps = []
    for seat in sorted(RULES.seats_to_act(game.state)):
        own = {"cruisers": {"mission": "raid", "path": ["bosporus", "southwest"]}} if seat == "ottoman" else {}
        step = submit(game, seat, RULES.parse_order(seat, {"fleets": own}))
        steps.append(step)
        game = step.game
    keys = [r.key for s in steps for r in s.rolls]
    assert not any("mine/cruisers/southwest" in k for k in keys)
    assert not any("strikes a mine" in text for text in news(game, "ottoman"))
    cruisers = game.state.board.fleet("cruisers")
    assert cruisers is None or cruisers.zone == "bosporus"
    assert all(r["zone"] != "southwest" for r in reports(game, "flotilla", "raider"))


def test_a_fleet_not_stopped_sails_on_into_its_second_zone_and_rolls_for_its_mines_there(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"/mine/": (1,)})
    game = opened(change=mined("southwest", "russia", 6))
    game = plot(game, {"cruisers": {"mission": "raid", "path": ["bosporus", "southwest"]}})
    assert any("strikes a mine in Off the Bosporus" in text for text in news(game, "ottoman"))


# -- a mission fixed for the sortie ----------------------------------------------------------------


def test_a_fleet_at_sea_keeps_the_mission_it_sailed_on_and_changes_it_in_port():
    game = opened(change=moved("cruisers", "southwest"))
    assert refusal(game, "ottoman", {"fleets": {"cruisers": {"mission": "intercept", "path": []}}}) == "mission_fixed"
    submit(game, "ottoman", RULES.parse_order("ottoman", {"fleets": {"torpedo": {"mission": "intercept", "path": []}}}))


# -- escorts ----------------------------------------------------------------------------------------


def test_an_escort_needs_a_charge_beside_it_and_sails_with_it(monkeypatch):
    load_dice(monkeypatch, QUIET)
    game = opened(change=moved("mittelmeer", "eregli"))
    assert refusal(game, "souchon", {"fleets": {"minelayer": {"mission": "escort", "path": []}}}) == "bad_escort"
    assert refusal(game, "souchon", {"fleets": {"mittelmeer": {"mission": "escort", "escort": "cruisers"}}}) == "bad_escort"
    escort = {"mission": "escort", "escort": "coal"}
    game = opened(change=changed(moved("mittelmeer", "eregli"), fleet_is("mittelmeer", mission="escort")))
    assert refusal(game, "souchon", {"fleets": {"mittelmeer": {**escort, "path": ["bosporus"]}}}) == "bad_path"
    game = plot(game, {"mittelmeer": escort, "coal": {"mission": "transport", "path": ["bosporus"]}})
    assert game.state.board.fleet("mittelmeer").zone == game.state.board.fleet("coal").zone == "bosporus"
    game = plot(game, {"coal": {"mission": "transport", "path": ["constantinople"]}})  # left out, it follows
    assert game.state.board.fleet("mittelmeer").zone == "constantinople"


def test_an_escort_whose_charge_is_gone_returns_to_port(monkeypatch):
    load_dice(monkeypatch, QUIET)
    game = opened(change=changed(moved("mittelmeer", "bosporus"), fleet_is("mittelmeer", mission="escort", escorting="coal"),
                                 moved("coal", "sinop")))
    game = plot(game, {})
    assert game.state.board.fleet("mittelmeer").returning
    assert any("has lost the fleet it escorted" in text for text in news(game, "souchon"))


def test_an_escort_out_of_fuel_follows_its_charge_one_zone_only(monkeypatch):
    """Rule 4: a fleet with a ship out of fuel moves a zone a turn, an escort as much as any."""
    import attrs

    def bunkers_empty(state):
        destroyers = state.board.fleet("torpedo").ships
        ships = {n: attrs.evolve(s, fuel_used=SEA.ships[n].fuel) if n in destroyers else s
                 for n, s in state.board.ships.items()}
        return attrs.evolve(state, board=attrs.evolve(state.board, ships=ships))
    load_dice(monkeypatch, QUIET)
    start = changed(moved("cruisers", "bosporus"), fleet_is("cruisers", mission="bombard"),
                    moved("torpedo", "bosporus"), fleet_is("torpedo", mission="escort", escorting="cruisers"),
                    bunkers_empty)
    game = plot(opened(change=start), {"cruisers": {"mission": "bombard", "path": ["varna", "danube"]}})
    board = game.state.board
    assert board.fleet("cruisers").zone == "danube" and board.fleet("torpedo").zone == "varna"


def test_an_escort_whose_charge_a_rogue_mine_sinks_turns_home_before_the_next_orders(monkeypatch):
    """The random event comes after the turn's battles: a collier it sinks leaves its escort with
    nothing to escort in the very orders phase that follows, not a turn later."""
    load_dice(monkeypatch, {r"^2/strategic event$": (1, 1), r"^2/strategic event/side$": (1,),
                            r"rogue mine/": (1,), **QUIET})  # the colliers, first by id; their one ship
    start = changed(moved("coal", "bosporus"), fleet_is("coal", ships=("Irmingard",)),
                    moved("torpedo", "bosporus"), fleet_is("torpedo", mission="escort", escorting="coal"))
    game = opened(change=start)
    game = plot(game, {})
    assert game.state.board.fleet("coal") is None
    escort = game.state.board.fleet("torpedo")
    assert escort.returning and escort.escorting is None
    assert any("has lost the fleet it escorted" in text for text in news(game, "ottoman"))
    game = plot(game, {})
    assert game.state.board.fleet("torpedo").zone == "constantinople"


# -- bombardment --------------------------------------------------------------------------------------


def bombarding(game_change, fleet_id, zone):
    return changed(game_change, moved(fleet_id, zone), fleet_is(fleet_id, mission="bombard"))


def test_a_base_scores_for_its_first_bombardment_only(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"battery/": (1,)})
    game = opened(change=bombarding(lambda s: s, "cruisers", "batum"))
    game = plot(game, {})
    assert game.state.board.points["central"] == 2
    game = opened(change=changed(bombarding(lambda s: s, "cruisers", "batum"),
                                 lambda s: __import__("attrs").evolve(s, board=__import__("attrs").evolve(s.board, bombarded=("batum",)))))
    game = plot(game, {})
    assert game.state.board.points["central"] == 0
    assert any("again" in text for text in news(game, "ottoman"))


def test_destroyers_cannot_bombard_a_port_and_only_big_guns_bombard_a_major_base(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"battery/": (1,)})
    game = plot(opened(change=bombarding(lambda s: s, "torpedo", "batum")), {})
    assert game.state.board.points["central"] == 0
    game = plot(opened(change=bombarding(lambda s: s, "cruisers", "sevastopol")), {})
    assert game.state.board.points["central"] == 0
    game = plot(opened(change=bombarding(lambda s: s, "mittelmeer", "sevastopol")), {})
    assert game.state.board.points["central"] == 4


# -- raids ---------------------------------------------------------------------------------------------


def test_a_raider_on_the_enemy_coast_sinks_shipping_for_a_point_and_is_reported(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"raid/": (5,)})
    game = plot(opened(change=moved("cruisers", "crimea")), {})
    assert game.state.board.points["central"] == 1
    assert any("sinks a steamer in South Crimea" in text for text in news(game, "ottoman"))
    assert any(r["zone"] == "crimea" and "steamer" in r["text"] for r in reports(game, "eberhardt", "raider"))
    load_dice(monkeypatch, {**QUIET, r"raid/": (3,)})
    game = plot(opened(change=moved("cruisers", "crimea")), {})
    assert game.state.board.points["central"] == 0


# -- mines --------------------------------------------------------------------------------------------


def test_minelaying_needs_a_target_zone_and_the_mines_are_spent_when_laid(monkeypatch):
    load_dice(monkeypatch, QUIET)
    game = opened()
    assert refusal(game, "souchon", {"fleets": {"minelayer": {"mission": "lay mines", "path": ["bosporus"]}}}) == "bad_mines"
    assert refusal(game, "souchon", {"fleets": {"minelayer": {"mission": "lay mines", "path": [],
                                                              "mines_at": "constantinople"}}}) == "bad_mines"
    assert refusal(game, "souchon", {"fleets": {"minelayer": {"mission": "lay mines", "path": [],
                                                              "mines_at": "southwest"}}}) == "bad_mines"  # the open sea
    game = plot(game, {"minelayer": {"mission": "lay mines", "path": ["bosporus"], "mines_at": "varna"}})
    assert game.state.board.minefields[("bosporus", "central")] == 3  # nothing laid on the way
    fleet = next(f for f in RULES.observe(game.state, "souchon")["fleets"] if f["id"] == "minelayer")
    assert fleet["mines_at"] == "varna" and fleet["ships"][0]["mines"] == 2


def test_mines_laid_are_spent_and_a_major_base_loads_more(monkeypatch):
    load_dice(monkeypatch, QUIET)
    game = opened(change=moved("minelayer", "bosporus"))
    game = plot(game, {"minelayer": {"mission": "lay mines", "path": ["varna"], "mines_at": "varna"}})
    assert game.state.board.minefields[("varna", "central")] == 2
    assert game.state.board.ships["Nilufer"].mines_laid and game.state.board.fleet("minelayer").returning
    assert any("lays 2 fields in Bulgarian coast (Varna), its mines spent" in text for text in news(game, "souchon"))
    for _ in range(3):
        game = plot(game, {})
    assert game.state.board.fleet("minelayer").zone == "constantinople"
    assert not game.state.board.ships["Nilufer"].mines_laid


# -- the end ------------------------------------------------------------------------------------------


def test_a_side_with_no_ship_left_is_defeated_whatever_the_points(monkeypatch):
    import attrs
    from fogbank.rules.greatwar.missions import _outcome
    from fogbank.rules.greatwar.turn import Turn
    from fogbank.rules.greatwar.scenario import load_scenario

    game = opened()
    board = game.state.board
    gone = attrs.evolve(board, fleets=tuple(f for f in board.fleets if f.side != "russia"), points={"central": 0, "russia": 30})
    outcome = _outcome(Turn(attrs.evolve(game.state, board=gone), load_scenario("black_sea")))
    assert outcome.results == {"central": "victory", "russia": "defeat"}
    assert "Russia has no ship left" in outcome.reason


# -- events, repairs and the words a side is told ---------------------------------------------------


def test_an_erroneous_report_is_not_shed_by_leaving_the_fleet_out_of_the_orders(monkeypatch):
    load_dice(monkeypatch, {r"^2/strategic event$": (1, 3), r"strategic event/side": (1,),
                            r"erroneous report/fleet": (2,), **QUIET})  # the second raider taking orders
    at_sea = changed(moved("mittelmeer", "southwest"), fleet_is("mittelmeer", returning=True, held=True))
    game = plot(opened(change=at_sea), {})
    bound = [f.id for f in game.state.board.fleets if f.must_plot == 3]
    assert bound == ["torpedo"]  # the cruisers first, then the destroyers: never the fleet returning home
    game = plot(game, {})  # left out of the order: it stays, bound for the next two turns too
    assert refusal(game, "ottoman", {"fleets": {"torpedo": {"mission": "raid", "path": ["bosporus"]}}}) == "plotted_ahead"


def bound_ahead(*plots):
    """A change to the truth at the start: the Ottoman cruisers, in the Bosporus, sail on plots
    made ahead (the first is turn 1's)."""
    return changed(moved("cruisers", "bosporus"), fleet_is("cruisers", ahead=plots))


def test_a_fleet_contact_stops_short_sails_its_plots_ahead_from_where_it_is(monkeypatch):
    """Met off the Bosporus on its way to the Western Black Sea, the cruisers cannot sail their
    next plot, to the Danube mouth, from where they are: they make for it by the shortest way."""
    load_dice(monkeypatch, {r"^1/contact/": (6,), **QUIET})
    start = changed(bound_ahead(("southwest", "west"), ("danube",), ("odessa",)),
                    moved("kreisera", "southwest"))
    game = core.start(RULES, "black_sea", bytes(32), {"battles": "hex"})
    game = plot(__import__("attrs").evolve(game, state=start(game.state)), {})
    (battle,) = RULES.engagements(game.state)
    game = core.settle(game, battle, {"ships": [], "left": [], "summary": "Both sides drew off."}).game
    cruisers = game.state.board.fleet("cruisers")
    assert cruisers.zone == "southwest" and cruisers.ahead == (("varna", "danube"), ("odessa",))
    assert any("cannot sail its plots ahead as made" in text for text in news(game, "ottoman"))
    game = plot(game, {})
    assert game.state.board.fleet("cruisers").zone == "danube"


def test_a_fleet_danger_ahead_holds_sails_its_later_plots_from_where_it_is(monkeypatch):
    load_dice(monkeypatch, {r"^2/strategic event$": (5, 6), r"^2/strategic event/side$": (1,),
                            r"danger ahead/fleet": (2,), **QUIET})  # the cruisers, second by id
    game = plot(opened(change=bound_ahead(("southwest",), ("west",), ("danube",))), {})
    assert game.state.board.fleet("cruisers").held
    game = plot(game, {})
    cruisers = game.state.board.fleet("cruisers")
    assert cruisers.zone == "southwest" and cruisers.ahead == (("varna", "danube"),)


def test_the_umpire_moving_a_fleet_bound_ahead_leaves_it_plots_it_can_sail():
    game = opened(change=bound_ahead(("southwest",), ("west",), ("danube",)))
    moving = {"kind": "move", "fleet": "cruisers", "zone": "sinop"}
    game = core.override(game, moving, "a collier's sighting").game
    assert game.state.board.fleet("cruisers").ahead == (("eregli", "southwest"), ("west",), ("danube",))


def test_a_fleet_sent_home_drops_its_plots_ahead(monkeypatch):
    """Condenser trouble sends a ship home as its own fleet: the rules steer it to port, and in
    port it takes orders again, not the plots its old fleet made."""
    load_dice(monkeypatch, {r"^2/strategic event$": (1, 2), r"^2/strategic event/side$": (1,),
                            r"condenser/ship": (4,), **QUIET})  # Mecidiye, fourth of the Central ships
    game = plot(opened(change=bound_ahead(("southwest",), ("west",), ("danube",))), {})
    home = game.state.board.fleet("cruisers-mecidiye")
    assert home.returning and home.ahead == () and home.must_plot == 1


def test_damage_control_may_restore_speed_and_does_when_the_ship_is_slowed(monkeypatch):
    import attrs
    load_dice(monkeypatch, {**QUIET, r"damage control/Evstafi/1": (1,), r"damage control/Evstafi/2": (6,),
                            r"port repair": (6,)})

    def hurt(state):
        ship = attrs.evolve(state.board.ships["Evstafi"], hits=1, speed_lost=1, damaged_turn=1)
        return attrs.evolve(state, board=attrs.evolve(state.board, ships={**state.board.ships, "Evstafi": ship}))
    game = plot(opened(change=changed(hurt, moved("battle", "west"))), {})
    ship = game.state.board.ships["Evstafi"]
    assert (ship.hits, ship.speed_lost) == (1, 0)
    assert any("rolls 1: a level of speed restored, then 6: no more (1 box still lost)" in t for t in news(game, "eberhardt"))


def test_a_lone_ship_with_condenser_trouble_turns_home_without_leaving_herself(monkeypatch):
    load_dice(monkeypatch, {r"^2/strategic event$": (1, 2), r"strategic event/side": (1,),
                            r"condenser/ship": (5,), **QUIET})  # Nilufer, fifth of the Central ships in fleet order
    start = changed(moved("minelayer", "bosporus"), *(moved(f, "bosporus") for f in ("mittelmeer", "cruisers", "torpedo", "coal")))
    game = plot(opened(change=start), {})
    said = [t for t in news(game, "souchon") if "Condenser" in t]
    assert said and "leaves" not in said[0]
    struck = [f for f in game.state.board.fleets if f.returning]
    assert len(struck) == 1 and len(game.state.board.fleets) == 10


def test_the_straits_are_closed_to_russian_ships():
    game = opened(change=moved("kreisera", "bosporus"))
    assert refusal(game, "flotilla", {"fleets": {"kreisera": {"mission": "raid", "path": ["constantinople"]}}}) == "barred"


def test_a_loss_gives_its_cause(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"/mine/": (1,), r"/mine/torpedo/bosporus/ship": (1,)})
    game = opened(change=mined("bosporus", "russia", 6))
    game = plot(game, {"torpedo": {"mission": "raid", "path": ["bosporus"]}})
    assert "Muavenet of Ottoman destroyers is sunk by a mine in The Bosporus." in news(game, "souchon")


def test_a_fleet_bombards_only_after_a_whole_turn_off_the_base(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"battery/": (1,)})
    game = opened(change=changed(moved("cruisers", "kerch"), fleet_is("cruisers", mission="bombard")))
    game = plot(game, {"cruisers": {"mission": "bombard", "path": ["novorossiysk"]}})
    assert game.state.board.points["central"] == 0
    assert any("arrives off Novorossiysk" in text for text in news(game, "ottoman"))
    game = plot(game, {})
    assert game.state.board.points["central"] == 2


def test_a_ports_batteries_hit_a_bombarding_fleet_on_a_five(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"^1/battery/batum$": (6,), r"battery/batum/\d$": (5,), r"battery/batum/\d/target": (1,)})
    game = plot(opened(change=bombarding(lambda s: s, "cruisers", "batum")), {})
    assert game.state.board.ships["Hamidiye"].hits == 2  # sunk: three guns, each a 5
    assert "Hamidiye of Ottoman cruisers is sunk by the shore batteries of Batum in Batum." in news(game, "ottoman")


def plotted(game, plots):
    """`plot`, with every roll the turn made: (the game at the next orders phase, the rolls)."""
    rolls = []
    for seat in sorted(RULES.seats_to_act(game.state)):
        own = {f: p for f, p in plots.items() if game.state.board.fleet(f).seat == seat}
        step = submit(game, seat, RULES.parse_order(seat, {"fleets": own}))
        rolls += step.rolls
        game = step.game
    return game, rolls


def test_two_fleets_shelling_one_port_draw_one_volley_a_die_a_gun(monkeypatch):
    """Rule 10 gives the port a number of guns: they answer every fleet shelling it that turn in
    one volley, each gun a die with a key of its own (two volleys had repeated the first's dice)."""
    load_dice(monkeypatch, {**QUIET, r"^1/battery/batum$": (6,)})
    start = changed(bombarding(lambda s: s, "cruisers", "batum"),
                    bombarding(lambda s: s, "mittelmeer", "batum"))
    game, rolls = plotted(opened(change=start), {})
    keys = [r.key for r in rolls]
    volley = sorted(k for k in keys if re.fullmatch(r"1/battery/batum/\d", k))
    assert volley == [f"1/battery/batum/{i}" for i in range(3)]
    assert len(keys) == len(set(keys))
    targets = {r.key: r for r in rolls if r.key.endswith("/target")}
    assert all(r.sides == 4 for r in targets.values())  # the ships of both fleets
    assert game.state.board.points["central"] == 2  # the port scores once

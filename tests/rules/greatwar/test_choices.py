"""The choices the rules leave to the player: which fleet a good intelligence report reaches, each
base's seaplane target, what port repair mends; and damage control's every roll, told."""

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused, submit
from fogbank.rules.greatwar import ruleset

from .table import RULES, load_dice, opened, plot

QUIET = {r"/contact/": (1,), r"/mine/": (6,), r"aerial": (1,), r"^[13-9]/strategic event$": (3, 3)}


def views(game, seat):
    return RULES.observe(game.state, seat, since=1)


def news(game, seat):
    return [n["text"] for n in views(game, seat)["news"]]


def fleet(game, fleet_id):
    return game.state.board.fleet(fleet_id)


def locked(state):
    """Yavuz and Midilli (Souchon's) and the destroyers (the Ottoman seat's) start on three turns
    plotted ahead: out to the Bosporus, then off it, then to the Western Black Sea."""
    ahead = (("bosporus",), ("southwest",), ("west",))
    fleets = tuple(attrs.evolve(f, ahead=ahead) if f.id in ("mittelmeer", "torpedo") else f for f in state.board.fleets)
    return attrs.evolve(state, board=attrs.evolve(state.board, fleets=fleets))


def struck(monkeypatch, event_faces):
    """Turn 2's random event is `event_faces` (2d6), striking the Central Powers."""
    load_dice(monkeypatch, {**QUIET, r"^2/strategic event$": event_faces, r"^2/strategic event/side$": (1,)})
    return plot(opened(change=locked), {})


def order(game, seat, payload):
    return submit(game, seat, RULES.parse_order(seat, payload))


def rest(game):
    """The seats that have not ordered give none: the turn resolves to the next orders phase."""
    for seat in sorted(RULES.seats_to_act(game.state) - set(game.orders)):
        game = order(game, seat, {"fleets": {}}).game
    return game


def test_this_just_in_asks_the_struck_side_which_fleet_and_the_named_fleet_replots_now(monkeypatch):
    game = struck(monkeypatch, (5, 5))
    choice = views(game, "ottoman")["choices"][0]
    assert choice["kind"] == "intelligence" and choice["event"] == "this just in" and "this turn's plot" in choice["rule"]
    assert [f["id"] for f in choice["fleets"]] == ["mittelmeer", "torpedo"] and choice["standing"] == "mittelmeer"
    assert views(game, "souchon")["choices"] == views(game, "ottoman")["choices"]
    assert views(game, "eberhardt")["choices"] == [] and views(game, "flotilla")["choices"] == []

    with pytest.raises(Refused) as refused:  # the destroyers are not Souchon's to name
        order(game, "souchon", {"fleets": {}, "intelligence": "torpedo"})
    assert refused.value.code == "no_choice"
    with pytest.raises(Refused) as refused:  # a fleet not named sails on its plots
        order(game, "ottoman", {"fleets": {"torpedo": {"mission": "raid", "path": ["constantinople"]}}})
    assert refused.value.code == "plotted_ahead"

    game = order(game, "ottoman", {"fleets": {"torpedo": {"mission": "raid", "path": ["constantinople"]}},
                                   "intelligence": "torpedo"}).game
    game = rest(game)
    assert fleet(game, "torpedo").zone == "constantinople" and fleet(game, "torpedo").ahead == ()
    assert fleet(game, "mittelmeer").zone == "southwest" and fleet(game, "mittelmeer").ahead == (("west",),)
    assert "This just in: Ottoman destroyers takes the report (named by The Ottoman squadron)." in news(game, "souchon")
    assert RULES.observe(game.state, core.UMPIRE)["chosen"] == [
        "Central Powers, this just in: Ottoman destroyers (named by The Ottoman squadron)"]
    assert not any("report" in text for text in news(game, "eberhardt"))


def test_when_no_fleet_is_named_the_rules_free_the_first_by_id_and_say_so(monkeypatch):
    game = plot(struck(monkeypatch, (4, 6)), {})
    assert fleet(game, "mittelmeer").zone == "bosporus" and fleet(game, "mittelmeer").ahead == ()
    assert fleet(game, "torpedo").zone == "southwest"
    assert any("Yavuz and Midilli takes the report (none was named, so the rules chose the first by id)" in text
               for text in news(game, "ottoman"))
    assert RULES.observe(game.state, core.UMPIRE)["chosen"] == [
        "Central Powers, this just in: Yavuz and Midilli (none was named, so the rules chose the first by id)"]


def test_situation_clarifies_keeps_this_turns_plot_and_plots_the_next_two_afresh(monkeypatch):
    game = struck(monkeypatch, (2, 3))
    assert views(game, "souchon")["choices"][0]["event"] == "situation clarifies"
    with pytest.raises(Refused) as refused:
        order(game, "souchon", {"fleets": {"mittelmeer": {"mission": "raid", "path": ["constantinople"], "ahead": [[], []]}},
                                "intelligence": "mittelmeer"})
    assert refused.value.code == "plotted_ahead" and "southwest" in str(refused.value)
    game = order(game, "souchon", {"fleets": {"mittelmeer": {"mission": "raid", "path": ["southwest"],
                                                             "ahead": [["eregli"], ["sinop"]]}},
                                   "intelligence": "mittelmeer"}).game
    game = rest(game)
    assert fleet(game, "mittelmeer").zone == "southwest" and fleet(game, "mittelmeer").ahead == (("eregli",), ("sinop",))
    assert fleet(game, "torpedo").ahead == (("west",),)


def test_two_seats_name_a_fleet_and_the_senior_seats_word_stands(monkeypatch):
    game = struck(monkeypatch, (5, 5))
    game = order(game, "souchon", {"fleets": {"mittelmeer": {"mission": "raid", "path": ["constantinople"]}},
                                   "intelligence": "mittelmeer"}).game
    game = order(game, "ottoman", {"fleets": {"torpedo": {"mission": "raid", "path": ["constantinople"]}},
                                   "intelligence": "torpedo"}).game
    game = rest(game)
    assert fleet(game, "mittelmeer").zone == "constantinople" and fleet(game, "torpedo").zone == "southwest"
    assert any("but Admiral Souchon, Mittelmeerdivision's choice stands" in text for text in news(game, "ottoman"))


def test_seaplanes_attack_the_reported_fleet_their_seat_named(monkeypatch):
    later = attrs.evolve(ruleset.load_scenario("black_sea"), year=1915)
    monkeypatch.setattr(ruleset, "load_scenario", lambda _: later)
    load_dice(monkeypatch, {**QUIET, r"seaplane/[a-z_]+(/hit)?$": (6,), r"strategic event": (3, 3)})

    def near(state):  # both Russian raiders start off the Bosporus
        fleets = tuple(attrs.evolve(f, zone="southwest") if f.id in ("kreisera", "minonostsy") else f for f in state.board.fleets)
        return attrs.evolve(state, board=attrs.evolve(state.board, fleets=fleets))

    raid = {"kreisera": {"mission": "raid", "path": ["bosporus"]}, "minonostsy": {"mission": "raid", "path": ["bosporus"]}}
    game = plot(opened(change=near), raid)  # turn 1: both placed; the seaplanes take the first by id
    assert any("Seaplanes from Constantinople attack" in text and "Cruiser brigade" in text for text in news(game, "flotilla"))
    game = plot(game, {})  # turn 2, night: nothing flies
    choice = next(c for c in views(game, "souchon")["choices"] if c["kind"] == "seaplanes")
    assert choice["base"] == "constantinople" and len(choice["tracks"]) == 2
    destroyers = game.state.board.tracked["souchon"]["minonostsy"]
    game = order(game, "souchon", {"fleets": {}, "seaplanes": {"constantinople": destroyers}}).game
    game = order(game, "flotilla", {"fleets": {"kreisera": {"mission": "raid", "path": ["southwest"]},
                                               "minonostsy": {"mission": "raid", "path": ["southwest"]}}}).game
    game = rest(game)
    told = [text for text in news(game, "flotilla") if "Seaplanes" in text]
    assert "Destroyer division" in told[-1]
    assert not any(c["kind"] == "seaplanes" for c in views(game, "eberhardt")["choices"])  # never Russian

    with pytest.raises(Refused) as refused:
        order(game, "souchon", {"fleets": {}, "seaplanes": {"constantinople": 99}})
    assert refused.value.code == "no_choice"


def damaged(hits, slowed, turn=0):
    def change(state):
        ship = attrs.evolve(state.board.ships["Evstafi"], hits=hits, speed_lost=slowed, damaged_turn=turn)
        return attrs.evolve(state, board=attrs.evolve(state.board, ships={**state.board.ships, "Evstafi": ship}))
    return change


@pytest.mark.parametrize("wish, mended", [(None, (2, 0)), ("box", (1, 1)), ("speed", (2, 0))])
def test_port_repair_at_a_major_port_mends_what_the_owner_chose(monkeypatch, wish, mended):
    load_dice(monkeypatch, {**QUIET, r"port repair/Evstafi": (2,), r"^2/strategic event$": (3, 3)})
    game = opened(change=damaged(2, 1))
    choice = next(c for c in views(game, "eberhardt")["choices"] if c["kind"] == "repair")
    assert (choice["ship"], choice["standing"], choice["options"]) == ("Evstafi", "speed", ["box", "speed"])
    assert not any(c["kind"] == "repair" for c in views(game, "flotilla")["choices"])  # not his ship
    game = order(game, "eberhardt", {"fleets": {}, **({"repair": {"Evstafi": wish}} if wish else {})}).game
    game = rest(game)
    ship = game.state.board.ships["Evstafi"]
    assert (ship.hits, ship.speed_lost) == mended
    assert any(text.startswith("Port repair at Sevastopol: Evstafi rolls 2") for text in news(game, "flotilla"))


def test_a_box_repaired_in_port_mends_a_gun_once_the_hull_is_whole(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"port repair/Evstafi": (2,), r"^2/strategic event$": (3, 3)})

    def gun_hit(state):
        ship = attrs.evolve(state.board.ships["Evstafi"], guns_lost=(1, 0, 0))
        return attrs.evolve(state, board=attrs.evolve(state.board, ships={**state.board.ships, "Evstafi": ship}))

    game = opened(change=gun_hit)
    choice = next(c for c in views(game, "eberhardt")["choices"] if c["kind"] == "repair")
    assert (choice["hits"], choice["guns_lost"], choice["standing"]) == (0, [1, 0, 0], "box")
    fleet_view = next(f for f in views(game, "eberhardt")["fleets"] if f["id"] == "battle")
    evstafi = next(s for s in fleet_view["ships"] if s["name"] == "Evstafi")
    assert evstafi["guns_left"][0] == evstafi["guns"][0] - 1
    game = rest(order(game, "eberhardt", {"fleets": {}}).game)
    assert game.state.board.ships["Evstafi"].guns_lost == (0, 0, 0)


def test_damage_control_rolls_again_on_a_one_or_two_and_the_side_sees_every_roll(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"damage control/Evstafi/1": (2,), r"damage control/Evstafi/2": (1,),
                            r"damage control/Evstafi/3": (5,), r"port repair": (6,), r"^2/strategic event$": (3, 3)})
    game = plot(opened(change=damaged(3, 0, turn=1)), {})
    assert game.state.board.ships["Evstafi"].hits == 1
    assert ("Damage control aboard Evstafi rolls 2: a box repaired, then 1: a box repaired, then 5: no more "
            "(1 box still lost).") in news(game, "eberhardt")
    assert not any("Evstafi" in text for text in news(game, "souchon"))


@pytest.mark.parametrize("payload", [{"fleets": {}, "intelligence": 3}, {"fleets": {}, "seaplanes": {"constantinople": "one"}},
                                     {"fleets": {}, "repair": {"Evstafi": "paint"}}, {"fleets": {}, "seaplanes": [1]}])
def test_a_malformed_choice_is_refused_with_a_code(payload):
    with pytest.raises(Refused) as refused:
        RULES.parse_order("eberhardt", payload)
    assert refused.value.code == "bad_choice"


@pytest.mark.parametrize("faces", [(5, 5), (2, 3)])
def test_the_bots_name_a_fleet_for_the_report_and_their_orders_are_legal(monkeypatch, faces):
    from fogbank.rules.core.plain import to_plain

    game = struck(monkeypatch, faces)
    named = {}
    for seat in ("souchon", "ottoman"):
        bot = RULES.bot("black_sea", seat, to_plain(RULES.chart(game.state, seat)))
        payload = bot.order(to_plain(RULES.observe(game.state, seat)))
        named[seat] = payload.get("intelligence")
        game = order(game, seat, payload).game  # refused orders would raise
    assert named == {"souchon": "mittelmeer", "ottoman": "torpedo"}
    game = rest(game)
    assert fleet(game, "mittelmeer").ahead != (("west",),)  # Souchon, the senior seat, replotted it


def test_a_bot_mends_speed_in_port_unless_the_ship_is_near_sinking():
    from fogbank.rules.core.plain import to_plain

    bot = RULES.bot("black_sea", "eberhardt", to_plain(RULES.chart(opened().state, "eberhardt")))
    for hits, wish in [(1, "speed"), (4, "box")]:  # Evstafi has 6 boxes
        game = opened(change=damaged(hits, 1))
        assert bot.order(to_plain(RULES.observe(game.state, "eberhardt")))["repair"] == {"Evstafi": wish}

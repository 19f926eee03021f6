"""The advanced tactical rules as a player meets them on the battle board, one test a rule."""

import attrs
import pytest

from fogbank.rules.core import Dice, Refused, Roller
from fogbank.rules.greatwar import orders
from fogbank.rules.greatwar.scenario import ShipClass
from fogbank.rules.greatwar.tables import READERS
from fogbank.rules.greatwar.tactical.combat import aimed_fire, combat, damage, friendly_fire, shields, slow_ships, torpedoes
from fogbank.rules.greatwar.tactical.areas import Tactics, Unit, distance, form_groups
from fogbank.rules.greatwar.tactical.gunfire import pick_targets
from fogbank.rules.greatwar.tactical.sequence import ALL, FAST, FASTEST, Battle, fight

from .table import RULES, SEA, SEED, load_dice, opened

QUIET = {r"/event$": (3, 3)}  # no tactical event unless a test wants one


def roller(seed: bytes = SEED) -> Roller:
    """Turn 1's dice, read on the Great War's tables."""
    return Roller(Dice(seed), 1, READERS)


def battle(sides: dict[str, list[str]], init="russia", day=True, tactics=None, pursuit=False, change=lambda b: b) -> Battle:
    board = change(opened().state.board)
    fleets = {side: [attrs.evolve(board.fleet(f), tactics=(tactics or {}).get(f)) for f in ids] for side, ids in sides.items()}
    return Battle(board, SEA, roller(), "southwest", fleets, day, "battle/southwest", pursuit, init)


def group(b: Battle, ship: str):
    return b.group_of(ship)


def place(b: Battle, ship: str, area):
    b.group_of(ship).area = area


def said(b: Battle) -> str:
    return "\n".join(b.log)


# -- the board, set-up and groups ----------------------------------------------------------------


def test_sides_set_up_four_areas_apart_by_day_and_two_at_night_one_beyond_sight():
    day = battle({"russia": ["battle"], "central": ["mittelmeer"]})
    night = battle({"russia": ["battle"], "central": ["mittelmeer"]}, day=False)
    assert distance(group(day, "Evstafi").area, group(day, "Yavuz Sultan Selim").area) == 4 and day.visibility == 3
    assert distance(group(night, "Evstafi").area, group(night, "Yavuz Sultan Selim").area) == 2 and night.visibility == 1
    assert not day.face_up(group(day, "Evstafi")) and not night.face_up(group(night, "Evstafi"))


def _cls(name, kind, guns=(4, 2, 1)):
    return ShipClass(name=name, kind=kind, guns=guns, hull=6, speed="1", fuel=3)


def test_a_group_is_the_ships_of_one_type_a_lone_b_joining_the_battleships_and_a_dl_the_destroyers():
    ships = [_cls("A", "BB"), _cls("B", "BB"), _cls("C", "B"), _cls("D", "DL", (0, 0, 1)), _cls("E", "DD", (0, 0, 1)), _cls("F", "DD", (0, 0, 1))]
    units = [Unit(c.name, "allied", "f", c) for c in ships]
    groups = form_groups("allied", (3, 1), units, {"f": Tactics()}, squadrons=False, flagships=())
    assert sorted(sorted(g.ships) for g in groups) == [["A", "B", "C"], ["D", "E", "F"]]


def test_groups_are_kept_when_they_meet_in_one_area():
    b = battle({"russia": ["battle", "kreisera"], "central": ["mittelmeer"]})
    place(b, "Kagul", group(b, "Evstafi").area)
    assert group(b, "Kagul") is not group(b, "Evstafi") and len(b.live_groups("russia")) == 2


def test_a_russian_squadron_fires_at_its_leaders_target_and_shares_its_fire_control_hit(monkeypatch):
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]})
    squadron = group(b, "Evstafi")
    assert squadron.leader == "Evstafi"  # Eberhardt's flagship
    place(b, "Evstafi", (5, 1)), place(b, "Yavuz Sultan Selim", (6, 1))
    b.units["Evstafi"].fire_control = True
    salvos = [s for s in aimed_fire(b) if s.firers[0] in squadron.ships]
    assert {s.target for s in salvos} == {"Yavuz Sultan Selim"}
    assert all(any("fire control" in m.reason for m in s.modifiers) for s in salvos)
    b.units["Evstafi"].hits = 6  # the leader sinks: the others choose for themselves, unhindered
    salvos = [s for s in aimed_fire(b) if s.firers[0] in squadron.ships]
    assert salvos and not any(any("fire control" in m.reason for m in s.modifiers) for s in salvos)


# -- the sequence of play ------------------------------------------------------------------------


def test_the_revised_sequence_rolls_events_before_moves_and_fires_after_them(monkeypatch):
    load_dice(monkeypatch, QUIET)
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]})
    b.round = 1
    b._round()
    segments = [(s["segment"], s["what"]) for s in b.steps]
    assert segments == [(2, "Russia moves"), (3, "combat"), (4, "Central Powers moves (2, 2+)"), (5, "Russia moves (2, 2+)"),
                        (6, "combat"), (7, "Central Powers moves"), (8, "Russia moves"), (9, "combat"),
                        (10, "Central Powers moves (2+)"), (11, "Russia moves (2+)"), (12, "combat"),
                        (13, "Central Powers moves (1, 2, 2+)"), (14, "Russia moves (1, 2, 2+)"), (15, "combat")]
    events = [r.key.split("/")[4] for r in b.roller.rolls if r.table == "tactical event"]
    assert events == ["s2", "s4", "s7", "s10", "s13"]


@pytest.mark.parametrize("speeds, moved", [(ALL, {"Evstafi", "Rostislav", "Kagul", "Derzky"}), (FAST, {"Kagul", "Derzky"}),
                                           (FASTEST, {"Derzky"})])
def test_groups_move_an_area_in_the_segments_their_speed_allows(speeds, moved):
    b = battle({"russia": ["battle", "kreisera", "minonostsy"], "central": ["mittelmeer"]})
    b.round = 2
    before = {n: group(b, n).area for n in ("Evstafi", "Kagul", "Derzky")}
    b._move("russia", speeds, first=False)
    assert {n for n in before if group(b, n).area != before[n]} == moved - {"Rostislav"}
    # the battle line moves at its slowest ship's speed: Rostislav (1s) holds Evstafi to 1s
    assert group(b, "Evstafi").area == before["Evstafi"] or speeds == ALL


def test_tactics_keep_a_fleet_off_or_standing_where_it_is():
    b = battle({"russia": ["kreisera"], "central": ["mittelmeer"]}, tactics={"kreisera": {"posture": "keep_off"}})
    place(b, "Kagul", (5, 1)), place(b, "Yavuz Sultan Selim", (6, 1))
    b.round = 2
    b._move("russia", ALL, first=False)
    assert distance(group(b, "Kagul").area, (6, 1)) == 2  # backing away towards range 3
    s = battle({"russia": ["kreisera"], "central": ["mittelmeer"]}, tactics={"kreisera": {"posture": "stand"}})
    start = group(s, "Kagul").area
    s._move("russia", ALL, first=False)
    assert group(s, "Kagul").area == start


# -- the random events ---------------------------------------------------------------------------


def _event(monkeypatch, total_faces, side_face=1, extra=None, **kw):
    load_dice(monkeypatch, {r"/s2/event$": total_faces, r"/s2/event/side$": (side_face,), r"/event$": (3, 3), **(extra or {})})
    b = battle(**kw) if kw else battle({"russia": ["battle", "minonostsy"], "central": ["mittelmeer", "torpedo"]})
    b.round, b.segment = 1, 2
    from fogbank.rules.greatwar.tactical.events import random_event
    random_event(b)
    return b


def test_shields_up_spares_the_ship_most_fired_at(monkeypatch):
    b = _event(monkeypatch, (1, 1), side_face=1)  # 2: shields up, central
    place(b, "Evstafi", (5, 1)), place(b, "Yavuz Sultan Selim", (6, 1))
    salvos = shields(b, aimed_fire(b))
    assert "Yavuz Sultan Selim" not in {s.target for s in salvos} and "shields up" in said(b)


def test_the_fog_lifts_only_below_the_maximum_and_fog_of_war_closes_in(monkeypatch):
    b = _event(monkeypatch, (1, 2))
    assert b.visibility == 3 and "fog lifts" not in said(b)
    b = _event(monkeypatch, (2, 3))  # 5: fog of war
    assert b.visibility == 2


def test_fire_control_difficulties_take_one_from_the_die_and_make_a_six_be_confirmed(monkeypatch):
    b = _event(monkeypatch, (1, 3), side_face=4, extra={r"gunfire": (6, 6), r"confirm": (5,)})  # 4: russia troubled
    place(b, "Evstafi", (5, 1)), place(b, "Yavuz Sultan Selim", (6, 1))
    combat(b)
    russian = [r for r in b.roller.rolls if r.table.startswith("gunfire") and "/gunfire/Yavuz" in r.key]
    assert russian and all(any(m.value == -1 for m in r.modifiers) for r in russian)
    assert any(r.table == "confirm hit" for r in b.roller.rolls) and b.units["Yavuz Sultan Selim"].hits == 0


def test_surprise_strikes_the_non_initiative_side_in_the_first_round_only_and_never_after_pursuit(monkeypatch):
    extra = {r"event/leader": (6,)}
    b = _event(monkeypatch, (3, 4), extra=extra)
    assert "central" in b.effects.confused and "central" in b.effects.troubled
    again = _event(monkeypatch, (3, 4), extra=extra, sides={"russia": ["battle"], "central": ["mittelmeer"]}, pursuit=True)
    assert not again.effects.confused
    from fogbank.rules.greatwar.tactical.events import random_event
    b.segment = 4
    random_event(b)  # a second surprise in round 1: not for a raiding fleet
    assert not b.effects.confused and b.surprises == 1


def test_surprise_repeats_against_a_fleet_laying_mines(monkeypatch):
    load_dice(monkeypatch, {r"/event$": (3, 4), r"event/leader": (6,)})
    b = battle({"russia": ["battle"], "central": ["minelayer"]})
    from fogbank.rules.greatwar.tactical.events import random_event
    b.round = 1
    for b.segment in (2, 4):
        random_event(b)
    assert b.surprises == 2


def test_smoke_laid_last_segment_turns_event_8_into_fog_of_war(monkeypatch):
    load_dice(monkeypatch, {r"/event$": (4, 4)})
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]}, tactics={"mittelmeer": {"smoke": True}})
    b.round, b.segment = 2, 7
    b._move("central", ALL, first=False)
    assert b.smoked and group(b, "Yavuz Sultan Selim").smoke
    from fogbank.rules.greatwar.tactical.events import random_event
    random_event(b)
    assert b.visibility == 2
    b.segment = 9  # the next event's segment (a key of its own), with no smoke laid since: no event
    random_event(b)
    assert b.visibility == 2


def test_damage_control_repairs_a_box(monkeypatch):
    b = _event(monkeypatch, (4, 5), side_face=6)
    assert b.units["Evstafi"].hits == 0
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]}, change=lambda board: attrs.evolve(
        board, ships={**board.ships, "Panteleimon": attrs.evolve(board.ships["Panteleimon"], hits=3)}))
    load_dice(monkeypatch, {r"/event$": (4, 5), r"event/side$": (6,)})
    from fogbank.rules.greatwar.tactical.events import random_event
    b.round, b.segment = 1, 2
    random_event(b)
    assert b.units["Panteleimon"].hits == 2


def test_confusion_reigns_holds_a_side_unless_its_admiral_steadies_it(monkeypatch):
    b = _event(monkeypatch, (5, 5), side_face=5, extra={r"event/leader": (4,)})
    assert b.effects.confused == {"russia"}
    start = group(b, "Derzky").area
    b._move("russia", ALL, first=False)
    assert group(b, "Derzky").area == start
    b = _event(monkeypatch, (5, 5), side_face=5, extra={r"event/leader": (3,)})
    assert not b.effects.confused


def test_torpedo_attack_dashes_two_areas_holds_the_target_and_only_smaller_guns_answer(monkeypatch):
    load_dice(monkeypatch, {r"/s4/event$": (5, 6), r"/s4/event/side$": (1,), r"/event$": (3, 3)})
    b = battle({"russia": ["battle"], "central": ["mittelmeer", "torpedo"]})
    place(b, "Evstafi", (4, 1))
    place(b, "Muavenet", (7, 1)), place(b, "Yavuz Sultan Selim", (7, 0)), place(b, "Midilli", (8, 2))
    from fogbank.rules.greatwar.tactical.events import random_event
    b.round, b.segment = 2, 4
    random_event(b)
    assert distance(group(b, "Muavenet").area, (4, 1)) == 1
    assert b.effects.held == {group(b, "Evstafi").id}
    salvos = [s for s in aimed_fire(b) if s.target in group(b, "Muavenet").ships]
    assert salvos and all(s.gun > 0 and any(m.value == 1 for m in s.modifiers) for s in salvos)
    torpedoes(b)
    assert [r for r in b.roller.rolls if r.table == "torpedoes"] and b.units["Muavenet"].torpedo_fired


def test_a_destroyer_rolls_a_die_per_torpedo_factor_and_each_hit_costs_two_boxes(monkeypatch):
    load_dice(monkeypatch, {r"/torpedo/": (6,)})
    b = battle({"russia": ["minonostsy"], "central": ["mittelmeer"]})
    assert (SEA.ships["Derzky"].torpedoes, SEA.ships["Muavenet"].torpedoes) == (2, 1)
    place(b, "Derzky", (6, 1)), place(b, "Yavuz Sultan Selim", (6, 1))
    torpedoes(b)
    first = next(r for r in b.roller.rolls if r.table == "torpedoes")
    assert len(first.dice) == 2 and first.outcome == "2 hits"
    assert "Derzky fires torpedoes (2 dice) at Yavuz Sultan Selim: 2 hits" in said(b)
    assert b.units["Yavuz Sultan Selim"].sunk  # hull 8: two destroyers' spreads, 4 boxes each
    assert said(b).count("Yavuz Sultan Selim: a torpedo hit, 2 boxes") == 4


def test_mass_confusion_turns_some_of_a_sides_guns_on_its_own_ships(monkeypatch):
    load_dice(monkeypatch, {r"/event$": (6, 6), r"event/side$": (6,), r"event/leader": (6,), r"friendly fire": (6,)})
    b = battle({"russia": ["battle", "kreisera"], "central": ["mittelmeer"]})
    place(b, "Evstafi", (4, 1)), place(b, "Kagul", (5, 1)), place(b, "Yavuz Sultan Selim", (6, 1))
    from fogbank.rules.greatwar.tactical.events import random_event
    b.round, b.segment = 2, 4
    random_event(b)
    assert b.effects.confused == {"russia"} and b.effects.troubled == {"russia"}
    friendly = friendly_fire(b)
    assert friendly and all(b.units[s.target].side == "russia" == b.units[s.firers[0]].side for s in friendly)
    assert all(group(b, s.target).area != group(b, s.firers[0]).area for s in friendly)
    assert all(not s.modifiers for s in friendly)


# -- gunfire ---------------------------------------------------------------------------------------


def test_smaller_guns_may_pick_another_target_only_in_the_same_or_an_adjacent_area():
    units = {n: Unit(n, "central", "f", SEA.ships[n]) for n in ("Evstafi", "Derzky", "Kagul")}
    picks = pick_targets((6, 3, 1), {"Evstafi": 3, "Kagul": 2, "Derzky": 1}, "biggest", units)
    assert picks == ["Evstafi", "Derzky", "Derzky"]  # Kagul at 2 is not adjacent: secondaries go to Derzky
    picks = pick_targets((6, 3, 1), {"Evstafi": 2, "Kagul": 1}, "biggest", units)
    assert picks == ["Evstafi", "Evstafi", "Kagul"]


def test_primary_guns_at_a_small_target_take_one_but_a_six_still_hits():
    read = READERS["gunfire 6+"].read_faces
    assert read((6, 5), 11 - 2) == "1 hits"
    assert READERS["gunfire 5+"].read_faces((5, 6), 11 - 2) == "1 hits"


def test_light_ships_ignore_primary_and_secondary_hits_and_take_tertiary_on_the_hull():
    b = battle({"russia": ["battle"], "central": ["coal"]})
    from fogbank.rules.greatwar.tactical.gunfire import Salvo
    damage(b, Salvo("Irmingard", 0, 1, (), ("Evstafi",), (4,), False), 0)
    assert b.units["Irmingard"].hits == 0
    damage(b, Salvo("Irmingard", 2, 1, (), ("Evstafi",), (1,), False), 0)
    assert b.units["Irmingard"].sunk


def test_plunging_fire_adds_a_box_to_a_hull_hit_at_long_range_only(monkeypatch):
    from fogbank.rules.greatwar.tactical.gunfire import Salvo
    load_dice(monkeypatch, {r"/damage/": (1,)})
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]})
    damage(b, Salvo("Evstafi", 0, 3, (), ("Yavuz Sultan Selim",), (6,), False), 0)
    damage(b, Salvo("Panteleimon", 0, 2, (), ("Yavuz Sultan Selim",), (6,), False), 0)
    assert (b.units["Evstafi"].hits, b.units["Panteleimon"].hits) == (2, 1)


def test_a_gun_hit_knocks_out_a_factor_of_the_shells_size_and_the_ship_fires_with_what_is_left(monkeypatch):
    from fogbank.rules.greatwar.tactical.gunfire import Salvo
    load_dice(monkeypatch, {r"/damage/": (4,)})
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]})
    evstafi = b.units["Evstafi"]
    primary, secondary, tertiary = evstafi.cls.guns
    damage(b, Salvo("Evstafi", 0, 2, (), ("Yavuz Sultan Selim",), (6,), False), 0)
    assert evstafi.guns == (primary - 1, secondary, tertiary) and evstafi.hits == 0
    assert f"Evstafi: a primary gun hit, primary guns now {primary - 1}" in said(b)
    place(b, "Evstafi", (5, 1)), place(b, "Yavuz Sultan Selim", (6, 1))
    fired = {s.gun: dict(zip(s.firers, s.strengths))["Evstafi"] for s in aimed_fire(b) if "Evstafi" in s.firers}
    assert fired[0] == primary - 1 and fired[1] == secondary


def test_an_excess_gun_hit_goes_to_the_hull_and_is_never_plunging(monkeypatch):
    from fogbank.rules.greatwar.tactical.gunfire import Salvo
    load_dice(monkeypatch, {r"/damage/": (4,)})
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]})
    evstafi = b.units["Evstafi"]
    evstafi.guns_lost = (evstafi.cls.guns[0], 0, 0)  # every primary factor gone
    damage(b, Salvo("Evstafi", 0, 3, (), ("Yavuz Sultan Selim",), (6,), False), 0)
    assert evstafi.hits == 1 and evstafi.guns[0] == 0
    assert "Evstafi: a primary gun hit, none left to lose: the hull, 1 box" in said(b)


def test_guns_knocked_out_stay_out_after_the_battle_and_go_to_a_hex_battle_as_they_are(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"/damage/": (4,)})
    board = opened().state.board
    fleets = {"russia": [board.fleet("battle")], "central": [board.fleet("mittelmeer")]}
    outcome = fight(board, SEA, roller(), "southwest", fleets, True, "battle/southwest")
    hit = {n: s.guns_lost for n, s in outcome.ships.items() if any(s.guns_lost)}
    assert hit, "every damage roll was a gun hit, so some ship lost guns"
    for name, lost in hit.items():
        ship = outcome.ships[name]
        assert ship.guns(SEA.ships[name]) == tuple(max(0, g - n) for g, n in zip(SEA.ships[name].guns, lost))
        assert ship.damaged_turn == 1


def test_damage_control_mends_the_hull_before_the_guns(monkeypatch):
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]}, change=lambda board: attrs.evolve(
        board, ships={**board.ships, "Panteleimon": attrs.evolve(board.ships["Panteleimon"], hits=1, guns_lost=(1, 0, 0))}))
    load_dice(monkeypatch, {r"/event$": (4, 5), r"event/side$": (6,)})
    from fogbank.rules.greatwar.tactical.events import random_event
    b.round, b.segment = 1, 2
    random_event(b)
    assert (b.units["Panteleimon"].hits, b.units["Panteleimon"].guns_lost) == (0, (1, 0, 0))
    b.segment = 4
    random_event(b)
    assert b.units["Panteleimon"].guns_lost == (0, 0, 0)
    assert "damage control: Panteleimon brings a primary gun back into action" in said(b)


def test_a_leader_killed_result_without_a_leader_is_a_fire_control_hit_for_the_game(monkeypatch):
    from fogbank.rules.greatwar.tactical.gunfire import Salvo
    load_dice(monkeypatch, {r"/damage/": (6,), r"/critical/": (5,)})
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]})
    damage(b, Salvo("Panteleimon", 0, 2, (), ("Yavuz Sultan Selim",), (6,), False), 0)
    damage(b, Salvo("Evstafi", 0, 2, (), ("Yavuz Sultan Selim",), (6,), False), 0)
    assert b.units["Panteleimon"].fire_control and not b.units["Evstafi"].fire_control
    assert b._leader_fleets() == ["battle"] and not b.leader("russia")


# -- break-off, standing, ending, slow ships --------------------------------------------------------


def test_break_off_not_in_round_one_then_halved_fire_ships_alone_and_a_faster_run_off_the_board(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"break-off": (2,)})
    b = battle({"russia": ["battle"], "central": ["mittelmeer", "torpedo"]}, tactics={"mittelmeer": {"break_off": 0.9}})
    b.units["Yavuz Sultan Selim"].hits = 5
    b.round = 1
    b._move("central", FAST, first=False)
    assert b.broke is None
    b.round = 2
    b._move("central", FASTEST, first=False)
    assert b.broke == "central" and group(b, "Muavenet").ships == ["Muavenet"]
    place(b, "Evstafi", (5, 1)), place(b, "Yavuz Sultan Selim", (6, 1))
    central = [s for s in aimed_fire(b) if s.firers[0] == "Yavuz Sultan Selim" and s.gun == 0]
    assert central and central[0].strengths == (3,)
    for b.segment in range(1, 9):  # a move a segment, each rolling under a key of its own
        b._move("central", FASTEST, first=False)  # 2 becomes 2+ on a 1-3: Yavuz moves with the 2+ ships
    assert b.units["Yavuz Sultan Selim"].off and b.escapes == 2


def test_a_standing_minelayer_is_left_alone_when_the_enemy_will_not_close():
    b = battle({"russia": ["kreisera"], "central": ["minelayer"]}, init="russia", tactics={"kreisera": {"posture": "keep_off"}})
    outcome = b.play()
    assert b.standing == "central" and outcome.stood and not outcome.sunk


def test_a_standing_side_fights_once_the_enemy_closes_and_fires(monkeypatch):
    load_dice(monkeypatch, QUIET)
    b = battle({"russia": ["minonostsy"], "central": ["minelayer"]})
    outcome = b.play()
    assert not outcome.stood and b.fired["russia"]


def test_combat_ends_when_no_ship_is_in_sight_at_the_end_of_a_round(monkeypatch):
    load_dice(monkeypatch, QUIET)
    b = battle({"russia": ["kreisera"], "central": ["mittelmeer"]}, tactics={"kreisera": {"posture": "stand"}, "mittelmeer": {"posture": "stand"}})
    b.play()
    assert "no ship is in sight" in said(b) and max(s["round"] for s in b.steps) == 1


def test_slow_ships_of_the_initiative_side_may_not_yet_be_in_range(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"slow ships/Rostislav": (2,), r"slow ships/Tri": (5,)})
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]})
    b.round, b.segment = 1, 3
    place(b, "Evstafi", (5, 1)), place(b, "Yavuz Sultan Selim", (8, 1))
    slow_ships(b)
    assert b.effects.slow == {"Rostislav"}
    firers = {n for s in aimed_fire(b) for n in s.firers}
    assert "Rostislav" not in firers and "Tri Sviatitelia" in firers


# -- tactics in the order ---------------------------------------------------------------------------


def test_a_plot_may_carry_tactics_and_bad_ones_are_refused():
    order = orders.parse_order({"fleets": {"battle": {"mission": "intercept", "path": [],
                                                      "tactics": {"posture": "keep_off", "break_off": 0.25, "target": "small"}}}})
    assert order["fleets"]["battle"]["tactics"]["posture"] == "keep_off"
    for bad in ({"posture": "charge"}, {"break_off": 2}, {"smoke": "yes"}, {"ram": True}, "close"):
        with pytest.raises(Refused) as refused:
            orders.parse_order({"fleets": {"battle": {"mission": "intercept", "path": [], "tactics": bad}}})
        assert refused.value.code == "bad_tactics"
    assert Tactics.of("bombard", None).posture == "stand" and Tactics.of("raid", None).posture == "close"


def test_a_whole_battle_is_the_same_from_the_same_seed():
    board = opened().state.board
    fleets = {"russia": [board.fleet("battle"), board.fleet("minonostsy")], "central": [board.fleet("mittelmeer")]}
    one = fight(board, SEA, roller(), "southwest", fleets, True, "battle/southwest")
    two = fight(board, SEA, roller(), "southwest", fleets, True, "battle/southwest")
    assert one == two and one.steps


# -- after the battle: pursuit and escort pursuit ------------------------------------------------


def broken_off(t, init, fled):
    """A battle that ended with `fled` breaking off, nobody hurt."""
    from fogbank.rules.greatwar.battle import Outcome
    return Outcome(ships=dict(t.board.ships), sunk=(), stood=False, log=(), initiative=init, broke_off=fled)


def _after(monkeypatch, sides, broke_off, loaded, tactics=None):
    from fogbank.rules.greatwar import battle as battle_module
    from fogbank.rules.greatwar.turn import Turn
    load_dice(monkeypatch, {**QUIET, **loaded})
    game = opened()
    board = game.state.board
    fleets = {s: [attrs.evolve(board.fleet(f), zone="southwest", tactics=(tactics or {}).get(f)) for f in ids] for s, ids in sides.items()}
    t = Turn(game.state, SEA)
    for f in (f for fs in fleets.values() for f in fs):
        t.put(f)
    chaser = next(s for s in sides if s != broke_off)
    result = broken_off(t, chaser, broke_off)
    battle_module.aftermath(t, "southwest", fleets, result, True, "battle/southwest")
    return t, chaser


def test_the_side_that_did_not_break_off_pursues_and_a_found_enemy_is_fought_again_without_surprise(monkeypatch):
    t, _ = _after(monkeypatch, {"russia": ["kreisera"], "central": ["cruisers"]}, "central",
                  {r"pursuit1$": (6,), r"pursuit1/r1/s\d+/event$": (3, 4), r"pursuit2$": (1,)})
    battles = [e for e in t.events if e.kind == "battle" and not e.audience]
    assert [b.report["pursuit"] for b in battles][:2] == [False, True]
    assert not any("surprise" in line for s in battles[1].report["steps"] for line in s["lines"])
    assert battles[1].report["initiative"] == "russia"  # the pursuer


def test_a_failed_pursuit_ends_it_and_an_escort_that_left_its_charges_aborts(monkeypatch):
    t, _ = _after(monkeypatch, {"central": ["cruisers", "coal"], "russia": ["kreisera"]}, "russia", {r"pursuit1$": (1,)},
                  tactics={"cruisers": None})
    t.put(attrs.evolve(t.board.fleet("cruisers")))
    assert len([e for e in t.events if e.kind == "battle" and not e.audience]) == 1
    # the Ottoman cruisers were raiding, not escorting: they simply lose touch
    assert not t.board.fleet("cruisers").returning
    t2, _ = _escort(monkeypatch)
    assert t2.board.fleet("cruisers").returning and not t2.board.fleet("coal").returning


def _escort(monkeypatch):
    from fogbank.rules.greatwar import battle as battle_module
    from fogbank.rules.greatwar.turn import Turn
    load_dice(monkeypatch, {**QUIET, r"pursuit1$": (1,)})
    game = opened()
    board = game.state.board
    fleets = {"central": [attrs.evolve(board.fleet("cruisers"), mission="escort", zone="southwest"),
                          attrs.evolve(board.fleet("coal"), zone="southwest")],
              "russia": [attrs.evolve(board.fleet("kreisera"), zone="southwest")]}
    t = Turn(game.state, SEA)
    for f in (f for fs in fleets.values() for f in fs):
        t.put(f)
    battle_module.aftermath(t, "southwest", fleets, broken_off(t, "central", "russia"), True, "battle/southwest")
    return t, "central"


def test_an_escort_keeps_pursuing_while_it_finds_the_enemy(monkeypatch):
    from fogbank.rules.greatwar import battle as battle_module
    from fogbank.rules.greatwar.turn import Turn
    load_dice(monkeypatch, {**QUIET, r"pursuit\d$": (6,)})
    game = opened()
    board = game.state.board
    fleets = {"central": [attrs.evolve(board.fleet("cruisers"), mission="escort"), board.fleet("coal")],
              "russia": [board.fleet("zagraditel")]}
    t = Turn(game.state, SEA)
    for f in (f for fs in fleets.values() for f in fs):
        t.put(f)
    result = broken_off(t, "central", "russia")
    monkeypatch.setattr(battle_module, "fight", lambda *a, **k: broken_off(t, "central", "russia"))  # it breaks off again
    battle_module.aftermath(t, "southwest", fleets, result, True, "battle/southwest")
    pursuits = [e for e in t.events if e.kind == "battle" and not e.audience and e.report["pursuit"]]
    assert len(pursuits) == 2 and not t.board.fleet("cruisers").returning  # as many as the day allows, never lost


# -- what a seat learns ---------------------------------------------------------------------------


def test_a_seat_never_learns_the_names_of_enemy_ships_that_stayed_out_of_sight(monkeypatch):
    import json
    from fogbank.rules.greatwar.tactical.report import side_report
    load_dice(monkeypatch, QUIET)
    board = opened().state.board
    fleets = {"russia": [attrs.evolve(board.fleet("kreisera"), tactics={"posture": "stand"})],
              "central": [attrs.evolve(board.fleet("mittelmeer"), tactics={"posture": "stand"}), board.fleet("coal")]}
    outcome = fight(board, SEA, roller(), "southwest", fleets, False, "battle/southwest")
    text = json.dumps(side_report(outcome, "russia", "southwest", False, False, ""))
    assert not any(n in text for n in ("Yavuz", "Midilli", "Irmingard", "Bezmi"))
    assert "Kagul" in text


def test_a_report_shows_enemy_groups_only_while_they_are_face_up(monkeypatch):
    from fogbank.rules.greatwar.tactical.report import side_report
    load_dice(monkeypatch, QUIET)
    board = opened().state.board
    fleets = {"russia": [board.fleet("battle")], "central": [board.fleet("mittelmeer")]}
    outcome = fight(board, SEA, roller(), "southwest", fleets, True, "battle/southwest")
    report = side_report(outcome, "russia", "southwest", True, False, "")
    assert not [g for g in report["steps"][0]["groups"] if g["side"] == "central"]  # at set-up, 4 areas off
    seen = [g for s in report["steps"] for g in s["groups"] if g["side"] == "central"]
    assert seen and all(g["face_up"] and "hits" not in g["ships"][0] for g in seen)


# -- on the zone map ------------------------------------------------------------------------------


def test_a_fleet_moving_two_zones_that_stands_unclosed_sails_on_into_its_second_zone(monkeypatch):
    from .table import moved, plot
    load_dice(monkeypatch, {**QUIET, r"/contact/": (6,), r"strategic event": (3, 3)})
    game = opened(change=moved("kreisera", "bosporus"))
    game = plot(game, {"cruisers": {"mission": "raid", "path": ["bosporus", "southwest"], "tactics": {"posture": "stand"}},
                       "kreisera": {"mission": "raid", "path": [], "tactics": {"posture": "keep_off"}}})
    assert game.state.board.fleet("cruisers").zone == "southwest"
    view = RULES.observe(game.state, "ottoman", since=1)
    assert view["battles"] and "stood" in view["battles"][0]["result"]
    assert not RULES.observe(game.state, "souchon", since=1)["battles"]  # no fleet of his was there


def test_a_contact_fought_out_stops_both_fleets_and_reports_to_each_side(monkeypatch):
    from .table import moved, plot
    load_dice(monkeypatch, {r"/contact/": (6,), r"strategic event": (3, 3)})
    game = opened(change=moved("kreisera", "bosporus"))
    game = plot(game, {"cruisers": {"mission": "raid", "path": ["bosporus", "southwest"]},
                       "kreisera": {"mission": "raid", "path": []}})
    assert game.state.board.fleet("cruisers") is None or game.state.board.fleet("cruisers").zone == "bosporus"
    steps = RULES.observe(game.state, "flotilla", since=1)["battles"][0]["steps"]
    assert any(g["side"] == "central" for s in steps for g in s["groups"])


def test_primary_guns_at_a_destroyer_roll_one_less_and_secondaries_do_not():
    b = battle({"russia": ["battle"], "central": ["torpedo"]})
    place(b, "Evstafi", (5, 1)), place(b, "Muavenet", (7, 1))
    at_destroyers = [s for s in aimed_fire(b) if b.units[s.firers[0]].side == "russia"]
    primary = [s for s in at_destroyers if s.gun == 0]
    secondary = [s for s in at_destroyers if s.gun == 1]
    assert primary and all(any("small target" in m.reason for m in s.modifiers) for s in primary)
    assert secondary and not any(s.modifiers for s in secondary)


def test_the_battle_ends_when_one_side_has_left_the_board(monkeypatch):
    load_dice(monkeypatch, QUIET)
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]})
    for n in ("Yavuz Sultan Selim", "Midilli"):
        b.units[n].off = True
    b.round = 1
    assert b._round() and "no ship of Central Powers is left on the board" in said(b)


def test_two_fleets_set_up_in_one_area_make_one_group_of_each_type():
    def split_cruisers(board):  # Mecidiye sails with the colliers, whose area Yavuz and Midilli share
        fleets = tuple(attrs.evolve(f, ships=("Mecidiye",)) if f.id == "coal" else
                       attrs.evolve(f, ships=("Hamidiye",)) if f.id == "cruisers" else f for f in board.fleets)
        return attrs.evolve(board, fleets=fleets)
    b = battle({"russia": ["battle"], "central": ["coal", "cruisers", "minelayer", "mittelmeer"]}, change=split_cruisers)
    assert group(b, "Mecidiye").area == group(b, "Midilli").area
    assert group(b, "Mecidiye") is group(b, "Midilli") and group(b, "Yavuz Sultan Selim") is not group(b, "Midilli")


def test_a_battle_report_names_the_ships_a_side_lost(monkeypatch):
    from .table import moved, plot
    load_dice(monkeypatch, {r"/contact/": (6,), r"strategic event": (3, 3)})
    game = opened(change=moved("battle", "bosporus"))
    game = plot(game, {"cruisers": {"mission": "raid", "path": ["bosporus"]},
                       "battle": {"mission": "intercept", "path": []}})
    lost = [n for n in ("Hamidiye", "Mecidiye") if game.state.board.ships[n].hits >= SEA.ships[n].hull]
    result = RULES.observe(game.state, "ottoman", since=1)["battles"][0]["result"]
    assert lost and result.endswith("; we lost: " + ", ".join(lost))
    assert "we lost" not in RULES.observe(game.state, "eberhardt", since=1)["battles"][0]["result"]


# -- keeping off, breaking off, ports that fight back, the initiative fleet by fleet ---------------


def test_a_fleet_keeping_off_backs_out_of_sight_instead_of_parking_at_visibility(monkeypatch):
    load_dice(monkeypatch, QUIET)
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]}, tactics={"mittelmeer": {"posture": "keep_off"}})
    b.round = 1
    place(b, "Yavuz Sultan Selim", (3, 1)), place(b, "Evstafi", (6, 1))  # 3 areas: in sight and in reach
    b._move("central", FAST, first=False)
    assert distance(group(b, "Yavuz Sultan Selim").area, (6, 1)) == 4 and not b.face_up(group(b, "Yavuz Sultan Selim"))


def test_a_fleet_keeping_off_that_is_cornered_leaves_by_the_short_edge_but_not_in_the_first_move(monkeypatch):
    load_dice(monkeypatch, QUIET)
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]}, tactics={"mittelmeer": {"posture": "keep_off"}})
    b.round = 1
    place(b, "Yavuz Sultan Selim", (0, 1)), place(b, "Evstafi", (2, 1))
    b._move("central", ALL, first=True)
    assert not b.units["Yavuz Sultan Selim"].off
    b._move("central", FAST, first=False)
    assert b.units["Yavuz Sultan Selim"].off and b.broke is None


def test_a_side_may_break_off_from_round_two_without_any_damage_first(monkeypatch):
    load_dice(monkeypatch, QUIET)
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]}, tactics={"mittelmeer": {"break_off": 1}})
    b.round = 1
    b._move("central", FAST, first=False)
    assert b.broke is None
    b.round = 2
    b._move("central", FAST, first=False)
    assert b.broke == "central"


def test_a_fleet_told_to_break_off_when_outgunned_does_so_from_round_two_when_the_enemy_in_sight_outguns_it(monkeypatch):
    load_dice(monkeypatch, QUIET)
    tactics = {"mittelmeer": {"break_off": "outgunned"}}
    b = battle({"russia": ["kreisera"], "central": ["mittelmeer"]}, tactics=tactics)
    b.round = 2
    place(b, "Yavuz Sultan Selim", (4, 1)), place(b, "Kagul", (6, 1))
    b._move("central", FAST, first=False)
    assert b.broke is None  # two light cruisers do not outgun Goeben
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]}, tactics=tactics)
    b.round = 2
    place(b, "Yavuz Sultan Selim", (4, 1)), place(b, "Evstafi", (6, 1))
    b._move("central", FAST, first=False)
    assert b.broke == "central"


def test_goeben_keeping_off_and_breaking_off_survives_the_russian_line_by_day(monkeypatch):
    """The issue's trial: Goeben alone against the five battleships, sunk in 300 of 300 day
    battles. Keeping off with break-off at the first chance she lives through most."""
    from fogbank.rules.greatwar.tactical.sequence import fight
    board = opened().state.board
    afloat = 0
    for n in range(40):
        fleets = {"russia": [board.fleet("battle")],
                  "central": [attrs.evolve(board.fleet("mittelmeer"), ships=("Yavuz Sultan Selim",),
                                           tactics={"posture": "keep_off", "break_off": 1})]}
        outcome = fight(board, SEA, roller(bytes([n]) * 32), "southwest", fleets, True, f"battle/southwest")
        afloat += "Yavuz Sultan Selim" not in outcome.sunk
    assert afloat >= 30


def test_a_ports_batteries_fire_in_a_battle_in_its_zone(monkeypatch):
    load_dice(monkeypatch, {**QUIET, r"gunfire/.*/primary/the shore batteries": (6,)})
    board = attrs.evolve(opened().state.board, batteries={"sevastopol": 3})
    fleets = {"russia": [board.fleet("kreisera")], "central": [board.fleet("mittelmeer")]}
    b = Battle(board, SEA, roller(), "sevastopol", fleets, True, "battle/sevastopol", False, "russia")
    place(b, "Yavuz Sultan Selim", b.battery.area)
    b.round, b.segment = 1, 3
    combat(b)
    assert "the shore batteries of Sevastopol fire primary guns (3 dice) at Yavuz Sultan Selim: 3 hits" in said(b)


def test_one_fleet_bound_to_lay_mines_does_not_cost_its_side_the_initiative(monkeypatch):
    from fogbank.rules.greatwar.tactical.sequence import _initiative
    load_dice(monkeypatch, {r"initiative/central": (6,), r"initiative/russia": (1,)})
    board = opened().state.board
    dice = roller()
    both = {"central": [board.fleet("mittelmeer"), board.fleet("minelayer")], "russia": [board.fleet("kreisera")]}
    assert _initiative(both, dice, "battle/x") == "central"
    alone = {"central": [board.fleet("minelayer")], "russia": [board.fleet("kreisera")]}
    assert _initiative(alone, dice, "battle/y") == "russia"


def test_ships_firing_at_one_target_from_different_ranges_roll_together(monkeypatch):
    b = battle({"russia": ["battle"], "central": ["mittelmeer"]})
    place(b, "Yavuz Sultan Selim", (6, 1))
    b.groups.append(attrs.evolve(group(b, "Evstafi"), id="russia:Rostislav", ships=["Rostislav"], area=(6, 1), leader=None))
    group(b, "Evstafi").ships.remove("Rostislav")
    place(b, "Evstafi", (5, 1))
    b.units["Panteleimon"].fire_control = True
    primary = [s for s in aimed_fire(b) if s.target == "Yavuz Sultan Selim" and s.gun == 0]
    assert len(primary) == 1 and set(primary[0].firers) == {"Evstafi", "Ioann Zlatoust", "Panteleimon", "Tri Sviatitelia", "Rostislav"}
    assert primary[0].rng == 1 and primary[0].dice == 3 + (4 * 4) // 2


def test_a_battle_line_names_a_standing_side_in_words(monkeypatch):
    b = battle({"russia": ["kreisera"], "central": ["minelayer"]}, init="russia", tactics={"kreisera": {"posture": "keep_off"}})
    b.play()
    assert "Central Powers stands to carry out its mission" in said(b)


def test_a_fleet_the_rules_steer_home_keeps_off_instead_of_standing_to_a_mission_it_no_longer_has():
    b = battle({"russia": ["kreisera"], "central": ["minelayer"]}, change=lambda board: attrs.evolve(
        board, fleets=tuple(attrs.evolve(f, returning=True) if f.id == "minelayer" else f for f in board.fleets)))
    assert b.standing is None and group(b, "Nilufer").tactics.posture == "keep_off"

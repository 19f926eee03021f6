"""Gunfire: when a ship can fire (range, visibility, radar, zeppelin, indirect fire, land, 12.41),
every DPT modifier of 12.6 and its list, damage and its effects, and damage control."""

import attrs
import pytest

from fogbank.rules.core import Roll
from fogbank.rules.salvo import gunnery, hexes, phase_one, sensing
from fogbank.rules.salvo.hexes import parse

from .sea import modifiers, ship, work


def bearing(w, firer, target, battery="main", spotter=None):
    return gunnery._bearing(w, w.units[firer], battery, w.units[target], spotter)


def mods(w, firer, target, concentrated=False, fired_at=(), battery="main"):
    f, t = w.units[firer], w.units[target]
    return modifiers(gunnery._modifiers(w, f, battery, t, hexes.distance(f.hex, t.hex), concentrated, set(fired_at)))


def seen(w, *uids, by="britain"):
    return attrs.evolve(w.board, detected={**w.board.detected, by: frozenset(uids)})


def test_range_sight_and_the_secondary_battery():
    w = work([ship("L", "1010", facing="A"), ship("S", "1016", "germany")], visibility=9)
    w.board = seen(w, "S")
    assert bearing(w, "L", "S") == ("", [])
    assert bearing(w, "L", "S", "secondary")[0] == "out of range (6 hexes, range 5)"
    w.board = attrs.evolve(w.board, visibility=5)
    assert bearing(w, "L", "S")[0] == "out of sight"
    far = work([ship("L", "1001", facing="A", range=10), ship("S", "1016", "germany")], visibility=20)
    far.board = seen(far, "S")
    assert bearing(far, "L", "S")[0] == "out of range (15 hexes, range 10)"


@pytest.mark.parametrize("radar, distance, expected", [
    ("mark_3", 8, {}),  # within spotting range: no penalty
    ("mark_3", 12, {"low grade radar": -3}),  # allied low grade beyond spotting
    ("mark_8", 16, {"advanced radar": -2}),  # advanced beyond spotting
    ("kai_2", 8, {"low grade radar": -3}),  # Axis sets spot no fall of shot
])
def test_radar_fire_beyond_visibility(radar, distance, expected):
    side, other = ("us", "japan") if radar != "kai_2" else ("japan", "us")
    w = work([ship("R", "1001", side, facing="C", radar=radar, range=30), ship("T", f"10{1 + distance:02d}", other)],
             scenario="cape_esperance", visibility=3)
    w.board = seen(w, "T", by=side if side == "us" else "goto")
    why, found = bearing(w, "R", "T")
    assert why == "" and modifiers(found) == expected


def test_radar_gunfire_stops_at_its_gun_range_and_its_impaired_reach():
    w = work([ship("R", "1001", "us", radar="mark_3", range=30), ship("T", "1015", "japan")], scenario="cape_esperance", visibility=3)
    w.board = seen(w, "T", by="us")
    assert bearing(w, "R", "T")[0] == "beyond visibility and radar gun range (13)"
    w.board = attrs.evolve(w.board, radar_range={"R": 7})
    w.units["T"] = attrs.evolve(w.units["T"], hex=parse("1010"))
    assert bearing(w, "R", "T")[0] == "beyond visibility and radar gun range (7)"


def test_zeppelin_spotting_and_shooting_at_zeppelins():
    z = ship("Z", "1020", "germany", kind="zeppelin", seat="strasser", type="Z", defence=5)
    w = work([ship("G", "1001", "germany", range=25), ship("L", "1024"), z], visibility=5)
    w.board = seen(w, "L", by="germany")
    assert modifiers(bearing(w, "G", "L")[1]) == {"spotting zeppelin": -3}
    w.board = seen(w, "Z", by="britain")
    assert bearing(w, "L", "Z")[0] == "out of range (4 hexes, range 2)"
    w.units["Z"] = attrs.evolve(z, hex=parse("1022"))
    assert bearing(w, "L", "Z")[0] == ""


def test_gallipoli_forts_and_indirect_fire_across_the_peninsula():
    fort = ship("F1", "2003", "turkish", kind="fort", type="major fort", attack=14, defence=10, range=12)
    outside, spotter = ship("Q", "0705", "allied", range=18), ship("P", "2103", "allied")
    w = work([fort, outside, spotter], scenario="gallipoli", visibility=11)
    assert bearing(w, "Q", "F1")[0] == "land is in the way"
    why, found = bearing(w, "Q", "F1", spotter=w.units["P"])
    assert why == "" and modifiers(found) == {"indirect fire across the peninsula": -3}
    assert bearing(w, "P", "F1", "secondary")[0] == "secondary batteries may not fire at forts"
    assert "target speed 6" not in mods(w, "P", "F1")
    w.units["F1"] = attrs.evolve(fort, w=3)
    assert bearing(w, "F1", "P")[0] == "its guns are silent"


def test_a_ship_beside_the_line_blocks_it():
    w = work([ship("L", "1010", facing="D"), ship("S", "1016", "germany"), ship("B", "1011", "germany")], visibility=9)
    w.board = seen(w, "S", "B")
    assert bearing(w, "L", "S")[0] == "line of sight blocked: a ship beside the firer or target"


def test_a_ship_beside_a_fort_blocks_fire_at_it_as_a_ship_beside_a_ship_blocks_the_fort():
    """12.41 works both ways at Gallipoli: a ship on the line beside the fort blocks fire at the
    fort, as it blocks the fort's fire at a ship behind it."""
    fort = ship("F1", "1010", "germany", kind="fort", type="major fort", attack=14, defence=10, range=12, facing="A")
    near, behind = ship("N", "1011", facing="A"), ship("Q", "1016", facing="A")
    w = work([fort, near, behind], visibility=11)  # open sea: nothing but the ship between
    w.board = seen(w, "N", "Q", by="germany")
    assert bearing(w, "Q", "F1")[0] == "line of sight blocked: a ship beside the firer or target"
    assert bearing(w, "F1", "Q")[0] == "line of sight blocked: a ship beside the firer or target"


def test_each_gunnery_modifier():
    base = dict(visibility=20)
    # Broadside, nothing special: no modifiers.
    w = work([ship("L", "1010", facing="C", speed=3), ship("S", "0716", "germany", facing="C", speed=3)], **base)
    assert mods(w, "L", "S") == {}
    # Crossing the T (five or more hexes on the target's axis) but not at 1-4 hexes.
    target = parse("1012")
    w = work([ship("L", hexes.number(target.step("A", 6)), facing="C"), ship("S", "1012", "germany", facing="A")], **base)
    assert mods(w, "L", "S")["crossing the T"] == 1
    w = work([ship("L", hexes.number(target.step("A", 3)), facing="C"), ship("S", "1012", "germany", facing="A")], **base)
    assert "crossing the T" not in mods(w, "L", "S")
    # Off the hex row but within the hexsides ahead and astern (the straight edge of 12.62).
    w = work([ship("L", hexes.number(target.step("D", 4).step("C", 2)), facing="A"), ship("S", "1012", "germany", facing="A")], **base)
    assert mods(w, "L", "S")["crossing the T"] == 1
    # Target speed 6, target speed 1, target dead in the water.
    w = work([ship("L", "1010", facing="C"), ship("S", "0716", "germany", speed=6)], **base)
    assert mods(w, "L", "S") == {"target speed 6": -1}
    w = work([ship("L", "1010", facing="C"), ship("S", "0716", "germany", speed=1)], **base)
    assert mods(w, "L", "S") == {"target dead in the water or at speed 1": 2}
    w = work([ship("L", "1010", facing="C"), ship("S", "0716", "germany", s=3)], **base)
    assert mods(w, "L", "S") == {"target dead in the water or at speed 1": 2}
    # The firer: max speed, turned, shifting targets, fired at, crews, bridge hit, bow sector.
    w = work([ship("L", "1010", facing="C", speed=6, turned=True, target="X", crew="crack"),
              ship("S", "0716", "germany")], **base)
    assert mods(w, "L", "S", fired_at={"L"}) == {
        "crack crew": 1, "firing ship turned last move": -1, "shifting targets": -1,
        "firing ship at maximum speed": -1, "ship fired at this turn": -2,
    }
    w = work([ship("L", "1010", facing="C", crew="poor"), ship("S", "0716", "germany")], **base,
             marks=frozenset({("bridge", "L", 1)}))
    assert mods(w, "L", "S") == {"poor crew": -2}
    w = work([ship("L", "1010", facing="D"), ship("S", "1016", "germany")], **base)
    assert mods(w, "L", "S") == {"firing from the bow or stern sector": -1}
    # Concentrated fire (main batteries), fire control difficulties.
    w = work([ship("L", "1010", facing="C"), ship("S", "0716", "germany")], **base,
             effects={"britain": frozenset({"fire control difficulties"})})
    assert mods(w, "L", "S", concentrated=True) == {"concentrated fire": -1, "fire control difficulties": -1}
    assert "concentrated fire" not in mods(w, "L", "S", concentrated=True, battery="secondary")


def test_night_modifiers_starshell_and_deck_fire():
    w = work([ship("R", "1010", "us", facing="C"), ship("J", "0716", "japan")], scenario="cape_esperance",
             visibility=3, starshells=(("R", parse("0716")),), marks=frozenset({("deck", "J", 1)}))
    assert mods(w, "R", "J") == {"starshell illuminated target": -1, "target has a deck fire at night": 1}


def test_damage_takes_thirds_and_sinks():
    w = work([ship("L", "1010", attack=9, max_speed=6, points=30), ship("S", "1020", "germany")])
    w.damage("L", "W")
    assert w.units["L"].current_attack == 6 and w.units["L"].fresh_w == 1
    w.damage("L", "2W")
    assert w.units["L"].current_attack == 0 and w.units["L"].radar_lost
    w.damage("L", "S")
    assert w.units["L"].current_max_speed == 4 and w.units["L"].afloat
    assert w.damage("L", "WS") == "sunk" and w.board.points == {"germany": 30}
    w = work([ship("L", "1010")])
    assert w.damage("L", "X") == "sunk"


def test_forts_ignore_s_and_fall_at_3w_and_zeppelins_fall_to_s():
    fort = ship("F", "2003", "turkish", kind="fort", points=15)
    w = work([fort], scenario="gallipoli")
    assert w.damage("F", "S") == "unharmed" and w.damage("F", "2W") == "damaged"
    assert w.damage("F", "W") == "destroyed" and w.board.points == {"allied": 15}
    z = ship("Z", "1010", "germany", kind="zeppelin", seat="strasser", points=10)
    w = work([z])
    assert w.damage("Z", "W") == "unharmed" and w.damage("Z", "S") == "destroyed" and w.board.points == {"britain": 10}


def test_an_s_hit_on_a_fort_is_told_as_doing_nothing_to_a_fort_not_as_a_bare_unharmed():
    fort = ship("F", "2003", "turkish", kind="fort", seat="forts")
    firer = ship("Q", "2006", "allied", seat="de_robeck")
    w = work([fort, firer], scenario="gallipoli")
    gunnery._tell_result(w, fort, "S", w.damage("F", "S"), [firer])
    said = [e.text for e in w.events if e.what in ("fire_result", "under_fire")]
    assert said and all(t.endswith("S (unharmed: S hits do nothing to a fort).") for t in said)


def test_damage_control_mends_only_this_turns_hits_once_a_turn_and_forts_twice():
    w = work([ship("L", "1010", w=2, fresh_w=1, s=1), ship("F", "1020", "germany", kind="fort", w=2, fresh_w=2)],
             phase="damage_control")
    phase_one.damage_control(w)
    rolls = {r.key.split("/", 2)[2]: r.outcome for r in w.rolls}
    assert set(rolls) == {"L/0", "F/0", "F/1"} or set(rolls) == {"L/0", "F/0"}
    assert w.units["L"].w == 2 - (rolls["L/0"] == "repaired") and w.units["L"].s == 1
    assert w.units["L"].fresh_w == 0 and w.units["F"].fresh_w == 0
    assert w.units["F"].w == 2 - sum(1 for k, o in rolls.items() if k.startswith("F") and o == "repaired")


class Fixed:
    """A roller that reads given outcomes, table by table, and keeps every roll's modifiers."""

    def __init__(self, **outcomes):
        self.outcomes, self.rolled = outcomes, []

    def __call__(self, key, table, modifiers=()):
        self.rolled.append((table, {m.reason: m.value for m in modifiers}))
        return Roll(index=0, turn=1, key=key, table=table, sides=6, dice=(3, 3), modifiers=tuple(modifiers), total=6,
                    outcome=self.outcomes[table])


def test_heavy_seas_smoke_costs_a_shot_one_point_though_the_target_was_spotted_through_it_too():
    """NWS: a partly blocked line gives -1 to the fire at a target spotted through it: once."""
    w = work([ship("L", "1010", facing="C", speed=3), ship("S", "1014", "germany", facing="C", speed=3)],
             heavy_seas=True, visibility=9, smoke=frozenset({parse("1012")}), labels={"britain": {"S": 1}})
    w.roll = Fixed(smoke_seas="partial", dpt="miss")
    w.outcome_of = lambda key, table: w.roll(key, table).outcome
    w.sense("movement")
    assert "S" in w.board.detected["britain"]
    gunnery.resolve(w, {"beatty": {"fire": {"L": {"target": 1}}}})
    dpt = [mods for table, mods in w.roll.rolled if table == "dpt"]
    assert dpt == [{"fire through partly blocking smoke": -1}]


def test_in_heavy_seas_each_shot_through_smoke_rolls_its_own_die_main_and_secondary_alike():
    """NWS: a die "for each shot": a ship's main and secondary batteries firing along one line
    through smoke roll two (the same key twice would repeat the dice, and the roller refuses it).
    The main battery's shot keeps the key it always had; the secondary's is its own."""
    w = work([ship("L", "1010", facing="C", speed=3), ship("S", "1014", "germany", facing="C", speed=3)],
             heavy_seas=True, visibility=9, smoke=frozenset({parse("1012")}), labels={"britain": {"S": 1}},
             detected={"britain": frozenset({"S"})})
    gunnery.resolve(w, {"beatty": {"fire": {"L": {"target": 1, "secondary": 1}}}})
    smoke = [r.key for r in w.rolls if r.table == "smoke_seas"]
    assert smoke == ["1/smoke/fire/L/S", "1/smoke/secondary/L/S"]


def test_torpedoes_through_partial_smoke_lose_one_and_never_cross_land_or_run_without_power():
    units = [ship("D", "1010", kind="screen", type="DD", facing="C", torpedoes=3, torpedo_range=8, salvoes=2),
             ship("S", "1014", "germany", facing="C")]
    w = work(units, heavy_seas=True, visibility=9, smoke=frozenset({parse("1012")}),
             labels={"britain": {"S": 1}}, detected={"britain": frozenset({"S"})})
    w.roll = Fixed(smoke_seas="partial", torpedo="miss", dpt="miss")
    w.outcome_of = lambda key, table: w.roll(key, table).outcome
    gunnery.resolve(w, {"beatty": {"fire": {"D": {"torpedo": 1}}}})
    assert [mods for table, mods in w.roll.rolled if table == "torpedo"] == [
        {"torpedo factor": 3, "range": -4, "fire through partly blocking smoke": -1}]
    w = work(units, visibility=9, labels={"britain": {"S": 1}}, detected={"britain": frozenset({"S"})},
             marks=frozenset({("engineering", "D", 1)}))
    w.roll = Fixed()
    gunnery.resolve(w, {"beatty": {"fire": {"D": {"torpedo": 1}}}})
    assert w.roll.rolled == [] and "no power after an engineering hit" in w.told["beatty"][0].text
    island = work([ship("D", "1909", "us", seat="tobin", kind="screen", type="DD", torpedoes=2, torpedo_range=10, salvoes=2),
                   ship("J", "2909", "japan")], scenario="cape_esperance", visibility=3,
                  labels={"us": {"J": 1}}, detected={"us": frozenset({"J"})})
    island.roll = Fixed(torpedo="miss")
    assert sensing.land_blocked(island.scenario, parse("1909"), parse("2909"))  # Savo between
    gunnery.resolve(island, {"tobin": {"fire": {"D": {"torpedo": 1}}}})
    assert island.roll.rolled == [] and "land is in the way" in island.told["tobin"][0].text


def test_a_ship_holding_a_searchlight_may_be_fired_at_by_whoever_sees_her():
    """Seen from 10 hexes by everyone, so fired at from there too, not only within visibility."""
    beam = ship("R", "1010", "us", searchlight=True)
    w = work([beam, ship("J", "1018", "japan", seat="goto"), ship("X", "1030", "japan", seat="goto")],
             scenario="cape_esperance", visibility=3, searchlights=(("R", "X"),))
    w.board = seen(w, "R", by="goto")
    assert bearing(w, "J", "R") == ("", [])
    assert bearing(w, "R", "J")[0] == "out of sight"  # the beam shows its holder, not what it does not hold


@pytest.mark.parametrize("light", ["searchlight", "starshell"])
def test_fire_by_the_light_reaches_its_ten_hexes_and_beyond_them_only_radar_aims(light):
    """A ship seen in the light is fired at by eye from 10 hexes (the light's reach), not from as
    far as the guns reach: beyond it only a fire-control set aims, with its penalty."""
    def lit_at(distance, radar=""):
        target = ship("J", f"10{1 + distance:02d}", "japan", seat="goto")
        if light == "searchlight":  # her own beam shows her to everyone
            board = {"searchlights": (("J", "X"),)}
        else:  # a US starshell bursts beside her
            board = {"starshells": (("D", parse(f"11{1 + distance:02d}")),)}
        units = [ship("R", "1001", "us", range=30, radar=radar),
                 ship("D", "1108", "us", seat="tobin", kind="screen"), target,
                 ship("X", "1030", "japan", seat="goto")]  # what her beam holds
        w = work(units, scenario="cape_esperance", visibility=3, **board)
        w.board = seen(w, "J", by="us")
        return bearing(w, "R", "J")

    assert lit_at(10) == ("", [])
    assert lit_at(12)[0] == "out of sight"
    why, found = lit_at(12, radar="mark_3")
    assert why == "" and modifiers(found) == {"low grade radar": -3}


def test_in_heavy_seas_thin_smoke_shortens_the_lights_reach_not_the_visibility():
    """NWS: a partly blocked line cuts the spotting range by 2: for a ship seen in the light that
    is 10 - 2 = 8 hexes, not the night's visibility of 3 less 2."""
    units = [ship("R", "1001", "us", facing="D"), ship("J", "1009", "japan", seat="goto"),
             ship("X", "1030", "japan", seat="goto")]
    w = work(units, scenario="cape_esperance", heavy_seas=True, visibility=3, searchlights=(("J", "X"),),
             smoke=frozenset({parse("1005")}), labels={"us": {"J": 1}})
    w.board = seen(w, "J", by="us")
    w.roll = Fixed(smoke_seas="partial", dpt="miss")
    w.outcome_of = lambda key, table: w.roll(key, table).outcome
    assert bearing(w, "R", "J") == ("", [gunnery.PARTLY_BLOCKED])
    w.units["J"] = attrs.evolve(w.units["J"], hex=parse("1010"))  # 9 hexes: past the light's reach less 2
    assert bearing(w, "R", "J")[0] == "out of sight"


def test_any_speed_of_six_or_more_makes_a_harder_target():
    w = work([ship("L", "1010", facing="C"), ship("S", "0716", "germany", kind="screen", speed=7, max_speed=7)], visibility=20)
    assert mods(w, "L", "S") == {"target speed 6": -1}


def test_a_bridge_hit_kills_the_admiral_and_the_flagship_no_longer_keeps_order():
    w = work([ship("L", "1010", flagship=True), ship("S", "1020", "germany")])
    gunnery._special(w, w.units["L"], "bridge hit", [w.units["S"]])
    assert not w.units["L"].flagship and w.board.marked("bridge_all", "britain", 2)


def test_a_dummy_is_never_fired_at_and_a_marker_out_of_sight_is_refused_alike_ship_or_dummy():
    """Fire needs a detected target and a dummy detected is removed, so no shot reaches a dummy;
    a marker not detected is refused in the same words whether a ship or a dummy lies under it."""
    from fogbank.rules.salvo.units import DUMMY

    told = {}
    for kind in ("capital", DUMMY):
        w = work([ship("L", "1010", facing="D"), ship("M", "1016", "germany", kind=kind)], visibility=5,
                 labels={"britain": {"M": 1}})
        w.sense("movement")
        assert "M" in w.units and "M" not in w.board.detected["britain"]  # 6 hexes off: a marker
        w.roll = Fixed(dpt="full")
        gunnery.resolve(w, {"beatty": {"fire": {"L": {"target": 1}}}})
        assert w.roll.rolled == []
        told[kind] = [(r.kind, r.text) for r in w.told["beatty"]]
        near = work([ship("L", "1010", facing="D"), ship("M", "1014", "germany", kind=kind)], visibility=5)
        near.sense("movement")  # 4 hexes: in sight
        assert ("M" in near.units) == (kind != DUMMY)  # a dummy in sight is found out and taken off
    assert told["capital"] == told[DUMMY] == [("no_shot", "L could not fire at marker 1: out of sight.")]

def test_shields_up_shrugs_off_a_torpedo_hit_as_well_as_the_guns():
    """Random event 2 (decisions.md): the ship most fired at ignores every hit this turn, her side
    told so: a torpedo's too, not only the guns' (an outside referee found a WS from a torpedo kept)."""
    units = [ship("L", "1010", facing="C"), ship("D", "1212", kind="screen", type="DD", facing="C", torpedoes=3,
                                                  torpedo_range=8, salvoes=2),
             ship("S", "1014", "germany", facing="C")]
    w = work(units, visibility=9, labels={"britain": {"S": 1}}, detected={"britain": frozenset({"S"})},
             effects={"germany": frozenset({"shields up"})})
    w.roll = Fixed(dpt="full", crt_1_1="W", torpedo="hit", underwater="WS")
    gunnery.resolve(w, {"beatty": {"fire": {"L": {"target": 1}, "D": {"torpedo": 1}}}})
    assert [table for table, _ in w.roll.rolled] == ["dpt", "crt_1_1", "torpedo", "underwater"]
    hurt = w.units["S"]
    assert (hurt.w, hurt.s, hurt.sunk) == (0, 0, False)
    assert [t.text for t in w.told["hipper"] if t.kind == "shields_up"] == ["S shrugged off every hit this turn (shields up)."] * 2


def test_a_hit_shrugged_off_with_shields_up_does_no_special_damage_either():
    """Random event 2 ignores every hit on the ship: the special damage a hit's dice would have done
    is rolled (the dice are the log's) but does not land."""
    class Eleven(Fixed):
        def __call__(self, key, table, modifiers=()):
            roll = super().__call__(key, table, modifiers)
            return attrs.evolve(roll, dice=(5, 6), total=11) if table.startswith("crt") else roll

    for shields, marked in ((frozenset({"shields up"}), False), (frozenset(), True)):
        w = work([ship("L", "1010", facing="C"), ship("S", "1014", "germany", facing="C")], visibility=9,
                 labels={"britain": {"S": 1}}, detected={"britain": frozenset({"S"})}, effects={"germany": shields})
        w.roll = Eleven(dpt="full", crt_1_1="W", special_damage="engineering hit")
        gunnery.resolve(w, {"beatty": {"fire": {"L": {"target": 1}}}})
        assert "special_damage" in [table for table, _ in w.roll.rolled]
        assert w.board.marked("engineering", "S", 2) is marked
        assert any(t.kind == "special_damage" for t in w.told["hipper"]) is marked

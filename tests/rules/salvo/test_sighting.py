"""Line of sight (land, forts over one land hex, smoke, 12.41), and detection by eye, radar, light
and zeppelin, with dummies found out (12.21, 12.22, 12.1, 12.13, 12.42, NWS smoke)."""

import attrs

from fogbank.rules.salvo import hexes, sensing
from fogbank.rules.salvo.hexes import parse
from fogbank.rules.salvo.scenario import load_scenario

from .sea import ship, work


def NEVER(key, table):
    return (_ for _ in ()).throw(AssertionError(f"no roll expected: {key}"))


def detect(w, stage="t", roll=NEVER):
    board = attrs.evolve(w.board, units=tuple(w.units.values()))
    return sensing.detect(w.scenario, board, w.turn, roll, stage)


def test_land_blocks_and_a_fort_sees_over_one_land_hex():
    s = load_scenario("gallipoli")
    assert sensing.land_blocked(s, parse("1004"), parse("2006"))
    pairs = [
        (a, b) for a in s.map.terrain for b in s.map.terrain
        if s.map.water(a) and s.map.water(b) and 2 <= hexes.distance(a, b) <= 4
        and all(sum(map(s.map.land, p)) == 1 for p in sensing.strictly_between(a, b))
    ]
    a, b = pairs[0]
    assert sensing.land_blocked(s, a, b) and not sensing.land_blocked(s, a, b, allowance=1)


def test_what_blocks_a_line_is_kept_by_map_so_another_map_answers_for_itself():
    s = load_scenario("gallipoli")
    a, b = parse("1004"), parse("2006")
    assert sensing.land_blocked(s, a, b)  # kept for gallipoli's map now
    between = {h for path in sensing.strictly_between(a, b) for h in path}
    drowned = {h: ("." if h in between else t) for h, t in s.map.terrain.items()}  # the same map, all sea between
    redrawn = attrs.evolve(s, map=attrs.evolve(s.map, terrain=drowned))
    assert redrawn.map != s.map  # maps are told apart by identity
    assert not sensing.land_blocked(redrawn, a, b) and sensing.land_blocked(s, a, b)


def test_visibility_range_decides_detection_by_eye():
    w = work([ship("L", "1010"), ship("S", "1020", "germany")], visibility=9)
    assert detect(w) == {"britain": {}, "germany": {}}
    w = work([ship("L", "1010"), ship("S", "1019", "germany")], visibility=9)
    assert detect(w) == {"britain": {"S": "sight"}, "germany": {"L": "sight"}}


def test_smoke_between_blocks_sight_and_a_ship_in_smoke_neither_sees_nor_is_seen():
    units = [ship("L", "1010"), ship("S", "1014", "germany")]
    assert detect(work(units, visibility=9, smoke=frozenset({parse("1012")}))) == {"britain": {}, "germany": {}}
    assert detect(work(units, visibility=9, smoke=frozenset({parse("1014")}))) == {"britain": {}, "germany": {}}
    assert detect(work(units, visibility=9, smoke=frozenset({parse("1212")})))["britain"] == {"S": "sight"}


def test_heavy_seas_smoke_is_rolled_for_blocked_partial_or_clear():
    units = [ship("L", "1010"), ship("S", "1014", "germany")]
    smoky = dict(visibility=9, smoke=frozenset({parse("1012")}))
    for seas, seen in (("blocked", {}), ("partial", {"S": "partial"}), ("clear", {"S": "sight"})):
        assert detect(work(units, heavy_seas=True, **smoky), roll=lambda k, t, seas=seas: seas)["britain"] == seen
    far = [ship("L", "1010"), ship("S", "1018", "germany")]  # 8 hexes: beyond 9 - 2 when partial
    assert detect(work(far, heavy_seas=True, **smoky), roll=lambda k, t: "partial")["britain"] == {}


def test_ships_block_fire_beside_the_firer_or_target_and_destroyers_over_capital_ships():
    firer, target = ship("F", "1010", facing="D"), ship("T", "1016", "germany")
    beside, middle = ship("B", "1011", "germany"), ship("M", "1013", "germany")
    board = work([firer, target, beside]).board
    board = attrs.evolve(board, units=(firer, target, beside))
    assert sensing.units_block(board, firer, target, {"B"}) == "a ship beside the firer or target"
    assert sensing.units_block(board, firer, target, set()) == ""  # a ship the firer cannot sense blocks nothing
    board = attrs.evolve(board, units=(firer, target, middle))
    assert sensing.units_block(board, firer, target, {"M"}) == ""
    destroyer = attrs.evolve(firer, type="DD", kind="screen")
    board = attrs.evolve(board, units=(destroyer, target, middle))
    assert sensing.units_block(board, destroyer, target, {"M"}) == "a destroyer cannot fire over a capital ship"


def test_radar_detects_beyond_visibility_to_its_impaired_reach_but_not_through_land():
    us, them = ship("R", "1010", "us", radar="mark_3"), ship("J", "1022", "japan")
    w = work([us, them], scenario="cape_esperance", visibility=3)
    assert detect(w)["us"] == {"J": "radar"}  # 12 hexes, Mark 3 detects 14
    w = work([us, them], scenario="cape_esperance", visibility=3, radar_range={"R": 9})
    assert detect(w)["us"] == {}  # 12.13: 6 + 1d6 = 9 this turn
    assert detect(work([attrs.evolve(us, w=3), them], scenario="cape_esperance", visibility=3))["us"] == {}
    w = work([us, them], scenario="cape_esperance", visibility=3, marks=frozenset({("engineering", "R", 1)}))
    assert detect(w)["us"] == {}
    island = work([ship("R", "1909", "us", radar="mark_3"), ship("J", "2909", "japan")], scenario="cape_esperance", visibility=3)
    assert sensing.land_blocked(island.scenario, parse("1909"), parse("2909")) and "J" not in detect(island)["us"]  # Savo


def test_search_sets_by_ship_sg_far_sc_near_and_none_in_the_flagship():
    """Cape Esperance: Helena and Boise's SG sees 25 hexes, the SC 8, San Francisco's switched-off set nothing."""
    them = ship("J", "0221", "japan")
    for search, seen in (("sg", True), ("sc", False), ("", False)):
        w = work([ship("R", "0201", "us", search=search), them], scenario="cape_esperance", visibility=3)
        assert ("J" in detect(w)["us"]) == seen, search  # 20 hexes off
    w = work([ship("R", "0213", "us", search="sc"), them], scenario="cape_esperance", visibility=3)
    assert detect(w)["us"] == {"J": "radar"}  # 8 hexes


def test_a_starshell_or_searchlight_shows_a_ship_from_ten_hexes_at_night():
    us, them = ship("R", "1010", "us"), ship("J", "1018", "japan")
    dark = work([us, them], scenario="cape_esperance", visibility=3)
    assert detect(dark)["us"] == {}
    lit = work([us, them], scenario="cape_esperance", visibility=3, starshells=(("R", parse("1017")),))
    assert detect(lit)["us"] == {"J": "sight"}
    beam = work([us, them], scenario="cape_esperance", visibility=3, searchlights=(("R", "J"),))
    assert detect(beam) == {"us": {"J": "sight"}, "goto": {"R": "sight"}, "desdiv11": {}}


def test_a_zeppelin_sees_to_base_visibility_over_smoke():
    z = ship("Z", "1010", "germany", kind="zeppelin", seat="strasser", type="Z")
    w = work([z, ship("L", "1026")], visibility=5, smoke=frozenset({parse("1015")}))
    assert detect(w)["germany"] == {"L": "zeppelin"}  # 16 hexes: base visibility is 18


def test_a_dummy_detected_is_taken_off_and_its_finder_told():
    dummy = ship("dummy-britain-9", "1014", kind="dummy", name="dummy")
    w = work([ship("S", "1010", "germany"), dummy], phase="movement", visibility=9,
             labels={"germany": {"dummy-britain-9": 4}})
    w.sense("t")
    assert "dummy-britain-9" not in w.units
    assert [r.text for r in w.told["hipper"]] == ["Marker 4 was a dummy; it is taken off the map."]


def test_a_far_marker_shows_place_and_speed_only():
    c = sensing.contact(ship("L", "1010"), 3, False, "germany")
    assert c["kind"] == "marker" and c["identity"] is None and c["facing"] is None and c["speed"] == 3
    c = sensing.contact(ship("L", "1010"), 3, True, "germany")
    assert c["identity"] == {"id": "L", "name": "L", "type": "BC"} and c["facing"] == "C"

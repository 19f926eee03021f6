"""What each seat is sent, the umpire's whole sea and injected reports, bots, simulate and verify."""

import json
import subprocess
import sys

import pytest

from fogbank.rules import core
from fogbank.rules.core import Refused
from fogbank.rules.record.simulate import game_seed, play_bot_game

from .table import RULES, SEA, opened, plot


def test_a_seat_sees_its_sides_fleets_and_none_of_the_enemys():
    game = opened()
    view = RULES.observe(game.state, "eberhardt")
    assert {f["id"] for f in view["fleets"]} == {"battle", "kreisera", "minonostsy", "zagraditel", "odessa_guard"}
    assert "Yavuz Sultan Selim" not in json.dumps(view)
    # the Bosporus field (3) is told in words, never the count
    assert view["minefields"]["enemy"] == {"bosporus": "moderately mined"}
    assert RULES.observe(game.state, "souchon")["minefields"]["enemy"] == {
        "sevastopol": "lightly mined", "odessa": "lightly mined", "kerch": "heavily mined"}


def test_the_umpire_sees_the_whole_sea():
    view = RULES.observe(opened().state, core.UMPIRE)
    assert len(view["fleets"]) == len(SEA.fleets)
    assert {m["zone"]: m["fields"] for m in view["minefields"]}["bosporus"] == 3
    assert view["batteries"] == {}  # a port's guns are rolled when it is first bombarded


def test_the_umpire_injects_a_report_and_the_seat_sees_it_with_its_age():
    game = opened()
    payload = {"kind": "report", "seat": "eberhardt", "fleet": "mittelmeer", "zone": "west", "ships": True,
               "next_zone": "northwest", "text": "a Romanian steamer's word"}
    game = core.override(game, payload, "testing the reports").game
    report = RULES.observe(game.state, "eberhardt")["reports"][-1]
    assert (report["source"], report["zone"], report["next_zone"], report["age"]) == ("umpire", "west", "northwest", 0)
    assert report["ships"] == ["Yavuz Sultan Selim", "Midilli"]
    assert not RULES.observe(game.state, "flotilla")["reports"]
    for bad in (
        {"kind": "report", "seat": "souchon", "fleet": "mittelmeer", "zone": "west"},  # his own fleet
        {"kind": "report", "seat": ["eberhardt"], "fleet": "mittelmeer", "zone": "west"},
        {"kind": "report", "seat": "eberhardt", "fleet": "mittelmeer", "zone": "west", "next_zone": "atlantis"},
        {"kind": "move", "fleet": "nobody", "zone": "west"},
        {"kind": "sink"},
    ):
        with pytest.raises(Refused) as refused:
            core.override(game, bad, "testing refusals")
        assert refused.value.code == "bad_override"


def test_bot_games_run_to_the_end_with_both_sides_fighting():
    outcomes, battles = [], 0
    for n in range(6):
        records = list(play_bot_game("black_sea", game_seed("greatwar-test", n)))
        outcomes.append(records[-1]["results"])
        battles += sum(1 for r in records if r["type"] == "event" and r.get("kind") == "record" and r["text"].startswith("Battle"))
    assert len(outcomes) == 6 and all(set(o) == {"central", "russia"} for o in outcomes)
    assert battles >= 3


def test_simulate_and_verify_from_the_command_line(tmp_path):
    run = subprocess.run([sys.executable, "-m", "fogbank.cli.main", "simulate", "black_sea", "--seed", "1", "--games", "2", "--json"],
                         cwd=tmp_path, capture_output=True, text=True, check=True)
    games = [json.loads(line) for line in run.stdout.splitlines()]
    assert [g["game"] for g in games] == [0, 1] and all(g["turns"] >= 1 for g in games)
    for g in games:
        verified = subprocess.run([sys.executable, "-m", "fogbank.cli.main", "verify", g["log"]],
                                  cwd=tmp_path, capture_output=True, text=True)
        assert verified.returncode == 0 and "follow from the revealed seed" in verified.stdout + verified.stderr


def test_a_seat_sees_the_tactics_its_last_plot_gave_each_fleet():
    game = opened()
    assert {f["id"]: f["tactics"] for f in RULES.observe(game.state, "souchon")["fleets"]}["mittelmeer"] == {}
    game = plot(game, {"mittelmeer": {"mission": "raid", "path": [], "tactics": {"posture": "keep_off", "smoke": True}}})
    fleets = {f["id"]: f for f in RULES.observe(game.state, "souchon")["fleets"]}
    assert fleets["mittelmeer"]["tactics"] == {"posture": "keep_off", "smoke": True}
    assert fleets["minelayer"]["tactics"] == {}


def test_a_ship_lost_is_news_to_every_seat_of_its_side_with_where(monkeypatch):
    from .table import load_dice, moved
    load_dice(monkeypatch, {r"/contact/": (6,), r"strategic event": (3, 3)})
    game = plot(opened(change=moved("battle", "bosporus")), {"cruisers": {"mission": "raid", "path": ["bosporus"]},
                                                                "battle": {"mission": "intercept", "path": []}})
    news = [n["text"] for n in RULES.observe(game.state, "souchon", since=1)["news"]]  # not his fleet, his side's loss
    assert any(text.endswith("of Ottoman cruisers is sunk in battle in The Bosporus.") for text in news), news


def test_a_report_in_the_record_names_the_zones_as_the_map_prints_them():
    from fogbank.rules.greatwar.events import Sighted, describe

    told = Sighted(turn=2, source="raider", zone="eregli", track=1, next_zone="bosporus",
                   zone_name="Coal coast (Zonguldak, Eregli)", next_zone_name="The Bosporus")
    assert describe(told) == "raider placed: track 1 in Coal coast (Zonguldak, Eregli); next zone The Bosporus"


def test_what_a_seat_and_the_umpire_read_names_zones_and_sides_in_words_never_ids():
    """Over whole bot games: the news, reports, battle lines and the log's words hold no zone or
    side id ("bosporus southwest", "central stands") once the names and titles are taken out."""
    import re

    from fogbank.rules.core.plain import to_plain
    from fogbank.rules.record.simulate import play_out

    words = sorted({z.name for z in SEA.zones.values()} | {v["title"] for v in SEA.sides.values()}
                   | {t for _, _, t in SEA.seats}, key=len, reverse=True)
    ids = set(SEA.zones) | set(SEA.sides)
    found = []

    def check(text, where):
        for word in words:
            text = text.replace(word, "")
        found.extend((where, w, text) for w in re.findall(r"[a-z_]+", text) if w in ids)

    for number in range(6):
        game = core.start(RULES, "black_sea", game_seed("words", number))
        run = play_out(game, 500, {})
        try:
            while True:
                record = next(run)
                if record.get("type") == "event":
                    check(record["text"], "log")
                elif record.get("type") == "end":
                    check(record["reason"], "end")
        except StopIteration as stop:
            game = stop.value
        for seat in RULES.seat_names(game.state):
            view = to_plain(RULES.observe(game.state, seat, since=1))
            for n in view["news"]:
                check(n["text"], "news")
            for r in view["reports"]:
                check(r["text"], "report")
            for b in view["battles"]:
                check(b["result"], "battle result")
                for step in b["steps"]:
                    for line in step["lines"]:
                        check(line, "battle line")
        for line in RULES.observe(game.state, core.UMPIRE)["chosen"]:
            check(line, "chosen")
    assert not found, found[:5]


def test_a_fleets_zones_a_turn_and_a_ships_speed_class_are_named_apart():
    fleet = next(f for f in RULES.observe(opened().state, "eberhardt")["fleets"] if f["id"] == "battle")
    assert fleet["zones_per_turn"] == 1 and "speed" not in fleet
    assert {s["speed"] for s in fleet["ships"]} == {"1", "1s"}


def test_a_seats_chart_names_its_own_sides_fleets_and_every_ship_of_both_navies():
    state = opened().state
    chart = RULES.chart(state, "eberhardt")
    assert set(chart["fleets"]) == {"battle", "kreisera", "minonostsy", "zagraditel", "odessa_guard"}
    assert chart["ships"]["Yavuz Sultan Selim"] == {"side": "central", "kind": "BC", "guns": [6, 3, 1], "hull": 8, "speed": "2+"}
    assert RULES.chart(state, core.UMPIRE)["fleets"]["mittelmeer"] == "Yavuz and Midilli"

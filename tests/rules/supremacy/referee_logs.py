"""An outside referee for River Plate logs: reads finished games' logs, replays their inputs to see
the table as the umpire and each seat saw it after every movement, and checks, from seed 002's
words and the data files alone (ships.toml for the tubes; no function of the ruleset's), that:

- collisions (2.8c) never freeze a pair of ships, turn after turn, where they began (item 11);
- every ship's speed is the speed she really made, twice the inches of her path (1.1), chasing
  splash's 3 inches counted in proportion (1.3c), and fire at her reads that speed (5.3a);
- smoke lies along the path a ship really ran, ending at her funnel (2.11; item 12);
- each salvo counts the batteries that fired on its target, and no other (5.4b; item 13);
- each sighting's bearing and range are no more precise than the eye (4.9, 4.10): measured only
  within a nautical mile, else the range judged within a tenth and the bearing read to 5 degrees
  by day and 10 at night (item 15), and how far two ships' cross bearings fix the enemy;
- each torpedo roll reads 2d6 + torpedoes - 2 for a fan - 2 met end on, a hit on 11 (the
  decision made for the seed's "percentage chance"), end on by her course as the spread meets
  her, and how often spreads meet and hit;
- a roll is made exactly when a spread's front (running at the torpedoes' speed until its run is
  done) passes a funnel within its width, the firer alone safe from its first run;
- no two ships that see each other end a move within 6 inches on a collision course (2.8: both
  run straight on at their speed, would the models touch?), unless one cannot turn;
- a rammer sunk by the ram (her points, or 75% of them in the turn: 6) halves the rammed ship's
  hurt (2.9);
- every hit in the box rolls a second die for its special, and column shifts past the left edge
  are summed with the die's (5.6b-e, as the decisions read them);
- the words read as English: "1 knot lost", never "N guns fire as N".

Run: python -m tests.rules.supremacy.referee_logs LOG_DIR [LOG_DIR ...]
"""

from __future__ import annotations

import glob
import json
import math
import re
import statistics
import sys
import tomllib
from collections import Counter
from pathlib import Path

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.replay import apply_input, start

DATA = Path(core.__file__).resolve().parents[1] / "supremacy" / "scenarios"  # the data files, read as text
MILE = 6.0  # inches (2.1: six inches is a nautical mile)
TARGET_SPEED = ((5, 5), (15, 3), (25, 1))  # 5.3a: under N knots, + columns
FROZEN = "11: a pair frozen where it began, two turns running"
SPEED = "11: speed not the speed she made"
TARGET_SPEED_READ = "11: fire reads a target speed she did not make"
SMOKE = "12: smoke not along a ship's path to her funnel"
SMOKE_SHOWN = "12: a seat shown smoke where none was laid"
BATTERIES = "13: batteries on the target miscounted"
SIGHTING = "15: a sighting more precise than the eye (or wrong)"
TORPEDO = "torpedo hit chance"
MEETING = "16: a roll not exactly when a spread's front met a funnel"
END_ON = "16: end on not read from her course as the spread met her"
COLLISION_COURSE = "2.8: left within 6 inches on a collision course"
RAM_HALF = "2.9: the rammed ship's hurt not halved when the rammer sank (or halved when not)"
BOX = "5.6e: a hit in the box without its second die"
LEFT_EDGE = "5.6b: shifts past the left edge not summed with the die's"
WORDS = "14c: words that do not read as English"
TOUCH = 2.0  # tenths: models this close touch (the decision on 2.8)
SIZE = {"BB": 1000, "BC": 1000, "CA": 600, "CL": 600, "DD": 400}  # 2.9
RANK = {"BB": 4, "BC": 4, "CA": 3, "CL": 2, "DD": 1}  # 2.8a: the larger type has the right of way


def tubes() -> dict[str, int]:
    return {name: cls["torpedo"]["tubes"] for name, cls in classes().items()}


def classes() -> dict[str, dict]:
    """Each ship's class as the data file has it, by the ship's name."""
    ships = tomllib.loads((DATA / "ships.toml").read_text())["classes"]
    placed = tomllib.loads((DATA / "river_plate.toml").read_text())["ships"]
    return {p["name"]: ships[p["class"]] for p in placed}


def unit(course: float) -> tuple[float, float]:
    return math.sin(math.radians(course)), math.cos(math.radians(course))


def point_segment(p, a, b) -> float:
    ab, ap = (b[0] - a[0], b[1] - a[1]), (p[0] - a[0], p[1] - a[1])
    length = ab[0] ** 2 + ab[1] ** 2
    t = 0.0 if not length else max(0.0, min(1.0, (ab[0] * ap[0] + ab[1] * ap[1]) / length))
    return math.dist(p, (a[0] + t * ab[0], a[1] + t * ab[1]))


def segments_apart(a1, a2, b1, b2) -> float:
    """The least distance between two segments (0 if they cross)."""
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    if side(a1, a2, b1) * side(a1, a2, b2) < 0 and side(b1, b2, a1) * side(b1, b2, a2) < 0:
        return 0.0
    return min(point_segment(a1, b1, b2), point_segment(a2, b1, b2), point_segment(b1, a1, a2),
               point_segment(b2, a1, a2))


def model(cls: dict, at, course: float):
    """Bow and stern (tenths): the funnel `funnel` tenths from the bow of a `length` model."""
    u = unit(course)
    ahead, astern = cls["funnel"], cls["length"] - cls["funnel"]
    return (at[0] + ahead * u[0], at[1] + ahead * u[1]), (at[0] - astern * u[0], at[1] - astern * u[1])


def closest_run(a: dict, b: dict, cls_a: dict, cls_b: dict) -> float:
    """How near (tenths) the models come if both run straight on for a turn at their speed (2
    knots an inch), astern if going astern: the distance is convex in time, so a search finds it."""
    def where(ship, cls, f):
        heading = ship["course"] + (180 if ship.get("backwards") else 0)
        u, run = unit(heading), ship["speed"] * 5 * f
        return model(cls, (ship["at"][0] + run * u[0], ship["at"][1] + run * u[1]), ship["course"])

    def gap(f):
        return segments_apart(*where(a, cls_a, f), *where(b, cls_b, f))
    lo, hi = 0.0, 1.0
    for _ in range(80):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (lo, m2) if gap(m1) <= gap(m2) else (m1, hi)
    return min(gap(0.0), gap(1.0), gap((lo + hi) / 2))


def along(path, f: float):
    """Her funnel after share f of the move, at an even pace along her path, and the heading of
    the leg she is on (None if she lies still)."""
    legs = [math.dist(p, q) for p, q in zip(path, path[1:], strict=False)]
    total = sum(legs)
    if not total:
        return tuple(path[-1]), None
    wanted = f * total
    for (p, q), length in zip(zip(path, path[1:], strict=False), legs, strict=True):
        if length and (wanted <= length or (p, q) == (path[-2], path[-1])):
            share = min(1.0, wanted / length)
            return (p[0] + share * (q[0] - p[0]), p[1] + share * (q[1] - p[1])), true_bearing(p, q)
        wanted -= length
    return tuple(path[-1]), None


def inches(path) -> float:
    return sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False)) / 10


def true_bearing(a, b) -> float:
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360


def off(a: float, b: float) -> float:
    return abs(((a - b + 180) % 360) - 180)


def written_inches(text: str) -> tuple[float, bool]:
    """A move's inches and whether it chases splash (1.2's notation)."""
    total, chase = 0.0, False
    for word in text.split():
        if word == "CS":
            chase = True
        elif word != "LS":
            total += float(word.rstrip("Sh").lstrip("LPRSAB") or 0)
    return total, chase


class Referee:
    def __init__(self) -> None:
        self.count: Counter = Counter()
        self.mismatches: Counter = Counter()
        self.examples: dict[str, list[str]] = {}
        self.fixes: dict[bool, list[float]] = {False: [], True: []}
        self.placed: dict[bool, list[float]] = {False: [], True: []}
        self.tubes = tubes()
        self.classes = classes()

    def wrong(self, what: str, example: str) -> None:
        self.mismatches[what] += 1
        self.examples.setdefault(what, []).append(example)

    # Reading a game.

    def game(self, path: str) -> None:
        records = [json.loads(line) for line in open(path)]
        head = records[0]
        end = next(r for r in records if r.get("type") == "end")
        game = start(head, bytes.fromhex(end["seed"]))
        night = bool(head["options"].get("night"))
        seats = [s["seat"] for s in head["seats"]]
        after: dict[int, tuple[dict, dict]] = {}  # turn -> (umpire's view, seat -> view) after movement
        before_move: dict[int, dict] = {}  # turn -> the umpire's view as the moves were written
        queued: dict[str, list[str]] = {}  # ship -> moves still written (night: three ahead)
        written: dict[int, dict[str, str]] = {}
        torpedo_orders: dict[tuple[str, str], dict] = {}  # (ship, bank) -> order
        for record in records:
            if record.get("type") != "input":
                continue
            if record["input"] == "order" and record.get("phase") == "write_moves":
                for ship, given in record["order"]["ships"].items():
                    queued[ship] = list(given["moves"]) if "moves" in given else [given["move"]]
            if record["input"] == "order" and record.get("phase") == "torpedoes":
                for ship, given in record["order"]["ships"].items():
                    for t in given.get("torpedoes", ()):
                        torpedo_orders[(ship, t["bank"])] = t
                        self.count["spreads fired"] += 1
            before = game.state.phase
            if before == "write_moves":
                before_move[game.state.turn] = to_plain(game.ruleset.observe(game.state, core.UMPIRE))
            game = apply_input(game, record).game
            state = game.state
            if before == "write_moves" and state.phase != "write_moves" and state.turn not in after:
                written[state.turn] = {ship: moves.pop(0) for ship, moves in queued.items() if moves}
                after[state.turn] = (to_plain(game.ruleset.observe(state, core.UMPIRE)),
                                     {seat: to_plain(game.ruleset.observe(state, seat)) for seat in seats
                                      if seat in state.board.seats})
        events = [r for r in records if r.get("type") == "event"]
        rolls = [r for r in records if r.get("type") == "roll"]
        self.count["games"] += 1
        self.collisions(after, events, written)
        self.speeds(after, written)
        self.fire(after, events)
        self.smoke(after)
        self.sightings(after, night)
        self.torpedoes(before_move, after, rolls, torpedo_orders)
        self.collision_courses(after)
        self.rams(before_move, after, events)
        self.box_and_edge(events, rolls)
        self.words(events)

    # Item 11: collisions and the speed made.

    def collisions(self, after, events, written) -> None:
        met: dict[int, set[frozenset]] = {}
        for e in events:
            if e["kind"] == "collided" and e["what"] != "kept_clear":
                met.setdefault(e["turn"], set()).add(frozenset((e["ship"], e["other"])))
                self.count["collisions"] += 1
        stuck = {}
        for turn, pairs in met.items():
            if turn - 1 not in after or turn not in after:
                continue
            was = {s["name"]: tuple(s["at"]) for s in after[turn - 1][0]["ships"]}
            now = {s["name"]: s for s in after[turn][0]["ships"]}
            stuck[turn] = {p for p in pairs if all(
                tuple(now[n]["at"]) == was[n] and written_inches(written[turn].get(n, ""))[0] > 0
                and not now[n]["sunk"] for n in p)}
        for turn, pairs in stuck.items():
            for pair in pairs & stuck.get(turn - 1, set()):
                self.wrong(FROZEN, f"turn {turn}: {sorted(pair)}")

    def made(self, ship, text: str | None) -> float:
        """The speed she made (knots): twice the inches of her path, with chasing splash's 3 inches
        in the share of her written move she ran."""
        ran = inches(ship["path"])
        if not ship["chasing"] or not text:
            return 2 * ran
        length, _ = written_inches(text)
        return (2 * length + 6) * (ran / length if length else 0)

    def speeds(self, after, written) -> None:
        for turn, (umpire, _) in after.items():
            for ship in umpire["ships"]:
                if ship["sunk"]:
                    continue
                self.count["ship moves"] += 1
                expected = self.made(ship, written[turn].get(ship["name"]))
                # A ship cut short keeps whole knots of her share (down to a knot less); a path's
                # points are rounded to tenths, and chords of a turn run a little short of it.
                if not -1.3 <= ship["speed"] - expected <= 0.6:
                    self.wrong(SPEED, f"turn {turn} {ship['name']}: {ship['speed']} knots, path "
                                      f"{inches(ship['path']):.1f} in")

    def fire(self, after, events) -> None:
        by_turn: dict[int, list[dict]] = {}
        for e in events:
            if e["kind"] == "fired":
                by_turn.setdefault(e["turn"], []).append(e["salvo"])
        for turn, salvos in by_turn.items():
            on: dict[str, set] = {}
            for s in salvos:
                on.setdefault(s["target"], set()).add((s["firer"], s["battery"]))
            ships = {s["name"]: s for s in after[turn][0]["ships"]} if turn in after else {}
            for s in salvos:
                self.count["salvos"] += 1
                n = len(on[s["target"]])
                shift = sum(x["columns"] for x in s["shifts"] if "batteries on the target" in x["reason"])
                if s["batteries"] != n or shift != 1 - n:
                    self.wrong(BATTERIES, f"turn {turn} {s['firer']} {s['group']} at {s['target']}: "
                                          f"told {s['batteries']}, {n} fired")
                target = ships.get(s["target"])
                if target is None or s["range"] is None:
                    continue
                if target["chased"]:
                    want = -3
                else:
                    speed = 2 * inches(target["path"]) if not target["chasing"] else target["speed"]
                    want = next((cols for under, cols in TARGET_SPEED if speed < under - 0.05), 0)
                    if any(abs(speed - under) <= 0.6 for under, _ in TARGET_SPEED):
                        continue  # a hair from a line: the rounding of a path decides, not the rule
                got = sum(x["columns"] for x in s["shifts"] if x["reason"].startswith("target ")
                          and "size" not in x["reason"])
                if got != want:
                    self.wrong(TARGET_SPEED_READ,
                               f"turn {turn} {s['firer']} at {s['target']}: {got:+d}, her path {want:+d}")

    # Item 12: smoke.

    def smoke(self, after) -> None:
        for turn, (umpire, views) in after.items():
            paths = {tuple(map(tuple, s["path"])): s for s in umpire["ships"]}
            real = [tuple(map(tuple, line)) for line in umpire["smoke"]]
            for line in real:
                self.count["smoke lines"] += 1
                layer = paths.get(line)
                if layer is None or tuple(layer["at"]) != line[-1]:
                    self.wrong(SMOKE, f"turn {turn}: {line[:2]}...")
            for seat, view in views.items():
                mine = {o["name"] for o in view["ships"]}
                own = {tuple(map(tuple, s["path"])) for s in umpire["ships"] if s["name"] in mine}
                for shown in view["smoke"]:
                    shown = tuple(map(tuple, shown))
                    if shown in own and shown not in real:
                        self.wrong(SMOKE_SHOWN, f"turn {turn} {seat}: its own, where none was laid")
                    if shown not in own and not any(self.judged_alike(r, shown, view) for r in real):
                        self.wrong(SMOKE_SHOWN, f"turn {turn} {seat}: no ship laid it")

    # Item 15: what a seat is told of what it sees.

    def sightings(self, after, night: bool) -> None:
        step = 10 if night else 5
        for turn, (umpire, views) in after.items():
            ships = {s["name"]: s for s in umpire["ships"]}
            for seat, view in views.items():
                for contact in view["contacts"]:
                    truth = ships[contact["ship"]]["at"]
                    judged = []
                    for s in contact["sightings"]:
                        self.count["sightings"] += 1
                        looker = ships[s["by"]]["at"]
                        rng, true = math.dist(looker, truth) / 10, true_bearing(looker, truth)
                        if s["exact"]:
                            ok = rng <= MILE + 1e-9 and off(s["bearing"], true) <= 0.5 + 1e-6 and \
                                abs(s["range"] / 10 - rng) <= 0.1
                        else:
                            judged.append((looker, s["bearing"]))
                            read = s["bearing"] % step == 0 and off(s["bearing"], true) <= step / 2 + 0.05
                            # Off by up to a tenth, to the inch (and the tenth's floor).
                            judged_ok = s["range"] % 10 == 0 and abs(s["range"] / 10 - rng) <= 0.1 * rng + 0.6
                            ok = rng > MILE and read and judged_ok
                        if not ok:
                            self.wrong(SIGHTING, f"turn {turn} {seat}: {s} of {contact['ship']}, "
                                                 f"truly {true:.1f} at {rng:.1f} in")
                    if len(judged) >= 2 and len(judged) == len(contact["sightings"]):
                        self.cross_fix(judged, truth, night)
                        self.placed[night].append(math.dist(contact["at"], truth) / 10)

    def cross_fix(self, judged, truth, night: bool) -> None:
        """A navigator's fix: the widest cut of two bearing lines."""
        best = None
        for i, (p1, b1) in enumerate(judged):
            for p2, b2 in judged[i + 1:]:
                d1 = (math.sin(math.radians(b1)), math.cos(math.radians(b1)))
                d2 = (math.sin(math.radians(b2)), math.cos(math.radians(b2)))
                den = d1[0] * d2[1] - d1[1] * d2[0]
                if abs(den) < 1e-9:
                    continue
                t = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / den
                if t > 0 and (best is None or off(b1, b2) > best[0]):
                    best = (off(b1, b2), (p1[0] + t * d1[0], p1[1] + t * d1[1]))
        if best is None:
            self.count["pairs with no cut"] += 1
        else:
            self.fixes[night].append(math.dist(best[1], truth) / 10)

    # Torpedoes.

    def torpedoes(self, before_move, after, rolls, orders) -> None:
        """Each roll against each meeting (a spread's front passing a funnel within its width) and
        its arithmetic, end on read from her heading as the front passed her."""
        rolled: dict[tuple[int, str, str, str], dict] = {}
        for roll in rolls:
            if roll["table"] == "torpedo":
                turn, _, firer, bank, target = roll["key"].split("/")
                rolled[(int(turn), firer, bank, target)] = roll
        met_before: set[tuple[str, str, str]] = set()
        for turn in sorted(after):
            if turn not in before_move:
                continue
            meetings = {}  # (firer, bank, target) -> (heading, border, spread)
            afloat = {s["name"] for s in before_move[turn]["ships"] if not s.get("sunk")} \
                if "ships" in before_move[turn] else None
            for spread in before_move[turn].get("spreads") or ():
                bank = next((b for (ship, b), t in orders.items() if ship == spread["ship"]
                             and t["course"] == spread["course"]
                             and t.get("spread", "narrow") == spread["spread"]), None)
                for ship in after[turn][0]["ships"]:
                    first_run = spread["run_left"] >= self.classes[spread["ship"]]["torpedo"]["run"] * 10
                    if (spread["ship"], bank, ship["name"]) in met_before or (
                            ship["name"] == spread["ship"] and first_run) or not ship["path"] \
                            or (afloat is not None and ship["name"] not in afloat):
                        continue
                    met = self.meeting(spread, ship)
                    if met is not None:
                        meetings[(spread["ship"], bank, ship["name"])] = (*met, spread)
            keys = {k[1:] for k in rolled if k[0] == turn}
            for key in keys | {k for k, m in meetings.items() if not m[1]}:
                if key in meetings and meetings[key][1]:
                    continue  # a hair from its edge: the rounding of a path decides, not the rule
                self.count["torpedo meetings"] += 1
                if (key in keys) != (key in meetings):
                    self.wrong(MEETING, f"turn {turn} {key}: "
                                        + ("rolled, never met" if key in keys else "met, no roll"))
            met_before |= keys | set(meetings)
            for key in keys & set(meetings):
                heading, _, spread = meetings[key]
                roll = rolled[(turn, *key)]
                self.check_roll(roll, spread, heading)

    def meeting(self, spread: dict, ship: dict) -> tuple[float | None, bool] | None:
        """Whether the spread's front passes her funnel within its width this move: (her heading
        then, whether it passes within a tenth and a half of its edge), or None."""
        full = self.classes[spread["ship"]]["torpedo"]["speed"] * 5
        step = min(full, spread["run_left"])
        u = unit(spread["course"])
        half = (20 if spread["spread"] == "narrow" else 40) / 2
        steps, last = 1000, None
        for k in range(steps + 1):
            f = k / steps
            p, heading = along(ship["path"], f)
            run = min(f * full, step)
            dx, dy = p[0] - spread["at"][0], p[1] - spread["at"][1]
            ahead, across = dx * u[0] + dy * u[1] - run, dx * u[1] - dy * u[0]
            if last is not None and (last[0] > 0) != (ahead > 0):
                share = last[0] / (last[0] - ahead) if last[0] != ahead else 1.0
                there = last[1] + share * (across - last[1])
                if abs(there) <= half + 1.5:
                    return heading, abs(abs(there) - half) <= 1.5
            last = (ahead, across)
        return None

    def check_roll(self, roll: dict, spread: dict, heading: float | None) -> None:
        firer = roll["key"].split("/")[2]
        modifiers = {m["reason"]: m["value"] for m in roll["modifiers"]}
        self.count["torpedo rolls"] += 1
        self.count["torpedo hits"] += roll["outcome"] == "hit"
        fan = spread["spread"] == "fan"
        told_end_on = modifiers.get("met end on", 0) == -2
        end_on = told_end_on
        if heading is not None:
            angle = min(off(heading, spread["course"]), off(heading, spread["course"] + 180))
            if abs(angle - 30) >= 3:  # a leg of a turn is a chord: near 30 degrees it cannot tell
                end_on = angle < 30
                self.count["torpedo end on judged"] += 1
                if end_on != told_end_on:
                    told = "end on" if told_end_on else "not end on"
                    self.wrong(END_ON, f"{roll['key']}: her heading {heading:.0f}, the spread's "
                                       f"{spread['course']}, told {told}")
        hit = sum(roll["dice"]) + self.tubes[firer] - 2 * fan - 2 * end_on >= 11
        if hit != (roll["outcome"] == "hit"):
            self.wrong(TORPEDO, f"{roll['key']}: {roll['dice']} {roll['outcome']}")

    # 2.8 and 2.9: collision courses and rams.

    def sees(self, views: dict, looker: str, ship: str) -> bool:
        return any(c["ship"] == ship and any(s["by"] == looker for s in c["sightings"])
                   for view in views.values() for c in view["contacts"])

    def collision_courses(self, after) -> None:
        for turn, (umpire, views) in after.items():
            ships = [s for s in umpire["ships"] if not s["sunk"]]
            for i, a in enumerate(ships):
                for b in ships[i + 1:]:
                    if math.dist(a["at"], b["at"]) > 60:
                        continue
                    self.count["pairs within 6 inches"] += 1
                    gap = closest_run(a, b, self.classes[a["name"]], self.classes[b["name"]])
                    if gap > TOUCH - 1:
                        # Clear, or a hair from touching: the table keeps a model's bow and stern
                        # to the tenth, so within a tenth of touching the rounding decides.
                        self.count["pairs passing within a tenth of touching"] += gap <= TOUCH + 1
                        continue
                    givers = [s for s in self.givers(a, b) if s["rudder"] != "lost"
                              and s["effects"].get("cap0", 0) < turn + 1
                              and self.sees(views, s["name"], (b if s is a else a)["name"])]
                    if givers:
                        self.wrong(COLLISION_COURSE, f"turn {turn}: {a['name']} {a['at']} c{a['course']} "
                                                     f"{a['speed']}kn / {b['name']} {b['at']} c{b['course']} "
                                                     f"{b['speed']}kn, {gap:.2f} tenths")

    def givers(self, a: dict, b: dict) -> list[dict]:
        """The ships that must give way (2.8a): no rudder above 10 knots first, a damaged rudder
        last, then the larger type; neither having it, both."""
        def rank(s):
            helm = 2 if s["rudder"] == "lost" and s["speed"] > 10 else 0 if s["rudder"] == "damaged" else 1
            return helm, RANK.get(self.classes[s["name"]]["type"], 0)
        return [a, b] if rank(a) == rank(b) else [b] if rank(a) > rank(b) else [a]

    def rams(self, before_move, after, events) -> None:
        torpedoed = Counter((e["turn"], e["ship"]) for e in events if e["kind"] == "torpedo_hit"
                            and e.get("points") and e["phase"] == "execute_moves")
        for e in events:
            if e["kind"] != "collided" or e["what"] != "rammed" or e["turn"] not in before_move:
                continue
            turn, rammer, rammed = e["turn"], e["ship"], e["other"]
            was = {s["name"]: s for s in before_move[turn]["ships"]}
            now = {s["name"]: s for s in after[turn][0]["ships"]}
            took = {n: now[n]["damage"] - was[n]["damage"] - 300 * torpedoed[(turn, n)]
                    for n in (rammer, rammed)}
            points = self.classes[rammer]["points"]
            sank = took[rammer] * 4 >= points * 3 or was[rammer]["damage"] + took[rammer] >= points
            # Her hurt is the rammed's size times the differential's scale: the same scale on his.
            scale = took[rammer] / SIZE[self.classes[rammed]["type"]]
            want = SIZE[self.classes[rammer]["type"]] * scale / (2 if sank else 1)
            self.count["rams"] += 1
            if abs(took[rammed] - want) > 1:
                self.wrong(RAM_HALF, f"turn {turn}: {rammer} rammed {rammed}: {rammer} took {took[rammer]}"
                                     f" (sank: {sank}), {rammed} took {took[rammed]}, not {want:.0f}")

    # 5.6: the box and the left edge.

    def box_and_edge(self, events, rolls) -> None:
        table = tomllib.loads((DATA / "hit_table.toml").read_text())
        percent, ranges = table["percent"], table["ranges"]
        boxes = {r["key"].removesuffix("/box"): r for r in rolls if r["table"] == "box"}
        shift = {1: 2, 2: 1, 3: 0, 4: 0, 5: -1, 6: -2}
        for e in events:
            s = e.get("salvo") if e["kind"] == "fired" else None
            if not s or s["die"] is None:
                continue
            key = f"{e['turn']}/fire/{s['firer']}/{s['group']}/{s['target']}"
            before_die = ranges.index(s["range"]) - sum(x["columns"] for x in s["shifts"])
            column = max(0, before_die - shift[s["die"]])
            if before_die < 0:
                self.count["fire past the left edge"] += 1
                if s["hits"] != (s["guns"] * percent[column] + 50) // 100:
                    self.wrong(LEFT_EDGE, f"{key}: column {before_die} before a {s['die']}, {s['hits']} hits")
            boxed = column < len(percent) and s["hits"] == 1 and s["guns"] * percent[column] < 100
            if boxed:
                self.count["hits in the box"] += 1
                box = boxes.get(key)
                if box is None or len(s["specials"]) != (box["total"] == 1):
                    self.wrong(BOX, f"{key}: die {s['die']}, box die {box and box['total']}, "
                                    f"{len(s['specials'])} specials")
            elif key in boxes:
                self.wrong(BOX, f"{key}: a box die outside the box")

    def words(self, events) -> None:
        for e in events:
            text = e.get("text") or ""
            self.count["texts"] += 1
            bad = re.search(r"\b1 knots\b|\b1 gun fire\b|\b(\d+) guns? fires? as \1\b", text)
            if bad:
                self.wrong(WORDS, f"turn {e['turn']}: ...{bad.group(0)}... in {text[:80]!r}")

    def judged_alike(self, real, shown, view) -> bool:
        """Whether a line shown a seat is the real line as its ships judge it (a tenth of the
        range, a bearing read to 5 or 10 degrees, off the truth: a fifth and an inch allowed)."""
        near = min(math.dist(s["at"], real[-1]) for s in view["ships"])
        return len(real) == len(shown) and math.dist(real[-1], shown[-1]) <= 0.2 * max(60, near) + 10

    def report(self) -> str:
        lines = [f"checked: {dict(self.count)}",
                 f"mismatches: {sum(self.mismatches.values())} {dict(self.mismatches)}"]
        for what, examples in self.examples.items():
            lines.append(f"  {what}: e.g. {examples[:3]}")
        for night in (False, True):
            if self.fixes[night]:
                f, p = sorted(self.fixes[night]), sorted(self.placed[night])
                lines.append(f"cross-bearing fixes ({'night' if night else 'day'}): {len(f)}, miss median "
                             f"{statistics.median(f):.1f} in, 90th percentile {f[int(0.9 * len(f))]:.1f} in; "
                             f"the seat's own placing: median {statistics.median(p):.1f} in, "
                             f"90th {p[int(0.9 * len(p))]:.1f} in")
        return "\n".join(lines)


def main(folders: list[str]) -> Referee:
    referee = Referee()
    for folder in folders:
        for path in sorted(glob.glob(f"{folder}/*.jsonl")):
            referee.game(path)
    print(referee.report())
    return referee


if __name__ == "__main__":
    main(sys.argv[1:])

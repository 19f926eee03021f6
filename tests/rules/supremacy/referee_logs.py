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
  decision made for the seed's "percentage chance"), and how often spreads meet and hit.

Run: python -m tests.rules.supremacy.referee_logs LOG_DIR [LOG_DIR ...]
"""

from __future__ import annotations

import glob
import json
import math
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


def tubes() -> dict[str, int]:
    ships = tomllib.loads((DATA / "ships.toml").read_text())["classes"]
    placed = tomllib.loads((DATA / "river_plate.toml").read_text())["ships"]
    return {p["name"]: ships[p["class"]]["torpedo"]["tubes"] for p in placed}


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
        self.torpedoes(after, rolls, torpedo_orders)

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

    def torpedoes(self, after, rolls, orders) -> None:
        for roll in rolls:
            if roll["table"] != "torpedo":
                continue
            turn, _, firer, bank, target = roll["key"].split("/")
            order = orders[(firer, bank)]
            ship = next(s for s in after[int(turn)][0]["ships"] if s["name"] == target)
            end_on = not 30 <= off(order["course"], ship["course"]) <= 150
            fan = order.get("spread", "narrow") == "fan"
            hit = sum(roll["dice"]) + self.tubes[firer] - 2 * fan - 2 * end_on >= 11
            self.count["torpedo rolls"] += 1
            self.count["torpedo hits"] += roll["outcome"] == "hit"
            if hit != (roll["outcome"] == "hit"):
                self.wrong(TORPEDO, f"{roll['key']}: {roll['dice']} {roll['outcome']}")

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

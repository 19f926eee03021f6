"""An outside referee for Salvo's logged games (issue 38): not a test, a tool.

    python -m tests.rules.salvo.referee LOG_FOLDER [LOG_FOLDER ...]

It reads `fogbank simulate ... --logs` / `fogbank arena ... --logs` game logs, replays each one
only to learn where every unit stood when the guns fired (the log holds orders, dice and words,
not positions), and judges every shot from the seeds' words and the scenario and table files,
with its own hex geometry and its own reading of the rules, never the ruleset's functions:

1. fire by the light: by eye, a lit ship is fired at from 10 hexes at most; beyond the
   visibility and the light, only a main battery by its own fire-control radar, with the chart's
   penalty beyond its spotting range (000 12.11; decisions.md "Searchlights");
2. heavy seas: thin smoke ("partial", NWS) cuts the range the target is seen from by 2 (the
   light's 10 for a lit ship), and costs the shot 1;
4. the end record's turn is within the scenario's turns (a time-limited game ends on its last);
6. Gallipoli rule 1, read on this map: a fort and a ship one hex apart fire at triple attack,
   and the CRT column of every group of shots follows the attack strengths so read;
7. no shot is ever made at a dummy (fire needs a detected target; a detected dummy is gone);

and, where a scenario's victory has a bombardment (Cape Esperance, decisions.md "Victory (issue 40)"),
read from the scenario file's [victory.bombardment] and that line, with its own count of hits and paths
(see `Shelling`):

8. each turn the bombarding side's seats are told the points of exactly the ships that qualified: a
   capital ship of that side afloat on the line's hexes as the turn ends, having steamed no more
   than the file's hexes that turn, fit to fight by the exit rule's count (at most one W and one S
   past repair), and with power: 12.5's engineering hit (special damage 11) allows no weapons the
   next turn, so a ship so hit the turn before does not shell (nor does a hit her shields ignored
   do it); no word of shelling in a turn none qualified;
9. every seat of the other side hears it with the right points and ship count, and no ship, no
   ship's id and no hex; every seat of the bombarding side is told exactly the ships that shelled;
10. the end record's winner agrees with the points: each side the points of the enemy ships it
   sank (the scenario's class points), the bombarding side also its shelling; ties to the side the
   file names.

It prints the counts of shots, turns and games judged and of mismatches for each item.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from fogbank.rules import core
from fogbank.rules.record.replay import apply_input, start

DATA = Path(__file__).resolve().parents[3] / "fogbank" / "rules" / "salvo" / "scenarios"
LIGHT = 10  # hexes a lit ship is seen (and fired at) from
PARTIAL = 2  # NWS: a partly blocked line cuts the spotting range by 2


def data(name: str) -> dict:
    return tomllib.loads((DATA / f"{name}.toml").read_text("utf-8"))


TABLES = data("tables")


def cube(number: str) -> tuple[int, int]:
    column, row = int(number[:2]), int(number[2:])
    return column, row - (column - (column & 1)) // 2  # odd columns sit half a hex lower


def distance(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = cube(a), cube(b)
    return max(abs(q1 - q2), abs(r1 - r2), abs((q1 + r1) - (q2 + r2)))


def read(table: str, total: int) -> str:
    return next(outcome for top, outcome in TABLES[table]["bands"] if total <= top)


def column(points: int, defence: int) -> str | None:
    """The CRT's odds column (decisions.md: 1:2 to 4:1, below 1:2 no roll)."""
    if points * 2 < defence:
        return None
    if points < defence:
        return "crt_1_2"
    return f"crt_{min(4, points // defence)}_1"


def points(dpt: str, attack: int) -> int:
    return {"miss": 0, "half": -(-attack // 2), "full": attack, "heavy": attack + attack // 2}[dpt]


class Referee:
    def __init__(self) -> None:
        self.count: Counter[str] = Counter()
        self.mismatches: dict[str, list[str]] = {}

    def wrong(self, item: str, what: str) -> None:
        self.mismatches.setdefault(item, []).append(what)

    def game(self, path: Path) -> None:
        records = [json.loads(line) for line in path.read_text().splitlines()]
        header, end = records[0], next(r for r in records if r["type"] == "end")
        spec = data(header["scenario"])
        self.count["games " + header["scenario"]] += 1
        self._end(path, spec, end, records)
        shared = {s["name"]: s.get("shared_plot", True) for s in spec["sides"]}
        seats = {s["name"]: s["side"] for s in spec["seats"]}
        heavy = header.get("options", {}).get("heavy_seas", spec.get("heavy_seas", False))
        shelling = Shelling(self, path.name, spec, header) if "bombardment" in spec["victory"] else None
        if shelling and any(r["type"] == "input" and r["input"] in ("override", "amend") for r in records):
            self.count["8-10: games the umpire changed by hand, not judged"] += 1  # hits this reading never saw
            shelling = None
        game = start(header, bytes.fromhex(end["seed"]))
        for record, made in steps(records):
            before = game
            step = apply_input(game, record)
            game = step.game
            if shelling:
                shelling.step(record, made, before, step)
            for done in step.resolutions:
                if done.phase == "gunfire":
                    self._gunfire(path, spec, shared, seats, heavy, before, step, done.turn)
        if shelling:
            shelling.end(end, any(r["type"] == "input" and r["input"] == "end" for r in records))

    def _end(self, path, spec, end, records) -> None:
        self.count["4: games ended"] += 1
        ended = [r["turn"] for r in records if r.get("kind") == "game_ended"]
        if end["turn"] > spec["turns"] or ended != [end["turn"]]:
            said = f"ends on turn {end['turn']} (game_ended {ended}) of {spec['turns']}"
            self.wrong("4", f"{path.name}: {said}")

    def _gunfire(self, path, spec, shared, seats, heavy, before, step, turn) -> None:
        ruleset = before.ruleset
        was = ruleset.observe(before.state, core.UMPIRE)  # where everything stood as the guns fired
        after = ruleset.observe(step.game.state, core.UMPIRE)
        units = {u["id"]: u for u in was["units"]}
        rolls = {r.key: r for r in step.rolls if r.key.startswith(f"{turn}/")}
        blank = {(e.facts["firer"], e.facts["target"]): e.facts["attack"] for e in step.events
                 if getattr(e, "what", "") == "point_blank"}

        def observer(unit):
            return unit["side"] if shared[unit["side"]] else unit["seat"]

        def lit(target, who):
            if not spec.get("night"):
                return False
            beams = was["searchlights"]
            holds = any(b["unit"] == target["id"] for b in beams)  # her own beam shows her to everyone
            held = any(b["target"] == target["id"] and observer(units[b["unit"]]) == who
                       for b in beams if b["unit"] in units)
            starshell = any(observer(units[s["unit"]]) == who and distance(s["hex"], target["hex"]) <= 1
                            for s in was["starshell_bursts"] if s["unit"] in units)
            return holds or held or starshell

        groups: dict[tuple[str, str], list] = {}
        for shot in after["shots"]:
            firer, target = units.get(shot["firer"]), units.get(shot["target"])
            if firer is None or target is None:
                continue
            self.count["shots"] += 1
            if target.get("dummy"):
                at = f"{path.name} turn {turn}: {firer['id']}"
                self.wrong("7", f"{at} at the dummy {target['id']}: {shot['outcome']}")
            self.count["7: shots judged for dummies"] += 1
            if shot["battery"] == "torpedo":
                continue
            made = shot["outcome"].startswith("DPT ")
            d = distance(firer["hex"], target["hex"])
            dpt = rolls.get(f"{turn}/dpt/{firer['id']}/{shot['battery']}")
            mods = {m.reason: m.value for m in dpt.modifiers} if dpt else {}
            if target["kind"] in ("capital", "screen") and spec.get("night"):
                shown = lit(target, observer(firer))
                self._light(path, turn, shot, firer, target, d, made, mods, shown, was, rolls, heavy)
            if spec.get("forts_triple_in_hex") and made and "fort" in (firer["kind"], target["kind"]):
                self._point_blank(path, turn, firer, target, d, shot["battery"], blank)
            if made:
                attack = firer["attack"] if shot["battery"] == "main" else firer["secondary"]
                fort = "fort" in (firer["kind"], target["kind"])
                near = spec.get("forts_triple_in_hex") and fort and d <= 1
                strength = attack * (3 if near else 1)
                groups.setdefault((target["id"], shot["battery"]), []).append(points(dpt.outcome, strength))
        if spec.get("forts_triple_in_hex"):
            for (tid, battery), made in groups.items():
                self.count["6: CRT columns judged"] += 1
                expected = column(sum(made), units[tid]["defence"])
                crt = rolls.get(f"{turn}/crt/{tid}/{battery}")
                if (crt.table if crt else None) != expected:
                    rolled = crt.table if crt else None
                    self.wrong("6", f"{path.name} turn {turn}: {tid} {battery}: CRT {rolled}, not {expected}")

    def _light(self, path, turn, shot, firer, target, d, made, mods, shown, was, rolls, heavy) -> None:
        vis = was["visibility"]
        reach = max(vis, LIGHT) if shown else vis
        what = "fire" if shot["battery"] == "main" else "secondary"  # one die a shot, a battery each
        seas = rolls.get(f"{turn}/smoke/{what}/{firer['id']}/{target['id']}")
        if seas is not None and seas.outcome == "partial":
            reach -= PARTIAL
        radar_mods = {k for k in mods if "radar" in k}
        # 12.11: a working fire-control set aims the main battery with no penalty to its spotting range.
        radar = next((r for r in was["radar"] if r["unit"] == firer["id"]), None)
        chart = TABLES["radar"].get(firer["radar"] or "", {})
        unpenalised = (radar is not None and shot["battery"] == "main" and chart.get("quality") != "axis_low"
                       and d <= min(chart.get("spotting", 0), firer.get("radar_range") or 99))
        where = (f"{path.name} turn {turn}: {firer['id']} at {target['id']} {d} hexes "
                 f"({'lit' if shown else 'dark'}, seen to {reach})")
        if shown and d > vis:
            self.count["1: shots at lit ships beyond visibility"] += 1
        if made and d > vis:
            if not radar_mods and d > reach and not unpenalised:
                self.wrong("1", f"{where}: fired by eye with no radar modifier")
            if radar_mods and d <= reach and seas is None and not was["smoke"]:
                self.wrong("1", f"{where}: a radar penalty within sight")
        if not made and shown and d <= reach and shot["outcome"] in ("out of sight",) and not was["smoke"]:
            self.wrong("1", f"{where}: refused ({shot['outcome']})")
        if heavy and seas is not None:
            self.count["2: shots through heavy seas smoke"] += 1
            if seas.outcome == "partial":
                self.count["2: of them partial"] += 1
                by_eye = d <= reach
                if made and by_eye and "fire through partly blocking smoke" not in mods:
                    self.wrong("2", f"{where}: partial smoke and no -1")
                if not made and shot["outcome"] in ("out of sight",) and by_eye:
                    self.wrong("2", f"{where}: partial smoke, refused within reach")
                if made and not by_eye and not radar_mods and not unpenalised:
                    self.wrong("2", f"{where}: partial smoke, made by eye beyond reach")

    def _point_blank(self, path, turn, firer, target, d, battery, blank) -> None:
        self.count["6: fort and ship shots"] += 1
        attack = firer["attack"] if battery == "main" else firer["secondary"]
        said = blank.get((firer["id"], target["id"]))
        if d <= 1:
            self.count["6: point-blank shots"] += 1
            if said != 3 * attack:
                at = f"{path.name} turn {turn}: {firer['id']} at {target['id']}"
                self.wrong("6", f"{at} from the next hex: attack {said}, expected {3 * attack}")
        elif said is not None:
            self.wrong("6", f"{path.name} turn {turn}: {firer['id']} at {target['id']} {d} hexes off tripled")




# The bombardment (items 8-10): a hex a step through each facing, A north and clockwise, in the
# (column, row - half the column) coordinates `cube` uses; F steams a hex ahead, L and R turn a hexside.
AHEAD = {"A": (0, -1), "B": (1, -1), "C": (1, 0), "D": (0, 1), "E": (-1, 1), "F": (-1, 0)}
FIT = {"w": 1, "s": 1}  # decisions.md: fit to fight by the exit rule's count, at most one W and one S past repair
SINKS = 6  # decisions.md "Damage": X, or six W and S hits standing, sinks her
HITS = {"-": (0, 0), "W": (1, 0), "S": (0, 1), "WS": (1, 1), "2W": (2, 0)}  # the CRT's and the underwater table's; X sinks
HEX = re.compile(r"\b\d{4}\b")


def sea(spec: dict) -> set[str]:
    """The map's water hexes, from its file ('.' sea, '#' land, row 01 first)."""
    rows = data(spec["map"])["terrain"].split()
    return {f"{c + 1:02d}{r + 1:02d}" for r, row in enumerate(rows) for c, cell in enumerate(row) if cell == "."}


def number(q: int, r: int) -> str:
    """The hex's "CCRR" number: `cube` turned back."""
    return f"{q:02d}{r + (q - (q & 1)) // 2:02d}"


def steam(water: set[str], start: str, facing: str, path: str) -> tuple[str, str, int]:
    """Where a path from `start` facing `facing` ends, her facing then and the hexes she steamed:
    she steams no further than the map's edge or the shore (a ship may leave no map here)."""
    q, r = cube(start)
    made = 0
    for c in path:
        if c in "LR":
            facing = "ABCDEF"[("ABCDEF".index(facing) + (1 if c == "R" else -1)) % 6]
            continue
        ahead = q + AHEAD[facing][0], r + AHEAD[facing][1]
        if number(*ahead) not in water:
            break
        (q, r), made = ahead, made + 1
    return number(q, r), facing, made


def line_of(spec: dict, edges: list) -> set[str]:
    """The hexes of the map's edges a bombardment names: [edge, first, last] along that edge."""
    drawn = data(spec["map"])
    columns, rows = drawn["columns"], drawn["rows"]
    hexes = set()
    for edge, first, last in edges:
        for n in range(first, last + 1):
            column, row = {"east": (columns, n), "west": (1, n), "north": (n, 1), "south": (n, rows)}[edge]
            hexes.add(f"{column:02d}{row:02d}")
    return hexes


def steps(records: list[dict]) -> list[tuple[dict, list[dict]]]:
    """Each input with the rolls and events it made (the log writes them after it)."""
    made: list[tuple[dict, list[dict]]] = []
    for record in records:
        if record["type"] == "input":
            made.append((record, []))
        elif record["type"] in ("roll", "event") and made:
            made[-1][1].append(record)
    return made


@dataclass
class Ship:
    id: str
    name: str
    side: str
    kind: str
    points: int
    max_speed: int
    speed: int  # the hexes she steamed last turn: holding course and speed steams them again
    w: int = 0
    s: int = 0
    fresh_w: int = 0
    fresh_s: int = 0
    sunk: bool = False
    dark: set[int] = field(default_factory=set)  # the turns she has no power in, after an engineering hit

    def most_speed(self) -> int:
        """Each S takes a third of the speed, rounded up (decisions.md "Damage")."""
        return max(0, self.max_speed - self.s * -(-self.max_speed // 3))


class Shelling:
    """One game's bombardment judged from the scenario file and the log: the ships' hits read from
    the CRT and underwater rolls, shields up, the repair rolls and the random event's mending; how
    far each ship steamed read from her seat's movement order (or her course and speed held, where
    the log says she could only hold them, or no order moved her), traced with this file's own
    geometry and checked against where the replay has her after the movement."""

    def __init__(self, referee: Referee, name: str, spec: dict, header: dict) -> None:
        rule = spec["victory"]["bombardment"]
        self.referee, self.name = referee, name
        self.side, self.points, self.most = rule["side"], rule["points"], rule["most_speed"]
        self.line = line_of(spec, rule["edges"])
        self.water = sea(spec)
        self.ties = spec["victory"]["ties"]
        self.sides = header["sides"]
        self.seats = {s["seat"]: s["side"] for s in header["seats"]}
        sides = {s["name"]: s["side"] for s in spec["seats"]}
        self.ships = {}
        for unit in spec["units"]:
            kind = spec["classes"][unit["class"]]
            self.ships[unit["id"]] = Ship(id=unit["id"], name=unit["name"], side=sides[unit["seat"]], kind=kind["kind"],
                                          points=kind["points"], max_speed=kind["max_speed"], speed=unit["speed"])
        self.paths: dict[int, dict[str, str]] = {}
        self.steamed: dict[str, int] = {}
        self.where: dict[str, str] = {}
        self.shelled = 0  # the bombarding side's points by this count

    def wrong(self, item: str, turn: int, what: str) -> None:
        self.referee.wrong(item, f"{self.name} turn {turn}: {what}")

    def step(self, record: dict, made: list[dict], before, step) -> None:
        turn = record.get("turn", 0)
        if record["input"] == "order" and record["phase"] == "movement":
            self.paths.setdefault(turn, {}).update(record["order"].get("moves", {}))
        now = [r for r in made if r["turn"] == turn]
        self.hurt(turn, now)
        for done in step.resolutions:
            if done.phase == "movement":
                self.moved(done.turn, now, before, step.game)
            if done.phase == "damage_control":
                self.judge(done.turn, now)
        self.hurt(turn + 1, [r for r in made if r["turn"] > turn])  # the next turn's Phase One

    def hurt(self, turn: int, made: list[dict]) -> None:
        """The hits of `made` (all landing together: fire is simultaneous), then the repairs."""
        hits, shielded, engineering = [], set(), set()
        for r in made:
            key = r.get("key", "").split("/")
            if r["type"] == "roll" and key[1] == "crt":
                hits.append((key[2], r["outcome"]))
            elif r["type"] == "roll" and r["table"] == "underwater":  # turn/underwater/target/firer (or step)
                hits.append((key[2], r["outcome"]))
            elif r.get("what") == "shields_up":  # decisions.md: she ignores every hit this turn
                shielded |= {s.id for s in self.ships.values() if r["text"].startswith(s.name + " ")}
            elif r["type"] == "roll" and r["table"] == "special_damage" and r["outcome"] == "engineering hit":
                engineering.add((key[2], int(key[0]) + 1))  # turn/special/target/battery: dark the next turn
        for uid, result in hits:
            ship = self.ships.get(uid)
            if ship is None or ship.sunk or uid in shielded:
                continue
            w, s = HITS.get(result, (0, 0))
            ship.w, ship.s, ship.fresh_w, ship.fresh_s = ship.w + w, ship.s + s, ship.fresh_w + w, ship.fresh_s + s
            ship.sunk = result == "X" or ship.w + ship.s >= SINKS
        for uid, dark in engineering:
            if uid in self.ships and uid not in shielded:
                self.ships[uid].dark.add(dark)
        for r in made:
            if r["type"] == "roll" and r["table"] == "repair" and r["outcome"] == "repaired":
                ship = self.ships[r["key"].split("/")[2]]
                mended = "W" if ship.fresh_w else "S"  # decisions.md: a hit taken this turn, W first
                ship.w, ship.fresh_w = (ship.w - 1, ship.fresh_w - 1) if mended == "W" else (ship.w, ship.fresh_w)
                ship.s, ship.fresh_s = (ship.s - 1, ship.fresh_s - 1) if mended == "S" else (ship.s, ship.fresh_s)
                told = [e["text"] for e in made if e.get("what") == "repaired" and e["facts"].get("unit") == ship.id]
                if told and not any(f"repaired {'a W' if mended == 'W' else 'an S'} hit" in t for t in told):
                    self.wrong("8", turn, f"{ship.id} mended {mended} by this reading, told {told}")
            elif r.get("what") == "repaired" and "random event" in r["text"]:
                # Event 9 mends one hit of the worst-hurt ship, even past repair: W first, as damage control does.
                ship = self.ships[r["facts"]["unit"]]
                if ship.w:
                    ship.w -= 1
                elif ship.s:
                    ship.s -= 1

    def moved(self, turn: int, made: list[dict], before, after) -> None:
        held = {r["facts"]["unit"] for r in made if r.get("what") == "held_course"}
        was = {u["id"]: u for u in before.ruleset.observe(before.state, core.UMPIRE)["units"]}
        now = {u["id"]: u for u in after.ruleset.observe(after.state, core.UMPIRE)["units"]}
        for ship in self.ships.values():
            if ship.sunk or ship.id not in was:
                continue
            straight = "F" * min(ship.speed, ship.most_speed())
            path = straight if ship.id in held else self.paths.get(turn, {}).get(ship.id, straight)
            *ended, made = steam(self.water, was[ship.id]["hex"], was[ship.id]["facing"], path)
            ship.speed = self.steamed[ship.id] = made
            self.where[ship.id] = now[ship.id]["hex"]
            self.referee.count["8: paths traced"] += 1
            if ended != [now[ship.id]["hex"], now[ship.id]["facing"]] or now[ship.id]["sunk"]:
                self.wrong("8", turn, f"{ship.id} steamed {path or '(none)'} from {was[ship.id]['hex']}"
                                      f"{was[ship.id]['facing']} to {ended}, on the board {now[ship.id]['hex']}"
                                      f"{now[ship.id]['facing']}{' (sunk there)' if now[ship.id]['sunk'] else ''}")

    def judge(self, turn: int, made: list[dict]) -> None:
        """As the turn ends: who shelled by this reading, and what the log told each seat of it."""
        for ship in self.ships.values():
            ship.fresh_w = ship.fresh_s = 0  # damage control is over: what is left is past repair
        count = self.referee.count
        on_line = [s for s in self.ships.values()
                   if s.side == self.side and s.kind == "capital" and not s.sunk and self.where.get(s.id) in self.line]
        slow = [s for s in on_line if self.steamed.get(s.id, 99) <= self.most]
        fit = [s for s in slow if s.w <= FIT["w"] and s.s <= FIT["s"]]
        firing = sorted(s.id for s in fit if turn not in s.dark)
        count["8: ships' turns on the line, slow and fit, without power"] += len(fit) - len(firing)
        count["8: ships' turns on the line, steaming too fast"] += len(on_line) - len(slow)
        count["8: ships' turns on the line and slow, unfit"] += len(slow) - len(fit)
        count["8: ships' turns shelling with a hit past repair"] += sum(1 for uid in firing if self.ships[uid].w + self.ships[uid].s)
        count["8: ships' turns a hex off the line"] += sum(
            1 for s in self.ships.values() if s.side == self.side and s.kind == "capital" and not s.sunk
            and s.id in self.where and self.where[s.id] not in self.line
            and any(distance(self.where[s.id], h) == 1 for h in self.line))
        scored = self.points * len(firing)
        self.shelled += scored
        count["8: turns judged"] += 1
        count["8: turns shelled"] += bool(firing)
        count["8: ships' turns shelling"] += len(firing)
        told = [r for r in made if r.get("what") == "bombardment"]
        if not firing:
            if told:
                self.wrong("8", turn, f"no ship qualified, yet told {[r['text'] for r in told]}")
            return
        for seat in sorted(seat for seat, side in self.seats.items() if side == self.side):
            said = [(r["facts"].get("points"), r["text"]) for r in told if seat in r["audience"]]
            worth = "a point" if scored == 1 else f"{scored} points"
            if [points for points, _ in said] != [scored] or not all(worth in text for _, text in said):
                self.wrong("8", turn, f"{firing} shelled: {scored} points, {seat} told {said}")
        names = {self.ships[uid].name for uid in firing}
        for seat, side in sorted(self.seats.items()):
            heard = [r for r in told if seat in r["audience"]]
            count["9: seats told"] += 1
            if len(heard) != 1:
                self.wrong("9", turn, f"{seat} told of the shelling {len(heard)} times")
                continue
            text, facts = heard[0]["text"], heard[0]["facts"]
            if side == self.side:
                named = {s.name for s in self.ships.values() if s.side == self.side and s.name in text}
                if set(facts.get("units", ())) != set(firing) or named != names:
                    self.wrong("9", turn, f"{seat} told {text!r} {facts}, not {sorted(names)}")
                continue
            enemy = [s for s in self.ships.values() if s.side == self.side]
            leaks = ([s.name for s in enemy if s.name in text] + [s.id for s in enemy if s.id in text]
                     + HEX.findall(text) + sorted(set(facts) - {"points"}))
            guns = re.search(r"by (one|\d+) ships?'s? guns", text)
            ships = (1 if guns.group(1) == "one" else int(guns.group(1))) if guns else None
            points = re.search(r"(a point|(\d+) points)", text)
            worth = (1 if points.group(1) == "a point" else int(points.group(2))) if points else None
            if leaks or ships != len(firing) or facts.get("points") != scored or worth != scored:
                self.wrong("9", turn, f"{seat} heard {text!r} {facts}: {len(firing)} ships, {scored} points, leaks {leaks}")

    def end(self, end: dict, stopped: bool) -> None:
        """Item 10: each side the points of the enemy ships it sank, the bombarding side its shelling too
        (a game the umpire stopped ended by no victory rule, and is not judged)."""
        if stopped:
            self.referee.count["10: games stopped by the umpire, not judged"] += 1
            return
        points = {side: 0 for side in self.sides}
        for ship in self.ships.values():
            if ship.sunk:
                for side in self.sides:
                    points[side] += ship.points if side != ship.side else 0
        points[self.side] += self.shelled
        best = max(points.values())
        leaders = [side for side in self.sides if points[side] == best]
        winner = leaders[0] if len(leaders) == 1 else self.ties
        expected = {side: "victory" if side == winner else "defeat" for side in self.sides}
        self.referee.count["10: games judged"] += 1
        said = [int(n) for n in re.findall(r" (\d+)(?:,|$)", end.get("reason", "").split(".")[0])]
        if end["results"] != expected or said != [points[side] for side in self.sides]:
            self.wrong("10", end["turn"], f"points {points} ({self.shelled} shelling): {expected}, "
                                          f"the end record {end['results']} ({end.get('reason')})")


def main(folders: list[str]) -> int:
    referee = Referee()
    for folder in folders:
        for path in sorted(Path(folder).glob("*.jsonl")):
            referee.game(path)
    for key, value in sorted(referee.count.items()):
        print(f"{key}: {value}")
    for item in ("1", "2", "4", "6", "7", "8", "9", "10"):
        found = referee.mismatches.get(item, [])
        print(f"item {item}: {len(found)} mismatches" + "".join(f"\n  {m}" for m in found[:5]))
    return 1 if referee.mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

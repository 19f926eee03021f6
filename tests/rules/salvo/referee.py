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
7. no shot is ever made at a dummy (fire needs a detected target; a detected dummy is gone).

It prints the counts of shots judged and of mismatches for each item.
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections import Counter
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
        game = start(header, bytes.fromhex(end["seed"]))
        for record in (r for r in records if r["type"] == "input"):
            before = game
            step = apply_input(game, record)
            game = step.game
            for done in step.resolutions:
                if done.phase == "gunfire":
                    self._gunfire(path, spec, shared, seats, heavy, before, step, done.turn)

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


def main(folders: list[str]) -> int:
    referee = Referee()
    for folder in folders:
        for path in sorted(Path(folder).glob("*.jsonl")):
            referee.game(path)
    for key, value in sorted(referee.count.items()):
        print(f"{key}: {value}")
    for item in ("1", "2", "4", "6", "7"):
        found = referee.mismatches.get(item, [])
        print(f"item {item}: {len(found)} mismatches" + "".join(f"\n  {m}" for m in found[:5]))
    return 1 if referee.mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""An outside referee for logged Black Sea campaigns (`fogbank simulate black_sea --json --logs DIR`).

    python -m tests.rules.greatwar.referee DIR [DIR ...]

It reads each log, replays its inputs to see where every fleet was after each phase, and counts,
from the seed's rules and the scenario's map file (read here with tomllib, not through the
ruleset's loader):

- moves: a fleet's step in the move phase, or in the contact phase, that is not to a zone
  bordering the one it was in (adjacency from the TOML);
- too far: a fleet that moved more zones in a turn than its slowest ship's speed class allows
  (2 zones only if every ship makes speed 2 or better and none is out of fuel), speeds and fuel
  as they stood when the orders were resolved;
- keys: dice keys logged twice in one game (every roll its own key);
- escorts: a fleet on an escort mission at sea, not turned for home, when an orders phase opens,
  whose charge is sunk or not in its zone.

The positions are the replayed game's own (its umpire view after each phase resolved); the
rules they are held to are the referee's.
"""

from __future__ import annotations

import collections
import json
import sys
import tomllib
from pathlib import Path

from fogbank.rules import core
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record.replay import apply_input, start

MAP = Path(__file__).parents[3] / "fogbank/rules/greatwar/scenarios/black_sea.toml"
FAST = {"2", "2+"}


def load_map() -> dict:
    data = tomllib.loads(MAP.read_text())
    return {"adjacent": {z: set(v["adjacent"]) for z, v in data["zones"].items()},
            "bases": {z: v.get("side") for z, v in data["zones"].items() if v.get("base")}}


class Watch:
    """The umpire's view after each phase the ruleset resolves, in order."""

    def __init__(self, ruleset):
        self.views: list[tuple[str, dict, dict]] = []  # (phase resolved, view before, view after)
        self.ruleset = ruleset
        self.inner = ruleset.resolve

    def __call__(self, state, orders):
        resolution = self.inner(state, orders)
        self.views.append((state.phase, self._look(state), self._look(resolution.state)))
        return resolution

    def _look(self, state) -> dict:
        return to_plain(self.ruleset.observe(state, core.UMPIRE))


def referee(path: Path, board: dict) -> collections.Counter:
    counts: collections.Counter = collections.Counter(games=1)
    records = [json.loads(line) for line in path.open()]
    keys = collections.Counter(r["key"] for r in records if r["type"] == "roll")
    counts["rolls"] += sum(keys.values())
    counts["keys"] += sum(n - 1 for n in keys.values() if n > 1)
    seed = bytes.fromhex(next(r for r in records if r["type"] == "end")["seed"])
    game = start(records[0], seed)
    watch = Watch(game.ruleset)
    game.ruleset.resolve = watch
    opened: list[dict] = []  # the umpire's view as each orders phase opens
    try:
        for record in (r for r in records if r["type"] == "input"):
            game = apply_input(game, record).game
            state = game.state
            fresh = not opened or opened[-1]["turn"] != state.turn
            if state.phase == "orders" and not state.ended and fresh:
                opened.append(watch._look(state))
    except core.Refused as refused:  # written by other rules than these: not this referee's to judge
        print(f"{path.name}: does not replay ({refused.code}); checked up to turn {game.state.turn}")
        counts["unreplayed"] += 1
    finally:
        del game.ruleset.resolve  # the class's own method again
    start_of_move: dict[str, dict] = {}
    for phase, before, after in watch.views:
        fleets_after = {f["id"]: f for f in after["fleets"]}
        if phase == "move":
            start_of_move = {f["id"]: f for f in before["fleets"]}
        if phase in ("move", "contact"):
            for fid, was in {f["id"]: f for f in before["fleets"]}.items():
                now = fleets_after.get(fid)
                if now is None:
                    continue
                counts["steps"] += 1
                if now["zone"] != was["zone"] and now["zone"] not in board["adjacent"][was["zone"]]:
                    counts["moves"] += 1
                    print(f"{path.name}: turn {before['turn']} {phase}: {fid} {was['zone']} -> {now['zone']}")
        if phase == "contact" and after["phase"] in ("orders", "contact"):
            for fid, now in fleets_after.items():
                first = start_of_move.get(fid)
                if first is None:
                    continue
                fast = all(s["speed"] in FAST for s in first["ships"]) and first["fuel"] > 0
                if _zones_between(board, first["zone"], now["zone"]) > (2 if fast else 1):
                    counts["too_far"] += 1
                    print(f"{path.name}: turn {before['turn']}: {fid} {first['zone']}-{now['zone']} too far")
    for view in opened:
        ids = {f["id"]: f for f in view["fleets"]}
        for f in view["fleets"]:
            if f["mission"] != "escort" or f["returning"] or board["bases"].get(f["zone"]) == f["side"]:
                continue
            counts["escorts_checked"] += 1
            charge = ids.get(f["escorting"]) if f["escorting"] else None
            if charge is None or charge["zone"] != f["zone"]:
                counts["escorts"] += 1
                print(f"{path.name}: turn {view['turn']}: escort {f['id']} in {f['zone']} without its charge")
    return counts


def _zones_between(board: dict, a: str, b: str) -> int:
    seen, frontier, n = {a}, {a}, 0
    while b not in seen:
        frontier = {z for x in frontier for z in board["adjacent"][x]} - seen
        seen |= frontier
        n += 1
    return n


def main(folders: list[str]) -> int:
    board = load_map()
    total: collections.Counter = collections.Counter()
    for folder in folders:
        for path in sorted(Path(folder).glob("*.jsonl")):
            total += referee(path, board)
    shown = ("games", "unreplayed", "rolls", "keys", "steps", "moves", "too_far", "escorts_checked",
             "escorts")
    print(json.dumps({k: total[k] for k in shown}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

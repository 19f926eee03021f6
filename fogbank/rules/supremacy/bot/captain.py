"""The standard River Plate captain, for any seat of either side, from her seat's chart, briefing
and views alone (ranges as judged, never the table's).

Each turn she weighs every move the rules allow her (turns, chasing splash, smoke) by what her guns
may do from where it takes her, what the enemy's may do to her there, and her side's aim: the
cruisers close to where their guns hurt and keep the raider in sight; the raider fights where her
11-inch guns outrange theirs and, as the end nears or when hurt, breaks contact behind smoke. She
fires only guns that can hurt the target at the judged range, with an eye on her ammunition, fires
torpedoes with a lead on a ship close enough, lights the enemy at night for her consorts, and asks
the open rosters what she may. Her luck varies her temper from game to game.
"""

from __future__ import annotations

import math
import random
from typing import Any, Mapping

from ..geometry import NAUTICAL_MILE, crosses_between, in_arc, offset, relative, within
from ..moves import Ahead, Move, parse_move
from . import helm, sense, torpedo

View = Mapping[str, Any]
RAIDER = "german"
TORPEDO_REACH = {"british": 300, "german": 300}  # tenths: how close she must judge a ship to fire at her
TORPEDO_ODDS = (0.2, 0.06)  # the least odds of a hit worth a bank, at the start and at the end


class Captain:
    """The standard player. Policies (`policies.py`) are captains with another plan."""

    def __init__(self, chart: Mapping[str, Any], briefing: Mapping[str, Any] | None = None, luck: int = 0):
        self.stats = {s["name"]: s for s in chart["ships"]}
        self.yours = list(chart["yours"])
        self.side = self.stats[self.yours[0]]["side"] if self.yours else None
        self.visibility = chart["visibility"]
        self.briefing = dict(briefing or {})
        self.turn_limit = self.briefing.get("turn_limit", 24)
        rng = random.Random(luck)
        self.rng = rng
        # Her temper, from her luck: how much a point taken weighs against a point done, the range
        # each ship closes to, when the raider breaks for it. Each ship has a temper of her own, as
        # she would in a seat of her own: one for a whole side would send every ship in boldly
        # together, or hold every one back.
        self.caution: dict[str, float] = {}
        self.close_to: dict[str, int] = {}
        for name in self.yours:
            self.caution[name] = rng.uniform(1.8, 2.6) if self.side == RAIDER else rng.uniform(0.15, 0.35)
            self.close_to[name] = self._close_to(name, rng)
        self.break_off = self.turn_limit - rng.randint(2, 4)
        self.known: dict[str, tuple[int, tuple[int, int], int]] = {}  # ship -> (turn, where judged, course)
        self.seen: dict[str, dict[int, tuple[tuple[int, int], bool]]] = {}  # ship -> turn -> (where judged, measured)
        self.reports = list(self.briefing.get("reported", ()))  # the enemy as reported at the set-out
        self.top: dict[str, int] = {}  # ship -> top speed, from the rosters
        self.hurt: dict[str, int] = {}  # ship -> damage, from the rosters
        self.now = 0  # the turn of the view last read
        self._traffic: list = []  # the other ships' reckoned moves, for the ship being steered

    def _close_to(self, name: str, rng: random.Random) -> int:
        """The range (tenths) a cruiser closes to: where her guns hurt the raider well."""
        if self.side == RAIDER:
            return 650
        heavy = self.stats[name]["type"] == "CA"
        return rng.randrange(220, 380, 10) if heavy else rng.randrange(140, 260, 10)

    # What she sees and remembers.

    def remember(self, view: View) -> None:
        self.now = view["turn"]
        if self.reports and view["ships"]:  # reported from her first ship, where she set out
            first = next((s for s in view["ships"] if s["name"] == self.yours[0]), view["ships"][0])
            for r in self.reports:
                self.known.setdefault(r["ship"], (0, offset(tuple(first["at"]), r["bearing"], r["range"]), r["course"]))
            self.reports = []
        for c in view["contacts"]:
            self.known[c["ship"]] = (view["turn"], tuple(c["at"]), c["course"])
            # The contacts of 1A are the last movement's: the turn before.
            when = view["turn"] - 1 if view["phase"] == "write_moves" else view["turn"]
            self.seen.setdefault(c["ship"], {})[when] = (tuple(c["at"]), any(s["exact"] for s in c["sightings"]))
        for a in view.get("answers", ()):
            ship, ask, answer = a["question"]["ship"], a["question"]["ask"], a["answer"]
            if ask == "speed" and "top_speed" in answer:
                self.top[ship] = answer["top_speed"]
            if ask == "damage" and "damage" in answer:
                self.hurt[ship] = answer["damage"]
        for r in view["reports"]:
            if r["kind"] == "sunk":
                self.known.pop(r["ship"], None)

    def enemies(self, view: View, by: str | None = None) -> list[Mapping[str, Any]]:
        return [c for c in view["contacts"] if c["side"] != self.side and (by is None or by in c["seen_by"])]

    def speed_of(self, name: str) -> int:
        return self.top.get(name, self.stats[name]["speed"])

    def predicted(self, name: str) -> tuple[int, int]:
        """Where a ship will be after the coming move, reckoned straight on at her best speed from
        where she was last judged to be."""
        seen, at, course = self.known[name]
        return sense.ahead(at, course, self.speed_of(name) * 5 * max(1, self.now - seen + 1))

    # The turn.

    def questions(self, view: View) -> list[Mapping[str, Any]]:
        """The open rosters (4.3) of ships in sight, and who of her side engaged the raider (4.8)."""
        asked = []
        if view["phase"] == "write_moves":
            for c in self.enemies(view)[:3]:
                asked.append({"ship": c["ship"], "ask": "damage"})
                if view["turn"] % 3 == 0:
                    asked.append({"ship": c["ship"], "ask": "speed"})
        if view["phase"] == "write_fire" and self.side != RAIDER and len(self.yours) == 1:
            asked += [{"ship": c["ship"], "ask": "engaged"} for c in self.enemies(view)[:1]]
        return asked

    def order(self, view: View) -> Mapping[str, Any]:
        self.remember(view)
        mine = [s for s in view["ships"] if not s["sunk"]]
        phase = view["phase"]
        if phase == "write_moves":
            return {"ships": self.moves(view, mine)}
        if phase == "searchlights":
            return {"ships": {s["name"]: {"searchlight": on} for s in mine if (on := self.searchlight(s, view)) is not None}}
        if phase == "torpedoes":
            return {"ships": {s["name"]: {"torpedoes": self.torpedoes(s, view)} for s in mine}}
        if phase == "write_fire":
            return {"ships": {s["name"]: {"fire": self.fire(s, view)} for s in mine}}
        return {"ships": {}}

    def standing(self, view: View) -> Mapping[str, Any]:
        return {"ships": {}}

    # 1A: moves.

    def moves(self, view: View, mine: list) -> dict[str, Any]:
        # Each ship's path as planned, straight on at her speed until she is given her move.
        planned: dict[str, tuple] = {s["name"]: (tuple(s["at"]), offset(tuple(s["at"]), s["course"], s["speed"] * 5))
                                     for s in mine}
        written = {}
        for ship in mine:
            if ship["first_move"]:
                move_text = ship["first_move"]
                written[ship["name"]] = move_text
                continue
            if view.get("write_ahead") and ship["ahead"]:
                continue  # written three turns ahead at night: nothing to write
            move = self.steer(ship, view, planned)
            planned[ship["name"]] = helm.where(ship, move)[2]
            written[ship["name"]] = helm.written(move)
        if view.get("write_ahead"):
            return {name: {"moves": Ahead((parse_move(text),)).straight_on().written()} for name, text in written.items()}
        return {name: {"move": text} for name, text in written.items()}

    def steer(self, ship: View, view: View, planned: Mapping[str, tuple[int, int]]) -> Move:
        """The move of most worth to her, of all the rules allow."""
        options = list(helm.moves(ship, view["turn"], chase=self.may_chase(ship, view), smoke=self.may_smoke(ship, view)))
        self._traffic = self.traffic(ship, planned)
        if not options:
            return Move(())
        return max(options, key=lambda m: (round(self.worth(ship, m, view, planned), 6), -m.turning, str(m)))

    def may_chase(self, ship: View, view: View) -> bool:
        return True

    def may_smoke(self, ship: View, view: View) -> bool:
        return ship["smoke_left"] > 0 and (self.side == RAIDER and self.breaking(ship, view) or self.hurting(ship))

    def breaking(self, ship: View, view: View) -> bool:
        """The raider breaks contact as the end nears, or badly hurt."""
        return view["turn"] >= self.break_off or ship["damage"] * 10 >= ship["points"] * 4

    def hurting(self, ship: View) -> bool:
        return ship["damage"] * 10 >= ship["points"] * 6

    def worth(self, ship: View, move: Move, view: View, planned: Mapping[str, tuple[int, int]]) -> float:
        end, course, path = helm.where(ship, move)
        stats = self.stats[ship["name"]]
        enemies = [n for n in self.known if self.stats[n]["side"] != self.side]
        if not enemies:
            return -move.turning / 100 - move.chase - move.smoke  # nothing known: hold on
        worth, best = 0.0, 0.0
        bonus, half = sense.turning_bonus(move.turning)
        working = {m["name"]: 0 if m["out"] or m["salvos_left"] <= 0 else m["guns"] for m in ship["mounts"]}
        seen_now = {c["ship"] for c in view["contacts"]}
        for name in enemies:
            there = self.predicted(name)
            theirs_stats = self.stats[name]
            # What she may do to him, and he to her, from where the move takes her.
            if not move.chase and name in seen_now:
                done = sense.fire_at(stats, end, course, there, theirs_stats, bonus=bonus, half=half, working=working,
                                     locked=frozenset(ship["locked"].get("mains", ())), target=name)
                best = max(best, done / theirs_stats["points"] * self.value_of(name))  # her guns on one ship
            if self.hidden(path, there, end, move):
                continue
            # What he may do to her: reckoned as if he closes on her at his best speed, his guns
            # bearing as they would on the course he is on.
            seen, at, course = self.known[name]
            coming = sense.ahead(at, sense.aim(at, end), self.speed_of(name) * 5 * max(1, self.now - seen + 1))
            if sense.far(coming, end) < sense.far(there, end):
                there = coming
            taken = sense.fire_at(theirs_stats, there, course, end, stats, bonus=-3 if move.chase else 0,
                                  locked=frozenset({ship["name"]}), target=ship["name"])
            worth -= taken / stats["points"] * self.caution[ship["name"]] * (1 + 4 * (ship["damage"] / ship["points"]) ** 2)
        worth += best + self.outlook(ship, end, course, enemies)
        worth += self.aim(ship, end, enemies, view, move, path)
        worth -= self.crowding(ship, path, self._traffic)
        return worth

    def outlook(self, ship: View, end, course: int, enemies: list[str]) -> float:
        """The exchange of fire over the next three turns if she holds on as the move leaves her,
        at her best speed, the raider holding on too and each cruiser closing to 20 inches: what
        she may do less what she may be done, each turn further off counting less."""
        stats, speed = self.stats[ship["name"]], ship["speed_range"][1]
        hurt = self.caution[ship["name"]] * (1 + 4 * (ship["damage"] / ship["points"]) ** 2)
        worth = 0.0
        for k in (1, 2, 3):
            me = sense.ahead(end, course, speed * 5 * k)
            best = 0.0
            for name in enemies:
                seen, at, heading = self.known[name]
                turns = max(1, self.now - seen + 1) + k
                if self.stats[name]["side"] == RAIDER:
                    them = sense.ahead(at, heading, self.speed_of(name) * 5 * turns)
                else:
                    gap = max(200, sense.far(at, me) - self.speed_of(name) * 5 * turns)
                    them = sense.ahead(me, sense.aim(me, at), gap)
                theirs = self.stats[name]
                done = sense.fire_at(stats, me, course, them, theirs, locked=frozenset({name}), target=name)
                taken = sense.fire_at(theirs, them, sense.aim(them, me) - 90, me, stats,
                                      locked=frozenset({ship["name"]}), target=ship["name"])
                best = max(best, done / theirs["points"] * self.value_of(name))
                worth -= 0.7 ** k * taken / stats["points"] * hurt
            worth += 0.7 ** k * best
        return worth

    def value_of(self, enemy: str) -> float:
        """How much a point done to this enemy is worth to her side's aim. To the raider, a cruiser
        near crippled (half her points) most, the 8-inch ship more than a light cruiser, one
        already crippled little (she can no longer follow); to the cruisers, every point on her."""
        stats = self.stats[enemy]
        if self.side != RAIDER:
            return 1.0
        hurt = self.hurt.get(enemy, 0) / stats["points"]
        if hurt >= 0.5 or self.top.get(enemy, stats["speed"]) * 2 <= stats["speed"]:
            return 0.25
        return (1.3 if stats["type"] == "CA" else 1.0) * (1 + 2 * hurt)

    def hidden(self, path, there, end, move: Move) -> bool:
        """Whether the smoke she lays this move stands between the enemy and where she ends."""
        return move.smoke and crosses_between(there, end, path)

    def aim(self, ship: View, end, enemies: list[str], view: View, move: Move, path) -> float:
        """Her side's aim, beyond the guns: the cruisers close to their range and keep the raider in
        sight; the raider keeps her distance and, breaking off, gets out of sight."""
        if self.side != RAIDER:
            raider = next((n for n in enemies if self.stats[n]["side"] == RAIDER), None)
            if raider is None:
                return 0.0
            there = self.predicted(raider)
            d = sense.far(end, there)
            worth = -max(0, d - self.close_to[ship["name"]]) / 2000 - max(0, self.close_to[ship["name"]] * 6 // 10 - d) / 1000
            if d > self.visibility * 85 // 100:
                worth -= (d - self.visibility * 85 // 100) / 150 * (2 if view["turn"] >= self.turn_limit - 3 else 1)
            return worth
        nearest = min(sense.far(end, self.predicted(n)) for n in enemies)
        if self.breaking(ship, view):
            unseen = all(self.hidden(path, self.predicted(n), end, move) or sense.far(end, self.predicted(n)) > self.visibility
                         for n in enemies)
            return nearest / 400 + (1.0 if unseen else 0.0)
        return -max(0, 500 - nearest) / 2000

    def traffic(self, ship: View, planned: Mapping[str, tuple]) -> list[tuple[bool, list]]:
        """Where every other ship may be through the coming move (friend or not, and her places at
        each fifth of it): her path as planned by her own seat, else reckoned straight on at her
        best speed, and a friend of another seat at her hardest turns too (she may turn as she likes)."""
        found = [(True, [_along(p, k) for k in range(0, 11, 2)]) for n, p in planned.items() if n != ship["name"]]
        for name in self.known:
            if name in planned or name == ship["name"]:
                continue
            seen, at, course = self.known[name]
            run = self.speed_of(name) * 5
            start = sense.ahead(at, course, run * max(0, self.now - seen))
            friend = self.stats[name]["side"] == self.side
            for bend in ((-14, 0, 14) if friend else (0,)):
                found.append((friend, [sense.ahead(start, course + bend, run * k / 10) for k in range(0, 11, 2)]))
        return found

    def crowding(self, ship: View, path, traffic: list[tuple[bool, list]]) -> float:
        """Keep clear of every ship as she moves (a collision holes both) and 6 inches from friends
        at the end (chasing splash fails within it)."""
        cost = 0.0
        mine = [_along(path, k) for k in range(0, 11, 2)]
        for friend, steps in traffic:
            if any(within(a, b, 45) for a, b in zip(mine, steps)):
                cost += 1.0 if friend else 0.2
            if friend and within(mine[-1], steps[-1], NAUTICAL_MILE):
                cost += 0.05
        return cost

    # 2B: fire.

    def fire(self, ship: View, view: View) -> list[Mapping[str, Any]]:
        """Each group at the enemy it may hurt most, only if it can hurt her at the judged range;
        a group short of ammunition keeps it for better chances."""
        if ship["chasing"] or ship["aground"]:
            return []
        plan: list[Mapping[str, Any]] = []
        effects = ship["effects"]
        silent = self.silent(ship)
        bonus, half_turn = sense.turning_bonus(round(ship["turned"] * 4))
        on: dict[str, int] = {}
        left_turns = max(1, self.turn_limit - view["turn"] + 1)
        for group in dict.fromkeys(m["group"] for m in ship["mounts"]):
            mounts = [m for m in ship["mounts"] if m["group"] == group and not m["out"] and m["salvos_left"] > 0
                      and m["guns"] > 0]
            if not mounts or silent[mounts[0]["battery"]]:
                continue
            battery, gun = mounts[0]["battery"], mounts[0]["gun"]
            levels = ship["levels_down"].get(battery, 0) + sum(
                int(k.split(":")[2]) for k in effects if k.startswith(f"down:{battery}:"))
            choices = []
            for c in self.enemies(view, ship["name"]):
                sighting = next(s for s in c["sightings"] if s["by"] == ship["name"])
                rel = relative(sighting["bearing"], ship["course"])
                guns = sum(m["guns"] for m in mounts if in_arc(rel, self._arc(ship, m)))
                locked = c["ship"] in ship["locked"].get(battery, ())
                points = sense.expected(gun, guns, sighting["range"], self.stats[c["ship"]], bonus=bonus - levels - on.get(c["ship"], 0),
                                        first=not locked, half=half_turn)
                if points > 0:
                    choices.append((points / self.stats[c["ship"]]["points"] * self.value_of(c["ship"]), c, guns, locked, sighting))
            if not choices:
                continue  # nothing it can hurt: hold fire (over-designation and ammunition)
            choices.sort(key=lambda x: (-x[0], x[1]["ship"]))
            worth, target, guns, locked, sighting = choices[0]
            salvos = min(m["salvos_left"] for m in mounts)
            if salvos < left_turns * 0.6 and worth < 0.01 and not locked:
                continue  # short of ammunition: not on so poor a chance
            order: dict[str, Any] = {"group": group, "target": target["ship"]}
            if locked and salvos <= 1.5 and salvos < left_turns:
                order["half"] = True  # make the last of it last
            second = self.second_target(choices[1:], gun, bonus - levels, half_turn) if battery == "secondaries" else None
            if second is None and battery == "secondaries" and len(choices) > 1 and choices[1][2] >= 2 and \
                    self.second_target(choices[:1], gun, bonus - levels, half_turn):
                # The best target is close: local control takes her, the director the next best.
                second, (worth, target, guns, locked, sighting) = choices[0], choices[1]
                order = {"group": group, "target": target["ship"]}
            if second is not None and guns >= 2:
                # 4.5a: a few of the group's guns in local control on a second ship close by.
                plan += [order, {"group": group, "target": second[1]["ship"], "guns": max(1, min(second[2], guns) // 3)}]
            else:
                plan.append(order)
            on[target["ship"]] = on.get(target["ship"], 0) + 1
        return plan

    @staticmethod
    def silent(ship: View) -> dict[str, bool]:
        """Which of her batteries her damage silences this turn."""
        effects = ship["effects"]
        return {"mains": "silent" in effects or "cease" in effects,
                "secondaries": any(k in effects for k in ("cease", "sectorp", "secall"))}

    def second_target(self, others: list, gun: str, bonus: int, half: bool):
        """Another enemy the group's guns bear on that local control may hurt: one at close range."""
        for choice in others:
            _, contact, guns, locked, sighting = choice
            if guns and sense.expected(gun, guns, sighting["range"], self.stats[contact["ship"]], bonus=bonus,
                                       first=not locked, half=half, local=True) > 0:
                return choice
        return None

    def _arc(self, ship: View, mount: Mapping[str, Any]) -> tuple[int, int]:
        return tuple(next(m["arc"] for m in self.stats[ship["name"]]["mounts"] if m["name"] == mount["name"]))

    # 2A: searchlights.

    def searchlight(self, ship: View, view: View) -> int | None:
        """At night a cruiser lights the nearest enemy she sees within 30 inches, so that her
        consorts may see her too; the raider, seeking the dark, burns none."""
        if self.side == RAIDER or "lights" in ship["effects"]:
            return None
        near = [(sense.judged(c, ship["name"]), c) for c in self.enemies(view, ship["name"])]
        near = [(r, c) for r, c in near if r is not None and r <= 300]
        if not near:
            return None
        sighting = next(s for s in min(near, key=lambda x: x[0])[1]["sightings"] if s["by"] == ship["name"])
        return sighting["bearing"]

    # 3: torpedoes.

    def torpedoes(self, ship: View, view: View) -> list[Mapping[str, Any]]:
        """One bank's spread at a time, led on the enemy where the odds of a hit are best, and
        only if they are worth a bank (a ship has two): close, across her length, her speed
        known, no friend in the way; narrow when her place is sure, a fan when it is not."""
        if "sectorp" in ship["effects"]:
            return []
        banks = [b for b in ship["banks"] if not b["out"] and not b["fired"]]
        tube = self.stats[ship["name"]].get("torpedo")
        if not banks or not tube:
            return []
        arcs = {b["name"]: tuple(b["arc"]) for b in self.stats[ship["name"]]["banks"]}
        best = None
        for c in self.enemies(view, ship["name"]):
            tenths = sense.judged(c, ship["name"])
            if tenths is None or tenths > TORPEDO_REACH[self.side]:
                continue
            per_turn, doubt = self.way_of(c["ship"], view["turn"])
            aimed = torpedo.lead(ship["at"], c["at"], c["course"], per_turn, tube["speed"] * 5, tube["run"] * 10)
            if aimed is None:
                continue
            course, turns = round(aimed[0]) % 360, aimed[1]
            bank = next((b["name"] for b in banks if in_arc(relative(course, ship["course"]), arcs[b["name"]])), None)
            if bank is None or not torpedo.clear_of_friends(ship["at"], course, turns * tube["speed"] * 5,
                                                            self.friends(ship, view)):
                continue
            exact = any(s["exact"] for s in c["sightings"] if s["by"] == ship["name"])
            track = torpedo.track_angle(course, c["course"])
            for spread in (("fan",) if ship["chasing"] else ("narrow", "fan")):
                chance = torpedo.odds(tenths=tenths, exact=exact, turns=turns, speed_doubt=doubt, track=track,
                                      tubes=tube["tubes"], spread=spread)
                if best is None or chance > best[0]:
                    best = (chance, {"bank": bank, "course": course, "spread": spread})
        if best is None or best[0] < self.worth_a_bank(ship, view):
            return []
        return [best[1]]

    def worth_a_bank(self, ship: View, view: View) -> float:
        """The least odds of a hit worth a bank: high while the action has long to run (a better
        chance may come), less as it ends or as she is hurt and may not live to use it."""
        if self.hurting(ship):
            return TORPEDO_ODDS[1]
        left = max(0, self.turn_limit - view["turn"]) / self.turn_limit
        return TORPEDO_ODDS[1] + (TORPEDO_ODDS[0] - TORPEDO_ODDS[1]) * left

    def way_of(self, name: str, turn: int) -> tuple[float, float]:
        """Her way (tenths a turn) as reckoned from her last two places, and how far out that may
        be: close to the truth where both were measured, else the two judgements' doubts; her
        best speed, much in doubt, if she was not seen last turn as well."""
        seen = self.seen.get(name, {})
        if turn in seen and turn - 1 in seen:
            (now, sure_now), (then, sure_then) = seen[turn], seen[turn - 1]
            way = min(sense.far(now, then), self.speed_of(name) * 5)
            doubt = 10.0 if sure_now and sure_then else 2 * torpedo.BY_EYE * (sense.far(now, then) + 150)
            return way, doubt
        return self.speed_of(name) * 5, 60.0

    def friends(self, ship: View, view: View) -> list[tuple[float, float]]:
        """Where her friends are and will be after a turn straight on: her own seat's ships and
        the friends she sees."""
        found = []
        for s in view["ships"]:
            if s["name"] != ship["name"] and not s["sunk"]:
                found += [tuple(s["at"]), sense.ahead(s["at"], s["course"], s["speed"] * 5)]
        for c in view["contacts"]:
            if c["side"] == self.side:
                found += [tuple(c["at"]), sense.ahead(c["at"], c["course"], self.speed_of(c["ship"]) * 5)]
        return found


def _along(path, tenth: int):
    """Where along a path (points) a ship is after `tenth` tenths of the move, by its legs' lengths."""
    if len(path) < 2:
        return path[0]
    legs = [math.dist(a, b) for a, b in zip(path, path[1:])]
    wanted = sum(legs) * tenth / 10
    for (a, b), length in zip(zip(path, path[1:]), legs):
        if wanted <= length and length:
            return (a[0] + (b[0] - a[0]) * wanted / length, a[1] + (b[1] - a[1]) * wanted / length)
        wanted -= length
    return path[-1]


__all__ = ["Captain"]

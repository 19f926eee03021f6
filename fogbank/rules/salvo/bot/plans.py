"""What a captain is trying to do, by scenario and side: where each ship steers, what it shoots
first, when it makes smoke, where the secret mines go. The standard plans vary with the player's
own luck (never the game's dice); the named policies (`policies.py`) are plans with one idea each.
Every plan reads only the seat's chart, briefing and views."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Callable

from .. import hexes
from ..hexes import Hex
from . import helm

if TYPE_CHECKING:
    from .captain import Captain

MINE_COST = 8  # a known mined hex is worth going this many hexes round
Scorer = Callable[[helm.End], float]


class Plan:
    """Engage: close to a good gun range of the nearest enemy, broadside on, never dead in the
    water; fire at what can be hit, keeping to last turn's target; smoke when outgunned."""

    place_dummies = True
    probe_with_starshells = False
    radar_holds_starshells = False  # ships with fire-control radar fire no starshells
    smoke_when_outgunned = True

    def __init__(self, captain: Captain) -> None:
        self.captain = captain
        self.random = captain.random

    # Phase One.

    def mines(self, view, count: int) -> list[str]:
        water = [h for h in sorted(self.captain.map.terrain) if self.captain.map.water(h)]
        own = {s["hex"] for s in view["ships"]}
        return [hexes.number(h) for h in water if hexes.number(h) not in own][:count]

    # Movement.

    def may_leave(self, ship, end: helm.End) -> bool:
        return False

    def dummy_speed(self, ship) -> int:
        return 4

    def scorer(self, view, ship) -> Scorer:
        enemies = self.targets_for_movement(view)
        here = hexes.parse(ship["hex"])
        if not enemies:
            return self.cruise(view, ship)
        goal = min(enemies, key=lambda h: (hexes.distance(here, h), h.q, h.r))
        keep = self.keep_range(ship)
        field = self.field(view, frozenset({goal}))
        return self.shaped(view, ship, lambda end: abs(field.get(end.hex, 99) - keep), goal)

    def keep_range(self, ship) -> int:
        return max(2, min(ship["range"], 12) * 2 // 3)

    def cruise(self, view, ship) -> Scorer:
        """With nothing to steer for: hold on at a steady speed (never stopped)."""
        cruising = self.captain.briefing.get("cruising_speed") or max(2, ship["max_speed"] // 2)
        return self.shaped(view, ship, lambda end: abs(end.speed - cruising) + (0.5 if end.turned else 0), None)

    def shaped(self, view, ship, base: Scorer, bearing_on: Hex | None) -> Scorer:
        """`base` plus what any captain minds: known mines entered, stopping dead, turning (-1 to
        the next fire), and ending bow or stern on to the enemy (-1: guns that cannot all bear)."""
        mines = self.known_mines(view)
        # What the ship's own figures decide, read once: a scorer is asked about a thousand ends.
        stops_matter = ship["kind"] != "dummy"
        reach = ship["range"]
        full_speed = ship["max_speed"] if ship["s"] == 0 and ship["max_speed"] > 0 else None
        end_on, distance = hexes.end_on, hexes.distance

        def score(end: helm.End) -> float:
            value = base(end) + (MINE_COST * sum(1 for h in end.entered if h in mines)
                                 if mines and not mines.isdisjoint(end.entered) else 0)
            if end.speed == 0 and stops_matter:
                value += 3
            if bearing_on is not None and not end.off:
                value += 0.6 * end.turned + (0.5 if end_on(end.hex, end.facing, bearing_on) else 0)  # False on it
                if full_speed is not None and end.speed >= full_speed and distance(end.hex, bearing_on) <= reach:
                    value += 0.5  # at full speed her own fire suffers (12.64)
            return value

        return score

    def field(self, view, goals: frozenset[Hex]) -> dict[Hex, int]:
        return helm.distances(self.captain.map, goals, frozenset(self.known_mines(view)), MINE_COST)

    def known_mines(self, view) -> set[Hex]:
        return {hexes.parse(h) for h in view.get("minefields", ())}

    def targets_for_movement(self, view) -> list[Hex]:
        return [hexes.parse(c["hex"]) for c in view["contacts"] if not c["friendly"] and c["kind"] != "fort" and not c["destroyed"]]

    def zeppelin_target(self, view, ship, end: helm.End) -> int | None:
        return None

    # Gunfire.

    def fire_torpedoes(self, view, unit) -> bool:
        return True

    def target_rank(self, view, unit, battery, contact, last: int | None) -> tuple:
        """Lower is better: a zeppelin overhead first (it bombs whoever it hangs over), then last
        turn's target (12.61), then capital ships, then the nearest."""
        d = hexes.distance(hexes.parse(unit["hex"]), hexes.parse(contact["hex"]))
        kind = {"capital": 0, "marker": 0, "fort": 1, "screen": 2, "zeppelin": 3}.get(contact["kind"], 4)
        if battery == "torpedo":
            return (kind, d, contact["label"])
        return (contact["kind"] != "zeppelin", contact["label"] != last, kind, d, contact["label"])

    def smoke(self, view) -> list[str]:
        """Smoke cards for the next move when outgunned: the damaged ships and, if the enemy's guns
        in reach outweigh the seat's own, every ship in them."""
        if not self.smoke_when_outgunned:
            return []
        ships = [s for s in self.captain.afloat(view) if s["kind"] in ("capital", "screen")]
        enemies = [c for c in self.captain.enemies(view) if c["detected"] and not c["destroyed"]]
        if not enemies:
            return []
        threatened = [s for s in ships if any(hexes.distance(hexes.parse(s["hex"]), hexes.parse(c["hex"])) <= 14 for c in enemies)]
        theirs = sum(self.strength(c) for c in enemies)
        ours = sum(s["attack"] for s in threatened)
        hurt = [s["id"] for s in threatened if s["w"] + s["s"] >= 2]
        if theirs > 1.5 * max(1, ours):
            return sorted(s["id"] for s in threatened)
        return sorted(hurt)

    @staticmethod
    def strength(contact) -> int:
        return {"capital": 8, "marker": 6, "screen": 2, "fort": 5, "zeppelin": 0}.get(contact["kind"], 2)


class Breakthrough(Plan):
    """Gallipoli, the Allies: bombard the forts from the longest range each ship's guns allow, one
    ship (by luck, in some games) firing across the peninsula from the Aegean with a spotter in the
    Straits; then, at a turn the luck picks or once the Narrows forts are silenced, every ship still
    fit to count rushes the Narrows, round every mine it knows of."""

    def __init__(self, captain: Captain) -> None:
        super().__init__(captain)
        self.rush_turn = self.random.randint(5, 13)
        self.outside = self.random.random() < 0.4  # one long gun goes round to the Aegean
        self.cautious = self.random.random() < 0.5  # wait for the Narrows forts to be silenced

    def may_leave(self, ship, end: helm.End) -> bool:
        return ship["kind"] in ("capital", "screen") and end.hex in self.captain.exits

    def rushing(self, view) -> bool:
        forts = [c for c in view["contacts"] if c["kind"] == "fort" and c["identity"]["name"] in NARROWS]
        silenced = sum(1 for c in forts if c["destroyed"])
        if self.cautious:
            return silenced >= 2 or view["turn"] >= self.rush_turn + 4
        return view["turn"] >= self.rush_turn or silenced >= 3

    def fit(self, ship) -> bool:
        """Whether she could still count, were she to get through."""
        return ship["w"] - ship["fresh_w"] <= 1 and ship["s"] - ship["fresh_s"] <= 1 and ship["w"] + ship["s"] <= 2

    def battery(self, view, ship) -> bool:
        """Whether this ship is the one sent to fire across the peninsula from the Aegean."""
        if not self.outside or ship["kind"] != "capital":
            return False
        longest = max((s for s in self.captain.afloat(view) if s["kind"] == "capital"), key=lambda s: (s["range"], s["id"]))
        return ship["id"] == longest["id"]

    def scorer(self, view, ship) -> Scorer:
        here = hexes.parse(ship["hex"])
        if ship["kind"] == "dummy":
            exits = self.field(view, self.captain.exits)
            return self.shaped(view, ship, lambda end: exits.get(end.hex, 99) * 0.5 + (0 if end.speed >= 2 else 2), None)
        if self.rushing(view) and self.fit(ship) and not self.battery(view, ship):
            exits = self.field(view, self.captain.exits)
            return self.shaped(view, ship, lambda end: -50 if end.off else exits.get(end.hex, 99) - 0.1 * end.speed, None)
        forts = [hexes.parse(c["hex"]) for c in view["contacts"] if c["kind"] == "fort" and not c["destroyed"]]
        if not forts:
            return self.cruise(view, ship)
        if self.battery(view, ship):
            return self.shaped(view, ship, self.aegean_station(view, ship, forts), None)
        keep = min(ship["range"], 15) - 1
        near = min(forts, key=lambda h: (hexes.distance(here, h), h.q, h.r))
        cruising = self.captain.briefing.get("cruising_speed") or 2

        @functools.cache  # by hex: a thousand ends stop in a few hundred hexes
        def placed(h: Hex) -> tuple[int, int]:
            return min(hexes.distance(h, f) for f in forts), 0 if self.captain.map.straits(h) else 2

        def bombard(end: helm.End) -> float:
            d, outside = placed(end.hex)
            return abs(d - keep) + 0.3 * abs(end.speed - cruising) + outside

        return self.shaped(view, ship, bombard, near)

    def aegean_station(self, view, ship, forts) -> Scorer:
        """Out in the Aegean behind the peninsula, within gun range of the Narrows forts."""
        narrows = [hexes.parse(c["hex"]) for c in view["contacts"] if c["kind"] == "fort" and c["identity"]["name"] in NARROWS
                   and not c["destroyed"]] or forts
        station = min((h for h in self.captain.map.terrain if self.captain.map.water(h) and not self.captain.map.straits(h)),
                      key=lambda h: (abs(min(hexes.distance(h, f) for f in narrows) - (ship["range"] - 2)), h.q, h.r))
        field = self.field(view, frozenset({station}))
        return lambda end: field.get(end.hex, 99) + 0.3 * (end.speed == 0)

    def target_rank(self, view, unit, battery, contact, last) -> tuple:
        """The Narrows forts first (they guard the exit), the nearest next."""
        d = hexes.distance(hexes.parse(unit["hex"]), hexes.parse(contact["hex"]))
        narrows = contact["kind"] == "fort" and contact["identity"]["name"] in NARROWS
        return (0 if contact["label"] == last else 1, 0 if narrows else 1, d, contact["label"])

    def dummy_speed(self, ship) -> int:
        return 4

    def smoke(self, view) -> list[str]:
        """The forts outgun any ship within their reach: every ship there hides in its own smoke (the
        one firing across the peninsula from the Aegean aside)."""
        forts = [hexes.parse(c["hex"]) for c in view["contacts"] if c["kind"] == "fort" and not c["destroyed"]]
        reach = max((c.get("range", 12) for c in self.captain.chart.get("forts", ())), default=12) + 1
        return sorted(s["id"] for s in self.captain.afloat(view) if s["kind"] == "capital" and not self.battery(view, s)
                      and any(hexes.distance(hexes.parse(s["hex"]), f) <= reach for f in forts))


NARROWS = frozenset({"Kilid Bahr", "Rumeli Mecidiye", "Hamidiye", "Cimenlik"})


class Forts(Plan):
    """Gallipoli, the Turks: the forts fire at the ship nearest the Narrows they can hit (the one
    that would break through first); the two secret mines go where the luck of the day puts them,
    among the places a mine layer would think of, the likelier the better each has done."""

    # name: (weight, hexes). A place's weight is the Turkish wins it gave over random Turkish
    # orders' 20, in 100 games of seed 1 with both mines forced there against the standard Allies
    # (docs/balance.md, "gallipoli"): the one gap of the Kephez fields' lowest row and the east
    # lane above it, which every ship keeping out of the printed fields must steam through, did
    # best; Eren Keui Bay did no better than random orders and is left out. A mix, so that an
    # Allied captain who remembers the last game cannot steer round the next one's mines.
    PLACES = {
        "the Kephez gap and the water below the Narrows": (52, ("2305", "2302")),  # 72 wins in 100
        "the Kephez gap and the gap above it": (48, ("2305", "2303")),  # 68
        "the gap above the fields and the water beyond": (48, ("2303", "2302")),  # 68
        "the gap beside Kephez and an exit": (38, ("2305", "2301")),  # 58
        "the Kephez gap and the channel below it": (33, ("2306", "2305")),  # 53
        "the Kephez gaps, east and west": (29, ("2305", "2103")),  # 49
        "the Kephez gap and the western water below the Narrows": (29, ("2305", "2202")),  # 49
        "the gaps above the Kephez fields": (20, ("2103", "2303")),  # 40
        "the water below the Narrows, both hexes": (17, ("2202", "2302")),  # 37
        "the exits": (11, ("2201", "2301")),  # 31
        "the channel below the fields": (10, ("2306", "2106")),  # 30
    }

    def mines(self, view, count: int) -> list[str]:
        names = sorted(self.PLACES)
        weights = [self.PLACES[n][0] for n in names]
        chosen = self.random.choices(names, weights)[0]
        picks = [h for h in self.PLACES[chosen][1] if self.captain.map.water(hexes.parse(h))]
        return (picks + super().mines(view, count))[:count]

    def target_rank(self, view, unit, battery, contact, last) -> tuple:
        exits = self.captain.chart.get("exit_hexes") or []
        to_exit = min((hexes.distance(hexes.parse(contact["hex"]), hexes.parse(e)) for e in exits), default=0)
        return (to_exit, 0 if contact["label"] == last else 1, contact["label"])


class NightAction(Plan):
    """Cape Esperance. The Americans hold at the range of their radar-laid guns, outside the
    Japanese eyes, and send the destroyers in with torpedoes; the Japanese close on what they can
    find, light it with starshells and searchlights, and fire their long torpedoes."""

    probe_with_starshells = True

    def __init__(self, captain: Captain) -> None:
        super().__init__(captain)
        self.bold = self.random.random() < 0.5

    def keep_range(self, ship) -> int:
        if self.captain.side == "us":
            if ship["kind"] == "screen":
                return 3  # inside torpedo range, at the edge of sight
            return 5 if self.bold else 7
        return 2 if ship["torpedoes"] else 3

    def targets_for_movement(self, view) -> list[Hex]:
        seen = super().targets_for_movement(view)
        if seen or self.captain.side == "us":
            return seen
        return [hexes.parse("2409")]  # nothing found: steam for Savo, where the Americans must be

    def fire_torpedoes(self, view, unit) -> bool:
        return True


def shelled(chart) -> tuple[frozenset[Hex], int, str | None]:
    """The chart's shore target: the hexes it is shelled from, how slowly there, and by which side."""
    shelling = chart.get("bombardment")
    if not shelling:
        return frozenset(), 0, None
    return frozenset(hexes.parse(h) for h in shelling["hexes"]), shelling["most_speed"], shelling["side"]


class Guard(NightAction):
    """Cape Esperance, the Americans: Scott's task is to keep Goto from shelling Henderson Field,
    and a night with nothing shelled and nothing lost is his. The cruisers wait off the middle of
    the bombardment line; when the enemy comes within reach of it, they hold at radar gun range of
    the heavy ship nearest it as he will be after his next move (his course and speed as last
    seen), outside his eyes, hardly turning (a ship turning fires worse), and the destroyers close
    on the nearest with torpedoes; an enemy far from the line is left alone."""

    radar_holds_starshells = True  # a lit target is harder to hit (12.42), and radar needs no light
    OFF_THE_LINE = 7  # hexes west of the bombardment line the cruisers wait at
    THREAT = 10  # hexes by water from the line: two moves of a cruiser at full speed
    TURNING = 1.0  # a turn costs the next fire -1: worth a hex off the range kept

    def scorer(self, view, ship) -> Scorer:
        line, _, side = shelled(self.captain.chart)
        if not line or side == self.captain.side or ship["kind"] not in ("capital", "screen"):
            return super().scorer(view, ship)
        here = hexes.parse(ship["hex"])
        to_line = self.field(view, line)
        kinds = ("capital", "marker") if ship["kind"] == "capital" else ("capital", "marker", "screen")
        known = (self.ahead(c) for c in self.captain.enemies(view) if c["kind"] in kinds and not c["destroyed"])
        threats = [h for h in known if to_line.get(h, 99) <= self.THREAT]
        if not threats:
            station = self.station(line, 0 if ship["kind"] == "capital" else 2)
            to_station = self.field(view, frozenset({station}))
            wait = lambda end: to_station.get(end.hex, 99) + 0.2 * end.speed + end.turned  # noqa: E731
            return self.shaped(view, ship, wait, None)
        goal = min(threats, key=lambda h: (to_line.get(h, 99), hexes.distance(here, h), h.q, h.r))
        keep = self.keep_range(ship)
        field = self.field(view, frozenset({goal}))
        hold = lambda end: abs(field.get(end.hex, 99) - keep) + self.TURNING * end.turned  # noqa: E731
        return self.shaped(view, ship, hold, goal)

    def keep_range(self, ship) -> int:
        if ship["kind"] == "screen":
            return 2  # inside torpedo range
        return 6 if self.bold else 7

    def station(self, line: frozenset[Hex], astern: int = 0) -> Hex:
        """Off the middle of the bombardment line, `OFF_THE_LINE` (and `astern` more) hexes west."""
        rows = sorted(h.row for h in line)
        middle = min(line, key=lambda h: (abs(h.row - rows[len(rows) // 2]), h.q))
        return hexes.from_offset(middle.column - self.OFF_THE_LINE - astern, middle.row)

    def ahead(self, contact) -> Hex:
        """Where a contact will be after its next move, on its course and speed as last seen (on the map)."""
        here = hexes.parse(contact["hex"])
        if not contact.get("facing") or not contact.get("speed"):
            return here
        there = here.step(contact["facing"], contact["speed"])
        return there if self.captain.map.water(there) else here


class Bombardment(NightAction):
    """Cape Esperance, the Japanese: Goto's mission is Henderson Field, shelled from the
    bombardment line on the map's eastern edge. Every heavy cruiser fit to shell it steams for the
    line by the way the luck picks (south of Savo, or round its north), slows there and shells the
    field turn after turn, firing guns and torpedoes at whatever comes in reach; a destroyer turns
    on an enemy that comes close to cover the cruisers, or keeps with them; a ship too hurt to
    shell fights as the night action does."""

    def __init__(self, captain: Captain) -> None:
        super().__init__(captain)
        self.north = self.random.random() < 0.5
        self.screen_fights = self.random.random() < 0.5

    NORTH_OF_SAVO = "2903"  # the way round Savo's north, clear of the channel between it and Cape Esperance

    def route(self, view, line: frozenset[Hex], here: Hex) -> dict[Hex, int]:
        """The way to the line: straight, or by the water north-east of Savo until she is there."""
        waypoint = hexes.parse(self.NORTH_OF_SAVO)
        if self.north and here.column < waypoint.column - 3:
            return self.field(view, frozenset({waypoint}))
        return self.field(view, line)

    def fit(self, ship) -> bool:
        return ship["w"] <= 1 and ship["s"] <= 1

    def scorer(self, view, ship) -> Scorer:
        line, slow, side = shelled(self.captain.chart)
        if not line or side != self.captain.side or ship["kind"] == "dummy":
            return super().scorer(view, ship)
        here = hexes.parse(ship["hex"])
        enemies = self.targets_for_movement(view)
        near = [h for h in enemies if hexes.distance(here, h) <= 4]
        screen = ship["kind"] == "screen"
        if not self.fit(ship) or (screen and self.screen_fights and near):
            return super().scorer(view, ship)
        way = self.route(view, line, here)

        def steam(end: helm.End) -> float:
            if end.hex in line and not screen:
                return -50 + end.speed * (10 if end.speed > slow else 0.1)
            return way.get(end.hex, 99) - 0.1 * end.speed

        return self.shaped(view, ship, steam, None)


class Chase(Plan):
    """Dogger Bank, the British: the battlecruisers run down the rearmost enemy capital ship at full
    speed, the light forces close to torpedo range."""

    def __init__(self, captain: Captain) -> None:
        super().__init__(captain)
        self.close_in = self.random.random() < 0.5
        self.beam = "A" if self.random.random() < 0.7 else "D"  # her northern beam (the British side), or the southern
        self.attack = self.random.random() < 0.4  # Tyrwhitt's destroyers sent in with torpedoes from the first

    def keep_range(self, ship) -> int:
        if ship["kind"] == "screen":
            return 8  # out of the enemy's secondaries, with the battlecruisers: a cripple is another matter
        return 9 if self.close_in else 12

    def scorer(self, view, ship) -> Scorer:
        """Run down the rearmost enemy capital ship, on her quarter rather than in her wake, where
        her smoke would hide her."""
        here = hexes.parse(ship["hex"])
        quarry = [c for c in self.captain.enemies(view) if c["kind"] in ("capital", "marker")] or [
            c for c in self.captain.enemies(view) if c["kind"] != "fort"]
        if not quarry:
            return self.cruise(view, ship)
        target = min(quarry, key=lambda c: (hexes.distance(here, hexes.parse(c["hex"])), c["label"]))
        where, facing = hexes.parse(target["hex"]), target["facing"]
        keep = self.keep_range(ship)
        if ship["kind"] == "screen" and ship["torpedoes"] and (target["speed"] <= 2 or (self.attack and ship["type"] == "DD")):
            keep = 2  # she is slowing, or the destroyers are sent in: torpedoes

        ahead = where.step(facing, target.get("speed") or 0) if facing else where  # where she will be as this move ends
        station = ahead.step(self.beam, keep)  # abeam of her, out of the smoke of her wake
        reach = ship["range"] - 2

        @functools.cache  # by hex: a thousand ends stop in a few hundred hexes
        def away(h: Hex) -> tuple[int, int]:
            return hexes.distance(h, ahead), hexes.distance(h, station)

        def chase(end: helm.End) -> float:
            d, off_station = away(end.hex)
            if d > reach:  # a stern chase: into gun range first, by the shortest way
                return 2 * d - 0.3 * end.speed
            bow = hexes.end_on(end.hex, end.facing, ahead) and d > 1  # her fore and aft guns only
            return off_station + (1 if bow else 0)

        return self.shaped(view, ship, chase, ahead)


class RunForHome(Plan):
    """Dogger Bank, the Germans: home off the eastern edge at the squadron's speed (the
    Bluecher's), or, by the day's luck, at full speed leaving her behind; screens torpedo a pursuer
    that comes close; smoke when the British guns outweigh their own."""

    def __init__(self, captain: Captain) -> None:
        super().__init__(captain)
        self.abandon = self.random.random() < 0.35

    def may_leave(self, ship, end: helm.End) -> bool:
        return ship["kind"] in ("capital", "screen") and end.hex in self.captain.exits

    def scorer(self, view, ship) -> Scorer:
        if ship["kind"] == "zeppelin":
            return self.airship(view, ship)
        home = self.field(view, self.captain.exits)
        slowest = min((s["max_speed"] for s in self.captain.afloat(view) if s["kind"] == "capital"), default=ship["max_speed"])
        pace = ship["max_speed"] if self.abandon or ship["kind"] != "capital" else slowest

        def run(end: helm.End) -> float:
            if end.off:
                return -100
            return home.get(end.hex, 99) + 2 * max(0, end.speed - pace)

        return self.shaped(view, ship, run, None)

    def airship(self, view, ship) -> Scorer:
        enemies = self.targets_for_movement(view)
        if not enemies:
            return self.cruise(view, ship)
        here = hexes.parse(ship["hex"])
        goal = min(enemies, key=lambda h: (hexes.distance(here, h), h.q, h.r))
        return lambda end: hexes.distance(end.hex, goal) - (3 if goal in end.entered else 0)

    def zeppelin_target(self, view, ship, end) -> int | None:
        for contact in self.captain.enemies(view):
            if hexes.parse(contact["hex"]) in end.entered and contact["kind"] in ("capital", "screen", "marker"):
                return contact["label"]
        return None


def plan_for(captain: Captain) -> Plan:
    """The standard plan of this captain's scenario and side; for a scenario with none, the
    generic one, or home off the map for the side the scenario lets steam off it."""
    plans = {
        ("gallipoli", "allied"): Breakthrough, ("gallipoli", "turkish"): Forts,
        ("cape_esperance", "us"): Guard, ("cape_esperance", "japan"): Bombardment,
        ("dogger_bank", "britain"): Chase, ("dogger_bank", "germany"): RunForHome,
    }
    chosen = plans.get((captain.scenario, captain.side))
    if chosen is None:  # a scenario of a designer's own: a side that wins by getting off the map makes for it
        chosen = RunForHome if captain.exits and captain.chart.get("exit_side") == captain.side else Plan
    return chosen(captain)


__all__ = ["Bombardment", "Breakthrough", "Chase", "Forts", "Guard", "NightAction", "Plan", "RunForHome",
           "plan_for", "shelled"]

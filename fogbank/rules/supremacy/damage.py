"""Applying damage (2D) and the turn's end (4): points, special damage effects with the owner's
secret rolls, overwhelming damage (75% in a turn), fires, flooding, sinking."""

from __future__ import annotations

from typing import Any, Callable

from fogbank.rules.core import GameState, Modifier, Roller
from fogbank.rules.core.copies import evolve

from . import special
from .events import Sunk
from .scenario import hit_table, ship_classes
from .sight import watchers
from .ships import MAINS, SECONDARIES, Ship, ShipClass

TORPEDO_POINTS = 300  # a torpedo hit (decisions.md: the full rules' torpedo sheet is not in the seed)


def read_face(total: int) -> str:
    return f"rolled {total}"


def read_turns(total: int) -> str:
    return f"{max(0, total)} turns"


def read_five_six(total: int) -> str:
    return "yes" if total >= 5 else "no"


def read_fire(total: int) -> str:
    return "out" if total == 1 else "spreads" if total >= 5 else "burns"


# The tables a phase's roller reads by name; a roll on any other gives its own reader.
TABLES: dict[str, Callable[[int], str]] = {
    "pick": read_face, "duration": read_turns, "five_six": read_five_six, "fire": read_fire,
}


def _turns(roller: Roller, key: str, value: str) -> int:
    """How many turns an effect lasts: "1", "d" (a die), "d2" (a die less two), "ever"."""
    if value == "ever":
        return 10_000
    if value.startswith("d"):
        less = 2 if value == "d2" else 0
        return max(0, roller.roll(key, "duration", modifiers=(Modifier("die less two", -less),)).total)
    return int(value)


def apply_special(ship: Ship, cls: ShipClass, effects: dict[str, str], gun_points: int, roller: Roller,
                  key: str, deck_full: bool) -> tuple[Ship, int, list[str]]:
    """One special's effects on the ship: the new ship, the points it cost, and the words."""
    turn, points, said = roller.turn, 0, []
    fx = dict(ship.effects)
    out, banks = set(ship.mounts_out), set(ship.banks_out)
    sec_out = dict(ship.secondaries_out)
    knots, rooms, rudder, on_course = ship.knots_lost, ship.rooms_lost, ship.rudder, ship.on_course
    fires, flooding, sinking, levels = dict(ship.fires), ship.flooding, ship.sinking, dict(ship.levels)
    mains = [m.name for m in cls.mounts if m.battery == MAINS and m.name not in out]
    groups = list(dict.fromkeys(m.group for m in cls.mounts if m.battery == MAINS and m.name in mains))
    secondaries = [m for m in cls.mounts if m.battery == SECONDARIES]

    def pick(options: list[str], what: str) -> str | None:
        if not options:
            return None
        face = roller.roll(f"{key}/{what}", "pick").total
        return options[(face - 1) % len(options)]

    def lose_main(count: int = 1) -> None:
        for n in range(count):
            chosen = pick([m for m in mains if m not in out], f"main{n}")
            if chosen:
                out.add(chosen)
                said.append(f"turret {chosen} knocked out")

    def lose_group() -> None:
        chosen = pick(groups, "group")
        if chosen:
            for m in cls.mounts:
                if m.group == chosen and m.battery == MAINS:
                    out.add(m.name)
            said.append(f"the {chosen} group of mains knocked out")

    def lose_secondary(count: int) -> None:
        for n in range(count):
            chosen = pick([m.name for m in secondaries if sec_out.get(m.name, 0) < m.guns], f"sec{n}")
            if chosen:
                sec_out[chosen] = sec_out.get(chosen, 0) + 1
                said.append(f"a {chosen} secondary knocked out")

    def lose_banks(count: int) -> None:
        for n in range(count):
            chosen = pick([b.name for b in cls.banks if b.name not in banks], f"bank{n}")
            if chosen:
                banks.add(chosen)
                said.append(f"the {chosen} torpedo bank knocked out")

    for effect, value in effects.items():
        if effect == "dmg":
            points += round(float(value) * gun_points)
        elif effect == "knots":
            knots += int(value)
            said.append(special.knots_lost(value))
        elif effect == "rooms":
            rooms += int(value)
            said.append(f"{value} engine room{'s' if value != '1' else ''} lost")
        elif effect == "sec":
            lose_secondary(int(value))
        elif effect == "main":
            lose_main(int(value))
        elif effect == "jam":
            lose_main(int(value))
            said.append("(the turret is jammed)")
        elif effect == "group":
            lose_group()
        elif effect == "tdgroup":
            lose_group() if deck_full else lose_main()
        elif effect == "banks":
            lose_banks(len(cls.banks) if value == "all" else int(value))
        elif effect in ("silent", "cease", "sectorp", "secall"):
            until = turn + _turns(roller, f"{key}/{effect}", value)
            fx[effect] = max(fx.get(effect, 0), until)
            said.append(f"{effect_words[effect]} until turn {until}" if until > turn else "")
        elif effect in ("down", "secdown"):
            lost, _, span = value.partition(":")
            battery = MAINS if effect == "down" else SECONDARIES
            if span == "ever":
                levels[battery] = levels.get(battery, 0) + int(lost)
                said.append(f"{battery} fire {lost} levels down for good")
            else:
                name = f"down:{battery}:{lost}"
                fx[name] = max(fx.get(name, 0), turn + int(span))
                said.append(f"{battery} fire {lost} levels down next turn")
        elif effect == "cap":
            knots_cap, _, span = value.partition(":")
            until = turn + _turns(roller, f"{key}/cap", span)
            fx[f"cap{knots_cap}"] = max(fx.get(f"cap{knots_cap}", 0), until)
            said.append(f"speed held to {knots_cap} knots until turn {until}")
        elif effect == "course":
            if value == "3d":
                inches = roller.roll(f"{key}/course", "pick", count=3).total
            else:
                inches = roller.roll(f"{key}/course", "pick").total * max(1, ship.speed // 2)
            on_course = max(on_course, inches * 4)
            said.append(f"on course for {inches} inches")
        elif effect == "rudder":
            rudder = "lost" if value == "lost" else ("damaged" if rudder == "working" else rudder)
            said.append(f"rudder {rudder}")
        elif effect in ("hardover", "hardover56"):
            if effect == "hardover" or roller.roll(f"{key}/hardover", "five_six").outcome == "yes":
                until = turn + _turns(roller, f"{key}/hardover_turns", value)
                fx["hard_over"] = max(fx.get("hard_over", 0), until)
                said.append(f"rudder jammed hard over until turn {until}")
        elif effect == "main56":
            if roller.roll(f"{key}/main56", "five_six").outcome == "yes":
                lose_main()
        elif effect == "room56":
            if roller.roll(f"{key}/room56", "five_six").outcome == "yes":
                rooms += 1
                said.append("an engine room lost")
        elif effect in ("fire", "bigfire"):
            fires[effect] = max(fires.get(effect, 0), 50 if effect == "fire" else int(value))
            said.append("on fire")
        elif effect == "explode":
            if roller.roll(f"{key}/explode", "five_six").outcome == "yes":
                points += cls.points
                said.append("the ship explodes")
        elif effect == "magazine":
            lose_main()
            own = max((m for m in cls.mounts if m.battery == MAINS), key=lambda m: m.guns).gun
            points += int(value) * _gun_points(own)
            said.append("magazine explosion")
        elif effect == "torpboom":
            for bank in cls.banks:
                if bank.name in ship.torpedoes_fired:
                    continue
                if roller.roll(f"{key}/torpboom/{bank.name}", "five_six").outcome != "yes":
                    break
                points += TORPEDO_POINTS
                said.append(f"the {bank.name} bank's torpedoes explode")
        elif effect == "bulkhead":
            flooding = int(value)
            said.append("bulkheads failing")
        elif effect == "sinking":
            sinking = True
            said.append("losing way, settling")
        elif effect == "secq":
            side = pick([m.name for m in secondaries], "quarter")
            if side:
                mount = cls.mount(side)
                sec_out[side] = min(mount.guns, sec_out.get(side, 0) + (mount.guns + 1) // 2)
                said.append(f"a quarter of the secondaries ({side}) knocked out")
        elif effect in ("lights", "aircraft"):
            fx[effect] = 10_000
            said.append(f"{'searchlights' if effect == 'lights' else 'aircraft'} knocked out")
    ship = evolve(
        ship, effects=fx, mounts_out=frozenset(out), banks_out=frozenset(banks), secondaries_out=sec_out,
        knots_lost=knots, rooms_lost=rooms, rudder=rudder, on_course=on_course, fires=fires,
        flooding=flooding, sinking=sinking, levels=levels,
    )
    return ship, points, [s for s in said if s]


effect_words = {"silent": "mains silent", "cease": "all guns silent", "sectorp": "secondaries and torpedoes out",
                "secall": "all secondaries out"}


def _gun_points(gun: str) -> int:
    return hit_table().guns[gun].points


def goes_down(ship: Ship, points: int) -> str | None:
    """Why she sinks (6), or None: 75% of her points (`points`) taken this turn is overwhelming
    damage; her points taken in all sink her too."""
    return ("overwhelming damage" if ship.turn_damage * 4 >= points * 3
            else "damage" if ship.damage >= points else None)


def sink(board, state: GameState) -> tuple[Any, list[Sunk]]:
    """Ships at or past their points, or that took 75% of them this turn, go down (5.9, 6): seen
    by every seat whose ships see her as she goes (the firer among them if she still sees her)."""
    classes, events, changed = ship_classes(), [], []
    on_table = evolve(state, board=board)
    for ship in (s for s in board.ships if not s.sunk):
        how = goes_down(ship, classes[ship.cls].points)
        if how:
            changed.append(evolve(ship, sunk=True, speed=0))
            events.append(Sunk(turn=state.turn, phase=state.phase, audience=watchers(on_table, ship.name),
                               ship=ship.name, title=ship.title, how=how))
    return board.replace(*changed), events

"""Gunfire (the DPT, the CRT, 12.5's special damage, 12.6's modifiers) and torpedoes.

Fire is simultaneous: every shot is worked out from where everything stands when the phase opens,
and the damage is applied after the last one. Main batteries firing at one target combine their
damage points into one CRT roll (concentrated fire); so do secondaries.
"""

from __future__ import annotations

from typing import Any, Mapping

from fogbank.rules.core import Modifier
from fogbank.rules.core.copies import evolve

from . import hexes, sensing
from .board import Shot
from .tables import RADARS, crt, damage_points, odds_column
from .units import CAPITAL, FORT, SCREEN, ZEPPELIN, Unit
from .work import Work

SECONDARY_RANGE = 5  # hexes
ZEPPELIN_RANGE = 2  # Salvo II: a zeppelin is shot at within two hexes
POINT_BLANK = 3  # Gallipoli special rule 1's "same hex": a fort and a ship in the water beside it
CREW = {"crack": 1, "average": 0, "poor": -1}
PARTLY_BLOCKED = Modifier("fire through partly blocking smoke", -1)  # NWS heavy seas: gunfire and torpedoes


def targets(work: Work, orders: Mapping[str, Mapping[str, Any]]) -> list[tuple[Unit, str, Unit, Unit | None]]:
    """(firer, battery, target, spotter) for every shot ordered by a unit able to shoot."""
    plans = []
    for seat in sorted(orders):
        who = sensing.observer(work.scenario, seat)
        by_label = {n: uid for uid, n in work.board.labels.get(who, {}).items()}
        for uid, fire in sorted(orders[seat].get("fire", {}).items()):
            firer = work.units.get(uid)
            if firer is None or not firer.afloat or firer.seat != seat:
                continue
            spotter = work.units.get(fire.get("spotter") or "")
            for battery in ("main", "secondary", "torpedo"):
                key = "target" if battery == "main" else battery
                target = work.units.get(by_label.get(fire.get(key), ""))
                if target is not None and target.afloat:
                    plans.append((firer, battery, target, spotter))
    return plans


def resolve(work: Work, orders: Mapping[str, Mapping[str, Any]]) -> None:
    plans = targets(work, orders)
    groups: dict[tuple[str, str], list[tuple[Unit, Unit | None]]] = {}
    for firer, battery, target, spotter in plans:
        if battery != "torpedo":
            groups.setdefault((target.id, battery), []).append((firer, spotter))
    shots: list[Shot] = []
    able: dict[tuple[str, str], list[tuple[Unit, list[Modifier]]]] = {}
    for (tid, battery), firers in groups.items():
        target = work.units[tid]
        for firer, spotter in firers:
            why, mods = _bearing(work, firer, battery, target, spotter)
            if why:
                shots.append(_shot(firer, target, battery, why))
                _tell_firer(work, firer, target, f"{firer.name} could not fire at {{target}}: {why}.")
            else:
                able.setdefault((tid, battery), []).append((firer, mods))
    # Only shots that could be made count as "fired at" (a shot ordered but impossible is not seen).
    fired_at = {tid for (tid, _), firers in able.items() if any(f.side != work.units[tid].side for f, _ in firers)}
    shielded = _shields(work, able)
    results: list[tuple[Unit, str, list[Unit]]] = []
    for (tid, battery), firers in able.items():
        target = work.units[tid]
        concentrated = len(firers) > 1 and target.kind != FORT
        points = 0
        for firer, mods in firers:
            d = hexes.distance(firer.hex, target.hex)
            mods = mods + _modifiers(work, firer, battery, target, d, concentrated, fired_at)
            roll = work.roll(f"dpt/{firer.id}/{battery}", "dpt", mods)
            strength = firer.current_attack if battery == "main" else firer.current_secondary
            if point_blank(work, firer, target):
                strength *= POINT_BLANK
                said = f"{firer.name} fired at {target.name} point-blank: attack {strength} (tripled)."
                work.note("point_blank", said, firer=firer.id, target=target.id, attack=strength)
            points += damage_points(roll.outcome, strength)
            shots.append(_shot(firer, target, battery, f"DPT {roll.outcome}"))
        hitting = [f for f, _ in firers]
        odds = odds_column(points, target.defence)
        if odds is None:
            results.append((target, "-", hitting))
            work.note("fire", f"{points} damage points against {target.name}: below 1:2, no effect.")
            continue
        roll = work.roll(f"crt/{target.id}/{battery}", crt(odds).name)
        results.append((target, roll.outcome, hitting))
        natural = sum(roll.dice)
        if natural == 11 or (natural == 7 and odds != "1:2"):
            special = work.roll(f"special/{target.id}/{battery}", "special_damage").outcome
            if target.id not in shielded:  # shields up: the hit is ignored, and what it would have done with it
                _special(work, target, special, hitting)
    for target, result, firers in results:
        result = _shrugged_off(work, target, result, shielded)
        fate = work.damage(target.id, result)
        _tell_result(work, target, result, fate, firers)
    _torpedoes(work, [(f, t) for f, b, t, _ in plans if b == "torpedo"], shots, shielded)
    for firer, battery, target, _ in plans:
        if battery == "main" and firer.id in work.units:
            work.put(evolve(work.units[firer.id], target=target.id))
    work.board = evolve(work.board, shots=tuple(shots))


def point_blank(work: Work, firer: Unit, target: Unit) -> bool:
    """Gallipoli rule 1: a ship or fort firing at a target "in the same hex" triples its attack. A
    fort's hex is land here (its dot ashore), so the hex a ship may share with it is the water beside
    it: a fort and a ship one hex apart fire at each other at triple strength (decisions.md)."""
    return (work.scenario.forts_triple_in_hex and FORT in (firer.kind, target.kind)
            and hexes.distance(firer.hex, target.hex) <= 1)


def _shot(firer: Unit, target: Unit, battery: str, outcome: str) -> Shot:
    return Shot(firer=firer.id, target=target.id, battery=battery, origin=hexes.number(firer.hex),
                to=hexes.number(target.hex), outcome=outcome)


def _shrugged_off(work: Work, target: Unit, result: str, shielded: set[str]) -> str:
    """The result that lands: none on a ship with her shields up, her side told she shrugged it off."""
    if target.id in shielded and result != "-":
        work.tell(work.seats_of(target.side), "shields_up", f"{target.name} shrugged off every hit this turn (shields up).")
        return "-"
    return result


def _shields(work: Work, able) -> set[str]:
    """Random event 2: on a side that has it, the ship most fired at ignores every hit."""
    shielded = set()
    for side, effects in work.board.effects.items():
        if "shields up" in effects:
            counts = {tid: len(firers) for (tid, _), firers in able.items() if work.units[tid].side == side}
            if counts:
                shielded.add(max(sorted(counts), key=counts.get))
    return shielded


def _bearing(work: Work, firer: Unit, battery: str, target: Unit, spotter: Unit | None):
    """Why `firer` cannot fire at `target`, or "" and the DPT modifiers of how it sees it if it can."""
    board, scenario, turn = work.board, work.scenario, work.turn
    strength = firer.current_attack if battery == "main" else firer.current_secondary
    if strength <= 0 or (firer.kind == FORT and firer.w >= 3):
        return "its guns are silent", []
    if board.without_power(firer.id, turn):
        return "no power after an engineering hit", []
    if battery == "secondary" and target.kind == FORT:
        return "secondary batteries may not fire at forts", []
    d = hexes.distance(firer.hex, target.hex)
    reach = ZEPPELIN_RANGE if target.kind == ZEPPELIN else (SECONDARY_RANGE if battery == "secondary" else firer.range)
    if d > reach:
        return f"out of range ({d} hexes, range {reach})", []
    mods: list[Modifier] = []
    who = sensing.observer(scenario, firer.seat)
    seen_by_side = target.id in board.detected.get(who, frozenset()) or target.kind == FORT
    allowance = 1 if firer.kind == FORT else 0
    sight = eye_reach(work, who, target)
    in_smoke = firer.hex in board.smoke or target.hex in board.smoke
    visual = target.kind == ZEPPELIN or (not in_smoke and d <= sight)
    across = land_blocked = sensing.land_blocked(scenario, firer.hex, target.hex, allowance)
    if visual and not land_blocked:
        # One die a shot: the main and the secondary battery at one target are two shots.
        smoke = _smoke_on_the_line(work, firer, target, d, "fire" if battery == "main" else "secondary", sight)
        visual = smoke != "blocked"
        if smoke == "partial":
            mods.append(PARTLY_BLOCKED)
    if visual and not land_blocked and seen_by_side:
        pass
    elif firer.has_radar and not land_blocked and target.kind != ZEPPELIN and seen_by_side and battery == "main":
        radar = RADARS[firer.radar]
        radar_reach = min(radar.gun, board.radar_range.get(firer.id, 99))
        if d > radar_reach:
            return f"beyond visibility and radar gun range ({radar_reach})", []
        if radar.quality == "axis_low":
            mods.append(Modifier("low grade radar", -3))
        elif d > radar.spotting:
            mods.append(Modifier("advanced radar" if radar.quality == "advanced" else "low grade radar",
                                 -2 if radar.quality == "advanced" else -3))
    elif _zeppelin_spots(work, firer, target) and not land_blocked and seen_by_side:
        mods.append(Modifier("spotting zeppelin", -3))
    elif across and target.kind == FORT and _indirect(work, firer, target, spotter):
        mods.append(Modifier("indirect fire across the peninsula", -3))
    elif land_blocked:
        return "land is in the way", []
    else:
        return "out of sight", []
    if not across:  # 12.41 at forts too (forts' fire at ships is blocked the same way); indirect fire is the spotter's line
        known = board.detected.get(who, frozenset()) | {u.id for u in work.units.values() if sensing.belongs(scenario, u, who)}
        blocked = sensing.units_block(board, firer, target, known)
        if blocked:
            return f"line of sight blocked: {blocked}", []
    return "", mods


def eye_reach(work: Work, who: str, target: Unit) -> int:
    """How far observer `who`'s eyes reach to `target` now: the visibility, or by night, where
    the target shows in its light (a starshell of its side, its searchlight, or her own beam),
    the light's `ILLUMINATED` hexes; fire by eye goes no further (beyond it only radar aims)."""
    eyes = [u.id for u in work.units.values() if sensing.belongs(work.scenario, u, who)]
    if work.scenario.night and sensing.lit(work.board, target, eyes):
        return max(work.board.visibility, sensing.ILLUMINATED)
    return work.board.visibility


def _smoke_on_the_line(work: Work, firer: Unit, target: Unit, d: int, what: str, sight: int) -> str:
    """NWS smoke on the firer's own line: "" (none), "blocked", or (heavy seas) "partial". One die
    a line a shot; partial smoke also cuts the spotting range (`sight`: the visibility, or the
    light's reach) by 2 (and, once, -1 to the roll)."""
    board = work.board
    if not sensing.smoke_between(board, firer.hex, target.hex):
        return ""
    if not work.scenario.heavy_seas:
        return "blocked"
    seas = work.outcome_of(f"smoke/{what}/{firer.id}/{target.id}", "smoke_seas")
    if seas == "blocked" or (seas == "partial" and d > sight - sensing.SMOKE_PARTIAL):
        return "blocked"
    return "partial" if seas == "partial" else ""


def _zeppelin_spots(work: Work, firer: Unit, target: Unit) -> bool:
    return any(
        z.kind == ZEPPELIN and z.afloat and z.side == firer.side
        and hexes.distance(z.hex, target.hex) <= work.scenario.visibility
        for z in work.units.values()
    )


def _indirect(work: Work, firer: Unit, target: Unit, spotter: Unit | None) -> bool:
    """Gallipoli 5: a ship outside the Straits fires across the peninsula at a fort, spotted by a
    friendly ship inside the Straits that sees the fort."""
    scenario, board = work.scenario, work.board
    return (
        firer.kind != FORT and not scenario.map.straits(firer.hex)
        and spotter is not None and spotter.afloat and spotter.side == firer.side and spotter.kind != FORT
        and scenario.map.straits(spotter.hex)
        and hexes.distance(spotter.hex, target.hex) <= board.visibility
        and not sensing.land_blocked(scenario, spotter.hex, target.hex)
    )


def _modifiers(work: Work, firer: Unit, battery: str, target: Unit, d: int, concentrated: bool, fired_at: set[str]) -> list[Modifier]:
    board, turn, scenario = work.board, work.turn, work.scenario
    mods = []
    ship_target = target.kind in (CAPITAL, SCREEN)
    crew = CREW.get(firer.crew, 0) - (1 if board.marked("bridge", firer.id, turn) or board.marked("bridge_all", firer.side, turn) else 0)
    if crew:
        mods.append(Modifier(f"{'crack' if crew > 0 else 'poor'} crew", crew))
    if ship_target and (target.current_max_speed == 0 or target.speed <= 1):
        mods.append(Modifier("target dead in the water or at speed 1", 2))
    if ship_target and d > 4 and hexes.end_on(target.hex, target.facing, firer.hex):
        mods.append(Modifier("crossing the T", 1))
    if scenario.night and board.marked("deck", target.id, turn):
        mods.append(Modifier("target has a deck fire at night", 1))
    if concentrated and battery == "main":
        mods.append(Modifier("concentrated fire", -1))
    if firer.kind in (CAPITAL, SCREEN) and hexes.end_on(firer.hex, firer.facing, target.hex):
        mods.append(Modifier("firing from the bow or stern sector", -1))
    if scenario.night and sensing.starshell_lit(board, target):
        mods.append(Modifier("starshell illuminated target", -1))
    if firer.turned:
        mods.append(Modifier("firing ship turned last move", -1))
    if battery == "main" and firer.target and firer.target != target.id:
        mods.append(Modifier("shifting targets", -1))
    if ship_target and target.speed >= 6:  # 6 is the basic game's top speed marker; faster is no easier
        mods.append(Modifier("target speed 6", -1))
    if firer.kind in (CAPITAL, SCREEN) and firer.max_speed and firer.speed >= firer.max_speed:
        mods.append(Modifier("firing ship at maximum speed", -1))
    if firer.id in fired_at and firer.kind != FORT:
        mods.append(Modifier("ship fired at this turn", -2))
    if "fire control difficulties" in board.effects.get(firer.side, ()):
        mods.append(Modifier("fire control difficulties", -1))
    return mods


def _special(work: Work, target: Unit, special: str, firers: list[Unit]) -> None:
    nxt = work.turn + 1
    marks = set(work.board.marks)
    unit = work.units[target.id]
    if special == "deck hit" and work.scenario.night:
        marks.add(("deck", target.id, nxt))
    elif special == "radar hit":
        work.put(evolve(unit, radar_lost=True))
    elif special == "rudder hit":
        marks.add(("rudder", target.id, nxt))
    elif special == "bridge hit":
        marks.add(("bridge", target.id, nxt))
        if unit.flagship:  # the admiral is killed: the side drops a level, and no longer has him
            marks.add(("bridge_all", target.side, nxt))
            work.put(evolve(unit, flagship=False))
    elif special == "engineering hit":
        marks.add(("engineering", target.id, nxt))
    work.board = evolve(work.board, marks=frozenset(marks))
    if special != "no effect" and target.kind in (CAPITAL, SCREEN):
        work.tell(work.seats_of(target.side), "special_damage", f"{target.name}: {special}!", unit=target.id, special=special)


def label_text(work: Work, who: str, unit: Unit) -> str:
    """How observer `who` names `unit` now: by name if it is its own or identified, by its marker's
    label if it is in its picture unidentified, else "an unseen enemy" (an old label would tell
    that the ship it stood for is afloat and near)."""
    if sensing.belongs(work.scenario, unit, who):
        return unit.name
    detected = work.board.detected.get(who, frozenset())
    label = work.label(who, unit.id)
    if label is None or not sensing.in_picture(work.scenario, who, work.fog, detected, unit):
        return "an unseen enemy"
    return f"{unit.name}" if unit.id in detected or unit.kind == FORT else f"marker {label}"


def _tell_firer(work: Work, firer: Unit, target: Unit, text: str) -> None:
    who = sensing.observer(work.scenario, firer.seat)
    work.tell(work.seats_of(who), "no_shot", text.format(target=label_text(work, who, target)), firer=firer.id)


def _fate_words(target: Unit, result: str, fate: str) -> str:
    """The fate as a player reads it: a hit that leaves a fort unharmed says why (000: S hits have
    no effect on forts), or "S (unharmed)" reads as a contradiction."""
    if target.kind == FORT and fate == "unharmed" and result == "S":
        return "unharmed: S hits do nothing to a fort"
    return fate


def _tell_result(work: Work, target: Unit, result: str, fate: str, firers: list[Unit]) -> None:
    said = _fate_words(target, result, fate)
    for who in dict.fromkeys(sensing.observer(work.scenario, f.seat) for f in firers):
        names = ", ".join(f.name for f in firers if sensing.observer(work.scenario, f.seat) == who)
        work.tell(work.seats_of(who), "fire_result", f"{names} fired at {label_text(work, who, target)}: {result} ({said}).",
                  target=work.label(who, target.id), result=result, fate=fate)
    who = sensing.observer(work.scenario, target.seat)
    sources = ", ".join(sorted({label_text(work, who, f) for f in firers}))
    work.tell(work.seats_of(who), "under_fire", f"{target.name} under fire from {sources}: {result} ({said}).",
              unit=target.id, result=result, fate=fate)


def _torpedoes(work: Work, plans: list[tuple[Unit, Unit]], shots: list[Shot], shielded: set[str]) -> None:
    for firer, target in plans:
        firer, target = work.units[firer.id], work.units[target.id]
        who = sensing.observer(work.scenario, firer.seat)
        d = hexes.distance(firer.hex, target.hex)
        if not firer.afloat or not target.afloat or firer.salvoes <= 0 or firer.torpedoes <= 0:
            continue
        why = _torpedo_bar(work, who, firer, target, d)
        sight = eye_reach(work, who, target)
        smoke = "" if why else _smoke_on_the_line(work, firer, target, d, "torpedo", sight)
        if why or smoke == "blocked":
            _tell_firer(work, firer, target, f"{firer.name} had no torpedo solution on {{target}}: {why or 'smoke is in the way'}.")
            continue
        work.put(evolve(firer, salvoes=firer.salvoes - 1))
        mods = [Modifier("torpedo factor", firer.torpedoes), Modifier("range", -d)] + ([PARTLY_BLOCKED] if smoke else [])
        roll = work.roll(f"torpedo/{firer.id}", "torpedo", mods)
        result = "-"
        if roll.outcome == "hit":
            result = _shrugged_off(work, target, work.roll(f"underwater/{target.id}/{firer.id}", "underwater").outcome,
                                   shielded)  # rolled all the same, as the guns' CRT die is
        fate = work.damage(target.id, result)
        shots.append(_shot(firer, target, "torpedo", result))
        _tell_result(work, target, result, fate, [firer])


def _torpedo_bar(work: Work, who: str, firer: Unit, target: Unit, d: int) -> str:
    """Why `firer` can launch no torpedoes at `target`, or "" if it can (smoke aside)."""
    if work.board.without_power(firer.id, work.turn):
        return "no power after an engineering hit"
    if target.kind not in (CAPITAL, SCREEN):
        return "torpedoes run only at ships"
    if d > firer.torpedo_range:
        return f"out of torpedo range ({d} hexes, range {firer.torpedo_range})"
    if target.id not in work.board.detected.get(who, ()):
        return "not detected"
    if sensing.land_blocked(work.scenario, firer.hex, target.hex):
        return "land is in the way"
    return ""

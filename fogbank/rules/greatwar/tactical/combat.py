"""A combat segment: gunfire (rules 8-11, 13, 15, 18 and the events that touch it), damage and
critical damage, then torpedoes; each a function of the battle being fought."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogbank.rules.core import Modifier

from ..scenario import gun_knocked_out
from .areas import TORPEDO_CRAFT, Unit, distance
from .gunfire import GUNS, REACH, TORPEDO_HIT, Salvo, hit_number, modifiers_for, pick_targets

if TYPE_CHECKING:
    from .sequence import Battle


def combat(b: "Battle") -> None:
    """The combat segment: every gun in sight fires at once, the hits are rolled, then torpedoes."""
    if b.day and b.round == 1 and b.segment == 3:
        slow_ships(b)
    fire = shields(b, aimed_fire(b) + battery_fire(b)) + friendly_fire(b)
    hits: list[tuple[Salvo, int]] = []
    for salvo in fire:
        firer_side = salvo.side or b.units[salvo.firers[0]].side
        roll = b.roller.roll(b.k(f"gunfire/{salvo.target}/{GUNS[salvo.gun]}/{salvo.firers[0]}"),
                             f"gunfire {hit_number(salvo.rng)}+", count=salvo.dice, modifiers=salvo.modifiers)
        scored = int(roll.outcome.split()[0])
        if salvo.confirm:
            scored = sum(1 for i in range(scored) if b.roller.roll(
                b.k(f"gunfire/{salvo.target}/{GUNS[salvo.gun]}/{salvo.firers[0]}/confirm{i}"), "confirm hit").outcome == "hit")
        b.fired[firer_side] = True
        if b.standing and firer_side == b.init:
            b.say(f"{b.title(b.init)} closes and fires: {b.title(b.standing)}'s stand is broken")
            b.standing = None
        target_side = b.units[salvo.target].side
        if target_side != firer_side:
            b.scored[firer_side][salvo.target] = b.scored[firer_side].get(salvo.target, 0) + scored
        b.say(f"{', '.join(salvo.firers)} fire {GUNS[salvo.gun]} guns ({salvo.dice} dice) at {salvo.target}: "
              f"{scored} hit{'s' if scored != 1 else ''}")
        hits.append((salvo, scored))
    for salvo, scored in hits:
        for i in range(scored):
            damage(b, salvo, i)
    torpedoes(b)
    b.effects.after_combat()


def aimed_fire(b: "Battle") -> list[Salvo]:
    batches: dict[tuple[str, int], list[tuple[str, int, bool]]] = {}  # (target, gun) -> (firer, strength, troubled)
    for side in (b.init, b.other):
        if b.standing == side:
            continue  # a standing side holds its fire (rule 7)
        targets = [(n, e) for e in b.in_sight(side) for n in b.present(e)]
        for g in sorted(b.live_groups(side), key=lambda g: g.id):
            if not b.face_up(g):
                continue
            leader = b.units[g.leader] if g.leader and b.units[g.leader].present else None
            forced = None
            order = sorted(b.present(g), key=lambda n: n != (leader.name if leader else None))
            for n in order:
                u = b.units[n]
                strength = tuple(f // 2 if b.broke == side else f for f in u.guns)
                candidates = {t: distance(g.area, e.area) for t, e in targets if distance(g.area, e.area) <= b.visibility}
                picks = pick_targets(strength, candidates, g.tactics.target, b.units, forced,
                                     lambda t, gun, n=n: barred(b, n, t, gun, candidates[t]))
                if leader and n == leader.name:
                    forced = tuple(picks)  # rule 5: the squadron fires at the leader's targets
                troubled = side in b.effects.troubled or u.fire_control or bool(leader and leader.fire_control)
                for gun, t in enumerate(picks):
                    if t is not None and strength[gun]:
                        batches.setdefault((t, gun), []).append((n, strength[gun], troubled))
    salvos = []
    for (t, gun), firers in sorted(batches.items()):
        # rule 11: every ship firing one kind of gun at one target rolls together, at the
        # longest range among them, spoiled by fire control trouble if any of them has it
        rng = max(distance(b.group_of(n).area, b.group_of(t).area) for n, _, _ in firers)
        troubled = any(trouble for _, _, trouble in firers)
        mods, confirm = modifiers_for(gun, rng, b.units[t], troubled, b.group_of(t).id in b.effects.dashed)
        salvos.append(Salvo(t, gun, rng, mods, tuple(n for n, _, _ in firers), tuple(s for _, s, _ in firers), confirm))
    return salvos


def battery_fire(b: "Battle") -> list[Salvo]:
    """A port's batteries (rule 10) fire their primary guns at the enemy ship its side's target
    preference picks among those in sight within reach of their area; they roll alone (rule 11
    is for ships firing together)."""
    battery = b.battery
    if battery is None or not battery.guns or b.standing == battery.side:
        return []
    tactics = next((g.tactics for g in b.groups if g.side == battery.side), None)
    candidates = {n: distance(battery.area, e.area) for e in b.in_sight(battery.side) for n in b.present(e)
                  if distance(battery.area, e.area) <= min(REACH[0], b.visibility)}
    target = pick_targets((battery.guns, 0, 0), candidates, tactics.target if tactics else "biggest", b.units)[0]
    if target is None:
        return []
    mods, confirm = modifiers_for(0, candidates[target], b.units[target], False, b.group_of(target).id in b.effects.dashed)
    return [Salvo(target, 0, candidates[target], mods, (battery.name,), (battery.guns,), confirm, side=battery.side)]


def slow_ships(b: "Battle") -> None:
    """Rule 18: by day, the initiative side's 1s ships roll before the first fire; on 1-3 they
    have not closed: nothing fires at a gun's maximum range from or at them."""
    for n, u in sorted(b.units.items()):
        if u.side == b.init and u.present and u.speed == "1s":
            if b.roller.roll(b.k(f"slow ships/{n}"), "slow ships").outcome == "yes":
                b.effects.slow.add(n)
                b.say(f"{n} has not yet closed: no fire at maximum range to or from her", b.init)


def barred(b: "Battle", firer: str, target: str, gun: int, rng: int) -> bool:
    """Rule 18 (slow ships not yet closed: nothing at a gun's maximum range, either way) and
    Torpedo Attack! (the attackers are fired at by secondary and tertiary guns only)."""
    slow = b.effects.slow
    if (firer in slow or target in slow) and rng == REACH[gun]:
        return True
    return gun == 0 and b.group_of(target).id in b.effects.dashed


def shields(b: "Battle", salvos: list[Salvo]) -> list[Salvo]:
    side = b.effects.shielded
    if side is None:
        return salvos
    aimed: dict[str, int] = {}
    for s in salvos:
        if b.units[s.target].side == side:
            aimed[s.target] = aimed.get(s.target, 0) + s.dice
    if not aimed:
        return salvos
    ship = max(sorted(aimed), key=lambda n: aimed[n])
    b.say(f"shields up: every hit on {ship} is ignored this segment")
    return [s for s in salvos if s.target != ship]


def friendly_fire(b: "Battle") -> list[Salvo]:
    """Mass Confusion Reigns: the opponent fires half a die of the confused side's ships at
    their own ships in another area beside (or in) an area the opponent holds."""
    side = b.effects.friendly
    if side is None:
        return []
    count = int(b.roller.roll(b.k(f"friendly fire/{side}"), "friendly fire").outcome)
    opponent_areas = [g.area for g in b.live_groups(b.enemy(side))]
    salvos = []
    firers = sorted((n for g in b.live_groups(side) for n in b.present(g)),
                    key=lambda n: (-sum(b.units[n].cls.guns), n))
    for n in firers:
        if len(salvos) >= count:
            break
        here = b.group_of(n).area
        if not b.face_up(b.group_of(n)):
            continue  # the opponent moves only ships he sees
        victims = sorted(
            (t for g in b.live_groups(side) if g.area != here and b.face_up(g)
             and any(distance(g.area, a) <= 1 for a in opponent_areas)
             for t in b.present(g)), key=lambda t: (distance(here, b.group_of(t).area), t))
        for gun, factor in enumerate(b.units[n].guns):
            reachable = [t for t in victims if distance(here, b.group_of(t).area) <= min(REACH[gun], b.visibility)]
            if factor and reachable:
                rng = distance(here, b.group_of(reachable[0]).area)
                salvos.append(Salvo(reachable[0], gun, rng, (), (n,), (factor,), False))
                b.say(f"mass confusion: {n} opens fire on {reachable[0]}")
                break
    return salvos


def damage(b: "Battle", salvo: Salvo, i: int) -> None:
    """A hit: light ships (rule 13) ignore primary and secondary hits and take tertiary ones on
    the hull; others roll on the damage table (hull, guns, speed, critical)."""
    u = b.units[salvo.target]
    if u.sunk:
        return
    side = u.side
    if u.light:
        if salvo.gun < 2:
            b.say(f"{u.name} is too light for {GUNS[salvo.gun]} shells to stop", side)
            return
        boxes(b, u, 1, "a hull hit")
        return
    result = b.roller.roll(b.k(f"damage/{u.name}/{GUNS[salvo.gun]}/{salvo.firers[0]}/{i}"), "damage").outcome
    if result == "hull":
        plunging = salvo.gun == 0 and salvo.rng >= REACH[0]  # rule 15: on hull results only
        boxes(b, u, 2 if plunging else 1, "a hull hit" + (", plunging fire" if plunging else ""))
    elif result == "guns":
        gun_hit(b, u, salvo.gun)
    elif result == "speed":
        if u.speed == "1s":
            boxes(b, u, 1, "a speed hit (already at 1s: the hull)")
        else:
            u.speed_lost += 1
            b.say(f"{u.name}: a speed hit, now {u.speed}", side)
    else:
        boxes(b, u, 1, "a critical hit")
        critical(b, u, salvo, i)


def gun_hit(b: "Battle", u: Unit, gun: int) -> None:
    """A shell knocks out a factor of the guns of its own size (a turret, a casemate, a mount);
    with none of them left the hit is excess and goes to the hull, never plunging (rule 15)."""
    if not u.guns[gun]:
        boxes(b, u, 1, f"a {GUNS[gun]} gun hit, none left to lose: the hull")
        return
    u.guns_lost = gun_knocked_out(u.guns_lost, gun)
    b.say(f"{u.name}: a {GUNS[gun]} gun hit, {GUNS[gun]} guns now {u.guns[gun]}", u.side)


def boxes(b: "Battle", u: Unit, count: int, why: str) -> None:
    u.hits = min(u.cls.hull, u.hits + count)
    b.say(f"{u.name}: {why}, {count} box{'es' if count > 1 else ''}", u.side)
    if u.sunk:
        b.say(f"{u.name} sinks")


def critical(b: "Battle", u: Unit, salvo: Salvo, i: int) -> None:
    """The critical damage table (designed from the war's sea fights)."""
    if u.sunk:
        return
    result = b.roller.roll(b.k(f"critical/{u.name}/{GUNS[salvo.gun]}/{salvo.firers[0]}/{i}"), "critical damage").outcome
    if result == "fire":
        boxes(b, u, 1, "fire")
    elif result == "flooding":
        u.speed_lost += 0 if u.speed == "1s" else 1
        boxes(b, u, 1, "flooding, speed lost")
    elif result == "engine room":
        u.speed_lost += 0 if u.speed == "1s" else 1
        b.say(f"{u.name}: engine room hit, now {u.speed}", u.side)
    elif result == "leader killed" and u.name in b.flagships[u.side] and u.name not in b.leaders_lost:
        b.leaders_lost.append(u.name)
        b.flagships[u.side] = {n: f for n, f in b.flagships[u.side].items() if n != u.name}
        b.say(f"the admiral aboard {u.name} is killed", u.side)
    elif result in ("fire control", "leader killed"):  # rule 14: no leader to kill, fire control
        u.fire_control = True
        b.say(f"{u.name}: fire control destroyed for the rest of the game", u.side)
    elif b.roller.roll(b.k(f"magazine/{u.name}/{GUNS[salvo.gun]}/{salvo.firers[0]}/{i}"), "magazine").outcome == "explodes":
        u.hits = u.cls.hull
        b.say(f"{u.name}'s magazine explodes")
    else:
        boxes(b, u, 2, "magazines flooded")


def torpedoes(b: "Battle") -> None:
    """The torpedo step: torpedo craft of fleets that allow it attack from the target's area,
    or within one area when Torpedo Attack! brought them in, once a battle; a die per torpedo
    factor, each 6 a hit (5-6 in the same area)."""
    attacks: list[tuple[str, str]] = []
    dash = b.effects.dashed
    for side in (b.init, b.other):
        if b.standing == side:
            continue
        seen = b.in_sight(side)
        for g in sorted(b.live_groups(side), key=lambda g: g.id):
            if g.kind not in TORPEDO_CRAFT or not g.tactics.torpedoes:
                continue
            aim = [e for e in seen if e.id == dash.get(g.id)] if g.id in dash else [e for e in seen if e.area == g.area]
            aim = [e for e in aim if distance(e.area, g.area) <= 1]
            if not aim:
                continue
            target = min((n for e in aim for n in b.present(e)), key=lambda n: (-b.units[n].cls.hull, n))
            for n in b.present(g):
                if b.units[n].cls.kind in TORPEDO_CRAFT and not b.units[n].torpedo_fired:
                    attacks.append((n, target))
    for n, target in attacks:
        b.units[n].torpedo_fired = True
        rng = distance(b.group_of(n).area, b.group_of(target).area)
        mods = [Modifier("in the target's area", 1)] if rng == 0 else []
        spread = b.units[n].cls.torpedoes
        roll = b.roller.roll(b.k(f"torpedo/{n}"), "torpedoes", count=spread, modifiers=mods)
        hits = int(roll.outcome.split()[0])
        b.fired[b.units[n].side] = True
        b.say(f"{n} fires torpedoes ({spread} {'dice' if spread > 1 else 'die'}) at {target}: "
              f"{'a miss' if not hits else 'a hit' if hits == 1 else f'{hits} hits'}")
        for _ in range(hits):
            if b.units[target].sunk:
                break
            b.scored[b.units[n].side][target] = b.scored[b.units[n].side].get(target, 0) + 1
            boxes(b, b.units[target], TORPEDO_HIT, "a torpedo hit")

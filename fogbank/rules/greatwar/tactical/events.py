"""The tactical random events table (2d6), rolled before each movement the sequence marks (RE).

An event for one side rolls a die for it (1-3 the Central Powers, 4-6 the Allies); a leader
shrugs off Confusion Reigns and Mass Confusion Reigns (and Surprise!'s fire control part) on
1-3. Each event's effect lasts for the moves and the combat segment after it (Effects).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scenario import gun_mended
from ..tables import side_affected
from .areas import STAND_MISSIONS, TORPEDO_CRAFT, distance, max_visibility, step
from .gunfire import GUNS

if TYPE_CHECKING:
    from .sequence import Battle

SURPRISE_REPEATS = STAND_MISSIONS  # coaling (refuel), bombarding, laying mines


def random_event(b: "Battle") -> None:
    b.effects.confused, b.effects.held, b.effects.dashed = set(), set(), {}
    smoked, b.smoked = b.smoked, False
    for g in b.groups:
        g.smoke = False
    event = b.roller.roll(b.k("event"), "tactical event", count=2).outcome
    if event == "smoke":
        event = "fog of war" if smoked else "no event"  # rule 12: smoke last segment thickens the fog
    if event == "no event":
        return
    if event == "the fog lifts":
        if b.visibility < max_visibility(b.day):
            b.visibility += 1
            b.say(f"the fog lifts: visibility {b.visibility}")
        return
    if event == "fog of war":
        if b.visibility > 0:
            b.visibility -= 1
            b.say(f"fog of war: visibility {b.visibility} for the rest of the battle")
        return
    if event == "surprise":
        _surprise(b)
        return
    side = side_affected(b.roller.roll(b.k("event/side"), "side affected").total)
    if side not in b.sides:
        return
    if event == "shields up":
        b.effects.shielded = side
        b.say("shields up", side)
    elif event == "fire control difficulties":
        b.effects.troubled.add(side)
        b.say("fire control difficulties", side)
    elif event == "damage control":
        _damage_control(b, side)
    elif event == "confusion reigns":
        if not _leader_steadies(b, side, "confusion"):
            b.effects.confused.add(side)
            b.say("confusion reigns: none of our ships may move", side)
    elif event == "torpedo attack":
        _torpedo_attack(b, side)
    elif event == "mass confusion reigns":
        _mass_confusion(b, side)


def _leader_steadies(b: "Battle", side: str, what: str) -> bool:
    if b.leader(side) and b.roller.roll(b.k(f"event/leader/{what}"), "leader").outcome == "yes":
        b.say(f"{what}: the admiral steadies the line", side)
        return True
    return False


def _surprise(b: "Battle") -> None:
    """Round 1 only, never after pursuit; once, unless the non-initiative side is coaling,
    bombarding or laying mines."""
    side = b.other
    repeats = any(f.mission in SURPRISE_REPEATS for f in b.fleets[side])
    if b.round != 1 or b.pursuit or (b.surprises and not repeats):
        return
    b.surprises += 1
    b.effects.confused.add(side)
    b.say(f"surprise! {b.title(side)} is caught unready")
    if not _leader_steadies(b, side, "surprise"):
        b.effects.troubled.add(side)


def _damage_control(b: "Battle", side: str) -> None:
    hurt = sorted((u for u in b.units.values() if u.side == side and u.present and (u.hits or any(u.guns_lost) or u.speed_lost)),
                  key=lambda u: (-u.hits, -sum(u.guns_lost), -u.speed_lost, u.name))
    if not hurt:
        return
    u = hurt[0]
    if u.hits:
        u.hits -= 1
        b.say(f"damage control: {u.name} repairs a box", side)
    elif any(u.guns_lost):
        u.guns_lost, gun = gun_mended(u.guns_lost)
        b.say(f"damage control: {u.name} brings a {GUNS[gun]} gun back into action", side)
    else:
        u.speed_lost -= 1
        b.say(f"damage control: {u.name} regains a level of speed", side)


def _torpedo_attack(b: "Battle", side: str) -> None:
    """One torpedo craft group of speed 2 or 2+ within 3 areas of an enemy group it sees dashes
    2 areas in to attack; the target group may not move this segment."""
    seen = b.in_sight(side)
    for g in sorted(b.live_groups(side), key=lambda g: g.id):
        fast = all(b.units[n].speed in ("2", "2+") for n in b.present(g))
        armed = any(not b.units[n].torpedo_fired for n in b.present(g))
        near = sorted((e for e in seen if distance(g.area, e.area) <= 3),
                      key=lambda e: (distance(g.area, e.area), -max(b.units[n].cls.hull for n in b.present(e)), e.id))
        if g.kind not in TORPEDO_CRAFT or not g.tactics.torpedoes or not fast or not armed or not near:
            continue
        target = near[0]
        for _ in range(2):
            g.area = step(g.area, target.area, away=False, may_leave=False)
        b.effects.dashed[g.id] = target.id
        b.effects.held.add(target.id)
        b.say(f"torpedo attack! {', '.join(b.present(g))} dash in at {', '.join(b.present(target))}", side)
        b.say(f"torpedo attack! enemy torpedo craft dash in at {', '.join(b.present(target))}", b.enemy(side))
        return


def _mass_confusion(b: "Battle", side: str) -> None:
    if _leader_steadies(b, side, "mass confusion"):
        return
    b.effects.confused.add(side)
    b.effects.troubled.add(side)
    b.effects.friendly = side
    b.say(f"mass confusion reigns in {b.title(side)}'s line")
    enemy = b.live_groups(b.enemy(side))
    mine = b.live_groups(side)
    if not enemy or not mine:
        return
    # the opponent moves one of the confused groups an area, into harm's way: the nearest, closer
    g = min(mine, key=lambda g: (min(distance(g.area, e.area) for e in enemy), g.id))
    goal = min(enemy, key=lambda e: (distance(g.area, e.area), e.id)).area
    g.area = step(g.area, goal, away=False, may_leave=False)

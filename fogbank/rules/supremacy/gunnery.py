"""Fire (5.1-5.6): the hit table's base column, half salvos, column shifts, the final die, hits,
penetration, and how many special damage rolls the fire earns. Pure arithmetic on the ships as
they stood at the end of movement; the dice are rolled by the caller and passed in.
"""

from __future__ import annotations

import attrs

from .geometry import within
from .scenario import HitTable
from .ships import MAINS, Gun, Ship, ShipClass

DIE_SHIFT = {1: 2, 2: 1, 3: 0, 4: 0, 5: -1, 6: -2}  # the final die: + levels move left, to more hits


def read_die(total: int) -> str:
    shift = DIE_SHIFT[total]
    return "no shift" if shift == 0 else f"{shift:+d} columns"


@attrs.frozen
class Fire:
    """One battery's fire worked out up to the die: what the hit sheet shows before the roll."""

    range_heading: int | None  # inches, the range rounded up to a heading; None beyond the gun
    section: str  # close, medium or long
    guns: int  # the row used, after half salvos (0: no fire)
    quarters: int  # ammunition used by each mount, in quarter salvos
    shifts: tuple[tuple[str, int], ...]  # reason -> columns (+ left, better)
    column: int | None  # the column before the die (below 0: past the left edge); None: no hit possible
    halvings: tuple[str, ...] = ()  # why the row was halved, each a half salvo


def base(table: HitTable, gun: Gun, firer: Ship, target: Ship) -> tuple[int | None, int | None, str]:
    """The range heading, its column and section (5.6a): measured funnel to funnel, rounded up
    (on the exact squares: a range a hair over a heading reads the next one)."""
    for index, heading in enumerate(table.ranges[: gun.columns]):
        if within(firer.at, target.at, heading * 10):
            section = "close" if heading <= table.close else "long" if heading >= table.long else "medium"
            return heading, index, section
    return None, None, "beyond"


def plan(table: HitTable, gun: Gun, battery: str, guns: int, firer: Ship, target: Ship, *, turn: int,
         first: bool, local: bool, half: bool, batteries: int, target_cls: ShipClass) -> Fire:
    """Everything about the fire but the die (5.2-5.4)."""
    heading, column, section = base(table, gun, firer, target)
    halvings, shifts = [], []
    if half:
        halvings.append("half salvo chosen")
    if first:
        if section == "close":
            shifts.append(("first fire", -3))
        else:
            halvings.append("first fire at medium or long range")
    turned = firer.turned
    if turned > 16:
        shifts.append(("turned more than 4 inches", -3))
        halvings.append("turned more than 4 inches")
    elif turned > 12:
        shifts.append(("turned more than 3 inches", -3))
    elif turned > 8:
        shifts.append(("turned more than 2 inches", -2))
    if target.chased:
        shifts.append(("target chasing splash", -3))
    elif target.speed < 5:
        shifts.append(("target under 5 knots", 5))
    elif target.speed < 15:
        shifts.append(("target under 15 knots", 3))
    elif target.speed < 25:
        shifts.append(("target under 25 knots", 1))
    if batteries > 1:
        shifts.append((f"{batteries} batteries on the target", 1 - batteries))
    if local:
        shifts.append(("local control", -3))
    levels = firer.levels.get(battery, 0) + sum(
        int(effect.split(":")[2]) for effect, until in firer.effects.items()
        if effect.startswith(f"down:{battery}:") and until >= turn
    )
    if levels:
        shifts.append(("fire levels down from damage", -levels))
    if target_cls.size:
        shifts.append(("target's size", target_cls.size))
    row = guns
    for _ in halvings:
        row = (row + 1) // 2
    quarters = 4 >> min(len(halvings), 2)
    if guns * 4 <= 2 ** len(halvings):  # a quarter of a gun or less: no fire, ammunition spent
        row = 0
    reachable = column is not None and row > 0 and not (local and section not in allowed_local(battery))
    shifted = None if not reachable else column - sum(value for _, value in shifts)
    if shifted is not None and shifted >= len(table.percent):
        shifted = None  # off the right of the table: no hit possible
    # Past the left edge the column is kept as summed: the die's shift is one more (5.6c).
    return Fire(heading, section, row, quarters, tuple(shifts), shifted, tuple(halvings))


def allowed_local(battery: str) -> tuple[str, ...]:
    """Local control reaches medium range with mains, close range with secondaries (4.5)."""
    return ("close", "medium") if battery == MAINS else ("close",)


def hits(table: HitTable, fire: Fire, die: int) -> tuple[int, bool]:
    """The hits after the die, and whether the column is in "the box" (a hit needs a second 1).
    The die's shift is summed with the others, and only the column reached is read: the left
    edge for any beyond it (5.6b, "all such modifiers are cumulative")."""
    if fire.column is None:
        return 0, False
    column = max(0, fire.column - DIE_SHIFT[die])
    if column >= len(table.percent):
        return 0, False
    expected = fire.guns * table.percent[column]
    count = (expected + 50) // 100
    return count, count == 1 and expected < 100


def special_rolls(count: int, die: int) -> int:
    """Special damage rolls earned (5.6e): one per six hits, one more if the die is at most the rest."""
    rest = count % 6
    return count // 6 + (1 if rest and die <= rest else 0)


def penetration(gun: Gun, heading: int, table: HitTable) -> tuple[int, int]:
    index = table.ranges.index(heading)
    return gun.belt[index], gun.deck[index]


def hurts_within(gun: Gun, target: ShipClass, table: HitTable) -> int:
    """The longest range heading (inches) at which a hit of `gun` does `target` any damage (5.6d:
    belt or deck, half penetration counting); 0 if none does at any range."""
    return max((heading for heading in table.ranges[: gun.columns]
                if point_damage(gun, heading, table, target, 1)[1] != "none"), default=0)


def grade(pen: int, armour: int) -> str:
    """full, half or none: the penetration against one thickness."""
    return "full" if pen >= armour else "half" if pen * 2 >= armour else "none"


def better(*grades: str) -> str:
    return min(grades, key=("full", "half", "none").index)


def point_damage(gun: Gun, heading: int, table: HitTable, target: ShipClass, count: int) -> tuple[int, str]:
    """Points of damage for `count` hits and the grade (5.6d): belt OR deck decides."""
    belt, deck = penetration(gun, heading, table)
    result = better(grade(belt, target.belt), grade(deck, target.deck))
    per = {"full": gun.points, "half": gun.points // 2, "none": 0}[result]
    return per * count, result


def area_grade(area: str, gun: Gun, heading: int, table: HitTable, target: ShipClass) -> str:
    """The grade of a special by where it landed (5.7)."""
    belt, deck = penetration(gun, heading, table)
    if area == "deck":
        return grade(deck, target.deck)
    if area == "belt":
        return grade(belt, target.belt)
    if area == "turret":
        return better(grade(belt, target.turret), grade(deck, target.turret))
    return grade(belt, target.belt + target.deck)

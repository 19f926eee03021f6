"""Events in plain words, for the seats told them: ships by name, every column shift and half
salvo of a salvo with its reason, special damage as the chart says it."""

from __future__ import annotations

import functools

from fogbank.rules.core import Answer, Event, Talk
from fogbank.rules.core.ruleset import talk_words

from .events import (
    Collided,
    ContactLost,
    Damaged,
    Fired,
    Grounded,
    Lit,
    NotFired,
    Sunk,
    TorpedoHit,
    UnderFire,
)
from .gunnery import allowed_local
from .scenario import hit_table, load_scenario, scenario_ids

BATTERY = {"mains": "main guns", "secondaries": "secondaries"}
LOST = {
    "smoke": "is lost behind smoke", "land": "is lost behind the land", "ship": "is masked by a ship close aboard",
    "visibility": "passes out of sight at the edge of visibility", "dark": "is lost in the dark",
    "lost": "is lost from sight",
}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _no_hit(s: dict) -> str:
    """Why a salvo in range could not hit (5.2, 4.5, 5.6b), as the hit sheet shows it."""
    if s["guns"] == 0:
        return "half salvos leave a quarter of a gun or less, which fires no shot"
    table, reach = hit_table(), allowed_local(s["battery"])
    section = "close" if s["range"] <= table.close else "long" if s["range"] >= table.long else "medium"
    if any(x["reason"] == "local control" for x in s["shifts"]) and section not in reach:
        return f"local control reaches {' and '.join(reach)} range only"
    return "the shifts take the fire off the table"


def salvo_words(s: dict) -> str:
    """A salvo worked out on the hit sheet, step by step (5.6)."""
    said = f"{s['firer_title']}'s {s['group']} guns fire at {s['target_title']}"
    if s["range"] is None:
        return f"{said}: she is beyond their range, no hit possible."
    said += f", range {s['range']} inches"
    working = []
    if s["half_salvos"]:
        verb = "fires" if s["firing"] == 1 else "fire"
        # A half of one gun rounds up to it (5.6b): the row stays, the ammunition is halved.
        still = ", rounded up, still" if s["guns"] == s["firing"] else ""
        halved = f"{_plural(s['firing'], 'gun')}{still} {verb} as {s['guns']}"
        working.append(f"half salvo{'s' if len(s['half_salvos']) > 1 else ''} for {' and '.join(s['half_salvos'])}: "
                       f"{halved}")
    else:
        working.append(_plural(s["guns"], "gun"))
    working += [f"{shift['reason']} {shift['columns']:+d} column{'' if abs(shift['columns']) == 1 else 's'}"
                for shift in s["shifts"]]
    said += f" ({'; '.join(working)})"
    if s["die"] is None:
        return f"{said}: {_no_hit(s)}, no hit possible."
    said += (f"; the die rolls {s['die']}: {_plural(s['hits'], 'hit')}, {s['points']} points"
             f" ({s['penetration']} penetration)" if s["hits"] else f"; the die rolls {s['die']}: no hit")
    specials = "".join(f"; special damage on the {x['area']} ({x['penetration']} penetration): {x['result']}"
                       for x in s["specials"])
    return f"{said}{specials}."


@functools.cache
def titles() -> dict[str, str]:
    """Every ship's name in the game's words, by her id."""
    return {p.name: p.title for scenario in scenario_ids() for p in load_scenario(scenario).ships}


def answer_words(question: dict, answer: dict) -> str:
    """An open roster's answer (4.3), or 4.8's who engaged a ship."""
    title, ask = titles().get(question.get("ship"), str(question.get("ship"))), question.get("ask")
    if ask == "engaged":
        ships = [titles().get(n, n) for n in answer.get("engaged_by", [])]
        return f"Engaged {title} in the last fire: {', '.join(ships) if ships else 'no ship of your side'}."
    if answer.get("in_sight") is False:
        return f"{title} is not in sight: her roster cannot be read."
    if answer.get("sunk") and len(answer) == 1:
        return f"{title} was seen to sink."
    words = {
        "damage": lambda: f"about {answer['damage']} of her {answer['of']} points of damage"
                          + (", and she is sunk" if answer["sunk"] else ""),
        "speed": lambda: f"top speed {answer['top_speed']} knots",
        "ammunition": lambda: "; ".join(f"{mount} {used} used" for mount, used in answer.items()),
        "turrets": lambda: f"turrets {', '.join(answer['turrets']) or 'none'} left, {answer['secondaries']} secondary guns",
        "torpedo_banks": lambda: f"torpedo banks {', '.join(answer['banks']) or 'none'} left",
        "special": lambda: ", ".join(answer["special"]) or "no special damage",
    }.get(ask)
    return f"{title}'s roster: {words() if words else ask}."


def describe(event: Event) -> str:
    if isinstance(event, Fired):
        return salvo_words(event.salvo)
    if isinstance(event, NotFired):
        return f"{event.title}'s {event.group} guns did not fire at {event.target_title}: {event.why}."
    if isinstance(event, UnderFire):
        firer = f"{event.by_title}'s {BATTERY[event.battery]}" if event.by_title else f"the {BATTERY[event.battery]} of a ship she cannot see"
        return f"{event.title} is under fire from {firer}: {_plural(event.hits, 'hit') if event.hits else 'no hit'}."
    if isinstance(event, Damaged):
        effects = "; ".join(event.effects) or "no special damage"
        return f"{event.title}: {event.points} points of damage; {effects}."
    if isinstance(event, Sunk):
        return f"{event.title} sinks ({event.how})."
    if isinstance(event, Collided):
        if event.what == "kept_clear":
            return (f"{event.ship_title} alters course to keep clear of {event.other_title}: within 6 inches, "
                    "they were on a collision course.")
        if event.what == "rammed":
            return (f"{event.ship_title} rams {event.other_title}: both are holed, and lie locked together "
                    "unless one sinks.")
        if event.what == "bow_to_bow":
            return (f"{event.ship_title} and {event.other_title} collide bow to bow: both are holed, and lie locked "
                    "together unless one sinks.")
        return f"{event.ship_title} gives way to {event.other_title} to avoid a collision, and turns parallel to her."
    if isinstance(event, Grounded):
        return {"aground": f"{event.title} runs aground on the shoals and stops.",
                "off": f"{event.title} gets off the shoals.",
                "stuck": f"{event.title} is still aground."}[event.what]
    if isinstance(event, Lit):
        return f"{event.by_title}'s searchlight catches {event.title}."
    if isinstance(event, TorpedoHit):
        if event.points is None:
            return f"{event.title} is hit by a torpedo."
        return f"{event.title} is hit by a torpedo: {event.points} points of damage and 4 knots lost."
    if isinstance(event, ContactLost):
        return f"{event.title} {LOST[event.why]}."
    if isinstance(event, Answer):
        return answer_words(dict(event.question), dict(event.answer))
    if isinstance(event, Talk):
        return talk_words(event)  # who said what, as the log and every hearer read it
    return event.kind

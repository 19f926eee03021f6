"""Events in plain words, for the seats told them."""

from __future__ import annotations

from fogbank.rules.core import Event, Talk
from fogbank.rules.core.ruleset import talk_words

from .events import Collided, Damaged, Fired, Grounded, Lit, Sunk, TorpedoHit


def describe(event: Event) -> str:
    if isinstance(event, Fired):
        s = event.salvo
        specials = "".join(f"; special on the {x['area']}: {x['result']}" for x in s["specials"])
        if s["die"] is None:
            return f"{s['firer_title']}'s {s['group']} guns fire at {s['target_title']}: no hit possible."
        return (f"{s['firer_title']}'s {s['group']} guns fire at {s['target_title']} at {s['range']} inches: "
                f"{s['hits']} hit{'s' if s['hits'] != 1 else ''}, {s['points']} points ({s['penetration']} penetration){specials}.")
    if isinstance(event, Damaged):
        effects = ", ".join(event.effects) or "no special damage"
        return f"{event.ship}: {event.points} points of damage; {effects}."
    if isinstance(event, Sunk):
        return f"{event.title} sinks ({event.how})."
    if isinstance(event, Collided):
        if event.what == "kept_clear":
            return f"{event.ship} alters course to keep clear of {event.other}: within 6 inches, they were on a collision course."
        if event.what == "rammed":
            return f"{event.ship} and {event.other} collide: both are holed and lie locked together."
        return f"{event.ship} gives way to {event.other} to avoid a collision, and turns parallel to her."
    if isinstance(event, Grounded):
        return {"aground": f"{event.title} runs aground on the shoals and stops.",
                "off": f"{event.title} gets off the shoals.",
                "stuck": f"{event.title} is still aground."}[event.what]
    if isinstance(event, Lit):
        return f"{event.by_title}'s searchlight catches {event.title}."
    if isinstance(event, TorpedoHit):
        return f"A torpedo from {event.fired_by}'s spread hits {event.title} ({event.points} points, 4 knots)."
    if isinstance(event, Talk):
        return talk_words(event)  # who said what, as the log and every hearer read it
    return event.kind

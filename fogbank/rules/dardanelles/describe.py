"""The umpire's words: each event as the player (or the umpire) hears it."""

from __future__ import annotations

from fogbank.rules.core import Event, GameEnded, Narrative, OverrideApplied, Talk
from fogbank.rules.core.ruleset import talk_words

from . import events as ev
from .events import BRITISH


def silhouette_words(silhouette: str | None) -> str:
    return (silhouette or "vessel").replace("_", " ")


def _article(words: str) -> str:
    return ("An " if words[0] in "aeiou" else "A ") + words


def describe(event: Event) -> str:
    match event:
        case ev.Sighted(contact=c) if c.distance == 0:
            return f"{_article(silhouette_words(c.silhouette))} close aboard, in your own square (contact {c.number})."
        case ev.Sighted(contact=c):
            squares = "square" if c.distance == 1 else "squares"
            vessel = _article(silhouette_words(c.silhouette))
            return f"{vessel}, bearing {c.point}, {c.distance} {squares} (contact {c.number})."
        case ev.Heard(contacts=(c,)):
            return f"A vessel can be heard moving through the water, bearing {c.point} (contact {c.number})."
        case ev.Heard(contacts=contacts):
            bearings = ", ".join(f"{c.point} (contact {c.number})" for c in contacts)
            return f"{len(contacts)} vessels can be heard moving through the water, bearing {bearings}."
        case ev.TorpedoFired(target=t, direction=d, hit=True, sunk=sunk, then=then):
            news = sunk[0].upper() + sunk[1:] if sunk else "The target"
            return f"Torpedo fired {d} at contact {t}: a hit! {news} sunk" + (f" - {then}." if then else ".")
        case ev.TorpedoFired(target=t, direction=d, past="sinking"):
            return f"Torpedo fired {d} at contact {t}: it runs on past the sinking ship."
        case ev.TorpedoFired(target=t, direction=d, past="wreck"):
            return f"Torpedo fired {d} at contact {t}: it runs on past the wreck."
        case ev.TorpedoFired(target=t, direction=d):
            return f"Torpedo fired {d} at contact {t}: no explosion; it missed."
        case ev.Grounded(made=made, ordered=ordered):
            return f"The boat ran into the shore after {made} of {ordered} squares and stopped."
        case ev.DriftHeld(again=True):
            return "She lies against the bank still: no drift this hour."
        case ev.DriftHeld(level=level) if level.sees:
            return "The current presses her against the shore: she does not drift this hour."
        case ev.DriftHeld():
            return "You feel her settle on soft mud: the current holds her against the bank, and she does not drift this hour."
        case ev.ChartEdge(made=made, ordered=ordered):
            return f"The boat reached the edge of the area of operations after {made} of {ordered} squares."
        case ev.MinefieldNoticed(level=level) if level.sees:
            return "The boat has entered a minefield."
        case ev.MinefieldNoticed():
            return "Scraping of mine mooring wires along the hull."
        case ev.MineStruck():
            return "The boat struck a mine and sank."
        case ev.SearchlightsSweeping():
            return "Searchlights are sweeping the water."
        case ev.CaughtBySearchlight():
            return "A searchlight beam has found the boat."
        case ev.ShellSplashes():
            return "Shell splashes erupt around the boat: the battery has your range."
        case ev.SunkByBattery():
            return "Shore battery fire hit the boat and she sank."
        case ev.Reloaded(torpedoes=n):
            return f"Tubes reloaded: {n} torpedo{'es' if n != 1 else ''}."
        case ev.AirExhausted():
            return "The air is spent: the crew is lost to asphyxiation."
        case ev.BatteryExhausted():
            return "The battery is flat below the surface: the boat is lost."
        case ev.Fixed(square=square, landmark=landmark):
            return f"Fix taken on {landmark}: the boat is in {square}."
        case ev.NoFix():
            return "No charted landmark in sight: no fix."
        # The umpire's own events.
        case ev.BoatMoved(path=path, level=level):
            squares = "square" if len(path) == 1 else "squares"
            return f"Boat moved {len(path)} {squares} at {level.value}" + (
                f" to {path[-1]}." if path else "."
            )
        case ev.BoatDrifted(origin=a, square=b):
            return f"Tide carried the boat from {a} to {b}."
        case ev.MinefieldEntered(square=sq, rows=rows, result=result):
            return f"Minefield entered at {sq} ({rows} row{'s' if rows != 1 else ''}): {result}."
        case ev.SpottedFromShore(square=sq, under_fire=fire):
            return f"Boat spotted from the shore at {sq}" + (
                "; the batteries open fire." if fire else "; out of battery range."
            )
        case ev.VesselReported(contact=c, vessel=v, sensor=s):
            return f"Contact {c} is vessel {v} ({s})."
        case ev.VesselSunk(vessel=v, square=sq):
            return f"Vessel {v} sunk at {sq}."
        # The core's events.
        case GameEnded(results=results, reason=reason):
            return f"{results.get(BRITISH, 'ended').capitalize()}: {reason}"
        case Narrative(text=text):
            return text
        case Talk():
            return talk_words(event)
        case OverrideApplied(what=what, reason=reason):
            return f"Override: {what} ({reason})."
    return event.kind.replace("_", " ").capitalize() + "."


def facts(event: Event) -> dict:
    """What a report tells the crew as data (only what its words already say)."""
    match event:
        case ev.Grounded(made=made, ordered=ordered) | ev.ChartEdge(made=made, ordered=ordered):
            return {"made": made, "ordered": ordered}
        case ev.TorpedoFired(target=target, direction=direction, hit=hit, sunk=sunk, past=past, then=then):
            return {"target": target, "direction": direction, "hit": hit, "sunk": sunk, "past": past,
                    "then": then}
        case ev.Fixed(square=square, landmark=landmark):
            return {"square": square, "landmark": landmark}
    return {}

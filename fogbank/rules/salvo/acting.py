"""Which seats a phase waits for, decided from the clock and each seat's own units only: whether a
phase opens at all must tell no seat anything of the enemy (docs/decisions.md, "What a seat may
learn from the stream"). The one rule serves the truth (`Salvo.seats_to_act`) and a seat's own
view of its consorts where its side shares a plot (`Salvo.friends_to_act`), so a seat is told a
consort is still to order exactly when the rules wait for him."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from . import hexes
from .units import CAPITAL, DUMMY, FORT, SCREEN, Unit

# A unit as this rule reads it: (kind, printed attack factor, torpedo factor, W hits).
Facts = tuple[str, int, int, int]


def acts(phase: str, turn: int, night: bool, declares_first: bool, mines: int, units: Iterable[Facts]) -> bool:
    """Whether a seat whose afloat units are `units` acts in `phase`; `declares_first`: its side
    declares its lights in the first sighting phase at night; `mines`: hexes it mines before play."""
    if phase == "sight_first" and turn == 1 and mines:
        return True
    if phase in ("sight_first", "sight_second") and night:
        # Every seat of the declaring side with a ship afloat, lights or none: were only ships
        # with lights to declare, the phase would open only while the enemy had some.
        return declares_first == (phase == "sight_first") and any(kind != DUMMY for kind, *_ in units)
    if phase == "movement":
        return any(kind != FORT for kind, *_ in units)
    if phase == "gunfire":
        return any(attack or torpedoes for kind, attack, torpedoes, w in units if not (kind == FORT and w >= 3))
    return False


def facts(unit: Unit) -> Facts:
    return unit.kind, unit.attack, unit.torpedoes, unit.w


def friends_to_act(view: Mapping[str, Any]) -> set[str]:
    """The consorts a seat's view shows the phase waiting for: its side's other seats, read from
    the shared plot's units (`friends`, empty where a side keeps no common plot). A consort's
    minelaying before play is not in the view, and needs no naming: no scenario gives a side two
    seats and mines."""
    units: dict[str, list[Facts]] = {}
    for unit in view.get("friends", ()):
        if not unit["sunk"] and not unit["exited"]:
            units.setdefault(unit["seat"], []).append((unit["kind"], unit["attack_factor"], unit["torpedoes"], unit["w"]))
    declares_first = view.get("declares") == "sight_first"
    return {
        seat for seat, theirs in units.items()
        if acts(view["phase"], view["turn"], view["night"], declares_first, 0, theirs)
    }


def nothing_to_order(view: Mapping[str, Any]) -> bool:
    """Whether a seat has nothing it could order in the phase now open, read off its view: at
    night's sighting no ship of its with a searchlight or a starshell (and no mines to lay); in
    gunfire no ship that could make smoke and no gun or torpedo of its that reaches a unit its
    picture lets it fire at. Movement is always the seat's to decide."""
    phase = view["phase"]
    ships = [u for u in view["ships"] if not u["sunk"] and not u["exited"]]
    if phase in ("sight_first", "sight_second"):
        return not view.get("mines_to_lay") and not any(u["searchlight"] or u["starshells"] for u in ships)
    if phase != "gunfire":
        return False
    if any(u["kind"] in (CAPITAL, SCREEN) for u in ships):  # smoke for the next move (NWS)
        return False
    targets = [hexes.parse(c["hex"]) for c in view["contacts"]
               if not c["friendly"] and not c["destroyed"] and c.get("seen")]
    for u in ships:
        reach = max(u["range"] if u["attack"] or u["secondary"] else 0, u["torpedo_range"] if u["salvoes"] else 0)
        here = hexes.parse(u["hex"])
        if any(hexes.distance(here, there) <= reach for there in targets):
            return False
    return True


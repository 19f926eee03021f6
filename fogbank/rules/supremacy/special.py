"""The special damage chart (5.7): the coloured die picks where the hit lands, the white die what
it does, and penetration of that part's armour picks the column.

Each entry is written as effects, e.g. "dmg=6 rooms=2 cap=14:d2 sec=1": dmg hits of the firing
gun's points; knots lost; engine rooms; secondaries, main turrets or a group of mains knocked
out; banks of torpedoes (or all); mains silent, fire levels down, speed caps and rudder troubles
for a number of turns ("d" a die's turns, "d2" a die less two, "ever" for good); fires, flooding
and explosions rolled for. docs/decisions.md says how each words of the chart became an effect.
"""

from __future__ import annotations

AREAS = ("deck", "deck", "turret", "turret", "belt", "belt", "belt+deck", "belt+deck")

# (penetrating, half penetrating) for each coloured die 0-7, white die 1, 2-3, 4-5, 6.
CHART: tuple[tuple[tuple[str, str], ...], ...] = (
    (("dmg=6 rooms=2 cap=14:d2 sec=1", "dmg=2 down=3:1 sec=1 aircraft lights"),
     ("dmg=3 knots=2 course=d", "dmg=1 knots=1 course=3d"),
     ("dmg=3 down=3:ever aircraft lights fire", "dmg=1 jam=1"),
     ("dmg=5 group=1 explode=5", "dmg=2 cease=d2")),
    (("dmg=2 knots=4 sec=1 lights aircraft", "dmg=1 sec=1 banks=1 fire"),
     ("dmg=1 silent=1", "dmg=0.5 knots=2 fire"),
     ("dmg=1 sec=1 banks=1 fire", "sectorp=1"),
     ("dmg=2 knots=2 sec=1 lights banks=all aircraft fire", "dmg=1 sec=1 banks=1 fire")),
    (("dmg=3 knots=3 tdgroup=1 fire", "dmg=2 knots=2 sec=1 banks=2 fire"),
     ("dmg=2 main=1 sec=1 banks=1", "dmg=1 silent=1 lights"),
     ("dmg=2 main=1 sec=1 aircraft down=1:1", "dmg=1 sec=1 lights aircraft"),
     ("dmg=3 knots=3 tdgroup=1 sec=1 banks=1 fire", "dmg=2 banks=all fire")),
    (("magazine=10", "dmg=1 knots=1 main=1"),
     ("dmg=3 main=1 down=3:ever", "dmg=2 sec=1 secdown=3:1"),
     ("dmg=2 silent=1 main=1 sec=1", "dmg=1 secdown=3:ever"),
     ("dmg=4 knots=2 group=1", "dmg=2 knots=1 main56=1")),
    (("dmg=6 knots=12 sec=2 fire", "dmg=2 sec=1"),
     ("dmg=2 knots=6 banks=all", "dmg=1 knots=4"),
     ("dmg=3 knots=6 course=3d", "dmg=1 course=3d"),
     ("dmg=4 knots=2 rudder=lost sec=1", "dmg=1 rudder=damaged")),
    (("dmg=4 knots=6 banks=all torpboom=1", "dmg=2 sec=1 lights aircraft"),
     ("dmg=6 knots=4 rooms=1 sec=1 cap=10:d2", "dmg=2 knots=2 sec=1 banks=1 fire"),
     ("dmg=3 knots=2 hardover=d2", "hardover56=d2"),
     ("dmg=4 knots=3 cap=10:1", "dmg=2 knots=2 room56=1")),
    (("dmg=6 rooms=2 silent=1 cap=5:d", "dmg=3 knots=6 sec=1"),
     ("dmg=6 knots=2 silent=d2", "dmg=2 lights down=3:1"),
     ("dmg=4 rooms=1 sec=1 cap=14:d", "dmg=2 secq=1"),
     ("dmg=8 knots=6 cap=0:d", "dmg=2 jam=1 sec=1")),
    (("dmg=10 knots=5 sinking=1", "dmg=4 knots=4 bulkhead=5"),
     ("dmg=6 rooms=1 main=1 secall=d2", "dmg=2 knots=2 sec=1 banks=1 fire"),
     ("dmg=4 knots=4 bigfire=200", "dmg=2 knots=4 bigfire=200"),
     ("dmg=8 knots=6 group=1 explode=5", "dmg=4 knots=4 banks=all torpboom=1")),
)


def white_row(white: int) -> int:
    return {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}[white]


def colour(faces: tuple[int, ...], total: int) -> int:
    """The coloured die after the range section's shift (the roll's modifier), 0-7."""
    return faces[0] + (total - sum(faces))


def read_special(faces: tuple[int, ...], total: int) -> str:
    return f"{AREAS[colour(faces, total)]}, white {faces[1]}"


def entry(colour_: int, white: int, penetrating: bool) -> dict[str, str]:
    """The effects of a special, as effect -> value ("" for a bare word)."""
    words = CHART[colour_][white_row(white)][0 if penetrating else 1].split()
    return {w.partition("=")[0]: w.partition("=")[2] for w in words}


def words(colour_: int, white: int, penetrating: bool) -> str:
    """The entry as coded (the umpire's shorthand, never shown to a player)."""
    return CHART[colour_][white_row(white)][0 if penetrating else 1]


_TURNS = {"1": "next turn", "d": "for a die's turns", "d2": "for a die less two turns", "ever": "for good"}


def knots_lost(knots: int | str) -> str:
    """"1 knot lost", "4 knots lost" (the chart's "1 Knot")."""
    return f"{knots} knot{'' if str(knots) == '1' else 's'} lost"


def _effect_words(effect: str, value: str) -> str:
    """One effect of the chart as the chart says it, in words."""
    lost, _, span = value.partition(":")
    plural = "" if value == "1" else "s"
    return {
        "dmg": lambda: ("half a hit's damage" if value == "0.5" else "1 hit's worth of damage" if value == "1"
                        else f"{value} hits' worth of damage"),
        "knots": lambda: knots_lost(value),
        "rooms": lambda: f"{value} engine room{plural} knocked out",
        "sec": lambda: f"{value} secondary gun{plural} knocked out",
        "main": lambda: "a main turret knocked out",
        "jam": lambda: "a main turret jammed",
        "group": lambda: "a group of mains knocked out",
        "tdgroup": lambda: "a group of mains knocked out if the shell beat the deck too, else a main turret",
        "banks": lambda: "every torpedo bank knocked out" if value == "all" else f"{value} torpedo bank{plural} knocked out",
        "silent": lambda: f"mains silent {_TURNS[value]}",
        "cease": lambda: f"every gun ceases fire {_TURNS[value]}",
        "sectorp": lambda: "secondaries and torpedoes out next turn",
        "secall": lambda: f"every secondary out {_TURNS[value]}",
        "down": lambda: f"mains fire {lost} level{'' if lost == '1' else 's'} down {_TURNS[span]}",
        "secdown": lambda: f"secondaries fire {lost} levels down {_TURNS[span]}",
        "cap": lambda: ("all power lost" if lost == "0" else f"speed held to {lost} knots") + f" {_TURNS[span]}",
        "course": lambda: "steering gear hit: she runs on course for " + ("a die's turns" if value == "d" else "three dice of inches"),
        "rudder": lambda: "rudder knocked out" if value == "lost" else "rudder damaged: an inch of turn a turn at most",
        "hardover": lambda: f"rudder jammed hard over {_TURNS[value]}",
        "hardover56": lambda: f"on a 5 or 6, rudder jammed hard over {_TURNS[value]}",
        "main56": lambda: "on a 5 or 6, a main turret knocked out",
        "room56": lambda: "on a 5 or 6, an engine room knocked out",
        "fire": lambda: "on fire",
        "bigfire": lambda: f"a fire that does {value} points on a 5 or 6 each turn until it is out",
        "explode": lambda: "she explodes on a 5 or 6",
        "magazine": lambda: f"a magazine explodes: a main turret lost and {value} of her own hits",
        "torpboom": lambda: "her loaded torpedoes may explode",
        "bulkhead": lambda: f"bulkheads failing: {knots_lost(value)} on a 5 or 6 each turn until a 1",
        "sinking": lambda: "losing 5 knots a turn until dead in the water",
        "secq": lambda: "a quarter of the secondaries knocked out",
        "lights": lambda: "searchlights knocked out",
        "aircraft": lambda: "aircraft knocked out",
    }[effect]()


def sentence(colour_: int, white: int, penetrating: bool) -> str:
    """The chart's entry in words, as the firer reads it off the chart (the owner's secret rolls
    behind it, which turret or how many turns, are not in it)."""
    said = [_effect_words(effect, value) for effect, value in entry(colour_, white, penetrating).items()]
    return ", ".join(said) or "no effect"

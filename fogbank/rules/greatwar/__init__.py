"""Great War at Sea, operational: fleets plotted in secret on a zone map, found by contact rolls,
aircraft and rumours, fighting compact battles after the variant's tactical rules."""

from .ruleset import GreatWar

__all__ = ["GreatWar"]

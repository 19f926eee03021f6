"""Salvo: hex-map surface actions (Salvo!'s advanced rules, Salvo II, NWS smoke, seed 004's random
events): fog of war, dummies, radar, starshells, searchlights, smoke, zeppelins."""

from .ruleset import Salvo

__all__ = ["Salvo"]

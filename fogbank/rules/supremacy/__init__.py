"""Supremacy at Sea: gun actions on a table top at 1:12000, orders sealed and carried out at once."""

from .ruleset import Supremacy

__all__ = ["Supremacy"]

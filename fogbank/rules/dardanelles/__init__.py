"""Dardanelles, 1914-15: one submarine against the Straits' mines, searchlights and guns."""

from .bot import policies  # noqa: F401  (registers the players by name)
from .ruleset import Dardanelles

__all__ = ["Dardanelles"]

"""Dardanelles, 1914-15: one submarine against the Straits' mines, searchlights and guns."""

from .ruleset import Dardanelles

__all__ = ["Dardanelles"]

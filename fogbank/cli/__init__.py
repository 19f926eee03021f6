"""The `fogbank` command."""

from .main import main

__all__ = ["main"]

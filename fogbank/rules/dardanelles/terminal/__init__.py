"""The submarine player's terminal client (Textual): `fogbank sub` and `fogbank play`."""

from .app import SubApp

__all__ = ["SubApp"]

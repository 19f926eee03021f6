import pytest

from .sea import load_dice


@pytest.fixture
def dice(monkeypatch):
    """Loaded dice: `dice.set("vision", 2)` makes every vision roll show a 2."""
    return load_dice(monkeypatch)

"""`core.copies.evolve` makes the copy `attrs.evolve` makes, and refuses what it refuses."""

import attrs
import pytest

from fogbank.rules.core.copies import evolve


@attrs.frozen
class Ship:
    name: str
    speed: int = attrs.field(converter=int, validator=attrs.validators.ge(0))
    _hull: int = 4  # a private field: given to __init__ as `hull`
    crew: int = attrs.field(alias="complement", default=100)
    sightings: int = attrs.field(init=False, default=0)


def test_a_copy_is_the_one_attrs_makes():
    ship = Ship("Goeben", 27, hull=6, complement=1053)
    for changes in ({}, {"speed": "12"}, {"hull": 2}, {"complement": 900, "name": "Yavuz"}):
        assert evolve(ship, **changes) == attrs.evolve(ship, **changes)
    assert evolve(ship, speed="12").speed == 12  # the converter ran
    assert evolve(ship) is not ship


def test_validators_run_and_unknown_names_are_refused_as_attrs_refuses_them():
    ship = Ship("Breslau", 27)
    with pytest.raises(ValueError):
        evolve(ship, speed=-1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'armour'"):
        evolve(ship, armour=3)
    with pytest.raises(TypeError):
        attrs.evolve(ship, armour=3)
    with pytest.raises(TypeError, match="sightings"):
        evolve(ship, sightings=1)  # not an __init__ argument, as for attrs.evolve


def test_the_copy_is_unchanged_by_the_changes_given_after():
    ship = Ship("Midilli", 20)
    changes = {"speed": 18}
    copy = evolve(ship, **changes)
    changes["speed"] = 5
    assert copy.speed == 18 and changes == {"speed": 5}

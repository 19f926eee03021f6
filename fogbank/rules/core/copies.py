"""`evolve`: a copy of a frozen value with some fields changed, as `attrs.evolve` makes it.

The rules remake their state every turn, a few to a hundred copies a turn. `attrs.evolve` reads
the class's fields and loops over them on every call; here each class gets, on its first copy, a
function that names its fields outright. The copy is still made by the class's `__init__`, so
validators and converters run as they do with `attrs.evolve`, and a name the class does not take
is refused the same way (TypeError).
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

import attrs

T = TypeVar("T")

_copiers: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def evolve(inst: T, **changes: Any) -> T:
    """`inst` with `changes` (by `__init__` argument name), as `attrs.evolve(inst, **changes)`."""
    cls = inst.__class__
    copier = _copiers.get(cls)
    if copier is None:
        copier = _copiers[cls] = _copier(cls)
    return copier(inst, changes)


def _copier(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    fields = [field for field in attrs.fields(cls) if field.init]
    arguments = "".join(f"        {f.alias}=take({f.alias!r}, inst.{f.name}),\n" for f in fields)
    source = (
        "def copy(inst, changes):\n"
        "    take = changes.pop\n"
        f"    made = cls(\n{arguments}    )\n"
        "    if changes:\n"
        "        raise TypeError(f'{cls.__name__}.__init__() got an unexpected keyword argument {next(iter(changes))!r}')\n"
        "    return made\n"
    )
    namespace: dict[str, Any] = {"cls": cls}
    exec(compile(source, f"<fogbank evolve {cls.__qualname__}>", "exec"), namespace)  # noqa: S102 (our own source)
    return namespace["copy"]

"""Finding the rulesets: the folders beside the core, and installed packages' entry points.

Nothing here names a ruleset: a new one is a new folder of `fogbank.rules` (or a package that
declares an entry point in the group "fogbank.rules"), and the registry finds it.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import pkgutil

ENGINE = {"core", "record"}  # the folders of fogbank.rules that are not rulesets
GROUP = "fogbank.rules"


def import_all() -> None:
    import fogbank.rules as rules

    for found in pkgutil.iter_modules(rules.__path__):
        if found.ispkg and found.name not in ENGINE:
            importlib.import_module(f"{rules.__name__}.{found.name}")
    for entry in importlib.metadata.entry_points(group=GROUP):
        entry.load()

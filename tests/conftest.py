"""Shared test helpers."""

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

# In CI the property tests draw the same examples every run, so a rare case found on a developer's
# machine is fixed and pinned with @example there, and CI judges a change rather than the dice.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


def needs(tool: str, *, also: str | None = None) -> pytest.MarkDecorator:
    """Skip where `tool` is missing on a developer's machine; in CI (CI set) never skip: a test
    that cannot run there must fail, or a missing install would pass unseen."""
    missing = shutil.which(tool) is None and not (also and Path(also).exists())
    return pytest.mark.skipif(
        missing and not os.environ.get("CI"), reason=f"{tool} is not installed (make system-deps)"
    )

"""Files the commands write that hold a game's secrets (seeds, tokens, hidden state)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO


def private_writer(path: Path) -> TextIO:
    """`path` opened for writing text, readable by its owner alone from its first moment, an older
    file of the same name included (O_CREAT leaves an existing file's mode as it was)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)
    return os.fdopen(descriptor, "w")

"""The seat page's tests open it on the same embedded server as the console's (a known seed)."""

from ..console.conftest import SEED, server  # noqa: F401  (server: a fixture)

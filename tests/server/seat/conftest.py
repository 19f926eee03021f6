"""The seat page's tests open it on the same embedded server as the console's (a known seed)."""

import pytest

from ..chromium import browser, open_page  # noqa: F401  (browser: a fixture)
from ..console.conftest import SEED, server  # noqa: F401  (server: a fixture)


@pytest.fixture
async def page(browser):  # noqa: F811
    """One seat's page at 1024x768 (the smallest screen it is made for); any error it logs fails the test."""
    errors: list[str] = []
    yield await open_page(browser, 1024, 768, errors)
    assert not errors, errors

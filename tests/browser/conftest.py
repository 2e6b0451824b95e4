"""The web client in a real browser: Debian's chromium under Playwright (one per module)
against a real server process (one per module).

A module's server is ``web``: the tests' settings with the module's ``SERVER_ENV`` (a dict,
if it has one) over them. ``open_page(language="en", viewport=LAPTOP, reduced_motion=...)``
opens a page in a browser context of its own (another person), at the laptop's screen or the
phone's (browser.LAPTOP, browser.PHONE: 390x844, with touch); after the test, what each page
showed is written to tests/artifacts/, and any error in a page fails the test. The helpers
that read and drive a page are in tests/browser.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Pages
from playwright.sync_api import expect

# What a page is expected to show, it may take this long to show on a machine whose two cores
# run the suite's two workers, their servers and browsers (Playwright's own default, 5 s, was
# once passed by a hand's end that came, on a machine under a load of 16). The pages' own
# timeout is 20 s (browser.Pages); how fast a player is answered is the benches' business.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def chromium():
    """Debian's chromium (never a downloaded browser), one per test module (Playwright's
    sync API runs a loop of its own, which must be gone before the next async test)."""
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: `make test` installs it"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def web(web_server, request):
    """The module's server process."""
    return web_server(**getattr(request.module, "SERVER_ENV", {}))


@pytest.fixture
def open_page(chromium, request):
    """Opens the test's pages (``Pages.open``); writes what they showed, closes them."""
    pages = Pages(chromium)
    yield pages.open
    try:
        pages.dump(ARTIFACTS / f"{request.node.name}.txt")
    finally:
        pages.close()

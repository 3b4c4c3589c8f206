"""Browser fixtures: Debian's Chromium driven by Playwright (never a downloaded browser),
a live server with quick computer players, and screenshots kept under test-artifacts/.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import LiveServer

CHROMIUM = os.environ.get("STAMMTISCH_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"

HERE = Path(__file__).resolve().parent
PATIENCE_MS = 30_000
"""Milliseconds a page's wait may take before the test fails: the browser, the server
and the computer players share a loaded machine's cores with the rest of the suite."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder is a browser test (``-m "not browser"`` leaves it out),
    whether or not its module says so."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


def _chromium_missing() -> str:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        return (f"Debian's chromium is not installed at {CHROMIUM} "
                "(make test installs it with apt-get install -y chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    return ""


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """Chromium for this package only: Playwright's sync API keeps an event loop running
    in the main thread while it lives, and later tests call ``asyncio.run``."""
    missing = _chromium_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    for stale in ARTIFACTS.glob("failed-*.png"):
        stale.unlink()
    with sync_playwright() as playwright:
        path = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
        launched = playwright.chromium.launch(executable_path=path, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("browser") / "tables.db", bot_delay=0.0)
    yield live
    live.stop()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB",
                                  reduced_motion="reduce")
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    if request.node.rep_call.failed if hasattr(request.node, "rep_call") else False:
        shoot(page, f"failed-{request.node.name}")
    context.close()
    assert not errors, errors


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Any:
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def shoot(page: Any, name: str, *, full_page: bool = True) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path

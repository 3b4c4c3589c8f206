"""A flood of like log lines is cut to a few and one line that counts the rest."""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from stammtisch.server import logfilter, main
from stammtisch.server.connections import GuardedH11
from stammtisch.server.logfilter import SERVER_LOGGERS, RepeatFilter, limit_server_logs


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def flood() -> Iterator[tuple[logging.Logger, RepeatFilter, Clock, Lines]]:
    clock = Clock()
    limit = RepeatFilter(limit=5, window=60.0, clock=clock)
    logger = logging.getLogger("stammtisch.test.flood")
    lines = Lines()
    logger.addHandler(lines)
    logger.addFilter(limit)
    logger.propagate = False
    yield logger, limit, clock, lines
    logger.removeHandler(lines)
    logger.removeFilter(limit)


def test_like_lines_are_limited_and_counted(
        flood: tuple[logging.Logger, RepeatFilter, Clock, Lines]) -> None:
    logger, _, clock, lines = flood
    for i in range(1000):
        logger.warning("refused a connection from %s: %s", f"10.0.0.{i % 250}", "too many")
    assert len(lines.lines) == 5
    logger.warning("another kind of line")  # other templates pass on their own count
    assert lines.lines[-1] == "another kind of line"
    clock.now += 61
    logger.warning("refused a connection from %s: %s", "10.0.0.1", "too many")
    assert lines.lines[-2] == ("suppressed 995 similar lines in 60 s: "
                               "refused a connection from %s: %s")
    assert lines.lines[-1] == "refused a connection from 10.0.0.1: too many"


def test_the_count_is_told_even_when_the_flood_stops(
        flood: tuple[logging.Logger, RepeatFilter, Clock, Lines]) -> None:
    logger, _, clock, lines = flood
    for _ in range(8):
        logger.error("accept failed")
    clock.now += 61
    logger.warning("something else")  # any later line brings the report
    assert lines.lines[-2:] == ["suppressed 3 similar lines in 60 s: accept failed",
                                "something else"]
    clock.now += 61
    logger.warning("something else")
    assert lines.lines[-1] == "something else"  # nothing more was suppressed


def test_a_window_that_passes_unflooded_reports_nothing(
        flood: tuple[logging.Logger, RepeatFilter, Clock, Lines]) -> None:
    logger, limit, clock, lines = flood
    for _ in range(5):
        logger.warning("a line")
        clock.now += 20
    assert lines.lines == ["a line"] * 5
    assert len(limit.kinds) <= 1


@pytest.fixture
def fresh_install(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The server loggers' filter as a new process would put it, taken off after."""
    monkeypatch.setattr(logfilter, "_installed", None)
    yield
    for name in SERVER_LOGGERS:
        for found in logging.getLogger(name).filters[:]:
            if isinstance(found, RepeatFilter):
                logging.getLogger(name).removeFilter(found)


@pytest.mark.usefixtures("fresh_install")
def test_serve_limits_the_server_logs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[uvicorn.Config] = []

    def run(server: uvicorn.Server) -> None:
        ran.append(server.config)
        server.started = True

    monkeypatch.setattr(uvicorn.Server, "run", run)
    monkeypatch.setattr(gc, "freeze", lambda: None)  # not for the rest of the tests
    main.serve(db=f"sqlite:///{tmp_path / 'serve.db'}")
    assert isinstance(ran[0].http, type) and issubclass(ran[0].http, GuardedH11)
    installed = limit_server_logs()
    for name in SERVER_LOGGERS:
        assert logging.getLogger(name).filters.count(installed) == 1

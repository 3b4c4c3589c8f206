"""Log lines rate limited, so that a flood of bad connections cannot fill the disk.

:class:`RepeatFilter` lets through at most ``limit`` lines of one kind (the same logger
and message template, whatever the arguments) per ``window`` seconds; the rest are
counted, and once the window is over one line says how many were suppressed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

SERVER_LOGGERS = ("stammtisch.server", "uvicorn.error", "uvicorn.access", "asyncio")
"""The loggers a flood of connections writes to (asyncio: when accept() runs out of
descriptors)."""


@dataclass
class _Kind:
    start: float
    passed: int = 0
    suppressed: int = 0
    level: int = logging.WARNING


class RepeatFilter(logging.Filter):
    """At most ``limit`` lines of one kind per ``window`` seconds, then one summary line."""

    def __init__(self, limit: int = 20, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.limit = limit
        self.window = window
        self.clock = clock
        self.kinds: dict[tuple[str, str], _Kind] = {}
        self.last_sweep = clock()
        self.summarizing = False

    def filter(self, record: logging.LogRecord) -> bool:
        if self.summarizing:
            return True
        now = self.clock()
        if now - self.last_sweep >= self.window:
            self._sweep(now)
        key = (record.name, str(record.msg))
        kind = self.kinds.get(key)
        if kind is None or now - kind.start >= self.window:
            if kind is not None:
                self._summarize(key, kind)
            kind = self.kinds[key] = _Kind(start=now)
        if kind.passed < self.limit:
            kind.passed += 1
            return True
        kind.suppressed += 1
        kind.level = max(kind.level, record.levelno)
        return False

    def _sweep(self, now: float) -> None:
        """Report and forget the kinds whose window is over."""
        self.last_sweep = now
        over = [(key, kind) for key, kind in self.kinds.items() if now - kind.start >= self.window]
        for key, kind in over:
            del self.kinds[key]
            self._summarize(key, kind)

    def _summarize(self, key: tuple[str, str], kind: _Kind) -> None:
        if not kind.suppressed:
            return
        name, template = key
        record = logging.LogRecord(
            name, kind.level, __file__, 0,
            "suppressed %d similar lines in %g s: %s", (kind.suppressed, self.window, template),
            None)
        self.summarizing = True
        try:
            logging.getLogger(name).handle(record)
        finally:
            self.summarizing = False


_installed: RepeatFilter | None = None


def limit_server_logs() -> RepeatFilter:
    """Put one :class:`RepeatFilter` on the server's loggers (once per process)."""
    global _installed
    if _installed is None:
        _installed = RepeatFilter()
        for name in SERVER_LOGGERS:
            logging.getLogger(name).addFilter(_installed)
    return _installed
